"""Students' files that attack: each tries a harm a hostile class would (crash the tournament
by its answer, spy on the teacher's keys, remember the other seats of a duplicate set, kill
its neighbours, write where it must not, leave a process behind, fork or eat memory without
end, think slowly on every decision, reach the network), and each test asserts that the harm
did NOT happen, not only that the tournament ended. They need the operating system's walls
(``classplay.isolation``): where there are none, they are skipped with the reason."""

from __future__ import annotations

import contextlib
import ctypes
import hashlib
import os
import site
import socket
import subprocess
import threading
from pathlib import Path

import pytest

import engine
from classplay import isolation
from classplay.sandbox import PROCESSES, parsed
from classplay.tournament import strategies_in, tournament

try:
    WALLS = isolation.available()
except isolation.Unavailable as why:
    pytest.skip(str(why), allow_module_level=True)

SECRETS = {"TABLETOP_SAVE_KEY": "k" * 32, "JUPYTERHUB_API_TOKEN": "t" * 32}
MARKER = "3600.271828"
"""What an escaped process is found by in this machine's process table."""

TWIN = """
import engine
from engine.plates import Agree, Challenge, Plate, bid_chance_from_view

SEEN = {}


class MyStrategy:
    def __init__(self, seed=0):
        self.basic = engine.make_bot("plates", "basic", seed=seed)

    def choose(self, seat):
        SEEN[seat.seat] = Plate(**seat.view["my_plate"])
        standing = seat.view["standing_bid"]
        if standing is None or standing["bidder"] == seat.seat:
            return self.basic.choose(seat)
        if CHEAT:  # every plate this process has seen, at any seat of the duplicate set
            known = sum(plate.count(standing["digit"]) for plate in SEEN.values())
            if known >= standing["count"]:
                return Agree()
        return Agree() if bid_chance_from_view(seat.view) > 0.4 else Challenge()
"""

ANSWERS_BRACKETS = """
import engine
import os


class MyStrategy:
    def choose(self, seat):
        for fd in range(3, 64):  # whatever pipe leads back to the tournament
            try:
                os.write(fd, b"[" * 2000 + b"\\n")
            except OSError:
                pass
        return engine.make_bot("plates", "basic").choose(seat)
"""

SPY = """
import engine
import os

FOUND = [key for key in {keys!r} if key in os.environ]
try:
    PIDS = os.listdir("/proc")
except OSError:
    PIDS = []
for pid in ["self", str(os.getppid()), *PIDS]:
    try:
        with open(f"/proc/{{pid}}/environ", "rb") as seen:
            data = seen.read()
    except OSError:
        continue
    FOUND += [f"/proc/{{pid}}: {{key}}" for key in {keys!r} if key.encode() in data]


class MyStrategy:
    def choose(self, seat):
        if FOUND:
            raise RuntimeError("found " + ", ".join(FOUND))
        return engine.make_bot("plates", "basic").choose(seat)
"""

KILLER = """
import engine
import os
import signal


class MyStrategy:
    def choose(self, seat):
        try:
            os.kill(-1, signal.SIGKILL)  # every process it may signal
        except OSError:
            pass
        try:
            pids = os.listdir("/proc")
        except OSError:
            pids = [str(pid) for pid in range(1, 400)]
        for pid in pids:
            if pid.isdigit() and int(pid) != os.getpid():
                try:
                    os.kill(int(pid), signal.SIGKILL)
                except OSError:
                    pass
        return engine.make_bot("plates", "basic").choose(seat)
"""

WRITER = """
import os

import engine

TARGETS = {targets!r}
TARGETS["engine"] = os.path.join(os.path.dirname(engine.__file__), "_canary.py")
DONE = []
for name, path in TARGETS.items():
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a") as out:
            out.write("# canary\\n")
        DONE.append(name)
    except OSError:
        pass
try:
    open(engine.__file__, "a").close()
    DONE.append("engine's source")
except OSError:
    pass


class MyStrategy:
    def choose(self, seat):
        if DONE:
            raise RuntimeError("wrote " + ", ".join(DONE))
        return engine.make_bot("plates", "basic").choose(seat)
"""

