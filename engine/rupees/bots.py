"""The Rupees bots: ``random`` (passes or makes the lowest bid, otherwise any legal action) and
``basic`` (bids up to a stated estimate of its hand and plays by a few plain rules). Each
decides from its seat's view and the legal actions only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any, ClassVar

from .. import bots as shared_bots
from ..core import State
from .actions import Bid, CallPartner, Discard, NameTrump, Pass, Play
from .cards import (
    BEAR,
    CARDS,
    COLOURS,
    LION,
    TIGER,
    RupeeCard,
    money_of,
    played,
    takers,
    trick_holder,
)
from .rules import RupeesState
from .scoring import known_side
from .view import RupeesView


@RupeesState.bot
class RandomBot(shared_bots.RandomBot):
    """Plays a random legal card, discards and names trumps at random. In the auction it
    passes or makes the lowest legal bid with even chances (a uniform pick among all the bids
    would drive every contract to ₹400,000, and games to the target would never end)."""

    level: ClassVar[str] = "random"

    def choose(self, state: State[Any]) -> Any:
        legal = state.legal_actions()
        if isinstance(legal[0], Bid):
            passes = [a for a in legal if isinstance(a, Pass)]
            return self.rng.choice([legal[0], *passes])
        return self.rng.choice(legal)


def hand_strength(hand: Sequence[RupeeCard]) -> int:
    """The basic bot's estimate (₹) of what its side takes if it names trumps: a base of
    ₹100,000, plus half its own Money, ₹15,000 for each ₹40k or ₹30k card, ₹40,000 for the
    Tiger, ₹20,000 for the Lion, less ₹20,000 for the Bear, and ₹10,000 for each card past four
    in its longest colour."""
    return strength_of(tally(hand))


def best_trump(hand: Sequence[RupeeCard]) -> str:
    """The longest colour, strength (sum of ranks) breaking ties: the longest strong colour."""
    return trump_of(tally(hand))


Tally = int
"""What ``hand_strength`` and ``best_trump`` read of a hand, each card's part added up in one
whole number (``_PART``): from the top its Money, what its ranks add and take (``_EXTRA``, in
₹5,000s), then for each colour its length above its strength (sum of ranks), so that the larger
of two colours' fields is the longer strong colour. Parts add and subtract exactly (a hand's
known cards counted once, the widow taken off)."""


def tally(cards: Sequence[RupeeCard]) -> Tally:
    """The ``Tally`` of ``cards`` (one pass at C speed: the expert asks it of every layout it
    draws)."""
    return sum(map(_PART.__getitem__, cards))


def strength_of(counted: Tally) -> int:
    """``hand_strength`` of a hand from its ``Tally``."""
    money, adds, takes, *fields = parts(counted)
    strength: int = estimate(money, adds, takes, max(fields))
    return strength


def estimate(money: Any, adds: Any, takes: Any, top: Any) -> Any:
    """``hand_strength`` from a hand's ``parts``, ``top`` the largest colour field (the longest
    colour's): whole numbers, or numpy arrays of them alike (the expert asks it of many
    layouts at once)."""
    over = (top >> _STRENGTH) - 4
    return 100_000 + money // 2 + _UNIT * (adds - takes) + 10_000 * over * (over > 0)


def trump_of(counted: Tally) -> str:
    """``best_trump`` of a hand from its ``Tally`` (the first of the longest strongest)."""
    fields = _colours(counted)
    return COLOURS[fields.index(max(fields))]


def parts(counted: Tally) -> list[int]:
    """A ``Tally`` read out: its Money, what its ranks add and take (in ₹5,000s), then each
    colour's field (its length above its strength: ``COLOURS`` order)."""
    return [
        counted >> _MONEY,
        (counted >> _ADDS) & _UNITS,
        (counted >> _TAKES) & _UNITS,
        *_colours(counted),
    ]


def _colours(counted: Tally) -> list[int]:
    """Each colour's field of a ``Tally``: its length above its strength."""
    return [(counted >> shift) & _COLOUR for shift in _SHIFTS]


_EXTRA = {"40k": 15_000, "30k": 15_000, TIGER: 40_000, LION: 20_000, BEAR: -20_000}
"""What ``hand_strength`` adds for a card of each rank beyond half its Money."""
_UNIT = 5_000
_STRENGTH, _FIELD = 12, 20
"""A colour's strength in 12 bits (at most 26 cards of rank 12), its length in the 8 above."""
_COLOUR, _UNITS = (1 << _FIELD) - 1, (1 << 12) - 1
_SHIFTS = [_FIELD * i for i in range(len(COLOURS))]
_ADDS = _FIELD * len(COLOURS)
_TAKES = _ADDS + 12
_MONEY = _TAKES + 12


def _part(card: RupeeCard) -> Tally:
    extra = _EXTRA.get(card.rank, 0) // _UNIT
    out = (card.money << _MONEY) + (max(extra, 0) << _ADDS) + (max(-extra, 0) << _TAKES)
    if card.colour:
        out += ((1 << _STRENGTH) + card.power) << (_FIELD * COLOURS.index(card.colour))
    return out


_PART = {c: _part(c) for c in CARDS.values()}
"""Each card's part of a ``Tally``."""


