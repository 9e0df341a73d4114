"""Practice: a bank of puzzles for each game, made from seeded games of the project's bots.

Each puzzle is one seat's decision with one certain answer, worked out exactly
(``engine.practice.plates`` and its kin say how, game by game), with its position as the
engine's own save JSON (nothing in it the seat could not see: ``bank.hide``)::

    >>> from engine import practice
    >>> bank = practice.puzzles("plates", count=3)
    >>> [p.kind for p in bank]
    ['answer', 'answer', 'answer']
    >>> bank == practice.puzzles("plates", count=3)
    True
"""

from __future__ import annotations

import gzip
import json
from importlib import import_module
from pathlib import Path
from typing import Any

from .. import GAMES
from .bank import KINDS_VERSION, GameKinds, Puzzle, answer_data

BANK_SIZE = 300
"""Puzzles a game's bank holds by default."""


def kinds(game: str) -> GameKinds:
    """What the bank knows of one game's puzzles."""
    if game not in GAMES:
        raise ValueError(f"no game {game!r}: the games are {', '.join(GAMES)}")
    found: GameKinds = import_module(f"{__name__}.{game}").KINDS
    return found


def puzzles(game: str, seed: int = 0, count: int = BANK_SIZE) -> list[Puzzle]:
    """``count`` puzzles of ``game``, the same for the same seed. The default bank (seed 0,
    up to ``BANK_SIZE``) is read from the file shipped with the package (``banks/``, made by
    ``write_bank``: making it takes seconds to a minute a game); any other is made afresh."""
    from .bank import generate

    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed is a whole number from 0, not {seed!r}")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10_000:
        raise ValueError(f"count is a whole number from 0 to 10,000, not {count!r}")
    if seed == 0 and count <= BANK_SIZE:
        shipped = read_bank(game)
        if shipped is not None:
            return shipped[:count]
    return generate(kinds(game), seed, count)


def bank_path(game: str) -> Path:
    return Path(__file__).with_name("banks") / f"{game}.json.gz"


def read_bank(game: str) -> list[Puzzle] | None:
    """The shipped bank of ``game`` (gzipped JSON: the positions' saves repeat a great deal),
    or None if it is missing or of another version."""
    try:
        data = json.loads(gzip.decompress(bank_path(game).read_bytes()))
    except (OSError, ValueError, EOFError):
        return None
    if not isinstance(data, dict) or data.get("version") != KINDS_VERSION:
        return None
    return [Puzzle.from_data(p) for p in data["puzzles"]]


def bank_text(game: str) -> str:
    """The shipped bank's file of ``game``, made afresh."""
    from .bank import generate

    made = generate(kinds(game), 0, BANK_SIZE)
    data = {"version": KINDS_VERSION, "game": game, "puzzles": [p.to_data() for p in made]}
    return json.dumps(data, ensure_ascii=False, indent=0) + "\n"


def write_bank(game: str) -> None:
    """Make the shipped bank of ``game`` afresh (``python -m engine.practice``)."""
    bank_path(game).parent.mkdir(exist_ok=True)
    bank_path(game).write_bytes(gzip.compress(bank_text(game).encode(), 9, mtime=0))


def is_right(puzzle: Puzzle, given: Any) -> bool:
    """Whether ``given`` (an action, or a whole number) is the puzzle's answer."""
    try:
        return bool(answer_data(given) == puzzle.answer)
    except TypeError:  # something that is neither an action nor a number
        return False


__all__ = ["BANK_SIZE", "GAMES", "Puzzle", "is_right", "kinds", "puzzles"]
