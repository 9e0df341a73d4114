"""Standard playing cards and the one notation used everywhere.

Ranks ``A 2 3 4 5 6 7 8 9 10 J Q K``, suits ``S H D C`` (``♠♥♦♣`` accepted and shown), ``JK``
for a printed joker. ``parse("10H QS JK")`` reads a hand; ``str(card)`` writes ``10♥``.
"""

from __future__ import annotations

from functools import lru_cache

from .values import every_value, interned, value

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_FROM_SYMBOL = {v: k for k, v in SUIT_SYMBOLS.items()}
JOKER = "JK"


@every_value([*((r, s) for s in SUITS for r in RANKS), (JOKER, "")])
@interned
@value
class Card:
    """A standard card: ``Card("10", "H")``; a printed joker is ``Card("JK", "")``. The 53 cards
    are made once, at import: equal cards are the same object."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank == JOKER:
            if self.suit:
                raise ValueError("a printed joker has no suit")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: {self.rank}{self.suit}")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    @staticmethod
    def from_str(text: str) -> Card:
        """The card a name stands for: ``10H``, ``QS``, ``A♣``, ``JK`` (remembered: bots
        read a hand from every view)."""
        return _named(text)

    def __str__(self) -> str:
        return JOKER if self.is_joker else self.rank + SUIT_SYMBOLS[self.suit]


@lru_cache(maxsize=512)
def _named(text: str) -> Card:
    t = text.strip().upper()
    if t == JOKER:
        return Card(JOKER, "")
    suit = _FROM_SYMBOL.get(t[-1:], t[-1:])
    rank = t[:-1]
    if rank == "1":
        rank = "A"
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card: {text!r} (write e.g. 10H, QS, A♣, JK)")
    return Card(rank, suit)


def parse(text: str) -> tuple[Card, ...]:
    """Cards from text separated by spaces or commas: ``parse("10H QS JK")``."""
    return tuple(Card.from_str(t) for t in text.replace(",", " ").split())


def standard_deck(jokers: int = 0) -> tuple[Card, ...]:
    """The 52 cards, suit by suit in ``SUITS`` order, ace to king, then the printed jokers."""
    return tuple(Card(r, s) for s in SUITS for r in RANKS) + (Card(JOKER, ""),) * jokers
