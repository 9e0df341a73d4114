"""A room tells a seat nothing it cannot see: two games that differ only in cards a seat
never sees (``no_leak.twins``: two hidden cards swapped in the deal and everywhere after) give
that seat, and the onlooker, byte for byte the same messages (the table, then every step)
until the game is over and every hand is shown. At the Room (many games), and once over the
network (two servers, the same room code, the twin deals)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from no_leak import record, twins
from serving import Server, run
from tornado.websocket import websocket_connect

import engine
from classplay.rooms.room import Room, Sitter, Step
from classplay.rooms.store import Store, digest
from engine.values import encode

GAMES = {
    "plates": {},
    "rupees": {"target": 100_000},
    "michigan": {"deals": 1},
    "rummy": {},
}
"""The games with hidden cards, at four seats (India hides nothing)."""
SEEDS = (1, 2, 3)


class Scripted(Room):
    """A room whose chance replays ``script`` (a recorded game: its deal, rigged or not);
    every seat a player's."""

    script: tuple[Any, ...] = ()

    def advance(self) -> list[Step]:
        steps = []
        while not self.state.is_terminal() and self.state.current_player == engine.CHANCE:
            steps.append(self._apply(self.script[len(self.state.history)]))
        return steps


def told(end: engine.State, seat: int | None) -> list[str]:
    """Every message ``seat`` is told while ``end``'s game is played in a room, as JSON text;
    the last one without what the end shows (the whole game; the onlooker's hands)."""
    room = Scripted("TWIN", end.at(0), [Sitter("player", f"P{s}", f"u{s}") for s in range(4)])
    room.script = tuple(end.history)
    room.advance()
    out = [room.table(seat)]
    while not room.state.is_terminal():
        move = len(room.state.history)
        mover = room.state.current_player
        out.append(room.steps(seat, room.act(mover, move, encode(end.history[move]))))
    last = out[-1]["steps"][-1]
    assert last["record"] is not None
    last["record"] = None
    if seat is None:
        last["view"] = None
    return [json.dumps(message) for message in out]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", list(GAMES))
def test_twin_deals_tell_a_seat_and_the_onlooker_the_same(game, seed):
    end = record(game, 4, seed, **GAMES[game])
    found = list(twins(end, seat=0, seed=seed))[:2]
    assert found, f"{game}: no hidden card could be swapped in a legal game"
    for seat in (0, None):
        mine = told(end, seat)
        for twin in found:
            theirs = told(twin, seat)
            assert len(theirs) == len(mine)
            for k, (a, b) in enumerate(zip(mine, theirs, strict=True)):
                assert a == b, f"seat {seat}, message {k} differs"


KEYS = [f"seat-key-{seat}" for seat in range(4)]


def kept(db: Path, end: engine.State) -> None:
    """Keep in ``db`` a room ``TWIN`` dealt as ``end`` was, its seats its players' (they
    come with ``KEYS``)."""
    sitters = [Sitter("player", f"P{s}", f"key:{digest(KEYS[s])}") for s in range(4)]
    room = Room("TWIN", end.at(1), sitters)
    assert room.state.current_player != engine.CHANCE  # no chance after the deal
    store = Store(str(db))
    store.save(room, {"key": digest("teacher"), "user": None})
    store.close()


async def frames(url: str, end: engine.State) -> dict[int | None, list[str]]:
    """Play ``end``'s game in room ``TWIN`` at ``url``, each seat on its own connection,
    with an onlooker: every frame each connection received, as sent."""
    address = url.replace("http", "ws", 1) + "rooms/TWIN/socket"
    got: dict[int | None, list[str]] = {}
    sockets = {}
    for seat in (None, 0, 1, 2, 3):
        socket = await websocket_connect(address)
        join = {"do": "watch"} if seat is None else {"do": "join", "key": KEYS[seat]}
        await socket.write_message(json.dumps(join))
        sockets[seat], got[seat] = socket, []

    async def listen(seat):
        while True:
            text = await sockets[seat].read_message()
            if text is None:
                return
            got[seat].append(text)
            message = json.loads(text)
            done = message["type"] == "steps" and message["steps"][-1]["record"]
            if done:
                return
            latest = message["steps"][-1] if message["type"] == "steps" else message
            if seat is not None and message["type"] in ("table", "steps") and latest["legal"]:
                action = encode(end.history[latest["move"]])
                act = {"do": "act", "move": latest["move"], "action": action}
                await sockets[seat].write_message(json.dumps(act))

    await asyncio.gather(*(listen(seat) for seat in sockets))
    for socket in sockets.values():
        socket.close()
    return got


def test_twin_deals_over_the_network(tmp_path):
    end = record("plates", 4, 5)
    twin = next(twins(end, seat=0, seed=5))
    told_by = []
    for name, game in (("one", end), ("twin", twin)):
        db = tmp_path / f"{name}.sqlite"
        kept(db, game)
        server = Server(db)
        try:
            told_by.append(run(frames(server.url, game)))
        finally:
            server.stop()
    one, other = told_by
    for seat in (0, None):
        assert len(one[seat]) == len(other[seat]) > len(end.history) // 4
        assert one[seat][:-1] == other[seat][:-1]  # the last shows the whole game
    assert any(one[seat] != other[seat] for seat in (1, 2, 3))  # the swap shows to another
