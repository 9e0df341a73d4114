"""Bots never decide on the server's event loop: a room of expert bots is made at once and
plays on in worker processes while another room's players are answered as quickly as ever; a
bot past its budget makes a random legal move; a room left idle for its teacher's time closes,
kept only as the record of its game."""

from __future__ import annotations

import asyncio
import time

import pytest
from serving import Player, Server, run

from classplay.rooms.client import create_room, room_info, teacher
from classplay.rooms.room import Refused, replay
from classplay.rooms.server import Hall, PooledRoom
from classplay.rooms.store import Store, digest

EXPERTS = {seat: "expert" for seat in range(4)}


@pytest.mark.slow
def test_expert_bots_do_not_hold_up_other_rooms(tmp_path):
    server = Server(tmp_path / "rooms.sqlite", args=("--bot-seconds", "3"))
    try:
        started = time.monotonic()
        busy = [
            create_room(server.url, game, 4, bots=EXPERTS)[0] for game in ("rupees", "michigan")
        ]
        assert time.monotonic() - started < 5  # answered at once (on the loop: minutes)
        code, _ = create_room(server.url, "plates", 4, bots={1: "basic", 2: "basic", 3: "basic"})

        async def main() -> list[float]:
            player = Player("plates")
            await player.client.connect(server.url, code, name="Asha")
            waits = []
            for _ in range(6):  # each of Asha's moves: the bots' answers come back
                if player.client.latest["record"] is not None:
                    break
                move = player.client.latest["move"]
                sent = time.monotonic()
                await player.play(until=move + 1)
                while not player.client.latest["legal"] and player.client.latest["record"] is None:
                    player.check(await asyncio.wait_for(player.client.receive(), 30))
                waits.append(time.monotonic() - sent)
            await player.client.close()
            return waits

        waits = run(main(), 120)
        # basic bots in a worker of their own: about half a second on a quiet machine (with the
        # experts on the event loop, a room of them held every room for minutes)
        assert waits and max(waits) < 10, waits
        for busy_code in busy:
            assert room_info(server.url, busy_code)["move"] > 0  # the experts play on
    finally:
        server.stop()
    assert "Traceback" not in server.log()


def test_a_bot_past_its_budget_makes_a_random_legal_move():
    async def main() -> PooledRoom:
        hall = Hall(Store(), hub=None, bot_seconds=1e-4)
        room = PooledRoom.create("SLOW", "rupees", 4, bots=EXPERTS, seed=3)
        hall.create(room, {"key": digest("k" * 32), "user": None})
        while room.code in hall.thinking:
            await asyncio.sleep(0.01)
        for pool in hall.pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        return room

    room = run(main(), 300)
    assert room.state.is_terminal()
    assert replay(room.record()).history == room.state.history  # every move a legal one


def test_an_idle_room_closes_and_keeps_its_record(server: Server) -> None:
    code, key = create_room(server.url, "plates", 4, bots={3: "basic"}, idle=0.5)
    assert room_info(server.url, code)["room"] == code
    with pytest.raises(Refused, match="idle is a number"):
        teacher(server.url, code, key, {"do": "idle", "seconds": -1})
    store = Store(str(server.db))
    time.sleep(1)
    hall = Hall(store, hub=None)
    hall.sweep()  # what the server does every minute
    assert code not in store.codes()
    record = store.finished(code)
    assert record is not None and record["code"] == code and record["game"] == "plates"
    assert "key" not in str(record) and "teacher" not in record  # the game alone
    hall.rooms.clear()
    with pytest.raises(Exception, match="410"):
        hall.live(code)
    store.close()
