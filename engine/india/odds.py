"""India's exact odds (docs/rules.md §6), as ``Fraction``s: entering, landing and hitting with one
throw, the risk a piece runs before its owner throws again (each opponent's first throw, or his
whole turn with the rethrows after doubles), and the expected throws to bring a lone piece
home."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache

from .board import BLUE, CORNER, ENTER_ON, PIECES, ROUTE, TRACK, entry_square, square
from .rules import ALL_THROWS, IndiaView, Option, Position, Throw, options


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
    return Fraction(_hitting_throws(_reach(behind), _reach(entering)), 36)


def _reach(distances: Iterable[int]) -> int:
    """Distances 1 to 12 (the most one throw can reach) as the bits of a number."""
    return sum(1 << d for d in set(distances) if 1 <= d <= 12)


_THROW_REACH = tuple((1 << t.a | 1 << t.b | 1 << (t.a + t.b), t) for t in ALL_THROWS)


@cache
def _hitting_throws(near: int, entering: int) -> int:
    """How many of the 36 throws hit a piece with opposing pieces ``near`` behind it and
    pieces ``entering`` that far behind it (distances as bits, ``_reach``)."""
    return sum(
        1
        for reach, t in _THROW_REACH
        if reach & near
        or (t.a == ENTER_ON and entering >> t.b & 1)
        or (t.b == ENTER_ON and entering >> t.a & 1)
    )


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
    throws again: each opponent throws once (rethrows after doubles not counted), blockades
    aside. Zero on blue and red squares and at home. A lower bound of ``turn_hit_risk``."""
    opponents = sum(1 for other in range(len(board.pieces)) if not board.friendly(seat, other))
    return Fraction(hitting_throws(board, seat, progress), 36**opponents)


def hitting_throws(board: Position, seat: int, progress: int) -> int:
    """``hit_risk`` as a whole number: of the 36 ** opponents ways the opponents' next throws
    can fall, how many hit the piece. For the bots, which compare risks by the thousand: the
    same order as the ``Fraction``s, without their cost."""
    q = square(board.sides[seat], progress)
    if q is None or q in BLUE:
        return 0
    every = safe = 1
    for other, theirs in enumerate(board.pieces):
        if board.friendly(seat, other):
            continue
        e = (q - entry_square(board.sides[other])) % TRACK  # his entry square lies e behind
        near = 0
        for p in theirs:
            if 0 <= p <= ROUTE and 0 < (d := (e - p) % TRACK) <= 12 and p + d <= ROUTE:
                near |= 1 << d
        entering = 1 << e if 0 < e <= 6 and CORNER in theirs else 0
        safe *= 36 - _hitting_throws(near, entering)
        every *= 36
    return every - safe


# ---------------------------------------------------------------- a whole turn: rethrows


Threat = tuple[list[int], int | None, int]
"""One opponent's threat to a piece: the distances of his pieces behind it that can still
reach it, how far behind it his entry square lies (None if his route does not pass it), and
how many of his pieces wait in his corner."""


def _threats(board: Position, seat: int, progress: int) -> list[Threat] | None:
    """What threatens a piece of ``seat`` at ``progress``, opponent by opponent; None on a
    blue or red square or at home, where no piece is hit."""
    q = square(board.sides[seat], progress)
    if q is None or q in BLUE:
        return None
    threats = []
    for other, theirs in enumerate(board.pieces):
        if board.friendly(seat, other):
            continue
        side = board.sides[other]
        behind = [
            d
            for p in theirs
            if 0 <= p <= ROUTE
            for d in [(q - entry_square(side) - p) % TRACK]
            if d and p + d <= ROUTE
        ]
        e = (q - entry_square(side)) % TRACK
        threats.append((behind, e if 1 <= e <= ROUTE else None, theirs.count(CORNER)))
    return threats


