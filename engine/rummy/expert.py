"""The expert rummy bot: it judges every option in expected points this deal, from its own
seat's view, by the hand it leaves and a drop rule measured on real deals; it plays basic's
moves but where an ablation against basic (200 to 300 duplicate deals each) measured a gain.

The model (``Kept.worth``): a hand of 13 cards after its owner's ``draws`` is worth what such
hands settled at on average in two-player deals between basic bots (least-squares lines over
21,060 turns of 2,000 deals, as ``benchmarks/rummy_drop.py`` fits them): with both lives
``34.3 − 0.70·loose − 1.26·draws + 3.6·jokers``, without them ``−20.9 − 0.11·loose −
1.10·draws + 8.3·jokers + 12.5·pure + 9.5·second`` (loose: the points left out of melds;
jokers: those held, printed or of the wild rank, whether melded or spare: a joker is worth
more than the points it saves now; without both lives only the free ones: a card of the wild
rank that a pure sequence holds as itself (``Kept.tied``) is no joker while the sequence needs
it; pure: the hand holds a pure sequence, the first life; second: a second sequence beside it,
pure or not, so the lives are a card or two away. Without both lives every card counts, and a
point loose costs little (0.11 ± 0.29): what matters is getting the lives). A show is worth
``SHOW_GAIN`` from each other player still in. The fit also tried the cards loose (a number,
not points) and the live outs' share of the unseen cards (``Kept.terms``): with both lives
they took weight from the points loose (a card loose 4.1, a point 0.28), and the expert that
played by that line won 47.7% (44.2% to 51.3%) of 200 duplicate deals against basic, −0.9
points a seat (−4.2 to +2.3), worse than without them; without both lives the cards loose fit
0.09 ± 2.2 a card. The second sequence and the free jokers came in with issue 35: without
them, a set or a second sequence broken beside the pure one was priced at little more than
its points (3.9 ± 4.0 and 3.6 ± 3.6 where the game played on from both discards found the
break clearly costly, +73 ± 31 and +85 ± 39 points, ``benchmarks/rummy_blunders.py``).

- Discarding: each discard is judged by the 13 it keeps; a declare is worth the show when it
  is valid, −80 when it is not. Equal values (the same points kept) go to the 13 with the most
  *live outs* (``live_outs``: unseen cards, copies counted, that make a meld of three with two
  loose cards), then the dearer card gone. Outs as a value, not a tie-break, measured worse.
- Drawing: the open card by the best 13 kept with it; the stock by the hand as it stands. An
  open card that stays loose (a swap for a lower card, no new meld, no lives gained) is valued
  no better than the stock: it shows the opponent a card and gives up a blind draw's chances.
  Ties go to the stock.
- Dropping (the expected-value rule): a drop costs its points for sure (10 first, 30 middle).
  A first hand is worth what first hands settled at when played on: −32 for a ``hopeless`` one
  (no pure sequence, no joker), else ``35.4 − 0.74·loose``, but never below −10
  (``PLAYED_ON``), and ties go to playing on: a first drop past 61 points loose, where the line
  falls below −10, measured against basic on 200 duplicate deals, won 44% of the deals to
  playing on's 50% and no more points (+2.3 a deal against +2.2). Later, playing on is never
  valued below the middle drop: a middle-drop rule (no lives, 50+ points, 6+ draws) measured
  4.9 points a deal worse than basic's never, so the expert plays on.

Told the players seated (``ExpertBot.players``, as the coach tells it: each seat's
``engine.bots.kind_of``), every value but the exact ones (a drop, a wrong show) is lowered by
what such values over-stated at tables of those kinds, a draw's and a discard's apart
(``OVERSTATED``: the lines are basic players' hands, and a beginner's own later play loses
more, weak opponents give away more); every option of a decision moves alike, so they keep
their order: a hand played on is still never valued below a drop (floored as before; ties go
to playing on), a hopeless first hand is still dropped, and a discard's correction stops
short of taking the best hand kept to the ``CAP`` a deal can cost (a wrong show's). So the
expert's choices are those it makes untold, for every kind of mover but one that plays at
random (``UNFLOORED``): his hand played on is valued as he plays it on, with no floor (he drops
or plays on by chance, not when the hand goes bad), so for him a drop can be the best. A human
at the seat advised is valued as one who plays the Hints from here (``YOU``: the expert's
row), and says so (``HINTS_PLAYED``); a human at another seat, as a beginner.

How sure: the lines are fitted, so each value carries the uncertainty of the fit (``FIT``:
the covariance of each line's coefficients in a fit of 2,000 deals, clustered by deal), and so
does each option's loss against the best, which shares most of it (``Estimate``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from engine.advice import Advice, Judged
from engine.bots import (
    HUMAN,
    Overstated,
    RandomBot,
    fitted_kinds,
    fitted_unsure,
    for_the_table,
    overstated_at,
)
from engine.cards import Card
from engine.core import State
from engine.stats import t95

from .actions import Declare, Draw, Drop, Miss
from .bots import arranged, hopeless, sorted_hand
from .cards import RANK_NUMBER, card_cost, is_joker
from .melds import CAP, Arrangement, meld_kind
from .odds import cards_in, unseen_cards
from .rules import WRONG_SHOW, RummyState
from .view import RummyView

SHOW_GAIN = 30
"""What a show collects from each other player still in, on average."""
NOT_YET = 1.0
"""A hand not yet a show is worth at least this much less than a show: near a show, the line
(34.3 and 3.6 a joker) would value it above the show's ``SHOW_GAIN``, and the expert then
passed up shows (measured: 44% of the deals won and −2.9 points a deal, 200 duplicate deals,
against 49% and +1.3 with the earlier, lower line)."""
HOPELESS = -32.0
"""What a hopeless first hand settles at when played on (``benchmarks/rummy_drop.py``)."""
FIRST_HAND = (35.4, 0.74)
"""What another first hand settles at when played on: (worth, less per point loose), a fit
over ~2,600 first hands (``benchmarks/rummy_drop.py``). Past 61 points loose the line is below
a first drop's −10, yet such a hand is played on (``PLAYED_ON``)."""
PLAYED_ON = -10.0
"""The least a first hand that is not hopeless is worth played on: where the line says less
(past 61 points loose), the expert measured as well playing on as dropping for 10."""
COSTLY = 5.0
"""A choice that gives up this many expected points is a costly mistake."""

