"""Strategies play each other on duplicate deals: the same cards and dice are played again with
the seats rotated, so luck cancels and what remains is skill.

>>> t = tournament(["basic", "random"], "india", games=4, players=2, workers=0)
>>> t.standings()[0].name
'basic'

A strategy is a bot level of the game (``"basic"``, ``"expert"``), a class whose objects have
``choose(seat)`` (made with ``seed=`` if its ``__init__`` takes it, else with no arguments): a
lesson's "Try it" scaffold, played in this process, or a class in a student's file
(``strategies_in(folder)``), played only in a process of its own (``classplay.sandbox``) with a
time limit for each decision and a memory limit. Whatever a student's file does, it is a
problem for that strategy only: it forfeits that deal, the problem is named in
``Tournament.problems``, and after ``withdraw_after`` problems it is withdrawn (its remaining
deals forfeited).

The duplicate deals are the unit of work: ``tournament(..., executor=...)`` hands them to any
``concurrent.futures.Executor`` (by default a pool of processes, one per core), a pair's deals
``IN_STEP`` at a time when a student's file plays (played in step, so that its process is
asked once a round for a decision in each), and the results are the same whatever plays them.
A deal's result depends on nothing but the two strategies, its number and the tournament's
``secret``; a strategy is withdrawn at its ``withdraw_after``-th problem in the tournament's
order of deals (pair by pair, deal by deal), however the deals were shared out.
"""

from __future__ import annotations

import inspect
import math
import multiprocessing
import multiprocessing.util
import os
import random
import secrets
import signal
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import CHANCE, IllegalAction, State, make_bot, new_game
from engine.seat import Onlookers, decide, event_data, reads_a_state
from engine.stats import mean_interval, running_intervals, share_interval

from .isolation import available
from .sandbox import Fault, Limits, Sandbox, described, orphaned

"""The two-sided 95% point of the normal distribution."""
MAX_SOURCE = 200_000
"""The longest student's file read (characters)."""


class StrategyError(RuntimeError):
    """A strategy broke in a game played by ``play_deal`` (it raised, or chose an illegal
    action): names it and the deal, so the game can be replayed."""


@dataclass(frozen=True)
class StudentFile:
    """A strategy class in a student's file: played only in a process of its own."""

    file: str
    source: str
    cls: str


@dataclass(frozen=True)
class Entrant:
    """A strategy in a tournament: its name, and how it plays. ``make`` makes a player of this
    process from a seed (a class of this kernel, trusted as the kernel is); otherwise it is an
    engine bot ``level`` or a student's ``file``, which any process can play."""

    name: str
    make: Callable[[int], Any] | None = None
    level: str | None = None
    file: StudentFile | None = None


def entrant(strategy: Any, game: str, name: str | None = None) -> Entrant:
    """A bot level (text), a strategy class, a ``StudentFile`` or an ``Entrant`` as an
    ``Entrant``."""
    if isinstance(strategy, Entrant):
        return strategy
    if isinstance(strategy, str):
        make_bot(game, strategy)  # an unknown level is refused here, before any game
        return Entrant(name or strategy, level=strategy)
    if isinstance(strategy, StudentFile):
        return Entrant(name or f"{Path(strategy.file).stem}:{strategy.cls}", file=strategy)
    if inspect.isclass(strategy) and callable(getattr(strategy, "choose", None)):
        cls: Callable[..., Any] = strategy
        takes_seed = "seed" in inspect.signature(cls).parameters
        return Entrant(name or cls.__name__, lambda seed: cls(seed=seed) if takes_seed else cls())
    raise ValueError(
        f"a strategy is a bot level such as 'basic', a class with choose(seat) or a student's "
        f"file from strategies_in, not {strategy!r:.60}"
    )


def lineups(players: int, duplicate: bool = True) -> list[tuple[int, ...]]:
    """Who sits where, as 0 (the first strategy) or 1 per seat: the two alternate round the
    table. With ``duplicate``, every rotation of that, and of it with the two swapped, so each
    seat is held equally often by each strategy (two lineups at an even table)."""
    base = tuple(s % 2 for s in range(players))
    if not duplicate:
        return [base]
    turned = {base[r:] + base[:r] for r in range(players)}
    return sorted(turned | {tuple(1 - x for x in t) for t in turned})


def chance_of(game: str, deal: int, events: int, secret: str | None = None) -> random.Random:
    """The source of the ``events``-th shuffle or throw of deal ``deal``: the same in every
    lineup. With a ``secret``, nobody who lacks it can work the deal out from its number."""
    where = f"{secret}:{deal}" if secret else f"{deal}"
    return random.Random(f"duplicate:{game}:{where}:{events}")


def play_deal(
    game: str,
    players: Sequence[Any],
    seed: int,
    **options: Any,
) -> State[Any]:
    """One game with ``players[seat]`` at each seat, in this process (engine bots and trusted
    strategies; a strategy is given its Seat). Chance is drawn by the number of chance events
    so far (the k-th shuffle or throw of ``seed``), so every lineup of a duplicate deal gets
    the same cards and dice. A strategy that raises or chooses an illegal action raises
    ``StrategyError``."""
    state = new_game(game, len(players), seed, **options)
    onlookers = None if all(map(reads_a_state, players)) else Onlookers(state)
    events = 0
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            action = state.sample_chance(chance_of(game, seed, events))
            events += 1
        else:
            assert seat is not None
            action = _choice(players[seat], state, seed, onlookers)
        if onlookers:
            onlookers.seen(state, action)
        state = state.apply(action)
    return state


