"""The room server: rooms over HTTP and websockets (Tornado), kept in SQLite (``store``).

``tabletop-rooms serve [--address 127.0.0.1] [--port 8765] [--db rooms.sqlite] [--prefix /]``

Under the prefix:

- ``POST rooms``: a new room (``{"game", "players", "bots": {"seat": level}, "hints",
  "takeover", "idle", "options"}``), answered at once with its code and a teacher key; the
  room opens as a lobby (nothing is dealt until the teacher starts it or every seat is taken),
  and bots' moves are worked out in worker processes;
- ``GET rooms/<code>``: what its players may know of it (game, seats, move, over, started); on
  a hub, for a hub user only;
- ``POST rooms/<code>``: the teacher's changes (start the game, a bot for a seat, the next
  game, hints, the time before a bot stands in, the idle time before the room closes), with
  the teacher key (header ``X-Teacher-Key``);
- ``GET rooms/<code>/record``: the finished game's record (every decision, who sat where),
  for the room's teacher alone (the teacher key, or on a hub the room's maker or an admin):
  the class report is worked out from it in the teacher's kernel (``report``);
- ``POST sets``: a practice set (``{"game", "puzzles": [ids]}``), answered with its code and a
  teacher key; ``GET sets/<code>``: its game and puzzles; ``POST sets/<code>/answers``: a
  student's answer, judged here, the first to each puzzle kept; ``GET sets/<code>/report``:
  puzzles tried and solved per student, for the set's teacher alone (``sets``);
- ``rooms/<code>/socket``: a player's or an onlooker's websocket (``client`` is the other
  end): ``{"do": "join", "seat", "name", "key"}`` or ``{"do": "watch"}`` first, then
  ``{"do": "act", "move", "action"}``, ``{"do": "table"}`` and ``{"do": "pause", "on"}`` (the
  seat's table waits for its player's Continue, or no longer).

Who a player is: on a JupyterHub (``JUPYTERHUB_API_URL`` set, as the hub sets it for its
services) the hub says, from a token the hub gave the player's server with the scope
``access:services!service=tabletop-rooms`` (a token without that scope is refused, as
``jupyterhub.services.auth.HubAuth`` refuses it); without a hub, anyone with the room's code
may take an open seat, and comes back to it with the seat key the server gave them.

Bots never decide on the event loop: each decision goes to a worker process
(``bot_decision``) with a budget of ``BOT_SECONDS``; past it, the seat makes a random legal
move. A room nobody has changed for its idle time (the teacher's, ``IDLE_SECONDS`` by
default) is closed: its record is kept as a finished game, and nobody joins it any more.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import secrets
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import tornado.httpclient
import tornado.ioloop
import tornado.netutil
import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from engine.values import SaveError, decode

from .room import (
    NAME_CHARS,
    Refused,
    Room,
    Step,
    bot_decision,
    new_code,
    player_name,
    takeover_seconds,
)
from .sets import bank_of, checked, judged, set_rows
from .store import Store, digest

log = logging.getLogger("tabletop-rooms")

MESSAGE_BYTES = 64 * 1024
"""The longest message a client may send (a longer one closes its connection)."""
FIRST_MESSAGE_SECONDS = 10.0
"""How long a new connection may wait before saying whether it joins or watches."""
ROOMS_A_MINUTE = 20
"""Rooms one hub user (without a hub: one address) may make in a minute (a class makes a few;
a script making thousands would fill the store)."""
MISSES_A_MINUTE = 10
"""Codes of no room one hub user (without a hub: one address) may look up in a minute; beyond
that every look-up waits (a guesser needs tens of thousands of tries to find a class's room)."""
BOT_SECONDS = 10.0
"""A bot's budget for one decision (in a worker process); past it, a random legal move."""
IDLE_SECONDS = 4 * 3600.0
"""How long a room may go unchanged before it closes, unless its teacher says otherwise."""
SWEEP_SECONDS = 60.0
"""How often the server looks for rooms idle too long."""
RATE = 50
"""Messages a second a connection may send; beyond that it is refused, beyond four times that
its connection is closed."""
HUB_SECONDS = 5.0
"""How long the hub's answer for a token is kept: a token the hub has revoked stops working
within these seconds (an open connection too: it is asked again as it sends)."""
SERVICE = "tabletop-rooms"
"""The service's name on a hub (``JUPYTERHUB_SERVICE_NAME`` when the hub starts it)."""
STUDENTS_A_MINUTE = 120
"""New students (without a hub: new student keys) one address may start in a minute, for
practice sets (a class behind one address starts 30)."""
KEY_CHARS = 100
"""The longest seat key a client may present (the server's are 32 characters)."""


@dataclass(frozen=True)
class HubUser:
    """A user as the hub knows them."""

    name: str
    admin: bool


class Hub:
    """The JupyterHub at ``api_url``, asked who owns a token (``GET /user``: any token may
    ask who it belongs to, and which scopes it holds, JupyterHub 2 and later); its answers kept
    ``HUB_SECONDS``. A token must hold the scope that opens this service (``access:services``,
    or ``access:services!service=<service>``), as the hub's own ``HubAuth`` requires."""

    def __init__(self, api_url: str, service: str = SERVICE) -> None:
        self.api_url = api_url.rstrip("/")
        self.service = service
        self.known: dict[str, tuple[float, HubUser | None]] = {}

    def opens(self, scopes: Any) -> bool:
        """Whether ``scopes`` (the hub's list for a token) open this service."""
        wanted = {"access:services", f"access:services!service={self.service}"}
        return isinstance(scopes, list) and not wanted.isdisjoint(scopes)

    async def user(self, token: str) -> HubUser | None:
        """The owner of ``token``, or None if the hub does not know it, the token does not
        open this service, or the hub cannot answer."""
        now = time.monotonic()
        kept = self.known.get(digest(token))
        if kept is not None and kept[0] > now:
            return kept[1]
        try:
            answer = await tornado.httpclient.AsyncHTTPClient().fetch(
                f"{self.api_url}/user",
                headers={"Authorization": f"token {token}"},
                request_timeout=10,
            )
            data = json.loads(answer.body)
            user: HubUser | None = None
            if data.get("kind", "user") == "user" and self.opens(data.get("scopes")):
                user = HubUser(str(data["name"]), data.get("admin") is True)
        except (OSError, ValueError, KeyError, TypeError, tornado.httpclient.HTTPClientError):
            user = None
        if len(self.known) > 10_000:
            self.known = {k: v for k, v in self.known.items() if v[0] > now}
        self.known[digest(token)] = (now + HUB_SECONDS, user)
        return user


def token_of(headers: Mapping[str, str]) -> str | None:
    """The token of an ``Authorization: token <token>`` (or ``Bearer``) header."""
    kind, _, token = headers.get("Authorization", "").partition(" ")
    return token.strip() or None if kind.lower() in ("token", "bearer") else None


@dataclass(eq=False)
class Live:
    """A room in play: the room, who may act as its teacher (a key's hash, a hub user), its
    open connections (each with its seat, None for an onlooker) and the timers of players
    away."""

    room: Room
    teacher: dict[str, Any]
    sockets: dict[RoomSocket, int | None] = field(default_factory=dict)
    timers: dict[int, object] = field(default_factory=dict)

    def facts(self) -> dict[str, Any]:
        """What anyone may know of the room."""
        room, state = self.room, self.room.state
        return {
            "room": room.code,
            "game": state.game,
            "players": state.num_players,
            "sitters": [sitter.data() for sitter in room.sitters],
            "move": len(state.history),
            "over": state.is_terminal(),
            "games": room.games,
            "started": room.started,
            "hints": room.hints,
            "takeover": room.takeover,
        }


class PooledRoom(Room):
    """A room whose bots decide elsewhere: its own moves stop at a bot's turn (chance still
    moves), and the server's ``Hall.bots`` has the bot's decision worked out in a worker
    process."""

    def advance(self) -> list[Step]:
        return self.chance()


class Hall:
    """Every room of the server: kept in ``store``, those in play held in memory. Each change
    is saved before anyone is told of it."""

    def __init__(
        self,
        store: Store,
        hub: Hub | None,
        bot_seconds: float = BOT_SECONDS,
        rooms_a_minute: int = ROOMS_A_MINUTE,
    ) -> None:
        self.store, self.hub, self.bot_seconds = store, hub, bot_seconds
        self.rooms_a_minute = rooms_a_minute
        self.rooms: dict[str, Live] = {}
        self.made: dict[str, deque[float]] = {}
        """When each hub user (or address) made its rooms of the last minute."""
        self.missed: dict[str, deque[float]] = {}
        """When each hub user (or address) looked up a code of no room, the last minute."""
        self.thinking: dict[str, asyncio.Task[None]] = {}
        """The rooms whose bot is deciding, and the task that waits for it."""
        self.pools: dict[bool, concurrent.futures.ProcessPoolExecutor] = {}
        """The worker processes for the experts' decisions (True) and for the quick bots'
        (False): a basic bot never waits behind an expert."""

    def may_make(self, who: str) -> bool:
        """Whether ``who`` may make another room now (``ROOMS_A_MINUTE``)."""
        return _within(self.made, who, self.rooms_a_minute)

    def live(self, code: str, who: str = "") -> Live:
        """The room ``code`` in play: 404 if there is none (429 for one who has looked up too
        many such codes), 410 if it was closed, 503 if its record is damaged."""
        if code in self.rooms:
            return self.rooms[code]
        if not _within(self.missed, who, MISSES_A_MINUTE, count=False):
            raise tornado.web.HTTPError(429, "too many codes of no room: wait a minute")
        try:
            room, teacher = self.store.load(code, PooledRoom), self.store.teacher(code)
        except SaveError as e:
            log.error("%s", e)
            raise tornado.web.HTTPError(503, f"room {code} is unavailable") from None
        if room is None or teacher is None:
            if self.store.finished(code) is not None:
                raise tornado.web.HTTPError(410, f"room {code} has closed: it was idle too long")
            _within(self.missed, who, MISSES_A_MINUTE)
            raise tornado.web.HTTPError(404, f"no room {code}")
        live = self.rooms[code] = Live(room, teacher)
        for seat in range(len(room.sitters)):
            self.left(live, seat)
        self.bots(live)
        return live

    # -- bots, decided in worker processes
    def bots(self, live: Live) -> None:
        """If a bot is to move in this room, have its decision worked out (in a worker
        process), then made; and so on while bots are to move."""
        code = live.room.code
        if code not in self.thinking and live.room.bot_due() is not None:
            self.thinking[code] = asyncio.ensure_future(self._bots(live))

    async def _bots(self, live: Live) -> None:
        room = live.room
        try:
            while self.rooms.get(room.code) is live and (due := room.bot_due()) is not None:
                when = (room.games, len(room.state.history), due)
                action = await self._decision(room, *due)
                if (room.games, len(room.state.history), room.bot_due()) != when:
                    continue  # the table changed meanwhile (a next game, a player back)
                try:
                    steps = room.bot_acts(due[0], action)
                except (Refused, ValueError) as e:  # a fault of ours: the seat plays at random
                    log.error("room %s: a bot's decision was refused: %s", room.code, e)
                    steps = room.bot_acts(due[0], room._decide(due[0], "random"))
                self.changed(live, steps)
        except tornado.web.HTTPError:
            pass  # not saved: the room was dropped, its connections closed
        finally:
            self.thinking.pop(room.code, None)
            self.forget(live)

    async def _decision(self, room: Room, seat: int, level: str) -> Any:
        """A bot's action, worked out in a worker process within ``bot_seconds``; past that
        (or if the worker fails), a random legal move."""
        slow = level in SLOW_LEVELS
        if slow not in self.pools:
            self.pools[slow] = concurrent.futures.ProcessPoolExecutor(
                WORKERS if slow else 1,
                mp_context=_spawn_context(),
                initializer=_worker_start,
                initargs=(slow,),
            )
        try:
            future = self.pools[slow].submit(bot_decision, room.record(), seat, level)
            data = await asyncio.wait_for(asyncio.wrap_future(future), self.bot_seconds)
            return decode(data, type(room.state).kinds())
        except asyncio.TimeoutError:
            log.warning(
                "room %s: a %s bot took over %s s: a random move",
                room.code,
                level,
                self.bot_seconds,
            )
        except concurrent.futures.process.BrokenProcessPool:
            log.error("room %s: the bots' worker processes failed: started again", room.code)
            del self.pools[slow]
        except (SaveError, ValueError) as e:
            log.error("room %s: no decision from the worker: %s", room.code, e)
        return room._decide(seat, "random")

    # -- rooms that end
    def sweep(self) -> None:
        """Close every room unchanged for longer than its idle time and nobody connected."""
        now = time.time()
        for code in self.store.codes():
            live = self.rooms.get(code)
            if live is not None and (live.sockets or code in self.thinking):
                continue
            try:
                teacher = self.store.teacher(code) or {}
            except SaveError:
                continue
            idle = teacher.get("idle", IDLE_SECONDS)
            if now - float(teacher.get("touched", now)) > float(idle):
                self.rooms.pop(code, None)
                if live is not None:
                    for timer in live.timers.values():
                        IOLoop.current().remove_timeout(timer)
                self.store.close_room(code)
                log.info("room %s closed: unchanged for %s s", code, idle)

    def forget(self, live: Live) -> None:
        """Let a room nobody is connected to (and no stand-in is due in) go from memory: it is
        in the store, and comes back from it when next asked for. So a server that runs all
        term holds only the rooms in play."""
        code = live.room.code
        idle = not live.sockets and not live.timers and code not in self.thinking
        if idle and self.rooms.get(code) is live:
            del self.rooms[code]

    def create(self, room: Room, teacher: dict[str, Any]) -> None:
        """Keep a new room (in the store: it is read into memory when someone joins it)."""
        self.rooms[room.code] = live = Live(room, teacher)
        self.save(live)
        self.forget(live)

    def codes(self) -> set[str]:
        return set(self.store.codes(finished=True)) | set(self.rooms)

    def save(self, live: Live) -> None:
        """Keep the room as it stands. If it cannot be kept, it is dropped from memory and its
        connections closed: what they were told is what the file holds."""
        live.teacher["touched"] = time.time()
        try:
            self.store.save(live.room, live.teacher)
        except sqlite3.Error:
            log.exception("room %s could not be saved", live.room.code)
            self.rooms.pop(live.room.code, None)
            for socket in list(live.sockets):
                socket.close(1011, "the room could not be saved: join again")
            raise tornado.web.HTTPError(503, "the room could not be saved") from None
        self.bots(live)

    def tell(self, live: Live, message: Callable[[int | None], dict[str, Any]]) -> None:
        """Send each connection of the room ``message(its seat)`` (worked out once a seat)."""
        said: dict[int | None, str] = {}
        for socket, seat in list(live.sockets.items()):
            if seat not in said:
                said[seat] = json.dumps(message(seat))
            socket.send(said[seat])

    def changed(
        self, live: Live, steps: Sequence[Step], sitters: bool = False, started: bool = False
    ) -> None:
        """Save the room, then tell every connection the new ``steps`` (and, with
        ``sitters``, who sits where); with ``started`` (the lobby's game has just started),
        every connection its whole table instead."""
        self.save(live)
        if started:
            self.tell(live, live.room.table)
            return
        if sitters:
            self.tell(live, lambda seat: live.room.sitters_message())
        if steps:
            self.tell(live, lambda seat: live.room.steps(seat, steps))

    def seated(self, live: Live, socket: RoomSocket, seat: int | None) -> None:
        """A connection has joined ``seat``: an older connection for the same seat is
        replaced, the seat's stand-in (if any) stops."""
        if seat is not None:
            for other, theirs in list(live.sockets.items()):
                if theirs == seat and other is not socket:
                    del live.sockets[other]
                    other.send(json.dumps({"type": "replaced"}))
                    other.close(1000, "replaced by a newer connection for this seat")
            timer = live.timers.pop(seat, None)
            if timer is not None:
                IOLoop.current().remove_timeout(timer)
        live.sockets[socket] = seat

    def left(self, live: Live, seat: int) -> None:
        """``seat`` has no connection: if the room has a takeover time, a bot stands in for
        its player once it has passed."""
        sitter = live.room.sitters[seat]
        if (
            live.room.takeover is None
            or sitter.kind != "player"
            or sitter.away
            or seat in live.sockets.values()
            or seat in live.timers
        ):
            return
        live.timers[seat] = IOLoop.current().call_later(
            live.room.takeover, self.stand_in, live, seat
        )

    def stand_in(self, live: Live, seat: int) -> None:
        live.timers.pop(seat, None)
        sitter = live.room.sitters[seat]
        if sitter.kind != "player" or sitter.away or seat in live.sockets.values():
            return
        if self.rooms.get(live.room.code) is not live:
            return  # dropped after a failed save
        with contextlib.suppress(tornado.web.HTTPError):  # not saved: dropped, joined again
            self.changed(live, live.room.stand_in(seat), sitters=True)
        self.forget(live)

    def takeover(self, live: Live, seconds: Any) -> None:
        """The teacher's time before a bot stands in (None: seats wait), from now on for the
        players away now too."""
        live.room.takeover = takeover_seconds(seconds)
        for timer in live.timers.values():
            IOLoop.current().remove_timeout(timer)
        live.timers.clear()
        for seat in range(len(live.room.sitters)):
            self.left(live, seat)

    async def hub_user(self, headers: Mapping[str, str]) -> HubUser | None:
        token = token_of(headers)
        return None if self.hub is None or token is None else await self.hub.user(token)


WORKERS = max(1, min(4, os.cpu_count() or 1))
"""Worker processes for the experts' decisions (they give way to the event loop: ``nice``)."""
SLOW_LEVELS = ("expert",)
"""The bots whose decisions take long (searches, simulations): they have workers of their own."""


def _spawn_context() -> Any:
    import multiprocessing

    return multiprocessing.get_context("spawn")  # no copy of the server's loop and sockets


def _worker_start(slow: bool) -> None:
    """A worker gives way to the event loop's process (the messages of every room go first):
    a quick bots' worker at ``nice`` 10; an experts' worker, on Linux, only when a core has
    nothing else to do (``SCHED_IDLE``; elsewhere ``nice`` 19): past its budget a starved
    expert's seat moves at random, never a room's messages wait. It ends when the server's
    process is gone (even killed: nothing else would end it)."""
    idle = False
    if slow and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            idle = True
    if not idle:
        with contextlib.suppress(OSError):
            os.nice(19 if slow else 10)
    server = os.getppid()

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def _within(times: dict[str, deque[float]], who: str, limit: int, count: bool = True) -> bool:
    """Whether ``who`` has done something fewer than ``limit`` times in the last minute (and,
    with ``count``, if so, counts this time)."""
    now = time.monotonic()
    done = times.setdefault(who, deque())
    while done and done[0] < now - 60:
        done.popleft()
    if len(done) >= limit:
        return False
    if count:
        done.append(now)
    if not done:
        del times[who]
    return True


# ---------------------------------------------------------------- HTTP


class JSONHandler(tornado.web.RequestHandler):
    """A handler answering JSON, its errors as ``{"error": reason}``."""

    hall: Hall

    def initialize(self, hall: Hall) -> None:
        self.hall = hall

    async def who(self, login: bool = False) -> tuple[str, HubUser | None]:
        """Who asks, for the limits: on a hub, the hub user (401 without one, if ``login``);
        without a hub, the address."""
        user = await self.hall.hub_user(self.request.headers)
        if self.hall.hub is not None and user is None and login:
            raise tornado.web.HTTPError(401, "the hub does not know this token")
        return (f"hub:{user.name}" if user else f"ip:{self.request.remote_ip}"), user

    def body(self) -> dict[str, Any]:
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):
            raise tornado.web.HTTPError(400, "the body is not JSON") from None
        if not isinstance(data, dict):
            raise tornado.web.HTTPError(400, "the body is a JSON object")
        return data

    async def _teacher(self, teacher: Mapping[str, Any]) -> bool:
        """Whether the teacher of a room or set (``teacher``: its key's hash, its maker on a
        hub) asks: the teacher key (header ``X-Teacher-Key``), or on a hub the hub user who
        made it, or a hub admin."""
        key = self.request.headers.get("X-Teacher-Key")
        if key and secrets.compare_digest(digest(key), str(teacher.get("key"))):
            return True
        user = await self.hall.hub_user(self.request.headers)
        return user is not None and (user.admin or user.name == teacher.get("user"))

    def answer(self, data: dict[str, Any], status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(data))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        reason = getattr(error, "log_message", None) or self._reason
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"error": reason}))


