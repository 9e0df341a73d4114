"""Property-based fuzzing (hypothesis) of the two doors bad input comes in by: a saved game, and
an action built by hand. Whatever comes in, the contract holds: ``from_json`` returns a game
or raises ``SaveError``, nothing else; an action of the wrong type or range is refused with
``IllegalAction`` and the state it was offered to is untouched.

The runs are derandomized (the same examples on every run and every machine) and keep no
example database, so CI is reproducible.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction, SaveError
from engine.saves import _digest

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow],
)
GAMES = sorted(engine.GAMES)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**18, max_value=10**40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON data, numbers too long for a game included."""

field_values = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-3, max_value=60)
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(["10H", "JK", "R8", "Tiger", "123456", "", "♠"])
    | st.lists(st.integers(min_value=0, max_value=9), max_size=3)
)
"""What a careless or hostile caller might put in an action's field."""


def played(game: str, steps: int = 40) -> engine.State:
    """A game some way in, by seeded random bots."""
    state = engine.new_game(game, seed=3)
    bots = [engine.make_bot(game, "random", seed=k) for k in range(state.num_players)]
    while not state.is_terminal() and len(state.history) < steps:
        seat = state.current_player
        action = state.sample_chance() if seat == engine.CHANCE else bots[seat].choose(state)
        state = state.apply(action)
    return state


SAVES = {game: json.loads(played(game).to_json()) for game in GAMES}


def resigned(body: dict) -> str:
    body = {k: v for k, v in body.items() if k != "digest"}
    body["digest"] = _digest(body)
    return json.dumps(body)


def loads_or_refuses(text: str | bytes) -> None:
    with contextlib.suppress(SaveError):
        engine.from_json(text)


@FUZZ
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_loads_or_is_a_save_error(text):
    loads_or_refuses(text)


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_any_edit_of_a_save_loads_or_is_a_save_error(game, data):
    """An edited save with its digest recomputed (a careful forger): every part of it may be
    replaced by any JSON."""
    body = copy.deepcopy(SAVES[game])
    where = data.draw(st.sampled_from(["players", "seed", "options", "history", "action", "field"]))
    if where in ("players", "seed", "options", "history"):
        body[where] = data.draw(json_values)
    elif body["history"]:
        k = data.draw(st.integers(0, len(body["history"]) - 1))
        if where == "action":
            body["history"][k] = data.draw(json_values)
        elif isinstance(body["history"][k], dict):
            fields = sorted(body["history"][k])
            name = data.draw(st.sampled_from(fields))
            body["history"][k][name] = data.draw(json_values)
    loads_or_refuses(resigned(body))


def action_cases():
    for game in GAMES:
        for kind in engine.GAMES[game].ACTIONS:
            if kind is not engine.Shuffle:
                yield pytest.param(game, kind, id=f"{game}-{kind.__name__}")


@pytest.mark.parametrize(("game", "kind"), list(action_cases()))
@FUZZ
@given(data=st.data())
def test_an_action_of_any_fields_is_refused_or_applied_cleanly(game, kind, data):
    values = {f.name: data.draw(field_values) for f in dataclasses.fields(kind)}
    try:
        action = kind(**values)
    except IllegalAction:
        return
    state = PLAYED[game]
    before = {k: copy.copy(v) for k, v in vars(state).items()}
    with contextlib.suppress(IllegalAction):
        state.apply(action)
    assert {k: copy.copy(v) for k, v in vars(state).items()} == before


PLAYED = {game: played(game) for game in GAMES}
