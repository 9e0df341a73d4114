"""The operating system's walls round a student's process, with established mechanisms:
bubblewrap (Flatpak's sandbox) where it is installed and works, else util-linux's ``unshare``
(user, PID, network and mount namespaces), and Landlock (the kernel's own unprivileged
file-system sandbox) wherever the kernel has it, on top of either or alone; resource limits
(``setrlimit``) always. Nothing here needs root.

``available()`` says which are in force on this machine (``Isolation``); ``command(...)`` is
the command line that starts a sandbox inside them; ``confine(...)`` is what the sandbox does
to itself (limits, no capabilities, no new privileges, Landlock) before a student's code runs.
Where nothing confines the process, ``available("sandbox")`` refuses: students' files run
unconfined only when the teacher says ``isolation="none"``.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

MODES = ("sandbox", "none")
"""``isolation=``: "sandbox" (the walls, or nothing runs) or "none" (the teacher's choice)."""
ROOT = str(Path(__file__).resolve().parent.parent)
"""The folder holding ``engine`` and ``classplay``."""


class Unavailable(RuntimeError):
    """No wall of the operating system can be put round a student's file here."""


@dataclass(frozen=True)
class Isolation:
    """The walls in force: ``namespaces`` ("bubblewrap", "unshare" or ""), the Landlock ABI
    (0: none), and the guarantees they give, in words."""

    mode: str
    namespaces: str
    landlock: int
    groups: tuple[str, ...] = ()
    calls: bool = False
    """Whether seccomp filters its calls (``classplay.calls``)."""

    @property
    def guarantees(self) -> tuple[str, ...]:
        ns, ll = self.namespaces, self.landlock
        out = [
            "a fresh process for each seat of each deal (nothing carries between seats)",
            "an empty environment (no keys, no tokens)",
            "its answers read with bounds (size, depth, type)",
            "time: a limit per decision and a budget per tournament",
        ]
        if sys.platform.startswith("linux"):
            out.append("memory per process and the number of processes limited")
        if "pids" in self.groups:
            out.append("a control group bounds its processes: no fork bomb")
        if "memory" in self.groups:
            out.append("a control group bounds the memory of all its processes together")
        if ns == "bubblewrap" or ll:
            out.append("no writes outside its own scratch folder, emptied after")
        if private_scratch(self):
            out.append(f"its files in memory, {SCRATCH >> 20} MB at most, never on the disk")
        if ns == "bubblewrap" or ll:
            out.append("nothing readable but Python, the engine and its scratch folder")
        if ns:
            out.append(f"own PID namespace ({ns}): no signals to others, no /proc of others")
            out.append("every process it starts ends with it")
            out.append("no network (own network namespace)")
        else:
            if ll >= 6:
                out.append("no signals to processes outside its own (Landlock)")
            if ll >= 4:
                out.append("no TCP connections (Landlock)")
        if ll:
            out.append(f"of /proc {'only its own files' if ns else 'nothing'} (Landlock)")
        if self.calls:
            out.append(
                "no messages between its seats: no sockets, shared memory, key rings, file "
                "locks or watches, signals, processes or threads (seccomp)"
            )
        return tuple(out)

    @property
    def missing(self) -> tuple[str, ...]:
        """What a judge would promise that is not in force here."""
        ns, ll = self.namespaces, self.landlock
        out = []
        if self.mode == "none":
            return ("no operating-system walls: isolation='none'",)
        if not (ns == "bubblewrap" or ll):
            out.append("writes and reads outside its scratch folder are not confined")
        if not ns:
            if not (ll and self.calls):
                out.append("no PID or network namespace: it can see other processes")
            if ll < 6 and not self.calls:
                out.append("it can signal the teacher's other processes")
            if ll < 4 and not self.calls:
                out.append("it has the network")
        if not self.calls:
            out.append(
                "no seccomp here: the seats of a file that are alive at once could pass each "
                "other messages (datagrams, shared memory)"
                + ("" if ns else ", and it can send datagrams (UDP) out")
            )
        return tuple(out)

    def __str__(self) -> str:
        if self.mode == "none":
            what = "NO SANDBOX (isolation='none'): students' files run as the teacher"
        else:
            parts = [p for p in (self.namespaces, f"Landlock ABI {self.landlock}") if p]
            what = "Students' files run in " + " + ".join(p for p in parts if p != "Landlock ABI 0")
        lines = [what + ":"] + [f"  + {g}" for g in self.guarantees]
        lines += [f"  - {m}" for m in self.missing]
        return "\n".join(lines)


def available(mode: str = "sandbox") -> Isolation:
    """The walls this machine puts round a student's file; ``Unavailable`` if there are none
    and ``mode`` is not "none"."""
    if mode not in MODES:
        raise ValueError(f"isolation is 'sandbox' or 'none', not {mode!r}")
    if mode == "none":
        return Isolation("none", "", 0)
    from classplay.calls import programs  # which imports this module's libc

    found = Isolation("sandbox", _namespaces(), landlock_abi(), groups(), bool(programs()[0]))
    if not (found.namespaces or found.landlock):
        raise Unavailable(
            "students' files cannot be run here: this machine has neither user namespaces "
            "(bubblewrap or unshare) nor Landlock to keep a file from the teacher's files, "
            "keys and processes. To run them anyway, unprotected, pass isolation='none' "
            "(docs/teaching.md says what that risks)."
        )
    return found


@functools.lru_cache(maxsize=1)
def _namespaces() -> str:
    """ "bubblewrap" or "unshare" if that one can make the namespaces here, else ""."""
    if not sys.platform.startswith("linux"):
        return ""
    bwrap = shutil.which("bwrap")
    if bwrap and _runs([bwrap, *_BWRAP_NS, "--ro-bind", "/", "/", "true"]):
        return "bubblewrap"
    unshare = shutil.which("unshare")
    if unshare and _runs([unshare, *_UNSHARE, "true"]):
        return "unshare"
    return ""


def _runs(argv: list[str]) -> bool:
    try:
        return subprocess.run(argv, capture_output=True, timeout=20, env={}).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


_BWRAP_NS = ["--unshare-all", "--die-with-parent", "--new-session"]
_UNSHARE = ["--user", "--map-root-user", "--pid", "--net", "--mount", "--ipc", "--uts"]
_UNSHARE += ["--fork", "--kill-child", "--mount-proc"]


def readable() -> list[str]:
    """What a sandbox may read: Python (its installation, its libraries, its packages), the
    engine and the system's shared libraries."""
    paths = ["/usr", "/lib", "/lib64", "/lib32", "/bin", "/etc/ld.so.cache", "/etc/ld.so.conf"]
    paths += ["/etc/ld.so.conf.d", "/etc/localtime"]
    paths += [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    paths += [str(Path(sys.executable).resolve().parent.parent)]
    paths += [sysconfig.get_paths()[k] for k in ("stdlib", "platstdlib", "purelib", "platlib")]
    paths += site.getsitepackages()
    paths += [os.path.join(ROOT, "engine"), os.path.join(ROOT, "classplay")]
    out: list[str] = []
    for p in sorted({os.path.realpath(p) for p in paths if os.path.exists(p)}, key=len):
        if not any(p == q or p.startswith(q.rstrip("/") + "/") for q in out):
            out.append(p)
    return out


SCRATCH = 1 << 26
"""The bytes a sandbox's files may take, all its processes together, where its scratch
folder is a file system of its own in memory (``private_scratch``)."""


def private_scratch(isolation: Isolation) -> str:
    """How a sandbox's scratch folder is made a file system of its own in memory (a tmpfs
    of ``SCRATCH`` bytes, gone with the sandbox, and cheap to make folders in): by
    bubblewrap ("bubblewrap", where it can size one), by the sandbox itself in its mount
    namespace ("mount"), or not at all (""): a folder on the teacher's disk."""
    if isolation.namespaces == "bubblewrap":
        return "bubblewrap" if _bwrap_sizes() else ""
    return "mount" if isolation.namespaces == "unshare" else ""


@functools.lru_cache(maxsize=1)
def _bwrap_sizes() -> bool:
    """Whether this bubblewrap can size a tmpfs (``--size``, bubblewrap 0.8)."""
    bwrap = shutil.which("bwrap")
    try:
        shown = subprocess.run([bwrap or "bwrap", "--help"], capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return False
    return b"--size" in shown.stdout + shown.stderr


def mount_scratch(scratch: str) -> bool:
    """Mount a tmpfs of ``SCRATCH`` bytes on ``scratch`` (in this process's own mount
    namespace, as its user namespace's root); whether it was."""
    if _libc is None:
        return False
    options = f"size={SCRATCH},mode=0700".encode()
    done = _libc.mount(b"tmpfs", scratch.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, options)
    return bool(done == 0)


def command(isolation: Isolation, python: list[str], scratch: str) -> list[str]:
    """The command line running ``python`` (a Python command) inside ``isolation``'s
    namespaces, in ``scratch``."""
    if isolation.namespaces == "bubblewrap":
        bwrap = shutil.which("bwrap") or "bwrap"
        argv = [bwrap, *_BWRAP_NS, "--clearenv"]
        if os.geteuid() == 0:
            argv += ["--cap-drop", "ALL"]
        argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/dev/shm"]
        for link in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
            if os.path.islink(link):  # a merged /usr: the loader is found through these
                argv += ["--symlink", os.readlink(link), link]
        for p in readable():
            argv += ["--ro-bind", p, p]
        if private_scratch(isolation):
            argv += ["--size", str(SCRATCH), "--tmpfs", scratch, "--chdir", scratch]
        else:
            argv += ["--bind", scratch, scratch, "--chdir", scratch]
        argv += [x for k, v in environment(scratch).items() for x in ("--setenv", k, v)]
        return [*argv, *python]
    if isolation.namespaces == "unshare":
        return [shutil.which("unshare") or "unshare", *_UNSHARE, *python]
    return python


def environment(scratch: str) -> dict[str, str]:
    """All a sandbox's environment: what Python needs, and nothing of the teacher's."""
    return {
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "HOME": scratch,
        "TMPDIR": scratch,
        "PYTHONHASHSEED": "0",  # the same strategy plays the same, whatever runs it
        "PYTHONDONTWRITEBYTECODE": "1",
        "OMP_NUM_THREADS": "1",  # numpy's libraries in one thread, inside the limits
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
    }


# ---------------------------------------------------------------- inside the sandbox

_libc = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None
_LANDLOCK_CREATE, _LANDLOCK_ADD, _LANDLOCK_RESTRICT = 444, 445, 446  # every architecture
_PR_SET_NO_NEW_PRIVS, _PR_CAPBSET_DROP, _PR_SET_DUMPABLE = 38, 24, 4
_MS_NOSUID, _MS_NODEV = 2, 4
_FILE_RIGHTS = 1 | 2 | 4  # execute, write, read a file
_READ = 1 | 4 | 8  # execute, read a file, read a folder


def landlock_abi() -> int:
    """The kernel's Landlock ABI version (0: none, or not Linux)."""
    if _libc is None:
        return 0
    version = _libc.syscall(_LANDLOCK_CREATE, None, 0, 1)  # LANDLOCK_CREATE_RULESET_VERSION
    return max(int(version), 0)


def _all_fs(abi: int) -> int:
    rights = (1 << 13) - 1  # every right of ABI 1
    if abi >= 2:
        rights |= 1 << 13  # refer
    if abi >= 3:
        rights |= 1 << 14  # truncate
    if abi >= 5:
        rights |= 1 << 15  # ioctl on devices
    return rights


class _Ruleset(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _Beneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("fd", ctypes.c_int32)]


class Landlock:
    """Landlock's rules for processes that may read only ``read`` (and of ``/proc`` their own
    process's files, when ``proc``: the PID namespace is its own), each path opened once
    (``fds``, which a forked process keeps open until it calls ``restrict``)."""

    def __init__(self, read: list[str], proc: bool) -> None:
        self.abi = landlock_abi() if _libc is not None else 0
        self.rules: list[tuple[int, int]] = []
        self.proc = proc
        if not self.abi:
            return
        every = _all_fs(self.abi)
        paths = [(p, _READ) for p in read]
        paths += [("/dev/null", 2 | 4), ("/dev/urandom", 4), ("/dev/zero", 4)]
        for path, rights in paths:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            self.rules.append((fd, _rights(path, rights, self.abi) & every))

    @property
    def fds(self) -> tuple[int, ...]:
        return tuple(fd for fd, _ in self.rules)

    def restrict(self, write: list[str]) -> int:
        """Allow this process (and all it starts) to read only what the rules say, to write
        only ``write``, no TCP (ABI 4), no signals or abstract sockets outside (ABI 6); the
        rules' paths closed. The ABI version applied (0: none here)."""
        abi = self.abi
        if not abi or _libc is None:
            return 0
        every = _all_fs(abi)
        attr = _Ruleset(every, 3 if abi >= 4 else 0, 3 if abi >= 6 else 0)
        size = ctypes.sizeof(_Ruleset) if abi >= 6 else 16 if abi >= 4 else 8
        ruleset = _libc.syscall(_LANDLOCK_CREATE, ctypes.byref(attr), size, 0)
        if ruleset < 0:
            return 0
        try:
            rules = list(self.rules)
            own = [("/proc/self", _READ)] if self.proc else []  # this process's, opened here
            for path, rights in [*((p, every) for p in write), *own]:
                with contextlib.suppress(OSError):
                    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                    rules.append((fd, _rights(path, rights, abi) & every))
            rule = _Beneath()
            for fd, rights in rules:
                rule.allowed, rule.fd = rights, fd
                _libc.syscall(_LANDLOCK_ADD, ruleset, 1, ctypes.byref(rule), 0)
            for fd, _ in rules:
                os.close(fd)
            self.rules = []
            _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
            if _libc.syscall(_LANDLOCK_RESTRICT, ruleset, 0) != 0:
                return 0
        finally:
            os.close(ruleset)
        return abi

    def close(self) -> None:
        for fd, _ in self.rules:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.rules = []


def _rights(path: str, rights: int, abi: int) -> int:
    """``rights`` as Landlock allows them on ``path``: a file's only, if it is not a folder."""
    if os.path.isdir(path):
        return rights
    return rights & (_FILE_RIGHTS | (1 << 14) | (1 << 15 if abi >= 5 else 0))


def landlock(read: list[str], write: list[str], proc: bool) -> int:
    """Allow this process (and all it starts) to read only ``read`` (and of ``/proc`` its own
    files, when ``proc``), to write only ``write``, no TCP (ABI 4), no signals
    or abstract sockets outside (ABI 6). The ABI version applied (0: none here)."""
    return Landlock(read, proc).restrict(write)


def drop_privileges() -> None:
    """No capabilities (a user namespace's root has them all there), no new privileges,
    and no reading of this process's memory by its siblings."""
    if _libc is None:
        return
    for cap in range(64):
        _libc.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()
    _libc.capset(header, data)
    _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    _libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)


def limit(memory: int, processes: int, cpu: int | None = None) -> None:
    """Resource limits for this process and those it starts: ``memory`` bytes of address
    space each, ``processes`` tasks for the user (a fork bomb stops there), ``cpu`` seconds,
    no core files, files of at most 64 MB."""
    try:
        import resource
    except ImportError:  # not a Unix
        return
    wanted = [
        (resource.RLIMIT_AS, memory),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_NPROC, processes),
        (resource.RLIMIT_FSIZE, 1 << 26),
    ]
    if cpu is not None:
        wanted.append((resource.RLIMIT_CPU, cpu))
    for kind, value in wanted:
        try:
            _soft, hard = resource.getrlimit(kind)
            value = value if hard == resource.RLIM_INFINITY else min(value, hard)
            resource.setrlimit(kind, (value, value))
        except (ValueError, OSError):  # no such limit here
            pass


# ---------------------------------------------------------------- the tree's limits


_V1 = (("pids", "pids.max", "{processes}"), ("memory", "memory.limit_in_bytes", "{memory}"))
CGROUPS = "/sys/fs/cgroup"
_GROUP = re.compile(r"tabletop-sandbox-(\d+)-[0-9a-f]+")
"""A sandbox's group: ``tabletop-sandbox-<the pid of the process that made it>-<its id>``."""


def sweep(root: str = CGROUPS) -> list[str]:
    """Remove the sandboxes' groups left by processes that are gone (a worker killed before
    it could remove its own): those of a process that no longer exists, and empty (a group
    with processes still in it is left as it is). The folders removed."""
    removed = []
    for hierarchy, _limit, _value in _V1:
        base = os.path.join(root, hierarchy)
        try:
            names = os.listdir(base)
        except OSError:
            continue
        for name in names:
            made_by = _GROUP.fullmatch(name)
            if made_by is None or _alive(int(made_by[1])):
                continue
            with contextlib.suppress(OSError):  # busy, gone already, or not ours
                os.rmdir(os.path.join(base, name))
                removed.append(os.path.join(base, name))
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: alive
        return True
    return True


@functools.lru_cache(maxsize=1)
def groups() -> tuple[str, ...]:
    """The control groups a sandbox's tree can be put in here ("pids", "memory")."""
    group = Group(1 << 30, 64)
    try:
        return tuple(group.kinds)
    finally:
        group.close()


class Group:
    """A control group holding a sandbox's every process, where this process may make one
    (cgroup v1 ``pids`` and ``memory`` hierarchies, as root does; otherwise there is none and
    ``RLIMIT_NPROC`` bounds the tree): at most ``processes`` tasks and ``memory`` bytes for
    the whole tree, however many processes share them. ``fds`` are open ``cgroup.procs`` files
    the sandbox writes itself into before it starts anything."""

    def __init__(self, memory: int, processes: int) -> None:
        self.folders: list[str] = []
        self.fds: list[int] = []
        sweep()
        name = f"tabletop-sandbox-{os.getpid()}-{id(self):x}"
        for hierarchy, limit_file, value in _V1:
            base = os.path.join(CGROUPS, hierarchy)
            folder = os.path.join(base, name)
            try:
                os.mkdir(folder)
            except OSError:
                continue
            self.folders.append(folder)
            try:
                with open(os.path.join(folder, limit_file), "w") as out:
                    out.write(value.format(memory=memory, processes=processes))
                if hierarchy == "memory":
                    with (
                        contextlib.suppress(OSError),
                        open(os.path.join(folder, "memory.memsw.limit_in_bytes"), "w") as out,
                    ):
                        out.write(str(memory))
                self.fds.append(os.open(os.path.join(folder, "cgroup.procs"), os.O_WRONLY))
            except OSError:
                continue

    @property
    def kinds(self) -> list[str]:
        return [Path(f).parent.name for f in self.folders]

    def close(self) -> None:
        """End every process still in the groups (one that escaped its session too) and
        remove them."""
        for fd in self.fds:
            with contextlib.suppress(OSError):
                os.close(fd)
        for folder in self.folders:
            for _ in range(200):
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:  # busy: processes left
                    with contextlib.suppress(OSError):
                        for pid in Path(folder, "cgroup.procs").read_text().split():
                            with contextlib.suppress(OSError):
                                os.kill(int(pid), 9)
                    time.sleep(0.005)
        self.fds, self.folders = [], []


def join(fds: list[int]) -> None:
    """Put this process (and so all it starts) in the groups whose ``cgroup.procs`` are
    ``fds``."""
    for fd in fds:
        with contextlib.suppress(OSError):
            os.write(fd, b"0\n")
        with contextlib.suppress(OSError):
            os.close(fd)
