"""Pictures of Michigan: the layout of boodle cards with their chip piles, each player's played
cards in front of him, the current run, the hands, and the chips.

Pure functions from a seat's ``view`` to SVG strings. A table drawn from a view shows only what
that seat may see: the other hands (and the dead hand, unless the viewer exchanged for it) are
card backs.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from engine.cards import SUIT_SYMBOLS, Card
from engine.michigan import BOODLE, NEXT_UP

from ..words import says
from .cards import CARD_W, back_body, card_body, card_name
from .svg import el, group, table_document, text

TABLE_W, TABLE_H = 1000, 780
CX, CY, RX, RY = 500, 330, 390, 250
PANEL_W, PANEL_H = 204, 112
FELT, FELT_EDGE, CHIP, CHIP_EDGE, GOLD = "#2d6a4f", "#1b4332", "#e63946", "#ffffff", "#e09f3e"
BOODLE_X = [310, 425, 540, 655]
BOODLE_Y = 222
STOP_WORDS = {
    "ace": "an ace stops every run",
    "dead": "the next card, {nxt}, is in the dead hand",
    "played": "the next card, {nxt}, is already played",
    "withheld": "its holder withheld the next card, {nxt} (a mistake)",
}
"""Why a run stopped, said to the players: ``Stop.cause`` -> words (``{nxt}``: the next card
up). The one copy: the table's log and its picture both read it."""


def _card(text_: str) -> Card:
    return Card.from_str(text_)


def chip_pile(x: float, y: float, chips: int) -> str:
    """A pile of chips (one disc drawn per chip, at most eight) with the count under it."""
    discs = "".join(
        el(
            "ellipse",
            cx=x,
            cy=y - 5 * k,
            rx=14,
            ry=6,
            fill=CHIP,
            stroke=CHIP_EDGE,
            stroke_width=1.5,
        )
        for k in range(min(chips, 8))
    )
    label = text(
        x, y + 22, f"{chips}", 14, text_anchor="middle", fill="#ffffff", font_weight="bold"
    )
    return discs + label


def layout_body(boodle: Sequence[dict]) -> str:
    """The four boodle cards, each with its pile of chips beside it."""
    out = []
    for pile, x in zip(boodle, BOODLE_X, strict=True):
        card = _card(pile["card"])
        out.append(group(card_body(card, label=f"boodle {card_name(card)}"), x, BOODLE_Y, 0.8))
        out.append(chip_pile(x + 70, BOODLE_Y + 48, pile["chips"]))
    return "".join(out)


def small_row(cards: Sequence[str | None], x: float, y: float, scale: float, step: float) -> str:
    """Cards (a face, or None for a back) side by side at a reduced ``scale``."""
    body = "".join(
        back_body(i * step / scale, 0) if c is None else card_body(_card(c), i * step / scale, 0)
        for i, c in enumerate(cards)
    )
    return group(body, x, y, scale)


def seat_xy(k: int, n: int) -> tuple[float, float]:
    """The centre of the panel of the seat ``k`` places to the viewer's left; the viewer sits
    at the bottom and play goes clockwise (to the viewer's left, up, then right)."""
    a = math.pi / 2 + 2 * math.pi * k / n
    return CX + RX * math.cos(a), CY + RY * math.sin(a)


def seat_panel(
    name: str,
    chips: int,
    hand: Sequence[str | None],
    played: Sequence[str],
    *,
    dealer: bool = False,
    to_move: bool = False,
    out: bool = False,
    width: float = PANEL_W,
    spelled: bool = False,
) -> str:
    """A player's place: name and chips, his hand (backs where the viewer may not see), and
    the cards he has played face up in front of him. The player to move gets a gold frame.
    ``spelled``: a face-up hand is written out in two lines (a teacher's view, readable on a
    projector) instead of a row of small cards."""
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=width,
            height=PANEL_H,
            rx=10,
            fill="#fff7d6" if to_move else "#f1f3f5",
            stroke=GOLD if to_move else "#adb5bd",
            stroke_width=4 if to_move else 1.5,
        ),
        text(8, 18, ("▶ " if to_move else "") + name, 14, font_weight="bold", fill="#212529"),
        text(width - 8, 18, f"{chips} chips", 13, text_anchor="end", fill="#2d6a4f"),
    ]
    if dealer:
        parts.append(el("circle", cx=width - 84, cy=13, r=9, fill=GOLD))
        parts.append(text(width - 84, 17.5, "D", 12, text_anchor="middle", font_weight="bold"))
    if out:
        parts.append(text(width / 2, 66, "left the game", 14, text_anchor="middle", fill="#6c757d"))
        return "".join(parts)
    count = len(hand)
    if spelled and None not in hand:
        for i in range(0, min(count, 14), 7):
            line = " ".join(hand[i : i + 7])
            parts.append(text(8, 38 + 2 * i, line, 12, fill="#212529", font_weight="bold"))
    else:
        parts.append(small_row(list(hand)[:13], 8, 26, 0.36, 8 if count > 8 else 12))
        parts.append(
            text(width - 8, 44, f"{count} card{'s' if count != 1 else ''}", 12, text_anchor="end")
        )
    parts.append(small_row(played, 8, 60, 0.42, min(15, (width - 36) / max(len(played), 1))))
    if played:
        parts.append(text(width - 8, 100, "played", 11, text_anchor="end", fill="#6c757d"))
    return "".join(parts)


