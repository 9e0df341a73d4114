"""The system calls a seat's process may not make (seccomp, through libseccomp): every way one
process can pass another a message, or learn about it, without a shared file, so that the
seats of a student's file that are alive at once (its two seats of a deal, its seats of the
same cards in the other lineup) cannot tell each other their hands.

The walls round a sandbox (``classplay.isolation``) keep a file from everything outside it;
inside, a file's seats share a user, a PID and a network namespace, and Landlock's file rules
do not cover sockets that are not TCP, System V shared memory, the kernel's key rings, locks on
a file they may read or the pid numbers they are given. Measured before this filter: a seat
could send its siblings UDP datagrams on the sandbox's loopback, attach shared memory by a
fixed key and read their names under ``/proc``.

The program is compiled once, in the teacher's process (libseccomp is there wherever apt is:
Debian's and Ubuntu's apt uses it), and the template passes its bytes on; each seat loads it
itself before the student's code runs (``load``), after which it can make none of these
calls, nor undo the filter. A denied call fails with ``PermissionError`` (or, for
``clone3``, "not implemented", so that the C library falls back to ``clone``, denied too).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import tempfile

from classplay.isolation import _PR_SET_NO_NEW_PRIVS, _libc

DENIED = (
    # sockets: no datagrams or connections to a sibling (a connected socketpair is harmless)
    "socket bind connect listen accept accept4 "
    # System V and POSIX message queues, shared memory, semaphores
    "shmget shmat shmctl msgget msgsnd msgrcv msgctl semget semop semtimedop semctl ipc "
    "mq_open mq_unlink mq_timedsend mq_timedreceive mq_notify mq_getsetattr "
    # the kernel's key rings (a user's, shared by every process of that user)
    "add_key request_key keyctl "
    # another process's memory and files
    "ptrace process_vm_readv process_vm_writev kcmp pidfd_open pidfd_getfd process_madvise "
    "migrate_pages move_pages setsid setpgid "
    # watching a file another reads, locking one, asking what of it is in memory
    "inotify_init inotify_init1 inotify_add_watch fanotify_init fanotify_mark flock "
    "mincore cachestat "
    # the kernel's own machinery for all of the above
    "perf_event_open bpf userfaultfd io_uring_setup io_uring_enter io_uring_register "
    "unshare setns mount umount2 pivot_root chroot open_tree move_mount fsopen fsconfig "
    "fsmount fspick mount_setattr name_to_handle_at open_by_handle_at"
).split()
"""Denied to the whole sandbox (its template too) whatever their arguments."""

SEAT_DENIED = (
    # new processes and threads: their pid numbers, taken from a shared namespace, would count
    "fork vfork clone "
    # signals, to itself too (the C library's raise() is tgkill): any could be a message
    "kill tkill tgkill rt_sigqueueinfo rt_tgsigqueueinfo pidfd_send_signal "
    # the free space of the sandbox's scratch file system, the machine's free memory and load:
    # what one seat fills or takes, another would see
    "statfs fstatfs sysinfo"
).split()
"""Denied to a seat's process alone: the template forks the seats and ends them."""

SELF_ONLY = {
    0: "sched_getaffinity sched_setaffinity sched_getparam sched_setparam sched_getscheduler "
    "sched_setscheduler sched_rr_get_interval sched_getattr sched_setattr prlimit64 "
    "get_robust_list getpgid getsid",
    1: "getpriority setpriority ioprio_get ioprio_set",
}
"""Allowed only about the process itself: the argument at that place (a pid) is 0."""

FCNTL_DENIED = (5, 6, 7, 8, 10, 15, 36, 37, 38, 1024, 1025, 1026)
"""``fcntl``'s commands denied: record locks (``F_GETLK``, ``F_SETLK``, ``F_SETLKW`` and their
open-file forms), another process as a file's owner or its signal (``F_SETOWN``, ``F_SETSIG``,
``F_SETOWN_EX``), leases and directory notices."""

