"""Michigan puzzles (``engine.michigan.odds``, as its lesson teaches). ``dead``: as the seat
plays the next card of the run, the chance, in whole percent, that the card after it is dead
(in the dead hand), so the run stops with the seat; a chance within 0.1 of a half percent makes
no puzzle (the rounding would not be certain)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..cards import Card
from ..core import State
from ..michigan.cards import NEXT_UP
from ..michigan.odds import next_card_dead_chance
from .bank import Found, GameKinds


def percent(p: Fraction) -> int | None:
    """``p`` in whole percent, or None where rounding it is a near thing."""
    x = 100 * p
    if abs(x - (x.numerator // x.denominator) - Fraction(1, 2)) < Fraction(1, 10):
        return None
    return round(x)


def find(state: State[Any], seat: int) -> list[Found]:
    """At a play, the card after the one the seat is about to play: is it dead (the run would
    stop with you, and you would lead)?"""
    view: Any = state.view(seat)
    if view["phase"] != "play" or view["run"] is None:
        return []
    mine = NEXT_UP[Card.from_str(view["run"]["card"])]
    if mine is None or str(mine) not in view["hand"]:
        return []
    after = NEXT_UP[mine]
    p = next_card_dead_chance(view, mine)
    if p is None or after is None:
        return []
    answer = percent(p)
    if answer is None or (p in (0, 1) and len(state.history) % 8):
        return []  # a card in sight, dead or alive, is asked about now and then only
    if p in (0, 1):
        why = f"You can see {after}: it is {'dead' if p else 'not dead (you see it)'}."
    else:
        why = (
            f"{after} is among the cards you have not seen, each as likely as any other to be "
            f"one of the dead hand's: {p.numerator} in {p.denominator}."
        )
    return [
        Found(
            "dead",
            f"You play {mine}. What is the chance, in whole percent, that {after} is dead "
            "(so the run stops with you)?",
            answer,
            why,
            1 if p in (0, 1) else 3,
        )
    ]


def seen(view: dict[str, Any]) -> list[str]:
    """The cards of the deck one seat sees at once (the boodle's cards are not the deck's)."""
    cards = [*view["hand"], *(view["dead_hand"] or []), *view["known_dead"]]
    cards += [c for pile in view["played"] for c in pile]
    return cards


KINDS = GameKinds("michigan", find, str, seen, players=4)