class RoomsHandler(JSONHandler):
    async def post(self) -> None:
        """A new room; its creator is its teacher (the key answered; on a hub, also the hub
        user who asked)."""
        who, user = await self.who(login=True)
        data = self.body()
        if not self.hall.may_make(who):
            raise tornado.web.HTTPError(429, "too many rooms made by you: wait a minute")
        try:
            bots = _bots(data.get("bots") or {})
            idle = _idle(data.get("idle"))
            room = PooledRoom.create(
                new_code(self.hall.codes()),
                data.get("game"),  # type: ignore[arg-type]  # checked by the engine
                _players(data.get("players")),
                bots=bots,
                hints=data.get("hints", False),
                takeover=data.get("takeover"),
                options=_options(data.get("options") or {}),
            )
        except (ValueError, TypeError, KeyError) as e:
            raise tornado.web.HTTPError(400, f"no room made: {_words(e)}") from None
        key = secrets.token_urlsafe(24)
        self.hall.create(room, {"key": digest(key), "user": user and user.name, "idle": idle})
        self.answer({"room": room.code, "teacher_key": key}, 201)


class RoomHandler(JSONHandler):
    async def get(self, code: str) -> None:
        """The room's facts, for whoever holds its code (on a hub, a hub user holding it)."""
        who, _ = await self.who(login=True)
        self.answer(self.hall.live(code, who).facts())

    async def post(self, code: str) -> None:
        """A teacher's change, told to every connection of the room."""
        who, _ = await self.who()
        live = self.hall.live(code, who)
        if not await self._teacher(live.teacher):
            raise tornado.web.HTTPError(403, "only the room's teacher may do this")
        data, room = self.body(), live.room
        do = data.get("do")
        try:
            if do == "bot":
                level = data.get("level", "basic")
                if not isinstance(level, str):
                    raise ValueError("a bot's level is a word, as 'basic'")
                lobby = not room.started
                steps = room.make_bot(data.get("seat"), level)  # type: ignore[arg-type]
                self.hall.changed(live, steps, sitters=True, started=lobby and room.started)
            elif do == "start":
                self.hall.changed(live, room.start(), started=True)
            elif do == "next":
                room.next_game()  # its first moves (the deal, bots) are in each table
                self.hall.save(live)
                self.hall.tell(live, room.table)
            elif do == "hints":
                if type(data.get("on")) is not bool:
                    raise ValueError("hints are on (true) or off (false)")
                room.hints = data["on"]
                self.hall.save(live)
                self.hall.tell(live, room.table)
            elif do == "takeover":
                self.hall.takeover(live, data.get("seconds"))
                self.hall.save(live)
                self.hall.tell(live, lambda seat: {"type": "takeover", "seconds": room.takeover})
            elif do == "idle":
                live.teacher["idle"] = _idle(data.get("seconds"))
                self.hall.save(live)
            else:
                raise ValueError(
                    f"a teacher may do start, bot, next, hints, takeover or idle, not {do!r}"
                )
        except ValueError as e:
            raise tornado.web.HTTPError(400, _words(e)) from None
        self.answer(live.facts())


