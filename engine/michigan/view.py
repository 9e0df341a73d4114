"""The shape of Michigan's view (``state.view(seat)``): plain JSON data of exactly what one
seat may see, on the shared shapes of ``engine.core`` (``scores``, ``hands``,
``standing_bid``)."""

from __future__ import annotations

from typing import TypedDict

from ..core import BaseView, StandingBid


class Boodle(TypedDict):
    """A boodle card on the layout and the chips lying on it."""

    card: str
    chips: int


class Run(TypedDict):
    """The run being played: its top card and who played it."""

    card: str
    seat: int


class SeenStop(TypedDict):
    """The last stop as the viewer saw it (``cause`` as in ``Stop``)."""

    seat: int
    card: str
    cause: str


class StandingOffer(StandingBid):
    """The highest offer for the dead hand: ``bid`` in table notation, ``chips`` its price."""

    chips: int


SeenEvent = list[str | int | None]
"""An ``Event`` as a seat saw it: ``[kind, seat, card, chips, other, note]``."""


class SeenDeal(TypedDict):
    """A finished deal (``DealResult``) as a seat saw it."""

    deal: int
    dealer: int
    winner: int | None
    cards_left: list[int]
    events: list[SeenEvent]


class MichiganView(BaseView):
    """What one seat sees. ``scores``: each seat's chips; ``boodle``: the layout, in
    ``BOODLE`` order; ``hands``: the viewer's own hand (every hand in a teacher's view), None
    for the others; ``dead_hand``: for whoever exchanged for it (and a teacher), else None;
    ``standing_bid``: the highest offer for the dead hand. In the teaching mode a withheld
    card passes for a dead one (``last_stop``, ``events``, ``barred``, ``known_dead``) to
    everyone but its withholder; a teacher's ``last_stop`` shows the true cause.
    ``withheld``: whether the viewer withheld a card this deal."""

    mistakes_allowed: bool
    deal: int
    deals_total: int
    dealer: int
    phase: str
    scores: list[int]
    live: list[bool]
    boodle: list[Boodle]
    hand: list[str]
    hands: list[list[str] | None]
    hand_sizes: list[int]
    dead_size: int
    dead_hand: list[str] | None
    known_dead: list[str]
    exchanger: int | None
    played: list[list[str]]
    run: Run | None
    banned_suit: str | None
    last_stop: SeenStop | None
    auction: list[list[int | str]]
    standing_bid: StandingOffer | None
    barred: list[int]
    withheld: bool
    events: list[SeenEvent]
    results: list[SeenDeal]
