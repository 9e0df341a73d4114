"""A student's strategy in a process of its own: whatever its file does (raise, hang, exit,
crash, eat memory, patch the engine, hunt for the game) happens there, and is a problem for
that strategy only.

The sandbox is a fresh Python (``python -m classplay.sandbox``) with a memory limit
(``RLIMIT_AS``), its standard input and output kept for the tournament and replaced by
``/dev/null`` for the student's code. It holds no game: each question is one seat's data
(the ``Seat``'s JSON: view, new events, move, the legal actions as numbers) and each answer is
one line of JSON, the number of the chosen action or a problem in words. The tournament's side
(``Sandbox``) never unpickles anything the sandbox sends: it reads JSON, checks its shape and
takes the number as an index into its own list of legal actions, and it enforces the time
limit by ending the process.

Messages, one JSON line each (the sandbox answers a load with one line, the others with one
line per deal or question):

- ``{"do": "load", "source": text, "file": name}``: run the file; answer its strategy classes.
- ``{"do": "deals", "source": ..., "file": ..., "class": name, "deals": [{"seats": {key:
  seed}, "chance": text}, ...]}``: put the engine back as it was, then for each deal run the
  file afresh (a deal never sees what another left) and make one strategy per seat.
- ``{"do": "ask", "game": game, "players": n, "asks": [...]}``: one decision per ask, each
  for a seat of one of those deals (``key``). The deals are played in step, each with its own
  random numbers, so a deal plays the same alone or with others.

A question sends only what the sandbox lacks: the seat's new events, and its legal actions as
runs of numbers (``[first, end, first, end, ...]``) with the JSON of any action new to it.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import types
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.values import encode

LINE = 1 << 16
"""The longest line a sandbox may send (an answer is a few bytes; a problem a few hundred)."""
KEPT = 4096
"""The most lists of legal actions each side keeps, with what they were sent as."""
QUIET = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
"""One thread for numpy's libraries: a student importing numpy stays inside its memory limit."""


