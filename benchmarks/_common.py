"""What the benchmarks share: CPU time, a baseline interleaved with the measured work, one
headline per script (its figure and its ratio), the bots benchmarks' command line, and the
baseline deal the playout benchmarks measure their games against.

On a shared machine wall-clock time is mostly other people's work: a descheduled process looks
slow. So the kernel's work is timed in CPU seconds of this process (``time.process_time``),
and against a baseline timed in alternating rounds with it (A B A B ...), so that both see the
same machine at the same moments. The ratio is the figure to compare between commits.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Interleaved:
    """CPU seconds of the work and of the baseline, one of each per round, taken alternately."""

    work: list[float]
    base: list[float]

    def ratio(self, work_units: float, base_units: float) -> float:
        """Cost of one unit of work in baseline units, over all rounds (units are per round)."""
        return (sum(self.work) / work_units) / (sum(self.base) / base_units)

    def spread(self, work_units: float, base_units: float) -> tuple[float, float]:
        """The lowest and highest ratio of a single round: how steady the measurement was."""
        each = [
            (w / work_units) / (b / base_units) for w, b in zip(self.work, self.base, strict=True)
        ]
        return min(each), max(each)


def interleave(rounds: int, baseline: Callable[[int], object], work: Callable[[int], object]):
    """Run ``baseline(k)`` then ``work(k)`` for each round k, timing each in CPU seconds."""
    work_s, base_s = [], []
    for k in range(rounds):
        t = time.process_time()
        baseline(k)
        base_s.append(time.process_time() - t)
        t = time.process_time()
        work(k)
        work_s.append(time.process_time() - t)
    return Interleaved(work_s, base_s)


def playouts(
    rounds: int,
    deals: int,
    deal: Callable[[int], None],
    per_round: int,
    game: Callable[[int], tuple[int, int]],
    counted: str = "hands",
) -> dict:
    """Play ``per_round`` games a round, seeds in order, interleaved with ``deals`` baseline
    deals a round. ``game(seed)`` returns the actions it took and how many of ``counted`` (hands,
    throws) it played. The CPU rates, and one game's cost in baseline deals with the lowest and
    highest round."""
    actions = hands = 0

    def play(k: int) -> None:
        nonlocal actions, hands
        for seed in range(k * per_round, (k + 1) * per_round):
            a, h = game(seed)
            actions, hands = actions + a, hands + h

    t = interleave(rounds, lambda _k: deal(deals), play)
    games, cpu = per_round * rounds, sum(t.work)
    low, high = t.spread(per_round, deals)
    return {
        "games": games,
        "games_per_cpu_s": round(games / cpu, 1),
        "cpu_ms_per_game": round(cpu / games * 1000, 2),
        "actions_per_cpu_s": round(actions / cpu),
        "actions_per_game": round(actions / games, 1),
        f"{counted}_per_game": round(hands / games, 2),
        "baseline_deal_us": round(sum(t.base) / (deals * rounds) * 1e6, 2),
        "game_in_baseline_deals": round(t.ratio(per_round, deals), 1),
        "rounds_low_high": [round(low, 1), round(high, 1)],
    }


def headline(script: str, text: str, result: dict) -> None:
    """Print the full result as JSON, then one line: the script's figure and its ratio."""
    print(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"{script}: {text}")


def report(compare: Callable[[int], dict], default: int, line: Callable[[dict], str]) -> None:
    """The bots benchmarks' command line: ``compare(n)`` (n from the command line, else
    ``default``), its CPU seconds, the JSON and the headline ``line(result)``."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else default
    t0 = time.process_time()
    result = compare(n)
    result["cpu_seconds"] = round(time.process_time() - t0, 1)
    headline(sys.argv[0].rsplit("/", 1)[-1].removesuffix(".py"), line(result), result)


def baseline_deal(cards: int, hands: int, size: int) -> Callable[[int], None]:
    """A baseline of pure-Python deals: each call shuffles a list of ``cards`` numbers ``n``
    times and cuts it into ``hands`` sorted hands of ``size``. The unit a game's cost is reported
    in, so the figure means the same on a slow laptop and a fast server."""
    rng, deck = random.Random(0), list(range(cards))

    def deal(n: int) -> None:
        for _ in range(n):
            rng.shuffle(deck)
            dealt = [sorted(deck[k * size : (k + 1) * size]) for k in range(hands)]
        assert dealt

    return deal
