"""The expert India bot against the basic one, and what a decision costs each.

(a) Strength: duplicate games (``engine.tournament.play_match``), every deal played twice with
the same throws and the seats swapped, so the first throw and the dice cancel. Two players, the
game's own duel, over ``n`` deals (default 1,000: 2,000 games); four players (expert, basic,
expert, basic round the table, then swapped) over ``n // 5`` deals. The margin is the game's
return per seat (+1 a win, -1 a loss), per deal.

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

    python benchmarks/india_expert.py [deals]
"""

from __future__ import annotations

from _common import report
from _experts import line, speed, strength


def compare(deals: int) -> dict:
    return {
        "strength": strength("india", deals, 2),
        "four_players": strength("india", deals // 5, 4),
        "speed": speed("india", 20, 2),
    }


def headline(r: dict) -> str:
    four = r["four_players"]["expert_share_of_wins"]
    return (
        f"{line(r, 'points')}; four players: {four[0]:.0%} of the wins ({four[1]:.0%} to "
        f"{four[2]:.0%})"
    )


if __name__ == "__main__":
    report(compare, 1000, headline)