KINDS_FIT = Path(__file__).with_name("kinds.json")
"""The committed output of ``scripts/fit_rummy_kinds.py``: ``OVERSTATED`` and how it was fitted."""


PARTS = ("discard", "draw")
"""The parts of a turn (the view's ``phase``), each corrected by a table of its own."""
OVERSTATED = {part: fitted_kinds(KINDS_FIT, part) for part in PARTS}
"""When the expert is told the players seated: the points the model's value of an option (not
a drop nor a wrong show, which are exact) over-states what the mover makes by the deal's end,
by the part of the turn, the mover's kind and each other seat's kind
(``OVERSTATED[part][mover][other]``, the mean over the other seats taken), fitted at mixed
tables (``scripts/fit_rummy_kinds.py``, ``kinds.json``). It is taken off every such option of a
decision alike. The parts apart: a draw's values (the hand as it stands, or with the open
card) and a discard's (each 13 kept) come from different lines, and with one table for both a
random mover's draws were shown 6 to 20 points more than he made and his discards 12 to 40
less (``benchmarks/README.md``, issue 35, round eleven)."""
UNSURE = {part: fitted_unsure(KINDS_FIT, part) for part in PARTS}
"""Half the width of each ``OVERSTATED`` number's 95% interval (``kinds.json``'s low and high
ends): told the players, a value carries its correction's uncertainty as well as its line's."""
YOU = "expert"
"""Told a human at the seat it advises (a student, or a player it does not know), the kind the
coach values her own play from here as: the Hints' (the expert's ``OVERSTATED`` row), not a
beginner's (``HUMAN``'s row, one move in four at random, which the fit keeps: ``ExpertBot.you``).
Valued as a beginner plays on, a hand among experts or basic bots was worth less than a drop
at two draws in three (every first hand against experts), so the coach would have told a
student to leave nearly every deal, and a student who took it at its word would not be playing
on as a beginner; held at the drop's floor instead, such draws were shown 32 points more than a
beginner made (``benchmarks/README.md``, issue 35, rounds eleven and twelve). Every other
human at the table is still taken for a beginner."""
UNFLOORED = frozenset({"random"})
"""The kinds of mover whose hand played on is valued without the drops' floors (a first hand
never below ``PLAYED_ON``, a later one never below a middle drop): the floors stand for a
mover who plays on by choice, and drops when that is worse; a random bot plays on or drops by
chance, so for him they held up values he did not make (a random mover's draws shown +27 and
+40 points a decision above what he made, ``benchmarks/README.md``, round five). Told such a
mover, the expert's best may be a drop."""
HELD = (
    "Lowered for this table, playing this hand on would be worth less than a drop costs, so"
    " it is shown at the floor a drop sets: the least the expert counts a hand played on (a"
    " drop is a deal not won), and about what such hands made played on as the Hints play"
    " them."
)
"""Told the players, the words when a floor holds the draws' values (a hand played on never
below a drop, the ``UNFLOORED`` kinds' apart): the correction does not move them, and the
value shown is the drop's. Played on as the Hints play them (an expert mover's, so a student's
who plays the Hints: ``YOU``), such draws made what they were shown, +0.48 (−6.14 to +7.14) on
179 of 4,000 deals; a basic bot's, who never drops once he has drawn, 14 points less, and a
beginner's 40 (``benchmarks/README.md``, issue 35, round twelve)."""


