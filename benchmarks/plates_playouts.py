"""Throughput of the plates engine: random playouts of full 4-player games.

Reported in CPU time as games and actions per second, and as the cost of one game in baseline
deals (shuffle 50 cards and split them into hands), timed in rounds alternating with the games
(see _common.py), so the figure means the same on a slow laptop and a fast server.

    python benchmarks/plates_playouts.py [games]
"""

from __future__ import annotations

import sys

from _common import baseline_deal, headline, playouts

import engine

ROUNDS = 10
DEALS = 2_000  # baseline deals a round


def game(seed: int) -> tuple[int, int]:
    bots = [engine.make_bot("plates", "random", seed=seed * 4 + s) for s in range(4)]
    return len(engine.play(engine.new_game("plates", players=4, seed=seed), bots).history), 1


def main(games: int = 500) -> dict:
    r = playouts(ROUNDS, DEALS, baseline_deal(50, 6, 8), games // ROUNDS, game)
    low, high = r["rounds_low_high"]
    headline(
        "plates_playouts",
        f"{r['games_per_cpu_s']:,} games per CPU second; one game = "
        f"{r['game_in_baseline_deals']} baseline deals ({ROUNDS} interleaved rounds: {low}-{high})",
        r,
    )
    return r


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
