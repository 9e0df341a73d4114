"""Throughput of the plates engine: random playouts of full 4-player games.

Reported as games per second and actions per second, and as a ratio against a baseline
measured in the same run on the same machine: one pure-Python "deal" (shuffle 50 cards and
split them into hands) — so the figure means the same on a slow laptop and a fast server.

    python benchmarks/plates_playouts.py [games]
"""

from __future__ import annotations

import json
import sys
import time

from _common import baseline_deal

import engine


def playouts(games: int) -> tuple[float, int]:
    """Seconds for ``games`` seeded random-bot games, and the actions applied."""
    actions = 0
    t0 = time.perf_counter()
    for seed in range(games):
        bots = [engine.make_bot("plates", "random", seed=seed * 4 + k) for k in range(4)]
        final = engine.play(engine.new_game("plates", players=4, seed=seed), bots)
        actions += len(final.history)
    return time.perf_counter() - t0, actions


def main(games: int = 500) -> dict:
    deal = baseline_deal(20_000, 50, 6, 8)
    seconds, actions = playouts(games)
    per_game = seconds / games
    result = {
        "games": games,
        "games_per_s": round(games / seconds, 1),
        "actions_per_s": round(actions / seconds),
        "actions_per_game": round(actions / games, 1),
        "baseline_deal_us": round(deal * 1e6, 2),
        "game_in_baseline_deals": round(per_game / deal, 1),
    }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
