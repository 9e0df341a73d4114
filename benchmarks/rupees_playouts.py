"""Throughput of the Rupees engine: random-bot playouts of full games to the target, for 4, 6
and 8 players (the protocol test plays 12 such games per player count).

Reported as seconds per game and actions per second, and as a ratio against a baseline
measured in the same run: one pure-Python deal (shuffle the 55 cards and cut four 13-card
hands), so the figure means the same on a slow laptop and a fast server.

    python benchmarks/rupees_playouts.py [games]
"""

from __future__ import annotations

import json
import sys
import time

from _common import baseline_deal

import engine


def playouts(players: int, games: int) -> tuple[float, int, int]:
    """Seconds for ``games`` seeded random-bot games; the actions and hands played."""
    actions = hands = 0
    t0 = time.perf_counter()
    for seed in range(games):
        bots = [engine.make_bot("rupees", "random", seed=seed * 10 + k) for k in range(players)]
        final = engine.play(engine.new_game("rupees", players=players, seed=seed), bots)
        actions += len(final.history)
        hands += len(final.results)
    return time.perf_counter() - t0, actions, hands


def main(games: int = 100) -> dict:
    deal = baseline_deal(20_000, 55, 4, 13)
    result: dict = {"games_per_player_count": games, "baseline_deal_us": round(deal * 1e6, 2)}
    for players in (4, 6, 8):
        seconds, actions, hands = playouts(players, games)
        per_game = seconds / games
        result[f"{players}p"] = {
            "ms_per_game": round(per_game * 1000, 1),
            "hands_per_game": round(hands / games, 1),
            "actions_per_game": round(actions / games, 1),
            "actions_per_s": round(actions / seconds),
            "game_in_baseline_deals": round(per_game / deal),
        }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
