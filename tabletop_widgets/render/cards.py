"""Standard playing cards as SVG: a face, a back, a row of cards (shared by the card games).

Pure functions of ``engine.cards.Card`` values. The deck is a four-colour deck (♠ black,
♥ red, ♦ blue, ♣ green), so suits differ in colour *and* in shape, and read well on a
projector. A card that is wild is marked with a gold band reading WILD, not by colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card

from .svg import document, el, group, text

CARD_W, CARD_H = 60, 84
SUIT_INK = {"S": "#1b1b1b", "H": "#c1121f", "D": "#1d4ed8", "C": "#2d6a4f"}
PAPER, EDGE, GOLD, BACK = "#fffdf7", "#495057", "#e9c46a", "#264653"
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
RAISE = 12
"""How far a selected card rises out of its row."""


def card_name(card: Card, wild: bool = False) -> str:
    """Words for a screen reader: ``"10 of hearts"``, ``"joker"``, ``"7 of clubs (wild)"``."""
    name = "joker" if card.is_joker else f"{RANK_NAMES.get(card.rank, card.rank)} of "
    if not card.is_joker:
        name += SUIT_NAMES[card.suit]
    return name + (" (wild)" if wild and not card.is_joker else "")


def card_body(
    card: Card,
    x: float = 0,
    y: float = 0,
    *,
    wild: bool = False,
    dim: bool = False,
    selected: bool = False,
    intent: str | None = None,
    label: str | None = None,
) -> str:
    """A card's face with its top-left corner at (x, y).

    ``wild``: marked WILD (a wild-rank card plays as a joker). ``dim``: greyed, for a card that
    may not be played now. ``selected``: raised and outlined. ``intent``: clickable (and
    focusable) by the board, named ``label`` or the card's name for screen readers.
    """
    ink = "#6a4c93" if card.is_joker else SUIT_INK[card.suit]
    parts = [card_edge(PAPER, "#1d3557" if selected else EDGE, 3 if selected else 1.2)]
    if card.is_joker:
        parts += [
            text(CARD_W / 2, 44, "★", 30, text_anchor="middle", fill=ink),
            text(CARD_W / 2, 64, "JOKER", 10, text_anchor="middle", fill=ink, font_weight="bold"),
            text(6, 16, "JK", 12, fill=ink, font_weight="bold"),
        ]
    else:
        pip = SUIT_SYMBOLS[card.suit]
        parts += [
            text(5, 17, card.rank, 15, fill=ink, font_weight="bold", letter_spacing=-1),
            text(5, 32, pip, 15, fill=ink),
            text(CARD_W - 5, CARD_H - 7, card.rank, 15, text_anchor="end", fill=ink),
        ]
        if card.rank in ("J", "Q", "K"):
            parts.append(
                el(
                    "rect",
                    x=19,
                    y=24,
                    width=CARD_W - 30,
                    height=38,
                    rx=4,
                    fill="none",
                    stroke=ink,
                    stroke_width=1,
                )
            )
            parts.append(text(34, 50, card.rank + pip, 15, text_anchor="middle", fill=ink))
        else:
            parts.append(text(34, 56, pip, 30, text_anchor="middle", fill=ink))
    if wild and not card.is_joker:
        parts += [
            el("rect", x=2, y=CARD_H - 27, width=CARD_W - 4, height=13, fill=GOLD),
            text(CARD_W / 2, CARD_H - 16.8, "WILD ★", 10, text_anchor="middle", fill="#3d2c00"),
        ]
    if dim:
        parts.append(card_edge("#adb5bd", "none", 0, opacity=0.55))
    return _place(
        "".join(parts), x, y - (RAISE if selected else 0), intent, label or card_name(card, wild)
    )


def back_body(
    x: float = 0, y: float = 0, *, intent: str | None = None, label: str = "face-down card"
) -> str:
    """A card seen from behind (a hidden hand, the stock)."""
    lattice = "".join(
        el("circle", cx=12 + 12 * (k % 4), cy=14 + 12 * (k // 4), r=3, fill=GOLD, opacity=0.6)
        for k in range(24)
    )
    return _place(card_edge(BACK, "#1b2f38", 1.5) + lattice, x, y, intent, label)


def row_body(
    cards: Sequence[Card | None],
    x: float = 0,
    y: float = 0,
    *,
    step: float = CARD_W + 6,
    wild: Callable[[Card], bool] | None = None,
    dim: Collection[int] = (),
    selected: Collection[int] = (),
    intents: Sequence[str | None] | None = None,
) -> str:
    """Cards side by side from (x, y), ``step`` apart (less than ``CARD_W`` overlaps them like
    a fan held in the hand). ``None`` draws a back. ``dim`` and ``selected`` hold positions;
    ``intents[i]`` makes card i clickable; ``wild(card)`` says which cards are wild."""
    out = []
    for i, card in enumerate(cards):
        intent = intents[i] if intents is not None else None
        at = x + i * step
        if card is None:
            out.append(back_body(at, y, intent=intent))
        else:
            out.append(
                card_body(
                    card,
                    at,
                    y,
                    wild=bool(wild and wild(card)),
                    dim=i in dim,
                    selected=i in selected,
                    intent=intent,
                )
            )
    return "".join(out)


def row_width(n: int, step: float = CARD_W + 6) -> float:
    """The width ``row_body`` takes for ``n`` cards."""
    return 0 if n == 0 else (n - 1) * step + CARD_W


def card_svg(card: Card, wild: bool = False) -> str:
    """One card as a standalone SVG (how a ``Card`` shows itself in a notebook)."""
    return document(CARD_W + 4, CARD_H + 4, card_body(card, 2, 2, wild=wild), card_name(card, wild))


def cards_svg(cards: Sequence[Card], wild: Callable[[Card], bool] | None = None) -> str:
    """A row of cards as a standalone SVG: ``cards_svg(parse("AS 2S 3S"))``."""
    width = max(row_width(len(cards)), CARD_W) + 4
    title = ", ".join(card_name(c, bool(wild and wild(c))) for c in cards) or "no cards"
    return document(int(width), CARD_H + 4, row_body(cards, 2, 2, wild=wild), title)


def card_edge(
    fill: str, stroke: str = EDGE, width: float = 1.2, opacity: float | None = None
) -> str:
    """The rounded outline every card shares, face or back (Rupee cards too)."""
    return el(
        "rect",
        x=0.5,
        y=0.5,
        width=CARD_W - 1,
        height=CARD_H - 1,
        rx=6,
        fill=fill,
        stroke=stroke,
        stroke_width=width,
        fill_opacity=opacity,
    )


def _place(body: str, x: float, y: float, intent: str | None, label: str) -> str:
    """Put a card at (x, y); a clickable one carries its intent and an accessible name."""
    if intent is None:
        return group(body, x, y, aria_label=label)
    return group(body, x, y, data_intent=intent, aria_label=label, class_="tt-hot")
