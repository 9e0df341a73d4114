"""A student's practice record: per game their Glicko-2 rating, the count, the streak, the
puzzles tried and the ratings those puzzles have for them. Kept as a small JSON file in the
student's own folder (``~/.tabletop/practice.json`` unless told otherwise), never pickle.

The file is read as hostile: anything but a record of the expected shape and bounds is refused
in words (``RecordError``), and the caller starts afresh, keeping the refused file aside.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .bank import Puzzle
from .rating import Rating, puzzle_start

FORMAT = "tabletop-practice/1"
MAX_FILE = 2_000_000
"""The largest record read, in bytes (a year of daily practice is a few hundred kilobytes)."""
MAX_HISTORY = 2_000
"""Attempts kept per game (the oldest go first)."""
MAX_ID = 120
RECENT = 30
"""A puzzle tried among the last this many attempts is not chosen again."""
NEAR = 8
"""The next puzzle is drawn from the this many puzzles rated nearest the student."""


class RecordError(ValueError):
    """A practice record that cannot be read: what is wrong with it, in words."""


def default_path() -> Path:
    return Path.home() / ".tabletop" / "practice.json"


@dataclass
class GameRecord:
    """One game's practice: the student's rating, attempts ``[puzzle id, right]``, streak,
    and the ratings of the puzzles tried."""

    rating: Rating = field(default_factory=Rating)
    attempts: list[tuple[str, bool]] = field(default_factory=list)
    streak: int = 0
    puzzles: dict[str, Rating] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.attempts)

    @property
    def solved(self) -> int:
        return sum(right for _, right in self.attempts)

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        return self.puzzles.get(puzzle.id) or puzzle_start(puzzle.difficulty)

    def attempt(self, puzzle: Puzzle, right: bool) -> None:
        """Record one attempt: both ratings move (Glicko-2, one game each)."""
        theirs = self.puzzle_rating(puzzle)
        mine = self.rating
        self.rating = mine.after([(theirs, 1.0 if right else 0.0)])
        self.puzzles.pop(puzzle.id, None)  # the latest rated last: the oldest go first
        self.puzzles[puzzle.id] = theirs.after([(mine, 0.0 if right else 1.0)])
        while len(self.puzzles) > MAX_HISTORY:
            del self.puzzles[next(iter(self.puzzles))]
        self.attempts = [*self.attempts, (puzzle.id, right)][-MAX_HISTORY:]
        self.streak = self.streak + 1 if right else 0

    def choose(self, bank: Sequence[Puzzle], rng: random.Random) -> Puzzle:
        """The next puzzle: one of the ``NEAR`` rated nearest the student, not tried lately
        (and, where any are left, never solved)."""
        recent = {pid for pid, _ in self.attempts[-RECENT:]}
        solved = {pid for pid, right in self.attempts if right}
        fresh = [p for p in bank if p.id not in recent and p.id not in solved]
        pool = fresh or [p for p in bank if p.id not in recent] or list(bank)
        if not pool:
            raise ValueError("the bank holds no puzzles")
        me = self.rating.rating
        pool.sort(key=lambda p: (abs(self.puzzle_rating(p).rating - me), p.id))
        return rng.choice(pool[:NEAR])

    def to_data(self) -> dict[str, Any]:
        return {
            "rating": _rating_data(self.rating),
            "attempts": [[pid, right] for pid, right in self.attempts],
            "streak": self.streak,
            "puzzles": {pid: _rating_data(r) for pid, r in self.puzzles.items()},
        }


@dataclass
class Record:
    """A student's practice, game by game."""

    games: dict[str, GameRecord] = field(default_factory=dict)

    def game(self, game: str) -> GameRecord:
        return self.games.setdefault(game, GameRecord())

    def to_json(self) -> str:
        data = {"format": FORMAT, "games": {g: r.to_data() for g, r in self.games.items()}}
        return json.dumps(data, separators=(",", ":"))

    def save(self, path: Path) -> None:
        """Write the record (to a new file, then renamed over the old: never half written)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        new = path.with_name(path.name + ".new")
        new.write_text(self.to_json(), encoding="utf-8")
        os.replace(new, path)

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """A record from its JSON, every field checked; ``RecordError`` if anything is off."""
        if len(text) > MAX_FILE:
            raise RecordError(f"a practice record is at most {MAX_FILE:,} bytes")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as e:
            raise RecordError(f"the practice record is not JSON ({e})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a practice record: its format is not {FORMAT!r}")
        games = data.get("games")
        if set(data) != {"format", "games"} or not isinstance(games, dict):
            raise RecordError("a practice record holds a format and games, nothing else")
        from . import GAMES

        record = cls()
        for game, entry in games.items():
            if game not in GAMES:
                raise RecordError(f"the practice record names no game of ours: {game!r:.40}")
            record.games[game] = _game_record(game, entry)
        return record


def load(path: Path) -> Record:
    """The record at ``path`` (a new one if there is none); ``RecordError`` if it is bad."""
    try:
        if path.stat().st_size > MAX_FILE:
            raise RecordError(f"{path.name} is larger than a practice record can be")
        text = path.read_bytes()
    except FileNotFoundError:
        return Record()
    except OSError as e:
        raise RecordError(f"{path.name} cannot be read ({e.strerror})") from None
    return Record.from_json(text)


def load_or_start(path: Path) -> tuple[Record, str | None]:
    """The record at ``path``, or, if it is refused, a fresh one, the refused file moved
    aside (``practice.json.refused``), and the reason in words."""
    try:
        return load(path), None
    except RecordError as e:
        aside = next(
            (a for k in range(1, 100) if not (a := _aside(path, k)).exists()), _aside(path, 100)
        )
        try:
            os.replace(path, aside)
        except OSError:
            return Record(), f"{e}; starting afresh (the file was left where it is)"
        return Record(), f"{e}; starting afresh (the old file is kept as {aside.name})"


def _aside(path: Path, k: int) -> Path:
    """Where the ``k``-th refused record is kept (an older one is never written over)."""
    return path.with_name(path.name + ".refused" + (f"-{k}" if k > 1 else ""))


def _rating_data(r: Rating) -> list[float]:
    return [round(r.rating, 3), round(r.deviation, 3), round(r.volatility, 6)]


def _rating(data: Any, where: str) -> Rating:
    if (
        not isinstance(data, list)
        or len(data) != 3
        or not all(type(x) in (int, float) and math.isfinite(x) for x in data)
    ):
        raise RecordError(f"{where}: a rating is three numbers")
    rating, deviation, volatility = (float(x) for x in data)
    if not (0 <= rating <= 4000 and 0 < deviation <= 500 and 0 < volatility <= 1):
        raise RecordError(f"{where}: a rating out of bounds ({rating}, {deviation}, {volatility})")
    return Rating(rating, deviation, volatility)


def _game_record(game: str, entry: Any) -> GameRecord:
    if not isinstance(entry, dict) or set(entry) != {"rating", "attempts", "streak", "puzzles"}:
        raise RecordError(f"{game}: a game's record holds rating, attempts, streak and puzzles")
    attempts = entry["attempts"]
    if not isinstance(attempts, list) or len(attempts) > MAX_HISTORY:
        raise RecordError(f"{game}: attempts are a list of at most {MAX_HISTORY}")
    kept: list[tuple[str, bool]] = []
    for item in attempts:
        if not (
            isinstance(item, list) and len(item) == 2 and _is_id(item[0]) and type(item[1]) is bool
        ):
            raise RecordError(f"{game}: an attempt is [puzzle id, true or false]")
        kept.append((item[0], item[1]))
    streak = entry["streak"]
    if type(streak) is not int or not 0 <= streak <= len(kept):
        raise RecordError(f"{game}: the streak is a count no longer than the attempts")
    puzzles = entry["puzzles"]
    if not isinstance(puzzles, dict) or len(puzzles) > MAX_HISTORY:
        raise RecordError(f"{game}: puzzles are at most {MAX_HISTORY} ratings")
    rated = {}
    for pid, r in puzzles.items():
        if not _is_id(pid):
            raise RecordError(f"{game}: a puzzle id is short text")
        rated[pid] = _rating(r, f"{game} puzzle")
    return GameRecord(_rating(entry["rating"], game), kept, streak, rated)


def _is_id(x: Any) -> bool:
    return isinstance(x, str) and 0 < len(x) <= MAX_ID and x.isprintable()
