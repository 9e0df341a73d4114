"""Michigan's expert: it values each option in expected chips this deal, from what its seat
has seen, and plays the best.

How it values an option: it lays the cards it has not seen out among the other hands and the
dead hand in every way its view allows (the cards it holds, every card played, the dead cards
it knows: the next cards up at the stops, and the whole dead hand if it exchanged for it; a
lead is its leader's lowest card in the suit, so the unplayed cards below it lie elsewhere; a
player passed over at a lead after a stop holds only the stopped suit). Late in a deal, when
few such layouts remain, it takes every one (an exact count); otherwise a seeded sample of
them. On each layout it takes the option, then plays the deal out with everyone, itself
included, playing as the basic bot does, and counts the chips it wins or loses to the end of
the deal: the boodle it collects, the settlement, the price of the dead hand, penalties. The
value is the mean over the layouts, the same layouts for every option.

The auction is valued in the same way: the others bid as the basic bot does (each from its own
hand in the layout), an offer is valued as though it stands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import comb
from typing import Any

from ..advice import Advice, Judged
from ..cards import SUIT_NAMES, SUITS, Card
from ..core import RandomBot, State
from .actions import Decline, Exchange, Offer, Sell, Withhold
from .bots import dead_hand_value, hand_value
from .cards import BOODLE, DECK, ORDER
from .rules import MichiganState
from .view import MichiganView

CARDS = sorted(DECK, key=lambda c: (SUITS.index(c.suit), ORDER[c.rank]))
"""The cards by number: 13 * suit + rank, suits in ``SUITS`` order, ranks 2 (0) to ace (12)."""
NUMBER = {c: k for k, c in enumerate(CARDS)}
BOODLE_NUMBER = {NUMBER[b]: k for k, b in enumerate(BOODLE)}
"""Card number of each boodle card -> its place on the layout."""
BOODLE_OF = [NUMBER[next(b for b in BOODLE if b.suit == s)] for s in SUITS]
"""Suit number -> the card number of that suit's boodle card."""
DEAD, GONE = -1, -2
"""Where a card lies in a layout besides a seat: the dead hand, or played."""

PLAYOUTS = 600
"""Playouts an option's value may take in all (the samples are shared by the options)."""
FEWEST, MOST = 40, 200
"""Samples per decision, whatever the number of options."""
COSTLY = 2.0
"""An option that gives up this many expected chips is a costly mistake."""


# ---------------------------------------------------------------- what the seat has seen


