"""The expert Michigan bot against the basic one, and what a decision costs each.

(a) Strength: two experts and two basic bots at a 4-player table, sitting alternately, over
seeded one-deal games (``deals=1``), each deal played twice with the seats swapped (the same
cards, so luck cancels). One deal a game: a deal is Michigan's unit of play and of scoring (the
chips settle at its end), and a game of four deals would cost four times as much without making
a deal any fairer. Four players: the commonest table, and every seat the dealer, his left and
the seats between are each held by both bots.

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

(c) The fast path: the expert's ``DealPlayout`` (its copy of the rules of play) against
``MichiganState`` with basic bots, every option of every play decision played out both ways
on the real deal (``_experts.fast_path``).

    python benchmarks/michigan_expert.py [deals]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from _common import report
from _experts import fast_path, line, speed, strength

from engine.michigan import MichiganState
from engine.michigan.expert import Seen, real_layout


@contextmanager
def dealt_as_is(state: MichiganState) -> Iterator[None]:
    """The expert's layouts, for now: the cards as they really lie."""
    where = real_layout(state)
    layouts = Seen.layouts
    Seen.layouts = lambda *_a, **_k: ([where], True)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Seen.layouts = layouts  # type: ignore[method-assign]


def compare(deals: int) -> dict:
    return {
        "strength": strength("michigan", deals, 4, deals=1),
        "speed": speed("michigan", 20, 4, deals=1),
        "fast_path": fast_path("michigan", 10, 4, dealt_as_is, deals=1),
    }


if __name__ == "__main__":
    report(compare, 1000, lambda r: line(r, "chips"))
