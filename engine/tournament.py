"""Strategies play each other on duplicate deals: the same cards and dice are played again with
the seats rotated, so luck cancels and what remains is skill.

>>> t = tournament(["basic", "random"], "india", games=4, players=2)
>>> t.standings()[0].name
'basic'

A strategy is a bot level of the game (``"basic"``, ``"expert"``), or a class whose objects have
``choose(state)`` (made with ``seed=`` if its ``__init__`` takes it, else with no arguments): a
lesson's "Try it" scaffold. ``strategies_in(folder)`` reads every class of a folder of students'
files.
"""

from __future__ import annotations

import importlib.util
import inspect
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import CHANCE, IllegalAction, State, make_bot, new_game
from .seat import Onlookers, decide, reads_a_state

Z95 = 1.959963984540054
"""The two-sided 95% point of the normal distribution."""


class StrategyError(RuntimeError):
    """A strategy broke in a game (it raised, or chose an illegal action): names it and the
    deal, so the game can be replayed."""


@dataclass(frozen=True)
class Entrant:
    """A strategy in a tournament: its name and how to make a fresh player from a seed."""

    name: str
    make: Callable[[int], Any]


def entrant(strategy: Any, game: str, name: str | None = None) -> Entrant:
    """A bot level (text), a strategy class, or an ``Entrant`` as an ``Entrant``."""
    if isinstance(strategy, Entrant):
        return strategy
    if isinstance(strategy, str):
        make_bot(game, strategy)  # an unknown level is refused here, before any game
        return Entrant(name or strategy, lambda seed: make_bot(game, strategy, seed=seed))
    if inspect.isclass(strategy) and callable(getattr(strategy, "choose", None)):
        cls: Callable[..., Any] = strategy
        takes_seed = "seed" in inspect.signature(cls).parameters
        return Entrant(name or cls.__name__, lambda seed: cls(seed=seed) if takes_seed else cls())
    raise ValueError(
        f"a strategy is a bot level such as 'basic' or a class with choose(state), "
        f"not {strategy!r:.60}"
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


def play_deal(
    game: str,
    players: Sequence[Any],
    seed: int,
    **options: Any,
) -> State[Any]:
    """One game with ``players[seat]`` at each seat. Chance is drawn by the number of chance
    events so far (the k-th shuffle or throw of ``seed``), so every lineup of a duplicate
    deal gets the same cards and dice."""
    state = new_game(game, len(players), seed, **options)
    onlookers = None if all(map(reads_a_state, players)) else Onlookers(state)
    events = 0
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            action = state.sample_chance(random.Random(f"duplicate:{game}:{seed}:{events}"))
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


@dataclass
class Match:
    """Two strategies over duplicate deals. For each deal (all its lineups together):
    ``margins``, the first strategy's mean return per seat less the second's, and ``scores``,
    the first's share of the wins (1 if only its seats won, 0 if only the other's, else 1/2)."""

    first: str
    second: str
    margins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.margins)

    def interval(self, of: str = "margins") -> tuple[float, float, float]:
        """(mean, low, high): the mean per deal with its 95% normal interval."""
        return mean_interval(getattr(self, of))

    def ahead_after(self) -> int | None:
        """How many deals it took until the 95% interval of the margin excluded an even
        result for good (None: it never did)."""
        intervals = running_intervals(self.margins)  # the k-th is of the first k + 2 deals
        for k in reversed(range(len(intervals))):
            if intervals[k][1] <= 0 <= intervals[k][2]:
                return k + 3 if k + 1 < len(intervals) else None
        return 2 if intervals else None


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of ``values`` with a 95% normal interval (none for one value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no games played")
    mean = sum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def running_intervals(values: Sequence[float]) -> list[tuple[float, float, float]]:
    """``mean_interval`` of the first 2, 3, ... values, in one pass."""
    out, total, squares = [], 0.0, 0.0
    for n, v in enumerate(values, 1):
        total += v
        squares += v * v
        if n >= 2:
            mean = total / n
            var = max(0.0, (squares - n * mean * mean) / (n - 1))
            half = Z95 * math.sqrt(var / n)
            out.append((mean, mean - half, mean + half))
    return out


def play_match(
    game: str,
    first: Entrant,
    second: Entrant,
    seeds: Iterable[int],
    players: int,
    duplicate: bool = True,
    on_deal: Callable[[], None] | None = None,
    **options: Any,
) -> Match:
    """``first`` against ``second`` on the deal of each seed of ``seeds``, every lineup of it."""
    match = Match(first.name, second.name)
    sides = (first, second)
    for seed in seeds:
        margin = score = 0.0
        ups = lineups(players, duplicate)
        for lineup in ups:
            seats = [sides[who].make(seed * 1_000 + s) for s, who in enumerate(lineup)]
            end = play_deal(game, seats, seed, **options)
            returns, won = end.returns(), set(end.winners())
            mine = [s for s, who in enumerate(lineup) if who == 0]
            theirs = [s for s, who in enumerate(lineup) if who == 1]
            margin += _mean(returns, mine) - _mean(returns, theirs)
            a, b = bool(won & set(mine)), bool(won & set(theirs))
            score += 1.0 if a and not b else 0.0 if b and not a else 0.5
        match.margins.append(margin / len(ups))
        match.scores.append(score / len(ups))
        if on_deal:
            on_deal()
    return match


def _mean(returns: Sequence[float], seats: Sequence[int]) -> float:
    return sum(returns[s] for s in seats) / len(seats)


@dataclass(frozen=True)
class Standing:
    """One strategy's results over all its matches: deals played, its share of the wins and
    its margin per deal, each (mean, low, high) with a 95% interval."""

    name: str
    games: int
    score: tuple[float, float, float]
    margin: tuple[float, float, float]


@dataclass
class Tournament:
    """A round robin: every pair of strategies played a ``Match`` on the same deals."""

    game: str
    players: int
    names: list[str]
    matches: list[Match]

    def standings(self) -> list[Standing]:
        """Each strategy's results, best share of the wins first."""
        rows = []
        for name in self.names:
            scores, margins = [], []
            for m in self.matches:
                if name in (m.first, m.second):
                    sign = 1 if name == m.first else -1
                    scores += [s if sign > 0 else 1 - s for s in m.scores]
                    margins += [sign * x for x in m.margins]
            rows.append(Standing(name, len(scores), mean_interval(scores), mean_interval(margins)))
        return sorted(rows, key=lambda r: -r.score[0])

    def match(self, first: str, second: str) -> Match:
        """The match of two strategies, from ``first``'s side."""
        for m in self.matches:
            if (m.first, m.second) == (first, second):
                return m
            if (m.second, m.first) == (first, second):
                return Match(first, second, [-x for x in m.margins], [1 - s for s in m.scores])
        raise KeyError(f"{first} and {second} did not play each other")

    def __str__(self) -> str:
        lines = [
            f"{'strategy':<16} {'deals':>6}  {'share of wins (95%)':<22} margin per deal (95%)"
        ]
        for r in self.standings():
            s, m = r.score, r.margin
            lines.append(
                f"{r.name:<16} {r.games:>6}  {s[0]:.2f} ({s[1]:.2f} to {s[2]:.2f}){'':<5}"
                f" {m[0]:+.1f} ({m[1]:+.1f} to {m[2]:+.1f})"
            )
        return "\n".join(lines)


def tournament(
    strategies: Sequence[Any] | Mapping[str, Any],
    game: str,
    games: int = 100,
    duplicate: bool = True,
    players: int | None = None,
    seed: int = 0,
    on_deal: Callable[[int, int], None] | None = None,
    **options: Any,
) -> Tournament:
    """Every pair of ``strategies`` (levels, classes; a mapping names them) plays ``games``
    deals, seeds ``seed`` to ``seed + games - 1``, each deal in every lineup when
    ``duplicate``. ``on_deal(done, total)`` is called after each deal (a progress bar)."""
    named = (
        strategies.items() if isinstance(strategies, Mapping) else [(None, s) for s in strategies]
    )
    entrants = [entrant(s, game, name) for name, s in named]
    names = [e.name for e in entrants]
    if len(entrants) < 2 or len(set(names)) < len(names):
        raise ValueError(
            f"a tournament needs two or more strategies with different names, not {names}"
        )
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    count = players or new_game(game, **options).num_players
    pairs = [(a, b) for i, a in enumerate(entrants) for b in entrants[i + 1 :]]
    total, done = games * len(pairs), 0

    def tick() -> None:
        nonlocal done
        done += 1
        if on_deal:
            on_deal(done, total)

    seeds = range(seed, seed + games)
    matches = [play_match(game, a, b, seeds, count, duplicate, tick, **options) for a, b in pairs]
    return Tournament(game, count, names, matches)


def strategies_in(folder: str | Path) -> tuple[dict[str, type], dict[str, str]]:
    """Every strategy class (a class with ``choose``) defined in the ``.py`` files of
    ``folder``, named ``file:Class`` (or ``file`` when a file holds one), and the files that
    could not be read, with why: ``(strategies, problems)``."""
    found: dict[str, type] = {}
    problems: dict[str, str] = {}
    for path in sorted(Path(folder).glob("*.py")):
        try:
            spec = importlib.util.spec_from_file_location(f"strategy_{path.stem}", path)
            assert spec is not None and spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
        except Exception as error:  # a student's file may hold anything
            problems[path.name] = f"{type(error).__name__}: {error}"
            continue
        classes = [
            c
            for c in vars(module).values()
            if inspect.isclass(c)
            and c.__module__ == module.__name__
            and callable(getattr(c, "choose", None))
        ]
        if not classes:
            problems[path.name] = "no class with a choose(state) method"
        for c in classes:
            found[path.stem if len(classes) == 1 else f"{path.stem}:{c.__name__}"] = c
    return found, problems
