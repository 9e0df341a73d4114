"""Throughput of the Michigan engine: random playouts of 4-player deals, and the same deals
between basic bots.

Reported as deals per second and actions per second, and as a ratio against a baseline measured
in the same run on the same machine: one pure-Python deal (shuffle 52 cards and cut five sorted
hands of ten) — so the figure means the same on a slow laptop and a fast server.

    python benchmarks/michigan_playouts.py [deals]
"""

from __future__ import annotations

import json
import sys
import time

from _common import baseline_deal

import engine


def playouts(deals: int, level: str) -> tuple[float, int]:
    """Seconds for ``deals`` seeded one-deal games between bots of ``level``, and the actions."""
    actions = 0
    t0 = time.perf_counter()
    for seed in range(deals):
        bots = [engine.make_bot("michigan", level, seed=seed * 4 + k) for k in range(4)]
        final = engine.play(engine.new_game("michigan", players=4, seed=seed, deals=1), bots)
        actions += len(final.history)
    return time.perf_counter() - t0, actions


def main(deals: int = 500) -> dict:
    base = baseline_deal(20_000, 52, 5, 10)
    result: dict = {"deals": deals, "baseline_deal_us": round(base * 1e6, 2)}
    for level in ("random", "basic"):
        seconds, actions = playouts(deals, level)
        result[level] = {
            "deals_per_s": round(deals / seconds, 1),
            "actions_per_s": round(actions / seconds),
            "actions_per_deal": round(actions / deals, 1),
            "deal_in_baseline_deals": round(seconds / deals / base, 1),
        }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
