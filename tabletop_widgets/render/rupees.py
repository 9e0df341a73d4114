"""Pictures of Make-A-Million Rupees: a Rupee card, a hand, the trick, the whole table.

Pure functions from engine values (or a seat's ``view``) to SVG strings. Each colour differs
in shape and letter as well as in colour (Red ● R, Yellow ▲ Y, Black ■ B, Green ◆ G), so the
cards read without colour vision; Money cards carry a gold band with their ₹ amount; the three
specials have their own faces (striped Tiger, Lion ×2, Bear ×0). A table drawn from a view
shows only what that seat may see: the other hands are card backs.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import cast

from engine import Event
from engine.rupees import (
    BEAR,
    COLOUR_NAMES,
    LION,
    SPECIAL_NAMES,
    TIGER,
    RupeeCard,
    known_side,
    rupees,
)
from engine.rupees.rules import RupeesState
from engine.rupees.scoring import ResultView
from engine.rupees.view import RupeesView

from ..words import joined, says
from .cards import CARD_H, CARD_W, card_edge
from .svg import bubble, document, el, group, table_document, text

INK = {"R": "#c1121f", "Y": "#9a6700", "B": "#1b1b1b", "G": "#2d6a4f"}
BAND = {"R": "#c1121f", "Y": "#f4c430", "B": "#1b1b1b", "G": "#2d6a4f"}
ON_BAND = {"R": "#ffffff", "Y": "#1b1b1b", "B": "#ffffff", "G": "#ffffff"}
SHAPE = {"R": "●", "Y": "▲", "B": "■", "G": "◆"}
PAPER, EDGE, GOLD, BACK, FELT = "#fffdf7", "#495057", "#e9c46a", "#6a040f", "#2d6a4f"
TABLE_W, TABLE_H = 860, 582
RAISE = 12
CY = 205
"""The middle of the felt; the viewer's own hand is drawn large below the felt."""
HAND_SCALE = 1.6
"""The viewer's own cards, this much larger than the others' (the cards he clicks)."""
STRIP = 36
"""How much of each card a fanned hand shows, in a card's own units: its rank, amount or name
at the left, whole. A hand too long for that at HAND_SCALE is drawn smaller."""
TRICK_SCALE = 1.15
"""The cards in the trick, larger than their picture in a hand: read from the back row."""
TURN = {
    "bid": "to bid",
    "discard": "to discard",
    "trump": "to name trumps",
    "call": "to call",
    "play": "to play",
}
"""What the seat to move is doing, beside its name."""


def card_name(card: RupeeCard) -> str:
    """Words for a screen reader: ``"Red ₹40,000"``, ``"Yellow 11"``, ``"Bengal Tiger"``."""
    if card.is_special:
        return SPECIAL_NAMES[card.rank]
    face = rupees(card.money) if card.is_money else card.rank
    return f"{COLOUR_NAMES[card.colour]} {face}"


def _coloured(card: RupeeCard) -> list[str]:
    """A coloured card's face. What it says is written from the left, within the ``STRIP`` a
    fanned hand shows: the rank in the band, a Money card's amount (₹40 over ,000) or a plain
    card's big rank, the colour's shapes; the shape and letter at the top right are repeated in
    the band's colour, which shows in a fan."""
    c = card.colour
    ink, shape = INK[c], SHAPE[c]
    parts = [
        el("rect", x=1, y=1, width=CARD_W - 2, height=20, rx=5, fill=BAND[c]),
        text(4, 15, card.rank, 12, fill=ON_BAND[c], font_weight="bold", letter_spacing=-0.5),
        text(CARD_W - 5, 15, f"{shape}{c}", 11, text_anchor="end", fill=ON_BAND[c]),
    ]
    if card.is_money:
        parts += [
            el("rect", x=3, y=27, width=CARD_W - 6, height=40, rx=4, fill=GOLD, stroke=ink),
            text(5, 45, "₹" + card.rank[:-1], 14, fill=ink, font_weight="bold"),
            text(5, 61, ",000", 12, fill=ink),
        ]
    else:
        parts.append(text(3, 58, card.rank, 24, fill=ink, font_weight="bold", letter_spacing=-2))
    parts.append(text(5, 80, shape * 3, 11, fill=ink))
    return parts


