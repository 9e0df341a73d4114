"""The Rupees expert: it bids from simulated hand strength and plays by determinised Monte
Carlo, from its seat's view only.

Every decision is judged the same way. The cards the seat has not seen are dealt out at
random (a *layout*) consistent with its view: the hand sizes, the cards played, the colours a
player showed he lacks by not following, the shown Money discards (the declarer's face-down
discards are plain cards; after a Money discard he holds only Money and specials), the widow
when it was shown. (With ``FIT_CALLS``, the default, also what the other seats told by
their calls and the declarer by his trumps: ``Told``, a layout their basic bot would not have
bid, passed or named trumps with is drawn again, but as often as the seat slips; and his
face-down discards are those his basic bot lays aside from his cards: ``Parting``.) On each
layout every option is played out to the end of the hand with the basic bot's rules at every
seat, on the same layouts for every option (so luck cancels between them), and the option with
the best average wins. When the layouts are few (the last tricks) all of them (that fit) are
played, each once: then the values are exact for that playout. Otherwise each value carries
its 95% interval, and so does each option's loss against the best, measured layout by layout
(``judged_on_deals``).

A value is the Rupees the hand brings the mover's side less what it brings the other side (the
defenders' capture, or the declarer's capture or lost contract): ``measure``.

In the auction each call is played on (issue 35, round six): on each layout, after the call,
the other seats call on as the playouts play them (``Auction``: the basic bot bids the lowest
bid while its ``hand_strength`` reaches it), the mover's own later calls too, and the winner of
the auction takes the widow and plays the hand out as declarer at his contract (discards and
trumps as the basic bot would). A call is worth the side's average result; valued as though
the auction ended with it (the mover declaring at his bid, the standing bidder at his after a
pass), the auction's calls were shown ₹21,031 a decision less than they made. The playouts
depend on the layout and the declarer alone, so each is made once and rescored for every
contract.

Told the players seated (``ExpertBot.players``, as the coach tells it: each seat's
``engine.bots.kind_of``), it plays each seat out as its kind plays: a random bot's every card,
discard, trump and call at random among the legal ones, a human's one time in four
(``engine.bots.NOISE``), the mover's own later moves included; a basic bot and an expert as the
basic bot does. The random moves come from a stream seeded by the layout, the same for every
option; the values are then sampled, never exact. An expert plays better than the basic bot it
is played out as: a seat among experts was shown about ₹37,000 a decision more than it made
(800 games, issue 35 round ten), and a partner less, a defender more, whoever sat. So told the
players, each sampled value is then lowered by what such values over-stated at tables of those
kinds and for the mover's part in the hand (``OVERSTATED``, ``BY_PART``, fitted by
``scripts/fit_rupees_kinds.py``); exact values are left as they are.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

import numpy as np
import numpy.typing as npt

from .. import bots as shared_bots
from ..advice import LOSES_LEAST, Advice, Judged, judged_on_deals
from ..bots import (
    HUMAN,
    NOISE,
    AtRandom,
    Overstated,
    fitted_kinds,
    fitted_parts,
    fitted_parts_unsure,
    fitted_unsure,
    for_the_table,
    lowered,
    noise_at,
    overstated_at,
    played_as,
)
from ..core import State
from ..layouts import Unseen
from .actions import Bid, CallPartner, Discard, NameTrump, Play
from .bots import (
    Tally,
    basic_call,
    basic_discard,
    basic_follow,
    basic_lead,
    best_trump,
    estimate,
    parts,
    strength_of,
    tally,
    trump_of,
)
from .cards import (
    BEAR,
    CARDS,
    COLOURS,
    LION,
    SETUPS,
    TIGER,
    RupeeCard,
    colour_led,
    money_of,
    played,
    rupee_deck,
    rupees,
    sort_hand,
    trick_holder,
    trick_value,
    trick_winner,
)
from .rules import RAISE, STEP, RupeesState, discardable, following
from .scoring import hand_points, side_of, team_of
from .view import RupeesView

MEASURE = "expected ₹ this hand: your side's less the other side's"
UNIT = "₹"
COSTLY = 20_000
"""A choice that gives up ₹20,000 or more (a ₹15k card and a ₹5k, say) is a costly mistake."""
PLAYS = 3_000
"""The budget: cards played in simulations per decision (about 20 ms of CPU here)."""
LAYOUTS = (4, 32)
"""The fewest and the most layouts a decision is judged on."""
DEALS = 24
"""Simulated deals for each possible declarer in the auction."""
KINDS_FIT = Path(__file__).with_name("kinds.json")
"""The committed output of ``scripts/fit_rupees_kinds.py``: ``OVERSTATED`` and how it was
fitted."""
OVERSTATED = fitted_kinds(KINDS_FIT)
"""When the expert is told the players seated: the ₹ its sampled value of an option
over-states what the mover's side makes by the hand's end, by the mover's kind and each other
seat's kind (``OVERSTATED[mover][other]``, the mean over the other seats taken; each pairing's
number the sum of one for the other's kind and one for the mover's, as ``BY_PART`` is added
for his part: 16 numbers fitted freely on half of 800 games were each ±₹20,000 to ±₹30,000
unsure; ``kinds.json`` keeps each number's 95% interval). Taken off every option alike, so it
changes the ₹ shown, not their order."""
BY_PART = fitted_parts(KINDS_FIT)
"""What the values over-state besides, by the mover's part in the hand (``part_of``): the
partner's were shown less than his side made and the defenders' more, whoever sat
(``scripts/fit_rupees_kinds.py``, with ``OVERSTATED``; the auction's 0)."""
UNSURE = fitted_unsure(KINDS_FIT)
"""Half the width of each ``OVERSTATED`` number's 95% interval (``over_interval``)."""
BY_PART_UNSURE = fitted_parts_unsure(KINDS_FIT)
"""And of each ``BY_PART`` number's."""


# ---------------------------------------------------------------- a determinised hand


class HandPlayout:
    """One layout of a hand, played in place by the basic bot's rules: the hands, the trick in
    progress, the captures so far. ``finish()`` completes the declarer's discards, trumps and
    call if still to come, and plays the hand out.

    A second copy of the rules of play, kept because a hand played out here costs about a
    sixth of one played through ``RupeesState`` and basic bots (``benchmarks/rupees_expert.py``
    times both); ``tests/engine/test_rupees_expert.py`` plays both from the same positions,
    laid out as the cards really lie, and requires the same result for every option."""

    __slots__ = (  # a playout reads them at every card: slots are read fastest
        "call_partner",
        "called",
        "captured",
        "contract",
        "declarer",
        "discards",
        "discards_left",
        "free",
        "hands",
        "last",
        "partner",
        "players",
        "seats",
        "shown",
        "table",
        "to_last",
        "to_move",
        "trick",
        "trump",
        "widow",
    )

    def __init__(self, view: RupeesView, hands: list[list[RupeeCard]]) -> None:
        options = view["options"]
        self.players = view["players"]
        self.hands = hands
        to_move = view["to_move"]
        assert to_move is not None and to_move >= 0, "a table is laid out on a player's turn"
        self.trick = [c for _, c in played(view["trick"])]  # the cards of the trick in progress
        self.seats = [s for s, _ in played(view["trick"])]  # and who played them
        self.to_move: int = to_move
        self.trump: str = view["trump"] or ""  # named in ``finish`` if still to come
        self.free = options["specials_any_time"]
        self.call_partner = options["call_partner"]
        self.to_last = options["discards_to_last_trick"]
        self.declarer = view["declarer"]
        self.contract = view["contract"]
        self.discards_left = view["widow_size"] - view["discard_count"]
        self.discards = [CARDS[c] for c in view["discards"]]  # those the viewer saw
        self.called = CARDS[view["called"]] if view["called"] else None
        self.partner = view["partner"]  # or the holder of the called card, once laid out
        self.shown = self.called is not None and view["partner"] is not None
        self.captured = list(view["captured"])
        self.last = -1  # the winner of the latest trick
        self.widow: list[RupeeCard] = []  # laid out before the auction ends
        self.table: AtRandom | None = None  # who plays at random: None, nobody

    def copy(self) -> HandPlayout:
        other = object.__new__(HandPlayout)
        for name in _SHARED:
            setattr(other, name, getattr(self, name))
        other.hands = [h[:] for h in self.hands]
        other.trick = self.trick[:]
        other.seats = self.seats[:]
        other.captured = self.captured[:]
        return other

    def laid_out(self, slots: Sequence[Slot], layout: list[list[RupeeCard]]) -> HandPlayout:
        """A copy with the unseen cards dealt as ``layout`` puts them in ``slots`` (before the
        auction ends, the widow is ``widow``)."""
        table = self.copy()
        for slot, cards in zip(slots, layout, strict=True):
            if slot.seat >= 0:
                table.hands[slot.seat] = cards
            elif slot.seat == WIDOW:
                table.widow = cards
        if self.called is not None and self.partner is None:
            table.partner = table._holder(self.called)
        return table

    def _holder(self, card: RupeeCard) -> int:
        return next(s for s, h in enumerate(self.hands) if card in h)

    def declare(self, declarer: int, widow: Sequence[RupeeCard], contract: int) -> None:
        """``declarer`` wins the auction at ``contract`` and takes the ``widow``."""
        self.declarer, self.contract, self.to_move = declarer, contract, declarer
        self.hands[declarer] += widow
        self.discards_left = len(widow)

    def do(self, action: Any) -> None:
        """The mover's action (a ``Discard``, ``NameTrump``, ``CallPartner`` or ``Play``)."""
        if isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, NameTrump):
            self.trump = action.colour
        elif isinstance(action, CallPartner):
            self.called, self.partner = action.card, self._holder(action.card)
        else:
            self.play(action.card)

    def _discard(self, card: RupeeCard) -> None:
        assert self.declarer is not None
        self.hands[self.declarer].remove(card)
        self.discards = [*self.discards, card]
        self.discards_left -= 1

    def mates(self, seat: int) -> tuple[int, ...]:
        """The seats ``seat`` knows to score with it (a called partner is known once shown)."""
        if not self.call_partner:
            return _TEAMS[self.players][seat]
        partner = self.partner if self.shown or seat == self.partner else None
        return side_of(seat, self.players, True, self.declarer, partner)

    def play(self, card: RupeeCard) -> None:
        seat = self.to_move
        self.hands[seat].remove(card)
        self.trick.append(card)
        self.seats.append(seat)
        if self.called is not None and card == self.called:
            self.shown = True
        if len(self.trick) < self.players:
            self.to_move = (seat + 1) % self.players
            return
        winner = self.seats[trick_winner(self.trick, self.trump)]
        self.captured[winner] += trick_value(self.trick)
        self.trick, self.seats, self.to_move, self.last = [], [], winner, winner

    def at_random(self, seat: int) -> AtRandom | None:
        """The stream to draw ``seat``'s move from if he makes it at random this time
        (``table``, as often as his chance says), else None."""
        table = self.table
        return table if table is not None and table.now(seat) else None

    def finish(self) -> None:
        """Play the rest of the hand by the basic bot's rules (a seat that plays at random,
        ``table``, as often as its chance says, any legal move)."""
        declarer = self.declarer
        assert declarer is not None, "a hand is played out once it has a declarer"
        hand = self.hands[declarer]
        while self.discards_left:
            options = discardable(hand)
            wild = self.at_random(declarer)
            self._discard(
                wild.pick(list(dict.fromkeys(options))) if wild else basic_discard(hand, options)
            )
        if not self.trump:
            wild = self.at_random(declarer)
            self.trump = wild.pick(COLOURS) if wild else best_trump(hand)
        if self.call_partner and self.called is None:
            mine = {*hand, *self.discards}
            options = [c for c in rupee_deck() if c not in mine]
            wild = self.at_random(declarer)
            self.do(CallPartner((wild.pick(options) if wild else basic_call(options)).code))
        self._play_out()

    def _play_out(self) -> None:
        """``play`` and the basic bot's card (``basic_lead``, ``basic_follow``) to the end of
        the hand, in one loop: the trick in progress is followed card by card (the colour led,
        the card holding it and how strongly, its Money, what its last Lion or Bear makes of
        it) rather than read again at every card."""
        trump, free, hands, table = self.trump, self.free, self.hands, self.table
        draw = table.rng.random if table is not None else random.random  # ``AtRandom.now``
        teams = None if self.call_partner else _TEAMS[self.players]
        players, called, captured = self.players, self.called, self.captured
        trick, seats, seat = self.trick, self.seats, self.to_move
        led, best, top = trick_holder(trick, trump)
        stake = money_of(trick)
        times = next((_TIMES[c.rank] for c in reversed(trick) if c.rank in _TIMES), 1)
        while hands[seat]:
            hand = hands[seat]
            if len(hand) == 1:  # the last card: whatever the trick, it goes
                card = hand[0]
            else:
                if trick:
                    legal = following(hand, led, trump, free)
                else:
                    legal = [c for c in hand if c.rank not in _LION_BEAR] or hand
                if len(legal) == 1:
                    card = legal[0]
                elif table is not None and (chance := table.noise[seat]) and draw() < chance:
                    card = table.pick(list(dict.fromkeys(legal)))
                elif not trick:
                    card = basic_lead(legal, trump)
                else:
                    mates = teams[seat] if teams else self.mates(seat)
                    mine = best >= 0 and seats[best] in mates
                    card = basic_follow(legal, trump, led, top, mine, stake)
            hand.remove(card)
            trick.append(card)
            seats.append(seat)
            if card is called:
                self.shown = True
            rank, colour = card.rank, card.colour
            if led is None:  # ``colour_led``: the first coloured card, the Tiger for trumps
                led = colour or (trump if rank == TIGER else None)
            if rank == TIGER:  # ``trick_holder``: how strongly the card holds the trick
                strength = 100
            elif colour == trump:
                strength = 50 + card.power
            elif colour and colour == led:
                strength = card.power
            else:
                strength = -1
            if strength > top:
                best, top = len(trick) - 1, strength
            stake += card.money
            if rank in _TIMES:  # ``trick_value``: the last Lion or Bear counts
                times = _TIMES[rank]
            if len(trick) < players:
                seat = (seat + 1) % players
                continue
            seat = self.last = seats[best]
            captured[seat] += stake * times
            trick, seats = [], []
            led, best, top, stake, times = None, -1, -1, 0, 1
        self.trick, self.seats, self.to_move = trick, seats, seat

    def points(self) -> tuple[int, ...]:
        """Each seat's score for the hand (once played out)."""
        assert self.declarer is not None
        captured = self.captured[:]
        if self.to_last:
            captured[self.last] += money_of(self.discards)
        side = side_of(self.declarer, self.players, self.call_partner, self.declarer, self.partner)
        return hand_points(captured, side, self.declarer, self.contract, self.call_partner)

    def made(self) -> bool:
        """Whether the declarer's side reached the contract."""
        assert self.declarer is not None
        side = side_of(self.declarer, self.players, self.call_partner, self.declarer, self.partner)
        return sum(self.captured[s] for s in side) >= self.contract

    def net(self, seat: int) -> tuple[float, int]:
        """What the hand brings ``seat``'s side less the other side (the mean of its seats),
        and what ``seat``'s side captured."""
        points = self.points()
        partner = self.partner if self.call_partner else None
        side = side_of(seat, self.players, self.call_partner, self.declarer, partner)
        others = [p for s, p in enumerate(points) if s not in side]
        captured = sum(self.captured[s] for s in side)
        return points[seat] - sum(others) / len(others), captured


