"""Seeded games between basic bots, decision by decision: for tests that compare a bot's
choices with another way of making them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import engine
from engine import CHANCE


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