class RecordHandler(JSONHandler):
    async def get(self, code: str) -> None:
        """The finished game's record, for the room's teacher alone (it names every student
        beside every decision): the report (``classplay.rooms.report``) is worked out from
        it in the teacher's kernel, never here. 409 while the game is not over."""
        who, _ = await self.who()
        live = self.hall.live(code, who)
        if not await self._teacher(live.teacher):
            raise tornado.web.HTTPError(403, "only the room's teacher may read its record")
        if not live.room.state.is_terminal():
            raise tornado.web.HTTPError(
                409, "the game is not over yet: a report judges a whole game"
            )
        record = live.room.record()
        record["sitters"] = [sitter.data() for sitter in live.room.sitters]  # no seat keys
        self.answer(record)


# ---------------------------------------------------------------- practice sets


class SetsHandler(JSONHandler):
    async def post(self) -> None:
        """A new practice set (``{"game", "puzzles": [ids]}``): its code and a teacher key
        (on a hub, its maker is its teacher too)."""
        who, user = await self.who(login=True)
        data = self.body()
        if not self.hall.may_make(who):
            raise tornado.web.HTTPError(429, "too many rooms and sets made by you: wait a minute")
        try:
            game, ids = checked(data.get("game"), data.get("puzzles"))
        except ValueError as e:
            raise tornado.web.HTTPError(400, f"no set made: {_words(e)}") from None
        code = new_code(set(self.hall.store.set_codes()))
        key = secrets.token_urlsafe(24)
        self.hall.store.save_set(code, game, ids, {"key": digest(key), "user": user and user.name})
        self.answer({"set": code, "teacher_key": key}, 201)


