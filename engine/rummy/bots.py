"""Bots for 13-card Indian Rummy. Each decides from its own seat's view and the legal actions.

``random`` (``engine.bots.RandomBot``) plays any legal action; ``basic`` plays by the best
arrangement of its hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.bots import RandomBot
from engine.cards import Card
from engine.core import State

from .actions import Declare, Discard, Draw, Drop
from .cards import by_suit, card_cost, is_joker
from .melds import Arrangement, best_arrangement
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
                now = arranged(sorted_hand(hand), wild, four).key
                if best_discard(sorted_hand([*hand, top]), wild, four, top)[0] < now:
                    return Draw("open")
            return Draw("stock") if Draw("stock") in legal else legal[0]
        taken = Card.from_str(view["taken"]) if view["taken"] else None
        _, card, valid = best_discard(sorted_hand(hand), wild, four, taken)
        return Declare(card) if valid else Discard(card)


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards in suit order: the one order in which the remembered searches see a hand."""
    return tuple(sorted(cards, key=by_suit))


_Ranked = tuple[tuple[bool, tuple[bool, int], int], int, Card, bool]
"""A discard's rank (or its bound), its place in suit order, the card, and a show."""


@lru_cache(maxsize=64)
def best_discard(
    cards: tuple[Card, ...], wild: str, four: bool, keep: Card | None
) -> tuple[tuple[bool, int], Card, bool]:
    """(key of the 13 kept, the card to discard, whether the 13 are a valid show), for
    ``cards`` sorted by suit (remembered: after drawing the open card the bot weighs the same
    14 cards again). Each discard is ranked by the best arrangement of the 13 kept: a show
    first, then its key, then the dearer card; ties go to the first.

    The best arrangement of all 14 bounds each rank: the 13 kept never do better than those 14
    less the discard's points, and do exactly that when the discard lies loose (or spare) in
    it. So only the other discards are searched, most promising first, while one could win."""
    whole = arranged(cards, wild, four)
    free = {*whole.loose, *whole.spare}
    bounds: list[_Ranked] = []
    for first, card in enumerate(dict.fromkeys(cards)):
        if card != keep:
            cost = card_cost(card, wild)
            show = whole.lives and whole.deadwood <= cost
            key = (not whole.lives, whole.deadwood - cost)
            bounds.append(((not show, key, -cost), first, card, show))
    best = min((b for b in bounds if b[2] in free), default=None)
    for rank, first, card, _ in sorted(bounds):
        if best is not None and (rank, first) > best[:2]:
            break
        if card not in free:
            rest = list(cards)
            rest.remove(card)
            kept = arranged(tuple(rest), wild, four)
            found = ((not kept.valid_show, kept.key, rank[2]), first, card, kept.valid_show)
            best = found if best is None else min(best, found)
    assert best is not None
    return best[0][1], best[2], best[3]


@lru_cache(maxsize=256)
def arranged(cards: tuple[Card, ...], wild: str, four: bool) -> Arrangement:
    """``best_arrangement``, remembered for the hands the bot weighs again."""
    return best_arrangement(cards, wild, four_card_life=four)
