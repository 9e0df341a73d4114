"""What one seat may see of a deal of 13-card Indian Rummy (``RummyState.view``)."""

from __future__ import annotations

from typing import Any, TypedDict

from engine.core import BaseView


class ResultView(TypedDict):
    """The end of the deal: the winner, each seat's points lost and why, and the settlement."""

    winner: int
    lost: list[int]
    reasons: list[str]
    returns: list[int]


class RummyView(BaseView):
    """What one seat may see of a deal (``RummyState.view``).

    ``hands``: per seat, the cards that seat holds where the viewer may see them (his own; a
    wrong show's hand; every hand still in play once the deal is over; every hand in a
    teacher's view), else None. There is no ``scores``: a game is one deal, so nothing runs
    up from deal to deal, and a seat still in play has lost nothing yet; ``lost`` holds what
    each seat lost on leaving the deal (None while it plays on), ``result`` the settlement.
    ``known``: per seat, the cards it took from the open pile and still holds (seen by all).
    ``taken``: the card the viewer took from the open pile this turn, which he may not discard.
    """

    packs: int
    options: dict[str, Any]
    phase: str
    hand: list[str]
    cut: str | None
    wild_rank: str | None
    open_pile: list[str]
    open_takeable: bool
    stock_size: int
    hand_sizes: list[int]
    status: list[str]
    lost: list[int | None]
    draws: list[int]
    misses: list[int]
    taken: str | None
    known: list[list[str]]
    hands: list[list[str] | None]
    result: ResultView | None
