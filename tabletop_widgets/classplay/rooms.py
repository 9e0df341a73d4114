"""A class at one table, from a notebook: the teacher hosts a room and projects it, each
student joins it from their own notebook or play page.

    room = host("plates", players=4, bots={3: "basic"})   # the teacher: shows the join code
    room.watch()                                           # the projector's view
    join(room="K7Q2", name="Asha")                         # a student: their seat's table

The room's server (``tabletop-rooms serve``, ``classplay.rooms.server``) holds the game; this
kernel holds only a connection and the seat's table (``remote.room_seat``). The connection
runs in the kernel's event loop, between cells: the table moves while no cell runs, as the
others play. A dropped connection is tried again, and the table comes back as it stands.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine, Mapping
from html import escape
from typing import Any
from urllib.error import URLError
from urllib.parse import parse_qs, urlsplit, urlunsplit

import ipywidgets as widgets
from tornado.httpclient import HTTPClientError
from tornado.websocket import WebSocketClosedError

from classplay.rooms.client import (
    Client,
    create_room,
    create_set,
    room_info,
    room_record,
    send_answer,
    set_info,
    set_report,
    teacher,
)
from classplay.rooms.report import Report, own_report, report
from classplay.rooms.room import CODE_LENGTH, CODE_LETTERS, Refused
from classplay.rooms.sets import SetReport, bank_of

from ..table import Table
from .remote import RoomSeat, room_seat

URL_SETTING = "TABLETOP_ROOMS_URL"
"""The environment setting naming the room server (on a hub, set it for every student)."""
DEFAULT_URL = "http://127.0.0.1:8765"
"""Where ``tabletop-rooms serve`` listens by default (on a laptop, and on a one-machine hub
such as The Littlest JupyterHub, the students' kernels reach it there)."""
FINAL = {
    401: "the hub did not say who you are: open this from your own Jupyter server",
    403: "this room is not yours to join",
    404: "there is no room with this code: check it on the teacher's screen",
}
"""Answers to a connection that trying again will not change, and what they mean."""
RETRY = (1, 2, 4, 8, 15)
"""Seconds between attempts to connect again after a dropped connection (the last repeats)."""


def server_url(url: str | None = None) -> str:
    """``url``, else the ``TABLETOP_ROOMS_URL`` setting, else ``DEFAULT_URL``."""
    return url or os.environ.get(URL_SETTING) or DEFAULT_URL


def room_code(text: Any) -> str:
    """A join code as typed (any case, spaces around it), checked: ``ValueError`` otherwise."""
    code = str(text).strip().upper()
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_LETTERS):
        raise ValueError(
            f"a room's code is {CODE_LENGTH} letters and digits, as the teacher's screen shows it"
        )
    return code