def run_cards(view: dict) -> list[str]:
    """The cards of the current run (or of the run that just stopped), in order."""
    cards: list[str] = []
    for kind, _seat, card, *_ in view["events"]:
        if kind == "lead":
            cards = [card]
        elif kind == "play":
            cards.append(card)
    return cards


def latest(events: Sequence[Sequence]) -> list[Sequence]:
    """The last card played and what followed it (a boodle won, a stop, the payments)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] in ("lead", "play"):
            return list(events[i:])
    return list(events)


def stop_line(stop: dict | None, names: Sequence[str]) -> str:
    """``"Stop after 7♣ (Bot 2): the next card, 8♣, is in the dead hand"``."""
    if stop is None:
        return ""
    card = _card(stop["card"])
    nxt = NEXT_UP[card]
    why = STOP_WORDS[stop["cause"]].format(nxt=nxt)
    return f"Stop after {card} ({names[stop['seat']]}): {why}"


def _arrow(x1: float, y1: float, x2: float, y2: float, label: str) -> str:
    """A dashed gold arrow (chips flowing) from (x1, y1) to (x2, y2), labelled at its middle."""
    length = math.hypot(x2 - x1, y2 - y1) or 1
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = [
        (x2, y2),
        (x2 - 14 * ux + 7 * uy, y2 - 14 * uy - 7 * ux),
        (x2 - 14 * ux - 7 * uy, y2 - 14 * uy + 7 * ux),
    ]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in head)
    return (
        el(
            "line",
            x1=round(x1, 1),
            y1=round(y1, 1),
            x2=round(x2 - 10 * ux, 1),
            y2=round(y2 - 10 * uy, 1),
            stroke=GOLD,
            stroke_width=3,
            stroke_dasharray="7 4",
        )
        + el("polygon", points=points, fill=GOLD)
        + text(
            (x1 + x2) / 2,
            (y1 + y2) / 2 - 6,
            label,
            15,
            text_anchor="middle",
            fill="#ffd166",
            font_weight="bold",
        )
    )


def table_svg(
    view: dict,
    names: Sequence[str] | None = None,
    *,
    legal: Collection[str] = (),
    mistakes: Collection[str] = (),
    clickable: bool = False,
    reveal: dict | None = None,
    shown: dict[int, Sequence[str]] | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``).

    ``legal``: the viewer's cards he may play now (raised; the rest dimmed); ``mistakes``: the
    ones among them that break a rule (teaching mode: marked with a warning). ``clickable``:
    every card of the viewer's hand sends ``card:<card>`` (a dimmed one is refused with the
    engine's reason). ``reveal``: a finished deal (``view["results"][-1]``) to show with its
    payments. ``shown``: hands to show face up beyond the view (a teacher's picture); a
    teacher's view (``reveal=True``) brings every hand in ``view["hands"]``.
    """
    n, me = view["players"], view["seat"]
    names = list(names or [f"Seat {s}" for s in range(n)])
    seen = {s: h for s, h in enumerate(view["hands"]) if h is not None}
    shown = seen | dict(shown or {})
    played = [list(p) for p in view["played"]]
    sizes = list(view["hand_sizes"])
    if reveal:
        played = [[] for _ in range(n)]
        for kind, seat, card, *_ in reveal["events"]:
            if kind in ("lead", "play"):
                played[seat].append(card)
        sizes = list(reveal["cards_left"])
    centres: dict[int, tuple[float, float]] = {}
    parts = [
        el(
            "ellipse",
            cx=CX,
            cy=CY,
            rx=RX + 60,
            ry=RY + 20,
            fill=FELT,
            stroke=FELT_EDGE,
            stroke_width=6,
        ),
        layout_body(view["boodle"]),
    ]
    for k in range(1, n):
        s = (me + k) % n
        x, y = seat_xy(k, n)
        centres[s] = (x, y)
        hand = shown.get(s) or [None] * sizes[s]
        parts.append(
            group(
                seat_panel(
                    names[s],
                    view["scores"][s],
                    hand,
                    played[s],
                    dealer=view["dealer"] == s,
                    to_move=view["to_move"] == s and not reveal,
                    out=not view["live"][s],
                    spelled=bool(view.get("revealed")),
                ),
                x - PANEL_W / 2,
                y - PANEL_H / 2,
                data_seat=s,
            )
        )
    centres[me] = (CX, 640)
    dead = shown.get(-1) or view["dead_hand"]
    parts.append(_my_place(view, names[me], played[me], legal, mistakes, clickable, reveal))
    if dead and not reveal:
        parts.append(text(560, 620, "dead hand:", 12, fill="#495057"))
        if view.get("revealed"):  # a teacher's view: written out, readable on a projector
            for i in range(0, len(dead), 7):
                line = " ".join(dead[i : i + 7])
                parts.append(text(636, 620 + 2 * i, line, 12, fill="#212529", font_weight="bold"))
        else:
            parts.append(small_row(dead, 636, 604, 0.42, 14))
    parts.append(_centre(view, names, centres, reveal, shown))
    return table_document(TABLE_W, TABLE_H, "".join(parts), _title(view, names, reveal), view)


