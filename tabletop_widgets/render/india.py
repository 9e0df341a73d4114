"""Pictures of the Royal Game of India: the cross-shaped board with its pieces, and two dice.

Pure functions from a seat's ``view`` (India hides nothing) to SVG strings. The board is a grid
of 19 x 19 cells: four arms of three columns, the outer columns and the arm's tip being the
white and blue track, the middle column the side's red path; the four corners hold the pieces
not yet entered, each entry square is outlined in its side's colour; the centre is INDIA.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine import Event, IndiaState
from engine.india import (
    BLUE,
    COLOURS,
    CORNER,
    HOME,
    ROUTE,
    TRACK,
    IndiaView,
    entry_square,
    square,
)

from .svg import document, el, table_document, text

CELL = 26
N = 19  # cells a side
MARGIN = 14
SIZE = N * CELL + 2 * MARGIN
INK, WHITE, SAFE, RED, BOARD, CENTRE = (
    "#1d3557",
    "#ffffff",
    "#8ecae6",
    "#d62828",
    "#f3e9d2",
    "#ffd166",
)
FILL = {"yellow": "#f4c430", "green": "#2a9d8f", "purple": "#7b2cbf", "orange": "#f77f00"}
TARGET = "#06d6a0"
LAST = "#e76f51"
"""The colour of what just happened: the path of the piece that moved, a capture."""
PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _turn(cell: tuple[int, int], quarter: int) -> tuple[int, int]:
    """A cell turned by ``quarter`` quarter-turns, each taking the bottom arm to the right arm
    (the direction of play)."""
    x, y = cell
    for _ in range(quarter % 4):
        x, y = y, N - 1 - x
    return x, y


def _segment_cell(offset: int) -> tuple[int, int]:
    """Squares 0-16 as cells: up the bottom arm's right column, along the right arm's lower
    row, then the right arm's tip."""
    if offset < 8:
        return 10, 18 - offset
    if offset < 16:
        return 11 + offset - 8, 10
    return 18, 9


