"""Plates puzzles. ``answer``: agree or challenge the standing bid, from the exact chance it is
true given the seat's own plate and the plates it has seen (``engine.plates.odds``); a chance
of exactly one half has no one right answer and makes no puzzle."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core import State
from ..plates import Agree, Challenge, bid_chance_from_view
from .bank import Found, GameKinds, grade

HALF = Fraction(1, 2)


def difficulty(p: Fraction) -> int:
    """1 (the chance is far from even) to 5 (within 5 points of even)."""
    gap = abs(p - HALF)
    return grade(gap, (Fraction(1, 20), Fraction(1, 10), Fraction(1, 5), Fraction(3, 10)))


def find(state: State[Any], seat: int) -> list[Found]:
    legal = state.legal_actions()
    if Agree() not in legal or Challenge() not in legal:
        return []
    view: Any = state.view(seat)
    p = bid_chance_from_view(view)
    if p is None or p == HALF:
        return []
    bid = view["standing_bid"]["bid"]
    answer = Agree() if p > HALF else Challenge()
    side = "more" if p > HALF else "less"
    return [
        Found(
            "answer",
            f"Seat {view['standing_bid']['bidder']} bids {bid}. Agree or challenge?",
            answer,
            f"Given your plate, {bid} is true with chance {float(p):.1%}, {side} than even: "
            f"{answer}.",
            difficulty(p),
        )
    ]


def seen(view: dict[str, Any]) -> list[str]:
    """Every plate face up in the view, once each (a finished round's plates are off the
    table, so each shows once)."""
    faces = [view["my_plate"], *view["pile_tops"]]
    faces += [h for s, h in enumerate(view["hands"]) if s != view["seat"]]
    faces += [p for r in view["rounds"] for _, p in r["in_play"]]
    return [f"{f['number']}${f['fine']}" for f in faces if f]


def code(plate: Any) -> str:
    return f"{plate.number}${plate.fine}"


KINDS = GameKinds("plates", find, code, seen, players=4)