class SetHandler(JSONHandler):
    def practice_set(self, code: str, who: str) -> tuple[str, list[str], dict[str, Any]]:
        """The set ``code``: 404 if there is none (429 for one who has looked up too many
        such codes), 503 if it cannot be read."""
        if not _within(self.hall.missed, who, MISSES_A_MINUTE, count=False):
            raise tornado.web.HTTPError(429, "too many codes of no set: wait a minute")
        try:
            found = self.hall.store.practice_set(code)
        except SaveError as e:
            log.error("%s", e)
            raise tornado.web.HTTPError(503, f"set {code} is unavailable") from None
        if found is None:
            _within(self.hall.missed, who, MISSES_A_MINUTE)
            raise tornado.web.HTTPError(404, f"no practice set {code}")
        return found

    async def get(self, code: str) -> None:
        """The set's game and puzzle ids, for whoever holds its code (on a hub, a hub user)."""
        who, _ = await self.who(login=True)
        game, ids, _teacher = self.practice_set(code, who)
        self.answer({"set": code, "game": game, "puzzles": ids})


class AnswerHandler(SetHandler):
    async def post(self, code: str) -> None:
        """A student's answer to one of the set's puzzles (``{"puzzle", "answer", "name",
        "key"}``), judged here against the bank; the first answer to each puzzle counts.
        The student is the hub user; without a hub, the holder of the student key the first
        answer was given (``key`` in the reply). Answers their own tally, nobody else's."""
        who, user = await self.who(login=True)
        game, ids, _teacher = self.practice_set(code, who)
        data = self.body()
        pid = data.get("puzzle")
        if not isinstance(pid, str) or pid not in ids:
            raise tornado.web.HTTPError(400, f"no puzzle {str(pid)[:40]!r} in set {code}")
        out: dict[str, Any] = {}
        if user is not None:
            student, name = f"hub:{user.name}", user.name
        else:
            typed = data.get("name")
            if not isinstance(typed, str) or not typed.strip():
                raise tornado.web.HTTPError(400, "your name, so that your teacher knows whose")
            key = data.get("key")
            if key is None:
                if not _within(self.hall.made, f"student {who}", STUDENTS_A_MINUTE):
                    raise tornado.web.HTTPError(429, "too many new students from here: wait")
                key = out["key"] = secrets.token_urlsafe(24)
            elif not isinstance(key, str) or len(key) > KEY_CHARS:
                raise tornado.web.HTTPError(400, "a student key is the text the server gave")
            elif not any(a[0] == f"key:{digest(key)}" for a in self.hall.store.answers(code)):
                raise tornado.web.HTTPError(400, "this key has no answers in this set")
            student, name = f"key:{digest(key)}", player_name(typed, 0)
        right = judged(bank_of(game)[pid], data.get("answer"))
        first = self.hall.store.answer(code, student, name, pid, right)
        mine = [a for a in self.hall.store.answers(code) if a[0] == student]
        out.update(right=right, first=first, tried=len(mine), solved=sum(a[3] for a in mine))
        self.answer(out)


