"""The expert plates bot against the basic one, and what a decision costs each.

(a) Strength: two experts and two basic bots at a 4-player table, sitting alternately, over
seeded whole games (eight rounds), each deal played twice with the seats swapped
(``classplay.tournament.play_match``: the same plates, so luck cancels). Four players: the
commonest table, two centre piles, and every expert has a basic bot on each side, so it bids
to, answers after and is answered by the bot it is measured against; each seat opens once in
each lineup. Reported: the expert's share of the wins (most money at the end), its margin in
dollars a game against the basic bot (mean money per seat, each starts with $300), both with
95% intervals, and after how many deals the margin was ahead for good (``Match.ahead_after``).

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

    python benchmarks/plates_expert.py [deals]
"""

from __future__ import annotations

from _common import report
from _experts import line, speed, strength


def compare(deals: int) -> dict:
    return {"strength": strength("plates", deals, 4), "speed": speed("plates", 20, 4)}


if __name__ == "__main__":
    report(compare, 1000, lambda r: line(r, "dollars"))
