"""The practice table: ``practice("rummy")`` in a notebook. One puzzle at a time on the game's
own table, answered by the same clicks as in play (or, for a number, in the box below it);
right or wrong is said at once with the why, with the streak and the count. The next puzzle is
one rated near the student (Glicko-2, ``engine.practice.record``), whose record is kept in
their own folder (``~/.tabletop/practice.json`` unless ``path`` says otherwise)."""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import engine
from engine import practice as bank
from engine.practice.bank import Puzzle, answer_data
from engine.practice.record import Record, RecordError, default_path, load_or_start

from .table import Table


class Practice(widgets.VBox):
    """Puzzles of one game, one at a time: ``Practice("plates")``. ``puzzles`` replaces the
    game's bank (a teacher's set, a student's own mistakes); ``path`` is the record's file
    (None: kept in memory only); ``seed`` makes the choice of puzzles repeatable;
    ``on_answer(puzzle id, answer JSON)`` is told each answer (a teacher's set sends it to
    the room server) and returns a line to show under the verdict."""

    def __init__(
        self,
        game: str,
        *,
        puzzles: list[Puzzle] | None = None,
        path: Path | str | None = "default",
        seed: int | None = None,
        on_answer: Callable[[str, Any], str] | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.on_answer = on_answer
        self.bank = list(puzzles) if puzzles is not None else bank.puzzles(game)
        if not self.bank or any(p.game != game for p in self.bank):
            raise ValueError(f"practice needs puzzles of {game}, and only of {game}")
        self.path = default_path() if path == "default" else None if path is None else Path(path)
        self.record, refused = load_or_start(self.path) if self.path else (Record(), None)
        self.rng = random.Random(seed)
        self.puzzle: Puzzle = self.bank[0]
        self.answered = False
        self.question = widgets.HTML()
        self.verdict = widgets.HTML()
        self.score = widgets.HTML()
        self.number = widgets.IntText(description="Answer", layout={"width": "14em"})
        self.send = widgets.Button(description="Answer", button_style="primary")
        self.send.on_click(lambda _b: self.answer_number(self.number.value))
        self.next_button = widgets.Button(description="Next puzzle", disabled=True)
        self.next_button.on_click(lambda _b: self.next())
        self.number_row = widgets.HBox([self.number, self.send])
        self.table: Table | None = None
        self.add_class("tt-practice")
        self.next()
        if refused:
            said = html.escape(refused)
            self.verdict.value = f"<b>Your old practice record was refused:</b> {said}"

    @classmethod
    def mistakes(cls, review: Any, seat: int, **kwargs: Any) -> Practice:
        """Practise your own costly mistakes: those of ``seat`` in ``review`` (an
        ``engine.review.Review``) whose right answer is certain, as puzzles."""
        from engine.practice.mistakes import puzzles_from

        made = puzzles_from(review, seat)
        if not made:
            raise ValueError("no costly mistake of that seat has one certain better move")
        return cls(review.game.game, puzzles=made, **kwargs)

    def __repr__(self) -> str:
        return f"<practice: {self.game} puzzles>"

    # -- the puzzles
    def next(self) -> None:
        """Deal the next puzzle: one near the student's rating, not tried lately."""
        self.show(self.record.game(self.game).choose(self.bank, self.rng))

    def show(self, puzzle: Puzzle) -> None:
        """Put ``puzzle`` on the table."""
        self.puzzle, self.answered = puzzle, False
        state = puzzle.state()
        self.table = _practice_table(self.game)(state, humans=(puzzle.seat,), exam=True)
        setattr(self.table, "answer", self.answer_action)  # noqa: B010 (a subclass's slot)
        self.question.value = f"<b>{html.escape(puzzle.question)}</b>"
        self.verdict.value = ""
        self.next_button.disabled = True
        self.send.disabled = self.number.disabled = puzzle.is_action()
        self.number.value = 0
        below: list[widgets.Widget] = [self.question]
        if not puzzle.is_action():
            below.append(self.number_row)
        self.children = (*below, self.table, self.verdict, self.score, self.next_button)
        self._score()

    # -- answers
    def answer_action(self, action: Any) -> bool:
        """A click on the table: the student's answer to an action puzzle."""
        if not self.puzzle.is_action():
            self.verdict.value = "Type the number in the box and click Answer."
            return False
        return self._judge(action)

    def answer_number(self, value: Any) -> bool:
        """The number typed: the answer to a number puzzle."""
        if self.puzzle.is_action():
            self.verdict.value = "Answer on the table, by the click you would make in play."
            return False
        if isinstance(value, bool) or not isinstance(value, int):
            self.verdict.value = "The answer is a whole number."
            return False
        return self._judge(value)

    def _judge(self, given: Any) -> bool:
        if self.answered:
            self.verdict.value = "Already answered: click Next puzzle."
            return False
        right = bank.is_right(self.puzzle, given)
        self.answered = True
        self.record.game(self.game).attempt(self.puzzle, right)
        saved = self._save()
        if self.on_answer is not None:  # a teacher's set: the answer goes to the room server
            told = self.on_answer(self.puzzle.id, answer_data(given))
            saved += f" <i>{html.escape(told)}</i>"
        word = "Right!" if right else "Not this time."
        shown = "" if right else f" The answer: {html.escape(self._answer_words())}."
        self.verdict.value = f"<b>{word}</b>{shown} {html.escape(self.puzzle.why)}{saved}"
        self.next_button.disabled = False
        self.send.disabled = True
        self._score()
        return right

    def _answer_words(self) -> str:
        if not self.puzzle.is_action():
            return str(self.puzzle.answer)
        state = self.puzzle.state()
        action = engine.values.decode(self.puzzle.answer, type(state).kinds())
        return str(action)

    def _save(self) -> str:
        if self.path is None:
            return ""
        try:
            self.record.save(self.path)
        except OSError as e:
            return f" <i>(your record could not be saved: {html.escape(e.strerror or str(e))})</i>"
        return ""

    def _score(self) -> None:
        mine = self.record.game(self.game)
        self.score.value = (
            f"Rating {mine.rating.rating:.0f} (±{2 * mine.rating.deviation:.0f}) · "
            f"streak {mine.streak} · solved {mine.solved} of {mine.count}"
        )


def _practice_table(game: str) -> type[Table]:
    """The game's own table, whose actions are answers (nothing is played)."""
    from . import TABLES

    base = TABLES[game]
    if base not in _MADE:

        class PracticeTable(base):  # type: ignore[valid-type,misc]
            """The game's table at a puzzle: a click is the answer, not a move."""

            answer: Any = None

            def _tools(self) -> tuple[widgets.Widget, ...]:
                return ()  # no replay, saves or review under a puzzle: one decision to make

            def act(self, action: Any) -> bool:
                blocked = self.why_not(action)
                if blocked:
                    return bool(self.refuse(blocked))
                return bool(self.answer(action))

        PracticeTable.__name__ = f"Practice{base.__name__}"
        _MADE[base] = PracticeTable
    return _MADE[base]


_MADE: dict[type[Table], type[Table]] = {}


NAMES = {
    "plates": "License plates",
    "india": "Royal Game of India",
    "michigan": "Michigan",
    "rummy": "Indian Rummy",
    "rupees": "Make-A-Million Rupees",
}


class PracticePage(widgets.VBox):
    """The Voila page's practice: a button per game above that game's practice table."""

    def __init__(self, game: str = "plates", **kwargs: Any) -> None:
        super().__init__()
        self.kwargs = kwargs
        self.games = widgets.ToggleButtons(
            options=[(name, g) for g, name in NAMES.items()], value=game
        )
        self.practice = Practice(game, **kwargs)
        self.games.observe(lambda _c: self.switch(self.games.value), "value")
        self.children = (self.games, self.practice)

    def switch(self, game: str) -> None:
        """Practise ``game`` now (the record keeps every game's rating apart)."""
        self.practice = Practice(game, **self.kwargs)
        self.children = (self.games, self.practice)

    def __repr__(self) -> str:
        return "<practice page>"


def practice(game: str, **kwargs: Any) -> Practice:
    """Practice ``game``: ``practice("rummy")`` in a notebook shows the practice table."""
    try:
        return Practice(game, **kwargs)
    except RecordError as e:  # pragma: no cover - load_or_start refuses in words already
        raise ValueError(str(e)) from None
