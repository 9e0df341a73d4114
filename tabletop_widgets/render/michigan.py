"""Pictures of Michigan: the layout of boodle cards with their chip piles, each player's played
cards in front of him, the current run, the hands, and the chips.

Pure functions from a seat's ``view`` to SVG strings. A table drawn from a view shows only what
that seat may see: the other hands (and the dead hand, unless the viewer exchanged for it) are
card backs.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from engine import Event, MichiganState
from engine.cards import SUIT_SYMBOLS, Card
from engine.michigan import NEXT_UP, PAYMENTS
from engine.michigan.view import Boodle, MichiganView, SeenDeal, SeenEvent, SeenStop

from ..words import says
from .cards import CARD_H, CARD_W, back_body, card_body, card_name
from .svg import bubble, el, group, table_document, text

TABLE_W, TABLE_H = 900, 624
FELT_H = 430
"""The felt: the top of the picture (the other players' places, the layout, the run); the
viewer's own place lies below it."""
CX = TABLE_W / 2
PANEL_W, PANEL_H = 204, 112
FELT, FELT_EDGE, CHIP, CHIP_EDGE, GOLD = "#2d6a4f", "#1b4332", "#e63946", "#ffffff", "#e09f3e"
BOODLE_X = [232, 352, 472, 592]
BOODLE_Y = 146
RUN_Y = 238
LINES_Y = 352
SIDE_Y = 262
"""The height of the places on the sides of the felt (six players or more)."""
ME_Y = 438
"""The top of the viewer's place."""
HAND_SCALE = 1.3
"""The viewer's own cards are drawn larger than the rest."""
BOODLE_SCALE = 0.85
"""The boodle cards: their corners read at 14 px in Large print at 1920×1080."""
DEAD_X, DEAD_Y, RUN_X, RUN_STEP = 16, 160, CX, 30
"""Where the dead hand (left) and the run (centred here) lie on the felt."""
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


def layout_body(boodle: Sequence[Boodle]) -> str:
    """The four boodle cards, each with its pile of chips beside it."""
    out = []
    for pile, x in zip(boodle, BOODLE_X, strict=True):
        card = _card(pile["card"])
        out.append(
            group(card_body(card, label=f"boodle {card_name(card)}"), x, BOODLE_Y, BOODLE_SCALE)
        )
        out.append(chip_pile(x + 66, BOODLE_Y + 46, pile["chips"]))
    return "".join(out)


def small_row(cards: Sequence[str | None], x: float, y: float, scale: float, step: float) -> str:
    """Cards (a face, or None for a back) side by side at a reduced ``scale``."""
    body = "".join(
        back_body(i * step / scale, 0) if c is None else card_body(_card(c), i * step / scale, 0)
        for i, c in enumerate(cards)
    )
    return group(body, x, y, scale)


def panel_width(n: int) -> float:
    """A player's place is narrower at a crowded table (seven or eight players)."""
    return PANEL_W if n < 7 else 176 if n == 7 else 168


def seat_xy(k: int, n: int) -> tuple[float, float]:
    """The centre of the place of the seat ``k`` places to the viewer's left. The viewer sits
    at the bottom; the others sit in the order of play across the top of the felt, evenly
    spaced, and at six or more players one on each side as well (first and last)."""
    w, sides = panel_width(n), int(n >= 6)
    if sides and k in (1, n - 1):
        return (w / 2 + 6 if k == 1 else TABLE_W - w / 2 - 6), SIDE_Y
    count = n - 1 - 2 * sides
    return 6 + (k - 1 - sides + 0.5) * (TABLE_W - 12) / count, PANEL_H / 2 + 4


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
        text(8, 20, ("▶ " if to_move else "") + name, 16, font_weight="bold", fill="#212529"),
        text(width - 8, 20, f"{chips} chips", 15, text_anchor="end", fill="#2d6a4f"),
    ]
    if dealer:
        parts.append(el("circle", cx=width - 90, cy=15, r=10, fill=GOLD))
        parts.append(text(width - 90, 20, "D", 13, text_anchor="middle", font_weight="bold"))
    if out:
        parts.append(text(width / 2, 66, "left the game", 14, text_anchor="middle", fill="#6c757d"))
        return "".join(parts)
    count = len(hand)
    if spelled and None not in hand:
        for i in range(0, min(count, 14), 7):
            line = " ".join(c for c in hand[i : i + 7] if c is not None)
            parts.append(text(8, 42 + 2 * i, line, 14, fill="#212529", font_weight="bold"))
    else:
        parts.append(small_row(list(hand)[:13], 8, 28, 0.34, 7 if count > 8 else 11))
        parts.append(
            text(width - 8, 46, f"{count} card{'s' if count != 1 else ''}", 15, text_anchor="end")
        )
    shown = list(played) if len(played) <= 12 else ["…", *played[-11:]]
    for i in range(0, len(shown), 6):
        line = " ".join(shown[i : i + 6])
        parts.append(text(8, 80 + 3 * i, line, 15, font_weight="bold", fill="#1d3557"))
    return "".join(parts)