def track_cell(q: int) -> tuple[int, int]:
    """The grid cell of track square ``q`` (0-67)."""
    return _turn(_segment_cell(q % 17), q // 17)


def red_cell(side: int, k: int) -> tuple[int, int]:
    """The grid cell of red square ``k`` (1-7) of ``side``, from the arm's tip inwards."""
    return _turn((9, 18 - k), side)


def corner_cell(side: int) -> tuple[int, int]:
    """The centre cell of a side's corner (the corner at the player's right)."""
    return _turn((14, 14), side)


def home_cell(side: int) -> tuple[int, int]:
    """Where a side's pieces stand in the centre, next to the end of its red path."""
    return _turn((9, 10), side)


def _xy(cell: tuple[float, float]) -> tuple[float, float]:
    return MARGIN + cell[0] * CELL + CELL / 2, MARGIN + cell[1] * CELL + CELL / 2


def _square(cell: tuple[int, int], fill: str, **kw: Any) -> str:
    x, y = _xy(cell)
    return el(
        "rect",
        x=x - CELL / 2,
        y=y - CELL / 2,
        width=CELL,
        height=CELL,
        fill=fill,
        stroke=INK,
        stroke_width=0.8,
        **kw,
    )


SHAPE = {"yellow": "circle", "green": "square", "purple": "diamond", "orange": "hexagon"}
"""Each colour's pieces also have their own shape, so they differ without colour vision."""


def _token(x: float, y: float, r: float, shape: str, **kw: Any) -> str:
    """A piece's outline of ``shape`` centred on (x, y), about ``r`` in radius."""
    if shape == "circle":
        return el("circle", cx=x, cy=y, r=r, **kw)
    if shape == "square":
        a = r * 0.9
        return el("rect", x=x - a, y=y - a, width=2 * a, height=2 * a, rx=r * 0.2, **kw)
    corners = 4 if shape == "diamond" else 6
    a = r * (1.25 if shape == "diamond" else 1.08)
    points = " ".join(
        f"{x + a * math.sin(2 * math.pi * k / corners):.2f},"
        f"{y - a * math.cos(2 * math.pi * k / corners):.2f}"
        for k in range(corners)
    )
    return el("polygon", points=points, **kw)


def _piece(
    x: float,
    y: float,
    colour: str,
    number: int,
    r: float = 10,
    ring: bool = False,
    size: float = 14,
    **kw: Any,
) -> str:
    """A piece with its number (``size`` px: at least 12 px on screen at the board's size);
    ``ring``: a blockade's red outline."""
    body = _token(
        x,
        y,
        r,
        SHAPE[colour],
        fill=FILL[colour],
        stroke="#000000" if not ring else "#9b2226",
        stroke_width=1.5 if not ring else 3,
    )
    body += text(
        x,
        y + size * 0.36,
        str(number),
        size,
        text_anchor="middle",
        fill="#ffffff",
        font_weight="bold",
    )
    return el("g", body, **kw)


def _place(view: IndiaView, seat: int, progress: int) -> tuple[str, int]:
    """A key for where a piece stands, shared by the pieces standing together."""
    side = view["sides"][seat]
    if progress == CORNER:
        return (f"corner{side}", 0)
    if progress == HOME:
        return (f"home{side}", 0)
    if progress > ROUTE:
        return (f"red{side}", progress)
    return ("track", _on_track(side, progress))


def _centre_of(view: IndiaView, seat: int, progress: int) -> tuple[float, float]:
    side = view["sides"][seat]
    if progress == CORNER:
        return _xy(corner_cell(side))
    if progress == HOME:
        return _xy(home_cell(side))
    if progress > ROUTE:
        return _xy(red_cell(side, progress - ROUTE))
    return _xy(track_cell(_on_track(side, progress)))


def _on_track(side: int, progress: int) -> int:
    """The track square of a piece of ``side`` that is on its route at ``progress``."""
    q = square(side, progress)
    assert q is not None, f"progress {progress} is off the track"
    return q


def table_svg(
    view: IndiaView,
    numbers: bool = False,
    selected: int | None = None,
    targets: Sequence[tuple[str, int]] = (),
    clickable: Sequence[int] = (),
    names: Sequence[str] | None = None,
    last: Event | None = None,
) -> str:
    """The board from a ``view``. ``numbers`` writes each track square's number;
    ``clickable`` pieces of the seat to move carry ``data-intent="piece:i"``; ``selected``
    marks one; ``targets`` are ``(intent, progress)`` pairs drawn as green rings where the
    selected piece may go (a click sends the intent), each with its number of steps.
    ``last``: the action just taken (``state.public``): the piece that moved is ringed and its
    path drawn, a capture sends a dashed line to the victim's corner, and a throw no move could
    use shows beside the thrower's corner. The dice being played show beside the mover's
    corner."""
    names = names or [f"seat {s}" for s in range(view["players"])]
    out = [el("rect", x=0, y=0, width=SIZE, height=SIZE, fill=BOARD, rx=10)]
    for side in range(4):
        out.append(_corner(side, view))
    for q in range(TRACK):
        cell = track_cell(q)
        out.append(_square(cell, SAFE if q in BLUE else WHITE))
        if q in BLUE:  # a safe square: blue and starred
            x, y = _xy(cell)
            out.append(text(x + 6.5, y - 2.5, "★", 10.5, text_anchor="middle", fill=INK))
        if numbers:
            x, y = _xy(cell)
            out.append(text(x, y + 4, str(q), 11, text_anchor="middle", fill="#6c757d"))
    for side in range(4):
        for k in range(1, 8):
            out.append(_square(red_cell(side, k), RED))
        x, y = _xy(track_cell(entry_square(side)))  # each side's entry square, in its colour
        out.append(
            el(
                "rect",
                x=x - CELL / 2 + 2.5,
                y=y - CELL / 2 + 2.5,
                width=CELL - 5,
                height=CELL - 5,
                fill="none",
                stroke=FILL[COLOURS[side]],
                stroke_width=3,
            )
        )
    x0, y0 = _xy((8, 8))
    out.append(
        el(
            "rect",
            x=x0 - CELL / 2,
            y=y0 - CELL / 2,
            width=3 * CELL,
            height=3 * CELL,
            fill=CENTRE,
            stroke=INK,
            stroke_width=1.5,
        )
    )
    cx, cy = _xy((9, 9))
    out.append(text(cx, cy + 4, "INDIA", 12, text_anchor="middle", fill=INK, font_weight="bold"))
    out.append(_seat_names(view, names))
    out.append(_dice_in_play(view, last))
    out.append(_last_path(view, last))
    moved = last.mark("piece") if last else None
    out.append(_pieces(view, selected, clickable, moved))
    for intent, progress in targets:
        seat = view["turn"]
        x, y = _centre_of(view, seat, progress)
        steps = intent.split(":")[2] if intent.startswith("move:") else ""
        ring = el(
            "circle",
            cx=x,
            cy=y,
            r=12,
            fill=TARGET,
            fill_opacity=0.35,
            stroke=TARGET,
            stroke_width=3,
        )
        label = text(x, y + 5, steps, 14, text_anchor="middle", fill=INK, font_weight="bold")
        out.append(el("g", ring + label, data_intent=intent, aria_label=_target_label(intent)))
    title = f"India board: {position_text(view)}"
    return table_document(SIZE, SIZE, "".join(out), title, view, last)


def _piece_label(view: IndiaView, seat: int, i: int, progress: int) -> str:
    """Words for a piece: ``"your yellow piece 2, on square 14"``."""
    side = view["sides"][seat]
    if progress == CORNER:
        where = "in your corner, not entered yet"
    elif progress > ROUTE:
        where = f"on red square {progress - ROUTE}"
    else:
        where = f"on square {square(side, progress)}"
    return f"your {COLOURS[side]} piece {i}, {where}"


def _target_label(intent: str) -> str:
    """Words for a green ring: ``"enter a piece"``, ``"move piece 2 by 5"``."""
    if intent == "enter":
        return "enter a piece"
    _, piece, steps = intent.split(":")
    return f"move piece {piece} by {steps}"


def _corner(side: int, view: IndiaView) -> str:
    colour = COLOURS[side]
    (a, b) = corner_cell(side)
    x, y = MARGIN + (a - 3.5) * CELL, MARGIN + (b - 3.5) * CELL
    seated = side in view["sides"]
    return el(
        "rect",
        x=x + 3,
        y=y + 3,
        width=8 * CELL - 6,
        height=8 * CELL - 6,
        rx=14,
        fill=FILL[colour],
        fill_opacity=0.55 if seated else 0.15,
        stroke=FILL[colour],
        stroke_width=3,
    )


def _seat_names(view: IndiaView, names: Sequence[str]) -> str:
    out = []
    for seat, side in enumerate(view["sides"]):
        x, y = _xy(corner_cell(side))
        mark = " ◀" if view["turn"] == seat and view["to_move"] is not None else ""
        out.append(
            text(
                x,
                y - 2.3 * CELL,
                f"{names[seat]}{mark}",
                15,
                text_anchor="middle",
                fill=INK,
                font_weight="bold",
            )
        )
        out.append(text(x, y + 2.8 * CELL, COLOURS[side], 13, text_anchor="middle", fill=INK))
    return "".join(out)


def _pieces(
    view: IndiaView,
    selected: int | None,
    clickable: Sequence[int],
    moved: tuple[int, int] | None = None,
) -> str:
    """Every piece; pieces sharing a place stand side by side, each with its number legible,
    and two pieces on one track square (a blockade) get a red ring. ``moved`` (seat, piece):
    the piece that just moved, ringed."""
    groups: dict[tuple[str, int], list[tuple[int, int, int]]] = {}
    for seat, mine in enumerate(view["pieces"]):
        for i, p in enumerate(mine):
            groups.setdefault(_place(view, seat, p), []).append((seat, i, p))
    out = []
    for (kind, _), members in groups.items():
        blockade = kind == "track" and len(members) == 2
        for k, (seat, i, p) in enumerate(members):
            x, y, r, size = _spot(view, seat, p, kind, k, len(members))
            seat_to_move = seat == view["turn"] and view["to_move"] == seat
            kw = {}
            if seat_to_move and i in clickable:
                kw = {"data_intent": f"piece:{i}", "aria_label": _piece_label(view, seat, i, p)}
            colour = COLOURS[view["sides"][seat]]
            body = _piece(x, y, colour, i, r=r, ring=blockade, size=size, **kw)
            if (seat, i) == moved:
                halo = el("circle", cx=x, cy=y, r=r + 4, fill="none", stroke=LAST, stroke_width=3)
                body = el("g", halo, class_="tt-last") + body
            if seat_to_move and i == selected:
                body = (
                    el(
                        "circle",
                        cx=x,
                        cy=y,
                        r=r + 4,
                        fill="none",
                        stroke=INK,
                        stroke_width=2.5,
                        stroke_dasharray="4 2",
                    )
                    + body
                )
            out.append(body)
    return "".join(out)


def _spot(
    view: IndiaView, seat: int, progress: int, kind: str, k: int, n: int
) -> tuple[float, float, float, float]:
    """Centre, radius and number size of the ``k``-th of ``n`` pieces sharing a place: in a
    corner a square of four; two on a square side by side; more (red path, centre) two by two."""
    x, y = _centre_of(view, seat, progress)
    if kind.startswith("corner"):
        return x + (k % 2 - 0.5) * 1.5 * CELL, y + (k // 2 - 0.5) * 1.5 * CELL, 11, 14
    if n == 1:
        return x, y, 10, 14
    if n == 2:
        return x + (k - 0.5) * 15, y, 8, 13.5
    return x + (k % 2 - 0.5) * 13, y + (k // 2 - 0.5) * 13, 7, 12


def _last_path(view: IndiaView, last: Event | None) -> str:
    """The path of the piece that just moved, square by square, and for a capture a dashed
    line from the square to the captured piece's corner."""
    path = last.mark("path") if last else None
    if not last or not path:
        return ""
    seat = last.seat
    assert seat is not None  # a piece moved: its seat moved it
    start, end = path
    points = [_centre_of(view, seat, p) for p in (start, *range(max(start, 0) + 1, end + 1))]
    if start == CORNER:
        points = [_centre_of(view, seat, CORNER), _centre_of(view, seat, 0)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    out = el(
        "polyline",
        points=line,
        fill="none",
        stroke=LAST,
        stroke_width=5,
        stroke_opacity=0.75,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    captured = last.mark("captured")
    if captured:
        victim, _k, was = captured
        (x1, y1), (x2, y2) = _centre_of(view, victim, was), _centre_of(view, victim, CORNER)
        out += el(
            "line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke="#9b2226",
            stroke_width=3,
            stroke_dasharray="6 4",
        )
    return el("g", out, class_="tt-last")


def _dice_in_play(view: IndiaView, last: Event | None) -> str:
    """Small dice beside a corner: the throw the seat to move is playing (used dice grey),
    or a throw just lost (no move could use it)."""
    lost = last.mark("throw") if last and last.mark("lost") else None
    if lost and last is not None and last.seat is not None:
        seat, faces, used, note = last.seat, lost, [False, False], "no move"
    elif view["thrown"] and view["to_move"] == view["turn"]:
        seat, faces, note = view["turn"], view["thrown"], ""
        used = used_dice(faces, view["dice"])
    else:
        return ""
    x, y = _xy(corner_cell(view["sides"][seat]))
    size = 26
    dice = "".join(
        _die(x + 1.3 * CELL + k * (size + 5), y - size / 2, size, v, bool(used[k]))
        for k, v in enumerate(faces)
    )
    if note:
        dice += text(x + 1.3 * CELL + size + 2, y + size, note, 13, text_anchor="middle", fill=INK)
    return el("g", dice, class_="tt-last" if last and last.mark("throw") else None)


def used_dice(faces: Sequence[int], left: Sequence[int]) -> list[bool]:
    """Which of the two dice ``faces`` are used, ``left`` being the dice still to play (the
    dice left are the last ones shown)."""
    rest, used = list(left), list[bool]()
    for v in reversed(faces):
        used.insert(0, v not in rest)
        if v in rest:
            rest.remove(v)
    return used


def _die(x: float, y: float, size: float, value: int, used: bool = False) -> str:
    """One die with its top-left corner at (x, y); a used die is greyed."""
    out = [
        el(
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=size * 0.17,
            fill="#e9ecef" if used else "#ffffff",
            stroke=INK,
            stroke_width=2 if size > 30 else 1.5,
        )
    ]
    for dx, dy in PIPS[value]:
        out.append(
            el(
                "circle",
                cx=x + size / 2 + dx * size * 0.27,
                cy=y + size / 2 + dy * size * 0.27,
                r=size * 0.09,
                fill="#adb5bd" if used else INK,
            )
        )
    return "".join(out)


def position_text(view: IndiaView) -> str:
    """The pieces in words, for screen readers and the picture's title."""
    return "; ".join(
        f"{COLOURS[view['sides'][s]]} {' '.join(view['squares'][s])}"
        for s in range(view["players"])
    )


def dice_svg(
    values: Sequence[int] | None, used: Sequence[bool] = (False, False), size: int = 52
) -> str:
    """Two dice showing ``values`` (blank before the first throw); a used die is greyed."""
    out = []
    for k in range(2):
        x = 6 + k * (size + 12)
        done = bool(used[k]) if k < len(used) else False
        if values:
            out.append(_die(x, 6, size, values[k], done))
        else:
            out.append(
                el("rect", x=x, y=6, width=size, height=size, rx=9, fill="#ffffff", stroke=INK)
            )
    shown = "-".join(map(str, values)) if values else "not thrown"
    return document(2 * size + 24, size + 12, "".join(out), f"dice: {shown}")


def state_svg(state: IndiaState) -> str:
    """A game state as a picture (what IPython shows for an ``IndiaState``)."""
    return table_svg(state.view(0))


__all__ = [
    "dice_svg",
    "position_text",
    "red_cell",
    "state_svg",
    "table_svg",
    "track_cell",
    "used_dice",
]
