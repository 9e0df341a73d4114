"""The plates expert: it values every call in expected dollars this round, from its own plate,
the plates shown in earlier rounds and what the others' calls this round reveal, and makes the
best one.

The model, exact under its assumptions (every sum is over all the counts the hidden plates can
hold, nothing is sampled):

- **The plates it cannot see.** For one digit, the other U plates in play hold k_1, ..., k_U of
  it with chance P(S = s) · C(6, k_1) ··· C(6, k_U) / C(6U, s), s = k_1 + ... + k_U: the sum S
  is dealt from the digits it has not seen (``count_in_play_ways``: hypergeometric for a
  balanced deck, binomial for a uniform one), then spread over the 6U places at random.
- **What the others' calls reveal.** The others are taken to call as the basic bot does, each
  judging from its own plate and the plates shown in scored rounds: a player who bids "c d's"
  holds the count of d for which c is its highest even-money count, and no better even-money
  bid on another digit (a lower digit's at most c, a higher digit's at most c - 1); one who
  agrees holds a count for which the bid is at least even money, one who challenges a count for
  which it is not; nobody bids over another player's bid. Each call follows this with chance
  1 - ``SURPRISE`` and is otherwise made whatever the plate, so a call the model does not expect
  never rules a plate out. Bayes' rule weighs each seat's count by the likelihood of its calls.
  Approximation: each call is read one digit at a time (what one bid says of two digits of the
  same plate together is not used), and a player's own plates of cancelled rounds, which only
  he saw, are left out of his judgement.
- **The seats still to answer** answer by the same model, from the counts Bayes' rule gives
  them.
- **The players seated.** Told who sits where (``ExpertBot.players``, as the coach tells it),
  each seat's calls are made at random with its kind's chance (``NOISE``: a random bot
  always, a human one time in four, the bots of the model never): such a call is mostly a
  raise, which wipes the bid and its answers out, and the seat to move is taken to challenge
  the raise as often as it calls as the model's player (``RoundInPlay.raised``).
- **Money.** With sign = +1 if the bid is true and -1 if not: a bid is worth my fine times
  E[challengers x sign]; agreeing the same; challenging -E[(the bidder's fine + the agreers'
  fines) x sign], a fine I cannot see being the mean of the fines not yet seen (fines are dealt
  apart from the digits); cancelling 0. A round where everyone agrees is worth 0 (the bidder
  can always cancel), and every payment is taken in full (a player short of money pays less).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from math import comb
from typing import Any, TypeVar

from ..advice import LOSES_LEAST, Advice, Judged
from ..bots import HUMAN, NOISE, RandomBot, overstated_at
from ..core import State, seats_from_left
from .cards import DIGITS, DIGITS_PER_PLATE, FINES, PER_DIGIT, PER_FINE
from .odds import count_in_play_ways, count_ways, what_seat_knows
from .rules import Agree, Bid, Call, Cancel, Challenge, PlatesState, PlatesView, call_from_words

SURPRISE = 0.05
"""The chance a player's call says nothing about his plate (he is not the model's player)."""
# NOISE (``engine.bots``): when the expert is told the players seated (``ExpertBot.players``),
# the chance that each kind's call is made at random rather than as the model's player makes it
# (a basic bot is the model's player, and an expert is taken as one; a call is still read with
# ``SURPRISE`` at least). A random call is mostly a raise (there are many bids above the
# standing one, one agreement, one challenge), which wipes out the bid and the answers before
# it. A human is taken to call as the model's player three times in four and at random
# otherwise, as ``NoisyBot`` does; ``benchmarks/calibration.py`` checks that.
OVERSTATED: dict[str, dict[str, float]] = {
    "expert": {"expert": 7.08, "basic": 2.3, "random": -8.04, HUMAN: -3.04},
    "basic": {"expert": 3.31, "basic": 2.24, "random": -6.86, HUMAN: 0.59},
    "random": {"expert": 10.34, "basic": 10.78, "random": 0.49, HUMAN: 12.83},
    HUMAN: {"expert": 9.5, "basic": 1.98, "random": -4.41, HUMAN: 2.69},
}
"""When the expert is told the players seated: the dollars the model's value of a call (not a
cancel) still over-states what the mover makes in the round, by the mover's kind and each other
seat's kind (``OVERSTATED[mover][other]``, the mean over the other seats taken), fitted to the
money made at mixed tables (``scripts/fit_plates_kinds.py``: 19,368 calls of 300 games; 95%
intervals ±1 to ±3.5). Experts answer and raise better than the model's basic player (an
expert among experts +7.08), a random mover's own later calls in the round lose money the model
does not count (+10 to +13 among other kinds), and random players give away more than their
raises are taken to (−4 to −8 for the others among them). It is taken off every call but a
cancel alike, so it changes the standing shown, not the order of the bids and answers."""
COSTLY = 10.0
"""A call that gives up this many expected dollars (two of the smallest fines; the fines run
from $5 to $25) is a costly mistake: about a quarter of a basic player's calls
(``benchmarks/review_stability.py``), the ones worth talking over."""
MEASURE = "expected dollars this round"
COUNTS = range(DIGITS_PER_PLATE + 1)
"""How many of one digit a plate can hold."""
PLACES = [comb(DIGITS_PER_PLATE, k) for k in COUNTS]
"""The ways k of a plate's six places hold one digit."""
T = TypeVar("T", int, float)