Row = Sequence[Any]
"""A seen event's row, ``[kind, seat, card, chips, other, note]`` (``SeenEvent``), its fields
read by position."""


def rows(events: Sequence[SeenEvent]) -> Sequence[Row]:
    """``events`` as rows whose fields are read by position."""
    return events


def run_cards(view: MichiganView) -> list[str]:
    """The cards of the current run (or of the run that just stopped), in order."""
    cards: list[str] = []
    for kind, _seat, card, *_ in rows(view["events"]):
        if kind == "lead":
            cards = [card]
        elif kind == "play":
            cards.append(card)
    return cards


def latest(events: Sequence[Row]) -> list[Row]:
    """The last card played and what followed it (a boodle won, a stop, the payments)."""
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] in ("lead", "play"):
            return list(events[i:])
    return list(events)


def stop_line(stop: SeenStop | None, names: Sequence[str]) -> str:
    """``"Stop after 7♣ (Bot 2): the next card, 8♣, is in the dead hand"``."""
    if stop is None:
        return ""
    card = _card(stop["card"])
    nxt = NEXT_UP[card]
    why = STOP_WORDS[stop["cause"]].format(nxt=nxt)
    return f"Stop after {card} ({names[stop['seat']]}): {why}"


def badge(x: float, y: float, words: str, fill: str = GOLD, ink: str = "#1d3557") -> str:
    """A pill of words centred on (x, y): chips won or paid, beside a player's place (never
    across the felt, where it would cross the layout and the lines of the centre)."""
    w = len(words) * 7.6 + 18
    return el(
        "g",
        el("rect", x=x - w / 2, y=y - 11, width=w, height=22, rx=11, fill=fill)
        + text(x, y + 5, words, 13, text_anchor="middle", font_weight="bold", fill=ink),
        class_="tt-chips",
    )


