"""The cards of 13-card Indian Rummy: the pack (two or three standard packs with a printed joker
each), the wild rank the cut card makes, what an unmelded card costs, the order hands are shown
in, and ``rigged_shuffle``, which deals chosen cards for a lesson or a test.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

from engine.cards import JOKER, RANKS, SUITS, Card, parse
from engine.values import Shuffle

HAND = 13
RANK_NUMBER = {r: k for k, r in enumerate(RANKS, start=1)}  # A=1 ... K=13 (ace high is 14)


def packs_for(players: int) -> int:
    """Two packs for 2-6 players, three for 7-9."""
    return 2 if players <= 6 else 3


@cache
def full_pack(packs: int = 2) -> tuple[Card, ...]:
    """``packs`` standard packs and one printed joker per pack (106 cards for two)."""
    return (
        tuple(Card(r, s) for _ in range(packs) for s in SUITS for r in RANKS)
        + (Card(JOKER, ""),) * packs
    )


@cache
def pack_count(packs: int) -> Counter[Card]:
    """How many of each card ``full_pack(packs)`` holds (one shared count: never change it)."""
    return Counter(full_pack(packs))


def wild_rank_of(cut: Card) -> str:
    """The wild rank the cut card makes: its own rank, or aces when it is a printed joker."""
    return "A" if cut.is_joker else cut.rank


def points(card: Card) -> int:
    """What an unmelded card costs, wild cards aside: A, K, Q, J 10; 2-10 face value; joker 0."""
    if card.is_joker:
        return 0
    return 10 if card.rank in ("A", "J", "Q", "K") else int(card.rank)


def is_joker(card: Card, wild_rank: str | None) -> bool:
    """A printed joker or a card of the wild rank (None before the cut: no rank is wild)."""
    return card.is_joker or card.rank == wild_rank


def card_cost(card: Card, wild_rank: str) -> int:
    """Points of an unmelded card: jokers (printed or wild) cost nothing."""
    return 0 if is_joker(card, wild_rank) else points(card)


def by_suit(card: Card) -> tuple[int, int]:
    """Sort key: suits in the order of ``SUITS``, ace to king, printed jokers last."""
    if card.is_joker:
        return (len(SUITS), 0)
    return (SUITS.index(card.suit), RANK_NUMBER[card.rank])


def rigged_shuffle(
    players: int,
    *,
    hands: Sequence[Sequence[Card] | str] = (),
    open_card: Card | str | None = None,
    cut: Card | str | None = None,
    stock: Sequence[Card] | str = (),
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` that deals the given cards (cards as ``Card`` or as text for
    ``engine.cards.parse``) and fills the rest of the pack in a seeded random order.

    ``rigged_shuffle(2, hands=["2H 3H 4H"], cut="9C", stock="5H")``: seat 0 holds 2♥ 3♥ 4♥
    (and ten more), nines are wild, and 5♥ is the top of the stock.
    """
    pack = Counter(full_pack(packs_for(players)))
    layout: list[Card | None] = [None] * sum(pack.values())

    def cards_of(given: Sequence[Card] | str) -> list[Card]:
        return list(parse(given) if isinstance(given, str) else given)

    def place(start: int, given: list[Card], room: int) -> None:
        if len(given) > room:
            raise ValueError(f"at most {room} cards there, not {len(given)}")
        for k, c in enumerate(given):
            layout[start + k] = c

    if len(hands) > players:
        raise ValueError(f"{players} players hold {players} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        place(seat * HAND, cards_of(hand), HAND)
    if open_card is not None:
        place(
            players * HAND, cards_of([open_card] if isinstance(open_card, Card) else open_card), 1
        )
    if cut is not None:
        place(players * HAND + 1, cards_of([cut] if isinstance(cut, Card) else cut), 1)
    place(players * HAND + 2, cards_of(stock), len(layout) - players * HAND - 2)
    fixed = Counter(c for c in layout if c is not None)
    if fixed - pack:
        extra = ", ".join(map(str, sorted(fixed - pack, key=str)))
        raise ValueError(f"the pack has no more of: {extra}")
    rest = list((pack - fixed).elements())
    random.Random(seed).shuffle(rest)
    fill = iter(rest)
    return Shuffle(tuple(c if c is not None else next(fill) for c in layout))
