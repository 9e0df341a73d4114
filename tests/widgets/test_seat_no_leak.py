"""A strategy's Seat shows nothing hidden: two games that differ only in cards a seat never
sees give that seat equal Seats (the same JSON of everything a Seat holds) at every move, its
turn or not. See ``no_leak.py``."""

from __future__ import annotations

import json

import pytest
from no_leak import record, twins
from test_no_leak import GAMES, SEEDS

from engine.seat import Onlookers


def seats(end, seat):
    """The JSON of ``seat``'s Seat after every move of ``end``'s game."""
    state = end.at(0)
    onlookers, out = Onlookers(state), []
    for action in end.history:
        out.append(json.dumps(onlookers.seat(state, seat).to_data(), sort_keys=True))
        onlookers.seen(state, action)
        state = state.apply(action)
    return out


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", list(GAMES))
def test_twin_games_give_a_seat_equal_seats(name, seed):
    players, options, bots = GAMES[name]
    end = record(name.split("-")[0], players, seed, bots=bots, **options)
    found = list(twins(end, seat=0, seed=seed))[:2]
    assert found, f"{name}: no hidden card could be swapped in a legal game"
    mine = seats(end, 0)
    for twin in found:
        for k, (a, b) in enumerate(zip(mine, seats(twin, 0), strict=True)):
            assert a == b, f"move {k}: seat 0's Seat differs"