# ---------------------------------------------------------------- layouts of the unseen cards


@dataclass(frozen=True)
class Slot:
    """Where unseen cards may lie: a seat's hand (``seat`` >= 0), the widow (``WIDOW``) or the
    declarer's face-down discards (``FACE_DOWN``), with its size and the colours it cannot
    hold."""

    seat: int
    size: int
    lacks: frozenset[str] = frozenset()
    only_rich: bool = False  # the declarer discarded Money: he holds only Money and specials
    plain: bool = False  # face-down discards: neither Money nor specials

    def takes(self, card: RupeeCard, trump: str | None) -> bool:
        """Whether ``card`` may lie here (the Tiger counts as a trump for a void)."""
        if self.plain and (card.is_money or card.is_special):
            return False
        if self.only_rich and not (card.is_money or card.is_special):
            return False
        colour = trump if card.rank == TIGER else card.colour
        return colour not in self.lacks


WIDOW, FACE_DOWN = -2, -3
"""Slots that are no seat (below ``CHANCE``, -1, so never taken for it)."""
_TEAMS = {n: [team_of(s, n) for s in range(n)] for n in SETUPS}
_SHARED = tuple(sorted(set(HandPlayout.__slots__) - {"hands", "trick", "seats", "captured"}))
"""What a copy of a playout shares with it (the rest it copies)."""
_LION_BEAR = (LION, BEAR)
_TIMES = {LION: 2, BEAR: 0}
"""What the last Lion or Bear played to a trick makes of its Money."""


def unseen(view: RupeesView) -> tuple[list[RupeeCard], list[Slot], list[RupeeCard]]:
    """The cards ``view``'s seat has not seen, the slots they lie in (other seats' hands, the
    widow before it is taken, the face-down discards), and those of them known to be the
    declarer's (a shown widow): ``(pool, slots, pinned)``."""
    me, trump, declarer = view["seat"], view["trump"], view["declarer"]
    free = view["options"]["specials_any_time"]
    tricks = [played(t["cards"]) for t in view["tricks"]] + [played(view["trick"])]
    seen = Counter(CARDS[c] for c in view["hand"] + view["discards"])
    lacks: dict[int, set[str]] = {s: set() for s in range(view["players"])}
    for trick in tricks:
        for k, (seat, card) in enumerate(trick):
            seen[card] += 1
            led = colour_led([c for _, c in trick[:k]], trump or "") if k else None
            follows = card.colour == led or (card.rank == TIGER and led == trump)
            if led is not None and not follows and not (free and card.is_special):
                lacks[seat].add(led)
    pool = list((Counter(rupee_deck(SETUPS[view["players"]].decks)) - seen).elements())
    slots = [
        Slot(s, n, frozenset(lacks[s]), only_rich=s == declarer and bool(view["discards"]))
        for s, n in enumerate(view["hand_sizes"])
        if s != me and n
    ]
    if declarer is None:
        slots.append(Slot(WIDOW, view["widow_size"]))
    elif me != declarer and view["discard_count"] > len(view["discards"]):
        slots.append(Slot(FACE_DOWN, view["discard_count"] - len(view["discards"]), plain=True))
    pinned: list[RupeeCard] = []
    if view["widow"] is not None and me != declarer:
        gone = Counter(c for t in tricks for s, c in t if s == declarer)
        left = (
            Counter(CARDS[c] for c in view["widow"])
            - gone
            - Counter(CARDS[c] for c in view["discards"])
        )
        pinned = list((left & Counter(pool)).elements())
    return pool, slots, pinned


def _eligible(
    pool: Sequence[RupeeCard], slots: Sequence[Slot], pinned: Sequence[RupeeCard], view: RupeesView
) -> list[list[int]]:
    """For each card of ``pool``, the slots that may hold it: a pinned card the declarer's
    hand or discards; the called card (``call_partner``) a hand not the declarer's."""
    trump, declarer = view["trump"], view["declarer"]
    called = CARDS[view["called"]] if view["called"] else None
    pins = Counter(pinned)
    out = []
    for card in pool:
        ok = [i for i, slot in enumerate(slots) if slot.takes(card, trump)]
        if pins[card]:
            pins[card] -= 1
            ok = [i for i in ok if slots[i].seat in (declarer, FACE_DOWN)]
        if card == called:
            ok = [i for i in ok if slots[i].seat not in (declarer, FACE_DOWN)]
        out.append(ok)
    return out


