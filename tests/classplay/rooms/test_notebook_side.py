"""The notebook's side of a room (``tabletop_widgets.classplay.rooms``) against a real room
server: a seat's table arrives and moves, a dropped connection comes back to its seat with the
table as it stands, the join form refuses a code that is not one, and
the teacher's key never shows."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from serving import Server, run

import engine
from classplay.rooms.client import create_room, room_info
from tabletop_widgets.classplay.rooms import Hosted, JoinForm, Seated, host, join, join_from_address


async def until(done: Callable[[], Any], seconds: float = 20) -> None:
    """Let the event loop run (the connection's messages arrive) until ``done()``."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the table never got there")


def test_a_seats_table_arrives_and_moves(server: Server) -> None:
    code, _key = create_room(server.url, "plates", 3, bots={1: "basic", 2: "basic"})

    async def play() -> None:
        seated = join(server.url, room=code.lower(), name="Asha")  # any case, as typed
        assert isinstance(seated, Seated)
        await until(lambda: seated.table is not None)
        table = seated.table
        assert seated.line.value.count(f"Room {code}, seat 0")
        assert table.room == code and repr(table).count(f"room {code}")
        start = len(table.latest.history)
        while table.human_to_act() is None or table.paused:
            if table.paused:
                table.resume()
            await asyncio.sleep(0.02)
        action = engine.make_bot("plates", "basic").choose(table.shown)
        assert table.act(action)
        assert not table.act(action)  # a second click before the answer: refused, not sent
        await until(lambda: len(table.latest.history) > start + 1)
        assert room_info(server.url, code)["move"] >= len(table.latest.history)
        mine = [line for line in table.log_lines if line.startswith("You ")]
        assert mine, table.log_lines
        seated.close()

    run(play(), 60)


def test_a_dropped_connection_comes_back_to_its_seat(fresh_server: Server) -> None:
    code, _key = create_room(fresh_server.url, "plates", 3, bots={1: "basic", 2: "basic"})

    async def play() -> None:
        seated = join(fresh_server.url, room=code, name="Asha")
        await until(lambda: seated.table is not None)
        moves = len(seated.table.latest.history)
        fresh_server.kill()
        await until(lambda: "Connection lost" in seated.line.value)
        assert "tt-offline" in seated._dom_classes  # the table greyed, one large line
        assert 'role="alert"' in seated.line.value
        fresh_server.start()  # the same file, a new port: the seat's client follows the url
        seated.client.url = fresh_server.url
        await until(lambda: f"Room {code}, seat 0" in seated.line.value, seconds=30)
        assert len(seated.table.latest.history) == moves
        assert "tt-offline" not in seated._dom_classes
        assert room_info(fresh_server.url, code)["sitters"][0]["name"] == "Asha"
        seated.close()

    run(play(), 90)


def test_the_join_form_refuses_what_is_not_a_code() -> None:
    form = join(room="")
    assert isinstance(form, JoinForm)
    form.code.value = "K7"
    assert form.join() is None
    assert "4 letters" in form.note.value
    with pytest.raises(ValueError, match="4 letters"):
        join(room="K7Q2!")


def test_the_room_page_reads_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "room=K7&name=Asha")
    form = join_from_address()
    assert form.code.value == "K7" and form.name.value == "Asha"
    assert "4 letters" in form.note.value  # a bad code in the address: said, nothing joined


def test_host_keeps_the_teachers_key_off_the_screen(server: Server) -> None:
    room = host("rummy", 2, bots={1: "basic"}, url=server.url)
    assert isinstance(room, Hosted)
    shown = room._repr_html_() + repr(room)
    assert room.code in shown and room._key not in shown
    assert room.info()["game"] == "rummy"
    assert room.allow_hints()["game"] == "rummy"


def test_host_without_a_server_says_so() -> None:
    with pytest.raises(ConnectionError, match="tabletop-rooms serve"):
        host("plates", 4, url="http://127.0.0.1:9")


def test_a_second_tab_takes_the_seat_and_the_first_says_so(server: Server) -> None:
    code, _key = create_room(server.url, "plates", 3, bots={1: "basic", 2: "basic"})

    async def play() -> None:
        first = join(server.url, room=code, name="Asha")
        await until(lambda: first.table is not None)
        second = Seated(server.url, code, key=first.client.key)  # the same seat, elsewhere
        await until(lambda: "another tab" in first.line.value)
        assert first.children == (first.line,)
        await until(lambda: second.table is not None)
        assert second.client.seat == first.client.seat == 0
        second.close()

    run(play(), 60)
