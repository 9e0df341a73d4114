"""Throughput of the India engine and of its vectorised simulation.

1. Full 4-player games between random bots through the engine (games and actions per
   second), as a ratio against a baseline measured in the same run: a plain Python loop that
   throws two dice as many times as a game has throws.
2. ``engine.india.sim.lone_piece_throws``: many one-piece races (entry square to the centre)
   at once with numpy, against the same races one at a time in a plain Python loop.

    python benchmarks/india_playouts.py [games]
"""

from __future__ import annotations

import json
import random
import sys
import time

import numpy as np

import engine
from engine.india import sim


def baseline_throws(n: int) -> float:
    """Seconds per plain-Python throw of two dice."""
    rng = random.Random(0)
    t0 = time.perf_counter()
    total = 0
    for _ in range(n):
        total += rng.randint(1, 6) + rng.randint(1, 6)
    assert total
    return (time.perf_counter() - t0) / n


def playouts(games: int) -> tuple[float, int, int]:
    """Seconds for ``games`` seeded random-bot games, the actions applied and the throws."""
    actions = throws = 0
    t0 = time.perf_counter()
    for seed in range(games):
        bots = [engine.make_bot("india", "random", seed=seed * 4 + k) for k in range(4)]
        final = engine.play(engine.new_game("india", players=4, seed=seed), bots)
        actions += len(final.history)
        throws += final.throws
    return time.perf_counter() - t0, actions, throws


def races(n: int) -> tuple[float, float]:
    """Seconds per one-piece race: vectorised, and in a plain loop."""
    t0 = time.perf_counter()
    sim.lone_piece_throws(np.random.default_rng(1), 71, n)
    vectorised = (time.perf_counter() - t0) / n
    loop_n = max(n // 100, 200)
    t0 = time.perf_counter()
    sim.lone_piece_throws_loop(np.random.default_rng(1), 71, loop_n)
    loop = (time.perf_counter() - t0) / loop_n
    return vectorised, loop


def main(games: int = 200) -> dict:
    throw = baseline_throws(200_000)
    seconds, actions, throws = playouts(games)
    vectorised, loop = races(200_000)
    result = {
        "games": games,
        "games_per_s": round(games / seconds, 1),
        "actions_per_s": round(actions / seconds),
        "actions_per_game": round(actions / games, 1),
        "throws_per_game": round(throws / games, 1),
        "baseline_throw_us": round(throw * 1e6, 3),
        "game_in_baseline_throw_loops": round(seconds / games / (throw * throws / games), 1),
        "races_per_s_vectorised": round(1 / vectorised),
        "races_per_s_loop": round(1 / loop),
        "vectorised_speedup": round(loop / vectorised, 1),
    }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