class SetReportHandler(SetHandler):
    async def get(self, code: str) -> None:
        """The set's report, for its teacher alone: per student, puzzles tried and solved."""
        who, _ = await self.who()
        game, ids, teacher = self.practice_set(code, who)
        if not await self._teacher(teacher):
            raise tornado.web.HTTPError(403, "only the set's teacher may read its report")
        rows = set_rows(self.hall.store.answers(code))
        self.answer(
            {"set": code, "game": game, "puzzles": ids, "students": [vars(r) for r in rows]}
        )


# ---------------------------------------------------------------- websockets


class RoomSocket(tornado.websocket.WebSocketHandler):
    """One player's (or onlooker's) connection to a room."""

    hall: Hall
    live: Live
    hub_name: str | None

    def initialize(self, hall: Hall) -> None:
        self.hall = hall
        self.joined = False
        self.seat: int | None = None
        self.times: deque[float] = deque()
        self.deadline: object | None = None
        self.key: str | None = None

    async def prepare(self) -> None:
        """The room must exist, and on a hub the hub must know the player."""
        self.hub_name = None
        if self.hall.hub is not None:
            user = await self.hall.hub_user(self.request.headers)
            if user is None:
                raise tornado.web.HTTPError(401, "the hub does not know this token")
            self.hub_name = user.name
        who = f"hub:{self.hub_name}" if self.hub_name else f"ip:{self.request.remote_ip}"
        self.live = self.hall.live(self.path_args[0], who)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        self.finish(json.dumps({"error": getattr(error, "log_message", None) or self._reason}))

    def open(self, *args: str, **kwargs: str) -> None:
        self.deadline = IOLoop.current().call_later(
            FIRST_MESSAGE_SECONDS, self.close, 1008, "join or watch first"
        )

    async def on_message(self, message: str | bytes) -> None:
        if not self._paced() or not await self._vouched():
            return
        try:
            data = json.loads(message)
            if not isinstance(data, dict):
                raise Refused('a message is a JSON object, as {"do": "table"}')
            self._take(data)
        except Refused as e:
            self.refuse(str(e))
        except (ValueError, RecursionError):
            self.refuse("a message is JSON text")
        except tornado.web.HTTPError as e:
            self.refuse(str(e.log_message))
        except Exception:
            log.exception("room %s: a message could not be taken", self.live.room.code)
            self.refuse("the server could not take this message")

    def _take(self, data: dict[str, Any]) -> None:
        do = data.get("do")
        room = self.live.room
        if not self.joined:
            if do not in ("join", "watch"):
                raise Refused('say {"do": "join"} or {"do": "watch"} first')
            self._join(data)
        elif do == "act":
            if self.seat is None:
                raise Refused("an onlooker does not act")
            steps = room.act(self.seat, data.get("move"), data.get("action"))
            self.hall.changed(self.live, steps)
        elif do == "table":
            self.send(json.dumps(room.table(self.seat)))
        elif do == "pause":
            if self.seat is None:
                raise Refused("an onlooker's table never pauses")
            room.pause(self.seat, data.get("on"))
            self.hall.changed(self.live, [], sitters=True)
        elif do in ("join", "watch"):
            raise Refused("this connection has joined already")
        else:
            raise Refused(f"a message does act, table or pause, not {do!r}")

    def _join(self, data: dict[str, Any]) -> None:
        room, key = self.live.room, None
        if data["do"] == "watch":
            seat = None
        else:
            name = data.get("name") or ""
            if not isinstance(name, str):
                raise Refused("a name is text")
            if self.hub_name is not None:
                name = hub_named(self.hub_name, name)
            before = [sitter.data() for sitter in room.sitters]
            lobby = not room.started
            seat = room.sit(self._user(data.get("key")), data.get("seat"), name)
            key = None if self.hub_name else self.key
            if lobby and room.started:  # the last seat taken: the game starts
                self.hall.changed(self.live, [], started=True)
            elif [sitter.data() for sitter in room.sitters] != before:
                self.hall.changed(self.live, [], sitters=True)
            else:
                self.hall.save(self.live)
        self.joined, self.seat = True, seat
        if self.deadline is not None:
            IOLoop.current().remove_timeout(self.deadline)
        self.hall.seated(self.live, self, seat)
        joined: dict[str, Any] = {"type": "joined", "seat": seat}
        if key is not None:
            joined["key"] = key
        self.send(json.dumps(joined))
        self.send(json.dumps(room.table(seat)))

    def _user(self, key: Any) -> str:
        """Who joins: the hub's user; else the holder of ``key`` (a seat's key), or of a new
        key (kept as ``self.key``) for one joining for the first time."""
        if self.hub_name is not None:
            return f"hub:{self.hub_name}"
        if key is None:
            self.key = secrets.token_urlsafe(24)
            return f"key:{digest(self.key)}"
        if not isinstance(key, str) or len(key) > KEY_CHARS:
            raise Refused("a seat key is the text the server gave")
        user = f"key:{digest(key)}"
        if self.live.room.seat_of(user) is None:
            raise Refused("this key holds no seat at this table: join without one")
        self.key = key
        return user

    async def _vouched(self) -> bool:
        """On a hub, whether the hub still knows this connection's token as its player (asked
        again once ``HUB_SECONDS`` have passed: a revoked token is closed within seconds)."""
        if self.hub_name is None:
            return True
        user = await self.hall.hub_user(self.request.headers)
        if user is not None and user.name == self.hub_name:
            return True
        self.close(1008, "the hub no longer knows this token")
        return False

    def _paced(self) -> bool:
        """Whether this message is within the rate (refused beyond it, closed far beyond)."""
        now = time.monotonic()
        self.times.append(now)
        while self.times[0] < now - 1:
            self.times.popleft()
        if len(self.times) > 4 * RATE:
            self.close(1008, "too many messages")
            return False
        if len(self.times) > RATE:
            self.refuse("too many messages: slow down")
            return False
        return True

    def refuse(self, reason: str) -> None:
        """Tell this connection only that its message was not taken."""
        move = len(self.live.room.state.history)
        self.send(json.dumps({"type": "refused", "reason": reason, "move": move}))

    def send(self, text: str) -> None:
        with contextlib.suppress(tornado.websocket.WebSocketClosedError):
            self.write_message(text)

    def on_close(self) -> None:
        if self.deadline is not None:
            IOLoop.current().remove_timeout(self.deadline)
        live = getattr(self, "live", None)
        if live is None or self not in live.sockets:
            return
        seat = live.sockets.pop(self)
        if seat is not None:
            self.hall.left(live, seat)
        self.hall.forget(live)


