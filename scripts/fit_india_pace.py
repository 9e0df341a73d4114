"""Fit India's ``PACE`` (``engine/india/value.py``): how many times an expert's turns each kind
of player needs, so that the chances the coach shows hold for the players seated.

Games at mixed tables (two and four players, each seat an expert, a basic, a random or a noisy
bot, drawn by the game's seed; ``benchmarks/calibration.py`` ``india_table``): at every throw
whose race is not exact, the pieces, the thrower, the kinds seated and who went on to win.
Each kind's pace (the expert's is 1) is then the one that gives the winners the highest
likelihood under the learned value (``Value.scores`` at each kind's pace, shared out), found
one kind at a time by golden-section search, three sweeps. Prints the paces, and the
log-likelihood per throw before (every pace 1) and after. ``scripts/fit_india_kinds.py`` then
fits the correction on top of these paces (``PAIRS``).

Seeds 20,000,000 and up, apart from the training's (10,000,000 up) and the calibration
benchmark's (930,000,000 up). Same arguments, same paces.

    nice -n 10 python scripts/fit_india_pace.py [--games 600] [--sweeps 3]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from calibration import india_table, india_throws

from engine.india.expert import race_size, untouchable
from engine.india.rules import ALL_HOME
from engine.india.value import learned, seat_turns, softmax

SEEDS = 20_000_000
KINDS = ("basic", "random", "noisy")
"""The kinds fitted; the expert's pace is 1."""
EVERY = 3
"""One throw in this many is kept (throws of one game are much alike)."""

Example = tuple[dict[int, float], int, int, tuple[str, ...], int]
"""Each racing seat's turns, the thrower, the players, their kinds, the winner."""


def examples(seed: int) -> list[Example]:
    """One mixed table's game: its throws as examples (pieces, thrower, sides, partners,
    racing, kinds, winner)."""
    state, bots, kinds = india_table(seed)
    rng = random.Random(f"india pace:{seed}")
    views, winner = india_throws(state, bots, rng, EVERY)
    seen: list[tuple[dict[int, float], int, int, tuple[str, ...]]] = []
    for view in views:
        pieces = tuple(tuple(m) for m in view["pieces"])
        if untouchable(pieces) and race_size(pieces) <= 2000:
            continue
        racing = tuple(s for s, m in enumerate(pieces) if m != ALL_HOME)
        if len(racing) > 1:
            sides = tuple(view["sides"])
            need = seat_turns(pieces, view["turn"], sides, False, racing)
            seen.append((need, view["turn"], len(pieces), kinds))
    return [(*e, winner) for e in seen]


def log_likelihood(data: list[Example], pace: dict[str, float]) -> float:
    """The mean log chance the value gives the winner, each kind at its ``pace``."""
    value, total = learned(), 0.0
    for need, thrower, n, kinds, winner in data:
        racers, scores = value.scores(need, thrower, n, False, [pace.get(k, 1.0) for k in kinds])
        chances = dict(zip(racers, softmax(scores), strict=True))
        total += math.log(max(chances[(winner,)], 1e-9))
    return total / len(data)


def golden(f: Any, low: float, high: float, steps: int = 11) -> float:
    """The x in [low, high] where ``f`` is highest (one peak), by golden-section search."""
    g = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(steps):
        if fc > fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    return round((a + b) / 2, 3)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--sweeps", type=int, default=3)
    args = parser.parse_args()
    data = [e for seed in range(SEEDS, SEEDS + args.games) for e in examples(seed)]
    print(f"{len(data):,} throws of {args.games} games", flush=True)
    pace = {k: 1.0 for k in KINDS}
    before = log_likelihood(data, pace)
    for _ in range(args.sweeps):
        for k in KINDS:
            pace[k] = golden(lambda x, k=k: log_likelihood(data, {**pace, k: x}), 0.8, 3.0)
            print(pace, flush=True)
    after = log_likelihood(data, pace)
    print(f"log-likelihood a throw: every pace 1 {before:.4f}, fitted {after:.4f}")
    print("PACE =", {"expert": 1.0, **pace})


if __name__ == "__main__":
    main()