def turn_hit_chance(
    behind: Sequence[int], entering: int | None = None, waiting: int = 0
) -> Fraction:
    """The chance one opponent hits a piece during his whole turn: his throw, and another
    after every double he uses completely (docs/rules.md §4.7), given his pieces ``behind`` it
    (distances), how far behind it his entry square lies (``entering``, None if his route does
    not pass it) and how many of his pieces wait in his corner (``waiting``).

    A throw hits as in ``hit_chance``. A double that misses is played the simplest way: each 5
    enters a piece while one waits, and the rest of the double moves his piece nearest behind
    the target on (past it, if the double is longer); with no piece there to move, no rethrow
    counts. Blockades and his pieces elsewhere aside. Exact: every double moves a piece on or
    brings one in, so the recursion over throws ends."""
    if any(type(d) is not int or not 1 <= d <= ROUTE for d in behind):
        raise ValueError(f"distances behind are whole numbers 1 to {ROUTE}, not {list(behind)}")
    if entering is not None and (type(entering) is not int or not 1 <= entering <= ROUTE):
        raise ValueError(f"an entry square lies 1 to {ROUTE} squares behind, not {entering!r}")
    if type(waiting) is not int or not 0 <= waiting <= PIECES:
        raise ValueError(f"0 to {PIECES} pieces wait in a corner, not {waiting!r}")
    return _turn_hit(tuple(sorted(behind)), entering, waiting)


@cache
def _turn_hit(behind: tuple[int, ...], entering: int | None, waiting: int) -> Fraction:
    hits = Fraction(0)
    for t in ALL_THROWS:
        entered = waiting and entering is not None and entering in _entered_reach(t)
        if entered or any(d in (t.a, t.b, t.a + t.b) for d in behind):
            hits += 1
        elif t.doubles and (after := _after_double(behind, entering, waiting, t.a)):
            hits += _turn_hit(*after)
    return hits / 36


def _entered_reach(t: Throw) -> tuple[int, ...]:
    """How far a piece entered on one die of ``t`` moves on with the other."""
    return tuple(other for die, other in ((t.a, t.b), (t.b, t.a)) if die == ENTER_ON)


def _after_double(
    behind: tuple[int, ...], entering: int | None, waiting: int, die: int
) -> tuple[tuple[int, ...], int | None, int] | None:
    """The threat after a double of ``die`` that missed, played as ``turn_hit_chance`` says;
    None when nothing behind the target can use it."""
    pieces, dice = list(behind), 2
    while dice and die == ENTER_ON and waiting:
        waiting, dice = waiting - 1, dice - 1
        if entering is not None:
            pieces.append(entering)
    if dice:
        if not pieces:
            return None
        pieces.sort()
        left = pieces.pop(0) - die * dice
        if left > 0:
            pieces.append(left)
    return tuple(sorted(pieces)), entering, waiting


def turn_hit_risk(board: Position, seat: int, progress: int) -> Fraction:
    """The chance a piece of ``seat`` at ``progress`` on ``board`` is hit before ``seat``
    throws again, each opponent taking his whole turn (``turn_hit_chance``: rethrows after
    doubles included), the opponents' turns counted as independent. Zero on blue and red
    squares and at home."""
    threats = _threats(board, seat, progress)
    if threats is None:
        return Fraction(0)
    safe = Fraction(1)
    for behind, entering, waiting in threats:
        safe *= 1 - turn_hit_chance(behind, entering, waiting)
    return 1 - safe


# ---------------------------------------------------------------- from a seat's view


def board_from_view(view: IndiaView) -> Position:
    """The pieces on the board, read from a view (``hit_risk`` and its kin take it)."""
    pieces = tuple(tuple(m) for m in view["pieces"])
    return Position(pieces, tuple(view["sides"]), view["partners"])


def options_from_view(view: IndiaView) -> tuple[Option, ...]:
    """The legal moves of the seat to move with the dice still to use, with what each does,
    read from a view (India hides nothing): ``state.legal_options()`` of the same position.
    None before the throw."""
    if view["to_move"] != view["turn"] or not view["dice"]:
        return ()
    pieces = tuple(tuple(m) for m in view["pieces"])
    sides = tuple(view["sides"])
    return options(pieces, view["turn"], tuple(view["dice"]), sides, view["partners"])
