"""The move log of a table, as each human seat read it.

One entry per step of the game (an action, with what it set off) or per note of the table's
(a new game, a loaded file): for each human seat, the lines it read. The lines come from the
engine's public description of the action for that seat, so a seat's log holds nothing it may
not see. The board shows a seat's log up to the move on the table, and "Since your last move":
its lines from its own last action on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Entry:
    """One step of the log: after ``move`` actions, what each human seat read about it."""

    move: int
    actor: int | None
    """The seat that acted (None: chance, or a note of the table's)."""
    lines: dict[int, list[str]]


class MoveLog:
    """The log of a table whose human seats are ``seats``."""

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self.entries: list[Entry] = []

    def add(self, move: int, actor: int | None, lines: dict[int, list[str]]) -> None:
        """The step that made ``move`` actions, by ``actor``: ``lines`` for each human seat."""
        self.entries.append(Entry(move, actor, lines))

    def note(self, move: int, text: str) -> None:
        """A line every seat reads at ``move`` ("New game", "Loaded ...")."""
        self.add(move, None, {seat: [text] for seat in self.seats})

    def keep(self, moves: int) -> None:
        """Keep the steps of the first ``moves`` actions only (the game was replaced by one
        that shares them)."""
        self.entries = [e for e in self.entries if e.move <= moves]

    def lines(self, seat: int, upto: int | None = None) -> list[str]:
        """What ``seat`` read, up to the move ``upto`` (by default all of it)."""
        return [
            line for e in self.entries if upto is None or e.move <= upto for line in e.lines[seat]
        ]

    def last(self, seat: int) -> list[str]:
        """What ``seat`` read about the last step."""
        return self.entries[-1].lines[seat] if self.entries else []

    def since_own(self, seat: int, upto: int) -> tuple[bool, list[str]]:
        """What ``seat`` read from its own last action on, up to the move ``upto`` (that action
        first): ``(True, lines)``; before its first action ``(False, everything so far)``."""
        entries = [e for e in self.entries if e.move <= upto]
        own = [k for k, e in enumerate(entries) if e.actor == seat]
        start = own[-1] if own else 0
        return bool(own), [line for e in entries[start:] for line in e.lines[seat]]

    def __repr__(self) -> str:
        return f"MoveLog({len(self.entries)} steps)"


__all__ = ["Entry", "MoveLog"]
