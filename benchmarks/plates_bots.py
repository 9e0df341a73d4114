"""The basic plates bot against random ones: one basic bot among three random bots over many
seeded 4-player games, the basic bot's seat rotating. Reports the basic bot's mean money and
each random bot's, the random bots named by where they sit from the basic bot (its left first).

    python benchmarks/plates_bots.py [games]
"""

from __future__ import annotations

from _common import report

import engine


def compare(games: int) -> dict:
    basic, randoms = 0, [0, 0, 0]
    for seed in range(games):
        seat = seed % 4
        bots = [
            engine.make_bot("plates", "basic" if k == seat else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        money = engine.play(engine.new_game("plates", players=4, seed=seed), bots).returns()
        basic += money[seat]
        others = [money[(seat + j) % 4] for j in (1, 2, 3)]  # from its left
        randoms = [r + m for r, m in zip(randoms, others, strict=True)]
    return {
        "games": games,
        "basic_mean": round(basic / games, 2),
        "random_means_from_its_left": [round(r / games, 2) for r in randoms],
        "start_money": 300,
    }


def line(r: dict) -> str:
    rand = sum(r["random_means_from_its_left"]) / 3
    return (
        f"the basic bot ends with ${r['basic_mean']:.0f} on average, a random bot with "
        f"${rand:.0f}: {r['basic_mean'] / rand:.2f}x (each starts with $300)"
    )


if __name__ == "__main__":
    report(compare, 2000, line)