class Seen:
    """What one seat knows of where the cards lie, from its view: each card it has seen (its
    own, the played ones, the known dead ones) and, for the rest, the hands it can be in."""

    def __init__(self, view: MichiganView) -> None:
        self.me, self.players = view["seat"], view["players"]
        self.live = [s for s in range(self.players) if view["live"][s]]
        where: list[int | None] = [None] * 52
        for c in view["hand"]:
            where[NUMBER[Card.from_str(c)]] = self.me
        self.played_by: dict[int, int] = {}
        for seat, cards in enumerate(view["played"]):
            for c in cards:
                k = NUMBER[Card.from_str(c)]
                where[k], self.played_by[k] = GONE, seat
        known = view["dead_hand"] if view["dead_hand"] is not None else view["known_dead"]
        for c in known[: view["dead_size"]]:  # a withheld card can pass for a dead one
            where[NUMBER[Card.from_str(c)]] = DEAD
        self.unseen = [k for k in range(52) if where[k] is None]
        self.base: list[int] = [GONE if w is None else w for w in where]
        self.room = {s: view["hand_sizes"][s] for s in self.live if s != self.me}
        self.room[DEAD] = view["dead_size"] - sum(1 for w in where if w == DEAD)
        self.barred = [s in view["barred"] for s in range(self.players)]
        self.withheld = set(_withheld_suits(view, self.me))
        self.chips, self.boodle = list(view["scores"]), [b["chips"] for b in view["boodle"]]
        self.cannot_hold = _not_held(view, set(self.unseen), self.players)

    def allowed(self, card: int, holder: int) -> bool:
        return holder not in self.cannot_hold.get(card, ())

    def layouts(
        self, limit: int, rng: random.Random, exact: bool = True
    ) -> tuple[list[list[int]], bool]:
        """Every layout the view allows, if there are at most ``limit`` ways to lay the unseen
        cards out and ``exact`` (True: exact), else ``limit`` sampled ones (False)."""
        ways, left = 1, len(self.unseen)
        for room in self.room.values():
            ways, left = ways * comb(left, room), left - room
        if exact and ways <= limit:
            every = list(self._every(self.unseen, list(self.room.items()), self.base))
            if every:
                return every, True
        return [self._sample(rng) for _ in range(limit)], False

    def _every(
        self, cards: list[int], rooms: list[tuple[int, int]], where: list[int]
    ) -> Iterator[list[int]]:
        if not rooms:
            yield where
            return
        (holder, room), rest = rooms[0], rooms[1:]
        for chosen in combinations(cards, room):
            if all(self.allowed(c, holder) for c in chosen):
                placed = where[:]
                for c in chosen:
                    placed[c] = holder
                yield from self._every([c for c in cards if c not in chosen], rest, placed)

    def _sample(self, rng: random.Random) -> list[int]:
        """One layout: the cards some hand cannot hold go first, each to a hand that may hold
        it, chosen in proportion to the room left; then the others fill the room at random."""
        for attempt in range(21):
            where, room = self.base[:], dict(self.room)
            bound = [c for c in self.unseen if c in self.cannot_hold]
            rng.shuffle(bound)
            strict = attempt < 20  # a view no layout agrees with: a withheld card taken for dead
            if all(self._place(c, where, room, rng, strict) for c in bound):
                free = [c for c in self.unseen if c not in self.cannot_hold]
                slots = [h for h, r in room.items() for _ in range(r)]
                rng.shuffle(slots)
                for c, h in zip(free, slots, strict=True):
                    where[c] = h
                return where
        raise AssertionError("a layout that ignores the view's hints always exists")

    def _place(
        self, card: int, where: list[int], room: dict[int, int], rng: random.Random, strict: bool
    ) -> bool:
        holders = [h for h, r in room.items() if r and (not strict or self.allowed(card, h))]
        x = rng.random() * sum(room[h] for h in holders)
        for h in holders:
            x -= room[h]
            if x < 0:
                where[card], room[h] = h, room[h] - 1
                return True
        return False


def _withheld_suits(view: MichiganView, me: int) -> list[int]:
    """The suits in which ``me`` withheld a card this deal (he sees his own withholds)."""
    return [
        SUITS.index(Card.from_str(str(e[2])).suit)
        for e in view["events"]
        if e[0] == "stop" and e[5] == "withheld" and e[4] == me and e[2]
    ]