Rule = tuple[str, int, tuple[tuple[int, int, int], ...]]
"""A call by name, what it gets, and the comparisons of its arguments that must all hold (the
argument's place, how, with what)."""

_ALLOW = 0x7FFF0000
_NE, _EQ = 1, 4
_PR_GET_SECCOMP, _PR_SET_SECCOMP, _MODE_FILTER = 21, 22, 2


def _errno(number: int) -> int:
    return 0x00050000 | number


class _Compare(ctypes.Structure):
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("a", ctypes.c_uint64),
        ("b", ctypes.c_uint64),
    ]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


@functools.lru_cache(maxsize=1)
def programs() -> tuple[bytes, bytes]:
    """The filters as the kernel loads them (classic BPF, 8 bytes an instruction): the
    sandbox's (``DENIED``, ``SELF_ONLY``, ``FCNTL_DENIED``), loaded by its template, and a
    seat's (``SEAT_DENIED``), loaded by each seat's process on top; every other call allowed,
    a call of another architecture's numbering ending the process. (b"", b"") where
    libseccomp or the kernel's seccomp is not found here."""
    if _libc is None or _libc.prctl(_PR_GET_SECCOMP, 0, 0, 0, 0) < 0:  # no seccomp here
        return b"", b""
    name = ctypes.util.find_library("seccomp")
    try:
        lib = ctypes.CDLL(name or "libseccomp.so.2")
    except OSError:
        return b"", b""
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_Compare),
    ]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    deny = _errno(errno.EPERM)
    sandbox: list[Rule] = [(call, deny, ()) for call in DENIED]
    for place, names in SELF_ONLY.items():
        sandbox += [(call, deny, ((place, _NE, 0),)) for call in names.split()]
    sandbox += [("fcntl", deny, ((1, _EQ, command),)) for command in FCNTL_DENIED]
    seat: list[Rule] = [(call, deny, ()) for call in SEAT_DENIED]
    seat.append(("clone3", _errno(errno.ENOSYS), ()))
    try:
        return _compiled(lib, sandbox), _compiled(lib, seat)
    except OSError:
        return b"", b""


def _compiled(lib: ctypes.CDLL, rules: list[Rule]) -> bytes:
    """``rules`` (a call, what it gets, the comparisons of its arguments that must all hold) as
    a program; calls this architecture does not have are left out."""
    context = lib.seccomp_init(_ALLOW)
    if not context:
        raise OSError("libseccomp could not start a filter")
    try:
        for call, action, compare in rules:
            number = lib.seccomp_syscall_resolve_name(call.encode())
            if number == -1:  # not a call of this architecture
                continue
            array = (_Compare * max(len(compare), 1))(*(_Compare(*c, 0) for c in compare))
            if lib.seccomp_rule_add_array(context, action, number, len(compare), array) != 0:
                raise OSError(f"libseccomp refused the rule for {call}")
        with tempfile.TemporaryFile() as out:
            if lib.seccomp_export_bpf(context, out.fileno()) != 0:
                raise OSError("libseccomp could not write the filter")
            out.seek(0)
            return out.read()
    finally:
        lib.seccomp_release(context)


class Filter:
    """``filter_program`` made ready to load (in the template, once): each seat's process then
    loads it with two calls (``load``)."""

    def __init__(self, filter_program: bytes) -> None:
        self.ready = bool(filter_program) and len(filter_program) % 8 == 0 and _libc is not None
        self._prctl = _libc.prctl if self.ready and _libc is not None else None
        self._code = ctypes.create_string_buffer(filter_program, len(filter_program))
        self._program = _Program(len(filter_program) // 8, ctypes.addressof(self._code))

    def load(self) -> bool:
        """Filter this process's calls (and those of all it starts), for good; whether it is
        in force. No new privileges first, as the kernel requires."""
        if self._prctl is None:
            return False
        self._prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        done = self._prctl(_PR_SET_SECCOMP, _MODE_FILTER, ctypes.byref(self._program), 0, 0)
        return bool(done == 0)