def _choice(player: Any, state: State[Any], seed: int, onlookers: Onlookers | None) -> Any:
    name = type(player).__name__
    try:
        action = decide(player, state, onlookers)
        state.check(action)
    except IllegalAction as refused:
        raise StrategyError(f"{name} chose an illegal action in deal {seed}: {refused}") from None
    except Exception as error:
        raise StrategyError(f"{name} failed in deal {seed}: {error!r}") from error
    return action


# ---------------------------------------------------------------- one duplicate deal


@dataclass(frozen=True)
class Job:
    """One duplicate deal of a tournament: ``first`` and ``second`` on deal number ``deal``,
    every lineup. ``index`` is its place in the tournament's order."""

    index: int
    game: str
    players: int
    options: dict[str, Any]
    duplicate: bool
    first: Entrant
    second: Entrant
    deal: int
    secret: str | None
    limits: Limits


@dataclass(frozen=True)
class Problem:
    """What went wrong with a strategy in a deal: ``what`` happened, in which ``lineup``
    (the list of ``lineups``), ``seat`` and ``move`` (None while loading its file and making
    its players), and the game up to that decision (``game``: a save, for ``engine.from_json``)."""

    name: str
    deal: int
    opponent: str
    what: str
    lineup: int | None = None
    seat: int | None = None
    move: int | None = None
    game: str | None = None

    def line(self) -> str:
        """``deal 7: no answer within 5 s (against basic, seat 2, move 31)``."""
        where = f", seat {self.seat}, move {self.move}" if self.seat is not None else ""
        return f"deal {self.deal}: {self.what} (against {self.opponent}{where})"


@dataclass(frozen=True)
class DealResult:
    """A duplicate deal's result for ``first``: its margin (its mean return per seat less the
    second's, over the lineups) and its share of the wins; a deal a strategy forfeits has no
    margin and a share of 0 for it (1/2 when both forfeit)."""

    index: int
    margin: float | None
    score: float
    problems: tuple[Problem, ...] = ()
    spent: tuple[float, float] = (0.0, 0.0)
    """The seconds each strategy's answers took (a student's file's: its budget's)."""


def play_duplicate(job: Job) -> DealResult:
    """Play ``job``'s deal in every lineup, the lineups in step, so each strategy's process
    is asked for the decisions due in all of them at once. A strategy with a problem
    forfeits the deal; the others play on no further."""
    (result,) = play_duplicates([job])
    assert result is not None
    return result


def play_duplicates(
    jobs: Sequence[Job], withdraw_after: int | None = None
) -> list[DealResult | None]:
    """Play the deals of ``jobs`` (the same two strategies, in the tournament's order) in
    step, every lineup of each, as ``play_duplicate`` plays one: each strategy's process is
    asked at once for the decisions due in all of them, so a round of questions costs one
    message each way, not one per game. Each deal is played as it would be alone (its own
    players, made from a fresh run of the file, and its own random numbers); a deal in play
    when a strategy's process failed in another deal's decision is played again from the
    start. With ``withdraw_after``, a deal after a strategy's ``withdraw_after``-th problem
    among these is not played (None): the tournament has withdrawn the strategy by then."""
    return _Deals(jobs, withdraw_after).play()


_HERE = threading.local()
"""``boxes``: this thread's sandboxes, the most recently used last (an executor of threads
plays deals at once: each thread asks its own)."""
KEEP = 32
"""The most sandboxes a process keeps between deals (about 21 MB each): a class's every
student, so that no student's process is started again for each of its opponents."""
IN_STEP = 10
"""The most deals of a pair played in step (``play_duplicates``) when a student's file plays."""


def _sandbox(file: StudentFile, limits: Limits, game: str) -> Sandbox:
    boxes = _sandboxes()
    key = (file, limits)
    box = boxes.pop(key, None) or Sandbox(limits, (game,))
    boxes[key] = box
    while len(boxes) > KEEP:
        boxes.popitem(last=False)[1].kill()
    return box


def _sandboxes() -> OrderedDict[tuple[StudentFile, Limits], Sandbox]:
    if not hasattr(_HERE, "boxes"):
        _HERE.boxes = OrderedDict()
    boxes: OrderedDict[tuple[StudentFile, Limits], Sandbox] = _HERE.boxes
    return boxes


