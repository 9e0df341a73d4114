"""The room flow on the students' and the projector's tables (issue 36): every screen says
whose Continue holds the table; the game-over box of a room table has no New game (the
teacher deals the next one); the seats line says who has joined and who is awaited."""

from __future__ import annotations

from room_play import ONLOOKER, Played

import engine
from tabletop_widgets.classplay.rooms import seats_html


def to_a_round_end(played: Played) -> None:
    """Play until a round ends: every student's table pauses there."""
    room = played.room
    while not any(t.paused for s, t in played.tables.items() if s != ONLOOKER):
        table = played.tables[room.state.current_player]
        assert table.act(engine.make_bot("plates", "basic", seed=1).choose(table.shown))


def test_every_screen_says_whose_continue_holds_the_table():
    played = Played("plates", 3, bots={2: "basic"}, seed=3)
    room = played.room
    to_a_round_end(played)
    mover = room.state.current_player
    assert mover in (0, 1)
    other = 1 - mover
    name = f"Student {mover}"
    assert room.sitters[mover].paused
    assert "the table waits for you" in played.tables[mover].board.status
    if played.tables[other].paused:  # their own Continue first, then whose holds the table
        assert "Waiting for" not in played.tables[other].board.status
        assert "Continue" in played.tables[other].board.status
        played.tables[other].resume()
    for key in (other, ONLOOKER):
        assert f"Waiting for {name}: Continue" in played.tables[key].board.status, key
    played.tables[mover].resume()
    assert not room.sitters[mover].paused
    for key in (other, ONLOOKER):
        assert "Waiting for" not in played.tables[key].board.status
        assert f"{name} to move" in played.tables[key].board.status


def test_a_room_tables_game_over_has_no_new_game():
    played = Played("plates", 3, bots={1: "basic", 2: "basic"}, seed=4)
    played.play()
    for table in played.tables.values():
        while table.paused:
            table.resume()
        assert table.board.over
        assert "new-game" not in table.board.over
        assert "teacher deals the next game" in table.board.over


def test_the_seats_line_says_who_has_joined_and_who_is_awaited():
    sitters = [
        {"kind": "player", "name": "Asha", "away": False},
        {"kind": "open", "name": "", "away": False},
        {"kind": "bot", "name": "Bot 2", "away": False},
        {"kind": "player", "name": "Ben", "away": True},
    ]
    lobby = seats_html(sitters, 0, started=False)
    assert "Waiting for the game to start" in lobby
    assert "Asha (you)" in lobby and "Bot 2 (a bot)" in lobby and "Awaited: seat 1" in lobby
    playing = seats_html(sitters, None, started=True)
    assert "Waiting for the game" not in playing and "Ben, away: a bot plays" in playing
