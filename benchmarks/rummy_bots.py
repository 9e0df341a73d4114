"""The basic rummy bot against random ones: one basic bot among three random bots over many
seeded 4-player deals, the basic bot's seat rotating. Reports the mean points each kind of bot
loses per deal (before settlement) and its mean settlement (what it wins or pays).

    python benchmarks/rummy_bots.py [deals]
"""

from __future__ import annotations

from collections import Counter

from _common import report

import engine


def compare(deals: int) -> dict:
    lost = {"basic": 0, "random": 0}
    settled = {"basic": 0, "random": 0}
    basic_ends = Counter()
    for seed in range(deals):
        seat = seed % 4
        bots = [
            engine.make_bot("rummy", "basic" if k == seat else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        end = engine.play(engine.new_game("rummy", players=4, seed=seed), bots)
        ret = end.returns()
        for k in range(4):
            kind = "basic" if k == seat else "random"
            lost[kind] += end.result.lost[k]
            settled[kind] += ret[k]
        basic_ends[end.result.reasons[seat]] += 1
    return {
        "deals": deals,
        "basic_mean_points_lost": round(lost["basic"] / deals, 2),
        "random_mean_points_lost": round(lost["random"] / (3 * deals), 2),
        "basic_mean_settlement": round(settled["basic"] / deals, 2),
        "random_mean_settlement": round(settled["random"] / (3 * deals), 2),
        "basic_outcomes": dict(basic_ends.most_common(6)),
    }


def line(r: dict) -> str:
    basic, rand = r["basic_mean_points_lost"], r["random_mean_points_lost"]
    return (
        f"the basic bot loses {basic:.2f} points a deal, a random bot {rand:.2f}: "
        f"{rand / basic:.0f}x fewer"
    )


if __name__ == "__main__":
    report(compare, 1000, line)