class _Deals:
    """Duplicate deals of two strategies in progress, in step. A round plays the deals left
    (by their place ``d`` in ``jobs``), a game ``g`` per deal and lineup; a deal ends with a
    result, a problem, or (when a process failed while it was in play) is played again in the
    next round."""

    def __init__(self, jobs: Sequence[Job], withdraw_after: int | None) -> None:
        job = jobs[0]
        self.jobs, self.after = list(jobs), withdraw_after
        self.sides = (job.first, job.second)
        self.ups = lineups(job.players, job.duplicate)
        self.boxes = {
            who: _sandbox(e.file, job.limits, job.game)
            for who, e in enumerate(self.sides)
            if e.file
        }
        self.problems: list[list[Problem]] = [[] for _ in jobs]
        self.spent: list[list[float]] = [[0.0, 0.0] for _ in jobs]
        self.results: list[DealResult | None] = [None] * len(jobs)
        self.games: list[tuple[int, int]] = []
        """This round's games: (deal, lineup)."""
        self.states: list[State[Any]] = []
        self.onlookers: list[Onlookers] = []
        self.chances: list[int] = []
        """This round's games as they stand, their events, and their chance events so far."""
        self.told: dict[tuple[int, int], int] = {}
        """How many events each seat's sandbox was sent this round, by (game, seat)."""
        self.legal: dict[int, list[Any]] = {}
        """Each game's legal actions, as asked about."""
        self.dead: set[int] = set()
        """The sides whose sandbox failed this round."""

    def play(self) -> list[DealResult | None]:
        every = range(len(self.jobs))
        while left := [d for d in every if self.results[d] is None and not self._aside(d)]:
            self._round(left)  # each round ends one deal at least
        for box in self.boxes.values():
            if box.process is not None:
                box.send({"do": "rest"})  # its seats' processes end: only the template waits
        return [None if self._aside(d) else r for d, r in enumerate(self.results)]

    def _aside(self, d: int) -> bool:
        """Whether deal ``d`` comes after a strategy's ``withdraw_after``-th problem among
        these deals (counted as the tournament counts them: a deal set aside counts none)."""
        if self.after is None:
            return False
        counts = dict.fromkeys((s.name for s in self.sides), 0)
        for e in range(d + 1):
            if max(counts.values()) >= self.after:
                if e == d:
                    return True
                continue
            for name in {p.name for p in self.problems[e]}:
                counts[name] += 1
        return False

    def _round(self, deals: list[int]) -> None:
        """Play ``deals`` in step until each ends or a sandbox fails. The games go in two
        halves, taken in turn, so that each sandbox has the next half's questions to think
        about while this process reads the other half's answers and plays them on."""
        self.games = [(d, k) for d in deals for k in range(len(self.ups))]
        self.told, self.legal, self.dead = {}, {}, set()
        self._load(deals)
        players = [
            [self._player(who, d, s) for s, who in enumerate(self.ups[k])] for d, k in self.games
        ]
        self.states = [
            new_game(j.game, j.players, j.deal, **j.options)
            for j in (self.jobs[d] for d, _ in self.games)
        ]
        self.onlookers = [Onlookers(s) for s in self.states]
        self.chances = [0] * len(self.games)
        halves = [range(h, len(self.games), 2) for h in (0, 1)]
        owed: list[dict[int, list[tuple[int, int]]]] = [{}, {}]
        while not self.dead:
            for h, games in enumerate(halves):
                chosen, owed[h] = self._answers(owed[h]), {}
                if not self.dead:
                    for g, action in chosen:
                        self.onlookers[g].seen(self.states[g], action)
                        self.states[g] = self.states[g].apply(action)
                    owed[h] = self._ask(self._due(games, players))
            if not (owed[0] or owed[1]):
                break
        for due in owed:
            self._answers(due)  # what a sandbox still owes after the other failed
        for d in deals:
            ends = [self.states[g] for g, game in enumerate(self.games) if game[0] == d]
            if self.problems[d] or all(s.is_terminal() for s in ends):
                self.results[d] = self._result(d, ends)

    def _due(
        self, games: Iterable[int], players: list[list[Any]]
    ) -> dict[int, list[tuple[int, int]]]:
        """Play ``games`` on (chance, this process's players) as far as a decision of a
        sandbox's; those decisions, by side (none for a deal that has had a problem)."""
        due: dict[int, list[tuple[int, int]]] = {who: [] for who in self.boxes}
        for g in games:
            d, k = self.games[g]
            job, up = self.jobs[d], self.ups[k]
            while not self.problems[d] and not self.states[g].is_terminal():
                state, seat = self.states[g], self.states[g].current_player
                assert seat is not None
                if seat == CHANCE:
                    action = state.sample_chance(
                        chance_of(job.game, job.deal, self.chances[g], job.secret)
                    )
                    self.chances[g] += 1
                elif up[seat] in self.boxes:
                    due[up[seat]].append((g, seat))
                    break
                else:
                    action = self._here(players[g][seat], up[seat], state, self.onlookers[g], g)
                    if action is None:
                        break
                self.onlookers[g].seen(state, action)
                self.states[g] = state.apply(action)
        return {
            who: [(g, seat) for g, seat in asks if not self.problems[self.games[g][0]]]
            for who, asks in due.items()
        }

    def _seed(self, d: int, seat: int) -> int:
        return self.jobs[d].deal * 1_000 + seat

    def _player(self, who: int, d: int, seat: int) -> Any:
        side = self.sides[who]
        if side.file or self.problems[d]:
            return None
        if side.level:
            return make_bot(self.jobs[d].game, side.level, seed=self._seed(d, seat))
        assert side.make is not None
        try:
            return side.make(self._seed(d, seat))
        except Exception as error:
            self._problem(who, d, described(error, _where(error), "__init__"))
            return None

    def _load(self, deals: list[int]) -> None:
        """Have each student's process run its file afresh and make its players, for every
        deal at once (all asked before any answer is read, so the two load at once)."""
        for who, box in self.boxes.items():
            file = self.sides[who].file
            assert file is not None
            mine = {
                d: {
                    f"{g}:{s}": self._seed(d, s)
                    for g, (e, k) in enumerate(self.games)
                    if e == d
                    for s in _of(self.ups[k], who)
                }
                for d in deals
            }
            message = {
                "do": "deals",
                "file": file.file,
                "source": file.source,
                "class": file.cls,
                "deals": [{"seats": mine[d], "chance": f"{self.jobs[d].deal}"} for d in deals],
            }
            box.send(message)
        for who in self.boxes:
            for d in deals:
                try:
                    answer = self._timed(who, d)
                except Fault as fault:
                    self._problem(who, d, f"{fault} while loading its file")
                    self.dead.add(who)
                    break
                if answer != {"ok": True}:
                    self._problem(who, d, _said(answer))

    def _here(self, player: Any, who: int, state: State[Any], seen: Onlookers, g: int) -> Any:
        """A decision of a player of this process (an engine bot, a class of this kernel)."""
        if player is None:  # its __init__ failed
            return None
        try:
            action = decide(player, state, seen)
            state.check(action)
        except IllegalAction as refused:
            self._problem(who, self.games[g][0], f"chose an illegal action: {refused}", g, state)
            return None
        except Exception as error:
            what = described(error, _where(error), "choose")
            self._problem(who, self.games[g][0], what, g, state)
            return None
        return action

    def _ask(self, due: dict[int, list[tuple[int, int]]]) -> dict[int, list[tuple[int, int]]]:
        """Send each sandbox the decisions ``due`` to it; those asked."""
        sent = {}
        for who, asks in due.items():
            if not asks:
                continue
            box, questions = self.boxes[who], []
            for g, seat in asks:
                state = self.states[g]
                self.legal[g] = state.legal_actions()
                key = f"{g}:{seat}"
                numbers, new = box.encode_legal(self.legal[g], key)
                events = self.onlookers[g].events_of(seat)
                questions.append(
                    {
                        "key": key,
                        "seat": seat,
                        "view": state.view(seat),
                        "events": [event_data(e) for e in events[self.told.get((g, seat), 0) :]],
                        "move": len(state.history),
                        "legal": numbers,
                        "new": new,
                    }
                )
                self.told[g, seat] = len(events)
            message = {
                "do": "ask",
                "game": self.jobs[0].game,
                "players": self.jobs[0].players,
                "asks": questions,
            }
            box.send(message)
            sent[who] = asks
        return sent

    def _answers(self, sent: dict[int, list[tuple[int, int]]]) -> list[tuple[int, Any]]:
        """Read the answers to the questions ``sent`` (but from a sandbox that failed); the
        actions chosen, by game. Each answer is checked: a number of one of the legal
        actions, or the game's problem. A deal's first problem ends it: an answer for it
        asked before that was known is read, and no more."""
        chosen = []
        for who, asks in sent.items():
            if who in self.dead:
                continue
            for g, _ in asks:
                d = self.games[g][0]
                try:
                    answer = self._timed(who, d)
                except Fault as fault:
                    if not self.problems[d]:
                        self._problem(who, d, str(fault), g, self.states[g])
                    self.dead.add(who)
                    break
                if self.problems[d]:
                    continue
                i = answer.get("i")
                budget = self.jobs[d].limits.budget
                if sum(spent[who] for spent in self.spent) > budget:
                    what = f"its answers took more than its budget of {budget:g} s"
                    self._problem(who, d, what, g, self.states[g])
                elif type(i) is int and 0 <= i < len(self.legal[g]) and len(answer) == 1:
                    chosen.append((g, self.legal[g][i]))
                else:
                    self._problem(who, d, _said(answer), g, self.states[g])
        return chosen

    def _timed(self, who: int, d: int) -> dict[str, Any]:
        """Side ``who``'s next answer, its time counted to deal ``d``."""
        box = self.boxes[who]
        before = box.spent
        try:
            return box.answer()
        finally:
            self.spent[d][who] += box.spent - before

    def _problem(
        self, who: int, d: int, what: str, g: int | None = None, state: State[Any] | None = None
    ) -> None:
        seat = state.current_player if state is not None else None
        self.problems[d].append(
            Problem(
                self.sides[who].name,
                self.jobs[d].deal,
                self.sides[1 - who].name,
                what,
                self.games[g][1] if g is not None else None,
                seat,
                len(state.history) if state is not None else None,
                state.to_json() if state is not None else None,
            )
        )

    def _result(self, d: int, ends: list[State[Any]]) -> DealResult:
        index = self.jobs[d].index
        spent = (self.spent[d][0], self.spent[d][1])
        out = {p.name for p in self.problems[d]}
        if out:
            first, second = (side.name in out for side in self.sides)
            score = 0.5 if first and second else 0.0 if first else 1.0
            return DealResult(index, None, score, tuple(self.problems[d]), spent)
        margin = score = 0.0
        for up, end in zip(self.ups, ends, strict=True):
            returns, won = end.returns(), set(end.winners())
            mine, theirs = _of(up, 0), _of(up, 1)
            margin += _mean(returns, mine) - _mean(returns, theirs)
            a, b = bool(won & set(mine)), bool(won & set(theirs))
            score += 1.0 if a and not b else 0.0 if b and not a else 0.5
        return DealResult(index, margin / len(self.ups), score / len(self.ups), (), spent)


