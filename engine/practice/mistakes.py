"""Your own mistakes as puzzles: each costly mistake of a seat in a game's review
(``engine.review``) becomes a puzzle of the position before it, the expert's choice its answer,
where that choice is certain: exact, or better than the next option by more than three times
the 95% interval of the difference."""

from __future__ import annotations

import hashlib
from typing import Any

from ..advice import Advice
from ..review import Decision, Review
from . import kinds
from .bank import Puzzle, answer_data, hide

MARGIN = 3.0
"""How many times its 95% interval the best option must beat the next by to be certain."""


def certain(advice: Advice) -> bool:
    """Whether the expert's choice is certainly the best: the only option worth the most,
    and exactly so, or by more than ``MARGIN`` times the interval of the gap."""
    if len(advice.options) < 2:
        return False
    best, second = advice.options[0], advice.options[1]
    gap = best.value - second.value
    if gap <= 0:
        return False
    if advice.exact:
        return True
    return second.loss_interval > 0 and gap > MARGIN * second.loss_interval


def puzzles_from(review: Review, seat: int) -> list[Puzzle]:
    """The costly mistakes of ``seat`` in ``review`` whose right answer is certain, as
    puzzles (for that student alone: the ids say whose game they came from by its digest)."""
    game = review.game
    about = kinds(game.game)
    digest = hashlib.sha256(game.to_json().encode()).hexdigest()[:10]
    out = []
    for d in review.mistakes:
        if d.seat != seat or not certain(d.advice):
            continue
        hidden = hide(game.at(d.move), seat, about.code, about.seen)
        if hidden is not None:
            out.append(
                _puzzle(game.game, d, hidden.to_json(), f"mine-{game.game}-{digest}-{d.move}")
            )
    return out


def _puzzle(game: str, d: Decision, position: str, pid: str) -> Puzzle:
    advice = d.advice
    best: Any = advice.best.action
    return Puzzle(
        id=pid,
        game=game,
        kind="mistake",
        seat=d.seat,
        position=position,
        question=f"In your game you played {d.played} here. Find the better move.",
        answer=answer_data(best),
        why=f"{advice.versus(d.played)}: {advice.why.rstrip('.')}.",
        difficulty=3,
    )
