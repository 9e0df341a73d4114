"""Fit Michigan's ``OVERSTATED`` (``engine/michigan/expert.py``, written to
``engine/michigan/kinds.json``): the chips the expert's value of an option still over-states
what the mover makes by the deal's end, by the mover's kind and by the kinds of the others
seated, when the expert is told the players. Its playouts play an expert as the basic bot does
(taking its sure outs), and an expert plays better: the mover among experts was shown about 2
chips a decision more than he made, an expert mover about 1 less (issue 35, round nine).

Games at mixed tables of the default four players (``benchmarks/standing.py``'s tables; the
noisy bot is the coach's ``"human"``), the first deal each: at every decision with a choice,
the value the told expert shows for the move played and the chips the mover made by the deal's
end. The shown less made is fitted by least squares to a number per pairing of the mover's
kind with another seat's kind, the mean over the other seats taken (``scripts/kinds.py``).
Nothing is floored, so one pass is the fit.

Seeds 51,000,000 and up, apart from the standing benchmark's (950,000,000 up). Same arguments,
same numbers. The committed table:

    nice -n 10 python scripts/fit_michigan_kinds.py --games 4000 --jobs 2

    python scripts/fit_michigan_kinds.py [--games 4000] [--passes 1] [--jobs 1]
        [--start FIT.json] [--cache benchmarks/.cache] [--out engine/michigan/kinds.json]
"""

from __future__ import annotations

from typing import Any

from kinds import main, told

from engine.bots import Overstated
from engine.michigan.expert import KINDS_FIT, ExpertBot

SEEDS = 51_000_000


def decisions(seed: int, overstated: Overstated) -> list[dict[str, Any]]:
    """One mixed table's first deal (``kinds.told``)."""
    return told("michigan", seed, overstated, lambda players: ExpertBot(players=players))


if __name__ == "__main__":
    main("michigan", SEEDS, decisions, KINDS_FIT, games=4000, passes=1)
