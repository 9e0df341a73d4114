"""The expert Rupees bot against the basic one, and what a decision costs each.

(a) Strength: two experts and two basic bots at the 4-player table, partners opposite (0+2
against 1+3: one partnership each), over seeded games with ``target=100_000``, each deal played
twice with the partnerships swapped (the same cards, so luck cancels). The first side to
₹100,000 wins, which is one hand in nearly every game: a hand is Rupees' unit of play and of
scoring (bid, play, settle), and a game to the rules' ₹1,000,000 takes many hands, costing that
many times as much without making a hand any fairer. Four players and one deck: the commonest
table (six and eight players deal two decks). The margin is in ₹ a deal: the expert
partnership's score less the basic one's.

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

(c) The fast path: the expert's ``HandPlayout`` (its copy of the rules of play) against
``RupeesState`` with basic bots, every option of every play decision played out both ways
on the real deal (``_experts.fast_path``).

    python benchmarks/rupees_expert.py [deals]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from _common import report
from _experts import fast_path, line, speed, strength

import engine.rupees.expert as expert
from engine.rupees import RupeesState

TARGET = 100_000


@contextmanager
def dealt_as_is(state: RupeesState) -> Iterator[None]:
    """The expert's layouts, for now: the cards as they really lie."""
    real = expert.HandPlayout(state.view(state.current_player), [list(h) for h in state.hands])
    layouts = expert.layouts
    expert.layouts = lambda *_a, **_k: ([real], True)
    try:
        yield
    finally:
        expert.layouts = layouts


def compare(deals: int) -> dict:
    return {
        "strength": strength("rupees", deals, 4, target=TARGET),
        "speed": speed("rupees", 20, 4, target=TARGET),
        "fast_path": fast_path("rupees", 10, 4, dealt_as_is, target=TARGET),
    }


if __name__ == "__main__":
    report(compare, 1000, lambda r: line(r, "₹"))
