"""Basic bots against random bots in Make-A-Million Rupees: a partnership of two ``basic``
bots against a partnership of two ``random`` bots over many seeded 4-player games, the basic
side sitting at seats 0+2 in even games and 1+3 in odd ones. Reports how often the basic side
wins, their mean final scores, and how often the basic bots make the contracts they declare,
by size of contract.

    python benchmarks/rupees_bots.py [games]
"""

from __future__ import annotations

from collections import Counter

from _common import report

import engine


def compare(games: int) -> dict:
    wins, basic_total, random_total = 0, 0, 0
    bids: Counter = Counter()
    made: Counter = Counter()
    for seed in range(games):
        side = seed % 2
        bots = [
            engine.make_bot("rupees", "basic" if k % 2 == side else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        s = engine.play(engine.new_game("rupees", seed=seed), bots)
        wins += s.winners()[0] % 2 == side
        basic_total += s.scores[side]
        random_total += s.scores[1 - side]
        for r in s.results:
            if r.declarer % 2 == side:
                size = r.contract // 25_000 * 25_000
                bids[size] += 1
                made[size] += r.made
    return {
        "games": games,
        "basic_side_wins": wins,
        "basic_side_win_rate": round(wins / games, 3),
        "basic_mean_score": round(basic_total / games),
        "random_mean_score": round(random_total / games),
        "basic_contracts_made_by_size": {f"{k:,}+": f"{made[k]}/{bids[k]}" for k in sorted(bids)},
    }


def line(r: dict) -> str:
    rate = r["basic_side_win_rate"]
    return f"the basic side wins {rate:.1%} of the games, {rate / 0.5:.2f}x an even match"


if __name__ == "__main__":
    report(compare, 500, line)
