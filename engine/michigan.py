"""Michigan, the stops game with boodle cards (Bicycle rules), as RULES.md §2 settles it.

Four boodle cards from another pack (A♥, K♣, Q♦, J♠) lie in the middle. Before each deal every
player puts a chip on each of them, the dealer two. The 52 cards are dealt one at a time,
starting with a dead hand on the dealer's left, as far as they go. The dealer may exchange his
hand for the dead hand unseen; if he does not, he auctions that right (the price goes to him).
The player on the dealer's left leads the lowest card of any suit; whoever holds the next card
up must play it, and so on, until the run stops: at an ace, at a card whose next card up is in
the dead hand, or whose next card up is already played. Whoever played the stopping card leads a
different suit with his lowest card in it (if he has none, the lead passes left). Playing the
duplicate of a boodle card wins its chips. The first player out of cards wins the hand and
collects a chip from each opponent for every card left in that opponent's hand.

Decisions (RULES.md): 50 chips each (option ``chips``); seat 0 deals first, then the deal passes
left; a game is ``deals`` deals (default: one per player, so everyone deals once); auction bids
are whole chips, clockwise from the dealer's left, each higher, a pass final, no bid above one's
chips; a run also stops when the next card up was already played; if nobody holds a card outside
the stopped suit, that suit may be restarted. A player pays what he owes while his chips last. A
player who cannot ante in full leaves the game; the game ends early when fewer than three
players are left. Chips left on the layout at the end of the game stay there. Mistakes
(``mistakes_allowed=True``, a teaching mode): a player may start a suit with a card that is not
his lowest in it (he pays a chip to each opponent and collects no boodle from then on in this
hand, the misled card included), or withhold the card he must play (``Withhold``: the run stops;
he collects no boodle from then on, cannot win the hand, and at the end pays the chips still on
the boodle card of the withheld suit to whoever held its duplicate).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, ClassVar, NamedTuple

from .cards import RANKS, SUIT_NAMES, SUITS, Card, parse, standard_deck
from .core import CHANCE, Auction, IllegalAction, RandomBot, Shuffle, State, clockwise, value

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
START_CHIPS = 50


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


# ---------------------------------------------------------------- actions


@value
class Exchange:
    """The dealer (or the buyer of the dead hand) swaps his hand for the dead hand, unseen."""

    def __str__(self) -> str:
        return "exchange for the dead hand"


@value
class Sell:
    """The dealer keeps his hand and auctions the right to exchange for the dead hand."""

    def __str__(self) -> str:
        return "auction the dead hand"


@value
class Offer:
    """A bid in the auction of the dead hand: ``chips`` paid to the dealer if it stands."""

    chips: int

    def __post_init__(self) -> None:
        if isinstance(self.chips, bool) or not isinstance(self.chips, int):
            raise ValueError(f"an offer is a whole number of chips, not {self.chips!r}")

    def __str__(self) -> str:
        return f"offer {self.chips} chip" + ("" if self.chips == 1 else "s")


@value
class Decline:
    """A pass in the auction of the dead hand; it is final."""

    def __str__(self) -> str:
        return "pass"


@value
class PlayCard:
    """Play a card face up in front of you (a lead, or the next card up of the run)."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card.is_joker:
            raise ValueError(f"Michigan is played with the 52 standard cards, not {self.card!r}")

    def __str__(self) -> str:
        return f"play {self.card}"


@value
class Withhold:
    """A mistake (only with ``mistakes_allowed``): keep back the card you must play."""

    def __str__(self) -> str:
        return "withhold the next card"


def _is_offer(call: Any) -> bool:
    return isinstance(call, Offer)


class Stop(NamedTuple):
    """A run that stopped: the last card played, who played it, and why it stopped:
    ``"ace"``, ``"dead"`` (the next card up is in the dead hand), ``"played"`` (the next card
    up is already played) or ``"withheld"`` (its holder, ``offender``, did not play it)."""

    seat: int
    card: Card
    cause: str
    offender: int | None = None


class Event(NamedTuple):
    """One thing that happened in a deal, for the log and the picture. Kinds: ``ante``,
    ``leave``, ``exchange``, ``sold`` (chips to ``other``, the dealer), ``unsold``, ``lead``,
    ``play``, ``stop`` (``note`` the cause, ``other`` the offender of a withheld card),
    ``boodle`` (chips won), ``win``, and payments ``penalty``, ``cards`` and ``withheld``
    (``seat`` pays ``other``)."""

    kind: str
    seat: int | None
    card: Card | None = None
    chips: int = 0
    other: int | None = None
    note: str = ""