class Seated(widgets.VBox):
    """A seat at a room's table, or the onlooker's (``watch``): a line saying how the
    connection stands, then the table once the server has sent it. The table is the game's
    own, playing one seat (``remote.room_seat``). ``key``: the seat key the server gave
    (``seated.client.key``), to take that seat back from another kernel (on a hub the hub
    says whose seat it is)."""

    def __init__(
        self,
        url: str,
        room: str,
        seat: int | None = None,
        name: str = "",
        watching: bool = False,
        key: str | None = None,
    ) -> None:
        super().__init__()
        self.url, self.room, self.watching = url, room, watching
        self.line = widgets.HTML()
        self.line.add_class("tt-connection")
        self.seats = widgets.HTML()
        self.seats.add_class("tt-seats")
        self.sitters: list[dict[str, Any]] = []
        self.started = False
        self.seat: RoomSeat | None = None
        """This screen's seat (or the onlooker's), once the server has sent the table."""
        self.table: Table | None = None
        """The seat's table (``seat.table``), once the server has sent it."""
        self.client = Client()
        self.client.on_message = self._message
        self._tries = 0
        self._ended = False
        self.children: tuple[widgets.Widget, ...] = (self.line,)
        self.add_class("tt-seated")
        self._say(f"Joining room {room}…")
        self._start(self.client.connect(url, room, seat, name, key, watch=watching))

    # -- the connection
    def _start(self, connecting: Coroutine[Any, Any, Any]) -> None:
        async def run() -> None:
            try:
                await connecting
                self._tries = 0
            except Refused as e:
                self._end(str(e))
            except HTTPClientError as e:  # the server answered the handshake with a refusal
                if e.code in FINAL:
                    self._end(FINAL[e.code])
                else:
                    self._retry(f"the room's server answered {e.code}")
            except OSError as e:
                self._retry(f"no answer from the room's server ({e.strerror or e})")

        _spawn(run())

    def _end(self, why: str) -> None:
        """Stop trying: the server has said no."""
        self._ended = True
        self._gone(f"Room {self.room}: {why}")

    def _retry(self, why: str) -> None:
        """Try the connection again after a while (the seat comes back by its key)."""
        if self._ended:
            return
        wait = RETRY[min(self._tries, len(RETRY) - 1)]
        self._tries += 1
        self._gone(f"Connection lost ({why}): trying again in {wait} s…")

        async def again() -> None:
            await asyncio.sleep(wait)
            self._start(self.client.reconnect())

        _spawn(again())

    def _message(self, message: dict[str, Any]) -> None:
        """A message from the server: the table made on the first, then fed every one. One
        the table cannot take is said on the line, and the whole table asked for again."""
        try:
            self._take(message)
        except Exception as e:  # a fault of ours: the connection and the seat go on
            self._say(f"The table could not show a message ({type(e).__name__}: {e})", alert=True)
            if message.get("type") != "table":
                self._to_server({"do": "table"})

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "closed":
            self._retry("the connection closed")
        elif kind == "replaced":
            self._ended = True
            self.children = (self.line,)  # a table no longer fed would mislead
            self._gone("This seat is now played in another tab or window.")
        elif kind == "joined":
            self._back()
        elif kind == "table":
            self._back()
            self.sitters, self.started = list(message["sitters"]), message.get("started", True)
            self._show_seats()
            if not self.started:  # the lobby: who has come, who is awaited
                self.children = (self.line, self.seats)
            elif self.seat is None:
                self.seat = room_seat(message, self._to_server)
                self.table = self.seat.table
                self.children = (self.line, self.seats, self.table)
            else:
                self.seat.receive(message)
            self._seated()
        elif kind == "sitters":
            self.sitters = list(message["sitters"])
            self._show_seats()
            if self.seat is not None:
                self.seat.receive(message)
        elif self.seat is not None:
            self.seat.receive(message)
        elif kind == "refused":
            self._say(f"Room {self.room}: {message.get('reason', '')}", alert=True)

    def _to_server(self, message: dict[str, Any]) -> None:
        """Send a table's message; while the connection is down the table says so and keeps
        its game (the move can be made again once the table is back)."""

        async def go() -> None:
            try:
                await self.client.send(message)
            except (ConnectionError, WebSocketClosedError):
                why = "not connected to the room just now: try again in a moment"
                self._gone(f"Not sent: {why}")
                if self.seat is not None:
                    self.seat.receive({"type": "refused", "reason": why})

        _spawn(go())

    def _where(self) -> str:
        seat = self.client.seat
        who = "the projector's view" if self.watching else f"seat {seat}"
        return f"Room {self.room}, {who}"

    def _seated(self) -> None:
        """The line once the table is here: the room and the seat; on the projector, the
        room's code large and the room page's address, for the class to join with."""
        if self.watching:
            where = room_page_address(self.room)
            self.line.value = (
                f'<div class="tt-connection-line tt-room-code" style="{PROJECTED}">Room code '
                f'<b style="{CODE_STYLE}">{escape(self.room)}</b>: join it from your notebook'
                f" or the room page, <code>{escape(where)}</code></div>"
            )
        else:
            self._say(self._where())

    def _show_seats(self) -> None:
        """Who has joined and who is awaited (in the lobby, large: the game has not
        started)."""
        mine = None if self.watching else self.client.seat
        self.seats.value = seats_html(self.sitters, mine, self.started, large=self.watching)

    def _gone(self, text: str) -> None:
        """The server is gone (or has said no): one large line, and the table greyed so it
        no longer looks playable (``tt-offline``: no click reaches it)."""
        self.add_class("tt-offline")
        self.line.value = (
            f'<div class="tt-connection-line tt-gone" role="alert" style="{GONE_STYLE}">'
            f"{escape(text)}</div>"
        )

    def _back(self) -> None:
        self.remove_class("tt-offline")

    def _say(self, text: str, alert: bool = False) -> None:
        role = ' role="alert"' if alert else ""
        self.line.value = f'<div class="tt-connection-line"{role}>{escape(text)}</div>'

    def report(self, expert: Any = None) -> Report:
        """Your own line of the class report, once the game is over: your decisions, how many
        were as the expert's or lost less than the costly line, your costly mistakes by kind
        (reviewed here, in this kernel). Nobody else's: the teacher's report has the class."""
        return own_report(self.client.latest, expert)

    def close(self) -> None:
        """Leave the room (the seat waits for its player) and close the widgets."""
        self._ended = True
        _spawn(self.client.close())
        super().close()

    def __repr__(self) -> str:
        return f"Seated(room {self.room}, {self._where()})"


