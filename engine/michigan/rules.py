"""Michigan's rules: the state machine from the antes to the settlement (the deal, the dead
hand and its auction, the runs and stops, the payments), and the view: what one seat may see."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

from ..cards import SUIT_NAMES, Card
from ..core import CHANCE, Auction, State, clockwise, replaced
from ..core import (
    Event as PublicEvent,
)
from ..values import Shuffle
from .actions import (
    DealResult,
    Decline,
    Event,
    Exchange,
    NobodyPlays,
    Offer,
    Play,
    Sell,
    Stop,
    Withhold,
    is_offer,
)
from .cards import BOODLE, BOODLE_OF_SUIT, DECK, NEXT_UP, sort_key
from .view import MichiganView, SeenEvent

START_CHIPS = 50
_EXCHANGE_OR_SELL = (Exchange(), Sell())
_DECLINE, _WITHHOLD = Decline(), Withhold()
_PACK = Counter(DECK)


def _names(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


class MichiganState(State[MichiganView]):
    """A game of Michigan. Create it with ``engine.new_game("michigan", players=4)``."""

    game = "michigan"
    PLAYERS = (3, 4, 5, 6, 7, 8)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "chips": (START_CHIPS, 10, 20, 30, 40, 100, 200),
        "deals": (None, *range(1, 25)),
        "mistakes_allowed": (False, True),
    }
    ACTIONS: ClassVar[tuple[type, ...]] = (
        Shuffle,
        Card,
        Exchange,
        Sell,
        Offer,
        Decline,
        Play,
        Withhold,
        NobodyPlays,
    )
    RENAMED: ClassVar[dict[str, str]] = {"PlayCard": "Play"}

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
    gone: frozenset[Card]
    run: tuple[Card, int] | None
    banned_suit: str | None
    last_stop: Stop | None
    barred: frozenset[int]
    misled: frozenset[int]
    withheld: tuple[tuple[int, str], ...]
    boodle_holders: dict[Card, int | None]
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
        deals: int | None = self.options["deals"]
        return deals or self.num_players

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
        self.barred = self.misled = frozenset()
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
        hands: list[tuple[Card, ...]] = [()] * self.num_players
        for s, pile in zip(order, piles[1:], strict=True):
            hands[s] = tuple(sorted(pile, key=sort_key))
        self.hands = tuple(hands)
        self.dead = tuple(sorted(piles[0], key=sort_key))

    def _exchange(self, seat: int) -> None:
        mine = self.hands[seat]
        self.hands, self.dead = replaced(self.hands, seat, self.dead), mine
        self.exchanger = seat

    def _start_play(self) -> None:
        self.phase = "play"
        self.boodle_holders = {b: self.holder(b) for b in BOODLE}
        self.to_move = self.in_deal()[0]

    # -- what everyone can see
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
        """``(seat, offer)`` of the highest offer for the dead hand, or None before one."""
        return self.auction.high(is_offer)

    @property
    def withholders(self) -> set[int]:
        """Players who withheld a card this deal: they cannot win it."""
        return {s for s, _ in self.withheld}

    def returns(self) -> list[int]:
        """Each seat's chips."""
        return list(self.chips)

    # -- legal actions
    def _seat_to_move(self) -> int:
        me = self.to_move
        assert me is not None and me >= 0  # called only on a player's turn
        return me

    def chance_outcomes(self) -> list[tuple[Any, Fraction]] | None:
        """In the teaching mode, when the next card up of a run is dead: nobody plays it,
        for sure. None at a shuffle (too many to list) and away from chance."""
        if self.to_move == CHANCE and self.phase == "play":
            return [(NobodyPlays(), Fraction(1))]
        return None

    def waiting(self) -> Card | None:
        """In the teaching mode, the next card up a run waits for, whose holder (if any) only
        he may know; None otherwise."""
        return self._needed() if self.options["mistakes_allowed"] else None

    def _legal(self) -> list[Any]:
        if self.to_move == CHANCE:
            outcomes = self.chance_outcomes()  # a shuffle cannot be listed: sample or rig one
            return [o for o, _p in outcomes] if outcomes else []
        me = self._seat_to_move()
        if self.phase == "exchange":
            return list(_EXCHANGE_OR_SELL)
        if self.phase == "auction":
            return [Offer(k) for k in self._offers(me)] + [_DECLINE]
        plays = [Play(c) for c in self._plays(me)]
        return [*plays, _WITHHOLD] if self._may_withhold() else plays

    def _offers(self, me: int) -> range:
        """The offers ``me`` may make for the dead hand: more than the highest so far, at most
        his chips."""
        return range(self._lowest_offer(), self.chips[me] + 1)

    def _plays(self, me: int) -> list[Card]:
        """The cards ``me`` may play: the next card up of the run; at a lead, his lowest card
        of each suit but the one just stopped (in the teaching mode, any card of those)."""
        need = self._needed()
        if need is not None:
            return [need]
        hand, banned = self.hands[me], self.banned_suit
        if self.options["mistakes_allowed"]:
            return [c for c in hand if c.suit != banned]
        lowest: dict[str, Card] = {}
        for c in hand:  # a hand is sorted: a suit's first card is its lowest
            if c.suit not in lowest:
                lowest[c.suit] = c
        return [c for suit, c in lowest.items() if suit != banned]

    def _may_withhold(self) -> bool:
        """In the teaching mode, the holder of the next card up may keep it back."""
        return self.run is not None and self.options["mistakes_allowed"]

    def _needed(self) -> Card | None:
        """The card the run needs next, the next card up from its top (None at a lead)."""
        if self.run is None:
            return None
        need = NEXT_UP[self.run[0]]
        assert need is not None  # a run stops at an ace
        return need

    def _lowest_offer(self) -> int:
        high = self.high_offer()
        return high[1].chips + 1 if high else 1

    def _allows(self, action: Any) -> bool:
        if self.to_move == CHANCE:
            if self.phase == "play":
                return action in self._legal()  # nobody plays the dead card
            return isinstance(action, Shuffle) and action.holds(_PACK)
        me = self._seat_to_move()
        if self.phase == "exchange":
            return action in _EXCHANGE_OR_SELL
        if self.phase == "auction":
            if type(action) is Offer:
                return action.chips in self._offers(me)
            return type(action) is Decline  # one value: the pass
        if type(action) is Play:
            return action.card in self._plays(me)
        return type(action) is Withhold and self._may_withhold()

    def _why(self, action: Any) -> str:
        if self.to_move == CHANCE and self.phase == "play":
            return f"the next card up, {self._needed()}, is dead: nobody plays it (NobodyPlays)"
        if isinstance(action, NobodyPlays):
            return "nobody plays only a dead card of a run, in the teaching mode (a chance step)"
        if self.to_move == CHANCE:
            if not isinstance(action, Shuffle):
                return "the cards must be shuffled and dealt first (a Shuffle)"
            return "a shuffle holds the 52 cards of one pack, each once"
        me = self._seat_to_move()
        if isinstance(action, Shuffle):
            return "the cards are dealt already: one shuffle per deal"
        if self.phase == "exchange":
            return "the dealer first exchanges for the dead hand or auctions it (Exchange, Sell)"
        if self.phase == "auction":
            if not isinstance(action, Offer):
                return "the dead hand is being auctioned: offer chips or pass"
            low = self._lowest_offer()
            if action.chips < low:
                return f"each offer for the dead hand is higher: at least {low} chip" + (
                    "" if low == 1 else "s"
                )
            return f"you cannot offer more than your {self.chips[me]} chips"
        if isinstance(action, Play):
            return self._why_not_play(me, action.card)
        if isinstance(action, Withhold):
            if self.run is None:
                return "there is nothing to withhold: it is your lead"
            return (
                f"you must play {self._needed()}: the holder of the next card up plays it "
                "(withholding is a mistake, allowed only with mistakes_allowed=True)"
            )
        return f"{action!r} cannot be played now: it is the play of the cards"

    def _why_not_play(self, me: int, card: Card) -> str:
        if card not in self.hands[me]:
            return f"you do not hold {card}"
        need = self._needed()
        if need is not None:
            return f"the run is in {SUIT_NAMES[need.suit]}: you must play the next card up, {need}"
        if card.suit == self.banned_suit:
            return f"after a stop the lead must be a new suit, not {SUIT_NAMES[card.suit]} again"
        return f"a lead is your lowest card in the suit: {self.lowest(me, card.suit)}, not {card}"

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            self._deal(action.cards)
            self.phase, self.to_move = "exchange", self.dealer
            return
        if isinstance(action, NobodyPlays):
            assert self.run is not None  # legal only while a run waits
            card, last = self.run
            self._stop(Stop(last, card, "dead"))
            return
        me = self._seat_to_move()
        if isinstance(action, Exchange):
            self._exchange(me)
            self.events = (*self.events, Event("exchange", me))
            self._start_play()
        elif isinstance(action, Sell):
            self.phase, self.to_move = "auction", self.in_deal()[0]
        elif isinstance(action, (Offer, Decline)):
            self._auction_call(me, action)
        elif isinstance(action, Withhold):
            assert self.run is not None  # a withhold is legal only while a run waits
            card, last = self.run
            self.barred = self.barred | {me}
            self.withheld = (*self.withheld, (me, card.suit))
            self._stop(Stop(last, card, "withheld", me))
        else:
            self._play(me, action.card)

    def _auction_call(self, me: int, call: Offer | Decline) -> None:
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
                self.barred, self.misled = self.barred | {me}, self.misled | {me}
                for s in self.in_deal():
                    if s != me:
                        events += self._pay(me, s, 1, "penalty")
        else:
            events.append(Event("play", me, card))
        hand = tuple(c for c in self.hands[me] if c != card)
        self.hands = replaced(self.hands, me, hand)
        self.played = replaced(self.played, me, (*self.played[me], card))
        self.gone = self.gone | {card}
        if card in BOODLE and me not in self.barred:
            k = BOODLE.index(card)
            if self.boodle[k]:
                self.chips = replaced(self.chips, me, self.chips[me] + self.boodle[k])
                events.append(Event("boodle", me, card, self.boodle[k]))
                self.boodle = replaced(self.boodle, k, 0)
        self.events = tuple(events)
        if not hand and me not in self.withholders:
            self._end_deal(me)
            return
        if not any(self.hands):
            self._end_deal(None)
            return
        nxt = NEXT_UP[card]
        if nxt is None:
            self._stop(Stop(me, card, "ace"))
        elif nxt in self.gone:
            self._stop(Stop(me, card, "played"))
        else:
            holder = self.holder(nxt)
            if holder is None and not self.options["mistakes_allowed"]:
                self._stop(Stop(me, card, "dead"))
            else:  # the teaching mode: a dead card waits a chance step (see RULES notes)
                self.run, self.to_move = (card, me), CHANCE if holder is None else holder

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
        cards_left = tuple(len(h) for h in self.hands)
        result = DealResult(self.deal, self.dealer, winner, cards_left, tuple(events))
        self.results = (*self.results, result)
        self.events = tuple(events)
        self.deal += 1
        if self.deal >= self.deals_total:
            self.phase, self.to_move = "over", None
        else:
            self._new_deal()

    def _public(self, action: Any, seat: int) -> PublicEvent:
        """Every call and every card played is seen by all; the dead hand is exchanged
        unseen. In the teaching mode a withhold is, to everyone but its withholder, what a
        dead card is: "nobody plays" the next card (RULES notes)."""
        if isinstance(action, Shuffle):
            return PublicEvent(None, "", "the cards are shuffled and dealt")
        if isinstance(action, NobodyPlays):
            return PublicEvent(None, "", f"nobody plays {self._needed()}")
        me = self._seat_to_move()
        if isinstance(action, Withhold):
            if seat != me:
                return PublicEvent(None, "", f"nobody plays {self._needed()}")
            return PublicEvent(me, "withhold", f"{self._needed()} (a mistake)")
        if isinstance(action, Play):
            verb = "play" if self.run else "lead"
            return PublicEvent(me, verb, str(action.card), marks=(("card", str(action.card)),))
        words = {
            Exchange: ("exchange", "for the dead hand, unseen", "exchange"),
            Sell: ("auction", "the dead hand", "auction"),
            Decline: ("pass", "", "pass"),
        }
        if isinstance(action, Offer):
            chips = f"{action.chips} chip" + ("" if action.chips == 1 else "s")
            return PublicEvent(me, "offer", chips, marks=(("call", f"offer {chips}"),))
        verb, what, call = words[type(action)]
        third = "passes" if verb == "pass" else None
        return PublicEvent(me, verb, what, third, marks=(("call", call),))

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        deck = list(DECK)
        rng.shuffle(deck)
        return Shuffle(tuple(deck))

    # -- what one seat may see
    def _event_seen(self, e: Event, seat: int) -> SeenEvent:
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
            if e.kind == "stop"
            and e.card is not None
            and (e.note == "dead" or (e.note == "withheld" and e.other != seat))
        }
        return sorted(
            (c for c in seen if c is not None and c not in self.gone and c not in self.hands[seat]),
            key=sort_key,
        )

    def _view(self, seat: int, reveal: bool) -> MichiganView:
        """Exactly what ``seat`` may see: his own hand, the dead hand only if he exchanged for
        it, every card played, and the chips. ``reveal=True`` (teacher): also every seat's hand
        in ``hands``, the whole ``dead_hand`` and the true cause of a stop."""
        high = self.high_offer()
        stop = self.last_stop
        hidden = stop is not None and stop.cause == "withheld" and stop.offender != seat
        hidden = hidden and not reveal
        base = self._base_view(seat, reveal)
        if self.waiting() and seat != self.to_move and not reveal:
            base["to_move"] = CHANCE  # who holds the next card is his secret (RULES notes)
        out: MichiganView = {
            **base,
            "mistakes_allowed": self.options["mistakes_allowed"],
            "deal": self.deal,
            "deals_total": self.deals_total,
            "dealer": self.dealer,
            "phase": self.phase,
            "scores": list(self.chips),
            "live": list(self.live),
            "boodle": [
                {"card": str(b), "chips": c} for b, c in zip(BOODLE, self.boodle, strict=True)
            ],
            "hand": _names(self.hands[seat]),
            "hands": [_names(h) if reveal or s == seat else None for s, h in enumerate(self.hands)],
            "hand_sizes": [len(h) for h in self.hands],
            "dead_size": len(self.dead),
            "dead_hand": _names(self.dead) if reveal or seat == self.exchanger else None,
            "known_dead": _names(self.known_dead(seat)),
            "exchanger": self.exchanger,
            "played": [_names(p) for p in self.played],
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
            "standing_bid": (
                {"bidder": high[0], "bid": str(high[1]), "chips": high[1].chips} if high else None
            ),
            "barred": sorted(s for s in self.barred if s in self.misled or s == seat),
            "withheld": seat in self.withholders,
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
        return out

    def __str__(self) -> str:
        head = f"Michigan, {self.num_players} players, deal {min(self.deal + 1, self.deals_total)}"
        head += f" of {self.deals_total}: "
        if self.to_move is None:
            head += "game over"
        elif self.to_move == CHANCE and self.phase == "play":
            head += f"nobody holds {self._needed()}"
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
            lines.append(f"  stop: {st.card} by seat {st.seat} (cause: {st.cause})")
        if self.results:
            lines.append("  last: " + str(self.results[-1]))
        return "\n".join(lines)
