"""What the fit scripts of a coach's ``OVERSTATED`` share (``fit_rummy_kinds.py``,
``fit_michigan_kinds.py``, ``fit_rupees_kinds.py``): collect the decisions of mixed tables
with the coach told the players, fit the value shown less what the mover made by least squares
to a number per pairing of the mover's kind with another seat's kind (the mean over the other
seats taken: 16 numbers; or each pairing's the sum of a number for the other's kind and one
for the mover's, and one more per part the mover plays in the hand: ``fit_rupees_kinds.py``;
or the 16 apart for each part of a turn: ``fit_rummy_kinds.py``),
in passes, and write the table with each number's 95% interval by resampling the games (the
last pass's) as JSON.

A pass collects the games again with the table so far and adds the fit of what is still
over-stated: where the values are floored (rummy's), taking a number off does not lower every
value by as much, and passes close the gap; where nothing is floored (Michigan's), one pass is
the fit. ``--start`` begins from an earlier output of the script (its record kept, ``start``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import as_coach_sees, collected, pairing_design, resampled
from standing import first_deal, made

from engine.bots import HUMAN, Overstated

KINDS = ("expert", "basic", "random", HUMAN)
RESAMPLES = 1000
Decisions = Callable[..., list[dict[str, Any]]]
"""A game's seed and the numbers so far (``overstated``, and ``by_part`` with parts) -> its
decisions' rows (``told``)."""


def told(
    game: str,
    seed: int,
    overstated: Overstated | Mapping[str, Overstated],
    expert: Callable[[tuple[str, ...]], Any],
    exact: Callable[[Any, Any], bool] = lambda advice, action: False,
    part: Callable[[Any, int], str] | None = None,
    by_part: dict[str, float] | None = None,
) -> list[dict[str, Any]]:
    """One mixed table's first deal (``standing.first_deal``, chance from the stream
    "<game> kinds:<seed>"): every decision with a choice whose value is not ``exact``, as the
    value the coach (``expert(players)``, told the players and given ``overstated``) shows for
    the move played, the points or chips the mover made by the deal's end, the mover and the
    kinds seated (as the coach sees them), the game; with ``part``, the part the mover plays
    (``part(state, seat)``), the coach given the parts' numbers so far (``by_part``)."""

    def coach_for(kinds: tuple[str, ...]) -> Any:
        coach = expert(as_coach_sees(kinds))
        coach.overstated = overstated
        if by_part is not None:
            coach.by_part = by_part
        return coach

    kinds, asked, end = first_deal(game, seed, f"{game} kinds:{seed}", coach_for)
    players = as_coach_sees(kinds)
    rows = []
    for seat, advice, then, action in asked:
        if not exact(advice, action):
            shown = {"shown": advice.judged(action).value, "made": made(game, then, end, seat)}
            rows.append(shown | {"seat": seat, "kinds": players, "game": seed})
            if part is not None:
                rows[-1]["part"] = part(then, seat)
    return rows


def every_layout(advice: Any, action: Any) -> bool:
    """``told``'s ``exact`` for a coach whose values are exact where every layout was played
    out (``advice.exact``): the correction leaves those alone (Michigan's, Rupees')."""
    return bool(advice.exact)


def as_table(coef: Any) -> dict[str, dict[str, float]]:
    """The 16 numbers as ``OVERSTATED[mover][other]``."""
    return {
        m: {o: round(float(coef[len(KINDS) * i + j]), 2) for j, o in enumerate(KINDS)}
        for i, m in enumerate(KINDS)
    }


def features(
    data: list[dict[str, Any]], additive: bool, parts: tuple[str, ...], apart: tuple[str, ...] = ()
) -> Any:
    """Each decision's features (``pairing_design``'s, a number per pairing) and its shown
    less made. ``additive``: a number per kind of other seat (the share of each among the
    other seats) plus one per kind of mover but the first (every pairing's number their sum:
    7, not 16); ``parts``: one more per part the mover plays in the hand but the first
    (each row's ``"part"``); ``apart``: the 16 again for each part (a table each)."""
    x, y = pairing_design(data, KINDS)
    n = len(KINDS)
    if additive:
        pairs = x.reshape(len(x), n, n)
        x = np.hstack([pairs.sum(axis=1), pairs.sum(axis=2)[:, 1:]])
    if parts:
        x = np.hstack([x, [[r["part"] == p for p in parts[1:]] for r in data]])
    if apart:
        x = np.hstack([x * np.array([r["part"] == p for r in data])[:, None] for p in apart])
    return x, y


