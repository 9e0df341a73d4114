"""The class report of a room game, as a teacher reads one after class: for each student, how
many decisions they had, how many the expert would have made alike (``agreed``), how many lost
less than the costly line (``sound``: the expert's choice, or near enough), and the costly
mistakes, by the kind of action (a bid, a challenge, a discard...).

It is worked out from a finished room's record (``Room.record``: the game, every action, who
sat where) by the engine's review (``engine.review``), which judges each decision on what that
seat could see. A review is slow (seconds for plates, minutes for a Rupees game), so it is never
worked out on the room server's event loop: the teacher's kernel fetches the record
(``GET rooms/<code>/record``, the teacher's only) and reviews it there.

>>> from classplay.rooms.room import Room
>>> from engine.values import encode
>>> room = Room.create("DOCS", "plates", 3, bots={1: "basic", 2: "basic"}, seed=1)
>>> _ = room.sit("key:x", 0, "Asha")
>>> while not room.state.is_terminal():
...     _ = room.act(0, len(room.state.history), encode(room.state.legal_actions()[0]))
>>> rows = report(room.record()).rows
>>> [(r.name, r.decisions == r.sound + r.costly) for r in rows]
[('Asha', True)]

The projector's view (``Report.totals``) has class totals only: no name, no seat.
"""

from __future__ import annotations

import base64
import csv
import io
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from engine.review import Review, review

from .room import replay

COUNTS = ("decisions", "agreed", "sound", "costly")
"""The report's counts for each student, in the order of its columns."""
PUZZLES = "puzzles solved"
"""The heading of the column of a practice set's puzzles solved (when one is joined)."""
KIND = "costly "
"""The heading of a column counting one kind of costly mistake: ``costly bid``."""
FORMULA = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula: a name starting
with one is written with a ``'`` before it (a student's name is theirs to type)."""


@dataclass(frozen=True)
class Row:
    """One student's line: their seat and name, their decisions judged, and their costly
    mistakes counted by kind of action."""

    seat: int
    name: str
    decisions: int
    agreed: int
    """Decisions the expert would have made alike (an option worth as much)."""
    sound: int
    """Decisions that matched the expert or lost less than the costly line."""
    costly: int
    kinds: dict[str, int] = field(default_factory=dict)
    """Costly mistakes by kind of action (``bid``, ``challenge``, ``discard``...)."""
    puzzles: int | None = None
    """Puzzles of a practice set the student solved (None: no set joined to the report)."""


@dataclass(frozen=True)
class Totals:
    """The class's totals, for the projector: no name, no seat."""

    students: int
    decisions: int
    agreed: int
    sound: int
    costly: int
    kinds: dict[str, int]
    puzzles: int | None = None

    def _repr_html_(self) -> str:

        def share(n: int) -> str:
            return f"{n / self.decisions:.0%}" if self.decisions else "–"

        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items())) or "none"
        return (
            '<div class="tt-class-totals"><h3>How the class played</h3><ul>'
            f"<li>{self.students} students, {self.decisions} decisions</li>"
            f"<li>As the expert would: {self.agreed} ({share(self.agreed)})</li>"
            f"<li>Sound (not costly): {self.sound} ({share(self.sound)})</li>"
            f"<li>Costly mistakes: {self.costly} ({escape(kinds)})</li>"
            + ("" if self.puzzles is None else f"<li>Puzzles solved: {self.puzzles}</li>")
            + "</ul></div>"
        )