def _special(card: RupeeCard) -> list[str]:
    if card.rank == TIGER:
        stripes = "".join(
            el("path", d=f"M{x} 22 l10 16 l-8 14", fill="none", stroke="#1b1b1b", stroke_width=3)
            for x in (8, 26, 44)
        )
        return [
            el("rect", x=1, y=1, width=CARD_W - 2, height=CARD_H - 2, rx=5, fill="#f77f00"),
            stripes,
            # the name at the left, as a coloured card's rank: it shows in a fanned hand
            text(2, 15, "TIGER", 11, fill="#1b1b1b", font_weight="bold", letter_spacing=-1.2),
            *(
                text(CARD_W / 2, y, w, 11, text_anchor="middle", fill="#1b1b1b", font_weight="bold")
                for y, w in ((68, "TAKES"), (80, "ALL"))
            ),
        ]
    lion = card.rank == LION
    fill, ink = ("#ffd166", "#6a040f") if lion else ("#7f5539", "#ffffff")
    return [
        el("rect", x=1, y=1, width=CARD_W - 2, height=CARD_H - 2, rx=5, fill=fill),
        el(
            "circle",
            cx=CARD_W / 2,
            cy=44,
            r=17,
            fill="none",
            stroke=ink,
            stroke_width=2,
            stroke_dasharray="4 2" if lion else None,
        ),
        text(
            CARD_W / 2,
            51,
            "×2" if lion else "×0",
            18,
            text_anchor="middle",
            fill=ink,
            font_weight="bold",
        ),
        text(4, 15, "LION" if lion else "BEAR", 12, fill=ink, font_weight="bold"),
        text(CARD_W / 2, 78, "OF INDIA" if lion else "cancels", 11, text_anchor="middle", fill=ink),
    ]


def card_body(
    card: RupeeCard,
    x: float = 0,
    y: float = 0,
    *,
    dim: bool = False,
    selected: bool = False,
    intent: str | None = None,
) -> str:
    """A Rupee card's face with its top-left corner at (x, y). ``dim``: greyed (may not be
    played now); ``selected``: raised and outlined; ``intent``: clickable by the board."""
    parts = [card_edge(PAPER, "#1d3557" if selected else EDGE, 3 if selected else 1.2)]
    parts += _special(card) if card.is_special else _coloured(card)
    if dim:
        parts.append(
            el("rect", x=0, y=0, width=CARD_W, height=CARD_H, rx=6, fill="#ffffff", opacity=0.6)
        )
    name = card_name(card)
    return group(
        "".join(parts),
        x,
        y - (RAISE if selected else 0),
        data_intent=intent,
        aria_label=name
        + (" (selected)" if selected else "")
        + (" (not playable now)" if dim else ""),
    )


def back_body(x: float = 0, y: float = 0, scale: float = 1) -> str:
    """A card back."""
    body = (
        card_edge(BACK, "#370617")
        + el(
            "rect",
            x=6,
            y=6,
            width=CARD_W - 12,
            height=CARD_H - 12,
            rx=4,
            fill="none",
            stroke=GOLD,
            stroke_width=1.5,
        )
        + text(
            CARD_W / 2,
            50,
            "₹",
            24,
            text_anchor="middle",
            fill=GOLD,
            font_weight="bold",
            aria_hidden="true",  # the back's pattern, not a word to read
        )
    )
    return group(body, x, y, scale)


MINI_W, MINI_H = 46, 42
"""A card drawn small (the last trick, the widow): its rank or name and its colour only, in
type that reads at 14 px in Large print at 1920×1080."""
MINI_FACE = {
    TIGER: ("#f77f00", "#1b1b1b", "TIGER", "≫"),
    LION: ("#ffd166", "#6a040f", "LION", "×2"),
}


