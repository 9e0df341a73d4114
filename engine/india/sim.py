"""India's chance questions by vectorised simulation: millions of throws or races at once.

Each function answers one question of the lesson the way ``engine.india.odds`` answers it
exactly, so the two can be set side by side (and the tests check they agree). Randomness comes
only from the ``numpy.random.Generator`` passed in.

>>> import numpy as np
>>> round(enter_rate(np.random.default_rng(1), 100_000), 2)
0.42
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .board import ENTER_ON, HOME
from .odds import best_single_die
from .rules import ALL_THROWS, Throw

Ints = npt.NDArray[np.int64]

_NEXT = np.zeros((HOME + 1, 7, 7), dtype=np.int64)
"""Distance left -> die a -> die b -> distance after the throw, for a lone piece played the
best way (``best_single_die`` when the throw does not fit whole)."""
for _d in range(HOME + 1):
    for _t in ALL_THROWS:
        if _t.a + _t.b <= _d:
            _NEXT[_d, _t.a, _t.b] = _d - _t.a - _t.b
        else:
            _die = best_single_die(_d, _t)
            _NEXT[_d, _t.a, _t.b] = _d - _die if _die else _d


def throws(rng: np.random.Generator, n: int) -> Ints:
    """``n`` throws of two dice: an ``(n, 2)`` array of 1-6."""
    return rng.integers(1, 7, size=(n, 2))


def enter_rate(rng: np.random.Generator, n: int) -> float:
    """The share of ``n`` throws that let a piece enter (a 5 on a die, or a total of 5)."""
    t = throws(rng, n)
    return float(((t == ENTER_ON).any(axis=1) | (t.sum(axis=1) == ENTER_ON)).mean())


def throws_to_enter(rng: np.random.Generator, n: int) -> Ints:
    """For ``n`` players with all pieces in the corner: how many throws until one enters."""
    count = np.zeros(n, dtype=np.int64)
    waiting = np.ones(n, dtype=bool)
    while waiting.any():
        t = throws(rng, int(waiting.sum()))
        ok = (t == ENTER_ON).any(axis=1) | (t.sum(axis=1) == ENTER_ON)
        count[waiting] += 1
        idx = np.flatnonzero(waiting)
        waiting[idx[ok]] = False
    return count


def land_rate(rng: np.random.Generator, k: int, n: int) -> float:
    """The share of ``n`` throws that can bring a piece exactly ``k`` squares ahead."""
    t = throws(rng, n)
    return float(((t == k).any(axis=1) | (t.sum(axis=1) == k)).mean())


def hit_rate(
    rng: np.random.Generator, behind: Sequence[int], n: int, entering: Sequence[int] = ()
) -> float:
    """The share of ``n`` opposing throws that can hit a piece with opposing pieces ``behind``
    it, and corners whose entry square is ``entering`` squares behind it."""
    t = throws(rng, n)
    a, b = t[:, 0], t[:, 1]
    hit = np.zeros(n, dtype=bool)
    for d in behind:
        hit |= (a == d) | (b == d) | (a + b == d)
    for e in entering:
        hit |= ((a == ENTER_ON) & (b == e)) | ((b == ENTER_ON) & (a == e))
    return float(hit.mean())


def lone_piece_throws(rng: np.random.Generator, d: int, n: int) -> Ints:
    """For ``n`` lone pieces ``d`` squares from the centre: the throws each needs to get home,
    played as ``engine.india.expected_throws_home`` plays them."""
    left = np.full(n, d, dtype=np.int64)
    count = np.zeros(n, dtype=np.int64)
    active = left > 0
    while active.any():
        idx = np.flatnonzero(active)
        t = throws(rng, idx.size)
        left[idx] = _NEXT[left[idx], t[:, 0], t[:, 1]]
        count[idx] += 1
        active = left > 0
    return count


def lone_piece_throws_loop(rng: np.random.Generator, d: int, n: int) -> list[int]:
    """The same race one piece at a time in plain Python (the benchmark's baseline)."""
    out = []
    for _ in range(n):
        left, count = d, 0
        while left > 0:
            a, b = (int(x) for x in rng.integers(1, 7, size=2))
            if a + b <= left:
                left -= a + b
            else:
                die = best_single_die(left, Throw(a, b))
                left -= die or 0
            count += 1
        out.append(count)
    return out


__all__ = [
    "enter_rate",
    "hit_rate",
    "land_rate",
    "lone_piece_throws",
    "lone_piece_throws_loop",
    "throws",
    "throws_to_enter",
]
