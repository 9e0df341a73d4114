"""13-card Indian Rummy's actions (docs/rules.md §3) and how a deal ends (``Result``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.cards import Card, standard_deck
from engine.values import every_value, interned, value


@interned
@value
class Toss:
    """The chance outcome of the toss: who plays first."""

    seat: int

    def __str__(self) -> str:
        return f"toss: seat {self.seat} plays first"


@every_value([("stock",), ("open",)])
@interned
@value
class Draw:
    """Take the top card of the ``"stock"`` or of the ``"open"`` pile."""

    source: str

    def __post_init__(self) -> None:
        if self.source not in ("stock", "open"):
            raise ValueError(f'draw from "stock" or "open", not {self.source!r}')

    def __str__(self) -> str:
        return "draw from the stock" if self.source == "stock" else "draw from the open pile"


@every_value((c,) for c in standard_deck(jokers=1))
@interned
@value
class Discard:
    """Put ``card`` from the hand on the open pile, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@every_value((c,) for c in standard_deck(jokers=1))
@interned
@value
class Declare:
    """Discard ``card`` and show the other 13 arranged in melds."""

    card: Card

    def __str__(self) -> str:
        return f"declare, discarding {self.card}"


@every_value([()])
@interned
@value
class Drop:
    """Leave the deal before drawing: a first drop before any card was drawn, else a middle
    drop."""

    def __str__(self) -> str:
        return "drop"


@every_value([()])
@interned
@value
class Miss:
    """The turn timer ran out (only with ``turn_timer=True``): the turn passes."""

    def __str__(self) -> str:
        return "miss the turn"


def _seat_says(name: str, verb: str) -> str:
    """A seat's name with the verb in the third person: "seat 2 wins"."""
    return f"{name} {verb}s"


@dataclass(frozen=True)
class Result:
    """How the deal ended: the ``winner``, each seat's ``lost`` points and the reason."""

    winner: int
    lost: tuple[int, ...]
    reasons: tuple[str, ...]
    first_turn_show: bool

    def describe(
        self,
        names: Sequence[str] | None = None,
        says: Callable[[str, str], str] = _seat_says,
    ) -> str:
        """The result in one line (``describe_result``)."""
        return describe_result(self.winner, self.lost, self.reasons, names, says)

    def __str__(self) -> str:
        return self.describe()


def describe_result(
    winner: int,
    lost: Sequence[int],
    reasons: Sequence[str],
    names: Sequence[str] | None = None,
    says: Callable[[str, str], str] = _seat_says,
) -> str:
    """A deal's result in one line: "seat 0 wins 31: seat 1 loses 21 (count 21); ...", from a
    ``Result`` or from a view's ``result``. A table passes the names it gives the seats and its
    own ``says`` (name and verb in agreement)."""

    def name(seat: int) -> str:
        return names[seat] if names else f"seat {seat}"

    parts = [
        f"{says(name(s), 'lose')} {pts} ({why})"
        for s, (pts, why) in enumerate(zip(lost, reasons, strict=True))
        if s != winner
    ]
    return f"{says(name(winner), 'win')} {sum(lost)}: " + "; ".join(parts)