def numbers(coef: Any, additive: bool, parts: tuple[str, ...]) -> Any:
    """A fit's coefficients as the numbers the record keeps: the 16 pairings' (mover by
    other, ``as_table``'s order; with ``apart``, each part's in turn), then each part's (the
    first's 0)."""
    n = len(KINDS)
    if additive:
        others, movers = coef[:n], np.concatenate([[0.0], coef[n : 2 * n - 1]])
        pairs = (movers[:, None] + others[None, :]).ravel()
    else:
        pairs = coef[: len(coef) - max(len(parts) - 1, 0)]
    return np.concatenate([pairs, [0.0], coef[len(coef) - len(parts) + 1 :]] if parts else [pairs])


def main(
    game: str,
    seeds_from: int,
    decisions: Decisions,
    out: Path,
    games: int,
    passes: int,
    additive: bool = False,
    parts: tuple[str, ...] = (),
    apart: tuple[str, ...] = (),
) -> None:
    """The script's command line (``--games``, ``--passes``, ``--jobs``, ``--cache``,
    ``--out``, ``--start``) and the fit (``features``: ``additive``, ``parts``, then
    ``decisions`` is also given the parts' numbers so far, ``by_part``; or ``apart``, then
    ``overstated`` is a table per part)."""
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
    tables = apart or ("",)
    pairings = len(KINDS) ** 2 * len(tables)
    total = np.zeros(pairings + len(parts))
    if start:
        table, by_part = start["overstated"], start.get("by_part", {})  # no parts yet: 0
        each = [table if "expert" in table else table[p] for p in tables]  # one: every part's
        total += [t[m][o] for t in each for m in KINDS for o in KINDS]
        total[pairings:] += [by_part.get(p, 0.0) for p in parts]

    def so_far(at: Any) -> dict[str, Any]:  # the numbers as ``decisions`` takes them
        each = [as_table(at[i * len(KINDS) ** 2 :]) for i in range(len(tables))]
        overstated = dict(zip(apart, each, strict=True)) if apart else each[0]
        by_part = {p: round(float(v), 2) for p, v in zip(parts, at[pairings:], strict=True)}
        return {"overstated": overstated} | ({"by_part": by_part} if parts else {})

    name = f"{game}_kinds" + (f"_after{start['passes']}x{start['games']}" if start else "")
    for k in range(1, args.passes + 1):
        per_game = partial(decisions, **so_far(total))
        data = collected(f"{name}_pass{k}", seeds, per_game, args.cache, args.jobs)
        x, y = features(data, additive, parts, apart)
        print(f"pass {k}: {len(data):,} decisions; mean shown less made {y.mean():+.2f}")
        step = numbers(np.linalg.lstsq(x, y, rcond=None)[0], additive, parts)
        total = total + step
    games_of = np.array([r["game"] for r in data])
    boots = [numbers(b, additive, parts) for b in resampled(x, y, games_of, RESAMPLES)]
    low, high = total - step + np.percentile(np.array(boots), [2.5, 97.5], axis=0)  # the last
    counts = (features(data, False, (), apart)[0] > 0).sum(axis=0)
    names = [f"{p} " * bool(p) + f"{m} among {o}" for p in tables for m in KINDS for o in KINDS]
    for i, pairing in enumerate(names):
        print(f"{pairing}: {total[i]:+.2f} ({low[i]:+.2f} to {high[i]:+.2f}), {counts[i]:,}")
    for i, p in enumerate(parts, pairings):
        print(f"the {p}: {total[i]:+.2f} ({low[i]:+.2f} to {high[i]:+.2f})")
    fitted = so_far(total)
    record = {
        "script": f"scripts/fit_{game}_kinds.py",
        "games": args.games,
        "seeds": [seeds.start, seeds.stop - 1],
        "passes": args.passes,
        "decisions": len(data),
        **fitted,
        "low": so_far(low)["overstated"],
        "high": so_far(high)["overstated"],
    }
    if parts:
        record["by_part_low"] = so_far(low)["by_part"]
        record["by_part_high"] = so_far(high)["by_part"]
    if start:
        record["start"] = {k: v for k, v in start.items() if k not in ("low", "high")}
    args.out.write_text(json.dumps(record, indent=1) + "\n")
    print("fitted:", fitted)
