"""What one seat may see of Make-A-Million Rupees (``RupeesState.view``)."""

from __future__ import annotations

from typing import Any

from ..core import BaseView, StandingBid
from .cards import TrickView
from .scoring import ResultView


class RupeesStandingBid(StandingBid):
    """The standing bid: ``bid`` in table notation (``"bid ₹185,000"``), ``amount`` in ₹."""

    amount: int


class RupeesView(BaseView):
    """What one seat may see (``RupeesState.view``). Cards are codes (``"R40k"``); cards in
    play are ``[seat, code]``; ``hands`` holds the viewer's own hand and None for the others
    (every hand in a teacher's view); ``scores`` are ₹ per seat (partners share theirs)."""

    options: dict[str, Any]
    target: int
    hand_no: int
    dealer: int
    phase: str
    hand: list[str]
    hands: list[list[str] | None]
    hand_sizes: list[int]
    widow: list[str] | None
    widow_size: int
    calls: list[list[int | str]]
    standing_bid: RupeesStandingBid | None
    passed: list[int]
    min_bid: int
    declarer: int | None
    contract: int
    discards: list[str]
    discard_count: int
    trump: str | None
    called: str | None
    partner: int | None
    trick: list[list[int | str]]
    tricks: list[TrickView]
    last_trick: TrickView | None
    captured: list[int]
    scores: list[int]
    results: list[ResultView]
