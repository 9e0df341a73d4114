"""India's ``expert`` bot: every legal move played out to the end of its throw, in every way the
rest of the dice allow, and judged by the chance to win the race it leaves.

- When every piece still out stands on a red path, nothing can touch the race any more, and
  the chance is **exact** (``race_chances``: all 36 throws, turn by turn, lost turns, rethrows
  after doubles and the exact count into the centre included).
- Otherwise it is **learned** (``engine.india.value``): the race estimate (the turns each seat
  still needs, from its squares to go, corner pieces, exact hitting throws, blockades and the
  exact count at the end) made a chance by a small network fitted to the winners of self-play
  games between experts, so that it holds: of the positions shown as 30% to win, about 30 in
  100 are won (``benchmarks/india_calibration.py`` measures it on fresh games).

The learned value misjudges single positions by about the costly line, both ways (a capture
valued 4.8 points that experts win 17 more games in 100 by; issue 35 in
``benchmarks/README.md``). So the review looks again where the value's loss lies within
``UNSURE`` of the line (``Advice.unsure``, ``engine.review.settled``): each move's finish played
on ``PLAY_ON`` throws, every thrower finishing each throw the way the value likes best, on
seeded streams of dice the same for every move, and the value of where that leaves the game
averaged (``advise`` with ``deals``; its 95% intervals as for a sampled game). The Hint is the
value's look, and a move it names is never near the line, so never looked at again.

Looking one throw further (the next thrower's 36 throws, each played his best way, the chances
averaged) was tried with the earlier estimate for the moves close to the best: over the same 150
two-player duplicate deals it won 0.603 of the games against basic to the estimate's 0.610, at
25 times the CPU.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any, Protocol

from ..advice import Advice, Judged, judged_on_deals
from ..bots import RandomBot
from ..core import State, replaced
from .board import HOME, ROUTE, ROUTES
from .odds import hitting_throws
from .rules import (
    ALL_HOME,
    ALL_THROWS,
    Enter,
    IndiaState,
    Option,
    Pieces,
    Position,
    dice_left,
    options,
)
from .value import for_players, learned

MEASURE = "chance to win the race"
COSTLY = 0.05
"""Giving up five points of the chance to win is a costly mistake."""
EXACT_STATES = 2000
"""The largest race (a bound of its positions, ``race_size``) solved exactly."""
UNSURE = 0.025
"""How far the learned value may misjudge what a move gives up (in the experts' own games it
errs by about the costly line at single positions, both ways: ``benchmarks/README.md``, issue
35): a move whose loss by the value lies within this of ``COSTLY`` is looked at again by
playing on (``ExpertBot.advise`` with ``deals``), which the review does before marking it."""
PLAY_ON = 16
"""Throws a look by playing on plays from each move's finish, every thrower finishing each
throw the way the learned value likes best, before the value judges where the game stands."""
MOST_PLAYS = 128
"""The most streams of dice a look by playing on uses, however many deals are asked."""
FAR = COSTLY + 2 * UNSURE
"""A move the value finds this much worse than its best is not played on: its loss by the
value stands (beyond the line by more than the value's ``UNSURE``)."""
DISTINCT_THROWS = tuple(((t.a, t.b), 1 if t.doubles else 2) for t in ALL_THROWS if t.a <= t.b)
"""The 21 throws up to order, with how many of the 36 each stands for."""

Chances = tuple[float, ...]
Finish = tuple[Pieces, bool]
"""The pieces at the end of a throw, and whether the same seat throws again."""


class Estimator(Protocol):
    """What values a race that is not exact: ``engine.india.value.Value`` (the learned value,
    the expert's own) or ``Estimate`` (the one learning starts from)."""

    def chances(
        self,
        pieces: Pieces,
        thrower: int,
        sides: tuple[int, ...],
        partners: bool,
        racing: tuple[int, ...],
        players: Sequence[str] | None = None,
    ) -> Chances: ...


@IndiaState.bot
class ExpertBot(RandomBot):
    """Judges every legal move by the chance to win the race it leaves (see the module). It
    reads the pieces, dice and turn from its seat's view (India hides nothing).

    ``players``: the kind of player at each seat (``"expert"``, ``"basic"``, ``"random"``,
    ``"human"``); its chances are then for them (``engine.india.value.PACE``), else for
    experts at every seat."""

    level = "expert"
    most_deals = MOST_PLAYS
    """The most deals (streams of dice) it plays on, however many a review asks for."""

    def __init__(
        self,
        seed: int = 0,
        estimator: Estimator | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        super().__init__(seed)
        self.seed = seed
        self.estimator = estimator or learned()
        self.players = tuple(players) if players is not None else None

    def choose(self, state: State[Any]) -> Any:
        return self.ranked(state)[1][0].option.action

    def ranked(self, state: State[Any]) -> tuple[Race, list[Judgement]]:
        """The table as the expert sees it, and every legal move judged, best first (ties
        keep the legal order)."""
        assert state.current_player is not None, "advice is for a player's move"
        view = state.view(state.current_player)
        pieces = tuple(tuple(m) for m in view["pieces"])
        if self.players is not None and len(self.players) != len(pieces):
            raise ValueError(
                f"the table has {len(pieces)} seats, the expert was told of {len(self.players)} "
                f"players: {self.players}"
            )
        race = Race(pieces, tuple(view["sides"]), view["partners"], self.estimator, self.players)
        seat, dice = view["seat"], tuple(view["dice"])
        doubles = view["thrown"] is not None and view["thrown"][0] == view["thrown"][1]
        judged = [race.judge(seat, o, dice, doubles) for o in race.options(seat, dice)]
        return race, sorted(judged, key=lambda j: -j.value)

    def advise(self, state: State[Any], deals: int | None = None, keep: Any = None) -> Advice:
        """The expert's judgement of the move now due: every legal move, best first. By the
        value (``deals`` None), or, where the value is not exact, by playing on: each move's
        finish played ``PLAY_ON`` throws further on ``deals`` seeded streams of dice (the same
        for every move), the moves clearly worse than the best stopped early but for ``keep``
        (a review's move played: ``judged_on_deals``)."""
        race, ranked = self.ranked(state)
        seat = state.current_player
        assert seat is not None
        if deals and not all(j.exact for j in ranked):
            deals = min(deals, MOST_PLAYS)
            ranked = self.played_on(race, ranked, seat, deals, keep, len(state.history))
            exact = False
        else:
            deals, exact = 0, all(j.exact for j in ranked)
        more = (
            f"Played on: each move's game played {PLAY_ON} throws further on the same {deals} "
            "series of throws of the dice (the games played on), each player finishing his "
            "throws the way the value likes best (the review does so where the value alone is "
            "near the costly line)."
            if deals
            else ""
        )
        return Advice(
            seat,
            tuple(
                Judged(j.option.action, j.value, j.detail(race, seat), *j.intervals) for j in ranked
            ),
            MEASURE,
            why(ranked, race, seat),
            COSTLY,
            exact=exact,
            percent=True,
            deals=deals,
            more=more,
            unsure=0.0 if exact else UNSURE,
            sampled="games played on",
        )

    def played_on(
        self,
        race: Race,
        ranked: list[Judgement],
        seat: int,
        deals: int,
        keep: Any,
        move: int,
    ) -> list[Judgement]:
        """``ranked`` judged again by playing on (``advise``), best first: the moves that
        finish the throw alike share their plays."""
        top = ranked[0].value
        near = [j for j in ranked if top - j.value < FAR or j.option.action == keep]
        finishes = list(dict.fromkeys((j.after, j.next) for j in near))
        kept = next(((j.after, j.next) for j in ranked if j.option.action == keep), None)
        streams = [random.Random(f"india-expert:{self.seed}:{move}:{k}") for k in range(deals)]
        starts = [r.getstate() for r in streams]

        def outcome(k: int, i: int) -> list[float]:
            streams[k].setstate(starts[k])
            after, following = finishes[i]
            return [race.played_on(after, following, seat, PLAY_ON, streams[k])]

        judged = judged_on_deals(finishes, range(deals), outcome, keep=kept, first=1)
        by_finish = dict(zip(finishes, judged, strict=True))
        lowest = min(done.value for done in judged)
        out = []
        for j in ranked:
            done = by_finish.get((j.after, j.next))
            if done is None:  # far behind: the value's loss, below every move played on
                again = Judgement(
                    j.option, j.after, j.next, min(lowest, j.value - top + judged[0].value), False
                )
            else:
                again = Judgement(j.option, j.after, j.next, done.value, False)
                again.intervals = (done.interval, done.loss_interval)
            out.append(again)
        return sorted(out, key=lambda j: -j.value)


class Judgement:
    """A move, the best way to finish its throw after it (the pieces then and the seat to
    throw next) and the chance to win that leaves, exact or estimated."""

    __slots__ = ("after", "exact", "intervals", "next", "option", "value")

    def __init__(self, option: Option, after: Pieces, next: int, value: float, exact: bool):
        self.option, self.after, self.next = option, after, next
        self.value, self.exact = value, exact
        self.intervals = (0.0, 0.0)
        """Half the widths of the 95% intervals of the value and of its loss (played on)."""

    def detail(self, race: Race, seat: int) -> str:
        """What the move does, and the worst risk it leaves."""
        o, words = self.option, []
        if o.captured is not None:
            words.append("captures")
        elif isinstance(o.action, Enter):
            words.append("enters")
        if HOME in o.pieces[seat] and o.pieces[seat].count(HOME) > race.pieces[seat].count(HOME):
            words.append("reaches the centre")
        risk = race.worst_risk(self.after, seat, self.next)
        if risk:
            words.append(risk)
        if self.exact:
            words.append("exact")
        return "; ".join(words)


class Race:
    """The table as the expert sees it at one decision, with the values it has worked out."""

    def __init__(
        self,
        pieces: Pieces,
        sides: tuple[int, ...],
        partners: bool,
        estimator: Estimator,
        players: Sequence[str] | None = None,
    ) -> None:
        self.pieces, self.sides, self.partners, self.estimator = pieces, sides, partners, estimator
        self.players = players
        """Each seat's kind of player (``ExpertBot.players``), None for experts."""
        self.n = len(pieces)
        self.out = tuple(s for s in range(self.n) if any(p != HOME for p in pieces[s]))
        """The seats still racing (the others are home: play on for places)."""
        self._values: dict[tuple[Pieces, int], tuple[Chances, bool]] = {}

    def options(self, seat: int, dice: tuple[int, ...]) -> tuple[Option, ...]:
        return options(self.pieces, seat, dice, self.sides, self.partners)

    # -- a throw

    def judge(self, seat: int, o: Option, dice: tuple[int, ...], doubles: bool) -> Judgement:
        """Move ``o`` and the best way to finish the throw after it."""
        after, following, chances, exact = self.best_finish(
            o.pieces, seat, dice_left(dice, o.used), doubles
        )
        return Judgement(o, after, following, chances[seat], exact)

    def best_finish(
        self, pieces: Pieces, seat: int, dice: tuple[int, ...], doubles: bool
    ) -> tuple[Pieces, int, Chances, bool]:
        """The way to finish ``seat``'s throw from ``pieces`` best for it by the value (the
        first of equals): the pieces then, the seat to throw next, the chances and whether
        they are exact."""
        best: tuple[Pieces, int, Chances, bool] | None = None
        for after, again in self.finishes(pieces, seat, dice, doubles):
            following = seat if again else self.next_seat(after, seat)
            chances, exact = self.value(after, following)
            if best is None or chances[seat] > best[2][seat]:
                best = (after, following, chances, exact)
        assert best is not None
        return best

    def played_on(
        self, pieces: Pieces, thrower: int, seat: int, throws: int, rng: random.Random
    ) -> float:
        """``seat``'s chance to win after ``throws`` more throws from ``pieces`` (``thrower``
        to throw), each thrower finishing each throw the way best for him by the value, the
        dice from ``rng``; sooner when the race is decided or exact."""
        for _ in range(throws):
            if self.decided(pieces) is not None or untouchable(pieces):
                break
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            pieces, thrower, _, _ = self.best_finish(pieces, thrower, (a, b), a == b)
        return self.value(pieces, thrower)[0][seat]

    def finishes(
        self, pieces: Pieces, seat: int, dice: tuple[int, ...], doubles: bool
    ) -> list[Finish]:
        """Every way to finish a throw of ``seat`` from ``pieces`` with ``dice`` still to use,
        each once: the pieces at the end, and whether the seat throws again (doubles used
        completely, the seat not home)."""
        return list(_finishes(pieces, seat, dice, doubles, self.sides, self.partners).items())

    def next_seat(self, pieces: Pieces, seat: int) -> int:
        """The seat to throw after ``seat``'s turn: the next to the left with pieces out."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if pieces[s] != ALL_HOME:
                return s
        return seat

    # -- values

    def value(self, pieces: Pieces, thrower: int) -> tuple[Chances, bool]:
        """Each seat's chance to win the race from ``pieces`` with ``thrower`` to throw, and
        whether it is exact (the race decided, or untouchable and small enough to solve)."""
        key = (pieces, thrower)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(pieces, thrower)
        return found

    def _value(self, pieces: Pieces, thrower: int) -> tuple[Chances, bool]:
        decided = self.decided(pieces)
        if decided is not None:
            return decided, True
        if not self.partners and untouchable(pieces) and race_size(pieces) <= EXACT_STATES:
            chances, exact = race_chances(pieces, thrower), True
        else:
            chances, exact = (
                self.estimator.chances(
                    pieces, thrower, self.sides, self.partners, self.out, self.players
                ),
                False,
            )
        corrected = tuple(for_players(chances, self.players))
        return corrected, exact and corrected == chances

    def decided(self, pieces: Pieces) -> Chances | None:
        """1 for the winners when the race is over (the first seat still racing to bring all
        four home; both partners home in Partnership India), else None."""
        if self.partners:
            for s in (0, 1):
                if pieces[s] == ALL_HOME and pieces[s + 2] == ALL_HOME:
                    return tuple(1.0 if t % 2 == s else 0.0 for t in range(self.n))
            return None
        for s in self.out:
            if pieces[s] == ALL_HOME:
                return tuple(1.0 if t == s else 0.0 for t in range(self.n))
        return None

    def worst_risk(self, pieces: Pieces, seat: int, thrower: int) -> str:
        """The most exposed piece of ``seat`` before it throws again, in words ("" if none)."""
        if thrower == seat:
            return ""
        board = Position(pieces, self.sides, self.partners)
        worst = max((_hits(board, seat, p) for p in set(pieces[seat])), default=0)
        if not worst:
            return ""
        others = sum(1 for o in range(self.n) if not board.friendly(seat, o))
        if others == 1:
            return f"a piece hit by {worst} throws in 36"
        return f"a piece {100 * worst / 36**others:.0f}% to be hit"


@lru_cache(maxsize=50_000)
def _finishes(
    pieces: Pieces,
    seat: int,
    dice: tuple[int, ...],
    doubles: bool,
    sides: tuple[int, ...],
    partners: bool,
) -> dict[Pieces, bool]:
    """``Race.finishes`` as a mapping (remembered: games meet the same throws again)."""
    if not dice or pieces[seat] == ALL_HOME:
        return {pieces: doubles and not dice and pieces[seat] != ALL_HOME}
    moves = options(pieces, seat, dice, sides, partners)
    if not moves:
        return {pieces: False}
    out: dict[Pieces, bool] = {}
    for o in moves:
        out.update(_finishes(o.pieces, seat, dice_left(dice, o.used), doubles, sides, partners))
    return out


def _hits(board: Position, seat: int, p: int) -> int:
    """``hitting_throws`` of a piece, none for a piece in a blockade (no one may land on it)."""
    q = ROUTES[board.sides[seat]][p] if 0 <= p <= ROUTE else None
    if q is None or q in board.blockades:
        return 0
    return hitting_throws(board, seat, p)


# ---------------------------------------------------------------- the exact race


def untouchable(pieces: Pieces) -> bool:
    """Whether nothing can touch the race: every piece out stands on a red path."""
    return all(p > ROUTE for m in pieces for p in m)


def race_size(pieces: Pieces) -> int:
    """A bound of the positions a race can pass through: each piece's places still ahead."""
    return math.prod(HOME - p + 1 for m in pieces for p in m)


def race_chances(pieces: Pieces, thrower: int) -> Chances:
    """Each seat's exact chance to be first home of the seats still racing, every piece out on
    a red path, ``thrower`` to throw; each seat finishes each throw the way best for itself."""
    if not untouchable(pieces):
        raise ValueError("an exact race needs every piece out on a red path")
    return _race(tuple(tuple(sorted(m)) for m in pieces))[thrower]


@lru_cache(maxsize=100_000)
def _race(pieces: Pieces) -> dict[int, Chances]:
    """``race_chances`` for each seat to throw, each seat's pieces in order (which piece is
    where does not matter to a race). A seat's turn either changes its pieces (a smaller race,
    solved first) or is lost (no move fits); round the table, the lost turns come back to the
    same position: ``V_k = C_k + s_k V_next``, solved for the whole round."""
    n = len(pieces)
    out = [s for s in range(n) if pieces[s] != ALL_HOME]
    moved: dict[int, list[float]] = {}
    lost: dict[int, float] = {}
    for k, seat in enumerate(out):
        following = out[(k + 1) % len(out)]
        total, stuck = [0.0] * n, 0
        for dice, ways in DISTINCT_THROWS:
            ends = _red_finishes(pieces[seat], dice)
            if not ends:  # no move fits: the turn is lost
                stuck += ways
                continue
            best = max(
                (
                    _race_after(pieces, seat, mine, seat if again else following)
                    for mine, again in ends
                ),
                key=lambda c: c[seat],
            )
            for s in range(n):
                total[s] += ways * best[s] / 36
        moved[seat], lost[seat] = total, stuck / 36
    chances: dict[int, Chances] = {}
    for k, seat in enumerate(out):
        acc, carry = [0.0] * n, 1.0
        for j in range(len(out)):
            s = out[(k + j) % len(out)]
            acc = [a + carry * c for a, c in zip(acc, moved[s], strict=True)]
            carry *= lost[s]
        chances[seat] = tuple(a / (1 - carry) for a in acc)
    return chances


def _race_after(pieces: Pieces, seat: int, mine: tuple[int, ...], thrower: int) -> Chances:
    """The race after ``seat``'s throw leaves its pieces at ``mine``."""
    if mine == ALL_HOME:
        return tuple(1.0 if s == seat else 0.0 for s in range(len(pieces)))
    return _race(replaced(pieces, seat, mine))[thrower]


@cache
def _red_finishes(
    mine: tuple[int, ...], dice: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """The ways a throw of ``dice`` can end for a seat whose pieces out are all on its red
    path (``mine``, in order; each way once, its pieces in order) and whether it throws again;
    none when no move fits. Nothing else on the board matters to them: the rules' own moves
    (``_finishes``) with the other seat home."""
    alone = (mine, ALL_HOME)
    ends = _finishes(alone, 0, dice, dice[0] == dice[1], (0, 2), False)
    if alone in ends:
        return ()
    return tuple(dict.fromkeys((tuple(sorted(m[0])), again) for m, again in ends.items()))


# ---------------------------------------------------------------- why


def why(ranked: Sequence[Judgement], race: Race, seat: int) -> str:
    """One line on why the first move is best."""
    best = ranked[0]
    if len(ranked) == 1:
        return "the only legal move"
    # moves that end the throw alike are worth the same: compare with the best different one
    other = next((j for j in ranked[1:] if best.value - j.value >= 0.005), None)
    second = other or ranked[1]
    o = best.option
    odds = f"{100 * best.value:.0f}% to win" + (
        f" against {100 * second.value:.0f}% for the next best"
        if other
        else ", as good as any other move"
    )
    if o.captured is not None:
        victim, k = o.captured
        lost = race.pieces[victim][k] + 1
        return f"capturing sends a piece {lost} squares back to its corner: {odds}"
    if o.pieces[seat].count(HOME) > race.pieces[seat].count(HOME):
        return f"a piece reaches the centre, safe for good: {odds}"
    mine, theirs = (race.worst_risk(j.after, seat, j.next) for j in (best, second))
    if theirs and not mine:
        return f"it leaves no piece open to a hit: {odds}"
    if isinstance(o.action, Enter):
        return f"a new piece enters while the 5 is there: {odds}"
    if not mine and not theirs:
        return f"it gains most in the race: {odds}"
    return f"it gains most in the race at the least risk: {odds}"


__all__ = ["Estimator", "ExpertBot", "race_chances", "untouchable"]