def _my_place(
    view: dict,
    name: str,
    played: list[str],
    legal: Collection[str],
    mistakes: Collection[str],
    clickable: bool,
    reveal: dict | None,
) -> str:
    me = view["seat"]
    to_move = view["to_move"] == me and not reveal
    head = ("▶ " if to_move else "") + name + (" (dealer)" if view["dealer"] == me else "")
    parts = [
        el(
            "rect",
            x=170,
            y=574,
            width=660,
            height=202,
            rx=12,
            fill="#fff7d6" if to_move else "#f1f3f5",
            stroke=GOLD if to_move else "#adb5bd",
            stroke_width=4 if to_move else 1.5,
        ),
        text(184, 596, head, 16, font_weight="bold", fill="#212529"),
        text(816, 596, f"{view['scores'][me]} chips", 16, text_anchor="end", fill="#2d6a4f"),
        text(184, 620, "played:", 12, fill="#495057"),
        small_row(played, 234, 604, 0.42, 18),
    ]
    if not view["live"][me]:
        parts.append(text(CX, 700, "You have left the game", 16, text_anchor="middle"))
        return "".join(parts)
    if reveal:
        left = reveal["cards_left"][me]
        parts.append(
            text(CX, 700, f"{left} card{'s' if left != 1 else ''} left", 16, text_anchor="middle")
        )
        return "".join(parts)
    hand = [_card(c) for c in view["hand"]]
    step = min(46, 600 / max(len(hand), 1))
    x0 = CX - ((len(hand) - 1) * step + CARD_W) / 2
    for i, card in enumerate(hand):
        c = str(card)
        dim = bool(legal) and c not in legal
        body = card_body(
            card,
            dim=dim,
            selected=c in legal and c not in mistakes,
            intent=f"card:{c}" if clickable else None,
            label=(f"play {card_name(card)}" if clickable else card_name(card))
            + (" (a mistake: penalty)" if c in mistakes else "")
            + (" (not playable now)" if dim else ""),
        )
        parts.append(group(body, x0 + i * step, 672))
        if c in mistakes:
            parts.append(
                text(
                    x0 + i * step + min(step, CARD_W) / 2,
                    666,
                    "⚠",
                    16,
                    text_anchor="middle",
                    fill="#9b2226",
                )
            )
    return "".join(parts)