@dataclass(frozen=True)
class Limits:
    """What a strategy may use: ``time`` seconds for each decision (and for loading its file
    and making its players), ``memory`` bytes of memory for its process."""

    time: float = 5.0
    memory: int = 1 << 30

    def __post_init__(self) -> None:
        if not 0 < self.time <= 3600:
            raise ValueError(f"the time limit is 0 to 3600 seconds, not {self.time!r}")
        if not self.memory >= 1 << 26:
            raise ValueError(f"the memory limit is at least 64 MB, not {self.memory!r}")


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

    def __init__(self, limits: Limits, games: tuple[str, ...] = ()) -> None:
        self.limits, self.games = limits, games
        self.process: subprocess.Popen[bytes] | None = None
        self.ids: dict[Any, int] = {}
        """Each action already sent to this process, with its number there."""
        self._sent: dict[tuple[int, int, int], tuple[list[Any], list[int]]] = {}
        """Lists of legal actions already sent, by length and their ends' identities, with
        their runs of numbers."""
        self._buffer = b""
        self._out = bytearray()
        """What is still to be written to the process."""
        self._ready = False
        self._clock = 0.0
        """When the last answer was read (or the process was ready)."""
        self._owed: deque[list[Any]] = deque()
        """Each message sent and not yet answered in full: when it was sent, and how many
        answers it still owes."""
        self._selector: selectors.BaseSelector | None = None
        self._folder: tempfile.TemporaryDirectory[str] | None = None

    # -- talking
    def send(self, message: dict[str, Any]) -> None:
        """Send one message, starting the process if it is not running."""
        if self.process is None:
            self._start()
        self._out += _line_of(message)
        self._push()
        owed = len(message["asks"] if message["do"] == "ask" else message.get("deals", [0]))
        self._owed.append([time.monotonic(), owed])

    def answer(self) -> dict[str, Any]:
        """The next answer, a JSON object: due within one time limit of the moment the
        process could start on it, as far as this side knows (its message's sending, the
        reading of the answer before, the process being ready), however many questions the
        message held or were sent after it."""
        if not self._ready:
            self._ready = True
            if self._line(time.monotonic() + self.START, self.START) != b'{"ready":true}':
                raise self._fault("did not start")
            self._clock = time.monotonic()
        limit = self.limits.time
        message = self._owed[0]
        line = self._line(max(self._clock, message[0]) + limit, limit)
        self._clock = time.monotonic()
        message[1] -= 1
        if not message[1]:
            self._owed.popleft()
        try:
            data = json.loads(line)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            raise self._fault("sent something that is not an answer")
        return data

    def encode_legal(self, legal: list[Any]) -> tuple[list[int], dict[int, Any]]:
        """``legal`` as runs of this process's numbers for them (``runs``), and the JSON of
        those it has not yet been sent. A list sent before (the same actions: a game lists
        the same ones again and again) is found without hashing its actions."""
        key = (len(legal), id(legal[0]), id(legal[-1])) if legal else (0, 0, 0)
        found = self._sent.get(key)
        if found is not None and found[0] == legal:  # equal lists: their numbers are known
            return found[1], {}
        new: dict[int, Any] = {}
        try:
            numbers = list(map(self.ids.__getitem__, legal))
        except KeyError:
            for action in legal:
                if action not in self.ids:
                    new[len(self.ids)] = encode(action)
                    self.ids[action] = len(self.ids)
            numbers = list(map(self.ids.__getitem__, legal))
        if len(self._sent) >= KEPT:
            self._sent.clear()
        self._sent[key] = (list(legal), runs(numbers))
        return self._sent[key][1], new

    # -- the process
    def _start(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="strategy-")
        here = str(Path(__file__).resolve().parent.parent)
        path = os.environ.get("PYTHONPATH")
        env = {
            **os.environ,
            **QUIET,
            "PYTHONPATH": here + (os.pathsep + path if path else ""),
            "PYTHONHASHSEED": "0",  # the same strategy plays the same, whatever runs it
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-m", "classplay.sandbox", str(self.limits.memory), *self.games],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=self._folder.name,
            env=env,
            start_new_session=True,  # its own process group: ended whole, spared a Ctrl-C
        )
        assert self.process.stdout is not None and self.process.stdin is not None
        os.set_blocking(self.process.stdout.fileno(), False)
        os.set_blocking(self.process.stdin.fileno(), False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        self._buffer, self.ids, self._sent, self._ready = b"", {}, {}, False
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
            ready = self._selector.select(max(left, 0))
            if not ready:
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

    def kill(self) -> None:
        """End the process (and any it started), at once."""
        if self.process is None:
            return
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
        self.process = self._selector = self._folder = None


def _line_of(data: dict[str, Any]) -> bytes:
    """One message or answer: compact JSON on one line."""
    return json.dumps(data, separators=(",", ":")).encode() + b"\n"


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


# ---------------------------------------------------------------- inside the sandbox


def main() -> None:
    """The sandbox: limit the memory, keep the pipes, answer messages until the input ends."""
    memory = int(sys.argv[1])
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a crash writes no core file
    except (ImportError, ValueError, OSError):  # no such limit here (macOS, Windows)
        pass
    reader = os.fdopen(os.dup(0), "rb")
    writer = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    sys.stdin, sys.stdout = open(os.devnull), open(os.devnull, "w")  # noqa: SIM115
    parent = os.getppid()
    threading.Thread(target=orphaned, args=(parent,), daemon=True).start()
    player = Player(sys.argv[2:])

    def say(data: dict[str, Any]) -> None:
        writer.write(_line_of(data))
        writer.flush()  # each answer at once: the tournament times each

    say({"ready": True})
    for line in reader:
        for answer in player.handle(json.loads(line)):
            say(answer)


def orphaned(parent: int) -> None:
    """End this process when the one that started it is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


DRAWS = [n for n in random.__all__ if getattr(getattr(random, n), "__self__", None) is random._inst]
"""The ``random`` module's functions that draw from (or seed) its hidden generator."""


class _Dealt:
    """A deal in this sandbox, with its own random numbers: a generator seeded as the hidden
    one of ``random`` would be for the deal alone, whose methods are put in its place (so
    ``random.random()`` draws from it) while the deal plays; and numpy's global state, if the
    file uses numpy, as it stood when the deal last played."""

    def __init__(self, chance: str) -> None:
        self.draws = {n: getattr(random.Random(chance), n) for n in DRAWS}
        self.numpy: Any = None

    def play(self, before: _Dealt | None) -> None:
        """Make this deal's random numbers the ones in use (``before``'s until now)."""
        vars(random).update(self.draws)
        numpy = sys.modules.get("numpy")
        if numpy is None:
            return
        if before is not None:
            before.numpy = numpy.random.get_state()
        if self.numpy is not None:
            numpy.random.set_state(self.numpy)


class Player:
    """The sandbox's side: the student's file, its strategies for the deals in play, and
    their Seats' events so far. The engine (with ``games``' packages) is imported first and
    kept as it was: each round of deals starts from it again, whatever an earlier strategy
    changed in it, so a deal plays the same in a fresh process or in one that played others."""

    def __init__(self, games: Sequence[str] = ()) -> None:
        for game in games:
            importlib.import_module(f"engine.{game}")
        self.pristine = _engine_now()
        self.code: dict[tuple[str, str], types.CodeType] = {}
        self.file = ""
        self.players: dict[str, tuple[_Dealt, Any]] = {}
        self.events: dict[str, list[Any]] = {}
        self.actions: dict[int, Any] = {}
        self.legal: dict[tuple[int, ...], tuple[tuple[Any, ...], dict[int, int]]] = {}
        """Each list of legal actions asked about (by its runs), and each action's place in
        it by the action's identity."""
        self.playing: _Dealt | None = None
        """The deal whose random numbers are in use."""

    def handle(self, message: dict[str, Any]) -> Iterator[dict[str, Any]]:
        do = message["do"]
        if do == "load":
            yield self._guarded("import", lambda: {"classes": self._classes(message)})
        elif do == "deals":
            self.players, self.events, self.playing = {}, {}, None
            _restore(self.pristine)
            for deal in message["deals"]:
                yield self._guarded("import", lambda deal=deal: self._deal(message, deal))
        elif do == "ask":
            from engine import GAMES

            kinds = GAMES[message["game"]].kinds()
            for ask in message["asks"]:
                yield self._guarded("choose", lambda ask=ask: self._choose(message, ask, kinds))

    def _guarded(self, doing: str, work: Any) -> dict[str, Any]:
        try:
            answer: dict[str, Any] = work()
        except BaseException as error:  # whatever the student's code raised, sys.exit too
            return {"problem": described(error, self.file, doing)}
        return answer

    def _module(self, message: dict[str, Any]) -> types.ModuleType:
        """The student's file, run afresh as a module of its own."""
        self.file = message["file"]
        key = (message["file"], message["source"])
        if key not in self.code:
            self.code[key] = compile(message["source"], message["file"], "exec")
        name = "strategy_" + Path(message["file"]).stem
        module = types.ModuleType(name)
        module.__file__ = message["file"]
        sys.modules[name] = module
        exec(self.code[key], module.__dict__)
        return module

    def _classes(self, message: dict[str, Any]) -> list[str]:
        module = self._module(message)
        return [
            name
            for name, c in vars(module).items()
            if isinstance(c, type)
            and c.__module__ == module.__name__
            and callable(getattr(c, "choose", None))
        ]

    def _deal(self, message: dict[str, Any], deal: dict[str, Any]) -> dict[str, Any]:
        import inspect

        dealt = _Dealt(deal["chance"])  # a careless strategy's unseeded chance, the same
        dealt.play(self.playing)
        self.playing = dealt
        if "numpy" in sys.modules:
            sys.modules["numpy"].random.seed(random.getrandbits(32))
        cls = getattr(self._module(message), message["class"])
        takes_seed = "seed" in inspect.signature(cls).parameters
        for key, seed in deal["seats"].items():
            self.players[key] = dealt, cls(seed=seed) if takes_seed else cls()
        return {"ok": True}

    def _choose(self, message: dict[str, Any], ask: dict[str, Any], kinds: Any) -> Any:
        from engine.seat import Seat, event_from
        from engine.values import decode

        dealt, player = self.players[ask["key"]]
        if dealt is not self.playing:
            dealt.play(self.playing)
            self.playing = dealt
        for k, data in ask["new"].items():
            self.actions[int(k)] = decode(data, kinds)
        events = self.events.setdefault(ask["key"], [])
        events += [event_from(e) for e in ask["events"]]
        legal, places = self._legal(ask["legal"])
        seat = Seat(
            message["game"],
            ask["seat"],
            message["players"],
            ask["view"],
            tuple(events),
            ask["move"],
            legal,
        )
        chosen = player.choose(seat)
        k = places.get(id(chosen))
        if k is not None:
            return {"i": k}
        for k, action in enumerate(legal):  # an equal action, not the same object
            if action == chosen:
                return {"i": k}
        return {"problem": f"chose {_shown(chosen)}, which is not one of seat.legal_actions()"}

    def _legal(self, sent: list[int]) -> tuple[tuple[Any, ...], dict[int, int]]:
        """The legal actions ``sent`` as runs of numbers, and each one's place by identity."""
        key = tuple(sent)
        found = self.legal.get(key)
        if found is None:
            legal = tuple(map(self.actions.__getitem__, numbers_of(sent)))
            if len(self.legal) >= KEPT:
                self.legal.clear()
            found = self.legal[key] = legal, {id(a): k for k, a in enumerate(legal)}
        return found


Snapshot = list[tuple[Any, dict[str, Any]]]


def _engine_now() -> Snapshot:
    """Every engine module's and engine class's own attributes, as they are now."""
    out: Snapshot = []
    for name, module in list(sys.modules.items()):
        if name == "engine" or name.startswith("engine."):
            out.append((module, dict(vars(module))))
            out += [
                (c, dict(vars(c)))
                for c in vars(module).values()
                if isinstance(c, type) and c.__module__ == name
            ]
    return out


def _restore(snapshot: Snapshot) -> None:
    """Put back every attribute ``_engine_now`` saw, and take away any added since."""
    for owner, attributes in snapshot:
        now = vars(owner)
        if now == attributes:
            continue
        for key in set(now) - set(attributes):
            with contextlib.suppress(AttributeError, TypeError):
                delattr(owner, key)
        for key, value in attributes.items():
            if now.get(key) is not value:
                with contextlib.suppress(AttributeError, TypeError):
                    setattr(owner, key, value)


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