def _of(lineup: Sequence[int], who: int) -> list[int]:
    return [s for s, x in enumerate(lineup) if x == who]


def _mean(returns: Sequence[float], seats: Sequence[int]) -> float:
    return sum(returns[s] for s in seats) / len(seats)


def _said(answer: dict[str, Any]) -> str:
    """A sandbox's problem in words (or that its answer made no sense)."""
    problem = answer.get("problem")
    if isinstance(problem, str) and len(answer) == 1:
        return problem[:300]
    return "sent an answer that is not one of its legal actions"


def _where(error: BaseException) -> str:
    """The file of the last frame of ``error``'s traceback outside the engine: a class of
    this kernel's own code."""
    import traceback

    here = str(Path(__file__).parent)
    frames = [
        f for f in traceback.extract_tb(error.__traceback__) if not f.filename.startswith(here)
    ]
    return frames[-1].filename if frames else ""


# ---------------------------------------------------------------- results


@dataclass
class Match:
    """Two strategies over duplicate deals. For each deal (all its lineups together):
    ``scores``, the first strategy's share of the wins (1 if only its seats won, 0 if only the
    other's, else 1/2; a forfeit counts 0 for the strategy forfeiting), and ``forfeits``, who
    forfeited it ("" if nobody, else the names); ``margins``, for each deal played out, the
    first's mean return per seat less the second's."""

    first: str
    second: str
    margins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    forfeits: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.forfeits:
            self.forfeits = [""] * len(self.scores)

    @property
    def games(self) -> int:
        return len(self.scores)

    def interval(self, of: str = "margins") -> tuple[float, float, float]:
        """(mean, low, high): the mean per deal with its 95% interval (normal for the margins,
        Wilson's for the share of the wins, which stays within 0 to 1, over the deals' effective
        number of trials: a deal split between its lineups varies less than one won outright)."""
        values = getattr(self, of)
        return share_interval(values) if of == "scores" else mean_interval(values)

    def ahead_after(self) -> int | None:
        """How many deals it took until the 95% interval of the margin excluded an even
        result for good (None: it never did)."""
        intervals = running_intervals(self.margins)  # the k-th is of the first k + 2 deals
        for k in reversed(range(len(intervals))):
            if intervals[k][1] <= 0 <= intervals[k][2]:
                return k + 3 if k + 1 < len(intervals) else None
        return 2 if intervals else None

    def reversed(self) -> Match:
        """The same match from the second strategy's side."""
        return Match(
            self.second,
            self.first,
            [-x for x in self.margins],
            [1 - s for s in self.scores],
            list(self.forfeits),
        )


