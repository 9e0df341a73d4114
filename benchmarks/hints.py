"""What a Hint costs: the CPU time of ``engine.review.looked`` (what the Hint button asks: the
expert's advice on at least the review's first 128 sampled deals, issue 35) at
every decision with a choice of fresh seeded games between basic bots, 1,000 positions per
game by default, one expert per game as a table keeps one, told the players as a lesson's
table tells it (``engine.review.coach``: a human at seat 0, basic bots elsewhere). Reports
the median, the 99th percentile and the worst in CPU milliseconds, how many positions took
longer than the target, and the p99 in baseline deals (a pure-Python deal timed in turn with
the hints, so the figure means the same on a slower machine).

Target (issue 25): every Hint within 0.5 s of CPU.

    python benchmarks/hints.py [positions] [game ...]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from _common import baseline_deal, headline

import engine
from engine import CHANCE
from engine.review import coach, looked

TABLES: dict[str, tuple[int, dict[str, Any]]] = {
    "plates": (4, {}),
    "india": (2, {}),
    "michigan": (4, {}),
    "rummy": (4, {}),
    "rupees": (4, {}),
}
"""Each game's table as a lesson opens it."""
TARGET_S = 0.5
BASELINE = 20
"""Baseline deals timed after each hint."""


def hints(game: str, positions: int) -> dict:
    """CPU seconds of ``looked`` at ``positions`` decisions of seeded basic-bot games, each
    followed by ``BASELINE`` baseline deals timed the same way."""
    players, options = TABLES[game]
    deal = baseline_deal(52, 4, 13)
    took: list[float] = []
    base: list[float] = []
    seed = 0
    while len(took) < positions:
        state = engine.new_game(game, players, seed, **options)
        bots = [engine.make_bot(game, "basic", seed=seed * 10 + s) for s in range(players)]
        expert = coach(game, ("human",) + ("basic",) * (players - 1))  # as a lesson's table
        rng = random.Random(seed)
        while not state.is_terminal() and len(took) < positions:
            seat = state.current_player
            if seat == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                t = time.process_time()
                looked(expert, state)
                took.append(time.process_time() - t)
                t = time.process_time()
                deal(BASELINE)
                base.append((time.process_time() - t) / BASELINE)
            state = state.apply(bots[seat].choose(state))
        seed += 1
    p50 = statistics.median(took)
    p99 = statistics.quantiles(took, n=100)[98]
    return {
        "positions": len(took),
        "games": seed,
        "p50_ms": round(1000 * p50, 1),
        "p99_ms": round(1000 * p99, 1),
        "max_ms": round(1000 * max(took), 1),
        "over_target": sum(t > TARGET_S for t in took),
        "p99_in_baseline_deals": round(p99 / statistics.median(base)),
    }


def main(positions: int, chosen: list[str]) -> dict:
    result = {game: hints(game, positions) for game in chosen}
    worst = max(result, key=lambda g: result[g]["max_ms"])
    headline(
        "hints",
        "hint CPU p99 "
        + ", ".join(f"{g} {r['p99_ms']:.0f} ms" for g, r in result.items())
        + f"; the worst {result[worst]['max_ms']:.0f} ms ({worst}), target {1000 * TARGET_S:.0f}",
        result,
    )
    return result


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    main(n, sys.argv[2:] or list(TABLES))