SLIP = 0.05
"""How often a seat's bid (or pass) or trump is taken not to be the basic bot's, for the layouts'
fit to them (``Told``): at least this, or ``NOISE``'s chance of a random move; a basic bot's
never (it keeps its rule: issue 35 round seven), nor every seat's when the players are not
told (each taken for a basic bot, as in the playouts). An expert is taken for a basic bot here
as in the playouts, with this slip (its calls come from its own simulations, which the basic
bot's rule approximates)."""
FIT_CALLS = True
"""Whether the layouts are drawn to fit what the calls and trumps told (``Told``). Fitted, they
remove the standing's bias for the declarer's partner and the defenders (``rupees_oracle.py``,
issue 35 round four); tried many at once (``Drawn.draw``) they cost a Hint's p99 a few
per cent more CPU and a review about two thirds more (``benchmarks/README.md``, round five).
False: the layouts as before, every value as main's."""
PART = True
"""Whether the declarer's face-down discards are parted from his hand as he lays them aside
(``Parting``, issue 35 round seven); False: drawn apart, as round six."""
TRIES = 2_000
"""Layouts drawn for one that fits what the seats' calls and trumps told (``Told``) before one
that does not is taken. Where the calls of a table of basic bots told much, one layout in a few
hundred fits: after 200 tries (round six) the layouts not fitted dealt a basic declarer half a
trump short on average (issue 35 round seven)."""


MISSES = 3
"""Layouts in a row that none of ``TRIES`` fit before a view's layouts stop being fitted (then
drawn as though nothing was told): a view whose calls hardly a deal fits (two seats bidding
high, one layout in tens of thousands) costs at most that many rounds of tries, not every
layout's (a review's hand took 81 s of CPU, issue 35 round seven)."""


def slips_of(players: Sequence[str] | None, count: int) -> tuple[float, ...]:
    """Each seat's chance of a slip (``SLIP``, a basic bot's none; a seat at random: 1, its
    calls tell nothing; the players not told, every seat a basic bot)."""
    noise = noise_at(players) or (0.0,) * count
    kinds = players or ("basic",) * count
    return tuple(
        chance if kind == "basic" else max(chance, SLIP)
        for kind, chance in zip(kinds, noise, strict=True)
    )


RULED = {"basic": 1.0, "expert": 0.9}
"""Each kind's chance of laying a card aside by the basic bot's rule (``basic_discard``:
``Parting``); the rest by ``NOISE``: a human's (a beginner's) 0.75, the basic move three times
in four (all three discards so 42% of the time, else read as at random among his plain
cards), a random bot's none. An expert lays them aside by its playouts, keeping its trumps as
the rule does but voiding a short colour less often: read 9 in 10 by the rule, its layouts
deal an expert declarer his trumps (−0.07 a hand, against +0.06 by the rule alone and −0.55 at
random; 621 decisions of 150 games, issue 35 round eight)."""


def parted_of(players: Sequence[str] | None, count: int) -> tuple[float, ...]:
    """Each seat's chance, as declarer, of laying a card aside by the basic bot's rule
    (``RULED``); the players not told, every seat's 1, as the basic bot's."""
    return tuple(
        RULED.get(kind, 1 - NOISE.get(kind, NOISE[HUMAN])) for kind in players or ("basic",) * count
    )


class Told:
    """What the other seats told of their cards by what they did before the play, as the basic
    bot does it (``BasicBot``): a seat that could bid bid iff its ``hand_strength`` reached the
    lowest bid, and the declarer named the longest strong colour of his hand (``best_trump``).
    The layouts of the unseen cards are drawn to fit it: one that does not is kept only as
    often as the seat would have done otherwise by a slip (``slips_of``). Drawn without it, a
    defender dealt the declarer an average hand: the defenders were shown about ₹53,000 a
    decision more than the real deal gives, the declarer's partner ₹81,000 less
    (``benchmarks/rupees_oracle.py``)."""

    def __init__(self, view: RupeesView, slips: Sequence[float]) -> None:
        me, n = view["seat"], view["players"]
        teams = not view["options"]["call_partner"]
        played_by: dict[int, list[RupeeCard]] = {s: [] for s in range(n)}
        for trick in [t["cards"] for t in view["tricks"]] + [view["trick"]]:
            for seat, card in played(trick):
                played_by[seat].append(card)
        self.played, self.slips = played_by, slips
        self.counted = [tally(cards) for cards in played_by.values()]
        """Each seat's cards played, counted once (``tally``)."""
        self.calls: list[tuple[int, int, bool]] = []  # (seat, the lowest bid, whether it bid)
        standing: tuple[int, int] | None = None
        for entry in view["calls"]:
            seat, call = int(entry[0]), str(entry[1])
            bid = call != "pass"
            amount = int(call.split("₹")[1].replace(",", "")) if bid else 0
            opening = standing is None and not view["options"]["opener_may_pass"]
            partner = teams and standing is not None and standing[0] in team_of(seat, n)
            if seat != me and not opening and not partner and slips[seat] < 1:
                low = standing[1] + RAISE if standing else SETUPS[n].opening
                self.calls.append((seat, low, bid))
            standing = (seat, amount) if bid else standing
        declarer = view["declarer"]
        self.declarer = declarer if declarer is not None and declarer != me else None
        self.trump = view["trump"]
        self.shown = [CARDS[c] for c in view["discards"]]
        self.widow = [CARDS[c] for c in view["widow"]] if view["widow"] is not None else None
        self.size = view["widow_size"]
        self.parted = False
        """Whether the declarer's face-down discards are parted from his hand as he laid them
        aside (``Parting``): then his trumps are read from every card he held."""
        self.asked: dict[int, list[tuple[int, bool]]] = {}
        """Each seat's calls asked: (the lowest bid, whether it bid)."""
        for seat, low, bid in self.calls:
            self.asked.setdefault(seat, []).append((low, bid))

    def __bool__(self) -> bool:
        return bool(self.calls) or self.declarer is not None

    def fits(
        self,
        slots: Sequence[Slot],
        layout: list[list[RupeeCard]],
        rng: random.Random,
        slips: bool = True,
        ruled: bool | None = None,
    ) -> bool:
        """Whether to keep ``layout``: it fits what the seats told, or (``slips``) a slip is
        drawn from ``rng`` (which also draws the widow among the declarer's cards, unseen).
        Not ``slips`` (every layout counted once): no slip, and with the widow unseen the
        declarer's calls are not asked (it is not drawn). ``ruled``: whether the layout's
        face-down discards were parted by the basic bot's rule (default ``parted``)."""
        hands = {slot.seat: cards for slot, cards in zip(slots, layout, strict=True)}
        declarer = self.declarer
        if declarer is not None:
            face_down = hands.get(FACE_DOWN, [])
            by_rule = self.parted if ruled is None else ruled
            if not self.declarer_fits(hands.get(declarer, []), face_down, rng, slips, by_rule):
                return False
        return all(
            self.calls_fit(seat, hands.get(seat, []), rng, slips)
            for seat in self.asked
            if seat != declarer
        )

    def declarer_fits(
        self,
        hand: list[RupeeCard],
        face_down: list[RupeeCard],
        rng: random.Random,
        slips: bool = True,
        ruled: bool = False,
    ) -> bool:
        """``fits`` for the declarer alone, his unseen ``hand`` and ``face_down`` discards: his
        trumps (read from every card he held where ``ruled``: he keeps them), then his calls
        from his hand as dealt (less the widow)."""
        declarer = self.declarer
        assert declarer is not None
        held = hand + face_down + self.shown if ruled else hand
        if not self.names(held, rng.random if slips else None):
            return False
        dealt = tally(hand) + self.counted[declarer]
        if self.widow is None and not slips:
            return True  # his calls not asked
        kept = self.shown + face_down  # with his hand as dealt, less the widow: his calls'
        if self.widow is not None:
            widow = self.widow
        else:
            widow = rng.sample(hand + self.played[declarer] + kept, self.size)
        return self._called(declarer, dealt + tally(kept) - tally(widow), rng, slips)

    def names(self, hand: list[RupeeCard], draw: Callable[[], float] | None) -> bool:
        """Whether the declarer, holding ``hand`` (of his cards not played) and the cards he
        played, names his trumps as the basic bot does (``best_trump``), or (``draw``: a
        uniform draw) it is taken for a slip."""
        declarer = self.declarer
        assert declarer is not None
        if not self.trump or trump_of(tally(hand) + self.counted[declarer]) == self.trump:
            return True
        return draw is not None and draw() < _odds(self.slips[declarer], len(COLOURS))

    def calls_fit(
        self, seat: int, hand: list[RupeeCard], rng: random.Random, slips: bool = True
    ) -> bool:
        """``fits`` for the calls of ``seat`` (not the declarer), its unseen ``hand``."""
        return self._called(seat, tally(hand) + self.counted[seat], rng, slips)

    def _called(self, seat: int, dealt: Tally, rng: random.Random, slips: bool) -> bool:
        """Whether ``seat``'s calls fit its hand as ``dealt`` (its ``Tally``), or are taken for
        slips."""
        calls = self.asked.get(seat)
        if not calls:
            return True
        strength = strength_of(dealt)
        for low, bid in calls:
            if (strength >= low) != bid and not (slips and _slipped(self.slips[seat], 2, rng)):
                return False
        return True


def _slipped(slip: float, options: int, rng: random.Random) -> bool:
    """Whether a move the basic bot would not make is taken for a slip: as likely, against one
    it would make, as a random move (one of ``options``) with chance ``slip`` is against it."""
    return rng.random() < _odds(slip, options)


def _odds(slip: float, options: int) -> float:
    """``_slipped``'s chance."""
    odds = slip / options
    return odds / (1 - slip + odds)