def table_svg(
    view: MichiganView,
    names: Sequence[str] | None = None,
    *,
    legal: Collection[str] = (),
    mistakes: Collection[str] = (),
    clickable: bool = False,
    reveal: SeenDeal | None = None,
    shown: dict[int, Sequence[str]] | None = None,
    last: Event | None = None,
    left: Sequence[str] | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``).

    ``legal``: the viewer's cards he may play now (raised; the rest dimmed); ``mistakes``: the
    ones among them that break a rule (teaching mode: marked with a warning). ``clickable``:
    every card of the viewer's hand sends ``card:<card>`` (a dimmed one is refused with the
    engine's reason). ``reveal``: a finished deal (``view["results"][-1]``) to show with its
    payments. ``shown``: hands to show face up beyond the view (a teacher's picture); a
    teacher's view (``reveal=True``) brings every hand in ``view["hands"]``. ``last``: the
    last action as the viewer saw it (``state.public``): a bubble at its player's place says
    it, and the card just played is outlined in the run. ``left``: with ``reveal``, the cards
    the viewer was left holding (he pays for them), shown face up in his place. A view whose
    ``seat`` is None (a room's onlooker) is drawn from an empty chair: every seat across the
    top, no hand below.
    """
    n, me = view["players"], view["seat"]
    names = list(names or [f"Seat {s}" for s in range(n)])
    seen = {s: h for s, h in enumerate(view["hands"]) if h is not None}
    shown = seen | dict(shown or {})
    played = [list(p) for p in view["played"]]
    sizes = list(view["hand_sizes"])
    if reveal:
        played = [[] for _ in range(n)]
        for kind, seat, card, *_ in rows(reveal["events"]):
            if kind in ("lead", "play"):
                played[seat].append(card)
        sizes = list(reveal["cards_left"])
    empty = me is None
    first, places = (n - 1, n + 1) if empty else (me, n)
    width = panel_width(places)
    centres: dict[int, tuple[float, float]] = {}
    parts = [
        el(
            "rect",
            x=2,
            y=2,
            width=TABLE_W - 4,
            height=FELT_H,
            rx=36,
            fill=FELT,
            stroke=FELT_EDGE,
            stroke_width=4,
        ),
        layout_body(view["boodle"]),
    ]
    for k in range(1, places):
        s = (first + k) % n
        x, y = seat_xy(k, places)
        centres[s] = (x, y)
        hand: Sequence[str | None] = shown.get(s) or [None] * sizes[s]
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
                    width=width,
                    spelled=bool(view.get("revealed")),
                ),
                x - width / 2,
                y - PANEL_H / 2,
                data_seat=s,
            )
        )
    if not empty:
        centres[me] = (CX, ME_Y + 14)
        parts.append(
            _my_place(view, names[me], played[me], legal, mistakes, clickable, reveal, left)
        )
    parts.append(_centre(view, names, reveal, shown, last))
    if reveal:
        parts.append(_payments(view, names, centres, reveal))
    elif last is not None and last.seat is not None:
        parts.append(bubble(*_under(last.seat, me, centres), _said(last, view), 13))
    return table_document(TABLE_W, TABLE_H, "".join(parts), _title(view, names, reveal), view, last)


def _under(
    seat: int, me: int | None, centres: dict[int, tuple[float, float]]
) -> tuple[float, float]:
    """Where words about a seat go: just under its place (the viewer's: just above his),
    clear of the layout and of the lines in the middle."""
    x, y = centres[seat]
    return (x, ME_Y - 16) if seat == me else (x, y + PANEL_H / 2 + 14)


def _said(last: Event, view: MichiganView) -> str:
    """A player's last action in a few words, with the boodle it won: "play Q♦ · +4"."""
    said = last.mark("call") or f"{last.verb} {last.what}"
    won = [e[3] for e in latest(view["events"]) if e[0] == "boodle" and e[1] == last.seat]
    return said + "".join(f" · +{chips} boodle" for chips in won)


def _payments(
    view: MichiganView, names: list[str], centres: dict[int, tuple[float, float]], reveal: SeenDeal
) -> str:
    """At the end of a deal, beside each player's place: what he paid, and to whom, and
    what the winner collected (pills, not arrows across the felt)."""
    owed: dict[tuple[int, int], int] = {}
    for kind, seat, _c, chips, other, _n in rows(reveal["events"]):
        if kind in PAYMENTS and other is not None:
            owed[seat, other] = owed.get((seat, other), 0) + chips
    got: dict[int, int] = {}
    for (_payer, payee), chips in owed.items():
        got[payee] = got.get(payee, 0) + chips
    parts = []
    for seat in centres:
        paid = ", ".join(f"{c} → {names[b]}" for (a, b), c in owed.items() if a == seat)
        words = "; ".join(
            x for x in (f"paid {paid}" if paid else "", f"+{got[seat]}" if seat in got else "") if x
        )
        if words:
            fill = "#ffd6a5" if paid else "#b7e4c7"
            parts.append(badge(*_under(seat, view["seat"], centres), words, fill=fill))
    return "".join(parts)


def _my_place(
    view: MichiganView,
    name: str,
    played: list[str],
    legal: Collection[str],
    mistakes: Collection[str],
    clickable: bool,
    reveal: SeenDeal | None,
    left: Sequence[str] | None = None,
) -> str:
    """The viewer's place under the felt: name, chips, the cards he played, and his hand,
    large and centred (the cards he may play raised); at the end of a deal, the cards he was
    left holding (``left``), or their number when they are not given."""
    me = view["seat"]
    to_move = view["to_move"] == me and not reveal
    head = ("▶ " if to_move else "") + name + (" (dealer)" if view["dealer"] == me else "")
    top = ME_Y
    parts = [
        el(
            "rect",
            x=60,
            y=top,
            width=TABLE_W - 120,
            height=TABLE_H - top - 3,
            rx=12,
            fill="#fff7d6" if to_move else "#f1f3f5",
            stroke=GOLD if to_move else "#adb5bd",
            stroke_width=4 if to_move else 1.5,
        ),
        text(76, top + 24, head, 17, font_weight="bold", fill="#212529"),
        text(
            TABLE_W - 76,
            top + 24,
            f"{view['scores'][me]} chips",
            17,
            text_anchor="end",
            fill="#2d6a4f",
            font_weight="bold",
        ),
    ]
    if played:
        shown = played if len(played) <= 14 else ["…", *played[-13:]]
        parts.append(
            text(
                300, top + 24, "played: " + " ".join(shown), 15, font_weight="bold", fill="#1d3557"
            )
        )
    if not view["live"][me]:
        parts.append(text(CX, top + 100, "You have left the game", 17, text_anchor="middle"))
        return "".join(parts)
    if reveal and (left is None or len(left) != reveal["cards_left"][me]):
        count = reveal["cards_left"][me]
        parts.append(
            text(
                CX,
                top + 100,
                f"{count} card{'s' if count != 1 else ''} left",
                17,
                text_anchor="middle",
            )
        )
        return "".join(parts)
    hand = [_card(c) for c in (left if reveal and left is not None else view["hand"])]
    scale = HAND_SCALE
    step = min(CARD_W * scale + 6, 700 / max(len(hand), 1))
    x0 = CX - ((len(hand) - 1) * step + CARD_W * scale) / 2
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
        parts.append(group(body, x0 + i * step, top + 48, scale))
        if c in mistakes:
            parts.append(
                text(
                    x0 + i * step + min(step, CARD_W * scale) / 2,
                    top + 44,
                    "⚠",
                    16,
                    text_anchor="middle",
                    fill="#9b2226",
                )
            )
    return "".join(parts)


def _centre(
    view: MichiganView,
    names: list[str],
    reveal: SeenDeal | None,
    shown: dict[int, Sequence[str]],
    last: Event | None,
) -> str:
    """The middle of the felt: the dead hand (face up to whoever exchanged for it), the run
    (the card just played outlined), and what is going on, in words."""
    parts = []
    top = RUN_Y if reveal else LINES_Y
    for i, line in enumerate(_centre_lines(view, names, reveal)):
        parts.append(
            text(
                CX,
                top + 21 * i,
                line,
                17 if i == 0 else 15,
                text_anchor="middle",
                fill="#ffffff",
                font_weight="bold" if i < 2 else None,
            )
        )
    if reveal:
        return "".join(parts)
    dead = shown.get(-1) or view["dead_hand"]
    if view["dead_size"]:
        label = f"dead hand: {view['dead_size']}" + (" (you know it)" if dead else "")
        parts.append(text(DEAD_X, DEAD_Y - 6, label, 14, fill="#d8f3dc"))
        if dead:  # written out, readable: whoever exchanged for it (or a teacher) knows it
            for i in range(0, len(dead), 7):
                line = " ".join(dead[i : i + 7])
                y = DEAD_Y + 14 + 20 * (i // 7)
                parts.append(text(DEAD_X, y, line, 15, fill="#ffffff", font_weight="bold"))
        else:
            parts.append(small_row([None] * min(view["dead_size"], 4), DEAD_X, DEAD_Y, 0.5, 8))
    run = run_cards(view)
    if run:
        step, scale = RUN_STEP, 1.0
        width = (len(run) - 1) * step + CARD_W * scale
        x0 = RUN_X - width / 2
        parts.append(text(x0, RUN_Y - 6, "run:", 14, fill="#d8f3dc"))
        parts.append(small_row(run, x0, RUN_Y, scale, step))
        just = last.mark("card") if last is not None else None
        if just in run:
            k = run.index(just)
            right = k == len(run) - 1
            parts.append(
                el(
                    "rect",
                    x=x0 + k * step - 3,
                    y=RUN_Y - 3,
                    width=(CARD_W * scale if right else step) + 6,
                    height=CARD_H * scale + 6,
                    rx=6,
                    fill="none",
                    stroke="#ffd166",
                    stroke_width=4,
                    class_="tt-last",
                )
            )
    return "".join(parts)


def _centre_lines(view: MichiganView, names: list[str], reveal: SeenDeal | None) -> list[str]:
    if reveal:
        head = f"Deal {reveal['deal'] + 1}: " + (
            f"{names[reveal['winner']]} went out first"
            if reveal["winner"] is not None
            else "nobody could win"
        )
        paid: dict[Any, Any] = {}
        for kind, seat, _c, chips, other, _n in rows(reveal["events"]):
            if kind in ("cards", "withheld", "penalty"):
                paid[seat, other, kind] = paid.get((seat, other, kind), 0) + chips
        lines = [head, ""]
        why = {"cards": "cards left", "withheld": "withheld card", "penalty": "penalty"}
        for (payer, payee, kind), chips in list(paid.items())[:6]:
            lines.append(f"{names[payer]} → {names[payee]}: {chips} ({why[kind]})")
        return lines
    if view["phase"] == "over":
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
        banned, to_move = view["banned_suit"], view["to_move"]
        assert to_move is not None  # after a stop, in play: somebody leads
        who = names[to_move]
        lines.append(
            f"{says(who, 'lead')} a new suit (not {SUIT_SYMBOLS[banned]})"
            if banned
            else f"{says(who, 'lead')}: nobody holds another suit, so any suit"
        )
    return lines


def _title(view: MichiganView, names: list[str], reveal: SeenDeal | None) -> str:
    return "Michigan table. " + " ".join(x for x in _centre_lines(view, names, reveal) if x)


def state_svg(state: MichiganState, seat: int = 0) -> str:
    """The whole table with every hand and the dead hand face up (a teacher's picture), drawn
    from ``seat``'s place. This is how a Michigan state shows itself in a notebook."""
    shown: dict[int, Sequence[str]] = {
        s: [str(c) for c in h] for s, h in enumerate(state.hands) if h
    }
    if state.dead:
        shown[-1] = [str(c) for c in state.dead]
    return table_svg(state.view(seat), shown=shown)
