"""The India board (docs/rules.md §4.1): the squares, where each seat sits, and the position
notation that names a piece's place.

Squares 0-67 run in the direction of play; side k's entry square is ``17k + 4`` and its own blue
square ``17k + 67 mod 68``. A piece's place is its *progress* along its seat's own route: -1 in
the corner, 0-63 on the track (0 the entry square, 63 the own blue square), 64-70 the red path,
71 the centre.
"""

from __future__ import annotations

import re

TRACK = 68
ROUTE = 63  # steps from the entry square to the own blue square
RED = 7  # squares of a red path
HOME = ROUTE + RED + 1  # 71: the centre
CORNER = -1
PIECES = 4
ENTER_ON = 5
BLUE = frozenset({4, 11, 16, 21, 28, 33, 38, 45, 50, 55, 62, 67})
COLOURS = ("yellow", "green", "purple", "orange")
"""Piece colours by side of the board."""


def entry_square(side: int) -> int:
    """The blue square left of a side's corner, where its pieces enter."""
    return 17 * side + 4


def turn_square(side: int) -> int:
    """The blue square in front of a side, where its red path leaves the track."""
    return (17 * side + TRACK - 1) % TRACK


ROUTES = tuple(
    tuple((entry_square(side) + p) % TRACK for p in range(ROUTE + 1)) for side in range(4)
)
"""Side -> the track square at each progress 0-63 (entry square to own blue square)."""


def square(side: int, progress: int) -> int | None:
    """The track square (0-67) of a piece of ``side`` at ``progress``; None off the track."""
    return ROUTES[side][progress] if 0 <= progress <= ROUTE else None


def sides_for(players: int) -> tuple[int, ...]:
    """The board side of each seat. Pieces move counter-clockwise and the turn passes to the
    left (clockwise), so seat 1 sits on side 3; two players sit opposite."""
    return (0, 2) if players == 2 else tuple(-seat % 4 for seat in range(players))


# ---------------------------------------------------------------- the position notation


_TOKEN = re.compile(r"^(c|h|r[1-7]|\d{1,2})$")


def parse_position(text: str, players: int) -> tuple[tuple[int, ...], ...]:
    """Pieces from the position notation: seats separated by ``/``, four pieces each, a piece
    being ``c`` (corner), a track square ``0``-``67``, ``r1``-``r7`` (red path) or ``h`` (home).

    >>> parse_position("c c 4 r2 / h h 40 c", 2)
    ((-1, -1, 0, 65), (71, 71, 2, -1))
    """
    seats = text.split("/")
    if len(seats) != players:
        raise ValueError(f"a position lists {players} seats separated by '/', not {len(seats)}")
    out = []
    for seat, part in enumerate(seats):
        tokens = part.split()
        if len(tokens) != PIECES or not all(_TOKEN.match(t) for t in tokens):
            raise ValueError(
                f"seat {seat}: four pieces, each c, h, r1-r7 or a square 0-67, not {part.strip()!r}"
            )
        side = sides_for(players)[seat]
        out.append(tuple(_progress(side, t) for t in tokens))
    return tuple(out)


def _progress(side: int, token: str) -> int:
    if token == "c":
        return CORNER
    if token == "h":
        return HOME
    if token[0] == "r":
        return ROUTE + int(token[1])
    p = (int(token) - entry_square(side)) % TRACK
    if int(token) >= TRACK or p > ROUTE:
        raise ValueError(f"square {token} is not on the route of side {side}")
    return p


def label(side: int, progress: int) -> str:
    """A piece's place in the position notation (``c``, ``21``, ``r3``, ``h``)."""
    if progress == CORNER:
        return "c"
    if progress == HOME:
        return "h"
    if progress > ROUTE:
        return f"r{progress - ROUTE}"
    return str(ROUTES[side][progress])
