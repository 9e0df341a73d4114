"""Speed of the rummy hand solver (``engine.rummy.best_arrangement``) on random 13-card hands.

10,000 seeded hands from the 106-card pack, each with a random wild rank, each timed in CPU
seconds of this process (``time.process_time``: a pause while the machine serves someone else
does not count). Reports the median, 99th percentile and worst time per hand in milliseconds
against the targets (median < 1 ms, worst < 20 ms), and the median as a ratio to a baseline
timed in rounds alternating with the hands (see _common.py): one pure-Python deal (shuffle the
106 cards and sort a hand of 13). Garbage collection is off while timing. With ``--exact``
every hand is also checked against the exhaustive search of the tests.

    python benchmarks/rummy_solver.py [hands] [--exact]
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path

from _common import headline, interleave

from engine.cards import RANKS
from engine.rummy import best_arrangement, full_pack

ROUNDS = 10
DEALS = 2_000  # baseline deals a round
TARGET_MEDIAN_MS, TARGET_WORST_MS = 1, 20


def hands(n: int, seed: int = 2026) -> list:
    rng, pack = random.Random(seed), full_pack()
    return [(rng.sample(pack, 13), rng.choice(RANKS)) for _ in range(n)]


def main(n: int = 10_000, exact: bool = False) -> dict:
    sample, times = hands(n), []
    per_round = n // ROUNDS
    rng, pack = random.Random(0), list(full_pack())

    def deal(_k: int) -> None:
        for _ in range(DEALS):
            rng.shuffle(pack)
            hand = sorted(pack[:13], key=str)
        assert hand

    def solve(k: int) -> None:
        for cards, wild in sample[k * per_round : (k + 1) * per_round]:
            t = time.process_time()
            best_arrangement(cards, wild)
            times.append(time.process_time() - t)

    gc.disable()
    t = interleave(ROUNDS, deal, solve)
    gc.enable()
    worst = max(range(len(times)), key=times.__getitem__)
    cards, wild = sample[worst]
    median, deal_s = statistics.median(times), sum(t.base) / (DEALS * ROUNDS)
    result = {
        "hands": len(times),
        "cpu_median_ms": round(median * 1e3, 3),
        "cpu_p99_ms": round(sorted(times)[int(0.99 * (len(times) - 1))] * 1e3, 3),
        "cpu_worst_ms": round(times[worst] * 1e3, 2),
        "worst_hand": f"{' '.join(map(str, cards))} ({wild}s wild)",
        "targets_ms": {"median": TARGET_MEDIAN_MS, "worst": TARGET_WORST_MS},
        "baseline_deal_us": round(deal_s * 1e6, 2),
        "median_in_baseline_deals": round(median / deal_s, 1),
        "mean_in_baseline_deals_low_high": [round(x, 1) for x in t.spread(per_round, DEALS)],
    }
    if exact:
        path = Path(__file__).parent.parent / "tests" / "engine" / "test_rummy_solver.py"
        spec = importlib.util.spec_from_file_location("rummy_reference", path)
        ref = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ref)
        for cards, wild in sample:
            ref.check(cards, wild)
        result["exact_on_every_hand"] = True
    ok = median * 1e3 < TARGET_MEDIAN_MS and times[worst] * 1e3 < TARGET_WORST_MS
    headline(
        "rummy_solver",
        f"median {median * 1e3:.3f} ms, worst {times[worst] * 1e3:.2f} ms of CPU a hand "
        f"({'within' if ok else 'OUTSIDE'} the targets); median = "
        f"{result['median_in_baseline_deals']} baseline deals",
        result,
    )
    return result


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    main(int(args[0]) if args else 10_000, exact="--exact" in sys.argv)
