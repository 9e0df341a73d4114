"""India's table in a room (``tabletop_widgets.classplay.remote``): every seat's table plays
whole games from the server's messages, draws what a local table draws, shows the server's
throws on its dice (in a room the server throws: there is no Throw to click), and the
projector's table draws the whole board."""

from __future__ import annotations

import pytest
from room_checks import finished, refusals, same_picture
from room_play import ONLOOKER, Played

from engine.india import Move
from tabletop_widgets.render.india import used_dice

GAMES = [(2, {}, 1), (2, {1: "basic"}, 2), (4, {1: "basic"}, 4), (4, {1: "basic", 3: "random"}, 5)]
"""(players, bots, seed): 0, 1 and 2 bot seats."""


def dice_are_the_servers(played: Played, seat: int) -> None:
    """At the seat's turn its dice show the throw the server made, the dice used greyed."""
    state, dice = played.room.state, played.tables[seat].dice
    assert dice.values == [state.thrown.a, state.thrown.b]
    assert dice.used == used_dice(dice.values, state.dice)


@pytest.mark.parametrize(("players", "bots", "seed"), GAMES)
def test_whole_games_in_a_room(players, bots, seed):
    played = Played("india", players, bots=bots, seed=seed)
    throws: dict[int, int] = {}

    def at_turn(seat: int) -> None:
        dice_are_the_servers(played, seat)
        table = played.tables[seat]
        throws.setdefault(seat, table.dice.throws)
        if len(played.room.state.history) % 11 == 0:
            same_picture(played, seat)

    played.play(before=at_turn)
    finished(played)
    assert all(played.tables[s].dice.throws != n for s, n in throws.items())  # they tumbled


def test_partners_in_a_room():
    played = Played("india", 4, bots={1: "basic", 3: "basic"}, seed=6, partners=True)

    def at_turn(seat: int) -> None:
        if len(played.room.state.history) % 9 == 0:
            same_picture(played, seat)

    played.play(before=at_turn)
    finished(played)
    assert played.tables[0].shown.partners


def test_no_throw_to_click_in_a_room():
    """The server throws as soon as a turn comes: the button is not shown, a throw asked for
    is refused with why, and the status never asks for a click."""
    played = Played("india", 2, bots={1: "basic"}, seed=7)
    table = played.tables[0]
    assert table.throw_button.layout.display == "none"
    assert not table.throw() and "thrown for you" in table.message.value
    assert played.room.state.current_player == 0 and "click Throw" not in table.board.status
    dice_are_the_servers(played, 0)


def test_refusals_leave_the_tables_as_they_were():
    played = Played("india", 2, seed=8)
    refusals(played, Move(0, 12))


def test_the_projectors_table_draws_the_board():
    """The onlooker sees the whole board (India hides nothing) and cannot move."""
    played = Played("india", 4, bots={1: "basic"}, seed=9)
    watch = played.tables[ONLOOKER]
    assert "<svg" in watch.board.svg and watch.move_list.children == ()
    assert not watch.act(played.room.state.legal_actions()[0])
    assert "projector" in watch.message.value
