"""Pictures of the license-plate game: a plate, a card back, an Auto Stand, the whole table.

Pure functions from engine values (or a seat's ``view``) to SVG strings. A table drawn from a
view can only show what that seat may see: the other stands show a card back.
"""

from __future__ import annotations

import math

from engine import Event
from engine.plates import Plate, PlateFace, PlatesState, PlatesView, RoundSeen

from ..words import joined, says
from .svg import MONO, bubble, document, el, group, table_document, text

PLATE_W, PLATE_H = 168, 84
INK, PAPER, MARK = "#1d3557", "#fbfaf3", "#ffd166"
TABLE_W, TABLE_H = 780, 540


def _plate(p: Plate | PlateFace) -> Plate:
    return p if isinstance(p, Plate) else Plate(**p)


def plate_body(p: Plate | PlateFace, highlight: int | None = None, clickable: bool = False) -> str:
    """A plate's face at (0, 0): the fine across the top (it decides who pays, so it reads at
    14 px in Large print even on the small plates of the other stands), six digits in two
    groups. Digits equal to ``highlight`` are marked with a yellow box *and* an underline (not
    colour alone)."""
    plate = _plate(p)
    out = [
        _card_edge(PAPER, INK),
        el(
            "rect",
            x=7,
            y=7,
            width=PLATE_W - 14,
            height=PLATE_H - 14,
            rx=6,
            fill="none",
            stroke=INK,
            stroke_width=0.8,
        ),
        text(
            PLATE_W / 2,
            21,
            f"FINE ${plate.fine}",
            13.5,
            text_anchor="middle",
            fill="#9b2226",
            font_weight="bold",
            letter_spacing=1,
        ),
    ]
    for i, ch in enumerate(plate.number):
        x = 18 + i * 22 + (12 if i >= 3 else 0)
        digit = int(ch)
        marked = digit == highlight
        cell = []
        if marked:
            cell.append(el("rect", x=x - 2, y=31, width=21, height=36, rx=3, fill=MARK))
            cell.append(el("rect", x=x, y=63, width=17, height=3, fill=INK))
        cell.append(
            text(
                x + 8.5,
                58,
                ch,
                30,
                text_anchor="middle",
                fill=INK,
                font_family=MONO,
                font_weight="bold",
            )
        )
        if clickable:
            out.append(
                el(
                    "g",
                    "".join(cell),
                    data_intent=f"digit:{digit}",
                    aria_label=f"bid on {digit}'s",
                    class_="tt-hot",
                )
            )
        else:
            out.extend(cell)
    return "".join(out)


def back_body(label: str = "") -> str:
    """A plate card seen from behind (what the others see of your stand)."""
    stripes = "".join(
        el(
            "line",
            x1=10 + 14 * k,
            y1=8,
            x2=-20 + 14 * k,
            y2=PLATE_H - 8,
            stroke="#e9c46a",
            stroke_width=1.2,
            stroke_opacity=0.5,
        )
        for k in range(2, 11)  # every stripe inside the card's edge
    )
    return (
        _card_edge("#264653", "#1b2f38")
        + stripes
        + text(
            PLATE_W / 2,
            PLATE_H / 2 + 8,
            label or "?",
            24,
            text_anchor="middle",
            fill="#fbfaf3",
            font_weight="bold",
        )
    )


def _card_edge(fill: str, stroke: str) -> str:
    """The rounded outline every plate card shares, face or back."""
    return el(
        "rect",
        x=1,
        y=1,
        width=PLATE_W - 2,
        height=PLATE_H - 2,
        rx=9,
        fill=fill,
        stroke=stroke,
        stroke_width=2.5,
    )


def plate_svg(p: Plate | PlateFace, highlight: int | None = None) -> str:
    """One plate card as a standalone SVG."""
    plate = _plate(p)
    return document(PLATE_W, PLATE_H, plate_body(plate, highlight), f"license plate {plate}")


