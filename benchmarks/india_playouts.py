"""Throughput of the India engine and of its vectorised simulation, in CPU time.

1. Full 4-player games between random bots through the engine (games and actions per CPU
   second), and one game's cost in baseline throws (a plain Python loop throwing two dice),
   timed in rounds alternating with the games (see _common.py): a game is reported as so many
   "throw loops", the cost of a plain loop making as many throws as the game had.
2. ``engine.india.sim.lone_piece_throws``: many one-piece races (entry square to the centre)
   at once with numpy, against the same races one at a time in a plain Python loop, the two
   alternating: the ratio is the vectorised speed-up.

    python benchmarks/india_playouts.py [games]
"""

from __future__ import annotations

import random
import sys

import numpy as np
from _common import headline, interleave, playouts

import engine
from engine.india import sim

ROUNDS = 10
THROWS = 20_000  # baseline throws a round
RACES = 20_000  # vectorised races a round (the plain loop runs a hundredth of them)


def throw_loop(n: int) -> None:
    """The baseline: ``n`` plain-Python throws of two dice."""
    rng, total = random.Random(n), 0
    for _ in range(n):
        total += rng.randint(1, 6) + rng.randint(1, 6)
    assert total


def game(seed: int) -> tuple[int, int]:
    bots = [engine.make_bot("india", "random", seed=seed * 4 + s) for s in range(4)]
    final = engine.play(engine.new_game("india", players=4, seed=seed), bots)
    return len(final.history), final.throws


def main(games: int = 200) -> dict:
    r = playouts(ROUNDS, THROWS, throw_loop, games // ROUNDS, game, counted="throws")
    loops = r["game_in_baseline_deals"] / r["throws_per_game"]  # throws -> loops of that length
    r["game_in_baseline_throw_loops"] = round(loops, 1)
    del r["game_in_baseline_deals"]
    races = interleave(
        ROUNDS,
        lambda k: sim.lone_piece_throws_loop(np.random.default_rng(k), 71, RACES // 100),
        lambda k: sim.lone_piece_throws(np.random.default_rng(k), 71, RACES),
    )
    speedup = 1 / races.ratio(RACES, RACES // 100)
    slow, fast = (1 / x for x in races.spread(RACES, RACES // 100))
    r["vectorised_races_per_cpu_s"] = round(RACES * ROUNDS / sum(races.work))
    r["loop_races_per_cpu_s"] = round(RACES // 100 * ROUNDS / sum(races.base))
    r["vectorised_speedup"] = round(speedup, 1)
    r["vectorised_speedup_low_high"] = [round(fast, 1), round(slow, 1)]
    headline(
        "india_playouts",
        f"one game = {loops:.1f} plain throw loops of its length; numpy races {speedup:.0f}x "
        f"a plain loop ({ROUNDS} interleaved rounds: {fast:.0f}-{slow:.0f}x)",
        r,
    )
    return r


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
