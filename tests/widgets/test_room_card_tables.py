"""Plates, Michigan and Rupees played in a room: each seat's table and the onlooker's, fed as
the server feeds them, through the checks every game's room tables pass (room_checks.py).
India and rummy, whose tables have checks of their own (the dice, the hand's groups), have
files of their own."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
import room_checks
from room_play import ONLOOKER, Played

from engine.michigan import Withhold
from engine.plates import Challenge
from engine.rupees import NameTrump

PLAYERS = 4


@dataclass(frozen=True)
class Game:
    name: str
    illegal: Any
    """An action the rules refuse at the start of the game."""
    fast: dict[str, Any] = field(default_factory=dict)
    """Options that keep a whole game short (two deals or hands at least)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Options the whole game with options plays (with ``fast``)."""


GAMES = [
    Game("plates", Challenge()),
    Game("michigan", Withhold(), {"deals": 3}, {"mistakes_allowed": True}),
    Game("rupees", NameTrump("R"), {"target": 500_000}, {"call_partner": True, "show_widow": True}),
]
BY_NAME = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])


@BY_NAME
@pytest.mark.parametrize(
    ("bots", "seed"), [({}, 1), ({1: "basic"}, 2), ({1: "basic", 3: "random"}, 3)]
)
def test_whole_games_at_every_table(game, bots, seed):
    room_checks.whole_game(game.name, PLAYERS, bots, seed, **game.fast)


@BY_NAME
def test_whole_game_with_the_options(game):
    room_checks.whole_game(game.name, PLAYERS, {2: "basic"}, 4, **game.fast, **game.options)


@BY_NAME
def test_a_seat_sees_what_a_local_table_shows_it(game):
    assert room_checks.faithful(game.name, PLAYERS, {1: "basic"}, 5, **game.fast) > 10


@BY_NAME
@pytest.mark.parametrize("seat", [0, 2])
def test_cards_a_seat_never_sees_change_nothing_it_is_shown(game, seat):
    end, twin = room_checks.twin_deals(game.name, PLAYERS, seat)
    assert room_checks.no_leak(end, twin, seat) > 5


@BY_NAME
def test_a_refused_action_leaves_the_table_and_says_why(game):
    played = Played(game.name, PLAYERS, bots={}, seed=7)
    room_checks.refusals(played, game.illegal)


@BY_NAME
def test_a_round_over_waits_for_continue(game):
    room_checks.pauses(game.name, PLAYERS, seed=8, **game.fast)


def test_the_projector_shows_every_hand_once_the_game_is_over():
    """The onlooker's table turns every hand face up at the end (the issue's "every hand once
    the game is over"); a player's table keeps its own eyes."""
    played = Played("michigan", 3, bots={1: "basic"}, seed=4)
    played.play()
    room_checks.settle(played)
    watch, seat = played.tables[ONLOOKER], played.tables[0]
    assert watch.reveal and not seat.reveal
    end = played.room.state
    for s in range(end.num_players):
        for card in end.view(s)["hand"]:
            assert card in watch.board.svg
    assert "seen by the class" in watch.board.label