def play_match(
    game: str,
    first: Entrant,
    second: Entrant,
    seeds: Iterable[int],
    players: int,
    duplicate: bool = True,
    on_deal: Callable[[], None] | None = None,
    limits: Limits | None = None,
    **options: Any,
) -> Match:
    """``first`` against ``second`` on the deal of each seed of ``seeds``, every lineup of it,
    in this process (a student's file still in its own)."""
    match = Match(first.name, second.name)
    for seed in seeds:
        job = Job(
            0, game, players, options, duplicate, first, second, seed, None, limits or Limits()
        )
        _add(match, play_duplicate(job), (first.name, second.name))
        if on_deal:
            on_deal()
    return match


def _add(match: Match, deal: DealResult, names: tuple[str, str], out: Sequence[str] = ()) -> None:
    """Add a deal to ``match`` (whose first strategy is ``names[0]``); ``out``: the names
    withdrawn before it, which forfeit it unplayed."""
    if out:
        first, second = (name in out for name in names)
        score = 0.5 if first and second else 0.0 if first else 1.0
        margin, forfeit = None, ", ".join(n for n in names if n in out)
    else:
        score, margin = deal.score, deal.margin
        forfeit = ", ".join(sorted({p.name for p in deal.problems}, key=names.index))
    match.scores.append(score)
    match.forfeits.append(forfeit)
    if margin is not None:
        match.margins.append(margin)


@dataclass(frozen=True)
class Standing:
    """One strategy's results over all its matches: deals in its matches, its share of the
    wins and its margin per deal played out (NaN when none was), each (mean, low, high) with a
    95% interval, and the deals it forfeited."""

    name: str
    games: int
    score: tuple[float, float, float]
    margin: tuple[float, float, float]
    forfeits: int = 0


NONE = (math.nan, math.nan, math.nan)


