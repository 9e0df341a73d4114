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

One exception: where it can go out for sure (``engine.michigan.bots.sure_out``: its sure stops
first, then its last suit), it does in the playout, as it would at its next decision. Played
out as the basic bot, which leads its lowest single card before its aces, it would give the
lead away, and a lead that gives it away for good would look no worse than the sure stop.
Told the players, the seats that take their sure outs are the experts' (``DealPlayout.sure``):
a mover who is not an expert (a basic bot, a human) leads later as the basic bot does, which
takes none (issue 35 round eight), and an expert opponent takes his (round nine).

The auction is valued in the same way: the others bid as the basic bot does (each from its own
hand in the layout), an offer is valued as though it stands.

Told the players seated (``ExpertBot.players``, as the coach tells it: each seat's
``engine.bots.kind_of``), it plays each seat out as its kind plays: a random bot's every lead
and call at random among the legal ones, a human's one time in four (``engine.bots.NOISE``),
the mover's own later leads included; a basic bot and an expert as the basic bot does. The
random moves are drawn from a stream seeded by the layout, the same for every option; the
values are then sampled, never exact. An expert plays better than the basic bot it is played
out as (a mover among experts was shown about 2 chips more than he made, an expert mover about
1 less), so told the players, each option is then lowered by what such values over-stated at
tables of those kinds (``OVERSTATED``, fitted as rummy's is: ``scripts/fit_michigan_kinds.py``),
unless every layout was played out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from ..advice import LOSES_LEAST, Advice, Judged, judged_on_deals
from ..bots import (
    AtRandom,
    Overstated,
    RandomBot,
    fitted_kinds,
    fitted_unsure,
    for_the_table,
    lowered,
    noise_at,
    overstated_at,
    played_as,
)
from ..cards import SUIT_NAMES, SUITS, Card
from ..core import State
from ..layouts import Unseen
from .actions import Decline, Exchange, Offer, Sell, Withhold
from .bots import dead_hand_value, hand_value
from .cards import BOODLE, DECK, NEXT_UP, ORDER
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
KINDS_FIT = Path(__file__).with_name("kinds.json")
"""The committed output of ``scripts/fit_michigan_kinds.py``: ``OVERSTATED`` and how it was
fitted."""
OVERSTATED = fitted_kinds(KINDS_FIT)
"""When the expert is told the players seated: the chips its value of an option over-states
what the mover makes by the deal's end, by the mover's kind and each other seat's kind
(``OVERSTATED[mover][other]``, the mean over the other seats taken; ``kinds.json`` keeps each
number's 95% interval). It is taken off every option alike, so it changes the chips shown, not
the order of the options; where every layout is played out (``engine.bots.EVERY_WAY``), not
at all."""
UNSURE = fitted_unsure(KINDS_FIT)
"""Half the width of each ``OVERSTATED`` number's 95% interval: a value lowered by one is
as unsure as its playouts and the number together (``engine.bots.lowered``)."""


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
        self.exchanger = view["exchanger"]
        self.public = [False] * 52
        """The dead cards every seat has seen: the next cards up at the stops (the whole dead
        hand is known to its ``exchanger`` alone)."""
        for kind, _seat, card, *_, note in view["events"]:
            up = NEXT_UP[Card.from_str(card)] if kind == "stop" and isinstance(card, str) else None
            if note == "dead" and up is not None:
                self.public[NUMBER[up]] = True
        self.chips, self.boodle = list(view["scores"]), [b["chips"] for b in view["boodle"]]
        self.cannot_hold = _not_held(view, set(self.unseen), self.players)

    def layouts(
        self, limit: int, rng: random.Random, exact: bool = True
    ) -> tuple[list[list[int]], bool]:
        """Every layout the view allows, if there are at most ``limit`` and ``exact`` (True:
        exact), else ``limit`` sampled ones (False); a layout says where each card lies. A
        view no layout fits (a withheld card taken for a dead one) is dealt as though it said
        nothing of who cannot hold what."""
        holders = list(self.room)
        allowed = [
            [i for i, h in enumerate(holders) if h not in self.cannot_hold.get(c, ())]
            for c in self.unseen
        ]
        deal = Unseen(self.unseen, list(self.room.values()), allowed, exists=False)
        found, every = deal.deal(limit, rng, limit if exact else 0)
        out = []
        for layout in found:
            where = self.base[:]
            for holder, cards in zip(holders, layout, strict=True):
                for c in cards:
                    where[c] = holder
            out.append(where)
        return out, every


def real_layout(state: MichiganState) -> list[int]:
    """Where each card really lies, as a layout of the mover's unseen cards: what the tests
    and the benchmark play the fast copy of the rules on against the rules themselves. It
    reads the whole state, so the expert never calls it."""
    seat = state.current_player
    assert seat is not None and seat >= 0, "a layout is of a player's decision"
    seen = Seen(state.view(seat))
    where = seen.base[:]
    for k in seen.unseen:
        holder = state.holder(CARDS[k])
        where[k] = DEAD if holder is None else holder
    return where


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


class DealPlayout:
    """A layout being played out by the basic bot's rules, on card numbers: ``where`` each card
    lies, the cards each seat holds (in all and by suit), the chips and the boodle; ``me`` the
    seat whose boodle ``collected`` counts and whose ``withheld`` suits he pays for.

    A second copy of the rules of play, kept because a deal played out here costs about a
    tenth of one played through ``MichiganState`` and basic bots
    (``benchmarks/michigan_expert.py`` times both); ``tests/engine/test_michigan_expert.py``
    plays both from the same positions, laid out as the cards really lie, and requires the
    same chips for every option."""

    __slots__ = (
        "barred",
        "boodle",
        "chips",
        "collected",
        "count",
        "exchanger",
        "known",
        "live",
        "me",
        "nowin",
        "suits",
        "sure",
        "table",
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
        self.known = seen.public[:]  # the dead cards every seat has seen
        self.exchanger: int | None = seen.exchanger  # he knows the whole dead hand
        self.chips, self.boodle = seen.chips[:], seen.boodle[:]
        self.barred = seen.barred[:]
        self.me, self.live, self.withheld = seen.me, seen.live, set(seen.withheld)
        self.nowin = [False] * n
        self.nowin[self.me] = bool(self.withheld)
        self.collected = 0
        self.table: AtRandom | None = None  # who plays at random: None, nobody
        self.sure = frozenset({self.me})
        """The seats that go out when they surely can (``lead``): an expert does, the basic bot
        (and a human, as it plays) does not. By default ``me`` alone, as the expert plays."""

    def swap(self, seat: int) -> None:
        """``seat`` exchanges his hand for the dead hand (and knows it)."""
        self.exchanger = seat
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
        run holds the suit's boodle card, then the lower card, then the suit first in order);
        but ``me`` goes out when he surely can (``sure_out``); a seat that plays at random
        (``table``) leads, as often as its chance says, the lowest card of a suit at random."""
        if self.table is not None and self.table.now(seat):
            return self.any_lead(seat, banned)
        if seat in self.sure and not self.nowin[seat]:
            out = self.sure_out(seat, banned)
            if out >= 0:
                return out
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

    def any_lead(self, seat: int, banned: int) -> int:
        """A random legal lead: the lowest card of a suit ``seat`` holds, not ``banned``."""
        assert self.table is not None
        suit = self.table.pick([s for s in range(4) if s != banned and self.suits[seat][s]])
        low = 13 * suit
        while self.where[low] != seat:
            low += 1
        return low

    def sure_out(self, seat: int, banned: int) -> int:
        """``engine.michigan.bots.sure_out`` on card numbers: the lead that takes ``seat`` out
        for sure (-1: none), a sure stop being an ace or a card whose next one up is played or
        a dead card he has seen (at a stop; all of them, if he exchanged)."""
        where, stops, last = self.where, -1, -1
        known, exchanged = self.known, seat == self.exchanger
        for suit in range(4):
            held = self.suits[seat][suit]
            if not held:
                continue
            low = 13 * suit
            while where[low] != seat:
                low += 1
            top = low + held  # the card after the run, if the run has no gap
            if suit == banned or any(where[c] != seat for c in range(low, top)):
                return -1
            if (
                top % 13 == 0
                or where[top] == GONE
                or known[top]
                or (exchanged and where[top] == DEAD)
            ):
                stops = low if stops < 0 else stops
            elif last < 0:
                last = low
            else:
                return -1
        return stops if stops >= 0 else last

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
                if card % 13 < 12:  # a dead card found: everyone has seen it now
                    self.known[card + 1] = True
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
Option = Callable[["DealPlayout"], Step]
"""An option taken on a laid-out deal, and where it leaves the deal."""


def auction(
    deal: DealPlayout, bidders: list[int], start: int, high: int | None, price: int
) -> tuple[int | None, int]:
    """The rest of an auction of the dead hand among ``bidders`` (clockwise, none passed yet),
    ``bidders[start]`` to call, each as the basic bot does: the smallest raise while it stays
    below his hand's expected gain from the exchange and within his chips; a bidder who plays
    at random (``deal.table``), as often as his chance says, any legal call (any raise within
    his chips, or a pass). (buyer, price)."""
    dead = sum(1 for w in deal.where if w == DEAD)
    gain = {}
    for s in bidders:
        hand = deal.hand(s)
        gain[s] = dead_hand_value(hand, dead, deal.boodle) - hand_value(hand, deal.boodle)
    left, k = list(bidders), start
    while left and not (len(left) == 1 and high == left[0]):
        k %= len(left)
        s = left[k]
        if deal.table is not None and deal.table.now(s):  # any offer he can pay, or a pass
            offer = deal.table.pick(range(price + 1, max(price, deal.chips[s]) + 2))
        else:
            offer = price + 1 if price + 1 < gain[s] else 0
        if offer <= deal.chips[s] and offer:
            high, price, k = s, offer, k + 1
        else:
            left.pop(k)
    return high, price


def sold(
    deal: DealPlayout, seller: int, bidders: list[int], start: int, high: int | None, price: int
) -> None:
    """The auction goes on (``auction``); the buyer, if any, pays ``seller`` and exchanges."""
    buyer, paid = auction(deal, bidders, start, high, price)
    if buyer is not None:
        deal.pay(buyer, seller, paid)
        deal.swap(buyer)


# ---------------------------------------------------------------- the expert


@MichiganState.bot
class ExpertBot(RandomBot):
    """Chooses the option worth most expected chips this deal, each valued by playing the
    deal out on the layouts of the unseen cards its view allows (see the module)."""

    level = "expert"

    def __init__(self, seed: int = 0, players: Sequence[str] | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        self.players = tuple(players) if players is not None else None
        """The kind of player at each seat (``engine.bots.kind_of``): the deal is then played
        out as they play (``engine.bots.NOISE``) and the values lowered by ``OVERSTATED``;
        None: every seat as the basic bot."""
        self.overstated: Overstated = OVERSTATED

    def over(self, seat: int) -> float:
        """The chips the playouts over-state an option for ``seat`` at this table
        (``engine.bots.overstated_at``); 0 when the expert is not told the players."""
        return overstated_at(self.overstated, self.players, seat)

    def over_interval(self, seat: int) -> float:
        """Half the width of the 95% interval of ``over(seat)``: the mean of its numbers'
        (taken together, as though they moved as one)."""
        return overstated_at(UNSURE, self.players, seat)

    def choose(self, state: State[Any]) -> Any:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else self.advise(state).best.action

    def advise(
        self, state: State[Any], deals: int | None = None, exact: bool = True, keep: Any = None
    ) -> Advice:
        """Every legal option valued in expected chips won or lost from now to the end of this
        deal, best first. ``deals``: the most layouts to take (default: by the number of
        options, within ``FEWEST`` and ``MOST``); when the view allows no more than that, each
        is taken once (exact), unless ``exact=False`` (then they are sampled all the same: a
        test compares the two). Beyond the default, the options clearly worse than the best
        stop being played out, but for ``keep`` (a review's move played)."""
        seat = state.current_player
        assert seat is not None and seat >= 0  # advice is for a seat's decision
        view: MichiganView = state.view(seat)
        seen = Seen(view)
        if self.players is not None and len(self.players) != seen.players:
            raise ValueError(
                f"the table has {seen.players} seats, the expert was told of "
                f"{len(self.players)} players: {self.players}"
            )
        rng = random.Random(f"{self.seed}:{len(state.history)}")
        legal = state.legal_actions()
        noise = noise_at(self.players)
        sure = (  # who takes his sure outs: the mover untold, else every expert seated
            frozenset({seat})
            if self.players is None
            else frozenset(s for s, kind in enumerate(self.players) if kind == "expert")
        )
        less = self.over(seat)
        judge = partial(
            _judge,
            seen,
            rng=rng,
            deals=deals,
            exact=exact,
            keep=keep,
            noise=noise,
            sure=sure,
            less=less,
            unsure=self.over_interval(seat),
        )
        if view["phase"] == "exchange":
            advice = _exchange(seen, view, judge)
        elif view["phase"] == "auction":
            advice = _auction(seen, view, legal, judge)
        else:
            advice = _play(seen, view, legal, judge)
        more = f"{advice.more}, {played_as(self.players)}."
        if self.players is not None:
            more += f" {for_the_table(less, 'chips', exact=advice.exact)}"
        return replace(advice, more=more)


Judgement = tuple[list[Judged], int, bool]
"""Each action judged, how many layouts, and whether they were every one the view allows."""
Judge = Callable[[Sequence[Any], Sequence[Option]], Judgement]
"""The actions and the option taking each on a laid-out deal -> their ``Judgement``."""


def _exchange(seen: Seen, view: MichiganView, judge: Judge) -> Advice:
    me, bidders = seen.me, _bidders(view)

    def exchange(deal: DealPlayout) -> Step:
        deal.swap(me)
        return False, bidders[0], -1

    def sell(deal: DealPlayout) -> Step:
        sold(deal, me, bidders, 0, None, 0)
        return False, bidders[0], -1

    judged, n, exact = judge([Exchange(), Sell()], [exchange, sell])
    ex, keep = judged
    gap = abs(ex.value - keep.value)
    why = (
        f"the unseen dead hand should be worth {gap:.1f} chips more to you than your own"
        if ex.value > keep.value
        else f"your hand is worth {gap:.1f} chips more to you than the unseen dead hand, "
        "and the others may pay you for it"
    )
    return _advice(seen, judged, why, n, exact)


def _auction(seen: Seen, view: MichiganView, legal: list[Any], judge: Judge) -> Advice:
    me, bidders = seen.me, _bidders(view)
    passed = {s for s, call in view["auction"] if call == str(Decline())}
    left = [s for s in bidders if s not in passed and s != me]
    start = sum(1 for s in left if bidders.index(s) < bidders.index(me))  # next after me
    standing = view["standing_bid"]
    high, price = (standing["bidder"], standing["chips"]) if standing else (None, 0)

    def exchange(deal: DealPlayout) -> Step:
        deal.swap(me)
        return False, bidders[0], -1

    def decline(deal: DealPlayout) -> Step:
        sold(deal, view["dealer"], left, start, high, price)
        return False, bidders[0], -1

    options = [exchange if isinstance(a, Offer) else decline for a in legal]
    judged, n, exact = judge(legal, options)
    offers = [j for j in judged if isinstance(j.action, Offer)]
    rest = next(j.value for j in judged if not isinstance(j.action, Offer))
    gain = offers[0].value + offers[0].action.chips - rest if offers else 0.0
    low = price + 1
    why = (
        f"the dead hand should be worth {gain:.1f} chips more to you than passing, "
        f"more than the {low} it costs"
        if gain > low
        else f"the dead hand should be worth {gain:.1f} chips more to you than passing, "
        f"not the {low} it costs"
        if gain > 0
        else "the dead hand is worth less to you than passing, whatever it costs"
    )
    return _advice(seen, judged, why, n, exact)


def _play(seen: Seen, view: MichiganView, legal: list[Any], judge: Judge) -> Advice:
    me, run = seen.me, view["run"]

    def play(card: Card) -> Option:
        k = NUMBER[card]

        def option(deal: DealPlayout) -> Step:
            if run is None and any(deal.where[c] == me for c in range(k - k % 13, k)):
                deal.barred[me] = True  # a lead not the lowest: a chip to each opponent
                for s in deal.live:
                    if s != me:
                        deal.pay(me, s, 1)
            return deal.run(me, k)

        return option

    def withhold(deal: DealPlayout) -> Step:
        assert run is not None  # a withhold is a choice only within a run
        suit = SUITS.index(Card.from_str(run["card"]).suit)
        deal.barred[me] = deal.nowin[me] = True
        deal.withheld.add(suit)
        return deal.stop(run["seat"], suit)

    judged, n, exact = judge(
        legal, [withhold if isinstance(a, Withhold) else play(a.card) for a in legal]
    )
    best = max(judged, key=lambda j: j.value)
    return _advice(seen, judged, _why_play(view, best), n, exact)


def _bidders(view: MichiganView) -> list[int]:
    """The players who may bid for the dead hand, clockwise from the dealer's left."""
    n, dealer = view["players"], view["dealer"]
    return [s for s in ((dealer + k) % n for k in range(1, n)) if view["live"][s]]


def _judge(
    seen: Seen,
    actions: Sequence[Any],
    options: Sequence[Option],
    rng: random.Random,
    deals: int | None,
    exact: bool,
    keep: Any,
    sure: frozenset[int],
    noise: tuple[float, ...] | None = None,
    less: float = 0.0,
    unsure: float = 0.0,
) -> Judgement:
    """Each action judged over the same layouts (``judged_on_deals``): the chips its option
    wins or loses to the end of the deal (less the chips of an offer, if it stands), the share
    of the layouts where the mover goes out first, and the boodle chips he collects. Actions
    taking the same option (offers) share its playout on each layout. ``noise``: each seat's
    chance of a random move (``DealPlayout.table``), drawn from a stream seeded by the layout
    and its place among them; the layouts are then sampled, never all taken as exact.
    ``sure``: the seats that go out when they surely can (``DealPlayout.sure``). ``less``:
    taken off every value (``OVERSTATED``, its interval ±``unsure``: ``engine.bots.lowered``)
    unless every layout was played out: then the values
    are left as they are (as rummy's exact drops are; the correction, fitted on sampled values,
    made them under-state what was made: −0.78 chips a decision, uncorrected −0.42, 162
    decisions of the standing's 720 games, issue 35 round ten)."""
    usual = max(FEWEST, min(MOST, PLAYOUTS // len(set(options))))
    layouts, every = seen.layouts(deals or usual, rng, exact and noise is None)
    place = {id(where): k for k, where in enumerate(layouts)}
    me = seen.me
    played: dict[Option, tuple[int, bool, int]] = {}
    costs = [a.chips if isinstance(a, Offer) else 0 for a in actions]
    on: list[list[int]] = []

    def outcome(where: list[int], i: int) -> tuple[int, bool, int]:
        if not on or on[0] is not where:  # a new layout: who held each card as play began
            on[:] = [where]
            played.clear()
        option = options[i]
        if option not in played:
            origin = where[:]
            for c, seat in seen.played_by.items():
                origin[c] = seat
            deal = DealPlayout(seen, where)
            deal.sure = sure
            if noise is not None:
                deal.table = AtRandom(noise, hash((place[id(where)], *where)))
            winner = deal.play_on(option(deal))
            deal.settle(winner, origin)
            played[option] = (deal.chips[me] - seen.chips[me], winner == me, deal.collected)
        chips, out, boodle = played[option]
        return chips - costs[i], out, boodle

    def detail(i: int, means: list[float]) -> str:
        prefix = "if it stands: " if costs[i] else ""
        return f"{prefix}out first {means[1]:.0%} of the time, boodle {means[2]:.1f} chips"

    race = 0 if every else usual  # every layout: each option on every one, exact
    judged = judged_on_deals(actions, layouts, outcome, detail, keep, first=race, every=every)
    if less and not every:
        judged = lowered(judged, less, unsure)
    return judged, len(layouts), every


def _advice(seen: Seen, options: list[Judged], why: str, n: int, exact: bool) -> Advice:
    if max(o.value for o in options) <= -0.05:
        why += f" ({LOSES_LEAST})"
    more = (
        "Each choice played out to the end of the deal on "
        + (f"every one of the {n} ways" if exact else f"{n:,} random deals of the ways")
        + " the unseen cards can lie"
    )
    return Advice(
        seen.me,
        tuple(options),
        "expected chips this deal",
        why,
        COSTLY,
        exact,
        unit="chips",
        deals=0 if exact else n,
        more=more,
        held=seen.chips[seen.me],
        holding="your chips at the end of the deal (expected)",
    )


def _why_play(view: MichiganView, best: Judged) -> str:
    """Why the best play is best, in words: what its run does, and the chips it should win or
    lose by the end of the deal."""
    worth = (
        f"you can expect to {'win' if best.value > 0 else 'lose'} about {abs(best.value):.1f} "
        "chips by the end of the deal"
        if abs(best.value) >= 0.05
        else "you can expect to come out about even by the end of the deal"
    )
    if isinstance(best.action, Withhold):
        return f"withholding costs less here than playing on (a mistake all the same): {worth}"
    card: Card = best.action.card
    if view["run"] is not None:
        return f"the run needs {card} and you hold it; {worth}"
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
        said += f" through the {boodle} boodle"
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
    return f"{said}; {worth}"
