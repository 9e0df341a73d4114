"""The expert India bot against the basic one, and what a decision costs each.

(a) Strength: duplicate games (``classplay.tournament.play_match``), every deal played twice with
the same throws and the seats swapped, so the first throw and the dice cancel. Two players, the
game's own duel, over ``n`` deals (default 1,000: 2,000 games); four players (expert, basic,
expert, basic round the table, then swapped) over ``n // 5`` deals. The margin is the game's
return per seat (+1 a win, -1 a loss), per deal.

(b) Speed: CPU time of a decision with a choice, expert and basic on the same positions.

With ``--against DIR`` (another checkout, say main before a change to the expert): the strength
of both experts on the same deals, in alternating blocks of 50 deals (the other checkout's in a
process of its own), two players over ``n`` deals and four over ``--four`` (default ``n``); for
each, the share of the wins before and after with 95% intervals, and the change deal by deal
(the same deals, so its interval is narrower than the two apart).

    python benchmarks/india_expert.py [deals] [--against DIR] [--four DEALS]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from _common import headline, report
from _experts import line, speed, strength

from engine.stats import mean_interval

BLOCK = 50
"""Deals in a block of the before-and-after run."""
SCORES = (
    "import json, sys\n"
    "from classplay.tournament import entrant, play_match\n"
    "players, start, stop = map(int, sys.argv[1:])\n"
    "m = play_match('india', entrant('expert', 'india'), entrant('basic', 'india'),\n"
    "               range(start, stop), players)\n"
    "print(json.dumps(m.scores))\n"
)
"""A block of deals in a checkout: the expert's share of the wins of each."""


def compare(deals: int) -> dict:
    return {
        "strength": strength("india", deals, 2),
        "four_players": strength("india", deals // 5, 4),
        "speed": speed("india", 20, 2),
    }


def headline_of(r: dict) -> str:
    four = r["four_players"]["expert_share_of_wins"]
    return (
        f"{line(r, 'points')}; four players: {four[0]:.0%} of the wins ({four[1]:.0%} to "
        f"{four[2]:.0%})"
    )


def scores(tree: Path, players: int, start: int, stop: int) -> list[float]:
    """The expert's share of the wins of each deal ``start`` to ``stop`` in checkout ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run(
        [sys.executable, "-c", SCORES, str(players), str(start), str(stop)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tree,
    )
    return [float(s) for s in json.loads(run.stdout)]


def before_and_after(before: Path, players: int, deals: int) -> dict:
    """Both experts against basic on deals 0 to ``deals``, block by block in turn."""
    after = Path(__file__).resolve().parents[1]
    was: list[float] = []
    now: list[float] = []
    for start in range(0, deals, BLOCK):
        stop = min(deals, start + BLOCK)
        was += scores(before, players, start, stop)
        now += scores(after, players, start, stop)
        print(
            f"{players} players, {stop} deals: before {_share(mean_interval(was))}, "
            f"after {_share(mean_interval(now))}",
            file=sys.stderr,
            flush=True,
        )
    change = [b - a for a, b in zip(was, now, strict=True)]
    return {
        "players": players,
        "deals": deals,
        "before_share_of_wins": [round(x, 3) for x in mean_interval(was)],
        "after_share_of_wins": [round(x, 3) for x in mean_interval(now)],
        "change_deal_by_deal": [round(x, 3) for x in mean_interval(change)],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("deals", nargs="?", type=int, default=1000)
    parser.add_argument("--against", type=Path, help="a checkout to compare with, in turn")
    parser.add_argument("--four", type=int, help="four-player deals (with --against)")
    args = parser.parse_args()
    if args.against is None:
        report(compare, 1000, headline_of)
        return
    t0 = time.monotonic()
    result = {
        "against": str(args.against.resolve()),
        "two_players": before_and_after(args.against.resolve(), 2, args.deals),
        "four_players": before_and_after(args.against.resolve(), 4, args.four or args.deals),
    }
    result["wall_seconds"] = round(time.monotonic() - t0)
    text = "; ".join(
        f"{r['players']} players, {r['deals']:,} deals: {_share(r['before_share_of_wins'])} "
        f"before, {_share(r['after_share_of_wins'])} after, change "
        f"{r['change_deal_by_deal'][0]:+.1%} ({r['change_deal_by_deal'][1]:+.1%} to "
        f"{r['change_deal_by_deal'][2]:+.1%})"
        for r in (result["two_players"], result["four_players"])
    )
    headline("india_expert", text, result)


def _share(x: Sequence[float]) -> str:
    return f"{x[0]:.1%} ({x[1]:.1%} to {x[2]:.1%})"


if __name__ == "__main__":
    main()