@dataclass(frozen=True)
class Report:
    """A room game's report: a ``Row`` for each student, in seat order."""

    room: str
    game: str
    rows: tuple[Row, ...]

    @property
    def kinds(self) -> list[str]:
        """Every kind of costly mistake some student made, in order."""
        return sorted({kind for row in self.rows for kind in row.kinds})

    def totals(self) -> Totals:
        """The class's totals (the projector's view: no names)."""
        kinds: Counter[str] = Counter()
        for row in self.rows:
            kinds.update(row.kinds)
        return Totals(
            len(self.rows),
            sum(r.decisions for r in self.rows),
            sum(r.agreed for r in self.rows),
            sum(r.sound for r in self.rows),
            sum(r.costly for r in self.rows),
            dict(kinds),
            None if not self.practised else sum(r.puzzles or 0 for r in self.rows),
        )

    @property
    def practised(self) -> bool:
        """Whether a practice set's results are joined to this report."""
        return any(r.puzzles is not None for r in self.rows)

    def with_puzzles(self, solved: Mapping[str, int]) -> Report:
        """This report with each student's puzzles solved in a practice set (``solved``: by
        the name the set knows them by; on a hub, their hub name, which their seat's name
        starts with: ``asha (Asha P.)``); a student with no answers solved none."""

        def theirs(name: str) -> int:
            for who, count in solved.items():
                if name == who or name.startswith(who + " ("):
                    return count
            return 0

        rows = tuple(replace(r, puzzles=theirs(r.name)) for r in self.rows)
        return Report(self.room, self.game, rows)

    def projector(self) -> Totals:
        """The view to project: class totals, no name."""
        return self.totals()

    def only(self, seat: int) -> Report:
        """This report with the row of ``seat`` alone (a student sees only their own)."""
        return Report(self.room, self.game, tuple(r for r in self.rows if r.seat == seat))

    def to_csv(self, path: str | None = None) -> str:
        """The report as CSV text (one row a student; a column for each kind of costly
        mistake), also written to ``path`` if given. Names are made safe for a spreadsheet."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        solved = [PUZZLES] if self.practised else []
        writer.writerow(["seat", "name", *COUNTS, *solved, *(KIND + k for k in self.kinds)])
        for r in self.rows:
            writer.writerow(
                [
                    r.seat,
                    csv_cell(r.name),
                    *(getattr(r, c) for c in COUNTS),
                    *([r.puzzles or 0] if solved else []),
                    *(r.kinds.get(k, 0) for k in self.kinds),
                ]
            )
        text = out.getvalue()
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        return text

    @classmethod
    def from_csv(cls, text: str, room: str = "", game: str = "") -> Report:
        """The report ``to_csv`` wrote, read back (``ValueError`` for other text)."""
        reader = csv.reader(io.StringIO(text))
        try:
            head = next(reader)
            fixed = ["seat", "name", *COUNTS]
            practised = head[len(fixed) : len(fixed) + 1] == [PUZZLES]
            first = len(fixed) + practised
            if head[: len(fixed)] != fixed or not all(h.startswith(KIND) for h in head[first:]):
                raise ValueError(f"not a class report's columns: {head}")
            kinds = [h.removeprefix(KIND) for h in head[first:]]
            rows = []
            for line in reader:
                seat, name, *numbers = line
                counts = [int(n) for n in numbers]
                if len(counts) != len(head) - 2 or min(counts, default=0) < 0:
                    raise ValueError(f"not a class report's row: {line}")
                by_kind = {k: n for k, n in zip(kinds, counts[first - 2 :], strict=True) if n}
                decisions, agreed, sound, costly = counts[: len(COUNTS)]
                puzzles = counts[len(COUNTS)] if practised else None
                rows.append(
                    Row(
                        int(seat), _uncell(name), decisions, agreed, sound, costly, by_kind, puzzles
                    )
                )
        except StopIteration:
            raise ValueError("an empty file is not a class report") from None
        return cls(room, game, tuple(rows))

    def _repr_html_(self) -> str:
        head = "".join(
            f"<th>{escape(h)}</th>"
            for h in [
                "Seat",
                "Name",
                "Decisions",
                "As expert",
                "Sound",
                "Costly",
                "Costly by kind",
                *(["Puzzles solved"] if self.practised else []),
            ]
        )
        body = "".join(
            "<tr>"
            + "".join(
                f"<td>{escape(str(v))}</td>"
                for v in [
                    r.seat,
                    r.name,
                    *(getattr(r, c) for c in COUNTS),
                    ", ".join(f"{k} {n}" for k, n in sorted(r.kinds.items())) or "–",
                    *([r.puzzles or 0] if self.practised else []),
                ]
            )
            + "</tr>"
            for r in self.rows
        )
        data = base64.b64encode(self.to_csv().encode()).decode()
        name = f"report-{self.room or self.game}.csv"
        return (
            f'<div class="tt-class-report"><table><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
            f'<p><a download="{escape(name)}" href="data:text/csv;base64,{data}">'
            "Download as CSV</a> (for the teacher only: it names each student)</p></div>"
        )


def rows_of(found: Review, names: Mapping[int, str]) -> tuple[Row, ...]:
    """A row for each seat of ``names`` from a review of their decisions."""
    rows = []
    for seat, name in sorted(names.items()):
        mine = [d for d in found.decisions if d.seat == seat]
        kinds = Counter(type(d.played).__name__.lower() for d in mine if d.costly)
        rows.append(
            Row(
                seat,
                name,
                len(mine),
                sum(d.agreed for d in mine),
                sum(not d.costly for d in mine),
                sum(kinds.values()),
                dict(kinds),
            )
        )
    return tuple(rows)


def report(
    record: Mapping[str, Any],
    seats: Iterable[int] | None = None,
    expert: Any = None,
    on_decision: Callable[[int, int], None] | None = None,
) -> Report:
    """The report of the game in a room's ``record``: a row for each student's seat (a seat
    a player sat in; or ``seats``), their decisions judged by ``expert`` (default: the game's
    expert). ``ValueError`` if the game is not over (a report judges a whole game) or the
    record does not replay (``SaveError``)."""
    game = replay(record)
    if not game.is_terminal():
        raise ValueError("the game is not over yet: a report judges a whole game")
    sitters: Sequence[Mapping[str, Any]] = record.get("sitters") or []
    if seats is None:
        seats = [s for s, sitter in enumerate(sitters) if sitter.get("kind") == "player"]
    names = {}
    for seat in seats:
        game.check_seat(seat)
        name = sitters[seat].get("name") if seat < len(sitters) else None
        names[seat] = str(name or f"Player {seat}")
    found = review(game, names, expert, on_decision)
    return Report(str(record.get("code", "")), game.game, rows_of(found, names))


def own_report(
    table: Mapping[str, Any],
    expert: Any = None,
    on_decision: Callable[[int, int], None] | None = None,
) -> Report:
    """A student's own line of the report, from their seat's table once the game is over
    (the room sends each seat the finished game's record then): their decisions alone, as
    the teacher's report counts them. ``ValueError`` before the game is over or for the
    onlooker's table."""
    seat, record = table.get("seat"), table.get("record")
    if type(seat) is not int or not isinstance(record, Mapping):
        raise ValueError("a seat's report comes once its game is over")
    whole = {**record, "code": table.get("room", ""), "sitters": table.get("sitters") or []}
    return report(whole, [seat], expert, on_decision)


def csv_cell(text: str) -> str:
    """A name as a CSV cell: a ``'`` before one a spreadsheet would take for a formula (and
    before one starting with ``'``, so that ``_uncell`` gives back every name as it was)."""
    return "'" + text if text.startswith((*FORMULA, "'")) else text


def _uncell(text: str) -> str:
    return text.removeprefix("'")
