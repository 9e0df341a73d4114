"""A strategy's Seat: exactly what its player may know (its view, its legal actions, the game
so far as it saw it), as plain data that reads back from JSON the same; the engine's bots
decide the same from a Seat as from the State; nothing in a Seat leads to the State."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import engine
from engine.core import History
from engine.seat import Onlookers, Seat, SeatState, decide, reads_a_state, seat_of

GAMES = [
    ("plates", 4, {}),
    ("india", 2, {}),
    ("india", 4, {"partners": True}),
    ("michigan", 4, {"deals": 1}),
    ("rummy", 3, {}),
    ("rupees", 4, {"target": 100_000}),
]
IDS = [f"{g}-{p}" for g, p, _ in GAMES]


def positions(game, players, options, seed=3, most=40):
    """(state, Seat of the player to move) along a game of basic bots, from Onlookers."""
    bots = [engine.make_bot(game, "basic", seed=s) for s in range(players)]
    state = engine.new_game(game, players, seed=seed, **options)
    onlookers = Onlookers(state)
    while not state.is_terminal() and most:
        if state.current_player == engine.CHANCE:
            action = state.sample_chance()
        else:
            yield state, onlookers.seat(state)
            action = bots[state.current_player].choose(state)
            most -= 1
        onlookers.seen(state, action)
        state = state.apply(action)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_seat_holds_its_view_its_legal_actions_and_the_game_as_it_saw_it(game, players, options):
    for state, seat in positions(game, players, options):
        me = state.current_player
        assert (seat.game, seat.seat, seat.players, seat.move) == (
            game,
            me,
            players,
            len(state.history),
        )
        assert seat.view == json.loads(json.dumps(state.view(me)))
        assert seat.legal_actions() == state.legal_actions()
        replay, seen = state.at(0), []
        for action in state.history:
            seen.append(replay.public(action, me))
            replay = replay.apply(action)
        assert seat.events == tuple(seen)
        assert seat_of(state).to_data() == seat.to_data()


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_a_seat_reads_back_from_its_json_the_same(game, players, options):
    for _, seat in positions(game, players, options, most=15):
        again = Seat.from_data(json.loads(json.dumps(seat.to_data())))
        assert again.to_data() == seat.to_data()
        assert again.events == seat.events and again.legal_actions() == seat.legal_actions()


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
@pytest.mark.parametrize("level", ["random", "basic", "expert"])
def test_the_engine_bots_decide_the_same_from_a_seat_as_from_the_state(
    game, players, options, level
):
    most = 12 if level == "expert" and game in ("rupees", "michigan") else 30
    for state, seat in positions(game, players, options, most=most):
        again = Seat.from_data(json.loads(json.dumps(seat.to_data())))
        mover = state.current_player
        by_state = engine.make_bot(game, level, seed=mover).choose(state)
        assert engine.make_bot(game, level, seed=mover).choose(again) == by_state
        if level == "expert" and len(seat.legal) > 1:
            bot = engine.make_bot(game, level, seed=mover)
            assert bot.advise(again) == bot.advise(state)


def test_india_options_from_a_seat_are_the_states():
    for state, seat in positions("india", 4, {}, most=60):
        assert seat.legal_options() == state.legal_options()
        assert [o.action for o in seat.legal_options()] == seat.legal_actions()
    _, seat = next(positions("plates", 4, {}))
    with pytest.raises(AttributeError, match="legal_actions"):
        seat.legal_options()


def test_a_seat_not_to_move_has_no_legal_actions_and_a_seat_must_be_named_at_chance():
    state = engine.new_game("plates", 4, seed=1)
    with pytest.raises(ValueError, match="name the seat"):
        seat_of(state)
    state = state.apply(state.sample_chance())
    assert seat_of(state, 2).legal_actions() == [] and seat_of(state, 0).legal_actions()
    with pytest.raises(ValueError, match="no seat 4"):
        seat_of(state, 4)


SEED = 987_654_321_987


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=IDS)
def test_nothing_in_a_seat_leads_to_the_state_its_seed_or_its_chance(game, players, options):
    kinds = tuple(engine.GAMES[game].kinds().values())
    plain = (str, int, float, bool, type(None), engine.Event, *kinds)
    for _, seat in positions(game, players, options, seed=SEED, most=10):
        assert str(SEED) not in json.dumps(seat.to_data())
        todo = [getattr(seat, f.name) for f in dataclasses.fields(seat)]
        while todo:
            item = todo.pop()
            assert not isinstance(item, (engine.State, History, random.Random))
            if isinstance(item, dict):
                todo += [*item.keys(), *item.values()]
            elif isinstance(item, (list, tuple)):
                todo += item
            else:
                assert isinstance(item, plain), f"{type(item).__name__} in a Seat"
                if dataclasses.is_dataclass(item):
                    todo += [getattr(item, f.name) for f in dataclasses.fields(item)]


def test_a_seat_state_shows_only_its_own_seat():
    _, seat = next(positions("rummy", 3, {}))
    read = SeatState(seat)
    assert read.current_player == seat.seat and len(read.history) == seat.move
    assert read.view(seat.seat) == seat.view and read.legal_actions() == seat.legal_actions()
    for other, reveal in ((seat.seat + 1, False), (seat.seat, True)):
        with pytest.raises(ValueError, match="only its own view"):
            read.view(other, reveal)


class FirstLegal:
    """A student's strategy: the first legal action, remembering what it was given."""

    def __init__(self):
        self.given = []

    def choose(self, seat):
        self.given.append(seat)
        return seat.legal_actions()[0]


class NeverCancels(type(engine.make_bot("plates", "basic"))):
    """A student's subclass of the basic bot: its own choose is given a Seat."""

    def choose(self, seat):
        assert isinstance(seat, Seat)
        return super().choose(seat)


def test_play_gives_a_strategy_its_seat_and_the_engine_bots_the_state():
    assert reads_a_state(engine.make_bot("rupees", "expert"))
    assert not reads_a_state(FirstLegal()) and not reads_a_state(NeverCancels())
    first = FirstLegal()
    bots = [first, NeverCancels(), engine.make_bot("plates", "basic"), engine.make_bot("plates")]
    end = engine.play(engine.new_game("plates", 4, seed=2), bots)
    assert first.given and all(isinstance(s, Seat) and s.seat == 0 for s in first.given)
    again, replay = [], end.at(0)
    for action in end.history:
        if replay.current_player == 0:
            again.append(seat_of(replay).to_data())
        replay = replay.apply(action)
    assert [s.to_data() for s in first.given] == again
    state = engine.new_game("plates", 4, seed=2)
    state = state.apply(state.sample_chance())
    assert decide(FirstLegal(), state) == state.legal_actions()[0]
