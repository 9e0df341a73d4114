"""The Rupee cards and tricks: the 55-card deck, its notation, Money, and who wins a trick and
what it is worth. Pure functions of cards; the rules of a hand are in ``rules``.

>>> parse("R40k Y11 Tiger")
(RupeeCard(code='R40k'), RupeeCard(code='Y11'), RupeeCard(code='Tiger'))
>>> trick_winner(parse("R4 R40k Y1 R30k"), trump="Y"), trick_value(parse("R40k Lion G1 R1"))
(2, 80000)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, TypedDict

from ..values import Shuffle, every_value, interned, value

COLOURS = ("R", "Y", "B", "G")
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "B": "Black", "G": "Green"}
RANKS = ("40k", "30k", "15k", "11", "10k", "9", "8", "7", "5k", "4", "3", "2", "1")
"""The ranks of a colour, high to low (there is no 6)."""
MONEY = {"40k": 40_000, "30k": 30_000, "15k": 15_000, "10k": 10_000, "5k": 5_000}
TIGER, LION, BEAR = "Tiger", "Lion", "Bear"
SPECIALS = (TIGER, LION, BEAR)
SPECIAL_NAMES = {TIGER: "Bengal Tiger", LION: "Lion of India", BEAR: "Bear"}
MONEY_PER_DECK = 4 * sum(MONEY.values())  # ₹400,000


@every_value([*((c + r,) for c in COLOURS for r in RANKS), *((s,) for s in SPECIALS)])
@interned
@value
class RupeeCard:
    """A Rupee card by its short code: ``RupeeCard("R40k")`` (Red ₹40,000), ``RupeeCard("Y11")``,
    ``RupeeCard("Tiger")``. The 55 cards are made once, at import, with their colour, rank,
    power and Money: equal cards are the same object."""

    code: str
    # Worked out from ``code`` in ``__post_init__``: ClassVar keeps them out of the dataclass
    # fields (and so out of the saved form), each instance sets its own.
    colour: ClassVar[str]
    rank: ClassVar[str]
    power: ClassVar[int]
    """Rank within its colour: 12 for ₹40k down to 0 for the 1 (0 for a special)."""
    money: ClassVar[int]
    """Its value in ₹ (0 for a card that is not Money)."""

    def __post_init__(self) -> None:
        code = self.code if isinstance(self.code, str) else ""
        colour, rank = ("", code) if code in SPECIALS else (code[:1], code[1:])
        if not (rank in SPECIALS if not colour else colour in COLOURS and rank in RANKS):
            raise ValueError(f"no such Rupee card: {self.code!r} (codes: R40k, Y11, B5k, Tiger)")
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "power", 12 - RANKS.index(rank) if colour else 0)
        object.__setattr__(self, "money", MONEY.get(rank, 0))

    @property
    def is_special(self) -> bool:
        return not self.colour

    @property
    def is_money(self) -> bool:
        return self.money > 0

    @classmethod
    def from_str(cls, text: str) -> RupeeCard:
        """``R40k``, ``Y11``, ``Red ₹40k``, ``tiger``, ``Lion``, ``bear``."""
        t = text.strip().replace("₹", "").replace(",000", "k").replace(" ", "")
        for special in SPECIALS:
            if t.lower() in (special.lower(), SPECIAL_NAMES[special].lower().replace(" ", "")):
                return cls(special)
        for c, name in COLOUR_NAMES.items():
            for head in (name, c):
                if t.lower().startswith(head.lower()) and t[len(head) :].lower() in RANKS:
                    return cls(c + t[len(head) :].lower())
        raise ValueError(f"not a Rupee card: {text!r} (write e.g. R40k, Y11, B5k, Tiger)")

    def __str__(self) -> str:
        if self.is_special:
            return self.rank
        face = "₹" + self.rank if self.is_money else self.rank
        return f"{COLOUR_NAMES[self.colour]} {face}"


def parse(text: str) -> tuple[RupeeCard, ...]:
    """Cards from short forms separated by spaces or commas: ``parse("R40k Y11 Tiger")``."""
    return tuple(RupeeCard.from_str(t) for t in text.replace(",", " ").split())


def rupee_deck(decks: int = 1) -> tuple[RupeeCard, ...]:
    """The 55 cards (colour by colour, high to low, then Tiger, Lion, Bear), ``decks`` times."""
    one = tuple(RupeeCard(c + r) for c in COLOURS for r in RANKS)
    one += tuple(RupeeCard(s) for s in SPECIALS)
    return one * decks


CARDS = {c.code: c for c in rupee_deck()}
"""Code -> card, for the 55 cards."""


def as_card(card: RupeeCard | str) -> RupeeCard:
    """A card given as a ``RupeeCard`` or by its code."""
    return card if isinstance(card, RupeeCard) else CARDS[card]


def _sort_key(card: RupeeCard) -> tuple[int, int]:
    if card.is_special:
        return (0, SPECIALS.index(card.rank))
    return (1 + COLOURS.index(card.colour), -card.power)


def sort_hand(cards: Iterable[RupeeCard]) -> tuple[RupeeCard, ...]:
    """Specials first, then colour by colour, high to low."""
    return tuple(sorted(cards, key=_sort_key))


def money_of(cards: Iterable[RupeeCard]) -> int:
    return sum([c.money for c in cards])


def rupees(amount: int) -> str:
    """``rupees(185000)`` -> ``'₹185,000'`` (a minus sign in front when negative)."""
    return ("-" if amount < 0 else "") + f"₹{abs(amount):,}"


# ---------------------------------------------------------------- tricks


class TrickView(TypedDict):
    """A finished trick as a view shows it; ``cards`` are ``[seat, code]`` in play order."""

    number: int
    leader: int
    cards: list[list[int | str]]
    winner: int
    value: int


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, who won it and what it is worth."""

    number: int  # 1 for the first trick of a hand
    leader: int
    cards: tuple[tuple[int, RupeeCard], ...]
    winner: int
    value: int

    def to_dict(self) -> TrickView:
        return {
            "number": self.number,
            "leader": self.leader,
            "cards": [[s, c.code] for s, c in self.cards],
            "winner": self.winner,
            "value": self.value,
        }


