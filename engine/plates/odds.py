"""Exact odds of license plates, as ``Fraction``s: how often a digit shows on plates nobody
has seen, the chance a bid is true from what one seat sees, and how often the most frequent
digit shows. A distribution is ``{count: probability}``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from math import comb

from ..odds import hypergeometric_ways
from .cards import DIGITS, DIGITS_PER_PLATE, PER_DIGIT, Plate
from .rules import Bid, PlatesView

HALF = Fraction(1, 2)
"""Even money: a bid at least this likely true is worth agreeing with."""


def count_pmf(
    plates: int, digits: str = "balanced", pool: Counter[int] | None = None, digit: int = 0
) -> dict[int, Fraction]:
    """Distribution of how often one digit shows on ``plates`` plates nobody has seen.

    ``digits="uniform"``: each of the 6·plates digits is the digit with chance 1/10, so the
    count is binomial. ``"balanced"``: the plates' digits are drawn without replacement from
    the 300 of the deck (30 of each), so the count is hypergeometric; ``pool`` (a Counter of
    digit -> copies left, default 30 each) accounts for plates already seen.
    """
    left = pool if pool is not None else Counter({d: PER_DIGIT for d in DIGITS})
    return _pmf(0, *count_ways(plates, digits, left[digit], sum(left.values())))


def count_ways(plates: int, digits: str, good: int, total: int) -> tuple[int, tuple[int, ...], int]:
    """``count_pmf`` in whole numbers (as ``hypergeometric_ways``), for ``good`` copies of the
    digit among ``total`` unseen digits (a balanced deck's; a uniform one ignores both)."""
    n = DIGITS_PER_PLATE * plates
    if digits == "uniform":
        return _binomial_ways(n)
    if n > total:
        raise ValueError(f"only {total} digits are unseen, not {n}")
    return hypergeometric_ways(good, total, n)


@cache
def _binomial_ways(n: int) -> tuple[int, tuple[int, ...], int]:
    """The ways ``n`` uniform digits hold a given digit 0, 1, ... n times, out of 10^n."""
    return 0, tuple(comb(n, k) * 9 ** (n - k) for k in range(n + 1)), 10**n


def _pmf(have: int, low: int, ways: tuple[int, ...], every: int) -> dict[int, Fraction]:
    """The distribution of counts from ``have`` + ``low`` upward, each ways / every."""
    return {have + low + k: Fraction(w, every) for k, w in enumerate(ways)}


def unseen_pool(seen: Sequence[Plate]) -> Counter[int]:
    """The balanced deck's digits not on any of the ``seen`` plates."""
    pool = Counter({d: PER_DIGIT for d in DIGITS})
    pool.subtract(int(ch) for p in seen for ch in p.number)
    return pool


def count_in_play_pmf(
    digit: int,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> dict[int, Fraction]:
    """Distribution of how often ``digit`` shows on all the plates in play, for a player who
    sees ``my_plate`` (in play) and, in earlier rounds, the ``seen`` plates (out of play, but
    no longer in the deck)."""
    return _pmf(*count_in_play_ways(digit, my_plate, plates_in_play, digits, seen))


def count_in_play_ways(
    digit: int,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> tuple[int, int, tuple[int, ...], int]:
    """``count_in_play_pmf`` in whole numbers, for the bots: how many the player holds, then
    the lowest count on the other plates, the ways to make each count from it upward, and
    the ways in all."""
    known = [my_plate] if my_plate else []
    out = [*known, *seen]
    good = PER_DIGIT - sum(p.count(digit) for p in out)
    total = PER_DIGIT * len(DIGITS) - DIGITS_PER_PLATE * len(out)
    have = my_plate.count(digit) if my_plate else 0
    return have, *count_ways(plates_in_play - len(known), digits, good, total)


def bid_chance(
    bid: Bid,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> Fraction:
    """The chance ``bid`` is true for a player who sees ``my_plate`` and the ``seen`` plates."""
    return Fraction(*bid_ways(bid, my_plate, plates_in_play, digits, seen))


def bid_ways(
    bid: Bid,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> tuple[int, int]:
    """``bid_chance`` in whole numbers: the ways the bid is true, and the ways in all."""
    have, low, ways, every = count_in_play_ways(bid.digit, my_plate, plates_in_play, digits, seen)
    start = max(0, bid.count - have - low)
    return sum(ways[start:]), every


def what_seat_knows(view: PlatesView) -> tuple[Plate | None, int, str, list[Plate]]:
    """From one seat's view, the last arguments of ``bid_chance`` and ``count_in_play_pmf``:
    its own plate, the number of plates in play, the deck's digits, the plates seen so far."""
    mine = _plate(**view["my_plate"]) if view["my_plate"] else None
    seen = [_plate(**p) for r in view["rounds"] for _, p in r["in_play"]]
    return mine, view["plates_in_play"], view["digits"], seen


@lru_cache(maxsize=1024)
def _plate(number: str, fine: int) -> Plate:
    """A plate from a view, made once while it stays on the table (the bots read every view)."""
    return Plate(number, fine)


def bid_chance_from_view(view: PlatesView, bid: Bid | None = None) -> Fraction | None:
    """``bid_chance`` for the standing bid (or ``bid``) from what one seat sees; None if there
    is no bid to judge."""
    if bid is None:
        standing = view["standing_bid"]
        if standing is None:
            return None
        bid = Bid(standing["count"], standing["digit"])
    return bid_chance(bid, *what_seat_knows(view))


def most_frequent_pmf(plates: int, digits: str = "balanced") -> dict[int, Fraction]:
    """Distribution of the highest count of any one digit on ``plates`` unseen plates.

    Counts the ways all ten digits stay at or below m with a generating function, in whole
    numbers: uniform: the strings of n digits, n! [x^n] (sum_{j<=m} x^j/j!)^10, out of 10^n;
    balanced: [x^n] (sum_{j<=m} C(30,j) x^j)^10 out of C(300, n).
    """
    n = DIGITS_PER_PLATE * plates
    uniform = digits == "uniform"
    if uniform:
        term, every = [1] * (n + 1), 10**n  # one way to write a digit j times
    else:
        term = [comb(PER_DIGIT, j) for j in range(min(n, PER_DIGIT) + 1)]
        every = comb(PER_DIGIT * len(DIGITS), n)

    def times(a: list[int], b: list[int]) -> list[int]:
        return _times(a, b, n, uniform)

    def at_most(m: int) -> int:
        one = term[: m + 1]
        two = times(one, one)
        five = times(times(two, two), one)
        ten = times(five, five)
        return ten[n] if n < len(ten) else 0

    pmf, below = {}, 0
    for m in range(n + 1):
        ways = at_most(m)
        if ways != below:
            pmf[m], below = Fraction(ways - below, every), ways
        if ways == every:
            break
    return pmf


def _times(a: list[int], b: list[int], cap: int, labelled: bool) -> list[int]:
    """The product of two generating functions (coefficient lists), cut after degree ``cap``:
    ordinary, or ``labelled`` (exponential: the coefficient of x^k counts strings of length k,
    so the two parts are interleaved in C(k, i) ways)."""
    out = [0] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: cap + 1 - i]):
                out[i + j] += x * y * comb(i + j, i) if labelled else x * y
    return out
