"""Michigan's pack: the boodle cards, rank order (ace high), each card's next card up, how the
52 cards split between the dead hand and the players, and rigged deals for lessons and tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import RANKS, SUITS, Card, parse, standard_deck
from ..values import Shuffle

BOODLE = parse("AH KC QD JS")
"""The four boodle (money) cards, in the order the layout shows them."""
BOODLE_OF_SUIT = {card.suit: card for card in BOODLE}
ORDER = {r: k for k, r in enumerate(RANKS[1:] + RANKS[:1], start=2)}
"""Rank order, ace high: 2 is 2, ..., K is 13, A is 14."""
DECK = standard_deck()
NEXT_UP = {
    c: (Card(RANKS[(RANKS.index(c.rank) + 1) % 13], c.suit) if c.rank != "A" else None)
    for c in DECK
}
"""Each card's next card up in its suit (None for an ace)."""


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are shown suit by suit (♠ ♥ ♦ ♣), low to high."""
    return SUITS.index(card.suit), ORDER[card.rank]


def dead_hand_size(players: int) -> int:
    """Cards in the dead hand: it is dealt first, so it gets ceil(52 / (players + 1))."""
    return -(-52 // (players + 1))


def hand_sizes(players: int) -> list[int]:
    """Cards dealt to each hand in dealing order: the dead hand, then from the dealer's left."""
    hands = players + 1
    return [52 // hands + (k < 52 % hands) for k in range(hands)]


def rigged_shuffle(
    players: int, *, hands: Sequence[str] = (), dead: str = "", seed: int = 0
) -> Shuffle:
    """A ``Shuffle`` that deals the given cards: ``hands[k]`` to the k-th player from the
    dealer's left (text for ``parse``), ``dead`` to the dead hand, the rest at random (seeded).
    Each hand gets exactly its share of the deal (``hand_sizes``)."""
    sizes = hand_sizes(players)
    wanted = [parse(dead), *(parse(h) for h in hands)]
    wanted += [()] * (players + 1 - len(wanted))
    used = [c for w in wanted for c in w]
    if len(set(used)) != len(used):
        raise ValueError("a card is given twice")
    for k, (w, size) in enumerate(zip(wanted, sizes, strict=True)):
        if len(w) > size:
            raise ValueError(f"hand {k} (0 is the dead hand) gets {size} cards, not {len(w)}")
    rest = [c for c in DECK if c not in set(used)]
    random.Random(seed).shuffle(rest)
    piles = [
        list(w) + [rest.pop() for _ in range(size - len(w))]
        for w, size in zip(wanted, sizes, strict=True)
    ]
    return Shuffle(tuple(piles[k % len(piles)][k // len(piles)] for k in range(52)))