def played(pairs: Iterable[Sequence[int | str]]) -> list[tuple[int, RupeeCard]]:
    """``[[seat, code], ...]`` as a view holds cards in play -> ``[(seat, RupeeCard), ...]``."""
    return [(int(seat), CARDS[str(code)]) for seat, code in pairs]


def colour_led(cards: Sequence[RupeeCard], trump: str) -> str | None:
    """The colour of the first card that is coloured or the Tiger (the Tiger counts as trump);
    None while only Lions and Bears have been played."""
    for c in cards:
        if c.colour:
            return c.colour
        if c.rank == TIGER:
            return trump
    return None


def _strength(card: RupeeCard, led: str | None, trump: str) -> int:
    """How strongly ``card`` holds a trick led in ``led``: the Tiger (100), then trumps (50 and
    its rank), then the colour led by rank (0 to 12); -1 for a card that cannot win it."""
    if card.rank == TIGER:
        return 100
    if card.colour == trump:
        return 50 + card.power
    if card.colour and card.colour == led:
        return card.power
    return -1


def trick_holder(cards: Sequence[RupeeCard], trump: str) -> tuple[str | None, int, int]:
    """The colour led (``colour_led``), the index of the card holding the trick (-1 while no
    card can win it) and how strongly it holds it (``_strength``)."""
    led = colour_led(cards, trump)
    best, top = -1, -1
    for i, c in enumerate(cards):  # ``_strength`` inline: a playout asks at every card
        if c.rank == TIGER:
            k = 100
        elif c.colour == trump:
            k = 50 + c.power
        elif c.colour and c.colour == led:
            k = c.power
        else:
            continue
        if k > top:
            best, top = i, k
    return led, best, top