HINTS_PLAYED = (
    "Your own play from here is valued as the Hints play it: a beginner who plays otherwise"
    " makes less."
)
"""Told a human at the seat advised, the words that say how her own play is valued (``YOU``)."""


def held(advice: Advice, action: Any) -> bool:
    """Whether ``action`` is a draw whose value a floor holds in ``advice`` (its words say
    ``HELD``): shown at a drop's cost, not moved by the correction."""
    return isinstance(action, Draw) and HELD in advice.more


KEPT_APART = 1.0
"""Told the players, the correction keeps the expert's choice this many points clear of an
exact option on the other side of it: a hopeless first hand stays below the drop (the
correction is an average over every hand, not a measure of hopeless ones), and the best hand
kept above a wrong show."""

WITH_LIVES = (34.3, 0.70, 1.26, 3.6, 0.0, 0.0, 0.0, 0.0)
"""A hand with both lives: the coefficients of ``Kept.terms`` (worth, less per point loose,
less per draw, more per joker; the cards loose, a pure sequence (always there), the live outs
and a second sequence (there too) are not in this line: measured, a line with the cards loose
and the outs played worse)."""
WITHOUT_LIVES = (-20.94, 0.11, 1.10, 8.33, 0.09, 12.52, 0.0, 9.49)
"""A hand without both lives: (worth, less per point loose, less per draw, more per free joker,
less per card loose, more for a pure sequence held (the first life), 0 for the live outs, more
for a second sequence held beside it)."""
FIT_DEALS = 2000
FITTED = f"These values are what hands like it settled at in {FIT_DEALS:,} deals of basic bots."
FIT: dict[str, tuple[tuple[float, ...], ...]] = {
    "lives": (
        (12.0, 0.182, 0.659, -2.92, 0.0, 0.0, 0.0, 0.0),
        (0.182, 0.00452, 0.0108, -0.0287, 0.0, 0.0, 0.0, 0.0),
        (0.659, 0.0108, 0.0715, -0.0602, 0.0, 0.0, 0.0, 0.0),
        (-2.92, -0.0287, -0.0602, 1.41, 0.0, 0.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    ),
    "no lives": (
        (26.0, -0.155, 0.209, -7.47, 3.35, -4.67, 0.0, -1.81),
        (-0.155, 0.0216, 0.0102, 0.0334, -0.145, 0.0248, 0.0, -0.0102),
        (0.209, 0.0102, 0.122, 0.257, -0.0104, 0.357, 0.0, -0.259),
        (-7.47, 0.0334, 0.257, 3.7, -0.699, 1.99, 0.0, -0.232),
        (3.35, -0.145, -0.0104, -0.699, 1.24, -0.207, 0.0, -0.298),
        (-4.67, 0.0248, 0.357, 1.99, -0.207, 10.8, 0.0, -6.5),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        (-1.81, -0.0102, -0.259, -0.232, -0.298, -6.5, 0.0, 10.8),
    ),
    "first": ((5.82, 0.125), (0.125, 0.00272)),
    "table": ((1.0,),),
}
"""The covariance of each line's coefficients ((worth, per point, per draw); the first hand's
(worth, per point)) in the fit of ``benchmarks/rummy_drop.py`` over ``FIT_DEALS`` deals,
clustered by deal: the lines above come from such fits, so their values are that uncertain.
Told the players, the correction taken off is a fit too: its line, ``"table"``, has one
coefficient of variance 1, weighted by the correction's own spread (``Turn.correction``)."""


@dataclass(frozen=True)
class Estimate:
    """A value of the model and how it moves with the fitted coefficients: ``weights`` holds,
    for each line it uses, the multipliers of that line's coefficients. Sums and differences
    of estimates keep them, so a difference's interval counts what the two share once."""

    value: float
    weights: tuple[tuple[str, tuple[float, ...]], ...] = ()

    def __add__(self, other: Estimate) -> Estimate:
        return self._combined(other, 1)

    def __sub__(self, other: Estimate) -> Estimate:
        return self._combined(other, -1)

    def _combined(self, other: Estimate, sign: int) -> Estimate:
        weights = dict(self.weights)
        for line, w in other.weights:
            mine = weights.get(line, (0.0,) * len(w))
            weights[line] = tuple(a + sign * b for a, b in zip(mine, w, strict=True))
        return Estimate(self.value + sign * other.value, tuple(sorted(weights.items())))

    def half_width(self) -> float:
        """Half the width of the 95% interval from the fits' covariance."""
        var = sum(
            a * b * FIT[line][i][j]
            for line, w in self.weights
            for i, a in enumerate(w)
            for j, b in enumerate(w)
        )
        return t95(FIT_DEALS) * math.sqrt(max(var, 0.0))


@dataclass(frozen=True)
class Kept:
    """A hand of 13 cards as the expert sees it: whether it is a show, the points it leaves
    loose, whether it has both lives, and its live outs of the ``unseen`` cards; the jokers
    held, the cards loose, and in its best arrangement whether it holds a pure sequence, a
    second sequence beside it, and how many cards of the wild rank a pure sequence holds as
    themselves (``tied``: no jokers while the sequence needs them)."""

    show: bool
    lives: bool
    loose: int
    outs: int
    unseen: int
    jokers: int = 0
    cards: int = 0
    pure: bool = False
    second: bool = False
    tied: int = 0

    def worth(self, players: int, draws: int) -> float:
        """Expected points this deal (see the module)."""
        return self.estimate(players, draws).value

    def estimate(self, players: int, draws: int) -> Estimate:
        """``worth``, with how it depends on the fitted line."""
        if self.show:
            return Estimate(float(SHOW_GAIN * (players - 1)))
        terms = self.terms(draws)
        line = WITH_LIVES if self.lives else WITHOUT_LIVES
        value = sum(c * x for c, x in zip(line, terms, strict=True))
        below_a_show = SHOW_GAIN * (players - 1) - NOT_YET
        if value > below_a_show:  # a hand still to be drawn to is worth less than a show
            return Estimate(below_a_show)
        return Estimate(value, (("lives" if self.lives else "no lives", terms),))

    def terms(self, draws: int) -> tuple[float, ...]:
        """What each coefficient of its line multiplies: (1, −points loose, −draws, jokers
        (without both lives the free ones, not ``tied``), −cards loose, a pure sequence, the
        share of the unseen cards that are live outs, a second sequence beside the pure)."""
        reach = self.outs / self.unseen if self.unseen else 0.0
        jokers = self.jokers if self.lives else self.jokers - self.tied
        return (
            1.0,
            -self.loose,
            -draws,
            jokers,
            -self.cards,
            float(self.pure),
            reach,
            float(self.second),
        )

    def detail(self) -> str:
        if self.show:
            return "a valid show"
        lives = "both lives" if self.lives else "no lives yet"
        return f"{lives}, {self.loose} loose, {self.outs} of {self.unseen} unseen meld"

    def stay_loose(self) -> str:
        """The points left loose, in words (and the lives, while they are missing)."""
        said = f"{self.loose} points stay loose"
        return said if self.lives else said + ", and you still need both lives"

    def more(self) -> str:
        """The hand kept, in plain words: its lives and its outs."""
        if self.show:
            return "The 13 cards kept meld with both lives."
        lives = (
            "You have both lives (a pure sequence and a second sequence), so only loose "
            "cards count against you."
            if self.lives
            else "You do not have both lives yet (a pure sequence and a second sequence): "
            "until you do, every card counts against you."
        )
        return (
            f"{lives} Of the {self.unseen} cards you have not seen, {self.outs} would make a "
            "new meld with your loose cards."
        )


def jokers_in(cards: Sequence[Card], wild: str) -> int:
    """How many of ``cards`` are jokers (printed, or of the wild rank)."""
    return sum(is_joker(c, wild) for c in cards)


def live_outs(loose: Sequence[Card], wild: str, unseen: Counter[Card]) -> int:
    """How many of the ``unseen`` cards (copies counted) would make a meld of three with two
    of the ``loose`` cards (and spare jokers)."""
    return sum(n for card, n in unseen.items() if n > 0 and melds_with(card, loose, wild))


def melds_with(card: Card, hand: Sequence[Card], wild: str) -> bool:
    """Whether ``card`` makes a meld of three with two cards of ``hand``: a joker with two that
    start a meld; a card two of the hand make a set or a run with (three identical cards with
    three packs); or, with a joker in the hand, a card of its rank or within two of it in its
    suit."""
    if is_joker(card, wild):
        return any(meld_kind([card, a, b], wild) for a, b in combinations(hand, 2))
    rank = RANK_NUMBER[card.rank]
    places = {rank, 14} if rank == 1 else {rank}
    others = {c.suit for c in hand if c.rank == card.rank and c.suit != card.suit}
    in_suit = {RANK_NUMBER[c.rank] for c in hand if c.suit == card.suit and not c.is_joker}
    in_suit |= {14} if 1 in in_suit else set()
    if len(others) >= 2 or sum(c == card for c in hand) >= 2:
        return True
    if any(is_joker(c, wild) for c in hand):
        near = any(0 < abs(q - p) <= 2 for q in in_suit for p in places)
        if others or near:
            return True
    return any({p + a, p + b} <= in_suit for p in places for a, b in ((-2, -1), (-1, 1), (1, 2)))


def kept_after(
    cards: tuple[Card, ...], wild: str, four: bool, unseen: Counter[Card]
) -> dict[Card, Kept]:
    """Each discard of ``cards`` (14, in suit order) and the 13 it keeps. A card loose (or
    spare) in the best arrangement of all 14 leaves exactly that arrangement without it; only
    a melded card needs a search of the 13 it keeps."""
    whole = arranged(cards, wild, four)
    free = [*whole.loose, *whole.spare]
    jokers = jokers_in(cards, wild)
    out: dict[Card, Kept] = {}
    for card in dict.fromkeys(cards):
        held = jokers - is_joker(card, wild)
        if card in free:
            rest = list(free)
            rest.remove(card)
            loose = whole.deadwood - card_cost(card, wild)
            show = whole.lives and loose == 0
            outs = _outs(show, rest, wild, unseen)
            cards_loose = len(whole.loose) - (card in whole.loose)
            pure, second, tied = _sequences(whole, wild)
            out[card] = Kept(show, whole.lives, loose, *outs, held, cards_loose, pure, second, tied)
        else:
            rest = list(cards)
            rest.remove(card)
            out[card] = kept_of(arranged(tuple(rest), wild, four), wild, unseen, held)
    return out


def kept_of(a: Arrangement, wild: str, unseen: Counter[Card], jokers: int) -> Kept:
    free = [*a.loose, *a.spare]
    outs = _outs(a.valid_show, free, wild, unseen)
    pure, second, tied = _sequences(a, wild)
    return Kept(a.valid_show, a.lives, a.deadwood, *outs, jokers, len(a.loose), pure, second, tied)


def _sequences(a: Arrangement, wild: str) -> tuple[bool, bool, int]:
    """Whether the arrangement holds a pure sequence (the first life) and a second sequence
    beside it, and how many cards of the wild rank its pure sequences hold as themselves."""
    pure = [m for m in a.melds if m.kind == "pure"]
    runs = len(pure) + sum(m.kind == "impure" for m in a.melds)
    tied = sum(c.rank == wild and not c.is_joker for m in pure for c in m.cards)
    return bool(pure), bool(pure) and runs >= 2, tied


def _outs(show: bool, free: Sequence[Card], wild: str, unseen: Counter[Card]) -> tuple[int, int]:
    return (0 if show else live_outs(free, wild, unseen)), sum(unseen.values())


@RummyState.bot
class ExpertBot(RandomBot):
    """Judges every option in expected points this deal (see the module) and plays the best."""

    level = "expert"

    def __init__(self, seed: int = 0, players: Sequence[str] | None = None, you: str = YOU) -> None:
        super().__init__(seed)
        self.players = tuple(players) if players is not None else None
        """The kind of player at each seat (``engine.bots.kind_of``): the values are then
        for them (``OVERSTATED``); None: for basic players, as the lines were fitted."""
        self.you = you
        """The kind a human's own play from here is valued as, at the seat advised (``YOU``;
        the fit script's ``HUMAN``: a beginner's, as he plays)."""
        self.overstated: Mapping[str, Overstated] = OVERSTATED
        """What the values over-state at a table, by part of the turn (a fit script sets its
        own)."""

    def choose(self, state: State[Any]) -> Any:
        return self.advise(state).best.action

    def over_interval(self, view: RummyView) -> float:
        """Half the width of the 95% interval of ``over(view)``: the mean of its numbers' (as
        ``UNSURE`` keeps them; taken together, as though they moved as one)."""
        return overstated_at(UNSURE[view["phase"]], self.told(view["seat"]), view["seat"])

    def over(self, view: RummyView) -> float:
        """The points the model over-states an option for the seat of ``view`` at this table:
        the mean over the other seats of ``overstated[the part of the turn][seat's
        kind][their kind]`` (a kind it does not know, a human's); 0 when it is not told the
        players."""
        return overstated_at(self.overstated[view["phase"]], self.told(view["seat"]), view["seat"])

    def told(self, seat: int) -> tuple[str, ...] | None:
        """The players as the values for ``seat`` take them: each seat's kind (``kind``), a
        human's own at ``seat`` taken as ``you``; None when not told."""
        if self.players is None:
            return None
        kinds = [self.kind(s) for s in range(len(self.players))]
        kinds[seat] = self.you if kinds[seat] == HUMAN else kinds[seat]
        return tuple(kinds)

    def kind(self, seat: int) -> str:
        """The kind of player told at ``seat`` as the fit knows them (one it does not know: a
        human)."""
        assert self.players is not None
        kind = self.players[seat]
        return kind if kind in self.overstated[PARTS[0]] else HUMAN

    def advise(self, state: State[Any]) -> Advice:
        """Every legal action judged, best first, from the seat's view only."""
        seat = state.current_player
        assert seat is not None and seat >= 0, "the expert advises on a player's turn"
        view: RummyView = state.view(seat)
        wild = view["wild_rank"]
        assert wild is not None, "the expert plays once the cards are dealt"
        seats = len(view["status"])
        if self.players is not None and len(self.players) != seats:
            raise ValueError(
                f"the table has {seats} seats, the expert was told of "
                f"{len(self.players)} players: {self.players}"
            )
        less = self.over(view)
        told = self.told(seat)
        floored = told is None or told[seat] not in UNFLOORED
        turn = Turn(
            view,
            state.legal_actions(),
            sorted_hand(cards_in(view["hand"])),
            wild,
            view["options"]["four_card_life"],
            unseen_cards(view),
            sum(status == "in" for status in view["status"]),
            view["draws"][seat],
            less,
            self.over_interval(view),
            self.players is not None,
            floored,
        )
        judged, why, held = _draws(turn) if view["phase"] == "draw" else _discards(turn)
        said, more = why(max(judged, key=lambda j: j.value))  # ties: the first given
        more = f"{more} {FITTED}" + (
            f" {for_the_table(less, 'points', 'a drop or a wrong show')}" if turn.told else ""
        )
        more += f" {HELD}" if held and turn.told else ""
        more += f" {HINTS_PLAYED}" if told and told[seat] != self.kind(seat) else ""
        return Advice(
            seat,
            tuple(judged),
            "expected points this deal",
            said,
            COSTLY,
            unit="points",
            more=more,
            holding="your points this deal (expected)",
        )


@dataclass(frozen=True)
class Turn:
    """What the expert decides from: its seat's view, the legal actions, its hand in suit
    order, the wild rank and the four-card-life option, the unseen cards, how many players
    are still in and how many cards it has drawn."""

    view: RummyView
    legal: list[Any]
    hand: tuple[Card, ...]
    wild: str
    four: bool
    unseen: Counter[Card]
    players: int
    draws: int
    less: float = 0.0
    less_interval: float = 0.0
    told: bool = False
    floored: bool = True

    def floor(self, value: float) -> float:
        """``value`` as a floor for a hand played on; no floor for a mover who does not choose
        when to drop (``UNFLOORED``)."""
        return value if self.floored else -math.inf

    def played_on(self, e: Estimate, less: float | None = None) -> Estimate:
        """A hand played on, for the players seated: ``less`` (default: the turn's) taken
        off."""
        return e - self.correction(self.less if less is None else less)

    def correction(self, less: float) -> Estimate:
        """``less`` (all or part of the turn's) as an estimate: the table's fit is as unsure
        of it as ``less_interval`` says of the whole (in proportion, of a part)."""
        if not self.less_interval or not self.less:
            return Estimate(less)
        weight = self.less_interval * less / self.less / t95(FIT_DEALS)
        return Estimate(less, (("table", (weight,)),))


Judge = tuple[list[Judged], Callable[[Judged], tuple[str, str]], bool]
"""The options judged, why the best is best (one short sentence and the detail), and whether a
floor holds the draws' values (``HELD``)."""


def _draws(t: Turn) -> Judge:
    now = kept_of(arranged(t.hand, t.wild, t.four), t.wild, t.unseen, jokers_in(t.hand, t.wild))
    stock = t.played_on(now.estimate(t.players, t.draws + 1))
    if t.draws == 0:  # a first hand is worth what such hands settle at, measured
        base, per_point = FIRST_HAND
        if hopeless(t.hand, t.wild):
            first = Estimate(HOPELESS) - t.correction(t.less)
            dropped = -float(t.view["options"]["first_drop"]) - KEPT_APART
            held = t.told and dropped < first.value
            first = Estimate(dropped) if held else first
        else:
            line = Estimate(base - per_point * now.loose, (("first", (1.0, -now.loose)),))
            played = line - t.correction(t.less)
            held = t.floor(PLAYED_ON) > played.value
            first = _floored(played, t.floor(PLAYED_ON))
        shift = first - stock
    else:  # later, playing on is never valued below a middle drop (dropping measured worse)
        floor = t.floor(-float(t.view["options"]["middle_drop"]))
        held = floor > stock.value
        shift = _floored(stock, floor) - stock
    stock += shift
    rows: list[tuple[Any, Estimate, str]] = []
    opened: list[Any] = []
    for action in t.legal:
        if action == Draw("stock"):
            rows.append((action, stock, now.detail()))
        elif action == Draw("open"):
            top = Card.from_str(t.view["open_pile"][-1])
            cards = sorted_hand([*t.hand, top])
            options = kept_after(cards, t.wild, t.four, t.unseen)
            options.pop(top, None)  # the card taken may not go back at once
            kept = max(options.values(), key=lambda k: (k.worth(t.players, t.draws + 1), -k.loose))
            value = t.played_on(kept.estimate(t.players, t.draws + 1)) + shift
            whole = arranged(cards, t.wild, t.four)
            swap = top in whole.loose or top in whole.spare
            if swap and not (kept.lives and not now.lives) and value.value > stock.value:
                value = stock  # a swap for a lower card: no better than a blind draw
            makes = "gives you both lives" if kept.lives and not now.lives else "makes a meld"
            opened[:] = [makes if not swap else "is lower than a card you hold", kept]
            rows.append((action, value, f"{top} kept: {kept.detail()}"))
        elif action == Drop():
            cost = t.view["options"]["first_drop" if t.draws == 0 else "middle_drop"]
            rows.append((action, Estimate(-float(cost)), f"lose {cost} for sure"))
        else:  # a missed turn keeps the hand as it stands
            assert action == Miss()
            rows.append(
                (action, t.played_on(now.estimate(t.players, t.draws)), "the hand as it stands")
            )
    order = {Draw("stock"): 0, Draw("open"): 1}  # ties: the stock (it shows nothing), a drop last
    rows.sort(key=lambda r: (-r[1].value, order.get(r[0], 2)))
    judged = _judged(rows)

    def why(best: Judged) -> tuple[str, str]:
        if best.action == Drop():
            on = max(j.value for j in judged if j.action != Drop())
            return (
                f"a drop costs {-best.value:.0f} points for sure; playing this hand on is "
                "expected to cost more",
                f"Played on, a hand like this settles at {on:+.1f} points on average. ".replace(
                    "-", "−"
                )
                + now.more(),
            )
        if best.action == Draw("open"):
            top = t.view["open_pile"][-1]
            return (
                f"{top} {opened[0]}; {opened[1].stay_loose()}",
                opened[1].more(),
            )
        pile = t.view["open_pile"]
        return (
            f"the open card {pile[-1]} does not help your melds; {now.loose} points are loose now"
            if pile
            else f"{now.loose} points are loose now",
            now.more(),
        )

    return judged, why, held


def _floored(played_on: Estimate, floor: float) -> Estimate:
    """A hand played on, valued no lower than ``floor``: the drops the lines called for (a
    first drop past 61 points loose, a middle drop) measured worse than playing on, and each
    drop is a deal not won."""
    return Estimate(floor) if floor > played_on.value else played_on


def _discards(t: Turn) -> Judge:
    kept = kept_after(t.hand, t.wild, t.four, t.unseen)
    whole = arranged(t.hand, t.wild, t.four)
    free = {*whole.loose, *whole.spare}
    rows: list[tuple[Any, Estimate, str]] = []
    for action in t.legal:
        k = kept[action.card]
        if isinstance(action, Declare):
            value = k.estimate(t.players, t.draws) if k.show else Estimate(-float(WRONG_SHOW))
            rows.append((action, value, "a valid show" if k.show else "a wrong show"))
        else:  # a show kept back is a hand with nothing loose, not yet a show (so worth less
            # than the show it could have been: ``Kept.estimate``)
            held = replace(k, show=False)
            rows.append((action, held.estimate(t.players, t.draws), held.detail()))
    on = [e.value for a, e, _ in rows if not isinstance(a, Declare) or kept[a.card].show]
    less = min(t.less, max(0.0, max(on) + CAP - KEPT_APART)) if on and t.less > 0 else t.less
    rows = [
        (a, e if isinstance(a, Declare) and not kept[a.card].show else t.played_on(e, less), d)
        for a, e, d in rows
    ]
    # ties (the same points kept): a valid show first, then the 13 with the most live outs,
    # then the dearer card gone, then suit order
    place = {c: i for i, c in enumerate(dict.fromkeys(t.hand))}
    rows.sort(
        key=lambda r: (
            -r[1].value,
            not isinstance(r[0], Declare),
            -kept[r[0].card].outs,
            -card_cost(r[0].card, t.wild),
            place[r[0].card],
        )
    )
    judged = _judged(rows)

    def why(best: Judged) -> tuple[str, str]:
        k = kept[best.action.card]
        if isinstance(best.action, Declare):
            return "the other 13 cards meld with both lives: a valid show", k.more()
        fits = "it fits none of your melds" if best.action.card in free else "it breaks a meld"
        return f"{fits}; {k.stay_loose()}", k.more()

    return judged, why, False


def _judged(rows: Sequence[tuple[Any, Estimate, str]]) -> list[Judged]:
    """The options, best (the first) first, each with the 95% intervals of its value and of
    its loss against the best, from the fits' covariance."""
    best = rows[0][1]
    return [
        Judged(action, e.value, detail, e.half_width(), (best - e).half_width())
        for action, e, detail in rows
    ]