ESCAPER = f"""
import engine
import os


class MyStrategy:
    def choose(self, seat):
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                try:
                    os.execv("/bin/sleep", ["sleep", "{MARKER}"])
                finally:
                    os._exit(0)
            os._exit(0)
        return engine.make_bot("plates", "basic").choose(seat)
"""

FORK_BOMB = """
import os
import time


class MyStrategy:
    def choose(self, seat):
        n = 0
        while n < 1000:
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                time.sleep(3600)
                os._exit(0)
            n += 1
        raise RuntimeError(f"forked {n}")
"""

MEMORY_BOMB = """
import os
import time


class MyStrategy:
    def choose(self, seat):
        children = []
        for _ in range(3):
            pid = os.fork()
            if pid == 0:
                try:
                    held = b"x" * (300 << 20)
                    time.sleep(0.3)
                finally:
                    os._exit(0)
            children.append(pid)
        held = [os.waitpid(pid, 0)[1] for pid in children]
        raise RuntimeError(f"{sum(s == 0 for s in held)} of 3 held 300 MB")
"""

SLOW = """
import engine
import time


class MyStrategy:
    def choose(self, seat):
        time.sleep(0.9)  # legal, within the limit, on every decision
        return engine.make_bot("plates", "basic").choose(seat)
"""

NETWORK = """
import engine
import socket
import subprocess

REACHED = []
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=1).close()
    REACHED.append("127.0.0.1:{port}")
except OSError:
    pass


class MyStrategy:
    def choose(self, seat):
        if REACHED:
            raise RuntimeError("reached " + ", ".join(REACHED))
        return engine.make_bot("plates", "basic").choose(seat)
"""


COLLUDER = """
import ctypes
import fcntl
import os
import platform
import socket
import threading

import engine

LIBC = ctypes.CDLL(None, use_errno=True)
ADD_KEY = {"x86_64": 248, "aarch64": 217}.get(platform.machine())


def udp():
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).bind(("127.0.0.1", 0))


def abstract():
    socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM).bind(b"\\0tabletop-colluder")


def ok(result):
    if result < 0:
        raise OSError(ctypes.get_errno(), "refused")


CHANNELS = {
    "UDP on the loopback": udp,
    "a Unix socket": abstract,
    "System V shared memory": lambda: ok(LIBC.shmget(0x7AB1E, 4096, 0o1666)),
    "a message queue": lambda: ok(LIBC.msgget(0x7AB1E, 0o1666)),
    "the user's key ring": lambda: ok(LIBC.syscall(ADD_KEY, b"user", b"tabletop", b"x", 1, -4)),
    "another process's /proc": lambda: os.listdir("/proc"),
    "a lock on a shared file": lambda: fcntl.flock(open(os.__file__), fcntl.LOCK_EX),
    "a watch on a shared file": lambda: ok(LIBC.inotify_init()),
    "a child process": lambda: os.fork() or os._exit(0),
    "a thread": lambda: threading.Thread(target=lambda: None).start(),
    "another process's priority": lambda: os.getpriority(os.PRIO_PROCESS, 1),
    "the scratch's free space": lambda: os.statvfs("."),
}


class MyStrategy:
    def choose(self, seat):
        opened = []
        for name, channel in CHANNELS.items():
            try:
                channel()
                opened.append(name)
            except Exception:
                pass
        if opened:
            raise RuntimeError("could reach its other seats by " + ", ".join(opened))
        return engine.make_bot("plates", "basic").choose(seat)
"""

