"""Fit rummy's ``OVERSTATED`` (``engine/rummy/expert.py``, written to ``engine/rummy/kinds.json``):
the points the expert's value of a move still over-states what the mover makes by the deal's
end, by the part of the turn (a draw, a discard), the mover's kind and the kinds of the others
seated, when the expert is told the players.

Games at mixed two-player tables (each seat an expert, a basic, a random or a noisy bot, drawn by
the game's seed as ``benchmarks/standing.py`` draws them; the noisy bot is the coach's ``"human"``,
valued here as the beginner he is: ``ExpertBot.you``, so the table's human row is a beginner's,
which the coach uses for no one's own play), one deal each: at every decision with a choice, the
value the told expert shows for the move played and the points the mover made by the deal's end
(the settlement). A drop and a wrong show are left out (their values are exact), and so is a draw
whose value a floor holds (``HELD``): the correction leaves them alone. The shown less made of each
decision is fitted by least squares to a number per part of the turn and pairing of the mover's
kind with another seat's kind, the mean over the other seats taken (two tables of 16:
``kinds.py``'s ``apart``). With one table for both parts, a random mover's draws were shown 6 to 20
points a decision more than he made and his discards 12 to 40 less (``benchmarks/README.md``, issue
35, round eleven).

(The collection and the fit: ``scripts/kinds.py``, which Michigan's fit shares.) The told
values are floored (a hand played on never below a drop, but a random mover's:
``UNFLOORED``; the best hand kept never below what a deal can cost), so taking a number off
moves some values less or not at all: the fit is made in ``--passes`` rounds, each collecting
the games again with the tables so far and adding the least-squares fit of what is still
over-stated. The last round's numbers carry 95% intervals by resampling its games.

With ``--start`` (an earlier output of this script), the passes begin from that fit's tables
(one table: every part's) instead of none, and the output keeps the earlier fit's record
(``start``): more passes on more deals, without collecting the earlier passes again.

Seeds 61,000,000 and up, apart from the standing benchmark's (960,000,000 up). Same arguments,
same numbers. The committed tables (issue 35, round twelve) start from round six's one table
(three passes on 2,000 deals, a fourth and a fifth on 4,000, as ``kinds.json``'s ``start``
records), with three passes apart on the 4,000, a fourth on twice the deals (round eleven)
and a fifth on 16,000:

    git show 33f7961:engine/rummy/kinds.json > round6.json
    nice -n 10 python scripts/fit_rummy_kinds.py --start round6.json --games 4000 --passes 3 \
        --out apart.json
    nice -n 10 python scripts/fit_rummy_kinds.py --start apart.json --games 8000 --passes 1 \
        --out eight.json
    nice -n 10 python scripts/fit_rummy_kinds.py --start eight.json --games 16000 --passes 1

    nice -n 10 python scripts/fit_rummy_kinds.py [--games 2000] [--passes 3] [--jobs 1]
        [--start FIT.json] [--cache benchmarks/.cache] [--out engine/rummy/kinds.json]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinds import main, told

from engine.bots import HUMAN, Overstated
from engine.rummy.actions import Declare, Drop
from engine.rummy.expert import KINDS_FIT, PARTS, ExpertBot, held

SEEDS = 61_000_000


def exact(advice: Any, action: Any) -> bool:
    """A drop or a wrong show (its value is exact), or a draw whose value a floor holds
    (``HELD``): the correction leaves it alone."""
    return (
        isinstance(action, Drop)
        or (isinstance(action, Declare) and advice.judged(action).detail == "a wrong show")
        or held(advice, action)
    )


def decisions(seed: int, overstated: Mapping[str, Overstated]) -> list[dict[str, Any]]:
    """One mixed two-player table's deal (``kinds.told``), drops and wrong shows left out,
    each decision's part of the turn (the view's ``phase``: ``PARTS``)."""
    return told(
        "rummy",
        seed,
        overstated,
        lambda players: ExpertBot(players=players, you=HUMAN),
        exact,
        lambda state, seat: state.view(seat)["phase"],
    )


if __name__ == "__main__":
    main("rummy", SEEDS, decisions, KINDS_FIT, games=2000, passes=3, apart=PARTS)
