"""Michigan's bots: the basic bot and the estimates it plays by (a hand's value, the expected
value of the unseen dead hand, the run a suit holds from its lowest card)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction
from typing import Any

from ..bots import RandomBot
from ..cards import SUITS, Card
from ..core import State
from .actions import Decline, Exchange, Offer, Play, Sell
from .cards import BOODLE, BOODLE_OF_SUIT, DECK, NEXT_UP, ORDER
from .rules import MichiganState
from .view import MichiganView


def hand_value(cards: Sequence[Card], boodle: Sequence[int]) -> int:
    """The basic bot's estimate of a hand: the chips on the boodle cards it holds, plus 2 for
    each ace (a sure stop), minus 1 for each card (each may cost a chip at the end)."""
    chips = dict(zip(BOODLE, boodle, strict=True))
    return sum(chips.get(c, 0) + (2 if c.rank == "A" else 0) - 1 for c in cards)


def dead_hand_value(mine: Sequence[Card], dead_size: int, boodle: Sequence[int]) -> Fraction:
    """The expected ``hand_value`` of a dead hand of ``dead_size`` cards nobody has seen, for a
    player holding ``mine``: each other card is in it with chance dead_size / (52 - len(mine)),
    and the estimate adds card by card."""
    held = set(mine)
    others = [c for c in DECK if c not in held]
    return Fraction(hand_value(others, boodle) * dead_size, len(others))


def run_from_lowest(cards: Sequence[Card], suit: str) -> int:
    """How many cards in a row, from the lowest held in ``suit`` upward, a hand holds."""
    ranks = {ORDER[c.rank] for c in cards if c.suit == suit}
    if not ranks:
        return 0
    low = min(ranks)
    n = 0
    while low + n in ranks:
        n += 1
    return n


def sure_out(hand: Sequence[Card], out: Collection[Card], banned: str | None) -> Card | None:
    """The lead that takes a player out for sure, if he has one: every suit he holds runs in a
    row from his lowest card, each up to a sure stop (an ace, or a card whose next one up is
    ``out``: played, or known to be dead) but at most one, and he holds none of the ``banned``
    suit (the one just stopped). He leads a suit with a sure stop (he leads again after it),
    the other last: its run takes him out."""
    stops: list[Card] = []
    last: list[Card] = []
    for suit in SUITS:
        cards = sorted((c for c in hand if c.suit == suit), key=lambda c: ORDER[c.rank])
        if not cards:
            continue
        low, top = ORDER[cards[0].rank], ORDER[cards[-1].rank]
        if suit == banned or top - low + 1 != len(cards):
            return None
        after = NEXT_UP[cards[-1]]
        (stops if after is None or after in out else last).append(cards[0])
    if len(last) > 1:
        return None
    return (stops or last)[0] if hand else None


@MichiganState.bot
class BasicBot(RandomBot):
    """Plays by stated rules from its own view. The dealer exchanges when the dead hand's
    expected ``hand_value`` beats his own; in the auction it offers the smallest raise while
    the price stays below that expected gain. It leads the suit where its cards run longest
    upward from its lowest (ties: the suit whose run holds the boodle card, then the lowest
    card), always with the lowest card, and never withholds."""

    level = "basic"

    def choose(self, state: State[Any]) -> Any:
        seat = state.current_player
        assert seat is not None  # a bot is asked to choose only on its seat's turn
        view: MichiganView = state.view(seat)
        legal = state.legal_actions()
        hand = [Card.from_str(c) for c in view["hand"]]
        boodle = [b["chips"] for b in view["boodle"]]
        if view["phase"] in ("exchange", "auction"):
            gain = dead_hand_value(hand, view["dead_size"], boodle) - hand_value(hand, boodle)
            if view["phase"] == "exchange":
                return Exchange() if gain > 0 else Sell()
            offer = legal[0]
            return offer if isinstance(offer, Offer) and offer.chips < gain else Decline()
        if view["run"] is not None:
            return legal[0]
        leads = [a for a in legal if isinstance(a, Play) and a.card == _lowest(hand, a.card)]

        def key(a: Play) -> tuple[int, bool, int, int]:
            suit = a.card.suit
            run = run_from_lowest(hand, suit)
            boodle_card = BOODLE_OF_SUIT[suit]
            in_run = boodle_card in hand and ORDER[boodle_card.rank] < ORDER[a.card.rank] + run
            return (run, in_run, -ORDER[a.card.rank], -SUITS.index(suit))

        return max(leads, key=key)


def _lowest(hand: Sequence[Card], card: Card) -> Card:
    return next(c for c in hand if c.suit == card.suit)


class Finisher(BasicBot):
    """The basic bot, but on lead it goes out when it surely can (``sure_out``): how the expert
    plays itself on in its playouts (the tests play the rules with it). Not a level of its own."""

    def choose(self, state: State[Any]) -> Any:
        seat = state.current_player
        assert seat is not None  # a bot is asked to choose only on its seat's turn
        view: MichiganView = state.view(seat)
        if view["phase"] == "play" and view["run"] is None:
            out = {
                Card.from_str(c)
                for c in [*view["known_dead"], *(c for p in view["played"] for c in p)]
            }
            hand = [Card.from_str(c) for c in view["hand"]]
            lead = sure_out(hand, out, view["banned_suit"])
            if lead is not None and not view["withheld"]:
                return Play(lead)
        return super().choose(state)