def _centre(
    view: dict,
    names: list[str],
    centres: dict[int, tuple[float, float]],
    reveal: dict | None,
    shown: dict[int, Sequence[str]],
) -> str:
    parts = []
    lines = _centre_lines(view, names, reveal)
    for i, line in enumerate(lines):
        parts.append(
            text(
                CX,
                392 + 21 * i,
                line,
                16 if i == 0 else 14,
                text_anchor="middle",
                fill="#ffffff",
                font_weight="bold" if i < 2 else None,
            )
        )
    if not reveal:
        run = run_cards(view)
        if run:
            width = (len(run) - 1) * 26 + CARD_W * 0.7
            parts.append(small_row(run, CX - width / 2, 302, 0.7, 26))
        if view["dead_size"]:
            parts.append(small_row([None] * min(view["dead_size"], 4), 236, 312, 0.42, 8))
            parts.append(text(236, 306, f"dead hand: {view['dead_size']}", 12, fill="#d8f3dc"))
        for kind, seat, card, chips, *_ in latest(view["events"]):
            if kind == "boodle":
                k = BOODLE.index(_card(card))
                sx, sy = centres[seat]
                parts.append(
                    _arrow(BOODLE_X[k] + 70, BOODLE_Y - 4, sx, sy, f"+{chips} to {names[seat]}")
                )
    else:
        winner = reveal["winner"]
        if winner is not None:
            wx, wy = centres[winner]
            for kind, seat, _, chips, other, _ in reveal["events"]:
                if kind == "cards" and other == winner:
                    sx, sy = centres[seat]
                    parts.append(
                        _arrow(sx, sy, wx + (sx - wx) * 0.25, wy + (sy - wy) * 0.25, f"{chips}")
                    )
    return "".join(parts)


def _centre_lines(view: dict, names: list[str], reveal: dict | None) -> list[str]:
    if reveal:
        head = f"Deal {reveal['deal'] + 1}: " + (
            f"{names[reveal['winner']]} went out first"
            if reveal["winner"] is not None
            else "nobody could win"
        )
        paid = {}
        for kind, seat, _c, chips, other, _n in reveal["events"]:
            if kind in ("cards", "withheld", "penalty"):
                paid[seat, other, kind] = paid.get((seat, other, kind), 0) + chips
        lines = [head, ""]
        why = {"cards": "cards left", "withheld": "withheld card", "penalty": "penalty"}
        for (payer, payee, kind), chips in list(paid.items())[:6]:
            lines.append(f"{names[payer]} → {names[payee]}: {chips} ({why[kind]})")
        return lines
    if view["to_move"] is None:
        best = max(view["scores"])
        won = [names[s] for s, c in enumerate(view["scores"]) if c == best]
        return ["Game over", f"{' and '.join(won)}: {best} chips"]
    head = (
        f"Deal {view['deal'] + 1} of {view['deals_total']} · {says(names[view['dealer']], 'deal')}"
    )
    phase = view["phase"]
    if phase == "shuffle":
        return [head, "Shuffle and deal"]
    if phase == "exchange":
        return [head, f"{names[view['dealer']]}: exchange for the dead hand, or auction it?"]
    if phase == "auction":
        high = view["standing_bid"]
        offer = (
            f"{says(names[high['bidder']], 'offer')} {high['chips']}" if high else "no offer yet"
        )
        return [head, f"Auction of the dead hand: {offer}"]
    run = view["run"]
    if run:
        nxt = NEXT_UP[_card(run["card"])]
        return [head, f"Run: whoever holds {nxt} must play it"]
    lines = [head, stop_line(view["last_stop"], names) or "Lead the lowest card of any suit"]
    if view["last_stop"]:
        banned = view["banned_suit"]
        who = names[view["to_move"]]
        lines.append(
            f"{says(who, 'lead')} a new suit (not {SUIT_SYMBOLS[banned]})"
            if banned
            else f"{says(who, 'lead')}: nobody holds another suit, so any suit"
        )
    return lines


def _title(view: dict, names: list[str], reveal: dict | None) -> str:
    return "Michigan table. " + " ".join(x for x in _centre_lines(view, names, reveal) if x)


def state_svg(state, seat: int = 0) -> str:
    """The whole table with every hand and the dead hand face up (a teacher's picture), drawn
    from ``seat``'s place. This is how a Michigan state shows itself in a notebook."""
    shown = {s: [str(c) for c in h] for s, h in enumerate(state.hands) if h}
    if state.dead:
        shown[-1] = [str(c) for c in state.dead]
    return table_svg(state.view(seat), shown=shown)
