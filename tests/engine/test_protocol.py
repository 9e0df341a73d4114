"""The engine contract (docs/design.md §3), checked the same way for every game in ``engine.GAMES``.

A new game is covered here the moment it is registered: random playouts from many seeds, every
step checked against the protocol. Game-specific rules live in each game's own tests.
"""

from __future__ import annotations

import copy
import importlib
import json
import random

import pytest

import engine
from engine import CHANCE, IllegalAction

GAMES = sorted(engine.GAMES)
SEEDS = range(12)


def playout(game: str, players: int, seed: int):
    """Yield (state, action, next state) along a seeded game of random bots."""
    state = engine.new_game(game, players=players, seed=seed)
    bots = [engine.make_bot(game, "random", seed=seed * 10 + k) for k in range(players)]
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance() if seat == CHANCE else bots[seat].choose(state)
        new = state.apply(action)
        yield state, action, new
        state = new


def cases():
    for game in GAMES:
        for players in engine.GAMES[game].PLAYERS:
            yield pytest.param(game, players, id=f"{game}-{players}p")


def fields(state) -> dict:
    """A snapshot of every field of a state: tuples as they are (they cannot change), a copy of
    anything mutable, so an ``apply`` that rebinds or mutates a field of its input is caught."""
    return {k: copy.copy(v) for k, v in vars(state).items()}


@pytest.mark.parametrize(("game", "players"), list(cases()))
def test_every_step_keeps_the_contract(game, players):
    rng = random.Random(0)
    for seed in SEEDS:
        steps = 0
        for state, action, new in playout(game, players, seed):
            steps += 1
            before = fields(state)
            assert state.game == game and state.num_players == players
            seat = state.current_player
            assert seat == CHANCE or 0 <= seat < players
            if seat != CHANCE:
                assert action in state.legal_actions()
            outcomes = state.chance_outcomes()
            if outcomes is not None:
                assert seat == CHANCE and sum(p for _, p in outcomes) == 1
            assert new.history == (*state.history, action)
            assert fields(state) == before, "apply must not change the state it was called on"
            if rng.random() < 0.1:
                for s in range(players):
                    json.dumps(new.view(s))  # JSON-ready
                assert str(new)
            if rng.random() < 0.02:  # a save replays the whole game: sample a few per game
                assert engine.from_json(new.to_json()) == new
        assert steps > 0
        assert engine.from_json(new.to_json()) == new
        assert new.is_terminal() and new.current_player is None
        assert new.legal_actions() == []
        assert len(new.returns()) == players
        with pytest.raises(IllegalAction):
            new.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game):
    players = engine.GAMES[game].PLAYERS[0]
    ends = [list(playout(game, players, seed=3))[-1][2].to_json() for _ in range(2)]
    assert ends[0] == ends[1]


@pytest.mark.parametrize("game", GAMES)
def test_actions_read_back_and_print_in_table_notation(game):
    module = importlib.import_module(f"engine.{game}")
    players = engine.GAMES[game].PLAYERS[0]
    for state, action, _ in playout(game, players, seed=1):
        if state.current_player == CHANCE:
            continue
        assert eval(repr(action), vars(module)) == action
        assert str(action) and "(" not in str(action)
        hash(action)


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_only_sees_its_view(game):
    """A basic bot decides the same from the same view and legal actions (it never peeks)."""
    players = engine.GAMES[game].PLAYERS[0]
    for state, _, _ in list(playout(game, players, seed=2))[:40]:
        if state.current_player == CHANCE:
            continue
        a = engine.make_bot(game, "basic", seed=5).choose(state)
        b = engine.make_bot(game, "basic", seed=5).choose(engine.from_json(state.to_json()))
        assert a == b and a in state.legal_actions()
