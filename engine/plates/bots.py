"""The license-plate bots. ``basic`` plays the odds from its own view; ``random`` comes with
every game (``engine.bots.RandomBot``)."""

from __future__ import annotations

from typing import Any

from ..bots import RandomBot
from ..core import State
from .cards import DIGITS
from .odds import bid_ways, count_in_play_ways, what_seat_knows
from .rules import Agree, Bid, Call, Cancel, Challenge, PlatesState, PlatesView


@PlatesState.bot
class BasicBot(RandomBot):
    """Plays the odds from its own view. Answers a bid by agreeing when it is at least as
    likely true as false, else challenging. Opens (or raises after all agreed) with the
    highest bid that is at least even money from its plate; cancels when it has none."""

    level = "basic"

    def choose(self, state: State[Any]) -> Call:
        seat = state.current_player
        assert seat is not None and seat >= 0, "a bot is asked to choose only in its turn"
        view: PlatesView = state.view(seat)
        knows = what_seat_knows(view)
        standing = view["standing_bid"]
        if standing and standing["bidder"] != seat:
            true, every = bid_ways(Bid(standing["count"], standing["digit"]), *knows)
            return Agree() if 2 * true >= every else Challenge()
        above = (standing["count"], standing["digit"]) if standing else (0, 9)
        best = None
        for d in DIGITS:
            top = _highest_even_money(*count_in_play_ways(d, *knows))
            if top and (top, d) > max(above, best.key if best else above):
                best = Bid(top, d)
        if best:
            return best
        if standing:
            return Cancel()
        lowest: Call = state.legal_actions()[0]  # no opening bid is even money: the lowest
        return lowest


def _highest_even_money(have: int, low: int, ways: tuple[int, ...], every: int) -> int:
    """The highest count c >= 1 with P(X >= c) >= 1/2 (0 if there is none), from the ways of
    ``count_in_play_ways``: the tail is summed once, from the top down, in whole numbers."""
    tail = 0
    for k in reversed(range(len(ways))):
        tail += ways[k]
        if 2 * tail >= every:
            return have + low + k
    return 0
