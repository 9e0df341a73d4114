"""Throughput of the Michigan engine: 4-player one-deal games between random bots, and the same
deals between basic bots.

Reported in CPU time as deals and actions per second, and as the cost of one deal in baseline
deals (shuffle 52 cards and cut five sorted hands of ten), timed in rounds alternating with
the games (see _common.py), so the figure means the same on a slow laptop and a fast server.

    python benchmarks/michigan_playouts.py [deals]
"""

from __future__ import annotations

import sys

from _common import baseline_deal, headline, playouts

import engine

ROUNDS = 10
DEALS = 2_000  # baseline deals a round


def main(deals: int = 500) -> dict:
    result, lines = {}, []
    for level in ("random", "basic"):

        def game(seed: int, level: str = level) -> tuple[int, int]:
            bots = [engine.make_bot("michigan", level, seed=seed * 4 + s) for s in range(4)]
            state = engine.new_game("michigan", players=4, seed=seed, deals=1)
            return len(engine.play(state, bots).history), 1

        r = result[level] = playouts(ROUNDS, DEALS, baseline_deal(52, 5, 10), deals // ROUNDS, game)
        low, high = r["rounds_low_high"]
        lines.append(f"{level} bots: one deal = {r['game_in_baseline_deals']} deals ({low}-{high})")
    headline("michigan_playouts", "; ".join(lines), result)
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
