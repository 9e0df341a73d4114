"""The expert Michigan bot against the basic one, and what a decision costs each.

(a) Strength: two experts and two basic bots at a 4-player table, sitting alternately, over
seeded one-deal games (``deals=1``), each deal played twice with the seats swapped (the same
cards, so luck cancels). One deal a game: a deal is Michigan's unit of play and of scoring (the
chips settle at its end), and a game of four deals would cost four times as much without making
a deal any fairer. Four players: the commonest table, and every seat the dealer, his left and
the seats between are each held by both bots.

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

    python benchmarks/michigan_expert.py [deals]
"""

from __future__ import annotations

from _common import report
from _experts import line, speed, strength


def compare(deals: int) -> dict:
    return {
        "strength": strength("michigan", deals, 4, deals=1),
        "speed": speed("michigan", 20, 4, deals=1),
    }


if __name__ == "__main__":
    report(compare, 1000, lambda r: line(r, "chips"))
