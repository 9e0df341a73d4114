"""What the benchmarks share: the bots benchmarks' command line, and the baseline the
playout benchmarks measure their games against."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable


def report(compare: Callable[[int], dict], default: int) -> None:
    """Run ``compare(n)`` (n from the command line, else ``default``), time it, print JSON."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else default
    t0 = time.perf_counter()
    result = compare(n)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(result, indent=2))


def baseline_deal(n: int, cards: int, hands: int, size: int) -> float:
    """Seconds per pure-Python deal, timed ``n`` times: shuffle a list of ``cards`` numbers and
    cut it into ``hands`` sorted hands of ``size``. The unit a game's cost is reported in, so
    the figure means the same on a slow laptop and a fast server."""
    rng, deck = random.Random(0), list(range(cards))
    t0 = time.perf_counter()
    for _ in range(n):
        rng.shuffle(deck)
        dealt = [sorted(deck[k * size : (k + 1) * size]) for k in range(hands)]
    assert dealt
    return (time.perf_counter() - t0) / n