SHARED_SEEN = """
import ctypes
import json

LIBC = ctypes.CDLL(None, use_errno=True)
LIBC.shmat.restype = ctypes.c_void_p
LIBC.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]


class Shared(dict):
    # each seat's plate, in System V shared memory (where it opens: every process of the user)
    def __init__(self):
        sid = LIBC.shmget(KEY, 4096, 0o1666)
        at = LIBC.shmat(sid, None, 0) if sid >= 0 else None
        self.at = None if at in (None, ctypes.c_void_p(-1).value) else at

    def __setitem__(self, seat, plate):
        if self.at is None:
            return dict.__setitem__(self, seat, plate)
        seen = self.seen()
        seen[str(seat)] = [plate.number, plate.fine]
        ctypes.memmove(self.at, json.dumps(seen).encode() + b"\\0", 4000)

    def seen(self):
        text = ctypes.string_at(self.at)
        return json.loads(text) if text else {}

    def values(self):
        if self.at is None:
            return dict.values(self)
        return [Plate(number, fine) for number, fine in self.seen().values()]


SEEN = Shared()
"""
"""A cheat's memory of the plates it saw (``TWIN``'s ``SEEN``) in System V shared memory by
the key ``KEY``: shared by every seat, whatever process it is in, where the call is allowed."""


def honest() -> str:
    return TWIN.replace("if CHEAT:", "if False:")