@dataclass
class Tournament:
    """A round robin: every pair of strategies played a ``Match`` on the same deals.

    ``problems``: strategy name -> a line for each problem it had; ``withdrawn``: strategy name
    -> why it was withdrawn; ``interrupted``: the run was stopped, and these are the results
    of the deals played until then; ``secret``: what the deals were drawn with (pass it as
    ``secret=`` to play the same deals again)."""

    game: str
    players: int
    names: list[str]
    matches: list[Match]
    issues: list[Problem] = field(default_factory=list)
    withdrawn: dict[str, str] = field(default_factory=dict)
    interrupted: bool = False
    secret: str | None = None
    planned: int = 0
    isolation: str = ""
    """The walls students' files played in, with the guarantees in force (or why none)."""

    @property
    def problems(self) -> dict[str, list[str]]:
        """Strategy name -> one line per problem (``deal 7: no answer within 5 s (against
        basic, seat 2, move 31)``), deal by deal."""
        out: dict[str, list[str]] = {}
        for p in self.issues:
            out.setdefault(p.name, []).append(p.line())
        return out

    def standings(self) -> list[Standing]:
        """Each strategy's results, best share of the wins first."""
        rows = []
        for name in self.names:
            scores, margins, forfeits = [], [], 0
            for m in self.matches:
                if name in (m.first, m.second):
                    mine = m if name == m.first else m.reversed()
                    scores += mine.scores
                    margins += mine.margins
                    forfeits += sum(name in f.split(", ") for f in mine.forfeits)
            rows.append(
                Standing(
                    name,
                    len(scores),
                    share_interval(scores) if scores else NONE,
                    mean_interval(margins) if margins else NONE,
                    forfeits,
                )
            )
        return sorted(rows, key=lambda r: -r.score[0] if r.games else 0.0)

    def match(self, first: str, second: str) -> Match:
        """The match of two strategies, from ``first``'s side."""
        for m in self.matches:
            if (m.first, m.second) == (first, second):
                return m
            if (m.second, m.first) == (first, second):
                return m.reversed()
        raise KeyError(f"{first} and {second} did not play each other")

    def __str__(self) -> str:
        forfeits = any(f for m in self.matches for f in m.forfeits)
        lines = []
        if self.interrupted:
            done = sum(m.games for m in self.matches)
            lines.append(
                f"Interrupted: the results of the {done:,} of {self.planned:,} deals played."
            )
        shown = {n: n + (" (withdrawn)" if n in self.withdrawn else "") for n in self.names}
        width = max(16, *map(len, shown.values()))
        lines.append(
            f"{'strategy':<{width}} {'deals':>6}  "
            + (f"{'forfeits':>8}  " if forfeits else "")
            + f"{'share of wins (95%)':<22} margin per deal (95%)"
        )
        for r in self.standings():
            s, m = r.score, r.margin
            if math.isnan(m[0]):
                margin = "none played out"
            elif math.isinf(m[1]):  # one deal: a spread needs two
                margin = f"{m[0]:+.1f} (one deal: no interval)"
            else:
                margin = f"{m[0]:+.1f} ({m[1]:+.1f} to {m[2]:+.1f})"
            lines.append(
                f"{shown[r.name]:<{width}} {r.games:>6}  "
                + (f"{r.forfeits:>8}  " if forfeits else "")
                + f"{s[0]:.2f} ({s[1]:.2f} to {s[2]:.2f}){'':<5} {margin}"
            )
        for name, why in self.withdrawn.items():
            lines.append(f"{name} was withdrawn {why}.")
        if self.issues:
            counts = ", ".join(f"{n} {len(p)}" for n, p in self.problems.items())
            lines.append(f"Problems (t.problems lists each): {counts}.")
        return "\n".join(lines)


# ---------------------------------------------------------------- the round robin


def tournament(
    strategies: Sequence[Any] | Mapping[str, Any],
    game: str,
    games: int | None = None,
    duplicate: bool = True,
    players: int | None = None,
    seed: int = 0,
    on_deal: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    time_limit: float = 5.0,
    memory: int = 1 << 30,
    withdraw_after: int = 3,
    secret: str | None = None,
    budget: float = 120.0,
    isolation: str = "sandbox",
    **options: Any,
) -> Tournament:
    """Every pair of ``strategies`` (levels, classes, students' files; a mapping names them)
    plays ``games`` deals, numbers ``seed`` to ``seed + games - 1``, each deal in every lineup
    when ``duplicate``; by default ``deals_a_pair``: about ``DEALS`` for each strategy in all
    (100 a pair for two strategies, 2 for a class of 30 and the basic bot: ``MOST_DEALS``).
    ``on_deal(done, total)`` is called after each deal (a progress bar).

    The deals are played by ``executor`` (any ``concurrent.futures.Executor``), by default a
    pool of ``workers`` processes (every core; ``workers=0``: this process). A class of this
    kernel is played in this process. A student's file is played in a process of its own,
    with ``time_limit`` seconds for each decision and ``memory`` bytes; after
    ``withdraw_after`` problems it is withdrawn, and when its answers have taken ``budget``
    seconds in all. It runs inside the operating system's walls (``isolation="sandbox"``,
    ``t.isolation`` says which: ``classplay.isolation``), and not at all where there are none,
    unless ``isolation="none"``. ``secret``: what the deals are drawn with;
    by default a fresh random one when a student's file plays (so nobody can work out the
    cards to come from the cards he holds), else none (the same deals every time)."""
    named = (
        strategies.items() if isinstance(strategies, Mapping) else [(None, s) for s in strategies]
    )
    entrants = [entrant(s, game, name) for name, s in named]
    names = [e.name for e in entrants]
    if len(entrants) < 2 or len(set(names)) < len(names):
        raise ValueError(
            f"a tournament needs two or more strategies with different names, not {names}"
        )
    if games is None:
        games = deals_a_pair(len(entrants))
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if type(withdraw_after) is not int or withdraw_after < 1:
        raise ValueError(
            f"withdraw_after must be a whole number of at least 1, not {withdraw_after!r}"
        )
    limits = Limits(time_limit, memory, budget, isolation)
    walls = str(available(isolation)) if any(e.file for e in entrants) else ""
    count = players or new_game(game, **options).num_players
    if secret is None and any(e.file for e in entrants):
        secret = secrets.token_hex(16)
    pairs = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1 :]]
    jobs = [
        Job(p * games + d, game, count, options, duplicate, a, b, seed + d, secret, limits)
        for p, (a, b) in enumerate(pairs)
        for d in range(games)
    ]
    run = _Run(jobs, withdraw_after, on_deal, budget)
    run.go(executor, workers)
    return run.tournament(game, count, names, pairs, secret, walls)


