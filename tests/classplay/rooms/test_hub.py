"""On a JupyterHub the hub says who a player is: a fake hub (a tiny Tornado app answering
``/hub/api/user`` for the tokens it knows, 403 otherwise) stands in for it (``test_real_hub``
runs the real one). No token, one the hub does not know, or one without the scope that opens
this service: no room, no seat, no facts. The room's creator and the hub's admins are its
teachers; a player comes back to their seat as themselves, without a key, under their hub
name; a revoked token stops within seconds; the limits are each hub user's."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import Counter
from collections.abc import Iterator

import pytest
import tornado.netutil
import tornado.web
from serving import Server, run
from tornado.httpclient import HTTPClientError
from tornado.httpserver import HTTPServer

from classplay.rooms.client import Client, create_room, room_info, teacher
from classplay.rooms.room import Refused
from classplay.rooms.server import HUB_SECONDS, MISSES_A_MINUTE, ROOMS_A_MINUTE

USERS = {
    "t-ann": ("ann", False),
    "t-bob": ("bob", False),
    "t-root": ("root", True),
    "t-carl": ("carl", False),
    "t-dee": ("dee", False),
}
"""The fake hub's tokens: token -> (name, admin)."""
ROOMS = "access:services!service=tabletop-rooms"
WIDE = "t-wide"
"""A token of a server the hub did not narrow: it opens that server, not the rooms."""


class FakeHub:
    """The hub's ``GET /hub/api/user`` on a free port, in a thread of its own; ``asked``
    counts the questions for each token."""

    def __init__(self) -> None:
        self.asked: Counter[str] = Counter()
        self.revoked: set[str] = set()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=asyncio.run, args=(self.serve(),), daemon=True)
        self.thread.start()
        self.ready.wait(10)

    async def serve(self) -> None:
        hub = self

        class Me(tornado.web.RequestHandler):
            def get(self) -> None:
                token = self.request.headers.get("Authorization", "").removeprefix("token ")
                hub.asked[token] += 1
                if token == WIDE:
                    scopes = ["access:servers!server=eve/", "users:activity!user=eve"]
                    self.finish(json.dumps({"kind": "user", "name": "eve", "scopes": scopes}))
                    return
                if token not in USERS or token in hub.revoked:
                    raise tornado.web.HTTPError(403)
                name, admin = USERS[token]
                scopes = [ROOMS, f"users:activity!user={name}"]
                self.finish(
                    json.dumps({"kind": "user", "name": name, "admin": admin, "scopes": scopes})
                )

        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        HTTPServer(tornado.web.Application([("/hub/api/user", Me)])).add_sockets(sockets)
        self.url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/hub/api"
        self.ready.set()
        await asyncio.Event().wait()


@pytest.fixture(scope="module")
def server(hub, tmp_path_factory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("hub") / "rooms.sqlite"
    running = Server(db, {"JUPYTERHUB_API_URL": hub.url})
    yield running
    running.stop()
    assert "Traceback" not in running.log()


def test_the_hub_says_who_plays_and_who_teaches(hub, server):
    with pytest.raises(Refused, match="401"):
        create_room(server.url, "plates", 4, token="")
    with pytest.raises(Refused, match="401"):
        create_room(server.url, "plates", 4, token="t-nobody")
    with pytest.raises(Refused, match="401"):
        create_room(server.url, "plates", 4, token=WIDE)
    code, key = create_room(server.url, "plates", 4, bots={3: "basic"}, token="t-ann")

    async def main():
        for token in (None, "", "t-nobody", WIDE):
            with pytest.raises(HTTPClientError, match="401"):
                await Client().connect(server.url, code, token=token or "")
        ann, bob = Client(), Client()
        await ann.connect(server.url, code, token="t-ann")
        await bob.connect(server.url, code, name="Bobby", token="t-bob")
        assert ann.key is None and bob.key is None  # the hub knows them: no seat keys
        assert (ann.seat, bob.seat) == (0, 1)
        again = Client()
        table = await again.connect(server.url, code, token="t-ann")  # another tab
        assert table["seat"] == 0
        # the hub's name first on every screen: nobody plays as a classmate
        assert [s["name"] for s in table["sitters"]] == ["ann", "bob (Bobby)", "", "Bot 3"]
        carl = Client()
        await carl.connect(server.url, code, name="ann", token="t-carl")
        assert carl.latest["sitters"][2]["name"] == "carl (ann)"
        await carl.close()
        while (await ann.receive())["type"] != "closed":
            pass
        for client in (again, bob):
            await client.close()

    run(main())
    assert hub.asked["t-ann"] <= 3  # the hub's answers are kept a few seconds
    with pytest.raises(Refused, match="403"):
        teacher(server.url, code, None, {"do": "hints", "on": True}, token="t-bob")
    assert teacher(server.url, code, None, {"do": "hints", "on": True}, token="t-ann")["hints"]
    assert teacher(server.url, code, None, {"do": "bot", "seat": 2}, token="t-root")["sitters"][2][
        "kind"
    ] == ("bot")
    assert teacher(server.url, code, key, {"do": "hints", "on": False})["hints"] is False
    assert room_info(server.url, code, token="t-bob")["players"] == 4
    with pytest.raises(Refused, match="401"):  # the room's names are not for anyone
        room_info(server.url, code, token="")


def test_a_revoked_token_stops_within_seconds(hub, server):
    code, _ = create_room(server.url, "plates", 4, token="t-dee")

    async def main():
        dee = Client()
        await dee.connect(server.url, code, token="t-dee")
        hub.revoked.add("t-dee")
        await asyncio.sleep(HUB_SECONDS + 0.5)
        await dee.table()
        while (await asyncio.wait_for(dee.receive(), 10))["type"] != "closed":
            pass
        with pytest.raises(HTTPClientError, match="401"):
            await Client().connect(server.url, code, token="t-dee")

    run(main())


def test_limits_are_each_hub_users(hub, server):
    """On a hub every kernel comes from the same address: one student's rooms, or guesses
    at codes, do not hold up another's (the teacher's)."""
    for _ in range(ROOMS_A_MINUTE):
        create_room(server.url, "plates", 4, token="t-bob")
    with pytest.raises(Refused, match="429"):
        create_room(server.url, "plates", 4, token="t-bob")
    code, _ = create_room(server.url, "plates", 4, token="t-root")  # the teacher's is made
    for guess in range(MISSES_A_MINUTE):
        with pytest.raises(Refused, match="404"):
            room_info(server.url, f"ZZZ{guess}", token="t-bob")
    with pytest.raises(Refused, match="429"):  # even the right code, for a minute
        room_info(server.url, code, token="t-bob")
    assert room_info(server.url, code, token="t-root")["room"] == code
