"""Exact odds of Michigan's dead hand: whether a boodle card's duplicate is dead, and, from one
seat's view, whether the next card up is dead so that the run stops there."""

from __future__ import annotations

from fractions import Fraction

from ..cards import Card
from ..odds import none_drawn
from .cards import NEXT_UP, dead_hand_size
from .view import MichiganView


def boodle_dead_chance(players: int) -> Fraction:
    """The chance a given boodle card's duplicate lies in the dead hand: every deck position
    is equally likely, and ``dead_hand_size`` of the 52 go to the dead hand."""
    return Fraction(dead_hand_size(players), 52)


def all_boodles_live_chance(players: int) -> Fraction:
    """The chance none of the four boodle duplicates is in the dead hand: the dead hand's
    cards are a random ``d``-card subset of 52, so C(48, d) / C(52, d)."""
    return none_drawn(good=4, total=52, drawn=dead_hand_size(players))


def dead_chance(unseen: int, dead_unknown: int) -> Fraction:
    """The chance one card you have not seen is in the dead hand, when ``unseen`` cards are
    unaccounted for and ``dead_unknown`` of the dead hand's cards are among them (each unseen
    card is equally likely to be any of them)."""
    if unseen <= 0:
        return Fraction(0)
    return Fraction(dead_unknown, unseen)


def next_card_dead_chance(view: MichiganView, card: str | Card | None = None) -> Fraction | None:
    """From one seat's view: the chance the next card up after ``card`` (default: the card on
    top of the run) is dead, so the run stops there. Played cards and cards in your hand are
    not dead; a known dead card is; every other card is judged by ``dead_chance``, counting
    only the cards this seat has seen (not what the leads hint at)."""
    if card is None:
        if view["run"] is None:
            return None
        card = view["run"]["card"]
    top = Card.from_str(card) if isinstance(card, str) else card
    nxt = NEXT_UP[top]
    if nxt is None:
        return Fraction(0)
    mine = {Card.from_str(c) for c in view["hand"]}
    played = {Card.from_str(c) for p in view["played"] for c in p}
    known = {Card.from_str(c) for c in view["known_dead"]}
    if nxt in mine or nxt in played:
        return Fraction(0)
    if nxt in known:
        return Fraction(1)
    unseen = 52 - len(mine) - len(played) - len(known)
    return dead_chance(unseen, view["dead_size"] - len(known))
