"""What the fit scripts of a coach's ``OVERSTATED`` share (``fit_rummy_kinds.py``,
``fit_michigan_kinds.py``): collect the decisions of mixed tables with the coach told the
players, fit the value shown less what the mover made by least squares to a number per pairing
of the mover's kind with another seat's kind (the mean over the other seats taken: 16
numbers), in passes, and write the table with each number's 95% interval by resampling the
games (the last pass's) as JSON.

A pass collects the games again with the table so far and adds the fit of what is still
over-stated: where the values are floored (rummy's), taking a number off does not lower every
value by as much, and passes close the gap; where nothing is floored (Michigan's), one pass is
the fit. ``--start`` begins from an earlier output of the script (its record kept, ``start``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import as_coach_sees, collected, pairing_design, pairing_interval
from standing import first_deal, made

from engine.bots import HUMAN, Overstated

KINDS = ("expert", "basic", "random", HUMAN)
RESAMPLES = 1000
Decisions = Callable[[int, Overstated], list[dict[str, Any]]]
"""A game's seed and the table so far -> its decisions' rows (``told``)."""


def told(
    game: str,
    seed: int,
    overstated: Overstated,
    expert: Callable[[tuple[str, ...]], Any],
    exact: Callable[[Any, Any], bool] = lambda advice, action: False,
) -> list[dict[str, Any]]:
    """One mixed table's first deal (``standing.first_deal``, chance from the stream
    "<game> kinds:<seed>"): every decision with a choice whose value is not ``exact``, as the
    value the coach (``expert(players)``, told the players and given ``overstated``) shows for
    the move played, the points or chips the mover made by the deal's end, the mover and the
    kinds seated (as the coach sees them), the game."""

    def coach_for(kinds: tuple[str, ...]) -> Any:
        coach = expert(as_coach_sees(kinds))
        coach.overstated = overstated
        return coach

    kinds, asked, end = first_deal(game, seed, f"{game} kinds:{seed}", coach_for)
    players = as_coach_sees(kinds)
    rows = []
    for seat, advice, then, action in asked:
        if not exact(advice, action):
            shown = {"shown": advice.judged(action).value, "made": made(game, then, end, seat)}
            rows.append(shown | {"seat": seat, "kinds": players, "game": seed})
    return rows


def as_table(coef: Any) -> dict[str, dict[str, float]]:
    """The 16 numbers as ``OVERSTATED[mover][other]``."""
    return {
        m: {o: round(float(coef[len(KINDS) * i + j]), 2) for j, o in enumerate(KINDS)}
        for i, m in enumerate(KINDS)
    }


def by_others(x: Any) -> Any:
    """``pairing_design``'s features summed over the mover's kinds: the share of each kind
    among the other seats (a fit whose number for a pairing is the other seat's kind's alone,
    every mover's row the same)."""
    return x.reshape(len(x), len(KINDS), len(KINDS)).sum(axis=1)


def main(
    game: str,
    seeds_from: int,
    decisions: Decisions,
    out: Path,
    games: int,
    passes: int,
    shared: bool = False,
) -> None:
    """The script's command line (``--games``, ``--passes``, ``--jobs``, ``--cache``,
    ``--out``, ``--start``) and the fit; ``shared``: a number per kind of other seat, the
    same for every kind of mover (``by_others``: 4 numbers, not 16)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--passes", type=int, default=passes)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument("--start", type=Path, help="an earlier fit to begin from")
    args = parser.parse_args()
    seeds = range(seeds_from, seeds_from + args.games)
    start = json.loads(args.start.read_text()) if args.start else None
    total = np.zeros(len(KINDS) ** 2)
    if start:
        table = start["overstated"]
        total += [table[m][o] for m in KINDS for o in KINDS]

    def spread(numbers: Any) -> Any:  # the fit's numbers as the 16 of the table
        return np.tile(numbers, len(KINDS)) if shared else numbers

    name = f"{game}_kinds" + (f"_after{start['passes']}x{start['games']}" if start else "")
    for k in range(1, args.passes + 1):
        per_game = partial(decisions, overstated=as_table(total))
        data = collected(f"{name}_pass{k}", seeds, per_game, args.cache, args.jobs)
        x, y = pairing_design(data, KINDS)
        if shared:
            x = by_others(x)
        print(f"pass {k}: {len(data):,} decisions; mean shown less made {y.mean():+.2f}")
        step = spread(np.linalg.lstsq(x, y, rcond=None)[0])
        total = total + step
    games_of = np.array([r["game"] for r in data])
    low, high = map(spread, pairing_interval(x, y, games_of, RESAMPLES))  # the last step's
    low, high = total - step + low, total - step + high
    counts = spread(x.astype(bool).sum(axis=0))
    for i, (m, o) in enumerate((m, o) for m in KINDS for o in KINDS):
        print(f"{m} among {o}: {total[i]:+.2f} ({low[i]:+.2f} to {high[i]:+.2f}), {counts[i]:,}")
    fitted = as_table(total)
    record = {
        "script": f"scripts/fit_{game}_kinds.py",
        "games": args.games,
        "seeds": [seeds.start, seeds.stop - 1],
        "passes": args.passes,
        "decisions": len(data),
        "by": "the other seat's kind alone" if shared else "the mover's and the other seat's kinds",
        "overstated": fitted,
        "low": as_table(low),
        "high": as_table(high),
    }
    if start:
        record["start"] = {k: v for k, v in start.items() if k not in ("low", "high")}
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print("OVERSTATED =", fitted)