def _not_held(view: MichiganView, unseen: set[int], players: int) -> dict[int, set[int]]:
    """Unseen card -> the seats that cannot hold it: a lead is the lowest card its leader held
    in the suit (unless he misled, and paid for it); a lead after a stop (the one made, or the
    one now due) passes over the seats that hold only the stopped suit."""
    out: dict[int, set[int]] = {}
    misled = set(view["barred"]) - {view["seat"]}
    stop: tuple[int, int] | None = None

    def passed(leader: int, deadlock: bool) -> None:
        assert stop is not None
        first, suit = stop
        seats = (
            range(players)
            if deadlock
            else [(first + j) % players for j in range((leader - first) % players)]
        )
        for c in unseen:
            if c // 13 != suit:
                out.setdefault(c, set()).update(seats)

    for kind, seat, card, *_ in view["events"]:
        if not isinstance(seat, int) or not isinstance(card, str):
            continue  # a stop and a lead name their seat and card
        if kind == "stop":
            stop = (seat, SUITS.index(Card.from_str(card).suit))
        if kind != "lead":
            continue
        k = NUMBER[Card.from_str(card)]
        if seat not in misled:
            for below in range(k - k % 13, k):
                if below in unseen:
                    out.setdefault(below, set()).add(seat)
        if stop is not None:
            passed(seat, k // 13 == stop[1])  # a lead in the stopped suit: a deadlock
            stop = None
    to_move = view["to_move"]
    if stop is not None and view["run"] is None and to_move is not None and to_move >= 0:
        passed(to_move, view["banned_suit"] is None)
    return out


# ---------------------------------------------------------------- a deal played out fast


class Deal:
    """A layout being played out by the basic bot's rules, on card numbers: ``where`` each card
    lies, the cards each seat holds (in all and by suit), the chips and the boodle; ``me`` the
    seat whose boodle ``collected`` counts and whose ``withheld`` suits he pays for."""

    __slots__ = (
        "barred",
        "boodle",
        "chips",
        "collected",
        "count",
        "live",
        "me",
        "nowin",
        "suits",
        "where",
        "withheld",
    )

    def __init__(self, seen: Seen, where: list[int]) -> None:
        self.where = where[:]
        n = seen.players
        self.count, self.suits = [0] * n, [[0] * 4 for _ in range(n)]
        for c, w in enumerate(where):
            if w >= 0:
                self.count[w] += 1
                self.suits[w][c // 13] += 1
        self.chips, self.boodle = seen.chips[:], seen.boodle[:]
        self.barred = seen.barred[:]
        self.me, self.live, self.withheld = seen.me, seen.live, set(seen.withheld)
        self.nowin = [False] * n
        self.nowin[self.me] = bool(self.withheld)
        self.collected = 0

    def swap(self, seat: int) -> None:
        """``seat`` exchanges his hand for the dead hand."""
        where, count, suits = self.where, self.count, self.suits
        for c, w in enumerate(where):
            if w in (seat, DEAD):
                where[c] = DEAD if w == seat else seat
                count[seat] += 1 if w == DEAD else -1
                suits[seat][c // 13] += 1 if w == DEAD else -1

    def pay(self, payer: int, payee: int, owed: int) -> None:
        """``payer`` pays ``owed`` chips to ``payee`` as far as his chips go."""
        paid = min(owed, self.chips[payer])
        self.chips[payer] -= paid
        self.chips[payee] += paid

    def hand(self, seat: int) -> list[Card]:
        return [CARDS[c] for c, w in enumerate(self.where) if w == seat]

    def lead(self, seat: int, banned: int) -> int:
        """The basic bot's lead: the suit whose cards run longest up from its lowest (ties: the
        run holds the suit's boodle card, then the lower card, then the suit first in order)."""
        where, best, key = self.where, -1, (-1, False, 0, 0)
        for suit in range(4):
            if suit == banned or not self.suits[seat][suit]:
                continue
            low = 13 * suit
            while where[low] != seat:
                low += 1
            top = low + 1
            while top % 13 and where[top] == seat:
                top += 1
            boodle = BOODLE_OF[suit]
            k = (top - low, where[boodle] == seat and boodle < top, 13 * suit - low, -suit)
            if k > key:
                best, key = low, k
        return best

    def run(self, seat: int, card: int) -> Step:
        """``seat`` plays ``card`` and the run goes on as far as it goes."""
        where, count, suits = self.where, self.count, self.suits
        while True:
            where[card] = GONE
            count[seat] -= 1
            suits[seat][card // 13] -= 1
            k = BOODLE_NUMBER.get(card)
            if k is not None and self.boodle[k] and not self.barred[seat]:
                self.collected += self.boodle[k] if seat == self.me else 0
                self.chips[seat] += self.boodle[k]
                self.boodle[k] = 0
            if not count[seat]:
                if not self.nowin[seat]:
                    return True, seat, -1
                if not any(count):
                    return True, None, -1
            if card % 13 == 12 or where[card + 1] < 0:
                return self.stop(seat, card // 13)
            card += 1
            seat = where[card]

    def stop(self, seat: int, suit: int) -> Step:
        """The run stopped at ``seat``'s card: the first player from him holding another suit
        leads; if nobody does, the first holding any card leads any suit."""
        n, count, suits = len(self.count), self.count, self.suits
        for j in range(n):
            s = (seat + j) % n
            if count[s] > suits[s][suit]:
                return False, s, suit
        return False, next(s for s in ((seat + j) % n for j in range(n)) if count[s]), -1

    def play_on(self, step: Step) -> int | None:
        """Play to the end of the deal from ``step``: the winner (None: nobody went out)."""
        over, seat, banned = step
        while not over:
            assert seat is not None
            over, seat, banned = self.run(seat, self.lead(seat, banned))
        return seat

    def settle(self, winner: int | None, origin: list[int]) -> None:
        """The winner collects a chip a card from each; ``me`` pays for each suit he withheld
        what is left on its boodle card to whoever held that card (``origin``) as play began."""
        if winner is not None:
            for s in self.live:
                if s != winner:
                    self.pay(s, winner, self.count[s])
        for suit in sorted(self.withheld):
            boodle = BOODLE_OF[suit]
            left, holder = self.boodle[BOODLE_NUMBER[boodle]], origin[boodle]
            if left and holder >= 0 and holder != self.me:
                self.pay(self.me, holder, left)


Step = tuple[bool, int | None, int]
"""Where a deal stands after a run: (over, seat, banned suit): over, ``seat`` is the winner
(None: nobody went out); else ``seat`` leads next, not in the banned suit (-1: any suit)."""
Option = Callable[[Deal], Step]
"""An option taken on a laid-out deal, and where it leaves the deal."""
Valuer = Callable[[list[Option]], tuple[list["Tally"], bool]]
"""Options -> their tallies over the same layouts, and whether those were every layout."""


def auction(
    deal: Deal, bidders: list[int], start: int, high: int | None, price: int
) -> tuple[int | None, int]:
    """The rest of an auction of the dead hand among ``bidders`` (clockwise, none passed yet),
    ``bidders[start]`` to call, each as the basic bot does: the smallest raise while it stays
    below his hand's expected gain from the exchange and within his chips. (buyer, price)."""
    dead = sum(1 for w in deal.where if w == DEAD)
    gain = {}
    for s in bidders:
        hand = deal.hand(s)
        gain[s] = dead_hand_value(hand, dead, deal.boodle) - hand_value(hand, deal.boodle)
    left, k = list(bidders), start
    while left and not (len(left) == 1 and high == left[0]):
        k %= len(left)
        s = left[k]
        if price + 1 < gain[s] and price + 1 <= deal.chips[s]:
            high, price, k = s, price + 1, k + 1
        else:
            left.pop(k)
    return high, price


def sold(
    deal: Deal, seller: int, bidders: list[int], start: int, high: int | None, price: int
) -> None:
    """The auction goes on (``auction``); the buyer, if any, pays ``seller`` and exchanges."""
    buyer, paid = auction(deal, bidders, start, high, price)
    if buyer is not None:
        deal.pay(buyer, seller, paid)
        deal.swap(buyer)


# ---------------------------------------------------------------- the expert


@dataclass(frozen=True)
class Tally:
    """An option over the layouts: its mean chips won or lost this deal, the share of the
    layouts where the mover goes out first, and the mean boodle chips he collects."""

    chips: float
    out: float
    boodle: float

    def detail(self) -> str:
        return f"out first {self.out:.0%}, boodle {self.boodle:.1f}"


@MichiganState.bot
class ExpertBot(RandomBot):
    """Chooses the option worth most expected chips this deal, each valued by playing the
    deal out on the layouts of the unseen cards its view allows (see the module)."""

    level = "expert"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.seed = seed

    def choose(self, state: State[Any]) -> Any:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.advise(state).best.action

    def advise(self, state: State[Any], samples: int | None = None, exact: bool = True) -> Advice:
        """Every legal option valued in expected chips won or lost from now to the end of this
        deal, best first. ``samples``: the most layouts to take (default: by the number of
        options); when the view allows no more than that, each is taken once (exact), unless
        ``exact=False`` (then they are sampled all the same: a test compares the two)."""
        seat = state.current_player
        assert seat is not None and seat >= 0  # advice is for a seat's decision
        view: MichiganView = state.view(seat)
        seen = Seen(view)
        rng = random.Random(f"{self.seed}:{len(state.history)}")
        legal = state.legal_actions()
        value = partial(_value, seen, rng=rng, samples=samples, exact=exact)
        if view["phase"] == "exchange":
            return _exchange(seen, view, value)
        if view["phase"] == "auction":
            return _auction(seen, view, legal, value)
        return _play(seen, view, legal, value)


def _exchange(seen: Seen, view: MichiganView, value: Valuer) -> Advice:
    me, bidders = seen.me, _bidders(view)

    def exchange(deal: Deal) -> Step:
        deal.swap(me)
        return False, bidders[0], -1

    def sell(deal: Deal) -> Step:
        sold(deal, me, bidders, 0, None, 0)
        return False, bidders[0], -1

    (ex, keep), exact = value([exchange, sell])
    options = [Judged(Exchange(), ex.chips, ex.detail()), Judged(Sell(), keep.chips, keep.detail())]
    why = (
        f"the unseen dead hand is worth {ex.chips - keep.chips:.1f} chips more to you than yours"
        if ex.chips > keep.chips
        else f"your hand is worth {keep.chips - ex.chips:.1f} chips more than the unseen dead "
        "hand, and the auction may pay you for it"
    )
    return _advice(me, options, why, exact)


def _auction(seen: Seen, view: MichiganView, legal: list[Any], value: Valuer) -> Advice:
    me, bidders = seen.me, _bidders(view)
    passed = {s for s, call in view["auction"] if call == str(Decline())}
    left = [s for s in bidders if s not in passed and s != me]
    start = sum(1 for s in left if bidders.index(s) < bidders.index(me))  # next after me
    standing = view["standing_bid"]
    high, price = (standing["bidder"], standing["chips"]) if standing else (None, 0)

    def exchange(deal: Deal) -> Step:
        deal.swap(me)
        return False, bidders[0], -1

    def decline(deal: Deal) -> Step:
        sold(deal, view["dealer"], left, start, high, price)
        return False, bidders[0], -1

    (ex, rest), exact = value([exchange, decline])
    options = [
        Judged(a, ex.chips - a.chips, "if it stands: " + ex.detail())
        if isinstance(a, Offer)
        else Judged(a, rest.chips, rest.detail())
        for a in legal
    ]
    gain, low = ex.chips - rest.chips, price + 1
    why = (
        f"the dead hand is worth about {gain:.1f} chips more to you than passing, "
        f"more than the {low} it costs"
        if gain > low
        else f"the dead hand is worth about {gain:.1f} chips more to you than passing, "
        f"not the {low} it costs"
        if gain > 0
        else "the dead hand is worth less to you than passing, whatever it costs"
    )
    return _advice(me, options, why, exact)


def _play(seen: Seen, view: MichiganView, legal: list[Any], value: Valuer) -> Advice:
    me, run = seen.me, view["run"]

    def play(card: Card) -> Option:
        k = NUMBER[card]

        def option(deal: Deal) -> Step:
            if run is None and any(deal.where[c] == me for c in range(k - k % 13, k)):
                deal.barred[me] = True  # a lead not the lowest: a chip to each opponent
                for s in deal.live:
                    if s != me:
                        deal.pay(me, s, 1)
            return deal.run(me, k)

        return option

    def withhold(deal: Deal) -> Step:
        assert run is not None  # a withhold is a choice only within a run
        suit = SUITS.index(Card.from_str(run["card"]).suit)
        deal.barred[me] = deal.nowin[me] = True
        deal.withheld.add(suit)
        return deal.stop(run["seat"], suit)

    made = [withhold if isinstance(a, Withhold) else play(a.card) for a in legal]
    tallies, exact = value(made)
    options = [Judged(a, t.chips, t.detail()) for a, t in zip(legal, tallies, strict=True)]
    ranked = sorted(options, key=lambda o: -o.value)
    return _advice(me, options, _why_play(view, ranked), exact)


def _bidders(view: MichiganView) -> list[int]:
    """The players who may bid for the dead hand, clockwise from the dealer's left."""
    n, dealer = view["players"], view["dealer"]
    return [s for s in ((dealer + k) % n for k in range(1, n)) if view["live"][s]]


def _value(
    seen: Seen, options: list[Option], rng: random.Random, samples: int | None, exact: bool
) -> tuple[list[Tally], bool]:
    """Each option's ``Tally`` over the same layouts, and whether they were all of them."""
    limit = samples or max(FEWEST, min(MOST, PLAYOUTS // len(options)))
    layouts, exact = seen.layouts(limit, rng, exact)
    me = seen.me
    sums = [[0, 0, 0] for _ in options]
    for where in layouts:
        origin = where[:]  # who held each card when the play began
        for c, seat in seen.played_by.items():
            origin[c] = seat
        for option, total in zip(options, sums, strict=True):
            deal = Deal(seen, where)
            winner = deal.play_on(option(deal))
            deal.settle(winner, origin)
            total[0] += deal.chips[me] - seen.chips[me]
            total[1] += winner == me
            total[2] += deal.collected
    n = len(layouts)
    return [Tally(c / n, out / n, b / n) for c, out, b in sums], exact


def _advice(seat: int, options: list[Judged], why: str, exact: bool) -> Advice:
    ranked = sorted(options, key=lambda o: -o.value)
    return Advice(seat, tuple(ranked), "expected chips this deal", why, COSTLY, exact)


def _why_play(view: MichiganView, ranked: list[Judged]) -> str:
    """Why the best play is best, in words: what its run does, and what it is worth."""
    best = ranked[0]
    if isinstance(best.action, Withhold):
        return "withholding costs less here than playing on (a mistake all the same)"
    card: Card = best.action.card
    worth = f"worth {best.value:+.1f} chips"
    if len(ranked) > 1:
        worth += f", the next best {ranked[1].value:+.1f}"
    if view["run"] is not None:
        return f"the run needs {card} and you hold it ({worth})"
    hand = {Card.from_str(c) for c in view["hand"]}
    k = NUMBER[card]
    top = k
    while top % 13 < 12 and CARDS[top + 1] in hand:
        top += 1
    length = top - k + 1
    said = (
        f"{card} starts a run of {length} of your {SUIT_NAMES[card.suit]}"
        if length > 1
        else f"{card} stands alone in your hand"
    )
    boodle = CARDS[BOODLE_OF[k // 13]]
    if boodle in hand and k <= NUMBER[boodle] <= top:
        chips = view["boodle"][BOODLE.index(boodle)]["chips"]
        said += f" through the {boodle} boodle ({chips} chips)"
    after = CARDS[top + 1] if top % 13 < 12 else None
    dead = set(view["dead_hand"] or view["known_dead"])
    played = {c for p in view["played"] for c in p}
    if after is None:
        said = (
            f"{card} is an ace, a sure stop: you lead again"
            if length == 1
            else said + ", up to the ace, a sure stop: you lead again"
        )
    elif str(after) in dead or str(after) in played:
        said += f", up to a sure stop ({after} is {'dead' if str(after) in dead else 'played'})"
    return f"{said} ({worth})"
