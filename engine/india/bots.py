"""India's bots: ``basic`` plays by a stated order of preferences (``random`` comes from
``engine.core``)."""

from __future__ import annotations

from typing import Any

from ..bots import RandomBot
from ..core import State
from .board import CORNER, HOME
from .odds import hitting_throws, options_from_view
from .rules import Enter, IndiaState, IndiaView, Move, Option, Position


@IndiaState.bot
class BasicBot(RandomBot):
    """Plays by a stated order of preferences: 1. capture; 2. enter; 3. bring a piece home;
    4. leave its pieces where the fewest squares are expected to be lost to a hit before its
    next turn (``hit_risk`` times the piece's progress, summed; counted in whole numbers,
    ``hitting_throws``, which order the same); 5. keep blockades rather than
    break them; 6. move the piece furthest ahead. Ties go to the first listed move."""

    level = "basic"

    def choose(self, state: State[Any]) -> Enter | Move:
        assert state.current_player is not None, "a bot chooses on its own turn"
        view: IndiaView = state.view(state.current_player)  # India hides nothing
        return max(options_from_view(view), key=lambda o: self._score(view, o)).action

    @staticmethod
    def _score(view: IndiaView, o: Option) -> tuple[bool, bool, bool, int, int, int]:
        seat = view["seat"]
        before = view["pieces"][seat]
        moved = o.action.piece if isinstance(o.action, Move) else before.index(CORNER)
        after = Position(o.pieces, view["sides"], view["partners"])
        at_stake = sum(hitting_throws(after, seat, p) * p for p in o.pieces[seat])
        blockades = sum(1 for seats in after.at.values() if seats.count(seat) == 2)
        return (
            o.captured is not None,
            isinstance(o.action, Enter),
            o.pieces[seat][moved] == HOME,
            -at_stake,
            blockades,
            before[moved],
        )
