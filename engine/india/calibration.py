"""How well India's chances hold: the expert's chance to win, shown at each decision of games
between experts, set against who went on to win.

``reliability`` sorts the decisions by the chance shown into tenths and gives, for each, the
mean chance shown and the share of those decisions whose mover won, with a 95% interval (by
game: the decisions of one game share its winner); the expected calibration error (the
decisions' mean distance between the two) and the Brier score. ``benchmarks/india_calibration.py``
measures it on fresh games and writes ``calibration.json``; ``measured()`` reads that table,
and ``plot_reliability`` draws it (a lesson runs in seconds: it draws the committed table).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..tournament import Z95

CALIBRATION = Path(__file__).with_name("calibration.json")
"""The committed measurement (``benchmarks/india_calibration.py`` writes it)."""
TENTHS = 10


def reliability(
    shown: Sequence[float], won: Sequence[bool], games: Sequence[int]
) -> dict[str, Any]:
    """Decisions (the chance ``shown`` to the mover, whether he ``won``, the game it belongs
    to) in tenths of the chance shown: per tenth the decisions, the games they come from, the
    mean chance shown and the share won with its 95% interval (the games as clusters); and
    over all decisions the expected calibration error, the Brier score, and the Brier score of
    saying the share of wins every time (what a chance that knows nothing scores)."""
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
        half = _half_interval(share, [(games[i], won[i]) for i in inside])
        ece += len(inside) / n * abs(mean - share)
        bins.append(
            {
                "low": k / TENTHS,
                "high": (k + 1) / TENTHS,
                "decisions": len(inside),
                "games": len({games[i] for i in inside}),
                "shown": round(mean, 4),
                "won": round(share, 4),
                "won_low": round(max(0.0, share - half), 4),
                "won_high": round(min(1.0, share + half), 4),
            }
        )
    brier = sum((s - w) ** 2 for s, w in zip(shown, won, strict=True)) / n
    return {
        "decisions": n,
        "games": len(set(games)),
        "ece": round(ece, 4),
        "brier": round(brier, 4),
        "brier_knowing_nothing": round(base * (1 - base), 4),
        "bins": bins,
    }


def _half_interval(share: float, outcomes: list[tuple[int, bool]]) -> float:
    """Half the 95% interval of a share of wins whose decisions come in games (clusters): the
    variance of a ratio of sums over the games."""
    by_game: dict[int, list[int]] = {}
    for game, w in outcomes:
        count = by_game.setdefault(game, [0, 0])
        count[0] += 1
        count[1] += w
    g = len(by_game)
    if g < 2:
        return math.inf
    total = sum(c[0] for c in by_game.values())
    spread = sum((c[1] - share * c[0]) ** 2 for c in by_game.values()) * g / (g - 1)
    return Z95 * math.sqrt(spread) / total


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
