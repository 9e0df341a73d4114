"""The rummy expert against basic, checked apart from the tournament code: each seeded
two-player deal played by ``engine.play`` in both seatings (the same cards: duplicate), the
expert's own return per seat a deal and its share of the deals won, each with a 95% interval,
how its seats' deals ended (won, first drop, count), and in how many deals it won both
seatings (so it won from the seat basic lost from), neither, or one (the cards decided).
``rummy_expert.py`` measures the same through ``classplay.tournament.play_match``, whose
margin is twice this return (the two seats' returns differ in sign).

A setting of ``engine.rummy.expert`` may be replaced for an ablation, as JSON:

    python benchmarks/rummy_duel.py [deals] [first seed] ['{"NOT_YET": 2.0}']
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import engine
import engine.rummy.expert as expert_module

WORKERS = 2


def deal(job: tuple[int, dict[str, Any]]) -> list[tuple[int, bool, str]]:
    """(the expert's return, whether it won, how its seat's deal ended) in both seatings."""
    seed, settings = job
    for name, value in settings.items():
        setattr(expert_module, name, value)
    out = []
    for lineup in (("expert", "basic"), ("basic", "expert")):
        bots = [
            engine.make_bot("rummy", level, seed=seed * 2 + i) for i, level in enumerate(lineup)
        ]
        end = engine.play(engine.new_game("rummy", players=2, seed=seed), bots)
        me = lineup.index("expert")
        result = end.result
        why = "won" if result.winner == me else result.reasons[me].split(" ")[0]
        out.append((end.returns()[me], result.winner == me, why))
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return round(mean, 3), round(mean - half, 3), round(mean + half, 3)


def main(deals: int = 200, first: int = 10_000, settings: dict[str, Any] | None = None) -> dict:
    jobs = [(k, settings or {}) for k in range(first, first + deals)]
    with ProcessPoolExecutor(WORKERS) as pool:
        played = list(pool.map(deal, jobs, chunksize=4))
    points = [statistics.fmean(r for r, _, _ in both) for both in played]
    wins = [statistics.fmean(w for _, w, _ in both) for both in played]
    return {
        "deals": deals,
        "first_seed": first,
        "settings": settings or {},
        "expert_points_per_seat": interval(points),
        "expert_share_of_deals_won": interval(wins),
        "expert_seats_ended": dict(Counter(why for both in played for _, _, why in both)),
        "deals_the_expert_won": dict(Counter(_won_in(both) for both in played)),
    }


def _won_in(both: list[tuple[int, bool, str]]) -> str:
    """Which of a deal's two seatings the expert won: "both" (where basic, in the same seat,
    lost), "neither", or one ("one": the seat decided it, whoever sat there)."""
    won = sum(w for _, w, _ in both)
    return ("neither", "one", "both")[won]


if __name__ == "__main__":
    args = sys.argv[1:]
    print(
        json.dumps(
            main(
                int(args[0]) if args else 200,
                int(args[1]) if len(args) > 1 else 10_000,
                json.loads(args[2]) if len(args) > 2 else None,
            )
        )
    )
