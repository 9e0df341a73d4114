"""The other end of the room server: a player's (or an onlooker's) connection, and the
teacher's calls from a notebook cell.

``Client`` is asynchronous (Tornado's websocket client, on asyncio)::

    client = Client()
    table = await client.connect("http://127.0.0.1:8765/", "ABCD", name="Asha")
    seat = seat_from(client.latest)          # the engine's Seat: view, events, legal actions
    await client.act(engine.make_bot(seat.game, "basic").choose(seat))
    message = await client.receive()        # {"type": "steps", ...}

``create_room``, ``teacher`` and ``room_info`` are plain calls (``urllib``), for a cell.

On a JupyterHub the hub's token for the student's server (``JUPYTERHUB_API_TOKEN``, in every
kernel) tells the room server who they are, and goes nowhere else: only to the room server
the hub's own configuration names (``TABLETOP_ROOMS_URL``, set by ``c.Spawner.environment``),
never to an address a link or a page gave, and only once the hub has said that the token opens
nothing but services (``c.Spawner.server_token_scopes``): a token that opens the student's own
server stays in the kernel (``hub_token``). Without a hub the server gives a seat key on the
first join (``client.key``), which brings the player back to their seat.
"""

from __future__ import annotations

import asyncio
import json
import os
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from engine.seat import Seat
from engine.values import encode

from .room import Refused

ROOMS_URL = "TABLETOP_ROOMS_URL"
"""The environment setting naming the room server (on a hub, the hub's configuration sets it
for every server it starts)."""
SAFE_SCOPES = ("access:services!service=", "users:activity!", "read:")
"""The scopes a hub token may hold to be sent to the room server: one that opens a service,
reports activity or reads; none that opens a server, makes tokens or changes a user."""

LATEST = ("move", "view", "legal", "returns", "record")
"""What each step of a ``steps`` message says of the table after it."""
SEAT = ("game", "seat", "players", "view", "events", "move", "legal")
"""What of a table makes a ``Seat``."""