PAYMENTS = ("penalty", "cards", "withheld")


@dataclass(frozen=True)
class DealResult:
    """The end of one deal."""

    deal: int
    dealer: int
    winner: int | None
    cards_left: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def payments(self) -> list[tuple[int, int, int, str]]:
        """``(payer, payee, chips, why)`` for the penalties and the settlement."""
        return [(e.seat, e.other, e.chips, e.kind) for e in self.events if e.kind in PAYMENTS]

    @property
    def boodles_won(self) -> list[tuple[int, Card, int]]:
        """``(seat, boodle card, chips)`` for each boodle collected."""
        return [(e.seat, e.card, e.chips) for e in self.events if e.kind == "boodle"]

    def describe(self, names: Sequence[str] | None = None) -> str:
        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        head = f"deal {self.deal + 1}: " + (
            f"{name(self.winner)} went out" if self.winner is not None else "nobody won"
        )
        owed: dict[tuple[int, int], int] = {}
        for a, b, c, _ in self.payments:
            owed[a, b] = owed.get((a, b), 0) + c
        paid = "; ".join(f"{name(a)} paid {name(b)} {c}" for (a, b), c in owed.items())
        return head + (f". {paid}" if paid else "")

    def __str__(self) -> str:
        return self.describe()


# ---------------------------------------------------------------- the state


