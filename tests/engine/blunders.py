"""What the blunder tests share: the positions (seeded games of basic bots, stopped where the
mover could make a beginner's blunder), the independent check that the blunder really costs
(the game played on through its rules from both moves, on fresh layouts of the cards the mover
has not seen), and the review's verdict on it."""

from __future__ import annotations

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
