"""Exact arithmetic the games' odds share: drawing without replacement, tails and means of a
distribution. Every answer is a ``Fraction``; a distribution is ``{value: probability}``.

>>> hypergeometric(1, good=4, total=52, drawn=2)
Fraction(32, 221)
>>> none_drawn(good=4, total=52, drawn=2)
Fraction(188, 221)
>>> pmf = hypergeometric_pmf(good=4, total=52, drawn=2)
>>> sum(pmf.values()), chance_at_least(pmf, 1), expectation(pmf)
(Fraction(1, 1), Fraction(33, 221), Fraction(2, 13))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb


def hypergeometric(k: int, good: int, total: int, drawn: int) -> Fraction:
    """P(exactly ``k`` of the ``good`` cards among ``drawn`` cards dealt from ``total``):
    C(good, k) · C(total − good, drawn − k) / C(total, drawn)."""
    if not 0 <= drawn <= total:
        raise ValueError(f"cannot deal {drawn} cards from {total}")
    return Fraction(comb(good, k) * comb(total - good, drawn - k), comb(total, drawn))


def hypergeometric_pmf(good: int, total: int, drawn: int) -> dict[int, Fraction]:
    """The distribution of how many of the ``good`` cards are among ``drawn`` from ``total``."""
    low, ways, every = hypergeometric_ways(good, total, drawn)
    return {low + k: Fraction(w, every) for k, w in enumerate(ways)}


@cache
def hypergeometric_ways(good: int, total: int, drawn: int) -> tuple[int, tuple[int, ...], int]:
    """``hypergeometric_pmf`` in whole numbers, for loops that compare chances by the thousand:
    the lowest count possible, the ways to draw each count from it upward, and the ways to draw
    at all, C(total, drawn)."""
    if not 0 <= drawn <= total:
        raise ValueError(f"cannot deal {drawn} cards from {total}")
    low, high = max(0, drawn - (total - good)), min(good, drawn)
    ways = tuple(comb(good, k) * comb(total - good, drawn - k) for k in range(low, high + 1))
    return low, ways, comb(total, drawn)


def none_drawn(good: int, total: int, drawn: int) -> Fraction:
    """P(none of the ``good`` cards among ``drawn`` from ``total``)."""
    return hypergeometric(0, good, total, drawn)


def chance_at_least(pmf: dict[int, Fraction], count: int) -> Fraction:
    """P(X ≥ ``count``) for a distribution ``{value: probability}``."""
    return sum((p for k, p in pmf.items() if k >= count), Fraction(0))


def expectation(pmf: dict[int, Fraction]) -> Fraction:
    """E[X] for a distribution ``{value: probability}``."""
    return sum((k * p for k, p in pmf.items()), Fraction(0))


__all__ = [
    "chance_at_least",
    "expectation",
    "hypergeometric",
    "hypergeometric_pmf",
    "hypergeometric_ways",
    "none_drawn",
]
