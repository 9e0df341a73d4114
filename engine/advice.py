"""What an expert thinks of one decision: every legal option with its value, the one it would
choose, and why, in one line. Each game's ``expert`` bot answers ``advise(state)`` with an
``Advice``; the game review, the Hint button and the lessons read it.

An expert decides from its seat's ``view`` and the legal actions only, so an ``Advice`` holds
nothing the mover could not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Judged:
    """One option: the action, its value to the mover (in the advice's ``measure``; higher is
    better) and a few words on where the value comes from ("hit by 11 throws in 36")."""

    action: Any
    value: float
    detail: str = ""


@dataclass(frozen=True)
class Advice:
    """An expert's judgement of a decision of ``seat``.

    ``options`` judges every legal action, best first (ties keep the legal order); ``measure``
    names what the values are ("chance to win the race", "expected chips this deal");
    ``percent`` says they are chances (shown as percentages); ``exact`` whether they are exact
    or estimated; ``why`` is one line on why the first option is best; a choice that loses at
    least ``costly`` against the best is a costly mistake."""

    seat: int
    options: tuple[Judged, ...]
    measure: str
    why: str
    costly: float
    exact: bool = False
    percent: bool = False

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("advice needs at least one option")
        values = [o.value for o in self.options]
        if values != sorted(values, reverse=True):
            raise ValueError("advice lists its options best first")

    @property
    def best(self) -> Judged:
        """The expert's choice."""
        return self.options[0]

    def judged(self, action: Any) -> Judged:
        """The judgement of ``action``; ``KeyError`` if it was not among the options."""
        for option in self.options:
            if option.action == action:
                return option
        raise KeyError(f"{action} was not an option here")

    def loss(self, action: Any) -> float:
        """How much ``action`` gives up against the expert's choice (0 for an equal option)."""
        return self.best.value - self.judged(action).value

    def show(self, value: float) -> str:
        """A value as the advice's measure reads it: ``62%``, ``+3.5``, ``+13,333``."""
        if self.percent:
            return f"{100 * value:.0f}%"
        if abs(value) < 0.05:
            return "0"
        if abs(value) >= 100 or value == round(value):
            return f"{value:+,.0f}"
        return f"{value:+.1f}"

    def shown(self, option: Judged) -> str:
        """An option with its value: ``enter (40%)``."""
        return f"{option.action} ({self.show(option.value)})"

    def line(self) -> str:
        """The hint: the expert's choice and why, in one line."""
        return f"{self.best.action}: {self.why}"
