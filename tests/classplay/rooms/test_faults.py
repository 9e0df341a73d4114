"""What goes wrong in a classroom: a dropped connection (the seat waits, or a bot stands in
after the teacher's time, until the player is back), a second tab for a seat, a server killed
mid-game and started again on its file, and a hostile client."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import pytest
from serving import Player, run, seated
from tornado.httpclient import HTTPClientError
from tornado.websocket import websocket_connect

from classplay.rooms.client import Client, create_room, room_info, teacher
from classplay.rooms.room import Refused, replay


def test_a_player_comes_back_to_the_table_as_it_stands(server):
    code, _ = create_room(server.url, "rummy", 4, bots={2: "basic", 3: "basic"})

    async def main():
        one, two = await seated(server.url, code, 2, "rummy")
        await asyncio.gather(one.play(until=8), two.play(until=8))
        await one.client.close()
        before = one.client.latest
        await asyncio.sleep(0.3)  # no takeover: the seat waits
        moved = room_info(server.url, code)["move"]
        table = await one.reconnect()
        assert table["seat"] == before["seat"] and table["move"] == moved >= before["move"]
        assert table["events"][: len(before["events"])] == before["events"]
        assert table["view"] == one.client.latest["view"]
        ends = await asyncio.gather(one.play(), two.play())
        await one.client.close()
        await two.client.close()
        return ends

    ends = run(main())
    assert ends[0]["record"] == ends[1]["record"]
    assert replay(ends[0]["record"]).returns() == ends[0]["returns"]


def test_a_second_tab_replaces_the_first(server):
    code, _ = create_room(server.url, "plates", 4, bots={1: "basic", 2: "basic", 3: "basic"})

    async def main():
        first = Client()
        await first.connect(server.url, code, name="Asha")
        second = Client()
        table = await second.connect(server.url, code, key=first.key)
        assert table["seat"] == first.seat
        kinds = [(await first.receive())["type"] for _ in range(4)]
        assert kinds == ["joined", "table", "replaced", "closed"]
        player = Player("plates")
        player.client = second
        end = await player.play()
        await second.close()
        return end

    assert run(main())["record"] is not None


def test_the_server_killed_mid_game_loses_nothing(fresh_server):
    code, _ = create_room(fresh_server.url, "rummy", 4, bots={3: "basic"})

    async def main():
        players = await seated(fresh_server.url, code, 3, "rummy")
        await asyncio.gather(*(p.play(until=12) for p in players))
        fresh_server.kill()
        seen = [p.client.latest for p in players]
        fresh_server.start()  # the same file, another port
        for p, before in zip(players, seen, strict=True):
            p.client.url = fresh_server.url
            table = await p.reconnect()
            assert table["move"] >= before["move"]  # saved before it was sent
            assert table["events"][: len(before["events"])] == before["events"]
        ends = await asyncio.gather(*(p.play() for p in players))
        for p in players:
            await p.client.close()
        return ends

    ends = run(main())
    assert all(end["record"] == ends[0]["record"] for end in ends)
    assert replay(ends[0]["record"]).returns() == ends[0]["returns"]


def test_a_bot_stands_in_after_the_teachers_time_until_the_player_is_back(server):
    code, key = create_room(server.url, "plates", 4, bots={2: "basic", 3: "basic"})
    teacher(server.url, code, key, {"do": "takeover", "seconds": 0.3})

    async def main():
        one, two = await seated(server.url, code, 2, "plates")
        watcher = Client()
        await watcher.connect(server.url, code, watch=True)
        gone = time.monotonic()
        await one.client.close()
        while not watcher.latest["sitters"][0]["away"]:
            assert (await watcher.receive())["type"] != "closed"
        waited = time.monotonic() - gone
        await asyncio.gather(two.play(until=watcher.latest["move"] + 6))
        await one.reconnect()
        assert not one.client.latest["sitters"][0]["away"]
        ends = await asyncio.gather(one.play(), two.play())
        for client in (one.client, two.client, watcher):
            await client.close()
        return waited, ends

    waited, ends = run(main())
    assert 0.3 <= waited < 3
    assert ends[0]["record"] == ends[1]["record"]


# ---------------------------------------------------------------- a hostile client


async def hostile(url: str, code: str) -> tuple[list[dict], list[str]]:
    """Everything hostile clients are answered, message by message, at the seats of a
    two-player rummy room; and the seats' keys."""
    address = url.replace("http", "ws", 1) + f"rooms/{code}/socket"

    async def say(socket, message) -> dict:
        await socket.write_message(message if isinstance(message, str) else json.dumps(message))
        return json.loads(await socket.read_message())

    first = await websocket_connect(address)
    answers = [
        await say(first, {"do": "act", "move": 0, "action": None}),  # before joining
        await say(first, "{{not json"),
        await say(first, "[1, 2]"),
        await say(first, "[" * 5000 + "]" * 5000),
        await say(first, {"do": "join", "seat": "zero"}),
        await say(first, {"do": "join", "seat": 99}),
        await say(first, {"do": "join", "seat": 0, "key": 7}),
        await say(first, {"do": "join", "seat": 0, "key": "a key of nobody's"}),
        await say(first, {"do": "join", "seat": 0, "name": ["a", "list"]}),
    ]
    joined = [await say(first, {"do": "join", "seat": 0, "name": "Mallory"})]
    tables = [json.loads(await first.read_message())]
    second = await websocket_connect(address)
    joined.append(await say(second, {"do": "join", "seat": 1}))
    tables.append(json.loads(await second.read_message()))
    tables[0] = json.loads(await first.read_message())  # every seat taken: the game starts
    mover, idle = (first, second) if tables[0]["legal"] else (second, first)
    table = tables[0] if tables[0]["legal"] else tables[1]
    move, legal = table["move"], table["legal"]
    assert legal and json.dumps(legal[0]) != json.dumps({"type": "Drop"})
    answers += [
        await say(mover, {"do": "join", "seat": 1}),
        await say(mover, {"do": "act", "move": move + 5, "action": legal[0]}),
        await say(mover, {"do": "act", "move": str(move), "action": legal[0]}),
        await say(mover, {"do": "act", "move": move, "action": {"type": "Bid", "amount": 3}}),
        await say(mover, {"do": "act", "move": move, "action": {"type": "Discard", "card": "Z"}}),
        await say(mover, {"do": "act", "move": move, "action": {"type": "Nope"}}),
        await say(mover, {"do": "act", "move": move, "action": "x" * 60_000}),
        await say(mover, {"do": "fly"}),
        await say(mover, {"do": ["act"]}),
        await say(idle, {"do": "act", "move": move, "action": legal[0]}),  # not its turn
    ]
    watcher = await websocket_connect(address)
    assert await say(watcher, {"do": "watch"}) == {"type": "joined", "seat": None}
    assert json.loads(await watcher.read_message())["type"] == "table"
    answers.append(await say(watcher, {"do": "act", "move": move, "action": legal[0]}))
    await mover.write_message("x" * 70_000)  # longer than a message may be: closed
    assert await mover.read_message() is None
    flood = await websocket_connect(address)
    for _ in range(300):
        await flood.write_message(json.dumps({"do": "watch"}))
    said = []
    while (text := await flood.read_message()) is not None:
        said.append(json.loads(text).get("reason"))
    answers.append({"type": "flood", "said": said})
    for socket in (idle, watcher):
        socket.close()
    return answers, [j["key"] for j in joined], move


