"""Time to the next puzzle at the practice table: the CPU time of ``Practice.next`` (choose a
puzzle near the student's rating, load its position, build the game's table at it), after an
answer each time, ``n`` puzzles a game (30 by default), with a baseline deal timed after each.
Reports the median, the worst, and the p50 in baseline deals.

Target (issue 34): the next puzzle within 0.2 s of CPU.

    python benchmarks/practice.py [n] [game ...]
"""

from __future__ import annotations

import statistics
import sys
import time

from _common import baseline_deal, headline

from engine.practice import GAMES
from tabletop_widgets.practice_table import Practice

TARGET_S = 0.2
BASELINE = 20


def next_puzzle(game: str, n: int) -> dict:
    table = Practice(game, path=None, seed=0)  # the bank is read once, as a notebook does
    deal = baseline_deal(52, 4, 13)
    took: list[float] = []
    base: list[float] = []
    for _ in range(n):
        puzzle = table.puzzle
        if puzzle.is_action():
            table.answer_action(None)  # a wrong answer: the student's rating moves too
        else:
            table.answer_number(puzzle.answer)
        t = time.process_time()
        table.next()
        took.append(time.process_time() - t)
        t = time.process_time()
        deal(BASELINE)
        base.append((time.process_time() - t) / BASELINE)
    p50 = statistics.median(took)
    return {
        "puzzles": n,
        "p50_ms": round(1000 * p50, 1),
        "max_ms": round(1000 * max(took), 1),
        "over_target": sum(t > TARGET_S for t in took),
        "p50_in_baseline_deals": round(p50 / statistics.median(base)),
    }


def main(n: int, chosen: list[str]) -> dict:
    result = {game: next_puzzle(game, n) for game in chosen}
    worst = max(result, key=lambda g: result[g]["max_ms"])
    headline(
        "practice",
        "next puzzle CPU p50 "
        + ", ".join(f"{g} {r['p50_ms']:.0f} ms" for g, r in result.items())
        + f"; the worst {result[worst]['max_ms']:.0f} ms ({worst}), target {1000 * TARGET_S:.0f}",
        result,
    )
    return result


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    main(count, sys.argv[2:] or list(GAMES))
