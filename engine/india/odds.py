"""India's exact odds (RULES.md §6), as ``Fraction``s: entering, landing and hitting with one
throw, the risk a piece runs before its owner throws again, and the expected throws to bring a
lone piece home."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from .board import BLUE, CORNER, ENTER_ON, ROUTE, TRACK, entry_square, square
from .rules import ALL_THROWS, Position, Throw


def enter_chance() -> Fraction:
    """The chance one throw lets a piece enter: a 5 on either die, or a total of 5."""
    good = sum(1 for t in ALL_THROWS if ENTER_ON in (t.a, t.b) or t.a + t.b == ENTER_ON)
    return Fraction(good, 36)


def land_chance(k: int) -> Fraction:
    """The chance one throw can bring a piece exactly ``k`` squares ahead (to hit a piece
    there, or to reach the centre): a die shows ``k`` or the total is ``k``. Blockades aside."""
    return Fraction(sum(1 for t in ALL_THROWS if k in (t.a, t.b, t.a + t.b)), 36)


def hit_chance(behind: Sequence[int], entering: Sequence[int] = ()) -> Fraction:
    """The chance one opposing throw can hit a piece on a white square, given the opposing
    pieces ``behind`` it (distances in squares) and, for pieces still in a corner, the distance
    from that corner's entry square (``entering``): a 5 enters, and the other die moves on.
    Blockades aside."""
    return _hit_chance(frozenset(behind), frozenset(entering))


@cache
def _hit_chance(behind: frozenset[int], entering: frozenset[int]) -> Fraction:
    hits = 0
    for t in ALL_THROWS:
        near = any(d in (t.a, t.b, t.a + t.b) for d in behind)
        entered = any(
            (t.a == ENTER_ON and t.b == e) or (t.b == ENTER_ON and t.a == e) for e in entering
        )
        hits += near or entered
    return Fraction(hits, 36)


@cache
def expected_throws_home(d: int) -> Fraction:
    """The expected number of throws for a lone piece ``d`` squares from the centre to get
    home, playing each throw the best way: both dice when they fit (the rule), else the die that
    leaves the shorter expected wait. 5s and doubles give no bonus."""
    if d <= 0:
        return Fraction(0)
    stay, total = Fraction(0), Fraction(1)
    for t in ALL_THROWS:
        if t.a + t.b <= d:
            total += Fraction(1, 36) * expected_throws_home(d - t.a - t.b)
        elif min(t.a, t.b) <= d:
            total += Fraction(1, 36) * min(
                expected_throws_home(d - x) for x in (t.a, t.b) if x <= d
            )
        else:
            stay += Fraction(1, 36)
    return total / (1 - stay)


def best_single_die(d: int, throw: Throw) -> int | None:
    """For a lone piece ``d`` from the centre whose throw does not fit whole: the die to use."""
    fits = [x for x in (throw.a, throw.b) if x <= d]
    return min(fits, key=lambda x: expected_throws_home(d - x)) if fits else None


def hit_risk(board: Position, seat: int, progress: int) -> Fraction:
    """The chance a piece of ``seat`` at ``progress`` on ``board`` is hit before ``seat``
    throws again:
    each opponent throws once (rethrows after doubles not counted), blockades aside. Zero on
    blue and red squares and at home."""
    q = square(board.sides[seat], progress)
    if q is None or q in BLUE:
        return Fraction(0)
    safe = Fraction(1)
    for other, theirs in enumerate(board.pieces):
        if board.friendly(seat, other):
            continue
        side = board.sides[other]
        behind = [
            d
            for p in theirs
            if 0 <= p <= ROUTE
            for d in [(q - entry_square(side) - p) % TRACK]
            if 1 <= d <= 12 and p + d <= ROUTE
        ]
        e = (q - entry_square(side)) % TRACK
        entering = [e] if CORNER in theirs and 1 <= e <= 6 else []
        safe *= 1 - hit_chance(behind, entering)
    return 1 - safe