def mini_body(card: RupeeCard, x: float, y: float) -> str:
    """A small card at (x, y): a coloured card's rank (a Money card's amount) and its colour's
    shape and letter, or a special's name and what it does, at the left where a row that
    overlaps still shows them; named for screen readers like a whole card."""
    if card.is_special:
        fill, ink, top, bottom = MINI_FACE.get(card.rank, ("#7f5539", "#ffffff", "BEAR", "×0"))
    else:
        c = card.colour
        fill, ink, top, bottom = BAND[c], ON_BAND[c], card.rank, f"{SHAPE[c]}{c}"
    body = (
        el("rect", x=0.5, y=0.5, width=MINI_W - 1, height=MINI_H - 1, rx=5, fill=fill,
           stroke=EDGE, stroke_width=1)
        + text(4, 17, top, 13, fill=ink, font_weight="bold", letter_spacing=-0.5)
        + text(4, 35, bottom, 12, fill=ink)
    )  # fmt: skip
    return group(body, x, y, aria_label=card_name(card))


def mini_row(cards: Sequence[RupeeCard], x: float, y: float, width: float) -> tuple[str, float]:
    """Small cards side by side from (x, y) within ``width`` (overlapping when they must);
    the row and the step between two cards."""
    step = min(MINI_W + 4, (width - MINI_W) / max(1, len(cards) - 1))
    return "".join(mini_body(c, x + i * step, y) for i, c in enumerate(cards)), step


def card_svg(card: RupeeCard | str) -> str:
    """One card as a standalone picture (a card at the end of a notebook cell draws itself)."""
    card = card if isinstance(card, RupeeCard) else RupeeCard.from_str(card)
    return document(CARD_W + 4, CARD_H + 4, card_body(card, 2, 2), card_name(card))


def hand_svg(
    cards: Sequence[RupeeCard | str], dim: Collection[str] = (), selected: Collection[str] = ()
) -> str:
    """A row of cards (codes in ``dim`` greyed, in ``selected`` raised)."""
    faces = [c if isinstance(c, RupeeCard) else RupeeCard.from_str(c) for c in cards]
    body = row_body(faces, 4, 4 + RAISE, dim=dim, selected=selected)
    width = int(row_width(len(faces))) + 8
    return document(width, CARD_H + RAISE + 8, body, "cards: " + ", ".join(map(card_name, faces)))


def row_width(n: int, step: float = CARD_W + 4) -> float:
    return 0 if n == 0 else step * (n - 1) + CARD_W


def row_body(
    cards: Sequence[RupeeCard],
    x: float,
    y: float,
    *,
    step: float = CARD_W + 4,
    dim: Collection[str] = (),
    selected: Collection[str] = (),
    clickable: bool = False,
) -> str:
    return "".join(
        card_body(
            c,
            x + i * step,
            y,
            dim=c.code in dim,
            selected=c.code in selected,
            intent=f"card:{c.code}" if clickable else None,
        )
        for i, c in enumerate(cards)
    )


# ---------------------------------------------------------------- the table


def in_play(pairs: Sequence[Sequence[int | str]]) -> list[tuple[int, RupeeCard]]:
    """Cards in play as a view gives them, ``[seat, code]``, as (seat, card)."""
    return [(int(seat), RupeeCard.from_str(str(code))) for seat, code in pairs]


def _face_up(hands: Sequence[Sequence[str] | None]) -> dict[int, Sequence[str]]:
    """The hands a view shows face up (the others are None), by seat."""
    return {s: hand for s, hand in enumerate(hands) if hand is not None}


def _seat_xy(k: int, n: int) -> tuple[float, float]:
    """Where the seat k places to the viewer's left sits (the viewer at the bottom; play goes
    clockwise: left, up, right)."""
    a = math.pi / 2 + 2 * math.pi * k / n
    if n > 4:  # more seats: a flatter ring, clear of the corner boxes
        return TABLE_W / 2 + 330 * math.cos(a), CY + 135 * math.sin(a)
    return TABLE_W / 2 + 330 * math.cos(a), CY + 150 * math.sin(a)


def _side_name(view: RupeesView, seat: int, names: Sequence[str]) -> str:
    """Whom a score belongs to: the seat's team, or with ``call_partner`` the seat alone (the
    scores are kept per player there)."""
    if view["options"]["call_partner"]:
        return names[seat]
    return " + ".join(names[s] for s in known_side(view, seat))


