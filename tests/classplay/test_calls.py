"""The seccomp filters of a sandbox and of its seats (``classplay.calls``), loaded in a forked
process of this one: what they refuse, and that what a strategy needs still works."""

from __future__ import annotations

import ctypes
import json
import os
import socket
import threading
from pathlib import Path

import pytest

from classplay import isolation
from classplay.calls import Filter, programs

SANDBOX, SEAT = programs()
pytestmark = pytest.mark.skipif(not SANDBOX, reason="no libseccomp or seccomp here")


def tried() -> dict[str, bool]:
    """Each call a seat might try: whether it worked."""
    libc = ctypes.CDLL(None, use_errno=True)
    calls = {
        "UDP socket": lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).close(),
        "Unix socket": lambda: socket.socket(socket.AF_UNIX).close(),
        "socketpair": lambda: [s.close() for s in socket.socketpair()],
        "shared memory": lambda: libc.shmget(0x7AB1F, 4096, 0o1666) >= 0 or fail(),
        "fork": lambda: os.fork() or os._exit(0),
        "thread": lambda: threading.Thread(target=lambda: None).start(),
        "another's priority": lambda: os.getpriority(os.PRIO_PROCESS, 1),
        "own priority": lambda: os.getpriority(os.PRIO_PROCESS, 0),
        "own affinity": lambda: os.sched_getaffinity(0),
        "a signal": lambda: os.kill(os.getpid(), 0),
        "a pipe": lambda: [os.close(fd) for fd in os.pipe()],
        "a file": lambda: Path(os.devnull).read_bytes(),
        "free space": lambda: os.statvfs("."),
        "numpy": numpy_in_one_thread,
    }
    worked = {}
    for name, call in calls.items():
        try:
            call()
            worked[name] = True
        except Exception:
            worked[name] = False
    return worked


def numpy_in_one_thread() -> None:
    """numpy, as a sandbox's environment has it (``isolation.environment``: one thread)."""
    os.environ.update(isolation.environment(os.getcwd()))
    import numpy

    assert numpy.arange(4).sum() == 6


def fail() -> None:
    raise OSError("refused")


def in_child(*filters: bytes) -> dict[str, bool]:
    """``tried()`` in a forked process with ``filters`` loaded."""
    ready = [Filter(f) for f in filters]
    down, up = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(down)
            loaded = all(f.load() for f in ready)
            os.write(up, json.dumps({"loaded": loaded, **tried()}).encode())
        finally:
            os._exit(0)
    os.close(up)
    with os.fdopen(down, "rb") as reader:
        out: dict[str, bool] = json.loads(reader.read())
    os.waitpid(pid, 0)
    return out


def test_a_seat_can_pass_nothing_to_another_process():
    worked = in_child(SANDBOX, SEAT)
    assert worked.pop("loaded")
    refused = {name for name, ok in worked.items() if not ok}
    assert refused == {
        "UDP socket",
        "Unix socket",
        "shared memory",
        "fork",
        "thread",
        "another's priority",
        "a signal",
        "free space",
    }


def test_the_template_may_still_fork_and_signal_its_seats():
    worked = in_child(SANDBOX)
    assert worked["loaded"] and worked["fork"] and worked["a signal"] and worked["thread"]
    assert not worked["UDP socket"] and not worked["shared memory"]


def test_a_filter_is_whole_instructions_or_nothing():
    assert len(SANDBOX) % 8 == 0 and len(SEAT) % 8 == 0
    assert not Filter(b"").ready and not Filter(b"1234567").ready