PROJECTED = "font-size: 24px; margin: 8px 0;"
CODE_STYLE = "font-size: 56px; letter-spacing: 0.15em; color: #1d3557;"
GONE_STYLE = (
    "font-size: 26px; font-weight: bold; color: #842029; background: #f8d7da;"
    " border: 2px solid #842029; border-radius: 6px; padding: 10px 14px; margin: 6px 0;"
)
"""Inline styles (the lobby and a lost server come before any table, whose CSS the board
brings)."""


def seats_html(
    sitters: list[dict[str, Any]], mine: int | None, started: bool, large: bool = False
) -> str:
    """Who has joined a room and who is awaited, in one line (before the game starts, with
    how it starts)."""
    joined, awaited = [], []
    for seat, sitter in enumerate(sitters):
        name = str(sitter.get("name") or f"Seat {seat}")
        if sitter.get("kind") == "open":
            awaited.append(f"seat {seat}")
        elif sitter.get("kind") == "bot":
            joined.append(f"{name} (a bot)")
        else:
            you = " (you)" if seat == mine else ""
            away = ", away: a bot plays" if sitter.get("away") else ""
            joined.append(f"{name}{you}{away}")
    parts = [f"Joined: {', '.join(joined) or 'nobody yet'}."]
    if awaited:
        parts.append(f"Awaited: {', '.join(awaited)}.")
    if not started:
        parts.insert(
            0,
            "Waiting for the game to start: the teacher starts it, or it starts once every "
            "seat is taken.",
        )
    size = "26px" if large else ("18px" if not started else "14px")
    lines = "<br>".join(escape(p) for p in parts)
    return f'<div class="tt-seats-line" role="status" style="font-size: {size}">{lines}</div>'


def room_page_address(code: str) -> str:
    """The address of the room page that joins room ``code``: the page this kernel serves
    (Voilà's request address), on a JupyterHub through the hub's ``user-redirect`` (each
    student opens it on their own server); elsewhere the page's path."""
    page = os.environ.get("VOILA_REQUEST_URL", "")
    if page:
        split = urlsplit(page)
        path = split.path
        prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "")
        if prefix and path.startswith(prefix):
            hub = os.environ.get("JUPYTERHUB_BASE_URL", "/").rstrip("/")
            path = f"{hub}/hub/user-redirect/{path[len(prefix) :]}"
        return urlunsplit((split.scheme, split.netloc, path, f"room={code}", ""))
    return f"voila/render/notebooks/play/room.ipynb?room={code}"


def join(
    url: str | None = None, room: str = "", seat: int | None = None, name: str = ""
) -> widgets.Widget:
    """Take a seat in ``room`` (its join code) on the room server at ``url`` (default:
    ``server_url()``): the first open seat, or ``seat``. Without a code, a small form asks for
    it. On a JupyterHub the hub says who you are; elsewhere the seat is yours in this kernel
    (coming back to it after a dropped connection)."""
    if not room:
        return JoinForm(server_url(url), name)
    return Seated(server_url(url), room_code(room), seat, name)


def watch(room: str, url: str | None = None) -> Seated:
    """The onlooker's table of ``room``, for the projector: what every player sees (no hand),
    who is to move, and every hand once the game is over."""
    return Seated(server_url(url), room_code(room), watching=True)


