"""India puzzles. ``safest``: of the legal moves, the one that leaves the piece it moves least
likely to be hit before the seat throws again (each opponent throwing once:
``engine.india.odds.hit_risk``); a tie for the least makes no puzzle."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ..core import State
from ..india.odds import hit_risk
from ..india.rules import Option, Position
from .bank import Found, GameKinds, grade


def moved_to(option: Option, before: tuple[tuple[int, ...], ...], seat: int) -> int:
    """Where the piece the option moves ends (its progress along its route)."""
    (new,) = (Counter(option.pieces[seat]) - Counter(before[seat])).elements()
    return new


def risks(state: Any, seat: int) -> dict[Any, Fraction]:
    """Each legal move -> the chance its piece is hit before the seat throws again."""
    view = state.view(seat)
    before = tuple(tuple(p) for p in view["pieces"])
    out: dict[Any, Fraction] = {}
    for option in state.legal_options():
        board = Position(option.pieces, tuple(view["sides"]), view["partners"])
        try:
            at = moved_to(option, before, seat)
        except ValueError:  # the moved piece joined one of its own: none new
            continue
        risk = hit_risk(board, seat, at)
        out[option.action] = min(risk, out.get(option.action, risk))
    return out


def difficulty(best: Fraction, second: Fraction) -> int:
    gap = second - best
    return grade(gap, (Fraction(1, 36), Fraction(1, 12), Fraction(1, 6), Fraction(1, 3)))


def find(state: State[Any], seat: int) -> list[Found]:
    if len(state.legal_actions()) < 2:
        return []
    chances = risks(state, seat)
    if len(chances) < 2:
        return []
    ranked = sorted(chances.items(), key=lambda kv: kv[1])
    (best, p), (_, q) = ranked[0], ranked[1]
    if p == q:
        return []
    return [
        Found(
            "safest",
            "Which move leaves the piece you move least likely to be hit before your next throw?",
            best,
            f"After '{best}' your piece is hit with chance {float(p):.1%} (each opponent "
            f"throwing once); every other move risks {float(q):.1%} or more.",
            difficulty(p, q),
        )
    ]


def _no_cards(view: dict[str, Any]) -> list[str]:
    return []


KINDS = GameKinds("india", find, str, _no_cards, players=4)