def stand_body(
    face: str, name: str, money: int, left: int, to_move: bool = False, out: bool = False
) -> str:
    """An Auto Stand: a little car whose rear window shows ``face`` (a plate or a back), with
    the owner's name, money and plates left. The player to move gets a gold frame and a ▶."""
    w, h = PLATE_W + 24, PLATE_H + 62
    body = [
        el(
            "rect",
            x=0,
            y=0,
            width=w,
            height=h,
            rx=14,
            fill="#fff7d6" if to_move else "#f1f3f5",
            stroke="#e09f3e" if to_move else "#adb5bd",
            stroke_width=4 if to_move else 1.5,
        ),
        el(
            "path",
            d=f"M12 {h - 30} L12 40 Q12 22 34 22 L{w - 34} 22 Q{w - 12} 22 {w - 12} 40 "
            f"L{w - 12} {h - 30} Z",
            fill="#8d99ae",
            stroke="#2b2d42",
            stroke_width=1.5,
        ),
        el("circle", cx=30, cy=h - 30, r=11, fill="#2b2d42"),
        el("circle", cx=w - 30, cy=h - 30, r=11, fill="#2b2d42"),
        group(face, 12, 26),
        text(12, 16, ("▶ " if to_move else "") + name, 14, font_weight="bold", fill="#212529"),
        text(w - 12, 16, f"${money}", 14, text_anchor="end", fill="#2d6a4f", font_weight="bold"),
        text(
            w / 2,
            h - 6,
            f"{left} plate{'s' if left != 1 else ''} in stand",
            13.5,
            text_anchor="middle",
            fill="#495057",
        ),
    ]
    if out:
        body.append(
            el("rect", x=0, y=0, width=w, height=h, rx=14, fill="#f8f9fa", fill_opacity=0.8)
        )
        body.append(
            text(
                w / 2,
                h / 2 + 8,
                "OUT",
                26,
                text_anchor="middle",
                fill="#6c757d",
                font_weight="bold",
            )
        )
    return "".join(body)


def _seat_xy(k: int, n: int) -> tuple[float, float]:
    """Position of the seat k places to the viewer's left; the viewer sits at the bottom and
    play goes clockwise (to the viewer's left, up, then right)."""
    a = math.pi / 2 + 2 * math.pi * k / n
    return TABLE_W / 2 + 290 * math.cos(a), 262 + 185 * math.sin(a)