class JoinForm(widgets.VBox):
    """The room's code and the player's name, and Join: the seat's table takes the form's
    place."""

    def __init__(self, url: str, name: str = "") -> None:
        super().__init__()
        self.url = url
        self.code = widgets.Text(description="Room code", placeholder="K7Q2")
        self.name = widgets.Text(value=name, description="Your name")
        self.button = widgets.Button(description="Join", icon="sign-in", button_style="primary")
        self.button.on_click(lambda _b: self.join())
        self.note = widgets.HTML()
        self.children: tuple[widgets.Widget, ...] = (
            widgets.HBox([self.code, self.name, self.button]),
            self.note,
        )
        self.add_class("tt-join")

    def __repr__(self) -> str:
        return "JoinForm(the room's code and your name, then Join)"

    def join(self, watching: bool = False) -> Seated | None:
        """Join the room the form names (``watching``: as the projector), or say why its
        code is not one."""
        try:
            code = room_code(self.code.value)
        except ValueError as e:
            self.note.value = f'<div class="tt-refused" role="alert">{escape(str(e))}</div>'
            return None
        seated = Seated(self.url, code, name=self.name.value, watching=watching)
        self.children = (seated,)
        return seated


class Hosted:
    """A room the teacher made (``host``): its code for the class to join, the projector's
    view (``watch``), and the teacher's changes: a bot for a seat, hints, the time before a
    bot plays for a student away, the next game. The teacher's key stays here: it is never
    shown, since the projector shows this cell."""

    def __init__(self, url: str, code: str, key: str) -> None:
        self.url, self.code = url, code
        self._key = key

    def watch(self) -> Seated:
        """The projector's view of this room."""
        return watch(self.code, self.url)

    def info(self) -> dict[str, Any]:
        """The room's public facts: game, seats, move, whether it is over."""
        return room_info(self.url, self.code)

    def bot(self, seat: int, level: str = "basic") -> dict[str, Any]:
        """A bot of ``level`` takes ``seat`` for good (a student who left, a free seat)."""
        return self._change({"do": "bot", "seat": seat, "level": level})

    def allow_hints(self, on: bool = True) -> dict[str, Any]:
        return self._change({"do": "hints", "on": on})

    def takeover(self, seconds: float | None) -> dict[str, Any]:
        """A bot plays for a student away longer than ``seconds`` (None: the seat waits)."""
        return self._change({"do": "takeover", "seconds": seconds})

    def next_game(self) -> dict[str, Any]:
        """Deal the next game at this table (the same seats, a new secret deal)."""
        return self._change({"do": "next"})

    def start(self) -> dict[str, Any]:
        """Start the game now (the deal, the bots' first moves): seats still open wait for
        their students. Without it, the game starts once every seat is taken."""
        return self._change({"do": "start"})

    def report(self, expert: Any = None, practice: HandedOut | None = None) -> Report:
        """The class report of the game just finished at this table: for each student, their
        decisions, how many were as the expert's or lost less than the costly line, and their
        costly mistakes by kind; with ``practice`` (a set from ``hand_out``), the puzzles each
        solved. It shows as a table with a CSV download (``.to_csv()``: the text);
        ``.projector()`` is the class's totals, with no name, to project. The game is
        reviewed here, in this kernel (seconds for plates, minutes for Rupees), never on the
        room server."""
        made = report(room_record(self.url, self.code, self._key), expert=expert)
        return made if practice is None else made.with_puzzles(practice.report().solved)

    def _change(self, message: Mapping[str, Any]) -> dict[str, Any]:
        return teacher(self.url, self.code, self._key, message)

    def _repr_html_(self) -> str:
        return (
            '<div class="tt-room-code">'
            f"<p>Room code: <b style='font-size:200%;letter-spacing:0.2em'>{self.code}</b></p>"
            f'<p>Students: <code>join(room="{self.code}", name="…")</code>, or the room '
            "page's form. The game starts once every seat is taken, or at "
            "<code>room.start()</code>.</p></div>"
        )

    def __repr__(self) -> str:
        return f"Hosted(room {self.code} at {self.url})"


