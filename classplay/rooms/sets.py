"""Practice sets: puzzles a teacher hands out (a few ids of a game's shipped bank, and a code
for the class), answered in the students' kernels and judged by the room server, which keeps
each student's first answer to each puzzle (the one that counts, as in a quiz). The teacher's
report counts, per student, the puzzles tried and solved; a student sees only their own.

The server judges an answer against the bank itself (``judged``): a student's kernel says what
was answered, never whether it was right. Judging is a comparison of JSON data, quick enough
for the event loop; the bank of a game is read once.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from typing import Any

from engine.practice import GAMES, Puzzle, read_bank

from .report import csv_cell

MAX_PUZZLES = 200
"""The most puzzles in one set (a lesson's homework is 10 to 30)."""


@cache
def bank_of(game: str) -> dict[str, Puzzle]:
    """The shipped bank of ``game`` by puzzle id (``ValueError`` for no such game or bank)."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}: the games are {', '.join(GAMES)}")
    found = read_bank(game)
    if found is None:
        raise ValueError(
            f"the puzzle bank of {game} is missing: make it (python -m engine.practice)"
        )
    return {p.id: p for p in found}


def checked(game: Any, puzzles: Any) -> tuple[str, list[str]]:
    """A set's game and puzzle ids as a teacher sends them, checked: every id once, in the
    game's shipped bank; ``ValueError`` saying what is wrong otherwise."""
    if not isinstance(game, str):
        raise ValueError("a set's game is a word, as 'plates'")
    bank = bank_of(game)
    if not isinstance(puzzles, list) or not puzzles or len(puzzles) > MAX_PUZZLES:
        raise ValueError(f"a set's puzzles are a list of 1 to {MAX_PUZZLES} puzzle ids")
    ids = []
    for pid in puzzles:
        if not isinstance(pid, str) or pid not in bank:
            raise ValueError(f"no puzzle {str(pid)[:40]!r} in the bank of {game}")
        if pid not in ids:
            ids.append(pid)
    return game, ids


def judged(puzzle: Puzzle, given: Any) -> bool:
    """Whether ``given`` (an action's JSON, or a whole number) is the puzzle's answer."""
    if isinstance(given, bool) or isinstance(puzzle.answer, bool):
        return False
    return type(given) is type(puzzle.answer) and bool(given == puzzle.answer)


@dataclass(frozen=True)
class SetRow:
    """One student's line of a set's report."""

    name: str
    tried: int
    solved: int


def set_rows(answers: Iterable[Sequence[Any]]) -> list[SetRow]:
    """The report's rows from the first answers ``(student, name, puzzle, right)``: one a
    student, by name. A student's name is the one of their first answer."""
    names: dict[str, str] = {}
    tried: dict[str, int] = {}
    solved: dict[str, int] = {}
    for student, name, _puzzle, right in answers:
        names.setdefault(student, str(name))
        tried[student] = tried.get(student, 0) + 1
        solved[student] = solved.get(student, 0) + bool(right)
    return sorted(
        (SetRow(names[s], tried[s], solved[s]) for s in names), key=lambda r: r.name.lower()
    )


@dataclass(frozen=True)
class SetReport:
    """A practice set's report as its teacher reads it: a ``SetRow`` a student, by name."""

    code: str
    game: str
    puzzles: int
    rows: tuple[SetRow, ...]

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SetReport:
        """The report as the server answers it (``GET sets/<code>/report``)."""
        rows = tuple(
            SetRow(str(r["name"]), int(r["tried"]), int(r["solved"])) for r in data["students"]
        )
        return cls(str(data["set"]), str(data["game"]), len(data["puzzles"]), rows)

    @property
    def solved(self) -> dict[str, int]:
        """Puzzles solved, by student name (``Report.with_puzzles`` takes it)."""
        return {r.name: r.solved for r in self.rows}

    def to_csv(self, path: str | None = None) -> str:
        """The report as CSV text (also written to ``path`` if given), names made safe for
        a spreadsheet as the room report's are."""

        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["name", "tried", "solved", "puzzles"])
        for r in self.rows:
            writer.writerow([csv_cell(r.name), r.tried, r.solved, self.puzzles])
        text = out.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text

    def projector(self) -> str:
        """The class's totals, no names: students who answered, puzzles tried and solved."""
        tried = sum(r.tried for r in self.rows)
        solved = sum(r.solved for r in self.rows)
        return (
            f"Practice set {self.code} ({self.game}, {self.puzzles} puzzles): "
            f"{len(self.rows)} students answered, {solved} of {tried} answers right"
        )

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{escape(r.name)}</td><td>{r.tried}</td><td>{r.solved}</td></tr>"
            for r in self.rows
        )
        return (
            f'<div class="tt-set-report"><p>{escape(self.projector())}</p><table><thead><tr>'
            "<th>Name</th><th>Tried</th><th>Solved</th></tr></thead>"
            f"<tbody>{body}</tbody></table></div>"
        )
