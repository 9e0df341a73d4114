"""The basic India bot against random ones: one basic bot among three random bots over 300
seeded 4-player games (unless told otherwise), the basic bot's seat rotating (so first-throw
advantage evens out). Reports the basic bot's share of wins; a quarter is what chance gives.

    python benchmarks/india_bots.py [games]
"""

from __future__ import annotations

from _common import report

import engine


def compare(games: int) -> dict:
    wins = 0
    random_wins = [0, 0, 0]
    for seed in range(games):
        seat = seed % 4
        bots = [
            engine.make_bot("india", "basic" if k == seat else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        winner = engine.play(engine.new_game("india", players=4, seed=seed), bots).winners()[0]
        wins += winner == seat
        if winner != seat:
            random_wins[(winner - seat) % 4 - 1] += 1
    return {
        "games": games,
        "basic_win_share": round(wins / games, 3),
        "random_win_shares_from_its_left": [round(w / games, 3) for w in random_wins],
        "chance_share": 0.25,
    }


def line(r: dict) -> str:
    share = r["basic_win_share"]
    return f"the basic bot wins {share:.3f} of the games, {share / 0.25:.1f}x a quarter (chance)"


if __name__ == "__main__":
    report(compare, 300, line)
