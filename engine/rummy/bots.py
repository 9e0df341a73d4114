"""Bots for 13-card Indian Rummy. Each decides from its own seat's view and the legal actions.

``random`` (``engine.core.RandomBot``) plays any legal action; ``basic`` plays by the best
arrangement of its hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.core import RandomBot, State

from .actions import Declare, Discard, Draw, Drop
from .cards import by_suit, card_cost, is_joker
from .melds import best_arrangement
from .odds import cards_in, has_pure_sequence
from .rules import RummyState
from .view import RummyView


def hopeless(cards: Sequence[Card], wild_rank: str) -> bool:
    """The basic bot's first-drop rule: no pure sequence and no joker in the starting hand."""
    return not has_pure_sequence(cards) and not any(is_joker(c, wild_rank) for c in cards)


@RummyState.bot
class BasicBot(RandomBot):
    """Plays from its own view by the best arrangement. Drops at once a hopeless hand (see
    ``hopeless``); draws the open card when it makes the best 13 it can keep better than its
    hand now (lives first, then fewer points loose), else the stock; declares when a discard
    leaves a valid show; otherwise discards the card whose loss hurts least (the highest of
    equals). Never drops later."""

    level = "basic"

    def choose(self, state: State[Any]) -> Any:
        seat = state.current_player
        assert seat is not None and seat >= 0, "a bot chooses on its own turn"
        view: RummyView = state.view(seat)
        legal = state.legal_actions()
        hand = cards_in(view["hand"])
        wild, four = view["wild_rank"], view["options"]["four_card_life"]
        assert wild is not None, "a bot plays only once the cards are dealt"
        if view["phase"] == "draw":
            if Drop() in legal and view["draws"][view["seat"]] == 0 and hopeless(hand, wild):
                return Drop()
            if Draw("open") in legal:
                top = Card.from_str(view["open_pile"][-1])
                now = best_arrangement(hand, wild, four_card_life=four).key
                if self._best_discard([*hand, top], wild, four, top)[0] < now:
                    return Draw("open")
            return Draw("stock") if Draw("stock") in legal else legal[0]
        taken = Card.from_str(view["taken"]) if view["taken"] else None
        _, card, valid = self._best_discard(hand, wild, four, taken)
        return Declare(card) if valid else Discard(card)

    @staticmethod
    def _best_discard(
        cards: list[Card], wild: str, four: bool, keep: Card | None
    ) -> tuple[tuple[bool, int], Card, bool]:
        """(key of the 13 kept, the card to discard, whether the 13 are a valid show)."""
        best: tuple[tuple[bool, tuple[bool, int], int], Card, bool] | None = None
        for card in sorted(set(cards), key=by_suit):
            if card == keep:
                continue
            rest = list(cards)
            rest.remove(card)
            a = best_arrangement(rest, wild, four_card_life=four)
            rank = (not a.valid_show, a.key, -card_cost(card, wild))
            if best is None or rank < best[0]:
                best = (rank, card, a.valid_show)
        assert best is not None
        return best[0][1], best[1], best[2]
