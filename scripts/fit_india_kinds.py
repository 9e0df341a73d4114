"""Fit India's ``PAIRS`` (``engine/india/value.py``): how the chance to win the race the expert
gives two players of different kinds (the learned value with each seat's turns times its
kind's ``PACE``, or the exact race) is corrected, so that it holds for each kind.

Games at mixed tables (two and four players, each seat an expert, a basic, a random or a noisy
bot, drawn by the game's seed: ``benchmarks/calibration.py`` ``india_table``; the noisy bot is
the coach's ``"human"``): at every other throw, the pieces, the thrower, the kinds seated (as
the coach sees them) and who went on to win. At the four-player tables the chances with the
pace alone hold for each kind (within 0.025 of the share won, by kind and opponents); at two,
a random player against any other wins far less often than that: against an expert, never.
So for each pairing of two different kinds, the first one's chance ``c`` becomes the logistic
of ``lead + slope * logit(c)``: a logistic regression of who won on ``logit(c)``, each game
weighing 1 (its throws share the winner), with a ridge of 1 toward no change (lead 0, slope
1), by Newton's method (numpy). One game in five is held out: the script prints each kind's
calibration error (tenths of the chance, every racer of the kind) on them before and after.

Seeds 21,000,000 and up, apart from the pace's (20,000,000 up), the training's (10,000,000
up) and the calibration benchmark's (930,000,000 up). Same arguments, same numbers.

    nice -n 10 python scripts/fit_india_kinds.py [--games 2000] [--cache benchmarks/.cache]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import as_coach_sees, collected, india_table, india_throws

from engine.bots import HUMAN
from engine.india.expert import EXACT_STATES, race_chances, race_size, untouchable
from engine.india.rules import ALL_HOME
from engine.india.value import PAIRS, for_players, learned

SEEDS = 21_000_000
EVERY = 2
"""One throw in this many is kept (throws of one game are much alike)."""
HELD_OUT = 5
"""One game in this many is held out of the fit."""
KINDS = ("expert", "basic", "random", HUMAN)
RIDGE = 1.0
"""How strongly a pairing's numbers are held toward no change, in games."""


def positions(seed: int) -> list[dict[str, Any]]:
    """One mixed table's game: every ``EVERY``-th throw with two racers or more, as the pieces,
    the thrower, the kinds seated (as the coach sees them) and the winner."""
    state, bots, kinds = india_table(seed)
    rng = random.Random(f"india kinds:{seed}")
    views, winner = india_throws(state, bots, rng, EVERY)
    seen: list[dict[str, Any]] = []
    for view in views:
        pieces = tuple(tuple(m) for m in view["pieces"])
        if sum(m != ALL_HOME for m in pieces) > 1:
            seen.append({"pieces": pieces, "thrower": view["turn"], "sides": view["sides"]})
    coach = as_coach_sees(kinds)
    return [{**p, "kinds": coach, "winner": winner, "game": seed} for p in seen]


def collect(games: int, cache: Path | None) -> list[dict[str, Any]]:
    """The positions of ``games`` games from ``SEEDS`` up, read from ``cache`` if there."""
    return collected("india_kinds", range(SEEDS, SEEDS + games), positions, cache)


def chances(p: dict[str, Any]) -> list[float]:
    """Each seat's chance before the correction, as the expert's race gives it: exact when
    every piece out is on a red path and the race small, else learned at the kinds' pace."""
    pieces = tuple(tuple(m) for m in p["pieces"])
    racing = tuple(s for s, m in enumerate(pieces) if m != ALL_HOME)
    if untouchable(pieces) and race_size(pieces) <= EXACT_STATES:
        return list(race_chances(pieces, p["thrower"]))
    value = learned()
    return list(value.chances(pieces, p["thrower"], tuple(p["sides"]), False, racing, p["kinds"]))


def logistic_fit(z: Any, y: Any, w: Any) -> tuple[float, float]:
    """The (lead, slope) of highest weighted likelihood of ``y`` (won) on ``z`` (the logit of
    the chance), with the ridge toward (0, 1)."""
    x = np.stack([np.ones_like(z), z], axis=1)
    prior = np.array([0.0, 1.0])
    t = prior.copy()
    for _ in range(100):
        q = 1 / (1 + np.exp(-(x @ t)))
        grad = x.T @ (w * (y - q)) - RIDGE * (t - prior)
        hess = -(x.T * (w * q * (1 - q))) @ x - RIDGE * np.eye(2)
        step = np.linalg.solve(hess, grad)
        t = t - step
        if np.abs(step).max() < 1e-10:
            break
    return float(t[0]), float(t[1])


def ece_by_kind(rows: list[tuple[str, float, bool]]) -> dict[str, float]:
    """Each kind's calibration error (tenths of the chance) over ``rows`` (kind, chance,
    won)."""
    out = {}
    for k in KINDS:
        cells = [[0, 0.0, 0.0] for _ in range(10)]
        for kind, c, won in rows:
            if kind == k:
                cell = cells[min(int(c * 10), 9)]
                cell[0] += 1
                cell[1] += c
                cell[2] += won
        n = sum(cell[0] for cell in cells)
        out[k] = round(sum(abs(cell[1] - cell[2]) for cell in cells) / max(n, 1), 3)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    data = collect(args.games, args.cache)
    print(f"{len(data):,} throws of {args.games} games", flush=True)
    shown = [chances(p) if len(p["kinds"]) == 2 or p["game"] % HELD_OUT == 0 else [] for p in data]
    fitted: dict[tuple[str, str], tuple[float, float]] = {}
    for first, second in PAIRS:
        z, y, game = [], [], []
        for p, c in zip(data, shown, strict=True):
            if p["game"] % HELD_OUT and tuple(p["kinds"]) in ((first, second), (second, first)):
                seat = p["kinds"].index(first)
                if 0 < c[seat] < 1:
                    z.append(math.log(c[seat] / (1 - c[seat])))
                    y.append(float(p["winner"] == seat))
                    game.append(p["game"])
        per_game = {g: game.count(g) for g in set(game)}
        w = np.array([1 / per_game[g] for g in game])
        lead, slope = logistic_fit(np.array(z), np.array(y), w)
        fitted[(first, second)] = (round(lead, 3), round(slope, 3))
        print(f"{first} and {second}: {len(per_game)} games, {len(z):,} throws", flush=True)
    for name, fix in (("before", False), ("fitted", True)):
        rows = []
        for p, c in zip(data, shown, strict=True):
            if p["game"] % HELD_OUT == 0:
                if fix:
                    PAIRS.update(fitted)
                    c = for_players(c, p["kinds"])
                rows += [(p["kinds"][s], c[s], p["winner"] == s) for s in range(len(c))]
        print(f"{name}: held-out ECE by kind", ece_by_kind(rows))
    print("PAIRS =", fitted)


if __name__ == "__main__":
    main()