def told(table: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
    """The table as it stands after ``message`` (a ``steps``, ``sitters`` or ``table``
    message; any other leaves it as it was)."""
    if message.get("type") == "table":
        return dict(message)
    out = dict(table)
    if message.get("type") == "steps":
        out["events"] = [*table["events"], *(step["event"] for step in message["steps"])]
        for step in message["steps"]:
            out.update({key: step[key] for key in LATEST})
    elif message.get("type") == "sitters":
        out["sitters"] = message["sitters"]
    return out


def seat_from(table: Mapping[str, Any], messages: Iterable[Mapping[str, Any]] = ()) -> Seat:
    """The engine's ``Seat`` of the player who was told ``table`` and then ``messages``:
    exactly what they were told, so an engine bot (or a student's strategy) can choose from
    it."""
    for message in messages:
        table = told(table, message)
    if table["seat"] is None:
        raise ValueError("an onlooker has no seat to decide for")
    return Seat.from_data({key: table[key] for key in SEAT})


class Client:
    """One connection to a room: ``connect``, then ``act``, ``receive`` (or ``on_message``,
    called with each message as it arrives), ``table``, ``reconnect``, ``close``.
    ``client.latest`` is the table as it stands (the last table with every step since);
    ``client.key`` is the seat key to come back with (without a hub)."""

    def __init__(self, on_message: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.on_message = on_message
        self.messages: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.latest: dict[str, Any] = {}
        self.connection: WebSocketClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.url = self.room = self.name = ""
        self.seat: int | None = None
        self.key: str | None = None
        self.token: str | None = None
        self.watching = False

    async def connect(
        self,
        url: str,
        room: str,
        seat: int | None = None,
        name: str = "",
        key: str | None = None,
        token: str | None = None,
        *,
        watch: bool = False,
    ) -> dict[str, Any]:
        """Join ``room`` on the server at ``url`` (its address with its prefix): at ``seat``
        (None: the first open one, or the seat ``key`` holds), or, with ``watch``, as an
        onlooker. Returns the table; raises ``Refused`` with the server's reason."""
        self.url, self.room, self.seat, self.name, self.key = url, room, seat, name, key
        self.token = token if token is not None else await asyncio.to_thread(hub_token, url)
        self.watching = watch
        return await self.reconnect()

    async def reconnect(self) -> dict[str, Any]:
        """Connect again (after a dropped connection, a restarted server) to the same seat,
        with its key. Returns the table as it stands; messages not yet received are dropped
        (the table supersedes them)."""
        await self.close()
        self.messages = asyncio.Queue()
        address = _at(self.url, f"rooms/{self.room}/socket").replace("http", "ws", 1)
        # a minute, not Tornado's 20 s: a class joining at once through a busy hub's proxy
        self.connection = connection = await websocket_connect(
            HTTPRequest(address, headers=_auth(self.token), connect_timeout=60, request_timeout=60)
        )
        if self.watching:
            await self.send({"do": "watch"})
        else:
            await self.send({"do": "join", "seat": self.seat, "name": self.name, "key": self.key})
        joined = await self._next(connection)
        if joined["type"] != "joined":
            await self.close()
            raise Refused(joined.get("reason", f"not joined: {joined}"))
        self.seat, self.key = joined["seat"], joined.get("key", self.key)
        table = await self._next(connection)
        self.reader = asyncio.ensure_future(self._read(connection))
        return table

    @property
    def move(self) -> int:
        """How many actions this client has seen."""
        return int(self.latest["move"])

    async def act(self, action: Any) -> None:
        """Send ``action`` (an engine action) as made on the table this client last saw."""
        await self.send({"do": "act", "move": self.move, "action": encode(action)})

    async def table(self) -> None:
        """Ask for the whole table again (it comes as a message)."""
        await self.send({"do": "table"})

    async def receive(self) -> dict[str, Any]:
        """The next message (``{"type": "closed"}`` once the connection has ended)."""
        return await self.messages.get()

    async def close(self) -> None:
        """End the connection (no ``closed`` message: this end knows)."""
        connection, self.connection = self.connection, None
        if connection is not None:
            connection.close()
        if self.reader is not None:
            await self.reader
            self.reader = None

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message as it is (a table's ``{"do": "act", ...}``)."""
        if self.connection is None:
            raise ConnectionError("not connected")
        await self.connection.write_message(json.dumps(message))

    async def _next(self, connection: WebSocketClientConnection) -> dict[str, Any]:
        """The next message read, taken in (the table kept up, ``on_message`` called)."""
        text = await connection.read_message()
        message: dict[str, Any] = {"type": "closed"} if text is None else json.loads(text)
        if text is None and connection is not self.connection:
            return message  # closed by ``close``
        self.latest = told(self.latest, message)
        if self.on_message is None:  # read with ``receive``: kept until then
            self.messages.put_nowait(message)
        else:
            self.on_message(message)
        return message

    async def _read(self, connection: WebSocketClientConnection) -> None:
        while (await self._next(connection))["type"] != "closed":
            pass


# ---------------------------------------------------------------- a notebook cell's calls


def create_room(
    url: str,
    game: str,
    players: int | None = None,
    *,
    bots: Mapping[int, str] | None = None,
    hints: bool = False,
    takeover: float | None = None,
    options: Mapping[str, Any] | None = None,
    token: str | None = None,
    idle: float | None = None,
) -> tuple[str, str]:
    """A new room on the server at ``url``: its code and its teacher key (keep the key: it is
    the only way to the teacher's changes without a hub). ``idle``: seconds unchanged before
    the room closes (default: the server's, 4 hours)."""
    data = _call(
        _at(url, "rooms"),
        {
            "game": game,
            "players": players,
            "bots": {str(seat): level for seat, level in (bots or {}).items()},
            "hints": hints,
            "takeover": takeover,
            "idle": idle,
            "options": dict(options or {}),
        },
        token,
    )
    return data["room"], data["teacher_key"]


def teacher(
    url: str, code: str, key: str | None, message: Mapping[str, Any], token: str | None = None
) -> dict[str, Any]:
    """A teacher's change to room ``code``: ``{"do": "bot", "seat": 2, "level": "basic"}``,
    ``{"do": "next"}``, ``{"do": "hints", "on": True}``, ``{"do": "takeover", "seconds": 60}``.
    Returns the room's facts after it."""
    return _call(_at(url, f"rooms/{code}"), dict(message), token, key)


def room_info(url: str, code: str, token: str | None = None) -> dict[str, Any]:
    """What anyone may know of room ``code``: its game, seats, move, whether it is over."""
    return _call(_at(url, f"rooms/{code}"), None, token)


def room_record(url: str, code: str, key: str | None, token: str | None = None) -> dict[str, Any]:
    """The finished game of room ``code`` as its record (every decision, who sat where): for
    its teacher alone (``key``, or on a hub the teacher's token); ``Refused`` otherwise, and
    while the game is not over."""
    return _call(_at(url, f"rooms/{code}/record"), None, token, key)


def create_set(
    url: str, game: str, puzzles: Sequence[str], token: str | None = None
) -> tuple[str, str]:
    """A practice set of ``puzzles`` (ids of ``game``'s bank) on the server at ``url``: its
    code for the class and its teacher key."""
    data = _call(_at(url, "sets"), {"game": game, "puzzles": list(puzzles)}, token)
    return data["set"], data["teacher_key"]


def set_info(url: str, code: str, token: str | None = None) -> dict[str, Any]:
    """Practice set ``code``: its game and puzzle ids."""
    return _call(_at(url, f"sets/{code}"), None, token)


def send_answer(
    url: str,
    code: str,
    puzzle: str,
    answer: Any,
    name: str = "",
    key: str | None = None,
    token: str | None = None,
) -> dict[str, Any]:
    """A student's ``answer`` (an action's JSON, or a whole number) to ``puzzle`` of set
    ``code``, judged by the server: ``{"right", "first", "tried", "solved"}`` (the student's
    own tally; without a hub, ``key`` the first time: send it with every later answer)."""
    body = {"puzzle": puzzle, "answer": answer, "name": name}
    if key is not None:
        body["key"] = key
    return _call(_at(url, f"sets/{code}/answers"), body, token)


def set_report(url: str, code: str, key: str | None, token: str | None = None) -> dict[str, Any]:
    """Practice set ``code``'s report, for its teacher alone: per student, puzzles tried and
    solved."""
    return _call(_at(url, f"sets/{code}/report"), None, token, key)


def _call(
    address: str, body: dict[str, Any] | None, token: str | None, key: str | None = None
) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **_auth(token, address)}
    if key is not None:
        headers["X-Teacher-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        address, data, headers, method="GET" if body is None else "POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())  # type: ignore[no-any-return]
    except urllib.error.HTTPError as e:
        try:
            reason = json.loads(e.read())["error"]
        except (ValueError, KeyError, TypeError):
            reason = e.reason
        raise Refused(f"{reason} (HTTP {e.code})") from None


def _at(url: str, path: str) -> str:
    return url.rstrip("/") + "/" + path


def _auth(token: str | None, address: str = "") -> dict[str, str]:
    if token is None:
        token = hub_token(address)
    return {"Authorization": f"token {token}"} if token else {}


_CHECKED: dict[str, list[str]] = {}
"""The scopes the hub gave for each token this kernel checked (a kernel asks once)."""


def hub_token(url: str) -> str | None:
    """The hub's token for this server, for the room server at ``url``: None without a hub, or
    if ``url`` is not under the one the hub's configuration names (``TABLETOP_ROOMS_URL``):
    a link naming another server gets no credential. ``Refused`` if the hub says the token
    opens more than services (the student's own server, their files): it must not leave the
    kernel, and the hub's admin narrows it as docs/teaching.md says."""
    token, api = os.environ.get("JUPYTERHUB_API_TOKEN"), os.environ.get("JUPYTERHUB_API_URL")
    named = os.environ.get(ROOMS_URL, "")
    if not token or not api or not named or not under(url, named):
        return None
    if token not in _CHECKED:
        request = urllib.request.Request(
            api.rstrip("/") + "/user", headers={"Authorization": f"token {token}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                _CHECKED[token] = [str(scope) for scope in json.loads(answer.read())["scopes"]]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise Refused(f"the hub did not say what this server's token opens ({e})") from None
    wide = [s for s in _CHECKED[token] if not s.startswith(SAFE_SCOPES)]
    if wide:
        raise Refused(
            "this hub gives each server a token that opens it ("
            + ", ".join(sorted(wide)[:3])
            + "): it is not sent to the room server. The hub's admin sets "
            "c.Spawner.server_token_scopes as docs/teaching.md says (A class at one table)"
        )
    return token


def under(url: str, named: str) -> bool:
    """Whether ``url`` is the server at ``named`` or an address under it (same scheme, host,
    port; a path under its path)."""
    a, b = urlsplit(url), urlsplit(named)
    path = b.path.rstrip("/") + "/"
    return (a.scheme, a.netloc.lower()) == (b.scheme, b.netloc.lower()) and (
        a.path.rstrip("/") + "/"
    ).startswith(path)