def scoreboard_lines(view: RupeesView, names: Sequence[str]) -> list[str]:
    """The scores in Rupees: one line per side (or per player with ``call_partner``)."""
    n = view["players"]
    seats = range(n) if view["options"]["call_partner"] else range(min(n, 2))
    return [f"{_side_name(view, s, names)}: {rupees(view['scores'][s])}" for s in seats]


def table_svg(
    view: RupeesView,
    names: Sequence[str] | None = None,
    *,
    playable: Collection[str] | None = None,
    selected: Collection[str] = (),
    clickable: bool = False,
    shown: dict[int, Sequence[str]] | None = None,
    result: ResultView | None = None,
    last: Event | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``).

    ``playable``: codes of the viewer's cards he may play now (the others are dimmed).
    ``selected``: cards chosen for the discard. ``clickable``: the viewer's cards send
    ``card:CODE`` intents. ``shown``: other hands face up (a teacher's picture; a teacher's
    view, ``reveal=True``, brings them in ``view["hands"]``). ``result``:
    a finished hand (``view["results"][-1]``) to announce in the middle. ``last``: the action
    just taken (``state.public``): a call in a bubble by its seat, a card just played ringed.
    A view whose ``seat`` is None (a room's onlooker) is drawn from an empty chair: every
    seat around the ring, no hand below.
    """
    n = view["players"]
    me = cast("int | None", view["seat"])  # None: a room's onlooker

    def spot(seat: int) -> tuple[float, float]:
        """Where ``seat`` sits: the viewer at the bottom; the onlooker, who has no hand to
        show there, has seat 0 there, low enough to clear the words in the middle."""
        k = (seat - (me or 0)) % n
        x, y = _seat_xy(k, n)
        return (x, y + 40) if me is None and k == 0 and n <= 4 else (x, y)

    names = list(names or [f"Seat {s}" for s in range(n)])
    shown = _face_up(view["hands"]) | dict(shown or {})
    parts = [
        el(
            "ellipse",
            cx=TABLE_W / 2,
            cy=CY,
            rx=410,
            ry=182,
            fill=FELT,
            stroke="#1b4332",
            stroke_width=6,
        )
    ]
    trick = dict(in_play(view["trick"]))
    played = last.mark("card") if last and not result else None
    for s in range(n):
        if s != me:
            parts.append(_other_seat(view, s, names, *spot(s), shown.get(s), result))
    # the trick in the middle: each card in front of its player (with 6 or 8 players, a row
    # in play order, each card named)
    for i, (s, card) in enumerate(trick.items()):
        w, h = CARD_W * TRICK_SCALE, CARD_H * TRICK_SCALE
        if n > 4:
            tx = TABLE_W / 2 - row_width(len(trick), w + 6) / 2 + i * (w + 6)
            ty = CY - h / 2 - 12
            parts.append(
                text(tx + w / 2, ty + h + 16, names[s], 13, text_anchor="middle", fill="#ffffff")
            )
        else:
            x, y = spot(s)
            tx = TABLE_W / 2 + (x - TABLE_W / 2) * 0.42 - w / 2
            ty = CY + (y - CY) * 0.32 - h / 2
        parts.append(group(card_body(card), tx, ty, TRICK_SCALE))
        if played == card.code and last and last.seat == s:
            parts.append(_ring(tx, ty, TRICK_SCALE))
    parts.append(_centre(view, names, result))
    parts.append(_scoreboard(view, names))
    ringed = last.seat if played and last and last.seat not in trick else None
    parts.append(_last_trick(view, names, ringed))
    if me is not None:
        parts.append(_my_row(view, names, playable, selected, clickable, result))
    call = last.mark("call") if last and not result else None
    if call and last and last.seat is not None:
        x, y = spot(last.seat)
        mine = last.seat == me
        parts.append(bubble(TABLE_W / 2 if mine else x, CY + 150 if mine else y + 64, call, 16))
    title = "Make-A-Million Rupees table. " + " ".join(_centre_lines(view, names, result))
    return table_document(TABLE_W, TABLE_H, "".join(parts), title, view, last)


def _ring(
    x: float, y: float, scale: float = 1, width: float = CARD_W, height: float = CARD_H
) -> str:
    """The mark around the card just played (its top-left corner at (x, y); a card of
    ``width`` × ``height`` drawn at ``scale``)."""
    return el(
        "rect",
        x=x - 4 * scale,
        y=y - 4 * scale,
        width=(width + 8) * scale,
        height=(height + 8) * scale,
        rx=8 * scale,
        fill="none",
        stroke="#e09f3e",
        stroke_width=4,
        class_="tt-last",
    )


SPECIAL_INK = {TIGER: "#c45f00", LION: "#6a040f", BEAR: "#7f5539"}
FACE_UP = 16
"""How much taller a seat's box is with its hand face up (three lines of cards)."""


def _hand_words(cards: Sequence[RupeeCard], room: float) -> str:
    """Another seat's hand face up (a teacher's view), inside its seat's box: each card as its
    colour's shape and rank in that colour's ink (a special by its name), on three lines, in
    type as large as the box allows, to read from the back of a room rather than as cards too
    small to read. ``room``: the height the box gives the three lines."""
    per = max(1, math.ceil(len(cards) / 3))
    lines = [cards[k : k + per] for k in range(0, len(cards), per)]
    parts = [el("rect", x=-91, y=-16, width=182, height=room, rx=5, fill="#fffdf5")]
    words = [
        [
            (c.rank.upper(), SPECIAL_INK[c.rank])
            if c.is_special
            else (f"{SHAPE[c.colour]}{c.rank}", INK[c.colour])
            for c in line
        ]
        for line in lines
    ]
    # widths in ems of bold type: a shape about 0.8, a capital 0.75, a digit or small 0.65;
    # 0.4 between two cards. One size for the hand, the largest its widest line allows.
    ems = [
        [
            0.8 * (not w[0].isalnum())
            + sum(0.75 if ch.isupper() else 0.65 for ch in w if ch.isalnum())
            for w, _ in line
        ]
        for line in words
    ]
    size = min(room / 3 - 3, *(176 / (sum(e) + 0.4 * (len(e) - 1)) for e in ems))
    for row, (line, widths) in enumerate(zip(words, ems, strict=True)):
        x = -size * (sum(widths) + 0.4 * (len(widths) - 1)) / 2
        y = -16 + room / 3 * (row + 1) - 4
        for (word, ink), em in zip(line, widths, strict=True):
            parts.append(text(x, y, word, round(size, 1), fill=ink, font_weight="bold"))
            x += size * (em + 0.4)
    spoken = "cards: " + ", ".join(map(card_name, cards))
    return group("".join(parts), aria_label=spoken, role="img")


def _other_seat(
    view: RupeesView,
    s: int,
    names: Sequence[str],
    x: float,
    y: float,
    face: Sequence[str] | None,
    result: ResultView | None,
) -> str:
    count = view["hand_sizes"][s]
    to_move = view["to_move"] == s
    # a taller box for a hand face up, where the seats around the table leave room for it
    taller = FACE_UP if face and view["players"] <= 6 else 0
    parts = [
        el(
            "rect",
            x=-95,
            y=-44,
            width=190,
            height=92 + taller,
            rx=10,
            fill="#ffd166" if to_move else "#1b4332",
            stroke="#ffffff" if to_move else "none",
            stroke_width=2,
        ),
        text(
            0,
            -24,
            names[s] + (f" ◀ {TURN[view['phase']]}" if to_move else ""),
            15,
            text_anchor="middle",
            fill="#1b1b1b" if to_move else "#ffffff",
            font_weight="bold",
        ),
    ]
    if face:
        parts.append(_hand_words([RupeeCard.from_str(c) for c in face], 44 + taller))
    else:
        for i in range(min(count, 13)):
            parts.append(back_body(-60 + i * 7, -16, 0.42))
    taken = _taken(view, s, result)
    role = " · declarer" if view["declarer"] == s else ""
    ink = "#1b1b1b" if to_move else "#d8f3dc"
    parts.append(
        text(
            0,
            38 + taller,
            f"{count} cards · {taken}{role}" if not result else taken,
            12,
            text_anchor="middle",
            fill=ink,
        )
    )
    return group("".join(parts), x, y, data_seat=s)


def result_lines(result: ResultView, names: Sequence[str]) -> list[str]:
    """A scored hand (a ``ResultView``) in two lines: the contract, then what the declaring
    side took and whether it made the contract."""
    who = names[result["declarer"]]
    verdict = "contract made" if result["made"] else f"set back {rupees(result['contract'])}"
    return [
        f"Hand {result['hand'] + 1}: {who} bid {rupees(result['contract'])}",
        f"{' + '.join(names[s] for s in result['partners'])} took "
        f"{rupees(result['side_capture'])}: {verdict}",
    ]


def _centre_lines(view: RupeesView, names: Sequence[str], result: ResultView | None) -> list[str]:
    if result:
        return result_lines(result, names)
    if view["to_move"] is None:
        best = max(view["scores"])
        won = sorted(
            {_side_name(view, s, names) for s, v in enumerate(view["scores"]) if v == best}
        )
        return ["Game over", f"{winners_win(won)} with {rupees(best)}"]
    phase = view["phase"]
    if phase == "deal":
        return [f"Hand {view['hand_no'] + 1}: {says(names[view['dealer']], 'deal')}"]
    if phase == "bid":
        sb = view["standing_bid"]
        lines = [f"Hand {view['hand_no'] + 1}: bidding"]
        lines.append(
            f"Standing bid {rupees(sb['amount'])} ({names[sb['bidder']]})" if sb else "No bid yet"
        )
        return lines
    declarer, trump = view["declarer"], view["trump"]
    assert declarer is not None, "a declarer once the auction is over"
    decl = names[declarer]
    head = f"{decl} bid {rupees(view['contract'])}"
    if phase == "discard":
        return [
            head,
            f"{says(decl, 'take')} the widow and {says(decl, 'discard')[len(decl) + 1 :]} "
            f"{view['widow_size']}",
        ]
    if phase in ("trump", "call"):
        return [
            head,
            f"{says(decl, 'name')} trumps"
            if phase == "trump"
            else f"{says(decl, 'call')} a partner",
        ]
    assert trump is not None, "trumps named before the play"
    lines = [f"{head} · trumps {SHAPE[trump]} {COLOUR_NAMES[trump]}"]
    if view["called"]:
        lines.append(f"called card: {card_name(RupeeCard.from_str(view['called']))}")
    return lines


def winners_win(sides: Sequence[str]) -> str:
    """ "You win", "Bot 2 wins", "Bot 1 + Bot 3 win": the winning sides and the verb agreeing."""
    if len(sides) == 1 and " + " not in sides[0]:
        return says(sides[0], "win")
    return f"{joined(sides)} win"


def _centre(view: RupeesView, names: Sequence[str], result: ResultView | None) -> str:
    """The announcement: in the middle, or below the trick while one is on the table."""
    lines = _centre_lines(view, names, result)
    y = CY + 118 if view["trick"] and not result else CY - 10
    return "".join(
        text(
            TABLE_W / 2,
            y + 22 * i,
            line,
            16 if i == 0 else 14,
            text_anchor="middle",
            fill="#ffffff",
            font_weight="bold" if i == 0 else None,
        )
        for i, line in enumerate(lines)
    )


def _scoreboard(view: RupeesView, names: Sequence[str]) -> str:
    lines = scoreboard_lines(view, names)
    h = 34 + 16 * len(lines)
    parts = [
        el("rect", x=8, y=8, width=240, height=h + 4, rx=8, fill="#fffdf7", stroke=EDGE),
        text(16, 27, f"Scores (to {rupees(view['target'])})", 14, font_weight="bold"),
    ]
    parts += [text(16, 46 + 17 * i, line, 13) for i, line in enumerate(lines)]
    return "".join(parts)


def _last_trick(view: RupeesView, names: Sequence[str], ringed: int | None = None) -> str:
    """The trick just closed, small, top right: its cards, its winner and its value (the card
    of seat ``ringed`` marked: it closed the trick); below, the widow (face down, or face up
    when this seat may see it) and any Money discarded."""
    parts = []
    x0 = TABLE_W - 232
    t = view["last_trick"]
    if t and (view["tricks"] or view["phase"] in ("deal", "over")):
        cards = [card for _, card in in_play(t["cards"])]
        parts.append(el("rect", x=x0, y=8, width=224, height=92, rx=8, fill="#fffdf7", stroke=EDGE))
        parts.append(
            text(
                x0 + 8,
                24,
                f"Trick {t['number']}: {says(names[t['winner']], 'win')} {rupees(t['value'])}",
                12,
                font_weight="bold",
            )
        )
        row, step = mini_row(cards, x0 + 8, 36, 208)
        parts.append(row)
        seats = [seat for seat, _ in in_play(t["cards"])]
        if ringed in seats:
            parts.append(_ring(x0 + 8 + seats.index(ringed) * step, 36, 1, MINI_W, MINI_H))
    if view["phase"] in ("bid", "discard", "trump", "call"):
        widow = view["widow"]
        label = "Widow (face down)" if widow is None else "Widow (seen)"
        parts.append(el("rect", x=x0, y=8, width=224, height=84, rx=8, fill=PAPER, stroke=EDGE))
        parts.append(text(x0 + 8, 25, label, 13, font_weight="bold"))
        size = view["widow_size"]
        if widow:
            parts.append(mini_row([RupeeCard.from_str(c) for c in widow], x0 + 8, 36, 208)[0])
        else:
            step = min(CARD_W * 0.62 + 4, (208 - CARD_W * 0.62) / max(1, size - 1))
            for i in range(size):
                parts.append(back_body(x0 + 8 + i * step, 34, 0.62))
    discards = view["discards"] or ()  # None: a room's onlooker, who cannot tell them
    money = [c for c in discards if RupeeCard.from_str(c).is_money]
    if money:
        shown = ", ".join(card_name(RupeeCard.from_str(c)) for c in money)
        parts.append(
            text(
                TABLE_W - 8, 120, f"Money discarded: {shown}", 12, text_anchor="end", fill="#ffffff"
            )
        )
    return "".join(parts)


def _my_row(
    view: RupeesView,
    names: Sequence[str],
    playable: Collection[str] | None,
    selected: Collection[str],
    clickable: bool,
    result: ResultView | None,
) -> str:
    me = view["seat"]
    cards = [RupeeCard.from_str(c) for c in view["hand"]]
    dim = set() if playable is None else {c.code for c in cards if c.code not in playable}
    scale = min(HAND_SCALE, (TABLE_W - 20) / (CARD_W + STRIP * max(0, len(cards) - 1)))
    room = (TABLE_W - 20) / scale  # the row's width, in a card's own units
    step = min(CARD_W + 4, (room - CARD_W) / max(1, len(cards) - 1))
    x = (TABLE_W - row_width(len(cards), step) * scale) / 2
    to_move = view["to_move"] == me
    taken = _taken(view, me, result)
    role = " · declarer" if view["declarer"] == me else ""
    turn = f" ◀ {TURN[view['phase']]}" if to_move else ""
    label = f"{names[me]}{turn} · {taken}{role}"
    row = row_body(cards, 0, 0, step=step, dim=dim, selected=selected, clickable=clickable)
    return text(
        TABLE_W / 2, 410, label, 17, text_anchor="middle", fill="#1b1b1b", font_weight="bold"
    ) + group(row, x, 440, scale)


def _taken(view: RupeesView, seat: int, result: ResultView | None) -> str:
    """Tricks taken so far this hand, or (a hand just scored) the ₹ taken in it."""
    if result:
        return f"took {rupees(result['captured'][seat])}"
    k = sum(1 for t in view["tricks"] if t["winner"] == seat)
    return f"{k} trick" + ("" if k == 1 else "s")


def state_svg(state: RupeesState, seat: int = 0) -> str:
    """The table with every hand face up (a teacher's picture), drawn from ``seat``'s place.
    This is how a Rupees state shows itself in a notebook."""
    return table_svg(state.view(seat), shown=_face_up(state.view(seat, reveal=True)["hands"]))
