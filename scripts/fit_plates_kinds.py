"""Fit plates' ``OVERSTATED`` (``engine/plates/expert.py``): the dollars the model's value of
a call still over-states what the mover makes in the round, by the mover's kind and by the
kinds of the others seated, when the expert is told the players (its ``NOISE``).

Games at mixed tables (3 to 5 players, each seat an expert, a basic, a random or a noisy bot,
drawn by the game's seed: ``benchmarks/calibration.py`` ``plates_table``; the noisy bot is the
coach's ``"human"``): at every call with a choice, the model's value of the call made
(``RoundInPlay.model_value``) and the money the mover made in the round. Cancels are left out
(a cancel moves no money: its value is exact). The shown less made of each call is then fitted
by least squares to a number per pairing of the mover's kind with another seat's kind, the
mean over the other seats taken (16 numbers), each with a 95% interval by resampling the
games. Prints ``OVERSTATED``.

Seeds 41,000,000 and up, apart from the calibration benchmark's (940,000,000 up). Same
arguments, same numbers.

    nice -n 10 python scripts/fit_plates_kinds.py [--games 300] [--cache benchmarks/.cache]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import (
    as_coach_sees,
    collected,
    pairing_design,
    pairing_interval,
    plates_table,
    round_by_round,
)

from engine.bots import HUMAN
from engine.plates.expert import RoundInPlay
from engine.plates.rules import Cancel

SEEDS = 41_000_000
KINDS = ("expert", "basic", "random", HUMAN)
RESAMPLES = 1000


def calls(seed: int) -> list[dict[str, Any]]:
    """One mixed table's game: every call with a choice but a cancel, as the model's value, the
    money made in the round, the mover and the kinds seated."""
    state, bots, kinds = plates_table(seed)
    players = as_coach_sees(kinds)
    rng = random.Random(f"plates kinds:{seed}")

    def value(seat: int, state: Any, action: Any) -> float | None:
        if isinstance(action, Cancel):
            return None
        return RoundInPlay(state.view(seat), players).model_value(action)

    return [
        {"shown": v, "made": made, "seat": s, "kinds": players, "game": seed}
        for s, v, made in round_by_round(state, bots, rng, value)
    ]


def collect(games: int, cache: Path | None) -> list[dict[str, Any]]:
    """The calls of ``games`` games from ``SEEDS`` up, read from ``cache`` if there."""
    return collected("plates_kinds", range(SEEDS, SEEDS + games), calls, cache)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--cache", type=Path)
    args = parser.parse_args()
    data = collect(args.games, args.cache)
    x, y = pairing_design(data, KINDS)
    games = np.array([r["game"] for r in data])
    print(f"{len(data):,} calls of {args.games} games; mean shown less made {y.mean():+.2f}")
    coef = np.linalg.lstsq(x, y, rcond=None)[0]
    low, high = pairing_interval(x, y, games, RESAMPLES)
    names = [(m, o) for m in KINDS for o in KINDS]
    for (m, o), c, lo, hi in zip(names, coef, low, high, strict=True):
        print(f"{m} among {o}: {c:+.2f} ({lo:+.2f} to {hi:+.2f})")
    fitted = {
        m: {o: round(float(c), 2) for (mm, o), c in zip(names, coef, strict=True) if mm == m}
        for m in KINDS
    }
    print("OVERSTATED =", fitted)


if __name__ == "__main__":
    main()
