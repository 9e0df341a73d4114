"""What players do and what a deal records: the actions a saved game of Michigan holds
(exchange, auction, play, withhold, nobody plays), the stops of the runs, the events of a deal
and its result."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..cards import Card, standard_deck
from ..values import every_value, interned, value

# ---------------------------------------------------------------- actions


@every_value([()])
@interned
@value
class Exchange:
    """The dealer (or the buyer of the dead hand) swaps his hand for the dead hand, unseen."""

    def __str__(self) -> str:
        return "exchange for the dead hand"


@every_value([()])
@interned
@value
class Sell:
    """The dealer keeps his hand and auctions the right to exchange for the dead hand."""

    def __str__(self) -> str:
        return "auction the dead hand"


@interned
@value
class Offer:
    """A bid in the auction of the dead hand: ``chips`` paid to the dealer if it stands."""

    chips: int

    def __post_init__(self) -> None:
        if isinstance(self.chips, bool) or not isinstance(self.chips, int):
            raise ValueError(f"an offer is a whole number of chips, not {self.chips!r}")

    def __str__(self) -> str:
        return f"offer {self.chips} chip" + ("" if self.chips == 1 else "s")


@every_value([()])
@interned
@value
class Decline:
    """A pass in the auction of the dead hand; it is final."""

    def __str__(self) -> str:
        return "pass"


@every_value((c,) for c in standard_deck())
@interned
@value
class Play:
    """Play a card face up in front of you (a lead, or the next card up of the run)."""

    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or self.card.is_joker:
            raise ValueError(f"Michigan is played with the 52 standard cards, not {self.card!r}")

    def __str__(self) -> str:
        return f"play {self.card}"


@every_value([()])
@interned
@value
class Withhold:
    """A mistake (only with ``mistakes_allowed``): keep back the card you must play."""

    def __str__(self) -> str:
        return "withhold the next card"


@every_value([()])
@interned
@value
class NobodyPlays:
    """Chance, in the teaching mode only: the next card up of the run is in the dead hand, so
    nobody plays it and the run stops. It takes a step of its own, as a withhold does, so that
    the wait for the next card never tells a dead card from a withheld one."""

    def __str__(self) -> str:
        return "nobody plays the next card"


def is_offer(call: Any) -> bool:
    """Whether an auction call is an offer (the rest are passes)."""
    return isinstance(call, Offer)


# ---------------------------------------------------------------- the record of a deal


class Stop(NamedTuple):
    """A run that stopped: the last card played, who played it, and why it stopped:
    ``"ace"``, ``"dead"`` (the next card up is in the dead hand), ``"played"`` (the next card
    up is already played) or ``"withheld"`` (its holder, ``offender``, did not play it)."""

    seat: int
    card: Card
    cause: str
    offender: int | None = None


class Event(NamedTuple):
    """One thing that happened in a deal, for the log and the picture. Kinds: ``ante``,
    ``leave``, ``exchange``, ``sold`` (chips to ``other``, the dealer), ``unsold``, ``lead``,
    ``play``, ``stop`` (``note`` the cause, ``other`` the offender of a withheld card),
    ``boodle`` (chips won), ``win``, and payments ``penalty``, ``cards`` and ``withheld``
    (``seat`` pays ``other``)."""

    kind: str
    seat: int
    card: Card | None = None
    chips: int = 0
    other: int | None = None
    note: str = ""


PAYMENTS = ("penalty", "cards", "withheld")


@dataclass(frozen=True)
class DealResult:
    """The end of one deal."""

    deal: int
    dealer: int
    winner: int | None
    cards_left: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def payments(self) -> list[tuple[int, int, int, str]]:
        """``(payer, payee, chips, why)`` for the penalties and the settlement."""
        return [
            (e.seat, e.other, e.chips, e.kind)
            for e in self.events
            if e.kind in PAYMENTS and e.other is not None
        ]

    @property
    def boodles_won(self) -> list[tuple[int, Card, int]]:
        """``(seat, boodle card, chips)`` for each boodle collected."""
        return [
            (e.seat, e.card, e.chips)
            for e in self.events
            if e.kind == "boodle" and e.card is not None
        ]

    def describe(self, names: Sequence[str] | None = None) -> str:
        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        head = f"deal {self.deal + 1}: " + (
            f"{name(self.winner)} went out" if self.winner is not None else "nobody won"
        )
        owed: dict[tuple[int, int], int] = {}
        for a, b, c, _ in self.payments:
            owed[a, b] = owed.get((a, b), 0) + c
        paid = "; ".join(f"{name(a)} paid {name(b)} {c}" for (a, b), c in owed.items())
        return head + (f". {paid}" if paid else "")

    def __str__(self) -> str:
        return self.describe()
