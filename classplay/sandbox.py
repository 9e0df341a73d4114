"""A student's strategy in processes of its own, inside the operating system's walls
(``classplay.isolation``): whatever its file does (raise, hang, exit, crash, eat memory, fork,
patch the engine, spy, hunt for the game, signal others) happens there, and is a problem for
that strategy only.

The sandbox (``Sandbox``, one a student's file) is a fresh Python with an empty environment,
in its own namespaces (bubblewrap or ``unshare``) and scratch folder, under resource limits.
It imports the engine and never runs the student's code itself: it is the clean template
each seat's process is forked from. Each seat of each deal is a process of its own (forked
from the template, its own scratch folder inside, Landlock where the kernel has it), which
runs the file afresh, makes one player and plays that seat's decisions, then ends: nothing a
strategy keeps (a module's dict, a file, a class attribute) reaches another seat or deal.

It holds no game: each question is one seat's data (the ``Seat``'s JSON: view, new events,
move, the legal actions as numbers) and each answer is one line of JSON, the number of the
chosen action or a problem in words. The tournament's side (``Sandbox``) never unpickles
anything the sandbox sends: it reads one bounded line, checks its size, nesting and shape
(``parsed``) and takes the number as an index into its own list of legal actions; it enforces
the time limit by ending the process, and counts each answer's time against the strategy's
budget.

Messages, one JSON line each (the sandbox answers a load with one line, the others with one
line per deal or question):

- ``{"do": "load", "source": text, "file": name}``: run the file; answer its strategy classes.
- ``{"do": "deals", "source": ..., "file": ..., "class": name, "deals": [{"seats": {key:
  seed}, "chance": text}, ...]}``: end the seats' processes of the deals before; for each
  seat (``key``) of each deal fork a process that runs the file afresh and makes its player.
- ``{"do": "rest"}``: end the seats' processes (the deals are over); no answer.
- ``{"do": "ask", "keys": [key, ...]}``, then one line per key: a decision for that seat,
  the line passed on to the seat's process as it is (``{"game": game, "players": n, "seat":
  ..., "view": ..., "events": [...], "move": ..., "legal": runs, "new": {number: action}}``).
  Each deal has its own random numbers, so a deal plays the same alone or with others.

A question sends only what the seat lacks: its new events, and its legal actions as runs of
numbers (``[first, end, first, end, ...]``). The game's actions that its basic bots meet in a
deal (``known_actions``: the same in every process, whatever is played) have the same numbers
in every seat, given on the sandbox's command line and decoded once by the template; any
other action goes as JSON, numbered by each seat in the order it meets it, so a seat learns
nothing from the numbers of actions other seats were offered.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gc
import importlib
import inspect
import json
import operator
import os
import random
import re
import select
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import types
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from engine.values import encode

from . import isolation
from .calls import Filter, programs
from .isolation import MODES, ROOT

LINE = 1 << 16
"""The longest line a sandbox may send (an answer is a few bytes; a problem a few hundred)."""
BRACKETS = 8
"""The most brackets an answer may hold outside its strings (``{"classes": [...]}`` has 2)."""
KEPT = 4096
"""The most lists of legal actions each side keeps, with what they were sent as."""
PROCESSES = 256
"""The most processes (and threads) a sandbox's user may run: its seats' processes (40 for a
pair's 10 deals of a four-player game) and room to spare, but no fork bomb."""
BOOT = "import sys; sys.path[0] = {root!r}; from classplay.sandbox import main; main()"
"""The sandbox's command: the engine from where this one comes, nothing from the environment."""


@dataclass(frozen=True)
class Limits:
    """What a strategy may use: ``time`` seconds for each decision (and for loading its file
    and making its players), ``memory`` bytes of memory for each of its processes, ``budget``
    seconds of thinking over a whole tournament (every answer's time counts), and which walls
    (``isolation``: "sandbox", the operating system's, or "none", at the teacher's word)."""

    time: float = 5.0
    memory: int = 1 << 30
    budget: float = 120.0
    isolation: str = "sandbox"

    def __post_init__(self) -> None:
        if not 0 < self.time <= 3600:
            raise ValueError(f"the time limit is 0 to 3600 seconds, not {self.time!r}")
        if not self.memory >= 1 << 26:
            raise ValueError(f"the memory limit is at least 64 MB, not {self.memory!r}")
        if not 0 < self.budget <= 86400:
            raise ValueError(f"the budget is 0 to 86400 seconds, not {self.budget!r}")
        if self.isolation not in MODES:
            raise ValueError(f"isolation is 'sandbox' or 'none', not {self.isolation!r}")


class Fault(Exception):
    """A sandbox that did not answer as it must: the words say what happened."""


class Sandbox:
    """The tournament's handle on one strategy's process: started on first use, ended (and
    started again on next use) after any fault. ``send`` never waits: not for the process to
    start (so many can start at once; the first ``answer`` waits for it, ``START``), nor for
    it to read (what the pipe does not take at once is written while waiting for answers),
    so a message may wait behind another, and a process that hangs or has ended is found out
    by the answer it owes."""

    START = 60.0
    """Seconds a new process may take to start Python and the engine (not the student's)."""
    OVERTIME = 1.0
    """Seconds past the time limit this side waits for a question's answer: the sandbox
    times each seat itself and answers for one that did not (``Template._answers``), so this
    side ends the whole sandbox only if the sandbox itself does not answer."""

    def __init__(self, limits: Limits, games: tuple[str, ...] = ()) -> None:
        self.limits, self.games = limits, games
        self.process: subprocess.Popen[bytes] | None = None
        self.known = known_actions(games[0]) if games else Known((), {})
        """The game's actions every seat knows by number from the start."""
        self._extra: dict[str, dict[Any, int]] = {}
        """Each seat's actions beyond ``known`` sent to it, with its numbers for them."""
        self._sent: dict[tuple[int, int, int], tuple[list[Any], list[int]]] = {}
        """Lists of legal actions of ``known`` actions only already sent, by length and their
        ends' identities, with their runs of numbers."""
        self._buffer = b""
        self._out = bytearray()
        """What is still to be written to the process."""
        self._ready = False
        self._clock = 0.0
        """When the last answer was read (or the process was ready)."""
        self._owed: deque[list[Any]] = deque()
        """Each message sent and not yet answered in full: when it was sent, how many
        answers it still owes, and whether they are answers to questions."""
        self._selector: selectors.BaseSelector | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._group: isolation.Group | None = None
        self.spent = 0.0
        """Seconds its answers took, from the moment it could start on each."""

    # -- talking
    def send(self, message: dict[str, Any]) -> None:
        """Send one message, starting the process if it is not running."""
        if self.process is None:
            self._start()
        do = message["do"]
        if do == "ask":  # a line of keys, then each seat's question as it will read it
            asks = message["asks"]
            self._out += _line_of({"do": "ask", "keys": [ask["key"] for ask in asks]})
            shared = {"game": message["game"], "players": message["players"]}
            for ask in asks:
                self._out += _line_of({k: v for k, v in ask.items() if k != "key"} | shared)
        else:
            self._out += _line_of(message)
            self._extra = {}  # new seats, or none: each numbers its actions afresh
        self._push()
        owed = len(message["asks"] if do == "ask" else message.get("deals", [0]))
        if do != "rest":  # the one message answered by nothing
            self._owed.append([time.monotonic(), owed, do == "ask"])

    def answer(self) -> dict[str, Any]:
        """The next answer, a JSON object: due within one time limit of the moment the
        process could start on it, as far as this side knows (its message's sending, the
        reading of the answer before, the process being ready), however many questions the
        message held or were sent after it. Its time is added to ``spent``. A line that is not
        a small JSON object is answered for it as a problem (``parsed``)."""
        if not self._ready:
            self._ready = True
            if self._line(time.monotonic() + self.START, self.START) != b'{"ready":true}':
                raise self._fault("did not start")
            self._clock = time.monotonic()
        limit = self.limits.time
        message = self._owed[0]
        began = max(self._clock, message[0])
        try:
            line = self._line(began + limit + (self.OVERTIME if message[2] else 0.0), limit)
        except Fault:
            self.spent += time.monotonic() - began
            raise
        self._clock = time.monotonic()
        message[1] -= 1
        if not message[1]:
            self._owed.popleft()
        data = parsed(line)
        took = data.get("t") if data is not None else None
        if data is not None and set(data) == {"t", "a"} and type(took) is float and took >= 0:
            self.spent += took  # a seat's own time, measured by its template
            data = data["a"] if isinstance(data["a"], dict) else None
        else:
            self.spent += self._clock - began
        if data is None:
            return {"problem": "sent something that is not an answer"}
        return data

    def encode_legal(self, legal: list[Any], key: str) -> tuple[list[int], dict[int, Any]]:
        """``legal`` as the numbers seat ``key``'s process knows them by (``runs`` of them),
        and the JSON of those new to it. The game's ``known`` actions have the same numbers in
        every seat; any other action is numbered by each seat in the order it meets it (so a
        seat learns nothing from the numbers of what other seats were offered). A list of
        known actions sent before (a game lists the same ones again and again) is found
        without hashing its actions."""
        found_key = (len(legal), id(legal[0]), id(legal[-1])) if legal else (0, 0, 0)
        found = self._sent.get(found_key)
        if found is not None and found[0] == legal:  # equal lists: their numbers are known
            return found[1], {}
        index = self.known.index
        try:
            numbers = list(map(index.__getitem__, legal))
        except KeyError:
            return self._encode_extra(legal, key)
        if len(self._sent) >= KEPT:
            self._sent.clear()
        self._sent[found_key] = (list(legal), runs(numbers))
        return self._sent[found_key][1], {}

    def _encode_extra(self, legal: list[Any], key: str) -> tuple[list[int], dict[int, Any]]:
        """``encode_legal`` for a list with actions that are not ``known``."""
        index, extra = self.known.index, self._extra.setdefault(key, {})
        new: dict[int, Any] = {}
        numbers = []
        for action in legal:
            k = index.get(action)
            if k is None:
                k = extra.get(action)
                if k is None:
                    k = extra[action] = len(index) + len(extra)
                    new[k] = encode(action)
            numbers.append(k)
        return runs(numbers), new

    # -- the process
    def _start(self) -> None:
        walls = isolation.available(self.limits.isolation)
        self._folder = tempfile.TemporaryDirectory(prefix="strategy-")
        scratch = self._folder.name
        self._group = isolation.Group(self.limits.memory, PROCESSES) if walls.groups else None
        groups = self._group.fds if self._group else []
        settings = {
            "groups": groups,
            "memory": self.limits.memory,
            "cpu": int(self.limits.budget) + 1,
            "time": self.limits.time,
            "games": list(self.games),
            "scratch": scratch,
            "read": isolation.readable(),
            "proc": bool(walls.namespaces),
            "landlock": walls.landlock > 0,
            "calls": [base64.b64encode(p).decode() for p in programs()] if walls.calls else [],
            "mount": isolation.private_scratch(walls) == "mount",
            "actions": {game: known_actions(game).data for game in self.games},
        }
        here = os.path.abspath(sys.executable)  # no "..": the folders it passes may not be there
        python = [here, "-s", "-c", BOOT.format(root=ROOT), json.dumps(settings)]
        self.process = subprocess.Popen(
            isolation.command(walls, python, scratch),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=scratch,
            env=isolation.environment(scratch),
            start_new_session=True,  # its own process group: ended whole, spared a Ctrl-C
            pass_fds=groups,
        )
        if self._group:
            for fd in self._group.fds:
                os.close(fd)  # the sandbox's now
            self._group.fds = []
        assert self.process.stdout is not None and self.process.stdin is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        os.set_blocking(self.process.stdin.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        self._buffer, self._extra, self._ready = b"", {}, False
        self._out.clear()
        self._owed.clear()

    def _push(self) -> None:
        """Write what the pipe takes now of what is to be sent (nothing more once the process
        has ended: its answers say how)."""
        assert self.process is not None and self.process.stdin is not None
        while self._out:
            try:
                written = os.write(self.process.stdin.fileno(), self._out)
            except BlockingIOError:
                break
            except OSError:  # a broken pipe: the process has ended
                self._out.clear()
                break
            del self._out[:written]

    def _line(self, deadline: float, limit: float) -> bytes:
        """The next line the process sends, by ``deadline`` (writing meanwhile what is to be
        sent)."""
        assert self._selector is not None and self.process is not None
        assert self.process.stdin is not None and self.process.stdout is not None
        stdin = self.process.stdin
        while b"\n" not in self._buffer:
            self._push()
            writing = stdin.fileno() in self._selector.get_map()
            if self._out and not writing:
                self._selector.register(stdin, selectors.EVENT_WRITE)
            elif writing and not self._out:
                self._selector.unregister(stdin)
            left = deadline - time.monotonic()
            ready = self._selector.select(max(left, 0)) if left > 0 else []
            if not ready:  # nothing by the deadline, or a trickle that never ends a line
                self.kill()
                raise Fault(f"no answer within {limit:g} s")
            if all(key.fileobj is stdin for key, _ in ready):
                continue
            try:
                chunk = os.read(self.process.stdout.fileno(), LINE)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._fault("")
            self._buffer += chunk
            if len(self._buffer) > LINE:
                raise self._fault("sent too much")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _fault(self, what: str) -> Fault:
        """End the process and say what happened: ``what``, or how the process ended."""
        ended = self.process.poll() if self.process else None
        if ended is None and not what and self.process:
            with contextlib.suppress(subprocess.TimeoutExpired):
                ended = self.process.wait(1)
        self.kill()
        if what:
            return Fault(what)
        if ended is not None and ended < 0:
            try:
                name = signal.Signals(-ended).name
            except ValueError:
                name = f"signal {-ended}"
            return Fault(f"its process was ended by {name}")
        return Fault(f"its process ended (exit code {ended})")

    def finish(self) -> None:
        """Ask the process to end (its input closed: it ends its seats, then itself), without
        waiting: ``kill`` waits."""
        if self.process is not None and self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    def kill(self, grace: float = 0.0) -> None:
        """End the process (and any it started): asked to end within ``grace`` seconds
        (its input closed: it ends its seats and itself, and their CPU time is counted to
        this process's children), then at once."""
        if self.process is None:
            return
        if grace:
            self.finish()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(grace)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe:
                pipe.close()
        if self._selector:
            self._selector.close()
        if self._folder:
            self._folder.cleanup()
        if self._group:
            self._group.close()
        self._group = None
        self.process = self._selector = self._folder = None


_STRING = re.compile(rb'"(?:[^"\\\n]|\\.)*"')


def parsed(line: bytes) -> dict[str, Any] | None:
    """A sandbox's line as a JSON object, if it is one of at most ``LINE`` bytes and
    ``BRACKETS`` brackets outside its strings (so no nesting can exhaust the parser); else
    None.

    >>> parsed(b'{"i": 3}'), parsed(b"[" * 2000), parsed(b'{"problem": "[[[[[[[[[["}')
    ({'i': 3}, None, {'problem': '[[[[[[[[[['})
    """
    if len(line) > LINE:
        return None
    bare = _STRING.sub(b"", line)
    if bare.count(b"[") + bare.count(b"{") > BRACKETS:
        return None
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


_ENCODE = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode
"""Compact JSON, made by one encoder, which does not look for cycles: every message and
answer is this module's own tree of data (a question's view, made by the engine, takes about
60% of the time to write that a check for cycles does)."""


def _line_of(data: dict[str, Any]) -> bytes:
    """One message or answer: compact JSON on one line."""
    return _ENCODE(data).encode() + b"\n"


def runs(numbers: Sequence[int]) -> list[int]:
    """``numbers`` as runs of consecutive ones, ``[first, end, first, end, ...]`` (each
    ``end`` one past the run's last number)."""
    out: list[int] = []
    for n in numbers:
        if out and out[-1] == n:
            out[-1] = n + 1
        else:
            out += (n, n + 1)
    return out


def numbers_of(sent: Sequence[int]) -> list[int]:
    """The numbers of ``runs``' runs."""
    return [n for k in range(0, len(sent), 2) for n in range(sent[k], sent[k + 1])]


@dataclass(frozen=True)
class Known:
    """A game's actions that every seat knows by the same numbers from the start: ``data``,
    their JSON, in order; ``index``, each action's number."""

    data: tuple[Any, ...]
    index: dict[Any, int]


KNOWN = 1 << 15
"""The most characters of JSON of a game's known actions (they go on the sandbox's command
line)."""


@functools.cache
def known_actions(game: str) -> Known:
    """The actions of ``game`` that its basic bots are offered in a deal, and those of a first
    decision at each number of players (``_warm``): the same in every process, whatever is
    played, so the numbers say nothing of any deal."""
    data: list[Any] = []
    index: dict[Any, int] = {}
    size = 0
    for action in _warm(game):
        encoded = encode(action)
        size += len(json.dumps(encoded, separators=(",", ":")))
        if size > KNOWN:
            break
        index[action] = len(data)
        data.append(encoded)
    return Known(tuple(data), index)


# ---------------------------------------------------------------- inside the sandbox


def main() -> None:
    """The sandbox: confine itself, keep the pipes, import the engine, and answer messages
    until the input ends, forking a process for each seat (``Template``)."""
    settings = json.loads(sys.argv[1])
    isolation.join(settings["groups"])
    isolation.limit(settings["memory"], PROCESSES)
    if settings["mount"] and isolation.mount_scratch(settings["scratch"]):
        os.chdir(settings["scratch"])  # the folder in memory, not the disk's below it
    isolation.drop_privileges()
    _die_with_parent()
    sandbox, seat = [base64.b64decode(p) for p in settings["calls"]] or [b"", b""]
    if sandbox and not Filter(sandbox).load():  # promised, so nothing runs without it
        raise SystemExit("the system calls' filter could not be loaded")
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(quiet, fd)
    sys.stdin, sys.stdout = open(os.devnull), open(os.devnull, "w")  # noqa: SIM115
    for game in settings["games"]:
        importlib.import_module(f"engine.{game}")
    importlib.import_module("engine.seat")  # every seat's process needs it: imported once
    for game in settings["games"]:
        _warm(game)
    _known(settings["actions"])

    template = Template(settings, (reader.fileno(), writer.fileno()), Filter(seat))
    gc.collect()
    _lean()
    gc.freeze()  # the template's objects stay shared with its seats' processes, not copied

    def say(data: dict[str, Any] | bytes) -> None:
        writer.write(data if isinstance(data, bytes) else _line_of(data))
        writer.flush()  # each answer at once: the tournament times each

    say({"ready": True})
    for line in reader:
        for answer in template.handle(json.loads(line), reader.readline):
            say(answer)
    template._end_all()  # the input is over: end the seats, then itself


def _lean() -> None:
    """Spare each seat's process threading's after-fork handler, where the template has no
    thread but its own: ``threading._after_fork`` (run by ``os.fork`` in every child) remakes
    the module's locks and the main thread's record, which a single-threaded template's child
    inherits already right (the same thread, its locks free); run in each seat's process it
    cost about 100 µs of a decision's CPU (about 4%), most of it in pages copied on write.
    Where the template has another thread (``orphaned``: no ``prctl``) it is kept."""
    handler = getattr(threading, "_after_fork", None)
    if isinstance(handler, types.FunctionType) and threading.active_count() == 1:
        handler.__code__ = _nothing.__code__


def _nothing() -> None:
    """What ``_lean`` leaves threading's after-fork handler to do."""


def _warm(game: str) -> list[Any]:
    """Play a deal of ``game`` with its basic bots (the engine's code only), so the odds
    tables they and a student's strategy compute on demand are in the template, made once,
    not again in every seat's process. The actions they were offered and those of a first
    decision at each number of players, each once, in the order met."""
    import engine

    noted: dict[Any, None] = {}

    class Noting:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, seat: Any) -> Any:
            noted.update(dict.fromkeys(seat.legal_actions()))
            return self.bot.choose(seat)

    with contextlib.suppress(Exception):
        state = engine.new_game(game, seed=0)
        bots = [engine.make_bot(game, "basic", seed=s) for s in range(state.num_players)]
        engine.play(state, [Noting(bot) for bot in bots])
    for players in getattr(engine.GAMES[game], "PLAYERS", ()):
        with contextlib.suppress(Exception):
            state, rng = engine.new_game(game, players, seed=0), random.Random(0)
            for _ in range(100):  # chance's turns, to the first player's
                if state.current_player != engine.CHANCE or state.is_terminal():
                    noted.update(dict.fromkeys(state.legal_actions()))
                    break
                state = state.apply(state.sample_chance(rng))
    return list(noted)


def _known(actions: dict[str, list[Any]]) -> None:
    """Each game's known actions (``known_actions``, as the tournament sent them), decoded
    once here for every seat's process."""
    from engine import GAMES
    from engine.values import decode

    for game, data in actions.items():
        kinds = GAMES[game].kinds()
        _KNOWN[game] = tuple(decode(d, kinds) for d in data)


def _die_with_parent() -> None:
    """End this process when the one that started it ends (Linux: at once, by the kernel;
    elsewhere: within half a second)."""
    parent = os.getppid()
    libc = isolation._libc
    if libc is not None and libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:  # PR_SET_PDEATHSIG
        if os.getppid() != parent:
            os._exit(1)
        return
    threading.Thread(target=orphaned, args=(parent,), daemon=True).start()


def orphaned(parent: int) -> None:
    """End this process when the one that started it is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


@dataclass
class _Seat:
    """A seat's process, as its template sees it: the pipes to it, its scratch folder, and
    its scheduler's statistics (``_queued``)."""

    pid: int
    to: IO[bytes]
    back: IO[bytes]
    folder: str
    stat: int = -1
    ended: str = ""
    buffer: bytes = b""


class Template:
    """The sandbox's first process: the engine imported, no student's code ever run. For each
    seat of each deal (and to load a file) it forks a process, which confines itself further
    (its own scratch folder, Landlock) and runs the file afresh (``Player``); it passes each
    question to the seat's process as the tournament wrote it, and its answer back, one line
    each."""

    def __init__(
        self, settings: dict[str, Any], keep: tuple[int, int], calls: Filter | None = None
    ) -> None:
        self.settings, self.keep = settings, keep
        self.calls = calls or Filter(b"")
        """A seat's own filter of its system calls, loaded in each seat's process."""
        self.code: dict[tuple[str, str], types.CodeType | BaseException] = {}
        self.seats: dict[str, _Seat] = {}
        self.born = 0
        self.landlock = (
            isolation.Landlock(settings["read"], settings["proc"]) if settings["landlock"] else None
        )
        """What each seat may read, the paths opened once."""

    def handle(
        self, message: dict[str, Any], more: Callable[[], bytes]
    ) -> Iterator[dict[str, Any] | bytes]:
        """Do what ``message`` says (``more()``: the next line the tournament sent); its
        answers."""
        do = message["do"]
        if do == "load":
            code = self._compiled(message)
            [seat] = self._fork([lambda: Player(message["file"]).classes(code)])
            yield self._read(seat)
            self._end(seat)
        elif do == "deals":
            self._end_all()
            code, cls = self._compiled(message), message["class"]
            made = [
                (key, functools.partial(Player(message["file"]).deal, code, cls, seed, chance))
                for key, seed, chance in _seats_of(message["deals"])
            ]
            seats = self._fork([work for _, work in made])  # every seat of every deal at once
            self.seats.update(zip((key for key, _ in made), seats, strict=True))
            for deal in message["deals"]:
                answers = [self._read(self.seats[key]) for key in deal["seats"]]
                yield next((a for a in answers if a != b'{"ok":true}\n'), {"ok": True})
        elif do == "rest":
            self._end_all()
        elif do == "ask":  # each seat's question on a line of its own, passed on as it is
            keys = message["keys"]
            for key, question in [(key, more()) for key in keys]:
                seat = self.seats[key]
                if not seat.ended:
                    try:
                        seat.to.write(question)
                        seat.to.flush()
                    except OSError:  # it has ended: its answer says how
                        pass
            yield from self._answers([self.seats[key] for key in keys])

    def _compiled(self, message: dict[str, Any]) -> types.CodeType | BaseException:
        """The student's file compiled (never run here), or why it cannot be."""
        key = (message["file"], message["source"])
        if key not in self.code:
            try:
                self.code[key] = compile(message["source"], message["file"], "exec")
            except BaseException as error:  # a syntax error, a nesting too deep to parse
                self.code[key] = error
        return self.code[key]

    def _fork(self, works: list[Callable[[], dict[str, Any]]]) -> list[_Seat]:
        """A seat's process for each of ``works``, with a scratch folder of its own: it
        confines itself, answers ``work()`` in one line, then (if it made a player) the
        questions it is sent, until its input ends. The folders and pipes are made before and
        the seats' records after: forked one after the other, with nothing written between,
        the template copies on write almost none of its pages for each seat (about 130 a
        seat when each seat was set up between forks)."""
        made = []
        for _ in works:
            self.born += 1
            own = os.path.join(self.settings["scratch"], f"seat-{self.born}")
            os.mkdir(own, 0o700)
            made.append((own, os.pipe(), os.pipe()))
        pids = [0] * len(works)
        for k, (own, down, up) in enumerate(made):
            pids[k] = os.fork()
            if pids[k] == 0:
                self._seat(own, down[0], up[1], works[k])  # never returns
        seats = []
        for pid, (own, down, up) in zip(pids, made, strict=True):
            os.close(down[0])
            os.close(up[1])
            try:
                stat = os.open(f"/proc/{pid}/schedstat", os.O_RDONLY | os.O_CLOEXEC)
            except OSError:  # not Linux
                stat = -1
            to, back = os.fdopen(down[1], "wb"), os.fdopen(up[0], "rb", buffering=0)
            seats.append(_Seat(pid, to, back, own, stat))
        return seats

    def _seat(self, own: str, down: int, up: int, work: Callable[[], dict[str, Any]]) -> None:
        """A seat's process (``_fork``): reads its questions from ``down``, answers on
        ``up``; ends when its input does."""
        code = 0
        try:
            rules = self.landlock.fds if self.landlock else ()
            _close_all_but((down, up, *rules))
            self._confine(own)
            reader, writer = os.fdopen(down, "rb"), os.fdopen(up, "wb")
            writer.write(_line_of(_guarded(work)))
            writer.flush()
            player = _PLAYING[0]
            if player is not None:
                for line in reader:
                    writer.write(_line_of(player.answer(json.loads(line))))
                    writer.flush()
        except BaseException:
            code = 70
        finally:
            os._exit(code)

    def _confine(self, own: str) -> None:
        """A seat's walls: its own scratch folder ``own`` (its home and temporary folder),
        its own limits (CPU seconds: the tournament's budget), Landlock to that folder, and
        its own filter of system calls (no processes, threads or signals)."""
        os.chdir(own)
        os.environ["HOME"] = os.environ["TMPDIR"] = own
        tempfile.tempdir = own
        _die_with_parent()
        isolation.limit(self.settings["memory"], PROCESSES, self.settings["cpu"])
        if self.landlock:
            self.landlock.restrict([own])
        if self.calls.ready and not self.calls.load():
            raise OSError("the system calls' filter could not be loaded")

    def _answers(self, seats: list[_Seat]) -> Iterator[bytes]:
        """The answers of ``seats``, just asked, in that order, each with the seconds it
        counts against the strategy's budget. Each is due within the time limit of the later
        of its asking and the answer before it that came (as the tournament's side counts);
        a seat that has not answered by then is ended and answers that it did not. A time-out
        gives the next seat no more time, so every seat of a strategy that hangs is stopped
        within one limit, and the sandbox plays on."""
        limit = self.settings["time"]
        asked = time.monotonic()  # all asked: the strategy thinks, in every seat
        queued = [_queued(seat) for seat in seats]
        came: list[tuple[float, float] | None] = [
            (asked, 0.0) if seat.ended or b"\n" in seat.buffer else None for seat in seats
        ]
        """When each seat's answer was in, and how long it had waited for a core by then."""

        clock = thought = asked
        for k, seat in enumerate(seats):
            timed_out = False
            while came[k] is None:
                left = clock + limit - time.monotonic()
                overdue = left <= 0  # then only what is there already is read
                waiting = [j for j in range(k, len(seats)) if came[j] is None]
                ready, _, _ = select.select(
                    [seats[j].back for j in waiting], [], [], max(left, 0.0)
                )
                for j in waiting:
                    if seats[j].back in ready:
                        before = _queued(seats[j])  # before it may end
                        self._take(seats[j])
                        if seats[j].ended or b"\n" in seats[j].buffer:
                            came[j] = (time.monotonic(), before - queued[j])
                if came[k] is None and (overdue or not ready):  # no answer in time
                    came[k] = (time.monotonic(), _queued(seat) - queued[k])
                    seat.ended, timed_out = f"no answer within {limit:g} s", True
                    self._end(seat)
            when, waited = came[k] or (0.0, 0.0)  # waited: for a core, not its doing
            if not timed_out:
                clock = max(clock, when)  # it answered: the next is due a limit after
            seconds, thought = max(when - thought - waited, 0.0), max(when, thought)
            yield b'{"t":%.6f,"a":%s}\n' % (seconds, self._read(seat).rstrip(b"\n"))

    def _read(self, seat: _Seat) -> bytes:
        """The seat's next line (at most ``LINE`` bytes), or how its process ended."""
        while not seat.ended and b"\n" not in seat.buffer:
            self._take(seat)
        if seat.ended:
            return _line_of({"problem": seat.ended})
        line, _, seat.buffer = seat.buffer.partition(b"\n")
        return line + b"\n"

    def _take(self, seat: _Seat) -> None:
        """Read what the seat has sent (waiting for something), or note how it ended."""
        chunk = os.read(seat.back.fileno(), LINE)
        seat.buffer += chunk
        if len(seat.buffer) > LINE:
            seat.ended = "sent too much"
            self._end(seat)
        elif not chunk:  # it has ended, or will: how is waited for as long as an answer
            seat.ended = _ended(self._end(seat, self.settings["time"]))

    def _end(self, seat: _Seat, grace: float = 0.0) -> int:
        """End a seat's process (after ``grace`` seconds if it is ending) and remove its
        folder; its wait status."""
        status = self._stop(seat, grace)
        if seat.folder:
            shutil.rmtree(seat.folder, ignore_errors=True)
            seat.folder = ""
        return status

    def _end_all(self) -> None:
        """End every seat's process: each told at once, then each waited for (so they end
        together)."""
        seats, self.seats = list(self.seats.values()), {}
        for seat in seats:
            self._stop(seat, wait=False)
        for seat in seats:
            self._end(seat)

    def _stop(self, seat: _Seat, grace: float = 0.0, wait: bool = True) -> int:
        """End a seat's process (after ``grace`` seconds if it is ending); its wait status
        (0 if not ``wait``)."""
        for pipe in (seat.to, seat.back):
            with contextlib.suppress(OSError):
                pipe.close()
        if seat.stat >= 0:
            os.close(seat.stat)
            seat.stat = -1
        deadline = time.monotonic() + grace
        with contextlib.suppress(ChildProcessError):
            while time.monotonic() < deadline:
                pid, status = os.waitpid(seat.pid, os.WNOHANG)
                if pid:
                    return status
                time.sleep(0.005)
            with contextlib.suppress(ProcessLookupError):
                os.kill(seat.pid, signal.SIGKILL)
            return os.waitpid(seat.pid, 0)[1] if wait else 0
        return 0


def _seats_of(deals: list[dict[str, Any]]) -> Iterator[tuple[str, int, str]]:
    """Each seat of ``deals`` (a "deals" message's): its key, its seed, its deal's chance."""
    for deal in deals:
        for key, seed in deal["seats"].items():
            yield key, seed, deal["chance"]


def _queued(seat: _Seat) -> float:
    """The seconds ``seat``'s process has waited for a core, ready to run (Linux's
    ``/proc/<pid>/schedstat``; 0 where there is none): a busy machine's, not the student's."""
    try:
        return int(os.pread(seat.stat, 128, 0).split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _close_all_but(keep: tuple[int, ...]) -> None:
    """Close every file descriptor above 2 but ``keep`` (a seat's process keeps nothing of the
    template's: not the tournament's pipe, not its siblings')."""
    last = 3
    for fd in sorted(keep):
        os.closerange(last, fd)
        last = fd + 1
    os.closerange(last, 1 << 20)


def _ended(status: int) -> str:
    """How a process ended, from its wait status, in words."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"its process was ended by {name}"
    return f"its process ended (exit code {os.waitstatus_to_exitcode(status)})"


def _guarded(work: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    try:
        return work()
    except _Failed as failed:
        return {"problem": str(failed)}


class _Failed(Exception):
    """A student's code failed: the words say how."""


_KNOWN: dict[str, tuple[Any, ...]] = {}
"""Each game's known actions (``known_actions``), decoded by the template: a seat's process,
forked after, has them by their numbers."""

_PLAYING: list[Player | None] = [None]
"""The player of this seat's process, once made."""


class Player:
    """A seat's process's side: the student's file run afresh, one player made for one seat
    of one deal, and its Seat's events so far."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.player: Any = None
        self.events: list[Any] = []
        self.extra: dict[int, Any] = {}
        """The actions it was sent beyond the game's known ones, by its numbers for them."""
        self.legal: dict[tuple[int, ...], tuple[Any, ...]] = {}
        """Each list of legal actions asked about, by its runs."""

    def _run(self, doing: str, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except BaseException as error:  # whatever the student's code raised, sys.exit too
            raise _Failed(described(error, self.file, doing)) from None

    def _module(self, code: types.CodeType | BaseException) -> types.ModuleType:
        """The student's file, run as a module of its own."""
        if isinstance(code, BaseException):
            raise _Failed(described(code, self.file, "import"))
        name = "strategy_" + Path(self.file).stem
        module = types.ModuleType(name)
        module.__file__ = self.file
        sys.modules[name] = module
        self._run("import", lambda: exec(code, module.__dict__))
        return module

    def classes(self, code: types.CodeType | BaseException) -> dict[str, Any]:
        module = self._module(code)
        return {
            "classes": [
                name
                for name, c in vars(module).items()
                if isinstance(c, type)
                and c.__module__ == module.__name__
                and callable(getattr(c, "choose", None))
            ]
        }

    def deal(
        self, code: types.CodeType | BaseException, cls: str, seed: int, chance: str
    ) -> dict[str, Any]:
        """Make this seat's player: the deal's own random numbers (a careless strategy's
        unseeded chance is the same whatever plays the deal), the file run, the class made."""
        random.seed(chance)
        module = self._module(code)
        if "numpy" in sys.modules:
            sys.modules["numpy"].random.seed(random.getrandbits(32))
        made = getattr(module, cls)
        takes_seed = takes_a_seed(made)
        self.player = self._run("__init__", lambda: made(seed=seed) if takes_seed else made())
        _PLAYING[0] = self
        return {"ok": True}

    def answer(self, ask: dict[str, Any]) -> dict[str, Any]:
        try:
            return self._choose(ask)
        except _Failed as failed:
            return {"problem": str(failed)}

    def _choose(self, ask: dict[str, Any]) -> dict[str, Any]:
        from engine import GAMES
        from engine.seat import Seat, event_from
        from engine.values import decode

        for k, data in ask["new"].items():
            self.extra[int(k)] = decode(data, GAMES[ask["game"]].kinds())
        self.events += [event_from(e) for e in ask["events"]]
        legal = self._legal(ask["legal"], _KNOWN.get(ask["game"], ()))
        seat = Seat(
            ask["game"],
            ask["seat"],
            ask["players"],
            ask["view"],
            tuple(self.events),
            ask["move"],
            legal,
        )
        chosen = self._run("choose", lambda: self.player.choose(seat))
        with contextlib.suppress(ValueError):
            return {"i": list(map(id, legal)).index(id(chosen))}  # the very action
        for k, action in enumerate(legal):  # an equal action, not the same object
            if self._run("choose", functools.partial(operator.eq, action, chosen)):
                return {"i": k}
        return {"problem": f"chose {_shown(chosen)}, which is not one of seat.legal_actions()"}

    def _legal(self, sent: list[int], known: tuple[Any, ...]) -> tuple[Any, ...]:
        """The legal actions ``sent`` as runs of numbers: the game's ``known`` actions first,
        then those it was sent."""
        key = tuple(sent)
        found = self.legal.get(key)
        if found is None:
            legal: list[Any] = []
            for k in range(0, len(sent), 2):
                first, end = sent[k], sent[k + 1]
                if end <= len(known):
                    legal += known[first:end]
                else:
                    legal += [
                        known[n] if n < len(known) else self.extra[n] for n in range(first, end)
                    ]
            if len(self.legal) >= KEPT:
                self.legal.clear()
            found = self.legal[key] = tuple(legal)
        return found


_VARIABLE = inspect.CO_VARARGS | inspect.CO_VARKEYWORDS


def takes_a_seed(made: Any) -> bool:
    """Whether making ``made`` takes ``seed=``: whether ``inspect.signature(made)`` has a
    parameter so named (the tournament's rule), read straight from the code of a plain
    class's ``__init__`` (a function with a first parameter, no ``*args`` or ``**kwargs``;
    no metaclass, ``__new__``, ``__signature__`` or wrapper), where ``inspect``'s first call
    costs a seat's fresh process about 0.8 ms; anything else is asked of ``inspect``.

    >>> class Seeded:
    ...     def __init__(self, seed=0): ...
    >>> takes_a_seed(Seeded), takes_a_seed(type("Bare", (), {}))
    (True, False)
    """
    new: Any = object.__new__
    if type(made) is type and made.__new__ is new:
        init = _init_of(made)
        if init is object.__init__ and not _signed(made):
            return False
        code = getattr(init, "__code__", None)
        if (
            type(init) is types.FunctionType
            and type(code) is types.CodeType
            and code.co_argcount
            and not code.co_flags & _VARIABLE
            and not _signed(made)
            and "__wrapped__" not in init.__dict__
            and "__signature__" not in init.__dict__
        ):
            names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
            return "seed" in names[1:]  # not its first, ``self``
    return "seed" in inspect.signature(made).parameters


def _init_of(made: Any) -> Any:
    """``made.__init__`` (for the type checker: a class's, not an instance's)."""
    return made.__init__


def _signed(made: type) -> bool:
    """Whether a class of ``made``'s own sets ``__signature__`` (which ``inspect`` reads)."""
    return any("__signature__" in vars(c) for c in made.__mro__)


def described(error: BaseException, file: str, doing: str) -> str:
    """A student's error in a few words: ``ZeroDivisionError in choose, line 12: division by
    zero``, the place being the last line of the student's file it passed through."""
    if isinstance(error, SyntaxError):
        return f"SyntaxError, line {error.lineno}: {error.msg}"
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == file]
    where = f" in {frames[-1].name}, line {frames[-1].lineno}" if frames else f" in {doing}"
    if isinstance(error, SystemExit):
        return f"sys.exit{where}"
    try:
        text = str(error)
    except Exception:
        text = ""
    if isinstance(error, MemoryError):
        text = "over its memory limit"
    name = type(error).__name__
    return f"{name}{where}" + (f": {text[:120]}" if text else "")


def _shown(value: Any) -> str:
    try:
        return repr(value)[:80]
    except Exception:
        return f"a {type(value).__name__}"


if __name__ == "__main__":
    main()