class HandedOut:
    """A practice set the teacher handed out (``hand_out``): its code for the class, and its
    report (``report()``: per student, puzzles tried and solved). The key stays here."""

    def __init__(self, url: str, code: str, key: str) -> None:
        self.url, self.code = url, code
        self._key = key

    def report(self) -> SetReport:
        """Per student, the set's puzzles tried and solved (each student's first answer to
        each puzzle counts); ``.projector()``: the class's totals, no names."""
        return SetReport.from_data(set_report(self.url, self.code, self._key))

    def _repr_html_(self) -> str:
        return (
            f"<div class='tt-room-code'><p>Practice set: <b style='font-size:200%'>"
            f'{self.code}</b></p><p>Students: <code>practice_set("{self.code}", '
            'name="…")</code></p></div>'
        )

    def __repr__(self) -> str:
        return f"HandedOut(practice set {self.code} at {self.url})"


def hand_out(game: str, puzzles: list[str], url: str | None = None) -> HandedOut:
    """Hand out a practice set: ``puzzles`` (ids of ``game``'s bank, as
    ``engine.practice.puzzles(game)`` lists them) under a code for the class, on the room
    server (on a hub, the hub says who each student is)."""
    where = server_url(url)
    code, key = create_set(where, game, puzzles)
    return HandedOut(where, code, key)


def practice_set(code: str, name: str = "", url: str | None = None) -> widgets.Widget:
    """A student's practice table for the teacher's set ``code``: its puzzles, each answer
    sent to the room server (which judges it; the first answer to each puzzle counts for the
    teacher's report). ``name``: who you are, without a hub (on a hub the hub says)."""
    from tabletop_widgets.practice_table import Practice

    where, code = server_url(url), room_code(code)
    info = set_info(where, code)
    bank = bank_of(info["game"])
    keys: dict[str, str] = {}

    def sent(puzzle_id: str, answer: Any) -> str:
        try:
            told = send_answer(where, code, puzzle_id, answer, name, keys.get("key"))
        except (Refused, OSError) as e:
            return f"Not sent to your teacher: {e}"
        if "key" in told:
            keys["key"] = told["key"]
        return f"Sent to your teacher: {told['solved']} of {told['tried']} right so far."

    return Practice(info["game"], puzzles=[bank[p] for p in info["puzzles"]], on_answer=sent)


def host(
    game: str,
    players: int | None = None,
    *,
    bots: Mapping[int, str] | None = None,
    hints: bool = False,
    takeover: float | None = None,
    url: str | None = None,
    idle: float | None = None,
    **options: Any,
) -> Hosted:
    """Make a room on the room server playing ``game`` (``options`` as for a table), its
    ``bots`` seats (seat -> level) played by bots and the others waiting for students. Shows
    the join code; ``.watch()`` is the projector's view."""
    where = server_url(url)
    try:
        code, key = create_room(
            where,
            game,
            players,
            bots=bots,
            hints=hints,
            takeover=takeover,
            options=options,
            idle=idle,
        )
    except URLError as e:
        raise ConnectionError(
            f"no room server answers at {where} ({e.reason}): start one with "
            "`tabletop-rooms serve` (docs/teaching.md, A class at one table)"
        ) from None
    return Hosted(where, code, key)


def join_from_address() -> widgets.Widget:
    """A play page's room (``notebooks/play/room.ipynb``): ``?room=K7Q2&name=Asha`` in the
    page's address (Voilà hands it to the kernel as ``QUERY_STRING``) joins at once,
    ``&watch=1`` shows the projector's view, ``&server=...`` names the room server without a
    hub (on a hub, ignored: the hub's configuration names it, and its token goes nowhere else;
    default: ``server_url()``); without a room, the form asks for it."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    room, name, server = (query.get(key, [""])[0] for key in ("room", "name", "server"))
    if os.environ.get("JUPYTERHUB_API_TOKEN"):
        server = ""  # a link does not choose where a hub's credential goes
    form = JoinForm(server_url(server or None), name)
    if room:
        form.code.value = room
        form.join(watching=query.get("watch", [""])[0] in ("1", "yes", "true"))
    return form


_RUNNING: set[asyncio.Future[Any]] = set()
"""The tasks under way (the event loop keeps only a weak reference to a task)."""


def _spawn(work: Coroutine[Any, Any, Any]) -> None:
    """Run ``work`` in the kernel's event loop, between cells."""
    task = asyncio.ensure_future(work)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