DEALS = 100
"""The deals each strategy plays in all, over its opponents, when a tournament is not told how
many a pair (``deals_a_pair``)."""
MOST_DEALS = 1_000
"""The most deals a round robin plays when not told how many a pair, however large the class:
a class of 30 then has its results in about 2 minutes on a 2-core server
(``benchmarks/tournament.py``), not 4."""


def deals_a_pair(strategies: int) -> int:
    """The duplicate deals each pair of ``strategies`` plays by default: ``DEALS`` for each
    strategy in all, shared over its opponents, but at most ``MOST_DEALS`` in the whole round
    robin, and at least 2 a pair. Each strategy's share of the wins is then as sure whatever
    the size of the class up to 18 strategies; beyond, the round robin stays within a class
    period (2 a pair for 30 files and the basic bot: 930 deals, not 1,860, the intervals about
    two fifths wider; ``games=`` asks for more).

    >>> [deals_a_pair(n) for n in (2, 3, 18, 19, 31, 200)]
    [100, 50, 6, 5, 2, 2]
    """
    pairs = strategies * (strategies - 1) // 2
    share = math.ceil(DEALS / max(strategies - 1, 1))
    return max(2, min(share, MOST_DEALS // max(pairs, 1)))


class _Run:
    """The deals of a tournament in progress. ``settled`` goes through the deals in the
    tournament's order as far as their results are known, counting each strategy's problems:
    a strategy is withdrawn at its ``withdraw_after``-th (``out``: name -> that deal's index),
    and every later deal of it is forfeited unplayed (or its result set aside, if it was
    played meanwhile), so the outcome is the same however the deals were shared out."""

    def __init__(
        self,
        jobs: list[Job],
        withdraw_after: int,
        on_deal: Callable[[int, int], None] | None,
        budget: float = math.inf,
    ) -> None:
        self.jobs, self.after, self.on_deal, self.budget = jobs, withdraw_after, on_deal, budget
        self.used: dict[str, float] = {}
        """Each student's file's seconds of answers so far, in the tournament's order."""
        self.spent_out: set[str] = set()
        """The strategies withdrawn for spending their budget."""
        self.done: dict[int, DealResult] = {}
        self.futures: dict[Future[list[DealResult | None]], list[Job]] = {}
        self.settled: list[tuple[Job, DealResult | None, list[str]]] = []
        self.counts: dict[str, int] = {}
        self.out: dict[str, int] = {}
        self.resolved = 0
        self.interrupted = False

    def go(self, executor: Executor | None, workers: int | None) -> None:
        """Play every deal still worth playing: those of this kernel's classes here, the
        others on ``executor`` (by default a pool of ``workers`` processes), a student's
        file's deals of a pair up to ``IN_STEP`` at a time, in step."""
        batches = _in_step(self.jobs)
        away = [b for b in batches if not (b[0].first.make or b[0].second.make)]
        own = None
        if away and executor is None and workers != 0:
            own = executor = ProcessPoolExecutor(
                workers or os.cpu_count() or 1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker,
            )
        here = [b for b in batches if executor is None or b[0].first.make or b[0].second.make]
        try:
            if executor is not None:
                self.futures = {executor.submit(play_duplicates, b, self.after): b for b in away}
            for batch in here:
                worth = [j for j in batch if not _after(j, self.out)]
                if worth:
                    self._keep(worth, play_duplicates(worth, self.after))
                self._resolved(len(batch))
                self._harvest(block=False)
            while self.futures:
                self._harvest(block=True)
        except KeyboardInterrupt:
            self.interrupted = True
        finally:
            for f in self.futures:
                f.cancel()
            if own:
                own.shutdown(wait=not self.interrupted, cancel_futures=True)
            close_sandboxes()
        self._settle()
        assert self.interrupted or len(self.settled) == len(self.jobs), "a deal was lost"

    def _keep(self, batch: list[Job], results: list[DealResult | None]) -> None:
        for job, result in zip(batch, results, strict=True):
            if result is not None:  # None: after its strategy's withdrawal
                self.done[job.index] = result

    def _harvest(self, block: bool) -> None:
        if block:
            wait(list(self.futures), return_when=FIRST_COMPLETED)
        finished = [f for f in self.futures if f.done()]
        for f in finished:
            batch = self.futures.pop(f)
            if not f.cancelled():
                self._keep(batch, f.result())
            self._resolved(len(batch))
        withdrawn = len(self.out)
        self._settle()
        if len(self.out) > withdrawn:
            for f, batch in self.futures.items():
                if all(_after(j, self.out) for j in batch):
                    f.cancel()

    def _resolved(self, n: int) -> None:
        self.resolved += n
        if self.on_deal and n:
            self.on_deal(self.resolved, len(self.jobs))

    def _settle(self) -> None:
        """Go on through the deals in order while each one's result is known or one of its
        strategies is withdrawn (after an interruption: to the end, leaving out the deals
        not played)."""
        while (k := len(self.settled)) < len(self.jobs):
            job = self.jobs[k]
            gone = [n for n in (job.first.name, job.second.name) if n in self.out]
            deal = None if gone else self.done.get(job.index)
            if not gone and deal is None and not self.interrupted:
                return
            self.settled.append((job, deal, gone))
            for name in {p.name for p in deal.problems} if deal else ():
                self.counts[name] = self.counts.get(name, 0) + 1
                if self.counts[name] == self.after and name not in self.out:
                    self.out[name] = job.index
            spent_here = deal.spent if deal else (0.0, 0.0)
            for side, spent in zip((job.first, job.second), spent_here, strict=True):
                used = self.used[side.name] = self.used.get(side.name, 0.0) + spent
                if side.file and used > self.budget and side.name not in self.out:
                    self.out[side.name] = job.index
                    self.spent_out.add(side.name)

    def tournament(
        self,
        game: str,
        players: int,
        names: list[str],
        pairs: list[tuple[Entrant, Entrant]],
        secret: str | None,
        isolation: str = "",
    ) -> Tournament:
        matches = {(a.name, b.name): Match(a.name, b.name) for a, b in pairs}
        issues: list[Problem] = []
        for job, deal, gone in self.settled:
            key = (job.first.name, job.second.name)
            if gone:
                _add(matches[key], DealResult(job.index, None, 0.5), key, gone)
            elif deal:
                _add(matches[key], deal, key)
                issues += deal.problems
        withdrawn = {}
        for name, index in self.out.items():
            left = sum(1 for _, _, gone in self.settled if name in gone)
            why = (
                f"after its answers took {self.budget:g} s, its budget for the tournament"
                if name in self.spent_out
                else f"after {self.after} problem{'s' if self.after > 1 else ''}"
            )
            withdrawn[name] = (
                f"{why} (the last in deal {self.jobs[index].deal}): "
                f"its {left} later deals forfeited"
            )
        return Tournament(
            game,
            players,
            names,
            list(matches.values()),
            sorted(issues, key=lambda p: (names.index(p.name), p.deal)),
            withdrawn,
            self.interrupted,
            secret,
            len(self.jobs),
            isolation,
        )


def _in_step(jobs: list[Job]) -> list[list[Job]]:
    """``jobs`` in batches played in step: a pair's deals, ``IN_STEP`` at a time, when a
    student's file plays (its process is asked once a round for all); else one by one."""
    batches: list[list[Job]] = []
    for job in jobs:
        last = batches[-1] if batches else []
        if (
            (job.first.file or job.second.file)
            and 0 < len(last) < IN_STEP
            and (last[0].first, last[0].second) == (job.first, job.second)
        ):
            last.append(job)
        else:
            batches.append([job])
    return batches


def _after(job: Job, out: dict[str, int]) -> bool:
    """Whether one of ``job``'s strategies was withdrawn at an earlier deal."""
    return any(out.get(n, job.index) < job.index for n in (job.first.name, job.second.name))


def close_sandboxes() -> None:
    """End this thread's sandboxes (a tournament's end, in the process that played it)."""
    boxes = _sandboxes()
    ending = list(boxes.values())
    boxes.clear()
    for box in ending:  # all asked first, so that they end together, not one after another
        box.finish()
    for box in ending:
        box.kill(grace=1.0)


def _worker() -> None:
    """A pool process leaves a Ctrl-C to the kernel, which stops the tournament, ends its
    sandboxes when it ends, and ends when the kernel is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    multiprocessing.util.Finalize(None, close_sandboxes, exitpriority=10)
    threading.Thread(target=orphaned, args=(os.getppid(),), daemon=True).start()


# ---------------------------------------------------------------- students' files


def strategies_in(
    folder: str | Path,
    time_limit: float = 10.0,
    memory: int = 1 << 30,
    isolation: str = "sandbox",
) -> tuple[dict[str, StudentFile], dict[str, str]]:
    """Every strategy class (a class with ``choose``) defined in the ``.py`` files of
    ``folder``, named ``file:Class`` (or ``file`` when a file holds one), and the files that
    could not be read, with why: ``(strategies, problems)``. Each file is run in a process of
    its own (``time_limit`` seconds, ``memory`` bytes), inside the operating system's walls
    (``isolation``, as ``tournament`` says), never in this one."""
    found: dict[str, StudentFile] = {}
    problems: dict[str, str] = {}
    limits = Limits(time_limit, memory, isolation=isolation)
    available(isolation)  # no walls: nothing runs, and the teacher is told why
    paths = sorted(Path(folder).glob("*.py"))
    boxes: list[tuple[Path, str, Sandbox]] = []
    for path in paths:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            problems[path.name] = f"cannot be read: {error}"
            continue
        if len(source) > MAX_SOURCE:
            problems[path.name] = f"is longer than {MAX_SOURCE:,} characters"
            continue
        box = Sandbox(limits)
        box.send({"do": "load", "source": source, "file": path.name})
        boxes.append((path, source, box))
    for path, source, box in boxes:
        try:
            answer = box.answer()
        except Fault as fault:
            problems[path.name] = f"{fault} while loading"
            continue
        finally:
            box.kill()
        classes = answer.get("classes")
        if not isinstance(classes, list) or not all(isinstance(c, str) for c in classes):
            problems[path.name] = _said(answer)
            continue
        if not classes:
            problems[path.name] = "no class with a choose(seat) method"
        for c in classes:
            name = path.stem if len(classes) == 1 else f"{path.stem}:{c}"
            found[name] = StudentFile(path.name, source, c)
    return found, dict(sorted(problems.items()))