# ---------------------------------------------------------------- input checks


def _players(players: Any) -> int | None:
    if players is not None and type(players) is not int:
        raise ValueError(f"players is a whole number, not {players!r}")
    return players


def _bots(bots: Any) -> dict[int, str]:
    """``{"seat": level}`` as JSON gives it, read as seat numbers and levels."""
    if not isinstance(bots, dict):
        raise ValueError('bots are {"seat": level}')
    out = {}
    for seat, level in bots.items():
        if not (isinstance(seat, str) and seat.isdigit() and isinstance(level, str)):
            raise ValueError(f'bots are {{"seat": level}}, not {seat!r}: {level!r}')
        out[int(seat)] = level
    return out


def _options(options: Any) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise ValueError("options are a JSON object")
    return options


def hub_named(hub_name: str, typed: str) -> str:
    """A player's name on a hub: their hub name, then the name they typed (if another), so
    nobody plays under a classmate's name: ``asha (Asha P.)``."""
    typed = typed.strip()
    if not typed or typed == hub_name:
        return hub_name
    room = NAME_CHARS - len(hub_name) - 3
    return f"{hub_name} ({typed[:room]})" if room > 0 else hub_name


def _idle(seconds: Any) -> float:
    """The teacher's idle time before a room closes, checked (None: ``IDLE_SECONDS``)."""
    if seconds is None:
        return IDLE_SECONDS
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise ValueError(f"idle is a number of seconds (more than 0), not {seconds!r}")
    return float(seconds)


