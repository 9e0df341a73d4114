"""Seeded games between bots: every step of one (``steps``, ``playout``), for the playout and
protocol tests; and the decisions of basic bots (``basic_decisions``), for tests that compare a
bot's choices with another way of making them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import engine
from engine import CHANCE, State


def seeded_bots(game: str, players: int, first_seed: int, level: str = "random") -> list[Any]:
    """One bot a seat, seat k's seeded by ``first_seed + k``."""
    return [engine.make_bot(game, level, seed=first_seed + k) for k in range(players)]


def steps(
    state: State[Any], bots: list[Any], limit: int | None = None
) -> Iterator[tuple[State[Any], Any, State[Any]]]:
    """Yield (state, action, next state) at every step of the game played on from ``state``:
    each seat's bot chooses, chance is drawn from the game's own seed. A game still on after
    ``limit`` steps fails the test."""
    taken = 0
    while not state.is_terminal():
        assert limit is None or taken < limit, "the game does not end"
        seat = state.current_player
        action = state.sample_chance() if seat == CHANCE else bots[seat].choose(state)
        new = state.apply(action)
        yield state, action, new
        state, taken = new, taken + 1


def playout(state: State[Any], bots: list[Any], limit: int | None = None) -> tuple[State[Any], ...]:
    """Every state of the game played on from ``state`` (``steps``), first to last."""
    return (state, *(new for _, _, new in steps(state, bots, limit)))


def basic_decisions(game: str, players: int, seeds: range, **options: Any) -> Iterator[tuple]:
    """Yield (state, the basic bot's action) at every decision of seeded games between basic
    bots, chance drawn from each game's own seed."""
    for seed in seeds:
        bots = [engine.make_bot(game, "basic", seed=seed * 8 + k) for k in range(players)]
        s = engine.new_game(game, players=players, seed=seed, **options)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s = s.apply(s.sample_chance())
                continue
            action = bots[s.current_player].choose(s)
            yield s, action
            s = s.apply(action)
