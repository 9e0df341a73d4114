"""Rummy puzzles (``engine.rummy.melds``, an exact solver). ``discard``: of a 14-card hand, the
discard that leaves the lowest count (a tie makes no puzzle; nor does a hand that can show).
``count``: what a 13-card hand counts, arranged at its best."""

from __future__ import annotations

from typing import Any

from ..cards import Card
from ..core import State
from ..rummy.actions import Discard
from ..rummy.melds import best_arrangement
from .bank import Found, GameKinds


def discard_counts(hand: list[Card], wild: str, legal: list[Any], four: bool) -> dict[Card, int]:
    """Each card that may be discarded -> the best count of the 13 cards left."""
    out: dict[Card, int] = {}
    for action in legal:
        if isinstance(action, Discard) and action.card not in out:
            rest = list(hand)
            rest.remove(action.card)
            out[action.card] = best_arrangement(rest, wild, four_card_life=four).count
    return out


def find(state: State[Any], seat: int) -> list[Found]:
    view: Any = state.view(seat)
    wild = view["wild_rank"]
    if wild is None or view["phase"] not in ("draw", "discard"):
        return []
    hand = [Card.from_str(c) for c in view["hand"]]
    four = bool(view["options"]["four_card_life"])
    legal = state.legal_actions()
    if len(hand) == 13 and not any(isinstance(a, Discard) for a in legal):
        if len(state.history) % 3:
            return []  # a hand's count is asked at one draw in three (it changes slowly)
        best = best_arrangement(hand, wild, four_card_life=four)
        return [
            Found(
                "count",
                "What does your hand count, arranged at its best?",
                best.count,
                f"{best}.",
                2 if best.lives else 1,
            )
        ]
    if len(hand) != 14:
        return []
    counts = discard_counts(hand, wild, legal, four)
    ranked = sorted(counts.items(), key=lambda kv: kv[1])
    if len(ranked) < 2 or ranked[0][1] == ranked[1][1] or ranked[0][1] == 0:
        return []
    (card, low), (_, next_low) = ranked[0], ranked[1]
    return [
        Found(
            "discard",
            "Which card do you discard?",
            Discard(card),
            f"Without {card} your hand counts {low}; any other discard leaves {next_low} or more.",
            5 - min(4, (next_low - low) // 3),
        )
    ]


def seen(view: dict[str, Any]) -> list[str]:
    me = view["seat"]
    cards = [*view["hand"], *view["open_pile"], *([view["cut"]] if view["cut"] else [])]
    for s, (known, hand) in enumerate(zip(view["known"], view["hands"], strict=True)):
        if s != me:
            cards += hand or known  # a hand shown holds the cards known to be in it
    return cards


KINDS = GameKinds("rummy", find, str, seen, players=2)