def _words(error: BaseException) -> str:
    """An error's words (a KeyError's are quoted)."""
    return str(error.args[0]) if error.args else type(error).__name__


# ---------------------------------------------------------------- the program


def _prefix(prefix: str) -> str:
    """``prefix`` with one slash at each end (``/`` alone for none)."""
    return "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"


def app(
    store: Store,
    hub: Hub | None = None,
    prefix: str = "/",
    bot_seconds: float = BOT_SECONDS,
    rooms_a_minute: int = ROOMS_A_MINUTE,
) -> tornado.web.Application:
    """The server's routes under ``prefix`` (``application.settings["hall"]``: its rooms)."""
    prefix = _prefix(prefix)
    hall = Hall(store, hub, bot_seconds, rooms_a_minute)
    code = r"([A-Z0-9]{1,16})"
    return tornado.web.Application(
        [
            (f"{prefix}rooms", RoomsHandler, {"hall": hall}),
            (f"{prefix}rooms/{code}", RoomHandler, {"hall": hall}),
            (f"{prefix}rooms/{code}/socket", RoomSocket, {"hall": hall}),
            (f"{prefix}rooms/{code}/record", RecordHandler, {"hall": hall}),
            (f"{prefix}sets", SetsHandler, {"hall": hall}),
            (f"{prefix}sets/{code}", SetHandler, {"hall": hall}),
            (f"{prefix}sets/{code}/answers", AnswerHandler, {"hall": hall}),
            (f"{prefix}sets/{code}/report", SetReportHandler, {"hall": hall}),
        ],
        websocket_max_message_size=MESSAGE_BYTES,
        hall=hall,
    )


