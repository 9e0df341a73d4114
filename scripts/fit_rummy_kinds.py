"""Fit rummy's ``OVERSTATED`` (``engine/rummy/expert.py``, written to ``engine/rummy/kinds.json``):
the points the expert's value of a move still over-states what the mover makes by the deal's
end, by the mover's kind and by the kinds of the others seated, when the expert is told the
players.

Games at mixed two-player tables (each seat an expert, a basic, a random or a noisy bot, drawn
by the game's seed as ``benchmarks/standing.py`` draws them; the noisy bot is the coach's
``"human"``), one deal each: at every decision with a choice, the value the told expert shows
for the move played and the points the mover made by the deal's end (the settlement). A drop
and a wrong show are left out (their values are exact: the correction leaves them alone). The
shown less made of each decision is fitted by least squares to a number per pairing of the
mover's kind with another seat's kind, the mean over the other seats taken (16 numbers).

The told values are floored (a hand played on never below a drop, but a random mover's:
``UNFLOORED``; the best hand kept never below what a deal can cost), so taking a number off does
not lower every value shown by as much: the fit is made in
``--passes`` rounds, each collecting the games again with the table so far and adding the
least-squares fit of what is still over-stated. The last round's numbers carry 95% intervals
by resampling its games.

With ``--start`` (an earlier output of this script), the passes begin from that fit's table
instead of none, and the output keeps the earlier fit's record (``start``): more passes on
more deals, without collecting the earlier passes again.

Seeds 61,000,000 and up, apart from the standing benchmark's (960,000,000 up). Same arguments,
same numbers. The committed table (issue 35, round six: a fourth pass on twice the deals, the
2,000 of the first three and 2,000 more, each pairing's number then measured on 4,000 deals):

    nice -n 10 python scripts/fit_rummy_kinds.py --games 2000 --passes 3 --out first.json
    nice -n 10 python scripts/fit_rummy_kinds.py --start first.json --games 4000 --passes 1

    nice -n 10 python scripts/fit_rummy_kinds.py [--games 2000] [--passes 3] [--jobs 1]
        [--start FIT.json] [--cache benchmarks/.cache] [--out engine/rummy/kinds.json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import as_coach_sees, collected, pairing_design, pairing_interval, played_on
from standing import made, table

from engine.bots import HUMAN
from engine.rummy.actions import Declare, Drop
from engine.rummy.expert import KINDS_FIT, ExpertBot

SEEDS = 61_000_000
KINDS = ("expert", "basic", "random", HUMAN)
RESAMPLES = 1000
Table = Mapping[str, Mapping[str, float]]


def decisions(seed: int, overstated: Table) -> list[dict[str, Any]]:
    """One mixed table's deal: every decision with a choice whose value is not exact, as the
    value the expert told the players (and ``overstated``) shows for the move played, the
    points the mover made by the deal's end, the mover and the kinds seated."""
    state, bots, kinds = table("rummy", seed)
    players = as_coach_sees(kinds)
    coach = ExpertBot(players=players)
    coach.overstated = overstated
    rng = random.Random(f"rummy kinds:{seed}")
    shown: list[tuple[int, float, Any]] = []

    def note(seat: int, state: Any, action: Any) -> None:
        judged = coach.advise(state).judged(action)
        exact = isinstance(action, Drop) or (
            isinstance(action, Declare) and judged.detail == "a wrong show"
        )
        if not exact:
            shown.append((seat, judged.value, state))

    state = played_on(state, bots, rng, note)
    return [
        {"shown": v, "made": made("rummy", then, state, s), "seat": s, "kinds": players}
        | {"game": seed}
        for s, v, then in shown
    ]


def as_table(coef: Any) -> dict[str, dict[str, float]]:
    """The 16 numbers as ``OVERSTATED[mover][other]``."""
    return {
        m: {o: round(float(coef[len(KINDS) * i + j]), 2) for j, o in enumerate(KINDS)}
        for i, m in enumerate(KINDS)
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--out", type=Path, default=KINDS_FIT)
    parser.add_argument("--start", type=Path, help="an earlier fit to begin from")
    args = parser.parse_args()
    seeds = range(SEEDS, SEEDS + args.games)
    start = json.loads(args.start.read_text()) if args.start else None
    total = np.zeros(len(KINDS) ** 2)
    if start:
        table = start["overstated"]
        total += [table[m][o] for m in KINDS for o in KINDS]
    name = "rummy_kinds" + (f"_after{start['passes']}x{start['games']}" if start else "")
    for k in range(1, args.passes + 1):
        so_far = as_table(total)
        per_game = partial(decisions, overstated=so_far)
        data = collected(f"{name}_pass{k}", seeds, per_game, args.cache, args.jobs)
        x, y = pairing_design(data, KINDS)
        print(f"pass {k}: {len(data):,} decisions; mean shown less made {y.mean():+.2f}")
        step = np.linalg.lstsq(x, y, rcond=None)[0]
        total = total + step
    games = np.array([r["game"] for r in data])
    low, high = pairing_interval(x, y, games, RESAMPLES)  # the last pass's step, resampled
    low, high = total - step + low, total - step + high
    counts = x.astype(bool).sum(axis=0)
    for i, (m, o) in enumerate((m, o) for m in KINDS for o in KINDS):
        print(f"{m} among {o}: {total[i]:+.2f} ({low[i]:+.2f} to {high[i]:+.2f}), {counts[i]:,}")
    fitted = as_table(total)
    out = {
        "script": "scripts/fit_rummy_kinds.py",
        "games": args.games,
        "seeds": [seeds.start, seeds.stop - 1],
        "passes": args.passes,
        "decisions": len(data),
        "overstated": fitted,
        "low": as_table(low),
        "high": as_table(high),
    } | ({"start": {k: v for k, v in start.items() if k not in ("low", "high")}} if start else {})
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print("OVERSTATED =", fitted)


if __name__ == "__main__":
    main()
