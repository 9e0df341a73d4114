"""The rooms kept in SQLite: a room comes back as it was saved; a damaged one raises
``SaveError`` naming it, and the server answers it as unavailable and goes on; no key is kept
in clear."""

from __future__ import annotations

import json
import sqlite3

import pytest
from serving import Player, Server, run

from classplay.rooms.client import create_room, room_info
from classplay.rooms.room import Refused, Room
from classplay.rooms.store import Store, digest
from engine.values import SaveError


def rooms() -> list[Room]:
    played = Room.create("PLAY", "rummy", 3, bots={1: "basic", 2: "basic"}, seed=4)
    played.sit("key:abc", 0, "Asha")
    return [Room.create("NEW2", "plates", 4, seed=2, takeover=30.0), played]


def test_a_room_comes_back_as_it_was_saved():
    store = Store()
    for room in rooms():
        store.save(room, {"key": digest("k"), "user": None})
    assert store.codes() == ["NEW2", "PLAY"]
    for room in rooms():
        back = store.load(room.code)
        assert back is not None and back.record() == room.record()
        assert back.table(0) == room.table(0) and back.table(None) == room.table(None)
    assert store.teacher("PLAY") == {"key": digest("k"), "user": None}
    assert store.load("NONE") is None and store.teacher("NONE") is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda record: "{not json",
        lambda record: json.dumps([record]),
        lambda record: json.dumps({**record, "game": "chess"}),
        lambda record: json.dumps({**record, "history": record["history"][::-1]}),
        lambda record: json.dumps({**record, "sitters": record["sitters"][:1]}),
    ],
)
def test_a_damaged_room_names_itself(damage):
    store = Store()
    room = rooms()[1]
    store.save(room, {})
    bad = damage(room.record())
    store.db.execute("UPDATE rooms SET record = ? WHERE code = 'PLAY'", (bad,))
    with pytest.raises(SaveError, match="room PLAY"):
        store.load("PLAY")


def test_the_server_answers_a_damaged_room_as_unavailable(tmp_path):
    db = tmp_path / "rooms.sqlite"
    store = Store(str(db))
    for room in rooms():
        store.save(room, {"key": digest("k"), "user": None})
    store.db.execute("UPDATE rooms SET record = '{\"game\": 1}' WHERE code = 'PLAY'")
    store.close()
    server = Server(db)
    try:
        with pytest.raises(Refused, match=r"room PLAY is unavailable \(HTTP 503"):
            room_info(server.url, "PLAY")
        assert room_info(server.url, "NEW2")["game"] == "plates"
        assert server.alive()
    finally:
        server.stop()


def test_no_key_is_kept_in_clear(server):
    code, key = create_room(server.url, "plates", 4, bots={1: "basic", 2: "basic", 3: "basic"})

    async def main():
        player = Player("plates")
        await player.client.connect(server.url, code, name="Asha")
        await player.play()
        await player.client.close()
        return player.client.key

    seat_key = run(main())
    db = sqlite3.connect(server.db)
    (record, kept) = db.execute(
        "SELECT record, teacher FROM rooms WHERE code = ?", (code,)
    ).fetchone()
    db.close()
    assert json.loads(record)["sitters"][0]["user"] == f"key:{digest(seat_key)}"
    assert json.loads(kept)["key"] == digest(key)
    text = b"".join(path.read_bytes() for path in server.db.parent.glob(server.db.name + "*"))
    assert key.encode() not in text and seat_key.encode() not in text


def test_a_room_nobody_is_at_leaves_memory_and_comes_back_from_the_store():
    """The server holds only the rooms in play: one with no connection (and no stand-in due)
    goes from memory and is read back from the store, as it was, when next asked for."""
    from classplay.rooms.server import Hall

    hall = Hall(Store(), hub=None)
    room = rooms()[0]
    hall.create(room, {"key": digest("k" * 32), "user": None})
    assert room.code not in hall.rooms  # made, kept in the store, nobody there yet
    live = hall.live(room.code)
    assert hall.rooms[room.code] is live
    hall.forget(live)
    assert room.code not in hall.rooms
    back = hall.live(room.code)
    assert back is not live and back.room.record() == room.record()


def test_one_address_makes_at_most_so_many_rooms_a_minute():
    from classplay.rooms.server import ROOMS_A_MINUTE, Hall

    hall = Hall(Store(), hub=None)
    assert all(hall.may_make("10.0.0.7") for _ in range(ROOMS_A_MINUTE))
    assert not hall.may_make("10.0.0.7")
    assert hall.may_make("10.0.0.8")  # another student's laptop