def _subsets(n: int, uniform: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """A row of ``len(uniform)`` distinct numbers below ``n`` for each column of ``uniform``
    (uniform draws, a row of them for each number), each set as likely: each number drawn
    among those not yet drawn (the k-th left counted past the smaller ones)."""
    out = np.zeros((uniform.shape[1], 0), dtype=np.int64)
    for k, draws in enumerate(uniform):
        pick = (draws * (n - k)).astype(np.int64)
        for taken in np.sort(out, axis=1).T:  # in rising order: past each one taken below
            pick += pick >= taken
        out = np.hstack([out, pick[:, None]])
    return out


Columns = npt.NDArray[np.float64]
"""Hands' ``parts`` (``engine.rupees.bots``), a row each: whole numbers held exactly in floats
(at most 2^53), which numpy multiplies far faster than integers."""


def _columns(cards: Sequence[RupeeCard]) -> Columns:
    """Each of ``cards``' ``parts``, a row each."""
    return np.array([parts(tally([c])) for c in cards], dtype=np.float64).reshape(-1, _PARTS)


_PARTS = 3 + len(COLOURS)
_DECK = rupee_deck()
_CARD = {card: k for k, card in enumerate(_DECK)}
_PLAIN = np.array([not (c.is_money or c.is_special) for c in _DECK])
_COLOUR = np.array([COLOURS.index(c.colour) if c.colour else 0 for c in _DECK])
_SPECIAL = np.array([c.is_special for c in _DECK])
_SHADE = (_COLOUR[:, None] == np.arange(len(COLOURS))) & ~_SPECIAL[:, None]
_FIELDS = _columns(_DECK)[:, 3:]
_KEY = np.array([4 * c.power + _COLOUR[k] for k, c in enumerate(_DECK)])
_LONG, _TRUMPS = 64, 64 * 64
"""``Parting.by_the_rule``'s tables: each card of the deck plain or not, its colour, special
or not, which colour's length it counts in, its colour fields (``parts``), its key by rank then
colour, and the weights of its colour's length and of its being a trump above that."""


class Kept:
    """``Told.fits`` asked of many layouts at once (numpy): the rows of ``where`` (``Unseen.
    draws``: the slot of each card of ``pool``), each check's slip drawn from ``gen``. The same
    chances as ``fits`` one by one: a layout is kept iff each check fits or, independently, is
    taken for a slip. Every slip (and the widow, when unseen) is drawn for every row, in
    ``fits``' order, but a check is worked out only on the rows that every check before it
    kept, the other seats' calls first: where one layout in hundreds fits, most of the work
    is saved, and the same rows are kept. Where the declarer's face-down discards are parted
    (``Parting``), those rows are parted in ``where``: by the rule or at random, each row's
    way drawn after the slips."""

    def __init__(
        self,
        told: Told,
        slots: Sequence[Slot],
        pool: Sequence[RupeeCard],
        parting: Parting | None = None,
    ) -> None:
        self.told = told
        self.mixed = parting if parting is not None and parting.mixed else None
        """The declarer's face-down discards parted by the rule or at random (``Parting``)."""
        self.ruled = parting if parting is not None and not parting.shown else None
        """Where the rule parts them here too (``Parting.by_the_rule``; else, Money laid
        aside, one by one later: ``Drawn._row``)."""
        self.at = {slot.seat: i for i, slot in enumerate(slots)}
        self.table = _columns(pool)
        self.played = {s: np.array(parts(c), dtype=np.float64) for s, c in enumerate(told.counted)}
        self.shown = _columns(told.shown).sum(axis=0)
        self.widow = _columns(told.widow).sum(axis=0) if told.widow is not None else None
        known = told.played[told.declarer] + told.shown if told.declarer is not None else []
        self.known = np.vstack([self.table, _columns(known)])
        """The unseen cards' rows and then those the declarer is known to have held: the
        widow, when unseen, is drawn among them."""

    def __call__(self, where: npt.NDArray[np.int64], gen: np.random.Generator) -> Any:
        told, count, declarer = self.told, len(where), self.told.declarer
        trump = declarer is not None and bool(told.trump)
        widow = told.size if declarer is not None and told.widow is None else 0  # unseen
        seats = ([declarer] if declarer is not None else []) + [
            s for s in told.asked if s != declarer
        ]
        asked = [told.asked.get(seat, []) for seat in seats]
        uniform = iter(gen.random((trump + widow + sum(map(len, asked)), count)))  # ``fits``' order
        named = next(uniform) if trump else None
        drawn = np.array([next(uniform) for _ in range(widow)]).reshape(widow, count)
        slips = {
            seat: [next(uniform) for _ in calls] for seat, calls in zip(seats, asked, strict=True)
        }
        mixed = self.mixed
        if mixed is not None:  # each row: by the rule or at random, and the random parting's
            by_rule = gen.random(count) < mixed.by_rule
            keys = gen.random((count, mixed.rooms[mixed.hand]))
            accept = gen.random(count)
        ok = np.ones(count, dtype=bool)

        def lies(rows: npt.NDArray[np.int64], seat: int) -> Any:  # which cards in its slot
            i = self.at.get(seat)
            return (rows == i if i is not None else np.zeros(rows.shape, dtype=bool)).astype(
                np.float64
            )

        def check(at: Any, fails: Any, seat: int, options: int, slip: Any) -> None:
            ok[at] &= ~fails | (slip[at] < _odds(told.slips[seat], options))

        def called(at: Any, seat: int, dealt: Columns) -> None:  # its calls, from its hands
            money, adds, takes, *_ = dealt.astype(np.int64).T
            strength = estimate(money, adds, takes, dealt[:, 3:].max(axis=1).astype(np.int64))
            for (low, bid), slip in zip(told.asked.get(seat, []), slips[seat], strict=True):
                check(at, (strength >= low) != bid, seat, 2, slip)

        for seat in seats[1:] if declarer is not None else seats:
            at = np.flatnonzero(ok)
            called(at, seat, lies(where[at], seat) @ self.table + self.played[seat])
        if declarer is None:
            return ok
        at = np.flatnonzero(ok)
        if not len(at):
            return ok
        mine, down = lies(where[at], declarer), lies(where[at], FACE_DOWN)
        dealt = mine @ self.table + self.played[declarer]
        before = dealt + down @ self.table + self.shown  # all he held
        kept = before if told.parted else dealt  # parted later: all he held
        if mixed is not None:  # those at random parted now: the hand he kept
            apart = at[~by_rule[at]]
            rows = where[apart]
            ok[apart] &= mixed.at_random(rows, keys[apart], accept[apart])
            where[apart] = rows
            aside = (rows == mixed.down).astype(np.float64) @ self.table
            kept = kept.copy()
            kept[~by_rule[at]] -= aside + self.shown
        if named is not None:
            fails = kept[:, 3:].argmax(axis=1) != COLOURS.index(told.trump)
            check(at, fails, declarer, len(COLOURS), named)
            still = ok[at]
            at, mine, down, before = at[still], mine[still], down[still], before[still]
            if not len(at):
                return ok
        if self.widow is not None:
            before -= self.widow
        elif widow:  # the widow: ``size`` cards at random among those he held
            unseen = np.nonzero(mine + down)[1].reshape(len(at), -1)  # as many in every row
            known = np.arange(len(self.table), len(self.known))
            held = np.hstack([unseen, np.tile(known, (len(at), 1))])
            chosen = np.take_along_axis(held, _subsets(held.shape[1], drawn[:, at]), axis=1)
            before -= self.known[chosen].sum(axis=1)
        called(at, declarer, before)
        if self.ruled is not None:  # the rule's parting, on the rows kept so far
            ruled = at[ok[at] & (by_rule[at] if mixed is not None else True)]
            rows = where[ruled]
            ok[ruled] &= self.ruled.by_the_rule(rows)
            where[ruled] = rows
        return ok


class Parting:
    """A declarer's unseen cards, his hand and his face-down discards, drawn as one and parted
    as he laid them aside: by the basic bot's rule (``basic_discard``: plain cards outside his
    planned trumps, the shortest colour's lowest first) with his kind's chance of laying all
    of them so (``ruled``, ``RULED``), else at random among his plain cards (``at_random``).
    Drawn apart, his hand was an average one of its size with his trumps the longest: a basic
    declarer was dealt 0.96 trumps fewer than he held (30 games of basic bots, issue 35 round
    seven), his long colours' cards laid face down as often as his short colours'. Where the
    rule parts them, his trumps are read from every card he held (``Told.names``: the basic
    bot keeps its trumps, so names the same)."""

    def __init__(
        self,
        told: Told,
        slots: Sequence[Slot],
        pool: Sequence[RupeeCard],
        allowed: Sequence[Sequence[int]],
        ruled: float = 1.0,
    ) -> None:
        declarer = told.declarer
        assert declarer is not None and slots[-1].seat == FACE_DOWN and 0 < ruled <= 1
        self.hand = next(i for i, slot in enumerate(slots) if slot.seat == declarer)
        self.down = len(slots) - 1
        self.size, self.shown = slots[-1].size, told.shown
        self.held = told.played[declarer] + told.shown
        """The cards he held once he took the widow, but his unseen ones."""
        self.kept = np.array([self.hand in ways for ways in allowed])
        self.laid = np.array([self.down in ways for ways in allowed])
        """Each unseen card: whether it may lie in his hand, whether face down."""
        self.rooms = [slot.size for slot in slots[:-1]]
        self.rooms[self.hand] += self.size
        self.allowed = [sorted({self.hand if i == self.down else i for i in w}) for w in allowed]
        """The rooms and each card's slots with his face-down discards' given to his hand."""
        size, mine = self.size, self.rooms[self.hand]
        plain = sum(not (c.is_money or c.is_special) for c in told.played[declarer])

        def missed(held: int) -> float:  # random discards among ``held`` plain cards: that
            ways = math.comb(held, size)  # none was played
            return ways / math.comb(held + plain, size) if ways else 0.0

        self.by_rule = ruled / (ruled + (1 - ruled) * missed(mine))
        """A layout tried: the chance it is parted by the rule, else at random, each kind
        weighed by how likely it left every card he played in his hand (``missed``) at the
        most (all his unseen cards plain); ``at_random`` keeps the rest of that chance."""
        self.avoided = np.array([missed(held) / missed(mine) for held in range(mine + 1)])
        self.mixed = self.by_rule < 1
        """Whether a layout may be parted either way (else always by the rule)."""
        code = np.array([_CARD[card] for card in pool])
        self.one_hot = (code[:, None] == np.arange(len(_DECK))).astype(np.float64)
        """Each unseen card's row: which of the deck's cards it is (``_DECK``)."""
        self.earlier = (code[:, None] == code[None, :]) & np.tri(len(pool), k=-1, dtype=bool).T
        """Whether unseen card j is the same card as k, before it in the pool."""
        self.counted = np.zeros(len(_DECK))
        for card in self.held:
            self.counted[_CARD[card]] += 1

    def part(self, cards: Sequence[RupeeCard], at: Sequence[int]) -> list[int] | None:
        """Which of his unseen cards (``at``: their places among the unseen ``cards``) he laid
        face down; None where the basic bot's discards would not have been those shown, or a
        card he played, or a card is left where it may not lie."""
        size, shown = self.size, self.shown
        hand, laid = list(sort_hand([cards[k] for k in at] + self.held)), []  # ties: the first
        for _ in range(size + len(shown)):
            card = basic_discard(hand, discardable(hand))
            hand.remove(card)
            laid.append(card)
        down = Counter(laid)
        down.subtract(shown)
        if min(down.values(), default=0) < 0:  # a shown discard the rule keeps
            return None
        out = []
        for k in at:
            if down[cards[k]] > 0:
                down[cards[k]] -= 1
                out.append(k)
        if len(out) < size or not all(self.laid[k] for k in out):
            return None  # a card he played laid aside, or one that may not lie face down
        chosen = set(out)
        return out if all(self.kept[k] for k in at if k not in chosen) else None

    def row(
        self, row: npt.NDArray[np.int64], pool: Sequence[RupeeCard]
    ) -> npt.NDArray[np.int64] | None:
        """A row of ``Unseen.draws`` (the slot of each card of ``pool``, his face-down
        discards in his hand) parted, if it can be."""
        down = self.part(pool, np.flatnonzero(row == self.hand).tolist())
        if down is None:
            return None
        out: npt.NDArray[np.int64] = row.copy()
        out[down] = self.down
        return out

    def by_the_rule(self, where: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """``row`` for many rows of ``Unseen.draws`` at once (numpy, where no Money was laid
        aside: ``shown`` empty), parted in ``where``: ``basic_discard`` replayed, each card's
        key its planned trump, its colour's length, its rank and, on a tie, its colour's
        place in the hand's order; whether each row can be (as ``row`` is not None)."""
        count = len(where)
        mine = where == self.hand
        unseen = mine.astype(np.float64) @ self.one_hot  # each row: his unseen cards, counted
        held, laid = unseen + self.counted, np.zeros_like(unseen)
        rows, ok = np.arange(count), np.ones(count, dtype=bool)
        for _ in range(self.size):
            trump = (held @ _FIELDS).argmax(axis=1)  # ``best_trump``
            length = held @ _SHADE
            key = _KEY + _TRUMPS * (trump[:, None] == _COLOUR) + _LONG * length[:, _COLOUR]
            key = np.where((held > 0) & _PLAIN, key, np.inf)  # only plain cards: no Money
            pick = key.argmin(axis=1)
            ok &= np.isfinite(key[rows, pick])
            held[rows, pick] -= 1
            laid[rows, pick] += 1
        ok &= (laid <= unseen).all(axis=1)  # not a card he went on to play
        copy = mine.astype(np.float64) @ self.earlier  # his earlier copies of the same card
        down = mine & (copy < (laid @ self.one_hot.T))  # the first copies of those laid aside
        ok &= (self.laid | ~down).all(axis=1) & (self.kept | ~mine | down).all(axis=1)
        done = np.flatnonzero(ok)
        where[done] = np.where(down[done], self.down, where[done])
        return ok

    def at_random(
        self,
        where: npt.NDArray[np.int64],
        keys: npt.NDArray[np.float64],
        accept: npt.NDArray[np.float64],
    ) -> npt.NDArray[np.bool_]:
        """Rows of ``Unseen.draws`` (his face-down discards in his hand) parted at random, in
        ``where``: ``size`` of his plain cards laid face down, every choice alike (``keys``: a
        uniform draw for each card of his hand), each row kept as often as such discards miss
        every plain card he went on to play (``accept``: a uniform draw; ``avoided``); whether
        each is (not: too few plain cards, or one left where it may not lie)."""
        count, size = len(where), self.size
        if not count:
            return np.zeros(0, dtype=bool)
        mine = np.nonzero(where == self.hand)[1].reshape(count, -1)  # as many in every row
        plain = self.laid[mine]
        order = np.argsort(np.where(plain, keys, 2.0), axis=1)
        down = np.take_along_axis(mine, order[:, :size], axis=1)
        left = np.take_along_axis(mine, order[:, size:], axis=1)
        held = plain.sum(axis=1)
        ok: npt.NDArray[np.bool_] = (
            (held >= size) & self.kept[left].all(axis=1) & (accept < self.avoided[held])
        )
        rows = np.flatnonzero(ok)
        where[rows[:, None], down[rows]] = self.down
        return ok


FITTED, ALONE, NOTHING = 0, 1, 2
"""How a layout was drawn (``Drawn.drawn_as``): fitted to what every seat told; to the
declarer's calls and trumps alone; as though nothing was told."""


class Drawn:
    """The layouts of the unseen cards for one view, drawn one by one from one seeded stream
    and kept: asked for more, it draws only the new ones, so the first are the same whatever
    the count (a review asks a decision again on more layouts; the auction asks the same
    layouts for each possible declarer). Each fits what the seats told by their calls and
    trumps (``Told``, given each seat's ``slips``; None: every layout is kept), and the
    declarer's face-down discards are parted from his hand as he lays them aside (``Parting``,
    given his seat's chance in ``parted`` of laying a card aside by the basic bot's rule;
    empty, or none: drawn apart)."""

    def __init__(
        self,
        view: RupeesView,
        rng: random.Random,
        slips: Sequence[float] | None = None,
        parted: Sequence[float] = (),
        narrows: bool = True,
    ) -> None:
        self.view, self.slips, self.parted, self.narrows = view, slips, parted, narrows
        self.narrow: Drawn | None = None
        """The layouts fitted to the declarer's calls and trumps alone, drawn from the same
        stream where hardly a layout fits every seat's (``_apart``); built when first asked."""
        pool, slots, pinned = unseen(view)
        allowed = _eligible(pool, slots, pinned, view)
        rooms = [slot.size for slot in slots]
        self.slots, self.rng = slots, rng
        self.told = Told(view, slips) if slips is not None else None
        self.whole = Unseen(pool, rooms, allowed)
        """The layouts with the face-down discards drawn apart from the declarer's hand."""
        self.parting: Parting | None = None
        declarer = self.told.declarer if self.told else None
        held = any(slot.seat == declarer for slot in slots)  # cards left in his hand
        face_down = bool(slots) and slots[-1].seat == FACE_DOWN
        ruled = 0.0  # his chance of laying every discard aside by the rule
        if declarer is not None and declarer < len(parted) and face_down:
            ruled = parted[declarer] ** view["discard_count"]
        if self.told and ruled and held:
            self.parting = Parting(self.told, slots, pool, allowed, ruled)
            rooms, allowed = self.parting.rooms, self.parting.allowed
            self.told.parted = True
        self.deal = Unseen(pool, rooms, allowed) if self.parting else self.whole
        self.gen: np.random.Generator | None = None  # the layouts tried: ``draw``
        self.kept: Kept | None = None
        self.batch, self.next, self.missed = 32, 0, 0
        """The next batch's size halved, the next of it to try, the layouts in a row that
        none of ``TRIES`` fitted (``MISSES``)."""
        self.tried = np.zeros((0, len(pool)), dtype=np.int64)
        self.fit = np.zeros(0, dtype=bool)
        self.base = HandPlayout(view, [[] for _ in range(view["players"])])
        self.base.hands[view["seat"]] = [CARDS[c] for c in view["hand"]]
        self.tables: list[HandPlayout] = []
        self.drawn_as = FITTED
        """How the last layout ``draw`` gave was drawn: fitted to what every seat told,
        to the declarer's calls and trumps ``ALONE``, or as though ``NOTHING`` was told."""
        self.aside: list[int] = []
        """How each of ``tables`` was drawn (``drawn_as``): not ``FITTED`` where hardly a
        layout fitted what was told (``MISSES``)."""

    def take(self, count: int, every: int = 0) -> tuple[list[HandPlayout], bool]:
        """All the layouts if there are at most ``every`` (then each is listed once and their
        average is exact: the flag; those that fit what the seats told, if any do), else the
        first ``count`` drawn at random (always where the declarer's discards are parted by
        the rule or at random: the layouts would not weigh the same)."""
        mixed = self.parting is not None and self.parting.mixed  # not listed: weighed
        found = self.deal.every(every) if every and not mixed else None
        told = self.told
        if found and told:  # each layout that fits, once (none: as though nothing was told)
            rng = random.Random(0)  # the widow among the declarer's cards, when unseen
            parted = self._parted()
            fitting = [x for x, _ in (parted(layout, None) for layout in found) if x is not None]
            fitting = [x for x in fitting if told.fits(self.slots, x, rng, slips=False)]
            found = fitting or (self.whole.every(every) if self.parting else found)
        if found:
            return [self.base.laid_out(self.slots, layout) for layout in found], True
        while len(self.tables) < count:
            self.tables.append(self.base.laid_out(self.slots, self.draw()))
            self.aside.append(self.drawn_as)
        return self.tables[:count], False

    def set_aside(self, count: int) -> tuple[int, int]:
        """How many of the first ``count`` layouts were drawn to fit the declarer's calls and
        trumps alone, and how many as though nothing was told."""
        first = self.aside[:count]
        return first.count(ALONE), first.count(NOTHING)

    def draw(self) -> list[list[RupeeCard]]:
        """The next layout at random, one that fits what the seats told (``Told``: one that
        does not is kept when a slip is drawn for it, or after ``TRIES`` more). The layouts
        tried are drawn and checked many at once (``Unseen.draws``, ``Kept``), with the same
        chances as one by one (``Unseen.draw``, ``Told.fits``), in order: the first that fits
        in ``TRIES`` + 1 is kept, else one drawn as though nothing was told (and after
        ``MISSES`` such in a row, every later one)."""
        told, deal, rng = self.told, self.deal, self.rng
        self.drawn_as = FITTED
        if not told:
            return deal.sample(rng)
        if self.missed >= MISSES:  # hardly a layout fits here
            return self._apart()
        tries = TRIES + 1
        while True:
            if self.next == len(self.fit) and not self._tried():
                return self._one_by_one()
            fit = self.fit[self.next : self.next + tries]
            for hit in np.flatnonzero(fit):
                row = self._row(self.tried[self.next + hit])
                if row is not None:
                    self.next += int(hit) + 1
                    self.missed = 0
                    return self._laid(row)
            if len(fit) == tries:  # none fits: one as though nothing was told
                self.next += tries
                self.missed += 1
                return self._apart()
            tries -= len(fit)
            self.next = len(self.fit)

    def _row(self, row: npt.NDArray[np.int64]) -> npt.NDArray[np.int64] | None:
        """A row that fits the checks made many at once, parted by the rule (``Parting``), if
        it can be (one parted at random already is, by ``Kept``)."""
        parting = self.parting
        if parting is None or (row == parting.down).any():
            return row
        return parting.row(row, self.deal.cards)

    def _parted(
        self,
    ) -> Callable[
        [list[list[RupeeCard]], random.Random | None], tuple[list[list[RupeeCard]] | None, bool]
    ]:
        """A layout parted (``Parting``), if it can be, and whether by the rule: at random as
        often as his kind lays them so (drawn from the stream given; none: by the rule)."""
        parting, pool = self.parting, self.deal.cards
        if parting is None:
            return lambda layout, rng: (layout, False)
        places: dict[RupeeCard, list[int]] = {}  # each card's places in the pool
        for k, card in enumerate(pool):
            places.setdefault(card, []).append(k)

        def parted(
            layout: list[list[RupeeCard]], rng: random.Random | None
        ) -> tuple[list[list[RupeeCard]] | None, bool]:
            row, left = np.zeros(len(pool), dtype=np.int64), {c: list(k) for c, k in places.items()}
            for i, cards in enumerate(layout):
                for card in cards:
                    row[left[card].pop()] = i
            ruled = rng is None or not parting.mixed or rng.random() < parting.by_rule
            if ruled:
                done = parting.row(row, pool)
            else:
                assert rng is not None
                keys = np.array([[rng.random() for _ in range(parting.rooms[parting.hand])]])
                rows = row[None, :]
                done = (
                    rows[0] if parting.at_random(rows, keys, np.array([rng.random()]))[0] else None
                )
            if done is None:
                return None, ruled
            out: list[list[RupeeCard]] = [[] for _ in self.slots]
            for k, i in enumerate(done.tolist()):
                out[i].append(pool[k])
            return out, ruled

        return parted

    def _apart(self) -> list[list[RupeeCard]]:
        """A layout where hardly one fits what every seat told: one that fits what the
        declarer told by his calls and trumps alone (``narrowed``), else one as though
        nothing was told (the face-down discards drawn apart). Drawn as though nothing was
        told, a partner's or a defender's layouts dealt the declarer an average hand: the
        partner was shown ₹37,000 a decision less than he made, a defender ₹51,000 more
        (issue 35, round nine)."""
        narrow = self._narrowed()
        if narrow is None:
            self.drawn_as = NOTHING
            return self.whole.draw(self.rng)
        layout = narrow.draw()
        self.drawn_as = NOTHING if narrow.drawn_as else ALONE
        return layout

    def _narrowed(self) -> Drawn | None:
        """The layouts that fit the declarer's calls and trumps alone (the other seats'
        calls read as slips), if that is less than every seat's; None otherwise."""
        told, slips = self.told, self.slips
        if self.narrow is None and self.narrows and told and told.declarer is not None:
            assert slips is not None
            declarer = told.declarer
            alone = tuple(c if s == declarer else 1.0 for s, c in enumerate(slips))
            if alone != tuple(slips):
                self.narrow = Drawn(self.view, self.rng, alone, self.parted, narrows=False)
        return self.narrow

    def _tried(self) -> bool:
        """Draw the next layouts to try and check them (twice as many each time, from 64 to
        1,024); False if every one met a dead end (then draw one by one)."""
        assert self.told is not None
        if self.gen is None:  # seeded from the stream: the same seed, the same layouts
            self.gen = np.random.default_rng(self.rng.getrandbits(64))
            self.kept = Kept(self.told, self.slots, self.deal.cards, self.parting)
        assert self.kept is not None
        self.batch = min(2 * self.batch, 1_024)
        self.tried = self.deal.draws(self.gen, self.batch)
        self.fit = self.kept(self.tried, self.gen)
        self.next = 0
        return len(self.tried) > 0

    def _laid(self, row: npt.NDArray[np.int64]) -> list[list[RupeeCard]]:
        """The layout a row of ``Unseen.draws`` gives, each hand in random order."""
        assert self.gen is not None
        out: list[list[RupeeCard]] = [[] for _ in self.slots]
        pool = self.deal.cards
        for k in self.gen.permutation(len(pool)):
            out[row[k]].append(pool[k])
        return out

    def _one_by_one(self) -> list[list[RupeeCard]]:
        """``draw`` one layout at a time (where ``Unseen.draws`` met only dead ends)."""
        told, deal, rng = self.told, self.deal, self.rng
        assert told is not None
        parted = self._parted()
        for _ in range(TRIES + 1):
            layout, ruled = parted(deal.draw(rng), rng)
            if layout is not None and told.fits(self.slots, layout, rng, ruled=ruled):
                return layout
        return self._apart()


def layouts(
    view: RupeesView, count: int, rng: random.Random, every: int = 0, drawn: Drawn | None = None
) -> tuple[list[HandPlayout], bool]:
    """Playouts of layouts of the unseen cards for ``view``: all of them if there are at most
    ``every`` (then each is listed once and their average is exact: the flag), else ``count``
    drawn at random from ``rng`` (or from ``drawn``, those of ``view`` drawn so far)."""
    return (drawn or Drawn(view, rng)).take(count, every)


def alike(view: RupeesView, legal: Sequence[Any]) -> list[int]:
    """For each of ``legal``, the first of them that has the same value on every layout (its
    own index if none): in play, two cards of one colour, neither Money nor the called card,
    with no card that may still meet them in a trick ranked between them (nor a card of the
    hand of another colour, which the basic bot weighs by rank too). Whichever is played, every
    comparison the bots make later comes out the same, so the hand ends alike. One deck only
    (with two, equal cards would need telling apart)."""
    out = list(range(len(legal)))
    if view["phase"] != "play" or SETUPS[view["players"]].decks != 1:
        return out
    hand = {CARDS[c] for c in view["hand"]}
    gone = {c for t in view["tricks"] for _, c in played(t["cards"])}
    gone |= {CARDS[c] for c in view["discards"]}
    others = [c for c in rupee_deck() if c not in gone and c not in hand]
    called = CARDS[view["called"]] if view["called"] else None

    def interchangeable(a: RupeeCard, b: RupeeCard) -> bool:
        if a.colour != b.colour or not a.colour or a.money or b.money or called in (a, b):
            return False
        low, high = sorted((a.power, b.power))
        if any(c.colour == a.colour and low <= c.power <= high for c in others):
            return False  # a card that may meet them in a trick ranks between them
        return not any(
            low <= c.power <= high and (c.colour != a.colour or c.money) for c in hand
        )  # nor a card of the hand the basic bot weighs against them

    cards = [a.card if isinstance(a, Play) else None for a in legal]
    for i, card in enumerate(cards):
        for j in range(i):
            other = cards[j]
            if card and other and out[j] == j and interchangeable(other, card):
                out[i] = j
                break
    return out


# ---------------------------------------------------------------- the expert


@RupeesState.bot
class ExpertBot(shared_bots.RandomBot):
    """Bids from simulated hand strength and plays by determinised Monte Carlo (see the
    module): each option judged in expected ₹ this hand, its side's less the other side's."""

    level: ClassVar[str] = "expert"

    def __init__(self, seed: int = 0, players: Sequence[str] | None = None) -> None:
        super().__init__(seed)
        self.seed = seed
        self.players = tuple(players) if players is not None else None
        """The kind of player at each seat (``engine.bots.kind_of``): the hand is then played
        out as they play (``engine.bots.NOISE``); None: every seat as the basic bot."""
        self._dealt: tuple[Any, Drawn | None] = (None, None)
        """This auction decision's layouts (the same for every call and declarer)."""
        self._hand: tuple[Any, ...] = ()
        self._strengths: list[list[int]] = []
        """Each layout's ``hand_strength`` of every seat."""
        self._streams: list[Stream] = []
        """Each layout's random calls (``Auction``), when a seat calls at random."""
        self._auction: dict[tuple[int, int], Shape] = {}
        """Each layout's playout with each declarer (``_declared``), by (layout, declarer)."""
        self._played: tuple[Any, Drawn | None, dict[tuple[bool, int, int], tuple[float, int]]]
        self._played = (None, None, {})
        """The last decision's layouts and playouts, by (exact, layout, option): asked again on
        more layouts (a review does), the expert draws and plays out only the new ones."""
        self.overstated: Overstated = OVERSTATED
        """What the values over-state at a table, by kinds (a fit script sets its own)."""
        self.by_part = BY_PART
        """And by the mover's part in the hand (a fit script sets its own)."""

    def over(self, view: RupeesView) -> float:
        """The ₹ the playouts over-state an option for the seat of ``view`` at this table
        (``engine.bots.overstated_at``, and ``by_part`` for his part: ``part_of``); 0 when
        the expert is not told the players."""
        if self.players is None:
            return 0.0
        kinds = overstated_at(self.overstated, self.players, view["seat"])
        return kinds + self.by_part[part_of(view)]

    def over_interval(self, view: RupeesView) -> float:
        """Half the width of the 95% interval of ``over(view)``: its kinds' numbers' mean (as
        though they moved as one) and its part's, in quadrature."""
        kinds = overstated_at(UNSURE, self.players, view["seat"])
        return math.hypot(kinds, BY_PART_UNSURE[part_of(view)])

    def _for_the_table(
        self, view: RupeesView, judged: list[Judged], exact: bool
    ) -> tuple[list[Judged], str]:
        """``judged`` lowered by ``over(view)`` (``engine.bots.lowered``), unless exact (every
        layout played out, the values as they are), and the words for it; untold, as they
        are."""
        if self.players is None:
            return judged, ""
        less = 0.0 if exact else self.over(view)
        moved = lowered(judged, less, self.over_interval(view)) if less else judged
        return moved, f" {for_the_table(less, _thousands, exact=exact)}"

    def choose(self, state: State[Any]) -> Any:
        return self.advise(state).best.action

    def advise(self, state: State[Any], deals: int | None = None, keep: Any = None) -> Advice:
        """Every legal action judged from the mover's view, best first, on ``deals`` layouts
        of the unseen cards (default: as many as ``PLAYS`` allows, within ``LAYOUTS``; in the
        auction, ``DEALS``). Beyond the default, the options clearly worse than the best stop
        being played out, but for ``keep`` (a review's move played): ``judged_on_deals``."""
        seat = state.current_player
        assert seat is not None and seat >= 0, "the expert advises on a player's turn"
        view: RupeesView = state.view(seat)
        if self.players is not None and len(self.players) != view["players"]:
            raise ValueError(
                f"the table has {view['players']} seats, the expert was told of "
                f"{len(self.players)} players: {self.players}"
            )
        legal = state.legal_actions()
        rng = random.Random(f"rupees-expert:{self.seed}:{len(state.history)}")
        if view["phase"] == "bid":
            return self._bid(view, legal, deals or DEALS)
        return self._play(view, legal, rng, deals, keep, len(state.history))

    # -- the play of the hand (and the declarer's discards, trumps and call)
    def _play(
        self,
        view: RupeesView,
        legal: list[Any],
        rng: random.Random,
        deals: int | None,
        keep: Any,
        move: int,
    ) -> Advice:
        seat, noise = view["seat"], noise_at(self.players)
        left = sum(view["hand_sizes"])
        affordable = PLAYS // (len(legal) * left)
        usual = max(LAYOUTS[0], min(LAYOUTS[1], affordable))
        count = deals or usual
        every = max(count, affordable) if noise is None else 0  # random moves: sampled
        # the layouts are drawn one by one from the same seeded stream: more are the same first
        key = (move, json.dumps(view, sort_keys=True))
        if self._played[0] != key:
            self._played = (key, Drawn(view, rng, *self._read(view)), {})
        _, drawn, played = self._played
        found, exact = layouts(view, count, rng, every=every, drawn=drawn)
        same = alike(view, legal)  # cards that play alike are played out once

        def outcome(k: int, i: int) -> tuple[float, int]:
            i = same[i]
            if (exact, k, i) not in played:
                t = found[k].copy()
                if noise is not None:  # the same random moves on a layout for every option
                    t.table = AtRandom(noise, hash((self.seed, move, k)))
                t.do(legal[i])
                t.finish()
                played[exact, k, i] = t.net(seat)
            return played[exact, k, i]

        def takes(_: int, tallies: list[float]) -> str:
            return f"your side takes {_thousands(tallies[1])}"

        race = 0 if exact else usual  # every layout: each option on every one, exact
        judged = judged_on_deals(
            legal, range(len(found)), outcome, takes, keep, first=race, every=exact
        )
        judged, said = self._for_the_table(view, judged, exact)
        best = round(max(j.value for j in judged), -3)
        if best < 0:
            why = f"{LOSES_LEAST}: your side ends about {_thousands(-best)} behind the other side"
        elif best > 0:
            why = f"it leaves your side best off: about {_thousands(best)} ahead of the other "
            why += "side at the end of the hand"
        else:
            why = "it leaves your side best off: about even with the other side at the end of "
            why += "the hand"
        n = len(found)
        deals_said = (
            f"every one of the {n} ways the unseen cards can lie"
            if exact
            else f"{n:,} random deals of the unseen cards"
        )
        more = f"Each choice played out to the end of the hand on {deals_said}{self._as()}."
        more += _set_aside(*(drawn.set_aside(n) if drawn and not exact else (0, 0))) + said
        return _advice(view, judged, why, more, exact, 0 if exact else n)

    def _read(self, view: RupeesView) -> tuple[tuple[float, ...] | None, tuple[float, ...]]:
        """How the layouts read what each seat did before the play: how often its calls and
        trumps are taken for slips (``Told``), and its chance of laying a card aside by the
        basic bot's rule (``Parting``); None and empty: not read (``FIT_CALLS``, ``PART``)."""
        n = view["players"]
        if not FIT_CALLS:
            return None, ()
        return slips_of(self.players, n), parted_of(self.players, n) if PART else ()

    def _as(self) -> str:
        """How the seats are played out, for an advice's detail, when told the players."""
        return "" if self.players is None else f", {played_as(self.players)}"

    # -- the auction
    def _bid(self, view: RupeesView, legal: list[Any], deals: int) -> Advice:
        """Each call valued on layouts of the unseen cards by the rest of the auction called
        (``auction_end``) and the hand played out by its winner at his contract."""
        seat = view["seat"]
        tables = self._laid(view, deals)
        n = len(tables)
        mine = [self._declared(k, seat) for k in range(n)]  # the mover at any contract
        teams = not view["options"]["call_partner"]
        partners = [s for s in _TEAMS[view["players"]][seat] if s != seat] if teams else []
        auction, columns, details = Auction(view, self.players), [], []
        for action in legal:
            column, ends = self._continued(auction, action, n)
            columns.append(column)
            if isinstance(action, Bid):
                made = _rescore(mine, action.amount)[1]
                by = Counter(end[0] for end in ends if end is not None)
                higher = by[seat] - ends.count((seat, action.amount))
                mate = sum(by[s] for s in partners)
                outbid = sum(by.values()) - by[seat] - mate
                goes_on = [f"outbid in {outbid}"] if outbid else []
                goes_on += [f"your partner bids on in {mate}"] if mate else []
                goes_on += [f"you bid on in {higher}"] if higher else []
                detail = f"made in {made:.0%} of {n} deals"
                details.append("; ".join([detail, ", ".join(goes_on)]) if goes_on else detail)
            elif view["standing_bid"] is None:
                bids = sum(end is not None for end in ends)
                details.append(f"another seat bids in {bids} of {n} deals, else a new deal")
            else:
                bidder, amount = view["standing_bid"]["bidder"], view["standing_bid"]["amount"]
                made = _rescore([self._declared(k, bidder) for k in range(n)], amount)[1]
                detail = f"seat {bidder} plays {rupees(amount)}, made in {made:.0%}"
                on = n - ends.count((bidder, amount))
                details.append(f"{detail}; the auction goes on in {on}" if on else detail)
        judged = judged_on_deals(
            legal, range(n), lambda k, i: (columns[i][k],), lambda i, _: details[i]
        )
        judged, said = self._for_the_table(view, judged, False)
        best = max(judged, key=lambda j: j.value).action
        takes = sum(shape[4] for shape in mine) / n
        more = (
            f"As declarer your side would take about {_thousands(takes)} "
            f"({n} simulated deals of the other cards{self._as()}). Each call is played on: "
            "the other seats call on as they play, the hand is played out by the winner of "
            "the auction at his contract."
        )
        assert self._dealt[1] is not None
        more += _set_aside(*self._dealt[1].set_aside(n)) + said
        low = next((a for a in legal if isinstance(a, Bid)), None)
        if isinstance(best, Bid):
            made = _rescore(mine, best.amount)[1]
            why = f"as declarer you make it in {made:.0%} of the simulated deals"
        elif low is not None:
            made = _rescore(mine, low.amount)[1]
            why = f"even the lowest bid, {rupees(low.amount)}, is made in only {made:.0%} of "
            why += "the simulated deals"
        else:
            why = "you cannot bid more here"
        return _advice(view, judged, why, more, False, n)

    def _continued(
        self, auction: Auction, call: Any, n: int
    ) -> tuple[list[float], list[tuple[int, int] | None]]:
        """``call``'s value for the mover on each of the first ``n`` layouts (``_laid``): the
        rest of the auction called (``auction``, the random calls from a stream seeded by
        the layout, the same for every call), the hand played out by its winner at his
        contract (a new deal, 0); and where each auction ended."""
        hand, strengths = self._hand, self._strengths
        streams = self._streams
        if noise_at(self.players) is not None:
            streams += [Stream(hash((self.seed, *hand[:3], k, -1))) for k in range(len(streams), n)]
        values, ends = [], []
        for k in range(n):
            end = auction.end(call, strengths[k], streams[k].again() if streams else None)
            ends.append(end)
            if end is None:
                values.append(0.0)
            else:
                made, lost, less, scored, _ = self._declared(k, end[0])
                contract = end[1]
                values.append(made if contract <= scored else lost - less * (contract - scored - 1))
        return values, ends

    def _laid(self, view: RupeesView, deals: int) -> list[HandPlayout]:
        """The first ``deals`` layouts of this decision's unseen cards (fitted to the calls so
        far: drawn again when a call is made), kept with their playouts (``_declared``): the
        same first ones whatever the count."""
        hand = (
            view["hand_no"],
            view["dealer"],
            view["seat"],
            tuple(view["hand"]),
            tuple(tuple(c) for c in view["calls"]),
            self.players,
        )
        if self._dealt[0] != hand:  # seeded by the hand and the calls, whoever is seated
            rng = random.Random(f"rupees-expert:{self.seed}:{hand[:5]}")
            self._dealt = (hand, Drawn(view, rng, *self._read(view)))
            self._auction, self._strengths, self._streams, self._hand = {}, [], [], hand
        drawn = self._dealt[1]
        assert drawn is not None
        tables, _ = layouts(view, deals, drawn.rng, drawn=drawn)
        for table in tables[len(self._strengths) :]:
            self._strengths.append([strength_of(tally(h)) for h in table.hands])
        return tables[:deals]

    def _declared(self, k: int, declarer: int) -> Shape:
        """The ``Shape`` for the mover of layout ``k`` (``_laid``) played out with
        ``declarer`` taking the widow, discarding, naming trumps by the basic bot's rules
        (each seat as its player plays, when told the players: the same random moves on a
        layout whoever declares); played once and kept."""
        if (k, declarer) not in self._auction:
            drawn = self._dealt[1]
            assert drawn is not None
            hand, noise = self._hand, noise_at(self.players)
            table = drawn.tables[k].copy()
            if noise is not None:
                table.table = AtRandom(noise, hash((self.seed, *hand[:3], k)))
            table.declare(declarer, table.widow, 0)
            table.finish()
            self._auction[k, declarer] = _shape(table, hand[2])
        return self._auction[k, declarer]


class Draws(Protocol):
    """Where random calls come from: ``random.Random``, or a ``Stream``."""

    def random(self) -> float: ...


class Stream:
    """Uniform draws from a generator seeded by a layout, kept: read from the start again for
    each call valued (``again``), so every call meets the same random calls on the layout."""

    __slots__ = ("at", "draws", "rng")

    def __init__(self, seed: int) -> None:
        self.rng, self.draws, self.at = random.Random(seed), list[float](), 0

    def again(self) -> Stream:
        self.at = 0
        return self

    def random(self) -> float:
        if self.at == len(self.draws):
            self.draws.append(self.rng.random())
        self.at += 1
        return self.draws[self.at - 1]


class Auction:
    """The rest of ``view``'s auction as the playouts call it (``end``), each seat as its
    player (``players``; None: every seat as the basic bot), the mover's own later calls too:

    - the basic bot, and an expert: the opener who must bid bids the lowest bid; otherwise a
      pass when its partner holds the bid (teams), else the lowest bid iff its hand's
      ``hand_strength`` reaches it (``BasicBot``);
    - a random bot: the lowest bid or a pass, evenly (``RandomBot``);
    - a human (``NOISE``): one call in four any legal call, each as likely, else as the basic
      bot (``NoisyBot``)."""

    def __init__(self, view: RupeesView, players: Sequence[str] | None) -> None:
        n, setup = view["players"], SETUPS[view["players"]]
        self.n, self.opening, self.top = n, setup.opening, setup.top_bid
        self.may_pass = view["options"]["opener_may_pass"]
        teams = not view["options"]["call_partner"]
        self.mates = [_TEAMS[n][s] if teams else () for s in range(n)]
        self.live = [s not in view["passed"] for s in range(n)]
        standing = view["standing_bid"]
        self.high = (standing["bidder"], standing["amount"]) if standing else (-1, 0)
        self.seat = view["seat"]
        kinds = tuple(players) if players is not None else ("basic",) * n
        self.at_random = [kind == "random" for kind in kinds]
        self.chance = noise_at(players) or (0.0,) * n

    def end(self, call: Any, strengths: Sequence[int], rng: Draws | None) -> tuple[int, int] | None:
        """The declarer and contract the auction comes to after the mover's ``call`` (a
        ``Bid`` or a ``Pass``; None: every seat passed, a new deal), from each seat's
        ``hand_strength`` (``strengths``), the random calls drawn from ``rng`` (None: no seat
        calls at random). Whole numbers compared only: the expert asks it for every call on
        every layout."""
        n, opening, top, may_pass = self.n, self.opening, self.top, self.may_pass
        live = self.live[:]
        left = sum(live)
        holder, high = self.high
        seat, bid = self.seat, call.amount if isinstance(call, Bid) else 0
        while True:
            if bid:
                holder, high = seat, bid
            else:
                live[seat] = False
                left -= 1
            if not left:
                return None
            if left == 1 and high:
                return holder, high
            seat = (seat + 1) % n
            while not live[seat]:
                seat = (seat + 1) % n
            low = high + RAISE if high else opening
            bids = (top - low) // STEP + 1 if low <= top else 0
            must = not high and not may_pass
            if self.at_random[seat]:
                assert rng is not None, "a random seat's calls are drawn"
                bid = low if bids and (must or rng.random() < 0.5) else 0
                continue
            chance = self.chance[seat]
            if chance:
                assert rng is not None, "a human's calls are drawn"
                if rng.random() < chance:
                    pick = int(rng.random() * (bids + (not must)))
                    bid = low + STEP * pick if pick < bids else 0
                    continue
            if must:
                bid = low
            elif high and holder in self.mates[seat]:
                bid = 0  # let the partner play it
            else:
                bid = low if bids and strengths[seat] >= low else 0


def auction_end(
    view: RupeesView,
    call: Any,
    strengths: Sequence[int],
    players: Sequence[str] | None,
    rng: Draws | None,
) -> tuple[int, int] | None:
    """The declarer and contract ``view``'s auction comes to after the mover's ``call``, each
    seat calling as its player does (``Auction``)."""
    return Auction(view, players).end(call, strengths, rng)


Shape = tuple[float, float, float, int, int]
"""How a played-out deal scores for a seat at any contract: its result when made, when lost by
a rupee, less per rupee lost by more; the capture that counts for the contract in the score,
and the one ``made`` counts."""


def _shape(table: HandPlayout, seat: int) -> Shape:
    """``Shape`` of a played-out table for ``seat``. Made, the result does not depend on the
    contract; lost, it falls by the same for each rupee of contract: two contracts give it."""
    assert table.declarer is not None
    captured = table.captured[:]
    if table.to_last:
        captured[table.last] += money_of(table.discards)
    side = side_of(table.declarer, table.players, table.call_partner, table.declarer, table.partner)
    scored = sum(captured[s] for s in side)
    results = []
    for contract in (0, scored + 1, scored + 2):
        table.contract = contract
        results.append(table.net(seat)[0])
    made, lost, further = results
    return made, lost, lost - further, scored, sum(table.captured[s] for s in side)


def _rescore(shapes: Sequence[Shape], contract: int) -> tuple[list[float], float]:
    """The played-out deals (their ``shapes``) scored at ``contract``: the result for the
    seat's side on each, and how often the declarer makes it (a bid weighs dozens of contracts
    on the same deals)."""
    values = [
        made if contract <= scored else lost - less * (contract - scored - 1)
        for made, lost, less, scored, _ in shapes
    ]
    return values, sum(reached >= contract for *_, reached in shapes) / len(shapes)


def _drawn(count: int) -> str:
    return "was drawn" if count == 1 else "were drawn"


def _set_aside(alone: int, nothing: int) -> str:
    """What the advice says of the layouts drawn to fit the declarer's calls and trumps
    ``alone`` and of those drawn as though ``nothing`` was told (``MISSES``): nothing if
    none."""
    said = []
    if alone:
        said.append(f"{alone:,} {_drawn(alone)} to fit the declarer's calls and trumps alone")
    if nothing:
        said.append(
            f"{nothing:,} {'' if alone else _drawn(nothing) + ' '}as though they had told nothing"
        )
    if not said:
        return ""
    return (
        " Hardly any deal fits what the other seats' calls and trumps told here, so of these "
        f"deals {' and '.join(said)}."
    )


def _thousands(amount: float) -> str:
    """``₹12,000``: an amount to the nearest thousand."""
    return rupees(int(round(amount, -3)))


PARTS = ("auction", "declarer", "partner", "defender")
"""The parts a seat plays in a hand (``part_of``); the first, the auction, is ``BY_PART``'s 0."""


def part_of(view: RupeesView) -> str:
    """The seat's part in the hand, as he knows it (``BY_PART``): the auction (no declarer
    yet), the declarer, his partner, a defender. With ``call_partner`` the partner is the seat
    that holds (or played) the called card, and knows it; every other seat defends."""
    seat, declarer = view["seat"], view["declarer"]
    if declarer is None:
        return "auction"
    if seat == declarer:
        return "declarer"
    if view["options"]["call_partner"]:
        mine = view["partner"] == seat or view["called"] in view["hand"]
    else:
        mine = seat in _TEAMS[view["players"]][declarer]
    return "partner" if mine else "defender"


def _advice(
    view: RupeesView, judged: list[Judged], why: str, more: str, exact: bool, deals: int
) -> Advice:
    """The advice, with what the seat's side is ahead in the game so far (``held``)."""
    seat, scores = view["seat"], view["scores"]
    if view["options"]["call_partner"]:
        others = [s for s in range(view["players"]) if s != seat]
    else:
        others = [s for s in range(view["players"]) if s not in _TEAMS[view["players"]][seat]]
    held = scores[seat] - sum(scores[s] for s in others) / len(others)
    return Advice(
        seat,
        tuple(judged),
        MEASURE,
        why,
        COSTLY,
        exact=exact,
        unit=UNIT,
        deals=deals,
        more=more,
        held=held,
        holding="your side's lead at the end of the hand (₹, expected)",
    )
