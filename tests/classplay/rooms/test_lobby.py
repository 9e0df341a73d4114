"""A room's lobby (issue 36): seats fill with nothing dealt and no bot moving; the game starts
when the teacher starts it or when every seat is taken; a player's pending Continue is known
to every seat."""

from __future__ import annotations

import pytest

from classplay.rooms.room import Refused, Room


def test_nothing_is_dealt_and_no_bot_moves_until_every_seat_is_taken():
    room = Room.create("LOBY", "plates", 3, bots={2: "basic"}, seed=1)
    assert not room.started and room.state.history == ()
    assert room.awaited() == [0, 1]
    room.sit("asha", name="Asha")
    assert not room.started and room.state.history == ()
    with pytest.raises(Refused, match="not started"):
        room.act(0, 0, {"type": "Challenge"})
    assert room.table(0)["started"] is False and room.sitters_message()["started"] is False
    room.sit("ben", name="Ben")  # the last seat: the game starts, dealt
    assert room.started and room.state.history
    assert room.table(1)["started"] is True


def test_the_teacher_starts_the_game_and_open_seats_wait():
    room = Room.create("LOBY", "rupees", 4, bots={1: "basic", 2: "basic", 3: "basic"}, seed=2)
    assert not room.started
    steps = room.start()
    assert room.started and steps and room.state.current_player == 0  # the open seat waits
    with pytest.raises(Refused, match="started already"):
        room.start()
    room.sit("asha", name="Asha")
    assert room.seat_of("asha") == 0


def test_a_bot_for_the_last_open_seat_starts_the_game():
    room = Room.create("LOBY", "plates", 3, bots={2: "basic"}, seed=3)
    room.sit("asha")
    assert room.make_bot(1) and room.started


def test_a_room_of_bots_alone_starts_at_once_and_records_keep_the_lobby():
    bots = Room.create("BOTS", "plates", 3, bots={0: "basic", 1: "basic", 2: "basic"}, seed=4)
    assert bots.started and bots.state.is_terminal()
    lobby = Room.create("LOBY", "plates", 3, seed=5)
    again = Room.from_record(lobby.record())
    assert not again.started and again.state.history == ()
    old = {k: v for k, v in bots.record().items() if k != "started"}  # a record from before
    assert Room.from_record(old).started


def test_a_pending_continue_is_told_to_every_seat():
    room = Room.create("LOBY", "plates", 3, bots={2: "basic"}, seed=6)
    room.sit("asha", name="Asha")
    room.sit("ben", name="Ben")
    room.pause(0, True)
    assert room.sitters_message()["sitters"][0]["paused"] is True
    with pytest.raises(Refused):
        room.pause(0, "yes")
    room.sit("asha")  # coming back: a fresh table, no pause
    assert room.sitters[0].paused is False
    room.pause(2, True)  # a bot's table never waits
    assert room.sitters[2].paused is False
