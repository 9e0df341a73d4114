"""The engine contract (docs/design.md §3), checked the same way for every game in ``engine.GAMES``.

A new game is covered here the moment it is registered: random playouts from many seeds, every
step checked against the protocol. Game-specific rules live in each game's own tests.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import importlib
import itertools
import json
import random

import pytest
from bot_games import seeded_bots, steps

import engine
from engine import CHANCE, IllegalAction, Shuffle

GAMES = sorted(engine.GAMES)
SEEDS = range(12)


def random_steps(game: str, players: int, seed: int):
    """Yield (state, action, next state) along a seeded game of random bots."""
    state = engine.new_game(game, players=players, seed=seed)
    return steps(state, seeded_bots(game, players, seed * 10))


def cases(larger_tables_slow: bool = False):
    """Every game at every table size. With ``larger_tables_slow``, the sizes above a game's
    smallest are marked slow: ``make check`` plays each game at its smallest table."""
    for game in GAMES:
        smallest = min(engine.GAMES[game].PLAYERS)
        for players in engine.GAMES[game].PLAYERS:
            slow = larger_tables_slow and players > smallest
            marks = [pytest.mark.slow] if slow else []
            yield pytest.param(game, players, id=f"{game}-{players}p", marks=marks)


def fields(state) -> dict:
    """A snapshot of every field of a state: tuples as they are (they cannot change), a copy of
    anything mutable, so an ``apply`` that rebinds or mutates a field of its input is caught."""
    return {k: copy.copy(v) for k, v in vars(state).items()}


@pytest.mark.parametrize(("game", "players"), list(cases(larger_tables_slow=True)))
def test_every_step_keeps_the_contract(game, players):
    rng = random.Random(0)
    for seed in SEEDS:
        steps = 0
        for state, action, new in random_steps(game, players, seed):
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
    ends = [list(random_steps(game, players, seed=3))[-1][2].to_json() for _ in range(2)]
    assert ends[0] == ends[1]


@pytest.mark.parametrize("game", GAMES)
def test_actions_read_back_and_print_in_table_notation(game):
    module = importlib.import_module(f"engine.{game}")
    players = engine.GAMES[game].PLAYERS[0]
    for state, action, _ in random_steps(game, players, seed=1):
        if state.current_player == CHANCE:
            continue
        assert eval(repr(action), vars(module)) == action
        assert str(action) and "(" not in str(action)
        hash(action)


@pytest.mark.parametrize("game", GAMES)
def test_a_bot_only_sees_its_view(game):
    """A basic bot decides the same from the same view and legal actions (it never peeks)."""
    players = engine.GAMES[game].PLAYERS[0]
    for state, _, _ in list(random_steps(game, players, seed=2))[:40]:
        if state.current_player == CHANCE:
            continue
        a = engine.make_bot(game, "basic", seed=5).choose(state)
        b = engine.make_bot(game, "basic", seed=5).choose(engine.from_json(state.to_json()))
        assert a == b and a in state.legal_actions()


# ---------------------------------------------------------------- one source of legality


def listed(state) -> list:
    """What the rules list now: the legal actions, or the chance outcomes where they can be
    listed (a shuffle cannot: see the next test)."""
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        return [o for o, _ in outcomes] if outcomes else []
    return state.legal_actions()


def field_values(states) -> dict[type, list[set]]:
    """Per action class listed anywhere along ``states``, the values each of its fields took,
    with a whole number's neighbours at both ends (one past every bound)."""
    seen: dict[type, list[set]] = {}
    for state in states:
        for action in listed(state):
            names = [f.name for f in dataclasses.fields(action)]
            values = seen.setdefault(type(action), [set() for _ in names])
            for k, name in enumerate(names):
                values[k].add(getattr(action, name))
    for values in seen.values():
        for got in values:
            ints = [v for v in got if type(v) is int]
            if ints:
                got |= {min(ints) - 1, max(ints) + 1}
    return seen


def recombined(seen: dict[type, list[set]]) -> list:
    """Every action made of the field values seen: every piece with every step count, every
    card with every card action, every bid amount (those a value check refuses left out)."""
    out = []
    for kind, values in seen.items():
        for fields in itertools.product(*(sorted(v, key=repr) for v in values)):
            with contextlib.suppress(IllegalAction):  # a value its own check refuses
                out.append(kind(*fields))
    return out


@pytest.mark.parametrize(("game", "players"), list(cases()))
def test_check_passes_exactly_the_listed_actions(game, players):
    """``check(a)`` passes exactly when ``a`` is listed, for actions recombined from everything
    the rules listed along four random games (at a player's turn, and at chance where the
    outcomes can be listed: a throw, a toss, a dead card); a refusal names its rule."""
    states = [s for seed in range(4) for s, _, _ in random_steps(game, players, seed)]
    candidates = recombined(field_values(states))
    rng = random.Random(f"{game}-{players}")
    decisions = [s for s in states if s.current_player != CHANCE or s.chance_outcomes()]
    for state in rng.sample(decisions, min(len(decisions), 60)):
        legal = set(listed(state))
        for action in candidates:
            try:
                state.check(action)
            except IllegalAction as e:
                assert action not in legal, f"{action} is listed, yet refused: {e}"
                assert str(e) and "not a legal action now" not in str(e), action
            else:
                assert action in legal, f"{action} passes the check, yet is not listed"


@pytest.mark.parametrize("game", [g for g in GAMES if g != "india"])  # India deals no cards
def test_a_shuffle_passes_exactly_when_it_holds_the_deck(game):
    """A shuffle cannot be listed: the check passes it when it holds exactly the deck (the
    fair one drawn by the game passes), and refuses one card more, one less, a card twice in
    place of another, or something that is no card."""
    players = engine.GAMES[game].PLAYERS[0]
    shuffles = [s for s, _, _ in random_steps(game, players, 0) if s.current_player == CHANCE]
    shuffles = [s for s in shuffles if s.chance_outcomes() is None]
    assert shuffles
    for state in shuffles[:3]:
        cards = state.sample_chance().cards
        state.check(Shuffle(cards))
        wrong = [cards[:-1], (*cards, cards[0]), ((1, 2), *cards[1:])]
        if game != "plates":  # a plates deck is any 50 plates of the right make-up
            wrong.append((cards[1], *cards[1:]))
        for bad in wrong:
            with pytest.raises(IllegalAction, match=r"shuffle|deck"):
                state.check(Shuffle(bad))
