"""Fit India's ``KINDS_FIT`` (``engine/india/value.py``): how the chance to win the race the
learned value gives (each seat's turns times its kind's ``PACE``) is corrected for the kinds of
player seated, so that it holds for each kind at mixed tables.

Games at mixed tables (two and four players, each seat an expert, a basic, a random or a noisy
bot, drawn by the game's seed: ``benchmarks/calibration.py`` ``india_table``; the noisy bot is
the coach's ``"human"``): at every other throw of the game, the pieces, the thrower, the kinds
seated and who went on to win. Then, one racer's score being the network's (``Value.scores``,
at its kind's pace), the corrected score is ``slope[kind] * score + lead[kind]`` (the expert's
lead 0), the chances the corrected scores shared out; a race solved exactly is corrected the
same way from the log of its exact chances (``exact_slope``, ``exact_lead``: the exact race
takes every seat to finish its throws the best way). The numbers are fitted by Newton's method
on the log-likelihood of the winners (numpy). One game in five is held out: the script prints
the log-likelihood and each kind's calibration error (tenths of the chance, each kind of seat
apart) on them, before and after.

Seeds 21,000,000 and up, apart from the pace's (20,000,000 up), the training's (10,000,000
up) and the calibration benchmark's (930,000,000 up). Same arguments, same numbers.

    nice -n 10 python scripts/fit_india_kinds.py [--games 2000] [--cache benchmarks/.cache]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import as_coach_sees, india_table

from engine import CHANCE
from engine.bots import HUMAN
from engine.india.expert import EXACT_STATES, race_chances, race_size, untouchable
from engine.india.rules import ALL_HOME
from engine.india.value import learned, paces, seat_turns

SEEDS = 21_000_000
EVERY = 2
"""One throw in this many is kept (throws of one game are much alike)."""
HELD_OUT = 5
"""One game in this many is held out of the fit."""
KINDS = ("expert", "basic", "random", HUMAN)
SLOPES = {"learned": 0, "exact": 7}
"""Where each part's slopes start in the numbers fitted: 4 slopes, then 3 leads (the
expert's lead is 0)."""
NUMBERS = 14


def positions(seed: int) -> list[dict[str, Any]]:
    """One mixed table's game: every ``EVERY``-th throw with two racers or more, as the pieces,
    the thrower, the kinds seated (as the coach sees them) and the winner."""
    state, bots, kinds = india_table(seed)
    rng = random.Random(f"india kinds:{seed}")
    seen: list[dict[str, Any]] = []
    throws = 0
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            view = state.view(0)
            pieces = tuple(tuple(m) for m in view["pieces"])
            throws += 1
            if throws % EVERY == 0 and sum(m != ALL_HOME for m in pieces) > 1:
                seen.append({"pieces": pieces, "thrower": view["turn"], "sides": view["sides"]})
            state = state.apply(state.sample_chance(rng))
            continue
        state = state.apply(bots[seat].choose(state))
    (winner,) = state.winners()
    coach = as_coach_sees(kinds)
    return [{**p, "kinds": coach, "winner": winner, "game": seed} for p in seen]


def collect(games: int, cache: Path | None) -> list[dict[str, Any]]:
    """The positions of ``games`` games from ``SEEDS`` up, read from ``cache`` if there."""
    path = cache / f"india_kinds_{games}.json" if cache else None
    if path and path.exists():
        return list(json.loads(path.read_text()))
    data = [p for seed in range(SEEDS, SEEDS + games) for p in positions(seed)]
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
    return data


Racers = tuple[list[tuple[int, ...]], list[float], bool]
"""The racers of a position, each one's score (the network's, or the log of its exact chance)
and whether the race is exact."""


def racers(p: dict[str, Any]) -> Racers:
    """A position's racers and their scores before the correction."""
    pieces = tuple(tuple(m) for m in p["pieces"])
    sides, kinds = tuple(p["sides"]), p["kinds"]
    racing = tuple(s for s, m in enumerate(pieces) if m != ALL_HOME)
    if untouchable(pieces) and race_size(pieces) <= EXACT_STATES:
        chances = race_chances(pieces, p["thrower"])
        out = [(s,) for s in racing if chances[s] > 0]
        return out, [math.log(chances[s]) for (s,) in out], True
    need = seat_turns(pieces, p["thrower"], sides, False, racing)
    rs, scores = learned().scores(need, p["thrower"], len(pieces), False, paces(kinds))
    return rs, scores, False