async def serve(
    address: str,
    port: int,
    db: str,
    prefix: str,
    bot_seconds: float = BOT_SECONDS,
    rooms_a_minute: int = ROOMS_A_MINUTE,
) -> None:
    """Serve the rooms kept in ``db`` until the process is stopped."""
    api_url = os.environ.get("JUPYTERHUB_API_URL")
    hub = Hub(api_url, os.environ.get("JUPYTERHUB_SERVICE_NAME") or SERVICE) if api_url else None
    sockets = tornado.netutil.bind_sockets(port, address)
    application = app(Store(db), hub, prefix, bot_seconds, rooms_a_minute)
    server = HTTPServer(application, max_body_size=MESSAGE_BYTES)
    server.add_sockets(sockets)
    tornado.ioloop.PeriodicCallback(
        application.settings["hall"].sweep, SWEEP_SECONDS * 1000
    ).start()
    port = sockets[0].getsockname()[1]
    where = f"hub {api_url}" if api_url else "no hub"
    url = f"http://{address}:{port}{prefix}"
    print(f"tabletop-rooms: serving {url} ({where}; rooms in {db})", flush=True)
    await asyncio.Event().wait()


def main(argv: Sequence[str] | None = None) -> None:
    """The ``tabletop-rooms`` command."""
    parser = argparse.ArgumentParser(prog="tabletop-rooms", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("serve", help="serve the rooms")
    service = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
    run.add_argument("--address", default=service.hostname or "127.0.0.1")
    run.add_argument("--port", type=int, default=service.port or 8765)
    run.add_argument("--db", default="rooms.sqlite", help="the SQLite file of the rooms")
    run.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    run.add_argument(
        "--bot-seconds", type=float, default=BOT_SECONDS, help="a bot's budget for one decision"
    )
    run.add_argument(
        "--rooms-a-minute",
        type=int,
        default=ROOMS_A_MINUTE,
        help="rooms one hub user (one address without a hub) may make in a minute",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(
            serve(
                args.address,
                args.port,
                args.db,
                _prefix(args.prefix),
                args.bot_seconds,
                args.rooms_a_minute,
            )
        )


if __name__ == "__main__":
    main()
