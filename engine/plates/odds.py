"""Exact odds of license plates, as ``Fraction``s: how often a digit shows on plates nobody
has seen, the chance a bid is true from what one seat sees, and how often the most frequent
digit shows. A distribution is ``{count: probability}``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from math import comb, factorial

from ..odds import chance_at_least, hypergeometric_pmf
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
    n = DIGITS_PER_PLATE * plates
    if digits == "uniform":
        return {k: Fraction(comb(n, k) * 9 ** (n - k), 10**n) for k in range(n + 1)}
    left = pool if pool is not None else Counter({d: PER_DIGIT for d in DIGITS})
    total = sum(left.values())
    if n > total:
        raise ValueError(f"only {total} digits are unseen, not {n}")
    return hypergeometric_pmf(good=left[digit], total=total, drawn=n)


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
    known = [my_plate] if my_plate else []
    have = sum(p.count(digit) for p in known)
    pmf = count_pmf(plates_in_play - len(known), digits, unseen_pool([*known, *seen]), digit)
    return {have + k: p for k, p in pmf.items()}


def bid_chance(
    bid: Bid,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> Fraction:
    """The chance ``bid`` is true for a player who sees ``my_plate`` and the ``seen`` plates."""
    pmf = count_in_play_pmf(bid.digit, my_plate, plates_in_play, digits, seen)
    return chance_at_least(pmf, bid.count)


def what_seat_knows(view: PlatesView) -> tuple[Plate | None, int, str, list[Plate]]:
    """From one seat's view, the last arguments of ``bid_chance`` and ``count_in_play_pmf``:
    its own plate, the number of plates in play, the deck's digits, the plates seen so far."""
    mine = Plate(**view["my_plate"]) if view["my_plate"] else None
    seen = [Plate(**p) for r in view["rounds"] for _, p in r["in_play"]]
    return mine, view["plates_in_play"], view["digits"], seen


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

    Counts the ways all ten digits stay at or below m with a generating function:
    uniform: n! [x^n] (sum_{j<=m} x^j/j!)^10 out of 10^n; balanced: [x^n]
    (sum_{j<=m} C(30,j) x^j)^10 out of C(300, n).
    """
    n = DIGITS_PER_PLATE * plates
    if digits == "uniform":
        term = [Fraction(1, factorial(j)) for j in range(n + 1)]
        total = Fraction(10**n, factorial(n))
    else:
        term = [Fraction(comb(PER_DIGIT, j)) for j in range(min(n, PER_DIGIT) + 1)]
        total = Fraction(comb(PER_DIGIT * 10, n))

    def at_most(m: int) -> Fraction:
        poly = [Fraction(1)]
        one = term[: m + 1]
        for _ in range(10):
            poly = _times(poly, one, n)
        return (poly[n] if n < len(poly) else Fraction(0)) / total

    pmf, below = {}, Fraction(0)
    for m in range(n + 1):
        cdf = at_most(m)
        if cdf != below:
            pmf[m], below = cdf - below, cdf
        if cdf == 1:
            break
    return pmf


def _times(a: list[Fraction], b: list[Fraction], cap: int) -> list[Fraction]:
    """The product of two polynomials (coefficient lists), cut after degree ``cap``."""
    out = [Fraction(0)] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: cap + 1 - i]):
                out[i + j] += x * y
    return out