def trick_winner(cards: Sequence[RupeeCard], trump: str) -> int:
    """Index of the winning card: the Tiger, else the highest trump, else the highest card of
    the colour led. Of two identical cards the one played first wins. Lions and Bears never
    win."""
    return trick_holder(cards, trump)[1]


def takers(
    trick: Sequence[RupeeCard],
    cards: Iterable[RupeeCard],
    trump: str,
    holder: tuple[str | None, int, int] | None = None,
) -> list[RupeeCard]:
    """Those of ``cards`` that would win ``trick`` (the cards played to it so far) if played
    to it now (``holder``: the trick's ``trick_holder``, if known)."""
    led, _, top = holder or trick_holder(trick, trump)
    out = []
    for c in cards:  # ``_strength`` inline, the card leading if nothing has: at every card
        if c.rank == TIGER:
            strength = 100
        elif c.colour == trump:
            strength = 50 + c.power
        elif c.colour and c.colour == (led or c.colour):
            strength = c.power
        else:
            continue
        if strength > top:
            out.append(c)
    return out


def trick_value(cards: Sequence[RupeeCard]) -> int:
    """The Money in the trick; the later of Lion and Bear played in it doubles it (Lion) or
    makes it worthless (Bear)."""
    total = money_of(cards)
    for c in reversed(cards):
        if c.rank == LION:
            return 2 * total
        if c.rank == BEAR:
            return 0
    return total


# ---------------------------------------------------------------- the deal


@dataclass(frozen=True)
class Setup:
    """What the player count fixes: decks, cards each, widow, opening bid, highest bid, target."""

    decks: int
    cards_each: int
    widow: int
    opening: int
    top_bid: int
    target: int


SETUPS = {
    4: Setup(1, 13, 3, 175_000, 400_000, 1_000_000),
    6: Setup(2, 18, 2, 350_000, 800_000, 2_000_000),
    8: Setup(2, 13, 6, 350_000, 800_000, 2_000_000),
}


def rigged_shuffle(
    players: int,
    *,
    hands: Sequence[Sequence[RupeeCard | str]] = (),
    widow: Sequence[RupeeCard | str] = (),
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` (the deck order, by card codes) for ``players`` dealing the given cards
    first in each seat's hand (and the widow), the rest of the deck shuffled from ``seed``.
    Cards may be given as ``RupeeCard`` or short text:
    ``rigged_shuffle(4, hands=[["Tiger", "R40k"]], widow=["Lion"])``."""
    if players not in SETUPS or len(hands) > players:
        raise ValueError(
            f"a deal is for 4, 6 or 8 players with at most one hand each, "
            f"not {len(hands)} hands for {players!r} players"
        )
    setup = SETUPS[players]
    left = Counter(rupee_deck(setup.decks))
    want: list[list[RupeeCard]] = []
    for part in (*hands, widow):
        cards = [c if isinstance(c, RupeeCard) else RupeeCard.from_str(c) for c in part]
        for c in cards:
            if left[c] == 0:
                raise ValueError(f"{c} is dealt more often than the deck holds it")
            left[c] -= 1
        want.append(cards)
    rest = list(left.elements())
    random.Random(seed).shuffle(rest)
    sizes = [setup.cards_each] * players + [setup.widow]
    given = want[:-1] + [[]] * (players - len(hands)) + [want[-1]]
    if any(len(cards) > size for size, cards in zip(sizes, given, strict=True)):
        raise ValueError(f"a hand holds {setup.cards_each} cards and the widow {setup.widow}")
    out: list[RupeeCard] = []
    for size, cards in zip(sizes, given, strict=True):
        out += cards + [rest.pop() for _ in range(size - len(cards))]
    return Shuffle(tuple(c.code for c in out))