@lru_cache(maxsize=1024)
def their_judgement(
    plates_in_play: int, digits: str, shown_of_digit: int, shown: int
) -> tuple[tuple[int, ...], tuple[tuple[bool, ...], ...]]:
    """How a player holding k of a digit (k = 0..6) judges bids on it as the basic bot does,
    having seen ``shown`` plates that held ``shown_of_digit`` of it: per k, his highest
    even-money count (0 if none, -1 if no plate of his can hold k), and per k, for each count
    c = 0 .. 6 x plates in play, whether "c of the digit" is at least even money to him."""
    most = DIGITS_PER_PLATE * plates_in_play
    unseen = PER_DIGIT * len(DIGITS) - DIGITS_PER_PLATE * (shown + 1)
    tops, even = [], []
    for k in COUNTS:
        good = PER_DIGIT - shown_of_digit - k
        if digits == "balanced" and good < 0:
            tops.append(-1)
            even.append((False,) * (most + 1))
            continue
        low, ways, every = count_ways(plates_in_play - 1, digits, good, unseen)
        tail = _tails(ways)  # tail[i]: the ways the others hold low + i or more
        row = tuple(2 * tail[min(max(c - k - low, 0), len(ways))] >= every for c in range(most + 1))
        tops.append(max((c for c in range(1, most + 1) if row[c]), default=0))
        even.append(row)
    return tuple(tops), tuple(even)


