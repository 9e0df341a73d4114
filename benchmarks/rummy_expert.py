"""The expert rummy bot against the basic one: (a) strength over seeded two-player deals, each
played twice with the seats swapped (duplicate: the same cards, so luck cancels), the expert's
share of the wins and its margin in points per deal with 95% intervals, and how many deals it
took to be reliably ahead; (b) speed: CPU ms per decision of each bot, measured in the same
games (so both see the same machine at the same moments), medians and their ratio. The deals
are shared between two processes (CPU time is per process, so the figures are unchanged).

Two players: the deal is a duel (a show collects from one loser), the cheapest fair test.

    python benchmarks/rummy_expert.py [deals]
"""

from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from _common import report

import engine
from classplay.tournament import Entrant, Match, play_match

WORKERS = 2
"""The deals are shared between this many processes (the machine has two cores)."""


class Timed:
    """A bot whose every decision is timed in CPU seconds, into ``times``."""

    def __init__(self, level: str, seed: int, times: list[float]) -> None:
        self.bot, self.times = engine.make_bot("rummy", level, seed=seed), times

    def choose(self, state: Any) -> Any:
        t = time.process_time()
        action = self.bot.choose(state)
        self.times.append(time.process_time() - t)
        return action


def play(deals: range) -> tuple[Match, dict[str, list[float]]]:
    """The expert against the basic bot on ``deals``, and each one's decision times."""
    times: dict[str, list[float]] = {"expert": [], "basic": []}
    expert = Entrant("expert", lambda seed: Timed("expert", seed, times["expert"]))
    basic = Entrant("basic", lambda seed: Timed("basic", seed, times["basic"]))
    return play_match("rummy", expert, basic, deals, players=2), times


def compare(deals: int) -> dict:
    parts = [range(k, deals, WORKERS) for k in range(WORKERS)]
    with ProcessPoolExecutor(WORKERS) as pool:
        played = list(pool.map(play, parts))
    m = Match("expert", "basic")
    times: dict[str, list[float]] = {"expert": [], "basic": []}
    for k in range(deals):  # the deals in their order, for ahead_after
        part = played[k % WORKERS][0]
        m.margins.append(part.margins[k // WORKERS])
        m.scores.append(part.scores[k // WORKERS])
    for _, t in played:
        for level, each in t.items():
            times[level] += each
    margin, score = m.interval("margins"), m.interval("scores")
    ms = {k: statistics.median(v) * 1000 for k, v in times.items()}
    p90 = sorted(times["expert"])[int(0.9 * len(times["expert"]))] * 1000
    return {
        "deals": m.games,
        "players": 2,
        "share_of_wins": [round(x, 3) for x in score],
        "margin_points_per_deal": [round(x, 2) for x in margin],
        "ahead_after_deals": m.ahead_after(),
        "expert_ms_median": round(ms["expert"], 2),
        "expert_ms_p90": round(p90, 1),
        "expert_ms_max": round(max(times["expert"]) * 1000, 1),
        "basic_ms_median": round(ms["basic"], 2),
        "ratio": round(ms["expert"] / ms["basic"], 1),
        "decisions": {k: len(v) for k, v in times.items()},
    }


def line(r: dict) -> str:
    s, m = r["share_of_wins"], r["margin_points_per_deal"]
    return (
        f"the expert wins {s[0]:.0%} ({s[1]:.0%} to {s[2]:.0%}) of {r['deals']} duplicate deals, "
        f"{m[0]:+.1f} points a deal ({m[1]:+.1f} to {m[2]:+.1f}); "
        f"{r['expert_ms_median']:.1f} ms a decision (90% under {r['expert_ms_p90']:.0f}), "
        f"{r['ratio']:.0f}x basic"
    )


if __name__ == "__main__":
    report(compare, 1000, line)
