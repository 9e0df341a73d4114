"""How well India's chances hold: the expert's chance to win, shown at each decision of games
between experts, set against who went on to win.

``reliability`` sorts the decisions by the chance shown into tenths and gives, for each, the
mean chance shown and the share of those decisions whose mover won, with a 95% interval
(Wilson's, at an effective number of decisions: those of one game share its winner); the
expected calibration error (the decisions' mean distance between the two) and the Brier score.
``benchmarks/india_calibration.py`` measures it on fresh games and writes ``calibration.json``;
``measured()`` reads that table, and ``plot_reliability`` draws it (a lesson runs in seconds:
it draws the committed table).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..stats import wilson_interval

CALIBRATION = Path(__file__).with_name("calibration.json")
"""The committed measurement (``benchmarks/india_calibration.py`` writes it)."""
TENTHS = 10
CROWDED = 200
"""A tenth with this many decisions or more counts in ``worst_gap``."""


def reliability(
    shown: Sequence[float], won: Sequence[bool], games: Sequence[int]
) -> dict[str, Any]:
    """Decisions (the chance ``shown`` to the mover, whether he ``won``, the game it belongs
    to) in tenths of the chance shown: per tenth the decisions, the games they come from, the
    mean chance shown and the share won with its 95% interval (Wilson's, at the decisions'
    ``effective_decisions``: the games as clusters); and over all decisions the expected
    calibration error, the Brier score, and the Brier score of saying the share of wins every
    time (what a chance that knows nothing scores; saying 50% every time scores 0.25), and the
    ``worst_gap`` between chance shown and share won of a tenth with ``CROWDED`` decisions."""
    if not len(shown) == len(won) == len(games) or not shown:
        raise ValueError("reliability needs as many outcomes and games as chances shown, some")
    n = len(shown)
    base = sum(won) / n
    bins: list[dict[str, Any]] = []
    ece = 0.0
    for k in range(TENTHS):
        inside = [i for i in range(n) if min(int(shown[i] * TENTHS), TENTHS - 1) == k]
        if not inside:
            continue
        mean = sum(shown[i] for i in inside) / len(inside)
        share = sum(won[i] for i in inside) / len(inside)
        effective = _effective_decisions(share, [(games[i], won[i]) for i in inside])
        low, high = wilson_interval(share, effective)
        ece += len(inside) / n * abs(mean - share)
        bins.append(
            {
                "low": k / TENTHS,
                "high": (k + 1) / TENTHS,
                "decisions": len(inside),
                "games": len({games[i] for i in inside}),
                "effective_decisions": round(effective, 1),
                "shown": round(mean, 4),
                "won": round(share, 4),
                "won_low": round(low, 4),
                "won_high": round(high, 4),
            }
        )
    brier = sum((s - w) ** 2 for s, w in zip(shown, won, strict=True)) / n
    return {
        "decisions": n,
        "games": len(set(games)),
        "ece": round(ece, 4),
        "brier": round(brier, 4),
        "brier_knowing_nothing": round(base * (1 - base), 4),
        "worst_gap": round(
            max((abs(b["shown"] - b["won"]) for b in bins if b["decisions"] >= CROWDED), default=0),
            4,
        ),
        "bins": bins,
    }


def _effective_decisions(share: float, outcomes: list[tuple[int, bool]]) -> float:
    """How many independent decisions a tenth's decisions are worth: the decisions of one game
    share its winner, so they count as fewer (divided by the design effect, the variance of
    the share with the games as clusters over its variance were every decision its own)."""
    by_game: dict[int, list[int]] = {}
    for game, w in outcomes:
        count = by_game.setdefault(game, [0, 0])
        count[0] += 1
        count[1] += w
    n, g = len(outcomes), len(by_game)
    if g < 2 or share in (0.0, 1.0):
        return float(g)
    clustered = sum((c[1] - share * c[0]) ** 2 for c in by_game.values()) * g / (g - 1) / n**2
    alone = share * (1 - share) / n
    return n / max(1.0, clustered / alone)


def measured() -> dict[str, Any]:
    """The committed measurement: the weights' version it was made with, how, and a
    ``reliability`` table per table (``"2 players"``, ``"4 players"``, ...)."""
    data: dict[str, Any] = json.loads(CALIBRATION.read_text(encoding="utf-8"))
    return data


def plot_reliability(
    table: str = "2 players", ax: Any = None, tables: dict[str, Any] | None = None
) -> Any:
    """The reliability diagram of ``table`` in the committed measurement (or in ``tables``):
    for each tenth of the chance shown, the share won (dots, with their 95% intervals) against
    the chance shown; a chance that holds lies on the diagonal. Draws on ``ax`` (a new figure
    if None) and returns the axes."""
    r = (tables or measured()["tables"])[table]
    if ax is None:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(4.2, 4.2))
        ax = fig.add_subplot()
        fig.subplots_adjust(left=0.16, bottom=0.14)
    x = [b["shown"] for b in r["bins"]]
    y = [b["won"] for b in r["bins"]]
    errors = [
        [b["won"] - b["won_low"] for b in r["bins"]],
        [b["won_high"] - b["won"] for b in r["bins"]],
    ]
    ax.plot([0, 1], [0, 1], color="grey", lw=0.8, ls=":", label="a chance that holds")
    ax.errorbar(x, y, yerr=errors, fmt="o", ms=4, capsize=2, label="share won (95% interval)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.set_xlabel("chance to win shown by the expert")
    ax.set_ylabel("share of those decisions won")
    ax.set_title(
        f"India, {table}: {r['games']:,} games, {r['decisions']:,} decisions\n"
        f"calibration error {r['ece']:.3f}, Brier {r['brier']:.3f}",
        fontsize=9,
    )
    ax.legend(fontsize=8, loc="upper left")
    return ax


__all__ = ["CALIBRATION", "measured", "plot_reliability", "reliability"]
