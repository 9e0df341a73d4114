"""Throughput of the Rupees engine: random-bot playouts of full games to the target, for 4, 6
and 8 players (the protocol test plays 12 such games per player count).

Reported in CPU time as milliseconds per game and actions per second, and as the cost of one
game in baseline deals (shuffle the 55 cards and cut four 13-card hands), timed in rounds
alternating with the games (see _common.py).

    python benchmarks/rupees_playouts.py [games]
"""

from __future__ import annotations

import sys

from _common import baseline_deal, headline, playouts

import engine

ROUNDS = 10
DEALS = 2_000  # baseline deals a round


def main(games: int = 100) -> dict:
    result, lines = {}, []
    for players in (4, 6, 8):

        def game(seed: int, players: int = players) -> tuple[int, int]:
            bots = [engine.make_bot("rupees", "random", seed=seed * 10 + s) for s in range(players)]
            final = engine.play(engine.new_game("rupees", players=players, seed=seed), bots)
            return len(final.history), len(final.results)

        per_round = max(games // ROUNDS, 1)
        r = result[f"{players}p"] = playouts(
            ROUNDS, DEALS, baseline_deal(55, 4, 13), per_round, game
        )
        low, high = r["rounds_low_high"]
        ratio = r["game_in_baseline_deals"]
        lines.append(f"{players} players: one game = {ratio:,.0f} deals ({low:,.0f}-{high:,.0f})")
    headline("rupees_playouts", "; ".join(lines), result)
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
