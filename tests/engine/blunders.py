"""What the blunder tests share: the positions (seeded games of basic bots, stopped where the
mover could make a beginner's blunder), the independent check that the blunder really costs
(the game played on through its rules from both moves, on fresh layouts of the cards the mover
has not seen), and the review's verdict on it."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import engine
from engine import CHANCE
from engine.review import settled
from engine.stats import half_width

SEEDS = (0, 7)
"""The experts' seeds: two experts of different seeds mark the same moves."""


def positions(
    game: str,
    tables: Sequence[int],
    seeds: range,
    blunder: Callable[[Any], Any],
    **options: Any,
) -> Iterator[tuple[Any, Any]]:
    """(state, the blunder) at the first decision of each seeded game of basic bots (with
    ``options``) where the mover could make it (``blunder`` gives it, or None), at each table
    size."""
    for players in tables:
        for deal in seeds:
            s = engine.new_game(game, players=players, seed=deal, **options)
            bots = [engine.make_bot(game, "basic", seed=deal * 8 + k) for k in range(players)]
            while not s.is_terminal():
                if s.current_player == CHANCE:
                    s = s.apply(s.sample_chance())
                    continue
                if len(s.legal_actions()) > 1:
                    action = blunder(s)
                    if action is not None:
                        yield s, action
                        break
                s = s.apply(bots[s.current_player].choose(s))


def clearly_costly(gains: Sequence[float], costly: float) -> bool:
    """Whether the better move's gains (one a playout) are at least ``costly`` even at the near
    end of their 95% interval."""
    return sum(gains) / len(gains) - half_width(gains) >= costly


def clear(
    found: Iterator[tuple[Any, Any]],
    sound: Callable[[Any], Any],
    laid_out: Callable[[Any, random.Random], Any],
    after: Callable[[Any, Any, int], float],
    layouts: int,
    costly: float,
) -> list[tuple[Any, Any]]:
    """The (state, blunder) of ``found`` where the sound move (``sound(state)``) is clearly
    better: played on through the rules from both moves (``after(table, move, mover)``: what
    the mover ends with) on ``layouts`` fresh layouts (``laid_out(state, rng)``), its gains are
    at least ``costly`` at the near end of their interval."""
    out = []
    for s, blunder in found:
        me, good = s.current_player, sound(s)
        gains = []
        for k in range(layouts):
            table = laid_out(s, random.Random(k))
            gains.append(after(table, good, me) - after(table, blunder, me))
        if clearly_costly(gains, costly):
            out.append((s, blunder))
    return out


def assert_marked(game: str, found: Sequence[tuple[Any, Any]], fewest: int = 15) -> None:
    """At least ``fewest`` clear blunders, and the review of experts of every seed of
    ``SEEDS`` marks at least 9 in 10 of them costly."""
    assert len(found) >= fewest
    for seed in SEEDS:
        got = marked(game, found, seed)
        assert got >= 0.9 * len(found), f"seed {seed}: {got} of {len(found)}"


def marked(game: str, found: Sequence[tuple[Any, Any]], seed: int) -> int:
    """How many of the blunders the review marks costly, by an expert of ``seed``; the
    expert's own choice is never marked."""
    expert = engine.make_bot(game, "expert", seed=seed)
    out = 0
    for s, action in found:
        advice = settled(expert, s, action)  # as the review judges it
        out += advice.is_costly(action)
        assert not advice.is_costly(advice.best.action)
    return out


def relaid(state: Any, **fields: Any) -> Any:
    """A copy of ``state`` with ``fields`` replaced (the cards laid out anew): what the rules
    then play on, as though they had been dealt so."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    new.__dict__.update(fields)
    return new
