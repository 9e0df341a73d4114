"""Fit rummy's ``OVERSTATED`` (``engine/rummy/expert.py``, written to ``engine/rummy/kinds.json``):
the points the expert's value of a move still over-states what the mover makes by the deal's
end, by the mover's kind and by the kinds of the others seated, when the expert is told the
players.

Games at mixed two-player tables (each seat an expert, a basic, a random or a noisy bot, drawn
by the game's seed as ``benchmarks/standing.py`` draws them; the noisy bot is the coach's
``"human"``), one deal each: at every decision with a choice, the value the told expert shows
for the move played and the points the mover made by the deal's end (the settlement). A drop
and a wrong show are left out (their values are exact: the correction leaves them alone). The
shown less made of each decision is fitted by least squares to a number per pairing of the
mover's kind with another seat's kind, the mean over the other seats taken (16 numbers).

(The collection and the fit: ``scripts/kinds.py``, which Michigan's fit shares.) The told
values are floored (a hand played on never below a drop, but a random mover's:
``UNFLOORED``; the best hand kept never below what a deal can cost), so taking a number off does
not lower every value shown by as much: the fit is made in
``--passes`` rounds, each collecting the games again with the table so far and adding the
least-squares fit of what is still over-stated. The last round's numbers carry 95% intervals
by resampling its games.

With ``--start`` (an earlier output of this script), the passes begin from that fit's table
instead of none, and the output keeps the earlier fit's record (``start``): more passes on
more deals, without collecting the earlier passes again.

Seeds 61,000,000 and up, apart from the standing benchmark's (960,000,000 up). Same arguments,
same numbers. The committed table (issue 35, round six: a fourth pass on twice the deals, the
2,000 of the first three and 2,000 more, each pairing's number then measured on 4,000 deals):

    nice -n 10 python scripts/fit_rummy_kinds.py --games 2000 --passes 3 --out first.json
    nice -n 10 python scripts/fit_rummy_kinds.py --start first.json --games 4000 --passes 1

    nice -n 10 python scripts/fit_rummy_kinds.py [--games 2000] [--passes 3] [--jobs 1]
        [--start FIT.json] [--cache benchmarks/.cache] [--out engine/rummy/kinds.json]
"""

from __future__ import annotations

from typing import Any

from kinds import main, told

from engine.bots import Overstated
from engine.rummy.actions import Declare, Drop
from engine.rummy.expert import KINDS_FIT, ExpertBot

SEEDS = 61_000_000


def exact(advice: Any, action: Any) -> bool:
    """A drop or a wrong show: its value is exact, the correction leaves it alone."""
    return isinstance(action, Drop) or (
        isinstance(action, Declare) and advice.judged(action).detail == "a wrong show"
    )


def decisions(seed: int, overstated: Overstated) -> list[dict[str, Any]]:
    """One mixed two-player table's deal (``kinds.told``), drops and wrong shows left out."""
    return told("rummy", seed, overstated, lambda players: ExpertBot(players=players), exact)


if __name__ == "__main__":
    main("rummy", SEEDS, decisions, KINDS_FIT, games=2000, passes=3)
