"""What a Rupees review costs: a hand played by basic bots, its seat 0 reviewed as the Review
button does (``engine.review.review``, every decision until settled), in CPU seconds, against
a baseline of pure-Python deals timed in turn with each review (``_common.interleave``), so
the ratio means the same on a busier or slower machine. Reports each hand's decisions and
CPU seconds, the mean and the worst, and the review's rows per second.

Target (issue 35): a Rupees hand reviewed in at most 20 s of CPU.

    python benchmarks/review_time.py [hands]
"""

from __future__ import annotations

import statistics
import sys
import time

from _common import baseline_deal, headline, interleave

import engine
from engine.review import review

TARGET_S = 20.0
BASELINE = 2_000
"""Baseline deals timed before each review."""


def main(hands: int) -> dict:
    games = []
    for seed in range(hands):
        bots = [engine.make_bot("rupees", "basic", seed=seed * 10 + s) for s in range(4)]
        games.append(engine.play(engine.new_game("rupees", 4, seed, target=100_000), bots))
    rows, each = [], []

    def reviewed(k: int) -> None:
        t = time.process_time()
        r = review(games[k], seats=0, expert=engine.make_bot("rupees", "expert", seed=1))
        each.append(time.process_time() - t)
        rows.append(len(r.decisions))

    deal = baseline_deal(40, 4, 10)
    timed = interleave(hands, lambda _k: deal(BASELINE), reviewed)
    result = {
        "hands": hands,
        "decisions": rows,
        "cpu_s": [round(s, 2) for s in each],
        "cpu_s_mean": round(statistics.mean(each), 2),
        "cpu_s_worst": round(max(each), 2),
        "cpu_s_a_decision": round(sum(each) / max(1, sum(rows)), 3),
        "hands_over_target": sum(s > TARGET_S for s in each),
        "hand_in_baseline_deals": round(timed.ratio(hands, hands * BASELINE), 0),
    }
    headline(
        "review_time",
        f"a Rupees hand reviewed in {result['cpu_s_mean']:.1f} s of CPU on average, "
        f"{result['cpu_s_worst']:.1f} s at worst (target <= {TARGET_S:.0f} s; "
        f"{result['hand_in_baseline_deals']:,.0f} baseline deals a hand)",
        result,
    )
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
