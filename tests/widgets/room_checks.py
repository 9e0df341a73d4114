"""Checks of a room's tables, for each game's room tests (``room_play.Played`` plays the
room): the finished game on every table, the picture a seat is shown against a local table's,
what each seat is shown against a twin room's, and a refused action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from engine.core import encode
from engine.rooms.room import Room, Sitter
from tabletop_widgets import TABLES, present
from tabletop_widgets.remote import room_table

TRAITS = ("svg", "label", "status", "recent_title", "recent", "log", "over")
"""The board's synced traits: everything the page of a table is shown."""


def board(table: Any) -> tuple[Any, ...]:
    return tuple(getattr(table.board, trait) for trait in TRAITS)


def check_finished(played: Any) -> None:
    """The game is over; every table (the onlooker's too) logged every move, holds the real
    final game, and its over box names the room's winners."""
    end = played.room.state
    assert end.is_terminal()
    for key, table in played.tables.items():
        assert [e.move for e in table.move_log.entries] == list(range(1, len(end.history) + 1))
        assert type(table.shown) is type(end) and table.shown.history == end.history, key
        won = [table.names[w] for w in end.winners()]
        assert table.board.over.startswith(present.over_html(won, []).split("<table")[0]), key


def same_picture(played: Any, seat: int, lay_out: Callable[[Any], None] = lambda t: None) -> None:
    """Seat ``seat``'s room table draws the board a local table of the game draws for that
    seat at the room's state. The local table is made at that state and given the room
    table's names (who sits where) and its last action as the room told it, and ``lay_out``
    puts both in the same screen state (a rummy hand sorted alike): so what differs is only
    where the table reads the game from, the seat's messages or the real ``State``."""
    table = played.tables[seat]
    local = TABLES[played.room.state.game](played.room.state, humans=(seat,))
    local.names, local.last = list(table.names), table.last
    for t in (table, local):
        lay_out(t)
        t.redraw()
    for trait in ("svg", "label", "status"):
        assert getattr(table.board, trait) == getattr(local.board, trait), (seat, trait)


def rooms_along(end: engine.State, start: int, seat: int | None) -> Any:
    """``end``'s game replayed in a room from its move ``start`` on, every seat a player's:
    yields the table of ``seat`` (None: the onlooker's) after each action, made through the
    room as a client would send it."""
    state = end.at(start)
    sitters = [Sitter("player", f"Student {s}", f"user{s}") for s in range(state.num_players)]
    room = Room("TWIN", state, sitters)
    table = room_table(end.game)(room.table(seat), lambda message: None)
    yield table
    for action in end.history[start:]:
        mover = room.state.current_player
        steps = room.act(mover, len(room.state.history), encode(action))
        table.receive_room(room.steps(seat, steps))
        yield table


def check_refusals(played: Any, seat: int, illegal: Any) -> None:
    """At ``seat``'s turn: an illegal action, a stale one and one out of turn each leave
    every table as it was, and the table says why."""
    room, table = played.room, played.tables[seat]
    assert room.state.current_player == seat
    before = {key: board(t) for key, t in played.tables.items()}

    assert not table.act(illegal)
    assert "not a legal action now" in table.message.value
    move, send = len(room.state.history), played._sender(seat)
    send({"do": "act", "move": move, "action": encode(illegal)})  # past the table's own check
    assert "Not allowed" in table.message.value and len(room.state.history) == move
    send({"do": "act", "move": move - 1, "action": encode(room.state.legal_actions()[0])})
    assert "the table has moved on" in table.message.value
    other = next((k for k in played.humans if k != seat), None)
    if other is not None:
        assert not played.tables[other].act(room.state.legal_actions()[0])
        assert "it is not your turn" in played.tables[other].message.value
    assert {key: board(t) for key, t in played.tables.items()} == before