def table_svg(
    view: PlatesView,
    names: list[str] | None = None,
    reveal: RoundSeen | None = None,
    highlight: int | None = None,
    clickable: bool = False,
    last: Event | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``): the plates face up are
    the view's ``hands`` and ``pile_tops`` (a teacher's view, ``reveal=True``, has them all).
    A view whose ``seat`` is None (a room's onlooker) is drawn with seat 0 at the bottom,
    every seat evenly round the table (none face up).
    ``reveal``: a finished round (``view["rounds"][-1]``) whose plates are shown with the bid
    digit marked. ``clickable``: the viewer's own digits send ``digit:N`` intents. ``last``:
    the call just made (``state.public``), marked in a bubble over the caller's stand.
    """
    n, me = view["players"], view["seat"]
    names = names or [f"Seat {s}" for s in range(n)]
    first = 0 if me is None else me  # the onlooker's view: seat 0 at the bottom
    if reveal:
        faces = {who: p for who, p in reveal["in_play"]}
        highlight = reveal["bid_digit"]
    else:
        faces = {f"seat {s}": p for s, p in enumerate(view["hands"]) if p}
        faces |= {f"pile {k}": p for k, p in enumerate(view["pile_tops"]) if p}
    scale = 0.8 if n <= 4 else 0.68
    parts = [
        el(
            "ellipse",
            cx=TABLE_W / 2,
            cy=262,
            rx=300,
            ry=200,
            fill="#2d6a4f",
            stroke="#1b4332",
            stroke_width=6,
        )
    ]
    for k in range(n):
        s = (first + k) % n
        face_plate = faces.get(f"seat {s}")
        mine = s == me and not reveal
        if not view["live"][s]:
            face = ""  # out of the game: his stand is empty
        elif face_plate:
            face = plate_body(face_plate, highlight, clickable=clickable and mine)
        else:
            face = back_body()
        stand = stand_body(
            face,
            names[s],
            view["scores"][s],
            view["stand_sizes"][s],
            to_move=view["to_move"] == s and not reveal,
            out=not view["live"][s],
        )
        x, y = _seat_xy(k, n)
        w, h = (PLATE_W + 24) * scale, (PLATE_H + 62) * scale
        seen = f"plate {_plate(face_plate)}" if face_plate else "plate face down"
        label = f"{names[s]}: " + (seen if view["live"][s] else "out of the game")
        parts.append(group(stand, x - w / 2, y - h / 2, scale, data_seat=s, aria_label=label))
        call = last.mark("call") if last and last.seat == s and not reveal else None
        if call:
            parts.append(bubble(x, y - h / 2 - 17, call))  # above the name, not over it
    parts.append(_centre(view, names, faces, reveal, highlight))
    title = _title(view, names, reveal)
    return table_document(TABLE_W, TABLE_H, "".join(parts), title, view, last)


def _centre(
    view: PlatesView,
    names: list[str],
    faces: dict[str, PlateFace],
    reveal: RoundSeen | None,
    hl: int | None,
) -> str:
    parts = []
    piles = view["pile_sizes"]
    for p, size in enumerate(piles):
        x = TABLE_W / 2 - (len(piles) * 150 - 18) / 2 + p * 150
        face = faces.get(f"pile {p}")
        body = plate_body(face, hl) if face else back_body(f"{size}")
        parts.append(group(body, x, 150, 0.78))
        parts.append(
            text(x + 66, 228, f"pile {p}: {size} left", 11, text_anchor="middle", fill="#d8f3dc")
        )
    lines = _centre_lines(view, names, reveal)
    y = 258 if piles else 190
    for i, line in enumerate(lines):
        parts.append(
            text(
                TABLE_W / 2,
                y + 22 * i,
                line,
                17 if i == 0 else 14,
                text_anchor="middle",
                fill="#ffffff",
                font_weight="bold" if i == 0 else None,
            )
        )
    return "".join(parts)


def _centre_lines(view: PlatesView, names: list[str], reveal: RoundSeen | None) -> list[str]:
    if reveal:
        head = f"Round {reveal['round'] + 1}: {names[reveal['bidder']]} bid {reveal['bid']}"
        if reveal["cancelled"]:
            return [head, "Everyone agreed: the bidder cancelled the round."]
        verdict = "TRUE" if reveal["bid_true"] else "FALSE"
        lines = [head, f"{reveal['count']} × {reveal['bid_digit']}'s in play: the bid is {verdict}"]
        for payer, payee, dollars in reveal["payments"][:4]:
            lines.append(f"{says(names[payer], 'pay')} {names[payee]} ${dollars}")
        if len(reveal["payments"]) > 4:
            lines.append(f"... and {len(reveal['payments']) - 4} more payments")
        return lines
    if view["to_move"] is None:
        best = max(view["scores"])
        won = [names[s] for s, m in enumerate(view["scores"]) if m == best]
        win = says(won[0], "win") if len(won) == 1 else f"{joined(won)} win"
        return ["Game over", f"{win} with ${best}"]
    head = f"Round {view['round'] + 1} of {view['rounds_total']}"
    sb = view["standing_bid"]
    if not sb:
        return [head, f"{says(names[view['opener']], 'bid')} first"]
    lines = [head, f"Standing bid: {sb['bid']} ({names[sb['bidder']]})"]
    answers = ", ".join(says(names[s], c) for s, c in view["answers"])
    if answers:
        lines.append(answers)
    return lines


def _title(view: PlatesView, names: list[str], reveal: RoundSeen | None) -> str:
    return "License-plate table. " + " ".join(_centre_lines(view, names, reveal))


def state_svg(state: PlatesState, seat: int = 0) -> str:
    """The whole table with every plate in play face up, drawn from ``seat``'s place: the
    teacher's view without its banner. This is how a plates state shows itself in a notebook."""
    view = state.view(seat, reveal=True)
    view["revealed"] = False
    return table_svg(view)