@RupeesState.bot
class BasicBot(shared_bots.RandomBot):
    """Bids up to its ``hand_strength`` estimate; discards its lowest non-Money cards outside
    its planned trump colour, shortest colour first; names its longest strong colour. In play it
    leads its trump top cards while it holds the Tiger, else low cards; wins a trick with Money
    in it with the cheapest winning card; plays Money onto a trick its partner is winning; drops
    the Bear on the opponents' rich tricks and the Lion on its own side's."""

    level: ClassVar[str] = "basic"

    def choose(self, state: State[Any]) -> Any:
        seat = state.current_player
        assert seat is not None and seat >= 0, "a bot chooses on its own turn"
        view: RupeesView = state.view(seat)
        legal = state.legal_actions()
        hand = [CARDS[c] for c in view["hand"]]
        phase = view["phase"]
        if phase == "bid":
            if Pass() not in legal:
                return legal[0]  # the opener must bid
            standing = view["standing_bid"]
            if standing and standing["bidder"] in known_side(view, seat):
                return Pass()  # let the partner play it
            low = legal[0]
            return low if isinstance(low, Bid) and hand_strength(hand) >= low.amount else Pass()
        if phase == "discard":
            return Discard(basic_discard(hand, [a.card for a in legal]).code)
        if phase == "trump":
            return NameTrump(best_trump(hand))
        if phase == "call":
            return CallPartner(basic_call([a.card for a in legal]).code)
        trump = view["trump"]
        assert trump is not None, "cards are played after trumps are named"
        mates = known_side(view, view["seat"])
        trick = played(view["trick"])
        cards = [c for _, c in trick]
        return Play(
            basic_card(cards, [s for s, _ in trick], [a.card for a in legal], trump, mates).code
        )


def basic_discard(hand: Sequence[RupeeCard], options: Sequence[RupeeCard]) -> RupeeCard:
    """The basic bot's discard among ``options``: a card outside its planned trump colour (the
    longest strong one), not Money, of its shortest colour, the lowest."""
    trump = best_trump(hand)
    length = Counter(c.colour for c in hand)
    return min(options, key=lambda c: (c.colour == trump, c.money, length[c.colour], c.power))


def basic_call(options: Sequence[RupeeCard]) -> RupeeCard:
    """The basic bot's call (``call_partner``): the Tiger if it may be called, else the richest
    card."""
    wanted = [c for c in options if c.rank == TIGER]
    return wanted[0] if wanted else max(options, key=lambda c: c.money)


def basic_card(
    trick: Sequence[RupeeCard],
    seats: Sequence[int],
    cards: Sequence[RupeeCard],
    trump: str,
    mates: Sequence[int],
) -> RupeeCard:
    """The basic bot's card among the legal ``cards``, given the cards played to the ``trick``
    so far, the ``seats`` that played them and the seats it knows to score with it
    (``mates``): see ``BasicBot``."""
    if not trick:
        return basic_lead(cards, trump)
    led, best, top = trick_holder(trick, trump)
    winning_mate = best >= 0 and seats[best] in mates
    return basic_follow(cards, trump, led, top, winning_mate, money_of(trick))


def basic_lead(cards: Sequence[RupeeCard], trump: str) -> RupeeCard:
    """``basic_card`` to an empty trick: its trump top cards, the Tiger first, else low."""
    for c in cards:
        if c.rank == TIGER:
            return c
    return _lowest([c for c in cards if c.rank not in (LION, BEAR)] or cards, trump)


def basic_follow(
    cards: Sequence[RupeeCard],
    trump: str,
    led: str | None,
    top: int,
    winning_mate: bool,
    at_stake: int,
) -> RupeeCard:
    """``basic_card`` to a trick already led: ``led``, and ``top`` how strongly the card holding
    it holds it (``trick_holder``), whether that card is a mate's, and the Money in it."""
    plain = [c for c in cards if c.rank not in (LION, BEAR)] or cards
    # the orders below are sums, each part worth more than all the later ones can add up to
    # (Money comes in ₹1,000s, a rank is at most 12): a playout asks this at every card
    if at_stake >= 20_000:
        special = LION if winning_mate else BEAR
        for c in cards:
            if c.rank == special:
                return c
    if winning_mate:  # the richest, the lowest rank first
        out, rich = plain[0], -1_000
        for c in plain:
            if c.money - c.power > rich:
                out, rich = c, c.money - c.power
        return out
    if at_stake:
        winners = takers((), plain, trump, (led, -1, top))
        if winners:  # the cheapest winner: not the Tiger, not a trump, the lowest rank
            out, low = winners[0], 1_000
            for c in winners:
                key = (c.rank == TIGER) * 64 + (c.colour == trump) * 16 + c.power
                if key < low:
                    out, low = c, key
            return out
    return _lowest(plain, trump, tiger_last=True)


def _lowest(cards: Sequence[RupeeCard], trump: str, tiger_last: bool = False) -> RupeeCard:
    """The least Money, then (``tiger_last``) not the Tiger, then not a trump, then the lowest
    rank; the first of equals."""
    return min(cards, key=_low_keys(trump, tiger_last).__getitem__)


@cache
def _low_keys(trump: str, tiger_last: bool) -> dict[RupeeCard, int]:
    """``_lowest``'s order of every card as one number (a sum, each part worth more than all
    the later ones can add up to: Money comes in ₹1,000s, a rank is at most 12)."""
    return {
        c: c.money + (tiger_last and c.rank == TIGER) * 64 + (c.colour == trump) * 16 + c.power
        for c in CARDS.values()
    }