def design(data: list[dict[str, Any]]) -> tuple[Any, Any, Any]:
    """The positions as arrays: each racer's features (the numbers fitted multiply them: its
    score at its kind's slope, 1 at its kind's lead), which racers there are, who won."""
    x = np.zeros((len(data), 4, NUMBERS))
    there = np.zeros((len(data), 4), dtype=bool)
    won = np.zeros(len(data), dtype=int)
    for i, p in enumerate(data):
        rs, scores, exact = racers(p)
        at = SLOPES["exact" if exact else "learned"]
        for j, ((seat,), score) in enumerate(zip(rs, scores, strict=True)):
            k = KINDS.index(p["kinds"][seat])
            x[i, j, at + k] = score
            if k:
                x[i, j, at + 3 + k] = 1.0
            there[i, j] = True
            if seat == p["winner"]:
                won[i] = j
    return x, there, won


def shares(theta: Any, x: Any, there: Any) -> Any:
    u = np.where(there, x @ theta, -np.inf)
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u)
    return e / e.sum(axis=1, keepdims=True)


def log_likelihood(theta: Any, x: Any, there: Any, won: Any) -> float:
    p = shares(theta, x, there)
    return float(np.log(np.maximum(p[np.arange(len(won)), won], 1e-12)).mean())


def fit(x: Any, there: Any, won: Any, steps: int = 30) -> Any:
    """The numbers of highest likelihood, by Newton's method (a little ridge toward 1 and 0
    keeps a number no position informs where it was)."""
    theta = np.zeros(NUMBERS)
    theta[0:4] = theta[7:11] = 1.0
    start = theta.copy()
    rows = np.arange(len(won))
    for _ in range(steps):
        p = shares(theta, x, there)
        mean = np.einsum("nj,njd->nd", p, x)
        grad = (x[rows, won] - mean).sum(axis=0) - 1e-3 * (theta - start)
        second = np.einsum("nj,njd,nje->de", p, x, x) - np.einsum("nd,ne->de", mean, mean)
        hess = -second - 1e-3 * np.eye(NUMBERS)
        step = np.linalg.solve(hess, grad)
        theta = theta - step
        if np.abs(step).max() < 1e-7:
            break
    return theta


def ece_by_kind(theta: Any, x: Any, there: Any, won: Any, kinds: list[str]) -> dict[str, float]:
    """Each kind's calibration error over every racer of that kind (tenths of its chance)."""
    p = shares(theta, x, there)
    out = {}
    for k in KINDS:
        shown, got = [], []
        for i, row in enumerate(kinds):
            for j, kind in enumerate(row):
                if kind == k and there[i, j]:
                    shown.append(p[i, j])
                    got.append(float(won[i] == j))
        s, g = np.array(shown), np.array(got)
        tenth = np.minimum((s * 10).astype(int), 9)
        out[k] = float(
            sum(abs(s[tenth == t].sum() - g[tenth == t].sum()) for t in range(10)) / len(s)
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    data = collect(args.games, args.cache)
    print(f"{len(data):,} throws of {args.games} games", flush=True)
    x, there, won = design(data)
    kinds = [[p["kinds"][s] for (s,) in racers(p)[0]] for p in data]
    held = np.array([p["game"] % HELD_OUT == 0 for p in data])
    theta = fit(x[~held], there[~held], won[~held])
    before = np.zeros(NUMBERS)
    before[0:4] = before[7:11] = 1.0
    test = [k for k, h in zip(kinds, held, strict=True) if h]
    for name, t in (("before", before), ("fitted", theta)):
        ll = log_likelihood(t, x[held], there[held], won[held])
        ece = ece_by_kind(t, x[held], there[held], won[held], test)
        print(
            f"{name}: held-out log-likelihood {ll:.4f}; ECE",
            {k: round(v, 3) for k, v in ece.items()},
        )
    fitted = {
        part: {
            k: (round(float(theta[at + i]), 3), round(float(theta[at + 3 + i]) if i else 0.0, 3))
            for i, k in enumerate(KINDS)
        }
        for part, at in SLOPES.items()
    }
    print("KINDS_FIT =", fitted)


if __name__ == "__main__":
    main()