def _times(a: tuple[float, ...], b: list[float] | list[int]) -> tuple[float, ...]:
    """The product of two polynomials (coefficient lists)."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return tuple(out)


def _tails(pmf: Sequence[T]) -> list[T]:
    """P(X >= n) for n = 0 .. len(pmf), the last 0 (or the ways, in whole numbers)."""
    out: list[Any] = list(accumulate(reversed(pmf), initial=0))
    return out[::-1]


@dataclass(frozen=True)
class DigitOdds:
    """One digit as the seat sees it after Bayes' rule. ``have``: its own count; ``true_from``:
    P(S >= n), S the count on the plates it cannot see; ``seat_true_from[j][k]``: P(seat j
    holds k and S >= n); ``even``: ``their_judgement``'s table (does k make c even money?)."""

    have: int
    true_from: list[float]
    seat_true_from: dict[int, list[list[float]]]
    even: tuple[tuple[bool, ...], ...]
    _rows: dict[tuple[int, ...], list[tuple[int, list[float], tuple[bool, ...]]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Per group of seats, each seat's ``seat_true_from[j][k]`` with ``even[k]``, in turn."""

    def _at(self, count: int) -> int:
        return min(max(count - self.have, 0), len(self.true_from) - 1)

    def true(self, count: int) -> float:
        """The chance there are at least ``count`` of the digit in play."""
        return self.true_from[self._at(count)]

    def sign(self, count: int) -> float:
        """E[sign]: +1 if the bid of ``count`` is true, -1 if not."""
        return 2 * self.true(count) - 1

    def challenged(
        self, seats: list[int], count: int, answers: dict[int, float] | None = None
    ) -> float:
        """E[(how many of ``seats`` challenge a bid of ``count``) x sign]; with ``answers``,
        each seat j answers as the model says with chance ``answers[j]``, else agrees or
        challenges at random, one as likely as the other."""
        group = tuple(seats)
        if group not in self._rows:
            self._rows[group] = [
                (j, tail, even)
                for j in group
                for tail, even in zip(self.seat_true_from[j], self.even, strict=True)
            ]
        n, total = self._at(count), 0.0
        for j, tail, even in self._rows[group]:
            if not even[count]:
                total += (2 * tail[n] - tail[0]) * (answers[j] if answers else 1.0)
        if answers:
            total += sum(1 - answers[j] for j in group) * self.sign(count) / 2
        return total


class RoundInPlay:
    """What one seat knows of the round it must call in: its plate, the plates it has seen, the
    plates shown to all, the others still in, and every call of the round."""

    def __init__(self, view: PlatesView, players: Sequence[str] | None = None) -> None:
        self.me = view["seat"]
        mine, self.in_play, self.digits, self.seen = what_seat_knows(view)
        assert mine is not None, "a seat calls only while it has a plate in play"
        self.mine = mine
        shown = [f["number"] for r in view["rounds"] if not r["cancelled"] for _, f in r["in_play"]]
        self.shown, self.shown_digits = len(shown), Counter("".join(shown))
        self.others = [
            s
            for s in seats_from_left(self.me, view["players"])
            if view["live"][s] and view["stand_sizes"][s]
        ]
        self.piles = self.in_play - 1 - len(self.others)
        self.calls = [(s, call_from_words(w)) for s, w in view["calls"]]
        self.answers = [(s, call_from_words(w)) for s, w in view["answers"]]
        standing = view["standing_bid"]
        self.standing = (
            (standing["bidder"], Bid(standing["count"], standing["digit"])) if standing else None
        )
        fines = Counter({f: PER_FINE for f in FINES})
        fines.subtract(p.fine for p in [mine, *self.seen])
        self.their_fine = sum(f * n for f, n in fines.items()) / fines.total()
        self.players = tuple(players) if players is not None else None
        self.most = DIGITS_PER_PLATE * self.in_play
        self._odds: dict[int, DigitOdds] = {}
        self._above: dict[tuple[int, int], tuple[float, int]] | None = None

    def noise(self, seat: int) -> float:
        """The chance ``seat``'s call is made at random (``NOISE``; 0, every seat the model's
        player, when the players seated are not known)."""
        if self.players is None:
            return 0.0
        return NOISE.get(self.players[seat], NOISE[HUMAN])

    def answering(self, seats: list[int], bid: Bid) -> tuple[float, dict[int, float] | None]:
        """For ``seats`` still to answer ``bid``: the chance none of them raises instead (a
        raise wipes the bid out: the round goes on, ``raised``), and, given that,
        each one's chance to answer as the model says (None: the players are not known, and
        every seat answers as the model says)."""
        if self.players is None or not any(self.noise(j) for j in seats):
            return 1.0, None
        calls = (self.most - bid.count) * len(DIGITS) + (len(DIGITS) - 1 - bid.digit) + 2
        stays, answers = 1.0, {}
        for j in seats:
            r = self.noise(j)
            answers_at_all = 1 - r * (calls - 2) / calls
            stays *= answers_at_all
            answers[j] = (1 - r) / answers_at_all
        return stays, answers

    def raised(self, bid: Bid) -> float:
        """What a random raise over ``bid`` is worth to this seat: the raise is any higher bid,
        each as likely, and this seat is taken to challenge it (as often as it calls as the
        model's player), collecting a fine as often as it is false and paying one when it is
        true (what follows a raise of the raise is left out)."""
        if self._above is None:  # each bid's chance to be true, summed from the top down
            keys = [(c, d) for c in range(1, self.most + 1) for d in DIGITS]
            trues = [self.odds(d).true(c) for c, d in keys]
            sums = list(accumulate(reversed(trues), initial=0.0))[::-1]
            self._above = {k: (sums[i + 1], len(keys) - i - 1) for i, k in enumerate(keys)}
        true, higher = self._above.get(bid.key, (0.0, 0))
        challenges = 1 - self.noise(self.me)  # a seat that calls at random gains nothing
        return challenges * self.their_fine * (1 - 2 * true / higher) if higher else 0.0

    def odds(self, digit: int) -> DigitOdds:
        """The digit's ``DigitOdds``, worked out once."""
        if digit not in self._odds:
            self._odds[digit] = self._work_out(digit)
        return self._odds[digit]

    def _work_out(self, digit: int) -> DigitOdds:
        have, low, ways, _ = count_in_play_ways(
            digit, self.mine, self.in_play, self.digits, self.seen
        )
        places = DIGITS_PER_PLATE * (self.in_play - 1)
        prior = [0.0] * (places + 1)  # P(S = s) / C(6U, s), up to a constant
        for i, w in enumerate(ways):
            prior[low + i] = w / comb(places, low + i)
        tops, even = their_judgement(
            self.in_play, self.digits, self.shown_digits[str(digit)], self.shown
        )
        weight = {
            j: [PLACES[k] * self._likelihood(j, digit, k, tops, even) for k in COUNTS]
            for j in self.others
        }

        lots = DIGITS_PER_PLATE * self.piles  # the piles' digits: s of them in C(lots, s) ways
        spreads: dict[tuple[int, ...], tuple[float, ...]] = {
            (): tuple(float(comb(lots, s)) for s in range(lots + 1))
        }

        def spread(seats: tuple[int, ...]) -> tuple[float, ...]:
            """The piles' and ``seats``' counts together, seat by seat (each product once)."""
            if seats not in spreads:
                spreads[seats] = _times(spread(seats[:-1]), weight[seats[-1]])
            return spreads[seats]

        everyone = spread(tuple(self.others))
        total = sum(everyone[s] * prior[s] for s in range(places + 1))
        true_from = _tails([everyone[s] * prior[s] / total for s in range(places + 1)])
        seat_true_from = {}
        for j in self.others:
            rest = spread(tuple(s for s in self.others if s != j))
            seat_true_from[j] = [
                _tails(
                    [0.0] * k
                    + [w * r * prior[k + i] / total for i, r in enumerate(rest)]
                    + [0.0] * (DIGITS_PER_PLATE - k)
                )
                for k, w in enumerate(weight[j])
            ]
        return DigitOdds(have, true_from, seat_true_from, even)

    def _likelihood(
        self,
        seat: int,
        digit: int,
        k: int,
        tops: tuple[int, ...],
        even: tuple[tuple[bool, ...], ...],
    ) -> float:
        """The chance of ``seat``'s calls this round if he holds ``k`` of ``digit``, up to a
        factor the same for every k."""
        out, bid = 1.0, None
        for s, call in self.calls:
            if isinstance(call, Bid):
                bid = call
            if s != seat:
                continue
            if isinstance(call, Bid):
                if digit == call.digit:
                    says = tops[k] == call.count
                else:
                    says = tops[k] <= call.count - (digit > call.digit)
            elif bid is not None and bid.digit == digit:
                says = even[k][bid.count] == isinstance(call, Agree)
            else:
                continue
            noise = max(SURPRISE, self.noise(seat))
            out *= noise + (1 - noise) * says
        return out

    def value(self, call: Call) -> float:
        """One legal call's value in expected dollars this round: the model's
        (``model_value``) less what it over-states for the players seated (``OVERSTATED``;
        nothing for a cancel, which moves no money, nor when the players are not known)."""
        if isinstance(call, Cancel):
            return 0.0
        return self.model_value(call) - self.overstated()

    def overstated(self) -> float:
        """The dollars the model over-states a call at this table: the mean over the other
        seats of ``OVERSTATED[mover's kind][their kind]``."""
        return overstated_at(OVERSTATED, self.players, self.me)

    def model_value(self, call: Call) -> float:
        """One legal call's value in expected dollars this round by the model alone."""
        if isinstance(call, Cancel):
            return 0.0
        if isinstance(call, Bid):
            stays, answers = self.answering(self.others, call)
            challenged = self.odds(call.digit).challenged(self.others, call.count, answers)
            return self._or_raised(stays, self.mine.fine * challenged, call)
        assert self.standing is not None, "an answer needs a standing bid"
        bidder, bid = self.standing
        odds = self.odds(bid.digit)
        answered = {s for s, _ in self.answers}
        later = [s for s in self.others if s != bidder and s not in answered]
        stays, answers = self.answering(later, bid)
        challengers = sum(isinstance(c, Challenge) for _, c in self.answers)
        sign, challenged = odds.sign(bid.count), odds.challenged(later, bid.count, answers)
        if isinstance(call, Agree):
            return self._or_raised(stays, self.mine.fine * (challengers * sign + challenged), bid)
        payers = 1 + len(self.answers) - challengers + len(later)  # the bidder, the agreers
        return self._or_raised(stays, -self.their_fine * (payers * sign - challenged), bid)

    def _or_raised(self, stays: float, answered: float, bid: Bid) -> float:
        """The value of a call whose bid is answered with chance ``stays`` (then worth
        ``answered``) and otherwise raised at random (``raised``)."""
        return answered if stays == 1 else stays * answered + (1 - stays) * self.raised(bid)

    def judge(self, call: Call) -> Judged:
        """One legal call, valued, with the chance that the bid it makes or answers is true."""
        if isinstance(call, Cancel):
            return Judged(call, 0.0, "no money moves")
        if isinstance(call, Bid):
            bid = call
        else:
            assert self.standing is not None, "an answer needs a standing bid"
            bid = self.standing[1]
        true = self.odds(bid.digit).true(bid.count)
        return Judged(call, self.value(call), f"true {true:.0%}")

    def why(self, options: list[Judged]) -> tuple[str, str]:
        """One short sentence on why the best option is best, and the detail behind it."""
        best = max(options, key=lambda o: o.value)  # the first of equals, as ``Advice`` ranks
        by = "From your plate" + (" and what the others' calls reveal" if self._told() else "")
        by += f", the plates shown so far and {self.in_play - 1} plates you cannot see."
        worth = f"Worth {_dollars(best.value)} on average, the most of any call."
        if isinstance(best.action, Cancel):
            return (
                "the others all agreed, and any higher bid would more likely cost you money",
                "Cancelling moves no money; every bid left is worth less.",
            )
        if isinstance(best.action, Bid):
            true = self.odds(best.action.digit).true(best.action.count)
            if best.value < -0.005:
                return (
                    f"{LOSES_LEAST} ({_dollars(best.value)} on average)",
                    f"It is true {true:.0%} of the time. {by}",
                )
            if best.value < 0.005:
                return (
                    f"nobody is likely to challenge it (true {true:.0%} of the time), "
                    "and no call wins more",
                    f"{by}",
                )
            return (
                f"it is true {true:.0%} of the time, so whoever challenges it likely pays you",
                f"{worth} {by}",
            )
        assert self.standing is not None
        bid = self.standing[1]
        true = self.odds(bid.digit).true(bid.count)
        other = next(o for o in options if type(o.action) is _OTHER[type(best.action)])
        said = (
            f"{bid} is likely true ({true:.0%})"
            if isinstance(best.action, Agree)
            else f"{bid} is likely false (true only {true:.0%} of the time)"
        )
        return (
            said,
            f"{_GERUND[type(best.action)].capitalize()} is worth {_dollars(best.value)} on "
            f"average, {_GERUND[type(other.action)]} {_dollars(other.value)}. {by}",
        )

    def _told(self) -> bool:
        """Has another player called this round?"""
        return any(s != self.me for s, _ in self.calls)


_OTHER = {Agree: Challenge, Challenge: Agree}
_GERUND = {Agree: "agreeing", Challenge: "challenging"}


def _dollars(value: float) -> str:
    return f"{'−' if value < 0 else '+'}${abs(value):.2f}"


@PlatesState.bot
class ExpertBot(RandomBot):
    """Makes the call worth the most expected dollars this round, by the model of the module
    docstring: exact odds from its plate and the plates shown, Bayes' rule on the others'
    calls, the seats still to answer answering as the basic bot does."""

    level = "expert"

    def __init__(self, seed: int = 0, players: Sequence[str] | None = None) -> None:
        super().__init__(seed)
        self.players = tuple(players) if players is not None else None
        """The kind of player at each seat (``engine.bots.kind_of``): the values are then for
        them (``NOISE``); None: every other seat calls as the model's player."""

    def _known(self, view: PlatesView) -> RoundInPlay:
        if self.players is not None and len(self.players) != view["players"]:
            raise ValueError(
                f"the table has {view['players']} seats, the expert was told of "
                f"{len(self.players)} players: {self.players}"
            )
        return RoundInPlay(view, self.players)

    def advise(self, state: State[Any]) -> Advice:
        """Every legal call, valued; the best first."""
        view = _mover_view(state)
        seat = view["seat"]
        known = self._known(view)
        judged = [known.judge(a) for a in state.legal_actions()]
        why, more = known.why(judged)
        return Advice(
            seat,
            tuple(judged),
            MEASURE,
            why,
            COSTLY,
            exact=True,
            unit="$",
            more=more,
            held=view["scores"][seat],
            holding="your money at the end of the round ($, expected)",
        )

    def choose(self, state: State[Any]) -> Call:
        """The call ``advise`` ranks first (the first of equals), valued without the words."""
        best: Call = max(state.legal_actions(), key=self._known(_mover_view(state)).value)
        return best


def _mover_view(state: State[Any]) -> PlatesView:
    """What the player to move sees: the expert is asked only in its turn."""
    seat = state.current_player
    assert seat is not None and seat >= 0, "the expert is asked only in its turn"
    view: PlatesView = state.view(seat)
    return view
