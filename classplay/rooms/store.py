"""The rooms kept on disk: one SQLite file (write-ahead log), one row a room, holding the
room's ``record`` as JSON and what the server needs to know its teacher. No secret is kept in
clear: a key is kept as its hash (``digest``), and a seat's player, without a hub, is known in
the room by the hash of their seat key.

The server saves a room after every change and before it tells anyone, so a server that is
killed and started again on the same file has every game as its players last saw it. A room
that has closed (idle too long) is kept in ``finished`` as its record alone: nobody's seat,
no teacher's key, nothing to join.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from typing import Any

from engine.values import SaveError

from .room import Room

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    teacher TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS finished (
    code TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    closed REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS sets (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    puzzles TEXT NOT NULL,
    teacher TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS answers (
    code TEXT NOT NULL,
    student TEXT NOT NULL,
    name TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    right INTEGER NOT NULL,
    PRIMARY KEY (code, student, puzzle)
);
"""


def digest(key: str) -> str:
    """The hash a key is kept as (SHA-256: the keys are long random strings, so a fast hash
    cannot be worked back by guessing)."""
    return hashlib.sha256(key.encode()).hexdigest()


class Store:
    """The rooms in the SQLite file ``path`` (``":memory:"``: none kept, for tests)."""

    def __init__(self, path: str = ":memory:") -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        if path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
            # committed rows survive the server's process being killed; only a crash of the
            # machine itself could lose the last change
            self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def save(self, room: Room, teacher: dict[str, Any]) -> None:
        """Keep ``room`` (replacing what was kept) with ``teacher``: who may act as its
        teacher, as JSON data holding hashes and hub names only."""
        self.db.execute(
            "INSERT OR REPLACE INTO rooms (code, record, teacher) VALUES (?, ?, ?)",
            (room.code, json.dumps(room.record()), json.dumps(teacher)),
        )

    def load(self, code: str, kind: type[Room] = Room) -> Room | None:
        """The room kept as ``code`` (None if there is none), as a ``kind`` of room;
        ``SaveError`` naming the room if its record is damaged."""
        row = self._row(code, "record")
        if row is None:
            return None
        try:
            return kind.from_record(json.loads(row))
        except (SaveError, ValueError) as e:
            raise SaveError(f"room {code}: {e}") from None

    def teacher(self, code: str) -> dict[str, Any] | None:
        """Who may act as the teacher of the room kept as ``code`` (as ``save`` was given)."""
        row = self._row(code, "teacher")
        if row is None:
            return None
        try:
            data = json.loads(row)
        except ValueError as e:
            raise SaveError(f"room {code}: its teacher cannot be read: {e}") from None
        if not isinstance(data, dict):
            raise SaveError(f"room {code}: its teacher cannot be read")
        return data

    def codes(self, finished: bool = False) -> list[str]:
        """The codes of every room kept (with ``finished``, the closed ones' too)."""
        query = "SELECT code FROM rooms"
        if finished:
            query += " UNION SELECT code FROM finished"
        return [code for (code,) in self.db.execute(query + " ORDER BY code")]

    def close_room(self, code: str) -> None:
        """The room ``code`` closes: its record is kept in ``finished``, the rest goes."""
        row = self._row(code, "record")
        if row is None:
            return
        try:
            record = json.loads(row)
            for sitter in record["sitters"]:
                sitter.pop(
                    "user", None
                )  # a seat key's hash, a hub name: the seat's, not the game's
            row = json.dumps(record)
        except (ValueError, KeyError, TypeError, AttributeError):
            pass  # a damaged record is kept as it was, for whoever looks into it
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute(
                "INSERT OR REPLACE INTO finished (code, record, closed) VALUES (?, ?, ?)",
                (code, row, time.time()),
            )
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))

    def finished(self, code: str) -> dict[str, Any] | None:
        """The record of the closed room ``code`` (None if no room of that code closed)."""
        row = self.db.execute("SELECT record FROM finished WHERE code = ?", (code,)).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    # -- practice sets: a teacher's puzzles, and each student's first answer to each
    def save_set(self, code: str, game: str, puzzles: list[str], teacher: dict[str, Any]) -> None:
        """Keep a practice set: its game, its puzzles' ids, who may read its report."""
        self.db.execute(
            "INSERT INTO sets (code, game, puzzles, teacher) VALUES (?, ?, ?, ?)",
            (code, game, json.dumps(puzzles), json.dumps(teacher)),
        )

    def practice_set(self, code: str) -> tuple[str, list[str], dict[str, Any]] | None:
        """The set kept as ``code``: its game, puzzle ids and teacher (None if none)."""
        row = self.db.execute(
            "SELECT game, puzzles, teacher FROM sets WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            return None
        try:
            return str(row[0]), list(json.loads(row[1])), dict(json.loads(row[2]))
        except (ValueError, TypeError) as e:
            raise SaveError(f"practice set {code}: cannot be read: {e}") from None

    def set_codes(self) -> list[str]:
        return [code for (code,) in self.db.execute("SELECT code FROM sets ORDER BY code")]

    def answer(self, code: str, student: str, name: str, puzzle: str, right: bool) -> bool:
        """Keep a student's answer to a set's puzzle, if it is their first to it (the one
        that counts, as in a quiz); returns whether it was."""
        done = self.db.execute(
            "INSERT OR IGNORE INTO answers (code, student, name, puzzle, right) "
            "VALUES (?, ?, ?, ?, ?)",
            (code, student, name, puzzle, int(right)),
        )
        return done.rowcount == 1

    def answers(self, code: str) -> list[tuple[str, str, str, bool]]:
        """Every first answer to the set ``code``: (student, name, puzzle, right)."""
        rows = self.db.execute(
            "SELECT student, name, puzzle, right FROM answers WHERE code = ? "
            "ORDER BY student, puzzle",
            (code,),
        )
        return [(s, n, p, bool(r)) for s, n, p, r in rows]

    def _row(self, code: str, column: str) -> Any:
        row = self.db.execute(f"SELECT {column} FROM rooms WHERE code = ?", (code,)).fetchone()
        return None if row is None else row[0]

    def close(self) -> None:
        self.db.close()
