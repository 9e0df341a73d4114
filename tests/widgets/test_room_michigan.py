"""michigan played in a room: each seat's table and the onlooker's, fed as the server feeds them
(the checks: room_checks.py)."""

from __future__ import annotations

import pytest
import room_checks
from room_play import ONLOOKER, Played

from engine.michigan import Withhold

GAME, PLAYERS = "michigan", 4
FAST = {"deals": 3}
"""Options that keep a whole game short (two deals or hands at least)."""


@pytest.mark.parametrize(
    ("bots", "seed"), [({}, 1), ({1: "basic"}, 2), ({1: "basic", 3: "random"}, 3)]
)
def test_whole_games_at_every_table(bots, seed):
    room_checks.whole_game(GAME, PLAYERS, bots, seed, **FAST)


def test_whole_game_with_the_options():
    room_checks.whole_game(GAME, PLAYERS, {2: "basic"}, 4, **{"deals": 3, "mistakes_allowed": True})


def test_a_seat_sees_what_a_local_table_shows_it():
    assert room_checks.faithful(GAME, PLAYERS, {1: "basic"}, 5, **FAST) > 10


@pytest.mark.parametrize("seat", [0, 2])
def test_cards_a_seat_never_sees_change_nothing_it_is_shown(seat):
    end, twin = room_checks.twin_deals(GAME, PLAYERS, seat)
    assert room_checks.no_leak(end, twin, seat) > 5


def test_a_refused_action_leaves_the_table_and_says_why():
    played = Played(GAME, PLAYERS, bots={}, seed=7)
    room_checks.refusals(played, Withhold())


def test_a_round_over_waits_for_continue():
    room_checks.pauses(GAME, PLAYERS, seed=8, **FAST)


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