@pytest.fixture(scope="module")
def listener():
    """A server on this machine's loopback that a student's file must not reach."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    accepted: list = []
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                accepted.append(server.accept())

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield server.getsockname()[1], accepted
    stop.set()
    thread.join()
    server.close()


def targets(folder: Path) -> dict[str, str]:
    """Where a file must not write: another student's file, site-packages (a .pth runs in
    every Python), IPython's start-up folder and the teacher's home."""
    home = Path.home()
    return {
        "another student's file": str(folder / "honest.py"),
        "site-packages": os.path.join(site.getsitepackages()[0], "tabletop_canary.pth"),
        "IPython start-up": str(home / ".ipython/profile_default/startup/99-tabletop-canary.py"),
        "home": str(home / ".tabletop_canary"),
        "/tmp": f"/tmp/tabletop_canary_{os.getpid()}",
    }


def fingerprint(folder: Path) -> dict[str, str]:
    files = [folder / "honest.py", Path(engine.__file__)]
    return {str(f): hashlib.sha256(f.read_bytes()).hexdigest() for f in files}


@pytest.fixture(scope="module")
def attacked(tmp_path_factory, listener):
    folder = tmp_path_factory.mktemp("hostile")
    port, _ = listener
    keys = sorted(SECRETS)
    files = {
        "honest": honest(),
        "brackets": ANSWERS_BRACKETS,
        "spy": SPY.format(keys=keys),
        "killer": KILLER,
        "writer": WRITER.format(targets=targets(folder)),
        "escaper": ESCAPER,
        "forkbomb": FORK_BOMB,
        "memorybomb": MEMORY_BOMB,
        "slow": SLOW,
        "network": NETWORK.format(port=port),
        "colluder": COLLUDER,
    }
    for name, source in files.items():
        (folder / f"{name}.py").write_text(source)
    before = fingerprint(folder)
    saved = {k: os.environ.get(k) for k in SECRETS}
    os.environ.update(SECRETS)
    try:
        found, problems = strategies_in(folder, time_limit=5.0)
        assert not problems, problems
        t = tournament(
            {**found, "basic": "basic"},
            "plates",
            games=1,
            players=4,
            workers=0,
            time_limit=2.0,
            memory=512 << 20,
            budget=8.0,
            withdraw_after=2,
            secret="walls",
        )
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    yield found, t, folder, before
    for path in targets(folder).values():
        if "honest" not in path and os.path.exists(path):
            os.remove(path)  # the harm happened: the test says so, and cleans up


def test_the_walls_in_force_are_said(attacked):
    _, t, _, _ = attacked
    assert t.isolation == str(WALLS) and "Students' files run in" in t.isolation
    assert "an empty environment" in t.isolation


def test_an_answer_of_brackets_is_its_own_problem_not_the_tournaments(attacked):
    _, t, _, _ = attacked
    assert parsed(b"[" * 2000) is None
    assert all("sent something that is not an answer" in p for p in t.problems["brackets"])
    assert "honest" not in t.problems and "basic" not in t.problems


def test_the_teachers_keys_are_out_of_reach(attacked):
    _, t, _, _ = attacked
    assert "spy" not in t.problems, t.problems["spy"]
    assert "spy" not in t.withdrawn


def test_a_file_that_kills_what_it_can_harms_only_itself(attacked):
    found, t, _, _ = attacked
    assert "honest" not in t.problems and "honest" not in t.withdrawn
    assert "basic" not in t.problems
    alone = tournament(
        {"honest": found["honest"], "basic": "basic"},
        "plates",
        games=1,
        players=4,
        workers=0,
        secret="walls",
    )
    assert t.match("honest", "basic") == alone.match("honest", "basic")
    assert t.match("honest", "killer").forfeits in ([""], ["killer"])


def test_nothing_is_written_outside_its_scratch_folder(attacked):
    _, t, folder, before = attacked
    assert "writer" not in t.problems, t.problems["writer"]
    assert fingerprint(folder) == before
    for name, path in targets(folder).items():
        if name != "another student's file":
            assert not os.path.exists(path), name
    assert not (Path(engine.__file__).parent / "_canary.py").exists()


def test_no_process_outlives_the_tournament(attacked):
    _ = attacked
    left = []
    for pid in os.listdir("/proc"):
        try:
            if MARKER.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                left.append(pid)
        except OSError:
            pass
    assert not left


def test_a_fork_bomb_stops_at_the_limit(attacked):
    _, t, _, _ = attacked
    if os.geteuid() == 0 and "pids" not in WALLS.groups:
        pytest.skip("as root without a pids control group nothing bounds the processes")
    (line, *_) = t.problems["forkbomb"]
    if "forked " in line:  # its forks failed at the limit, and it said how many it made
        assert int(line.split("forked ")[1].split()[0]) < PROCESSES
    else:  # or it was still forking, slowly, at the limit, when its time ran out
        assert "no answer within" in line or "budget" in line, line


def test_the_memory_of_a_whole_tree_is_bounded(attacked):
    _, t, _, _ = attacked
    if "memory" not in WALLS.groups:
        pytest.skip("no memory control group here: each process is limited, not the tree")
    lines = t.problems["memorybomb"]  # a tree over its limit is ended, or its children
    assert lines and not any(f"{n} of 3 held" in line for line in lines for n in (2, 3)), lines


def test_a_slow_but_legal_file_is_withdrawn_when_its_budget_is_spent(attacked):
    _, t, _, _ = attacked
    (line,) = t.problems["slow"]
    assert line.startswith("deal 0: its answers took more than its budget of 8 s")
    assert t.withdrawn["slow"].startswith("after its answers took 8 s, its budget")
    assert "honest" not in t.withdrawn


def test_the_network_is_out_of_reach(attacked, listener):
    _, t, _, _ = attacked
    _, accepted = listener
    assert "network" not in t.problems, t.problems["network"]
    assert not accepted


def test_a_files_seats_cannot_reach_each_other(attacked):
    """Its seats that are alive at once (its two seats of a deal; its seats of the same cards
    in the other lineup) share a user and the sandbox's namespaces: no socket, shared memory,
    key ring, /proc, lock, watch, process, thread, priority or free space passes a message
    between them."""
    _, t, _, _ = attacked
    assert "colluder" not in t.problems, t.problems["colluder"]
    if WALLS.calls:
        assert "no messages between its seats" in t.isolation


@pytest.mark.parametrize("memory", ["a module's dict", "shared memory"])
def test_a_duplicate_set_teaches_a_cheat_nothing(tmp_path, memory):
    """A cheat that keeps every plate it sees (in a module's dict, or in System V shared
    memory), against its honest twin: played as classes of one process it learns the other
    seats' plates and plays differently; as files, each seat a process of its own that can
    pass its siblings nothing, it plays exactly as its twin (every deal even: a share of the
    wins of 0.5)."""
    key = 0x7AB00000 + os.getpid() % 0xFFFF
    cheat = TWIN.replace("CHEAT", "True")
    if memory == "shared memory":
        cheat = cheat.replace("SEEN = {}", SHARED_SEEN.replace("KEY", str(key)))
    twin = honest()
    (tmp_path / "cheat.py").write_text(cheat)
    (tmp_path / "twin.py").write_text(twin)
    found, _ = strategies_in(tmp_path)
    deals = 12
    try:
        boxed = tournament(found, "plates", games=deals, players=4, workers=0, secret="dup")
        m = boxed.match("cheat", "twin")
        assert m.scores == [0.5] * deals and m.margins == [0.0] * deals
        classes = {}
        for name, source in (("cheat", cheat), ("twin", twin)):
            space: dict = {}
            exec(source, space)
            classes[name] = space["MyStrategy"]
        here = tournament(classes, "plates", games=deals, players=4, workers=0, secret="dup")
        assert here.match("cheat", "twin").scores != [0.5] * deals  # it saw other hands
    finally:
        libc = ctypes.CDLL(None, use_errno=True)
        made = libc.shmget(key, 0, 0)
        if made >= 0:
            libc.shmctl(made, 0, None)  # IPC_RMID: this machine's, from the run as classes


@pytest.mark.skipif(WALLS.namespaces != "bubblewrap", reason="bubblewrap is not installed here")
def test_bubblewrap_shows_a_file_only_python_and_the_engine(tmp_path):
    """In bubblewrap's namespaces the teacher's files are not there at all (not just
    unreadable): the sandbox's root holds Python, the engine and its scratch folder."""
    (tmp_path / "secret.txt").write_text("the answers")
    looker = f"""
import engine, os


class MyStrategy:
    def choose(self, seat):
        places = ({str(tmp_path)!r}, "/etc/passwd", "/etc/hostname", "/var")
        seen = [p for p in places if os.path.exists(p)]
        if seen:
            raise RuntimeError("saw " + ", ".join(seen))
        return engine.make_bot("plates", "basic").choose(seat)
"""
    (tmp_path / "looker.py").write_text(looker)
    found, _ = strategies_in(tmp_path)
    t = tournament({**found, "basic": "basic"}, "plates", games=1, players=4, workers=0)
    assert "looker" not in t.problems and "bubblewrap" in t.isolation


def test_a_killed_workers_groups_are_swept_and_nobody_elses(tmp_path: Path) -> None:
    """A worker killed before removing its sandboxes' control groups leaves them behind: the
    next sandbox to start removes those of processes that are gone, never a living one's, a
    busy one or anything not a sandbox's."""
    gone = subprocess.Popen(["true"])
    gone.wait()  # its pid now names no process
    dead, living = f"tabletop-sandbox-{gone.pid}-7f00ab", f"tabletop-sandbox-{os.getpid()}-7f00cd"
    for hierarchy in ("pids", "memory"):
        for name in (dead, living, "someone-else", f"tabletop-sandbox-{gone.pid}-b0b0"):
            (tmp_path / hierarchy / name).mkdir(parents=True)
        (tmp_path / hierarchy / f"tabletop-sandbox-{gone.pid}-b0b0" / "cgroup.procs").touch()

    removed = isolation.sweep(str(tmp_path))

    assert sorted(removed) == sorted(str(tmp_path / h / dead) for h in ("pids", "memory"))
    for hierarchy in ("pids", "memory"):
        left = sorted(p.name for p in (tmp_path / hierarchy).iterdir())
        assert left == sorted([living, "someone-else", f"tabletop-sandbox-{gone.pid}-b0b0"])