def test_a_hostile_client_is_refused_and_the_game_goes_on(server):
    code, _ = create_room(server.url, "rummy", 2)
    assert room_info(server.url, code)["move"] == 0  # the lobby: nothing dealt
    answers, keys, started = run(hostile(server.url, code))
    *refusals, flood = answers
    assert [a["type"] for a in refusals] == ["refused"] * len(refusals)
    assert all(a["reason"] and a["move"] in (0, started) for a in refusals)
    assert "too many messages: slow down" in flood["said"]
    assert len(flood["said"]) < 300  # closed before its messages ran out
    after = room_info(server.url, code)
    assert after["move"] == started
    assert [s["name"] for s in after["sitters"]] == ["Mallory", "Player 1"]

    async def honest():
        with pytest.raises(Refused, match="taken"):
            await Client().connect(server.url, code, seat=0)  # no key, no seat
        players = [Player("rummy", seed=seat) for seat in (0, 1)]
        for player, key in zip(players, keys, strict=True):
            await player.client.connect(server.url, code, key=key)
        ends = await asyncio.gather(*(p.play() for p in players))
        for player in players:
            assert not player.refused
            await player.client.close()
        return ends

    ends = run(honest())
    assert ends[0]["record"] == ends[1]["record"] and server.alive()


def test_hostile_http_is_refused(server):
    code, key = create_room(server.url, "plates", 4)
    for message, who in [
        ({"do": "next"}, None),
        ({"do": "next"}, "not the key"),
        ({"do": "bot", "seat": "x"}, key),
        ({"do": "bot", "seat": 9}, key),
        ({"do": "bot", "seat": 1, "level": "wizard"}, key),
        ({"do": "hints", "on": "yes"}, key),
        ({"do": "takeover", "seconds": -1}, key),
        ({"do": "undo"}, key),
    ]:
        with pytest.raises(Refused):
            teacher(server.url, code, who, message)
    for game, players in [("chess", 2), ("plates", 99)]:
        with pytest.raises(Refused, match="no room made"):
            create_room(server.url, game, players)
    for body in [
        b"{not json",
        b"[]",
        b'{"game": "plates", "players": "four"}',
        b'{"game": "plates", "options": 7}',
        b'{"game": "plates", "bots": {"x": "basic"}}',
        b'{"game": "plates", "hints": "yes"}',
        b'{"game": "plates", "takeover": "soon"}',
        b"{" + b" " * 70_000 + b"}",
    ]:
        request = urllib.request.Request(server.url + "rooms", body, method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code in (400, 413)
    with pytest.raises(Refused, match="404"):
        room_info(server.url, "ZZZZ")

    async def no_room():
        await websocket_connect(server.url.replace("http", "ws", 1) + "rooms/ZZZZ/socket")

    with pytest.raises(HTTPClientError, match="404"):
        run(no_room())
    assert room_info(server.url, code)["move"] == 0 and server.alive()  # the lobby: nothing dealt