class MichiganState(State):
    """A game of Michigan. Create it with ``engine.new_game("michigan", players=4)``."""

    game = "michigan"
    PLAYERS = (3, 4, 5, 6, 7, 8)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "chips": (START_CHIPS, 10, 20, 30, 40, 100, 200),
        "deals": (None, *range(1, 25)),
        "mistakes_allowed": (False, True),
    }
    BOTS: ClassVar[dict[str, type]]

    chips: tuple[int, ...]
    boodle: tuple[int, ...]
    live: tuple[bool, ...]
    deal: int
    dealer: int
    phase: str  # shuffle, exchange, auction, play, over
    hands: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]
    exchanger: int | None
    auction: Auction
    played: tuple[tuple[Card, ...], ...]
    gone: frozenset
    run: tuple[Card, int] | None
    banned_suit: str | None
    last_stop: Stop | None
    to_move: int | None
    barred: frozenset
    withheld: tuple[tuple[int, str], ...]
    boodle_holders: dict
    events: tuple[Event, ...]
    results: tuple[DealResult, ...]

    def _setup(self) -> None:
        n = self.num_players
        self.chips = (self.options["chips"],) * n
        self.boodle = (0,) * 4
        self.live = (True,) * n
        self.deal = 0
        self.dealer = n - 1  # so that the first deal passes to seat 0
        self.results = ()
        self._new_deal()

    @property
    def deals_total(self) -> int:
        """The deals in this game: ``deals``, or one per player (everyone deals once)."""
        return self.options["deals"] or self.num_players

    # -- the deal
    def _new_deal(self) -> None:
        """Find the dealer, let those who cannot ante leave, take the antes, await the shuffle."""
        n, chips, live = self.num_players, list(self.chips), list(self.live)
        events: list[Event] = []
        while True:
            dealer = clockwise(self.dealer, n, live) if sum(live) else 0
            short = [s for s in range(n) if live[s] and chips[s] < (8 if s == dealer else 4)]
            if not short:
                break
            for s in short:
                live[s] = False
                events.append(Event("leave", s))
            if sum(live) < 3:
                break
        self.live, self.dealer = tuple(live), dealer
        self.hands = ((),) * n
        self.dead = ()
        self.played = ((),) * n
        self.gone = frozenset()
        self.exchanger = None
        self.auction = Auction()
        self.run = None
        self.banned_suit = None
        self.last_stop = None
        self.barred = frozenset()
        self.withheld = ()
        self.boodle_holders = {}
        if sum(live) < 3:
            self.events, self.phase, self.to_move = tuple(events), "over", None
            return
        for s in range(n):
            if live[s]:
                each = 2 if s == dealer else 1
                chips[s] -= 4 * each
                events.append(Event("ante", s, chips=4 * each))
        per_card = sum(2 if s == dealer else 1 for s in range(n) if live[s])
        self.boodle = tuple(b + per_card for b in self.boodle)
        self.chips = tuple(chips)
        self.events = tuple(events)
        self.phase, self.to_move = "shuffle", CHANCE

    def in_deal(self) -> list[int]:
        """The players of this deal, clockwise from the dealer's left (the dealer last)."""
        n = self.num_players
        return [s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if self.live[s]]

    def _deal(self, cards: tuple[Card, ...]) -> None:
        order = self.in_deal()
        piles: list[list[Card]] = [[] for _ in range(len(order) + 1)]
        for k, card in enumerate(cards):
            piles[k % len(piles)].append(card)
        hands = [()] * self.num_players
        for s, pile in zip(order, piles[1:], strict=True):
            hands[s] = tuple(sorted(pile, key=sort_key))
        self.hands = tuple(hands)
        self.dead = tuple(sorted(piles[0], key=sort_key))

    def _exchange(self, seat: int) -> None:
        hands = list(self.hands)
        hands[seat], self.dead = self.dead, hands[seat]
        self.hands = tuple(hands)
        self.exchanger = seat

    def _start_play(self) -> None:
        self.phase = "play"
        self.boodle_holders = {b: self.holder(b) for b in BOODLE}
        self.to_move = self.in_deal()[0]

    # -- what everyone can see
    @property
    def current_player(self) -> int | None:
        return self.to_move

    def holder(self, card: Card) -> int | None:
        """The seat holding ``card`` now (None: in the dead hand or played)."""
        for s, hand in enumerate(self.hands):
            if card in hand:
                return s
        return None

    def lowest(self, seat: int, suit: str) -> Card | None:
        """The lowest card ``seat`` holds in ``suit``."""
        return next((c for c in self.hands[seat] if c.suit == suit), None)

    def high_offer(self) -> tuple[int, Offer] | None:
        return self.auction.high(_is_offer)

    def returns(self) -> list[int]:
        """Each seat's chips."""
        return list(self.chips)

    def winners(self) -> list[int]:
        best = max(self.chips)
        return [s for s, c in enumerate(self.chips) if c == best]

    # -- legal actions
    def _legal(self) -> list:
        if self.to_move == CHANCE:
            return []  # a shuffle cannot be listed: use sample_chance() or rig one
        me = self.to_move
        if self.phase == "exchange":
            return [Exchange(), Sell()]
        if self.phase == "auction":
            high = self.high_offer()
            low = high[1].chips + 1 if high else 1
            return [Offer(k) for k in range(low, self.chips[me] + 1)] + [Decline()]
        if self.run is not None:
            return [PlayCard(NEXT_UP[self.run[0]])] + (
                [Withhold()] if self.options["mistakes_allowed"] else []
            )
        suits = [s for s in SUITS if s != self.banned_suit]
        if self.options["mistakes_allowed"]:
            return [PlayCard(c) for c in self.hands[me] if c.suit in suits]
        leads = (self.lowest(me, s) for s in suits)
        return [PlayCard(c) for c in leads if c is not None]

    def _check(self, action: Any) -> None:
        if self.to_move == CHANCE:
            if not isinstance(action, Shuffle):
                raise IllegalAction("the cards must be shuffled and dealt first (a Shuffle)")
            cards = action.cards
            if not (len(cards) == 52 and all(isinstance(c, Card) for c in cards)) or set(
                cards
            ) != set(DECK):
                raise IllegalAction("a shuffle holds the 52 cards of one pack, each once")
            return
        me = self.to_move
        if isinstance(action, Shuffle):
            raise IllegalAction("the cards are dealt already: one shuffle per deal")
        if self.phase == "exchange":
            if not isinstance(action, (Exchange, Sell)):
                raise IllegalAction(
                    "the dealer first exchanges for the dead hand or auctions it (Exchange, Sell)"
                )
        elif self.phase == "auction":
            if isinstance(action, Offer):
                high = self.high_offer()
                low = high[1].chips + 1 if high else 1
                if action.chips < low:
                    raise IllegalAction(
                        f"each offer for the dead hand is higher: at least {low} chips"
                    )
                if action.chips > self.chips[me]:
                    raise IllegalAction(f"you cannot offer more than your {self.chips[me]} chips")
            elif not isinstance(action, Decline):
                raise IllegalAction("the dead hand is being auctioned: offer chips or pass")
        elif isinstance(action, PlayCard):
            self._check_play(me, action.card)
        elif isinstance(action, Withhold):
            if self.run is None:
                raise IllegalAction("there is nothing to withhold: it is your lead")
            if not self.options["mistakes_allowed"]:
                raise IllegalAction(
                    f"you must play {NEXT_UP[self.run[0]]}: the holder of the next card up plays "
                    "it (withholding is a mistake, allowed only with mistakes_allowed=True)"
                )
        else:
            raise IllegalAction(f"{action!r} cannot be played now: it is the play of the cards")

    def _check_play(self, me: int, card: Card) -> None:
        if card not in self.hands[me]:
            raise IllegalAction(f"you do not hold {card}")
        if self.run is not None:
            need = NEXT_UP[self.run[0]]
            if card != need:
                raise IllegalAction(
                    f"the run is in {SUIT_NAMES[need.suit]}: you must play the next card up, {need}"
                )
            return
        if card.suit == self.banned_suit:
            raise IllegalAction(
                f"after a stop the lead must be a new suit, not {SUIT_NAMES[card.suit]} again"
            )
        low = self.lowest(me, card.suit)
        if card != low and not self.options["mistakes_allowed"]:
            raise IllegalAction(f"a lead is your lowest card in the suit: {low}, not {card}")

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            self._deal(action.cards)
            self.phase, self.to_move = "exchange", self.dealer
            return
        me = self.to_move
        assert me is not None and me >= 0
        if isinstance(action, Exchange):
            self._exchange(me)
            self.events = (*self.events, Event("exchange", me))
            self._start_play()
        elif isinstance(action, Sell):
            self.phase, self.to_move = "auction", self.in_deal()[0]
        elif isinstance(action, (Offer, Decline)):
            self._auction_call(me, action)
        elif isinstance(action, Withhold):
            card, last = self.run  # type: ignore[misc]
            self.barred = self.barred | {me}
            self.withheld = (*self.withheld, (me, card.suit))
            self._stop(Stop(last, card, "withheld", me))
        else:
            self._play(me, action.card)

    def _auction_call(self, me: int, call: Any) -> None:
        self.auction = self.auction.add(me, call)
        bidders = self.in_deal()[:-1]
        out = self.auction.seats_that(Decline)
        left = [s for s in bidders if s not in out]
        high = self.high_offer()
        if not left or (len(left) == 1 and high and high[0] == left[0]):
            if high:
                buyer, price = high[0], high[1].chips
                chips = list(self.chips)
                chips[buyer] -= price
                chips[self.dealer] += price
                self.chips = tuple(chips)
                self._exchange(buyer)
                self.events = (*self.events, Event("sold", buyer, chips=price, other=self.dealer))
            else:
                self.events = (*self.events, Event("unsold", self.dealer))
            self._start_play()
            return
        self.to_move = clockwise(me, self.num_players, [s in left for s in range(self.num_players)])

    def _play(self, me: int, card: Card) -> None:
        events = list(self.events)
        if self.run is None:
            events.append(Event("lead", me, card))
            if card != self.lowest(me, card.suit):
                self.barred = self.barred | {me}
                for s in self.in_deal():
                    if s != me:
                        events += self._pay(me, s, 1, "penalty")
        else:
            events.append(Event("play", me, card))
        hands, played = list(self.hands), list(self.played)
        hands[me] = tuple(c for c in hands[me] if c != card)
        played[me] = (*played[me], card)
        self.hands, self.played, self.gone = tuple(hands), tuple(played), self.gone | {card}
        if card in BOODLE and me not in self.barred:
            k = BOODLE.index(card)
            if self.boodle[k]:
                chips = list(self.chips)
                chips[me] += self.boodle[k]
                events.append(Event("boodle", me, card, self.boodle[k]))
                self.chips = tuple(chips)
                self.boodle = tuple(0 if j == k else b for j, b in enumerate(self.boodle))
        self.events = tuple(events)
        if not hands[me] and me not in self.withholders:
            self._end_deal(me)
            return
        if not any(hands):
            self._end_deal(None)
            return
        nxt = NEXT_UP[card]
        if nxt is None:
            self._stop(Stop(me, card, "ace"))
        elif nxt in self.gone:
            self._stop(Stop(me, card, "played"))
        else:
            holder = self.holder(nxt)
            if holder is None:
                self._stop(Stop(me, card, "dead"))
            else:
                self.run, self.to_move = (card, me), holder

    @property
    def withholders(self) -> set[int]:
        """Players who withheld a card this deal: they cannot win it."""
        return {s for s, _ in self.withheld}

    def _stop(self, stop: Stop) -> None:
        """The run stops; whoever played last leads a new suit, or the lead passes left."""
        self.last_stop, self.run = stop, None
        self.events = (
            *self.events,
            Event("stop", stop.seat, stop.card, other=stop.offender, note=stop.cause),
        )
        n = self.num_players
        order = [(stop.seat + k) % n for k in range(n)]
        suit = stop.card.suit
        for s in order:
            if any(c.suit != suit for c in self.hands[s]):
                self.banned_suit, self.to_move = suit, s
                return
        # deadlock: nobody holds another suit, so the stopped suit may be restarted
        self.banned_suit = None
        self.to_move = next(s for s in order if self.hands[s])

    def _pay(self, payer: int, payee: int, owed: int, why: str) -> list[Event]:
        """``payer`` pays ``payee`` what he owes, as far as his chips go."""
        paid = min(owed, self.chips[payer])
        if not paid:
            return []
        chips = list(self.chips)
        chips[payer] -= paid
        chips[payee] += paid
        self.chips = tuple(chips)
        return [Event(why, payer, chips=paid, other=payee)]

    def _end_deal(self, winner: int | None) -> None:
        events = list(self.events)
        if winner is not None:
            events.append(Event("win", winner))
            for s in self.in_deal():
                if s != winner:
                    events += self._pay(s, winner, len(self.hands[s]), "cards")
        for offender, suit in dict.fromkeys(self.withheld):
            left = self.boodle[BOODLE.index(BOODLE_OF_SUIT[suit])]
            holder = self.boodle_holders[BOODLE_OF_SUIT[suit]]
            if left and holder is not None and holder != offender:
                events += self._pay(offender, holder, left, "withheld")
        self.results = (
            *self.results,
            DealResult(
                self.deal,
                self.dealer,
                winner,
                tuple(len(h) for h in self.hands),
                tuple(events),
            ),
        )
        self.events = tuple(events)
        self.deal += 1
        if self.deal >= self.deals_total:
            self.phase, self.to_move = "over", None
        else:
            self._new_deal()

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        deck = list(DECK)
        rng.shuffle(deck)
        return Shuffle(tuple(deck))

    # -- what one seat may see
    def _event_seen(self, e: Event, seat: int) -> list:
        """An event as ``seat`` saw it: a withheld card looks like a dead one to the others."""
        note = "dead" if e.note == "withheld" and e.other != seat else e.note
        other = e.other if e.kind != "stop" or note == "withheld" else None
        card = str(e.card) if e.card else None
        return [e.kind, e.seat, card, e.chips, other, note]

    def known_dead(self, seat: int) -> list[Card]:
        """Cards ``seat`` knows to be in the dead hand: all of it for whoever exchanged;
        otherwise the next cards up that nobody played at a stop (in the teaching mode a
        withheld card can pass for one of these)."""
        if seat == self.exchanger:
            return list(self.dead)
        seen = {
            NEXT_UP[e.card]
            for e in self.events
            if e.kind == "stop" and (e.note == "dead" or (e.note == "withheld" and e.other != seat))
        }
        return sorted(
            (c for c in seen if c not in self.gone and c not in self.hands[seat]), key=sort_key
        )

    def view(self, seat: int, reveal: bool = False) -> dict:
        """Exactly what ``seat`` may see: his own hand, the dead hand only if he exchanged for
        it, every card played, and the chips. ``reveal=True`` (teacher): also ``hands``, every
        seat's hand, the whole ``dead_hand`` and the true cause of a stop."""
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")
        high = self.high_offer()
        stop = self.last_stop
        hidden = stop is not None and stop.cause == "withheld" and stop.offender != seat
        hidden = hidden and not reveal
        withheld_by_me = seat in self.withholders
        out = {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "mistakes_allowed": self.options["mistakes_allowed"],
            "deal": self.deal,
            "deals_total": self.deals_total,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "chips": list(self.chips),
            "live": list(self.live),
            "boodle": [[str(b), c] for b, c in zip(BOODLE, self.boodle, strict=True)],
            "hand": [str(c) for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "dead_size": len(self.dead),
            "dead_hand": [str(c) for c in self.dead] if seat == self.exchanger else None,
            "known_dead": [str(c) for c in self.known_dead(seat)],
            "exchanger": self.exchanger,
            "played": [[str(c) for c in p] for p in self.played],
            "run": {"card": str(self.run[0]), "seat": self.run[1]} if self.run else None,
            "banned_suit": self.banned_suit,
            "last_stop": (
                {
                    "seat": stop.seat,
                    "card": str(stop.card),
                    "cause": "dead" if hidden else stop.cause,
                }
                if stop
                else None
            ),
            "auction": [[s, str(c)] for s, c in self.auction.calls],
            "high_offer": {"seat": high[0], "chips": high[1].chips} if high else None,
            "barred": sorted(s for s in self.barred if s not in self.withholders or s == seat),
            "withheld": withheld_by_me,
            "events": [self._event_seen(e, seat) for e in self.events],
            "results": [
                {
                    "deal": r.deal,
                    "dealer": r.dealer,
                    "winner": r.winner,
                    "cards_left": list(r.cards_left),
                    "events": [self._event_seen(e, seat) for e in r.events],
                }
                for r in self.results
            ],
        }
        if reveal:
            out["revealed"] = True
            out["hands"] = [[str(c) for c in h] for h in self.hands]
            out["dead_hand"] = [str(c) for c in self.dead]
        return out

    def __str__(self) -> str:
        head = f"Michigan, {self.num_players} players, deal {min(self.deal + 1, self.deals_total)}"
        head += f" of {self.deals_total}: "
        if self.to_move is None:
            head += "game over"
        elif self.to_move == CHANCE:
            head += f"seat {self.dealer} to shuffle and deal"
        else:
            doing = {"exchange": "exchange or auction", "auction": "offer or pass"}
            head += f"seat {self.to_move} to {doing.get(self.phase, 'play')}"
        lines = [
            head,
            "  layout: " + "  ".join(f"{b} {c}" for b, c in zip(BOODLE, self.boodle, strict=True)),
        ]
        for s in range(self.num_players):
            if not self.live[s]:
                lines.append(f"  seat {s}  (left the game) {self.chips[s]} chips")
                continue
            role = " (dealer)" if s == self.dealer else ""
            hand = " ".join(map(str, self.hands[s])) or "-"
            played = " ".join(map(str, self.played[s]))
            lines.append(
                f"  seat {s}{role}  {self.chips[s]} chips  hand: {hand}"
                + (f"  played: {played}" if played else "")
            )
        if self.dead:
            lines.append("  dead hand: " + " ".join(map(str, self.dead)))
        if self.run:
            lines.append(f"  run: {self.run[0]} by seat {self.run[1]}")
        elif self.last_stop:
            st = self.last_stop
            lines.append(f"  stop: {st.card} by seat {st.seat} ({STOP_WORDS[st.cause]})")
        if self.results:
            lines.append("  last: " + str(self.results[-1]))
        return "\n".join(lines)


STOP_WORDS = {
    "ace": "an ace",
    "dead": "the next card is dead",
    "played": "the next card is played",
    "withheld": "the next card was withheld",
}


# ---------------------------------------------------------------- rigged deals


def rigged_shuffle(players: int, hands: Sequence[str], dead: str = "", seed: int = 0) -> Shuffle:
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


# ---------------------------------------------------------------- exact odds


def boodle_dead_chance(players: int) -> Fraction:
    """The chance a given boodle card's duplicate lies in the dead hand: every deck position
    is equally likely, and ``dead_hand_size`` of the 52 go to the dead hand."""
    return Fraction(dead_hand_size(players), 52)


def all_boodles_live_chance(players: int) -> Fraction:
    """The chance none of the four boodle duplicates is in the dead hand: the dead hand's
    cards are a random ``d``-card subset of 52, so C(48, d) / C(52, d)."""
    d = dead_hand_size(players)
    return Fraction(comb(48, d), comb(52, d))


def dead_chance(unseen: int, dead_unknown: int) -> Fraction:
    """The chance one card you have not seen is in the dead hand, when ``unseen`` cards are
    unaccounted for and ``dead_unknown`` of the dead hand's cards are among them (each unseen
    card is equally likely to be any of them)."""
    if unseen <= 0:
        return Fraction(0)
    return Fraction(dead_unknown, unseen)


def next_card_dead_chance(view: dict, card: str | Card | None = None) -> Fraction | None:
    """From one seat's view: the chance the next card up after ``card`` (default: the card on
    top of the run) is dead, so the run stops there. Played cards and cards in your hand are
    not dead; a known dead card is; every other card is judged by ``dead_chance``, counting
    only the cards this seat has seen (not what the leads hint at)."""
    if card is None:
        if view["run"] is None:
            return None
        card = view["run"]["card"]
    top = Card.from_str(card) if isinstance(card, str) else card
    nxt = NEXT_UP[top]
    if nxt is None:
        return Fraction(0)
    mine = {Card.from_str(c) for c in view["hand"]}
    played = {Card.from_str(c) for p in view["played"] for c in p}
    known = {Card.from_str(c) for c in view["known_dead"]}
    if nxt in mine or nxt in played:
        return Fraction(0)
    if nxt in known:
        return Fraction(1)
    unseen = 52 - len(mine) - len(played) - len(known)
    return dead_chance(unseen, view["dead_size"] - len(known))


# ---------------------------------------------------------------- bots


def hand_value(cards: Sequence[Card], boodle: Sequence[int]) -> int:
    """The basic bot's estimate of a hand: the chips on the boodle cards it holds, plus 2 for
    each ace (a sure stop), minus 1 for each card (each may cost a chip at the end)."""
    chips = dict(zip(BOODLE, boodle, strict=True))
    return sum(chips.get(c, 0) + (2 if c.rank == "A" else 0) - 1 for c in cards)


def dead_hand_value(mine: Sequence[Card], dead_size: int, boodle: Sequence[int]) -> Fraction:
    """The expected ``hand_value`` of a dead hand of ``dead_size`` cards nobody has seen, for a
    player holding ``mine``: each other card is in it with chance dead_size / (52 - len(mine)),
    and the estimate adds card by card."""
    others = [c for c in DECK if c not in set(mine)]
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


class BasicBot(RandomBot):
    """Plays by stated rules from its own view. The dealer exchanges when the dead hand's
    expected ``hand_value`` beats his own; in the auction it offers the smallest raise while
    the price stays below that expected gain. It leads the suit where its cards run longest
    upward from its lowest (ties: the suit whose run holds the boodle card, then the lowest
    card), always with the lowest card, and never withholds."""

    level = "basic"

    def choose(self, state: State) -> Any:
        view = state.view(state.current_player)  # type: ignore[arg-type]
        legal = state.legal_actions()
        hand = [Card.from_str(c) for c in view["hand"]]
        boodle = [c for _, c in view["boodle"]]
        if view["phase"] in ("exchange", "auction"):
            gain = dead_hand_value(hand, view["dead_size"], boodle) - hand_value(hand, boodle)
            if view["phase"] == "exchange":
                return Exchange() if gain > 0 else Sell()
            offer = legal[0]
            return offer if isinstance(offer, Offer) and offer.chips < gain else Decline()
        if view["run"] is not None:
            return legal[0]
        leads = [a for a in legal if isinstance(a, PlayCard) and a.card == _lowest(hand, a.card)]

        def key(a: PlayCard) -> tuple:
            suit = a.card.suit
            run = run_from_lowest(hand, suit)
            boodle_card = BOODLE_OF_SUIT[suit]
            in_run = boodle_card in hand and ORDER[boodle_card.rank] < ORDER[a.card.rank] + run
            return (run, in_run, -ORDER[a.card.rank], -SUITS.index(suit))

        return max(leads, key=key)


def _lowest(hand: Sequence[Card], card: Card) -> Card:
    return next(c for c in hand if c.suit == card.suit)


MichiganState.BOTS = {"random": RandomBot, "basic": BasicBot}
MichiganState.ACTIONS = (Shuffle, Card, Exchange, Sell, Offer, Decline, PlayCard, Withhold)
