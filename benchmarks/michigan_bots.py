"""The basic Michigan bot against random ones: one basic bot among three random bots over many
seeded 4-player deals (one deal per game), the basic bot's seat rotating so that it deals, leads
first and sits in between equally often. Reports the mean chips won or lost in a deal by the
basic bot and by each random bot, the random bots named by where they sit from the basic bot
(its left first).

    python benchmarks/michigan_bots.py [deals]
"""

from __future__ import annotations

from _common import report

import engine


def compare(deals: int, players: int = 4) -> dict:
    basic, randoms = 0, [0] * (players - 1)
    start = engine.GAMES["michigan"].OPTIONS["chips"][0]
    for seed in range(deals):
        seat = seed % players
        bots = [
            engine.make_bot("michigan", "basic" if k == seat else "random", seed=seed * 8 + k)
            for k in range(players)
        ]
        state = engine.new_game("michigan", players=players, seed=seed, deals=1)
        won = [c - start for c in engine.play(state, bots).returns()]
        basic += won[seat]
        others = [won[(seat + j) % players] for j in range(1, players)]  # from its left
        randoms = [r + w for r, w in zip(randoms, others, strict=True)]
    return {
        "deals": deals,
        "basic_mean_chips": round(basic / deals, 2),
        "random_means_from_its_left": [round(r / deals, 2) for r in randoms],
    }


def line(r: dict) -> str:
    rand = sum(r["random_means_from_its_left"]) / len(r["random_means_from_its_left"])
    return (
        f"the basic bot wins {r['basic_mean_chips']:+.2f} chips a deal, a random bot "
        f"{rand:+.2f}: {r['basic_mean_chips'] - rand:.2f} chips a deal between them"
    )


if __name__ == "__main__":
    report(compare, 1000, line)
