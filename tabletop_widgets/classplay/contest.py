"""A class tournament in a notebook: strategies play round robin on duplicate deals with a
progress bar, then a results table with 95% intervals and a picture of luck against skill (the
running margin and its interval, deal by deal: where the interval leaves zero for good, the
better strategy is reliably ahead).

A teacher runs it on a folder of students' files (each played in a process of its own)::

    strategies, problems = classplay.tournament.strategies_in("submissions/")
    t = tournament({**strategies, "basic": "basic"}, "plates", players=4)
    t.problems  # strategy -> "deal 7: no answer within 5 s (against basic, seat 2, move 31)"
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from io import BytesIO
from typing import Any

import classplay.tournament as contest
from classplay.isolation import available
from classplay.tournament import Tournament
from engine.stats import running_intervals

from ..progress import Progress, _in_ipython


def tournament(
    strategies: Any,
    game: str,
    games: int | None = None,
    duplicate: bool = True,
    players: int | None = None,
    seed: int = 0,
    show: bool | None = None,
    **how: Any,
) -> Tournament:
    """``classplay.tournament.tournament`` with a progress bar (shown when running in IPython, or
    as ``show`` says): every pair of ``strategies`` plays ``games`` duplicate deals (by default
    ``classplay.tournament.deals_a_pair``: about 100 for each strategy in all). ``how``:
    its other settings (``executor``, ``workers``, ``time_limit``, ``memory``, ``budget``,
    ``withdraw_after``, ``secret``, ``isolation``) and the game's options. With students'
    files, the guarantees of their sandbox are printed first. Interrupting the cell keeps the
    results so far."""
    n = len(strategies)
    games = contest.deals_a_pair(n) if games is None else games
    progress = Progress(games * n * (n - 1) // 2, "deals")
    if _in_ipython() if show is None else show:
        from IPython.display import display

        files = strategies.values() if isinstance(strategies, Mapping) else strategies
        if any(isinstance(s, contest.StudentFile) for s in files):
            print(available(how.get("isolation", "sandbox")))  # the walls, before any file runs
        display(progress)  # type: ignore[no-untyped-call]  # IPython leaves it unannotated
    start = time.monotonic()

    def tick(done: int, total: int) -> None:
        progress.advance(done, time.monotonic() - start)

    t = contest.tournament(strategies, game, games, duplicate, players, seed, on_deal=tick, **how)
    if t.interrupted:
        progress.stopped(sum(m.games for m in t.matches))
    return t


def plot_match(t: Tournament, first: str, second: str, ax: Any = None) -> Any:
    """Luck against skill: ``first``'s margin over ``second`` averaged over the first n deals
    played out, with its 95% interval, for n = 2, 3, ...; a dotted line where it was reliably
    ahead for good; a withdrawn strategy named with the deals it forfeited. Draws on ``ax`` (a
    new figure if None) and returns the axes. A new figure is not pyplot's (nothing would show
    it), so the axes returned show it as a picture when they end a cell: in JupyterLab the
    cell showed ``<Axes ...>`` and no chart."""
    if ax is None:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6.4, 3))
        ax = fig.add_subplot()
        fig.subplots_adjust(bottom=0.18)
        ax._repr_png_ = lambda: _png(fig)  # IPython asks an object itself for its picture
    m = t.match(first, second)
    runs = running_intervals(m.margins)
    for name in (first, second):
        if name in t.withdrawn:
            lost = sum(name in f.split(", ") for f in m.forfeits)
            ax.plot([], [], " ", label=f"{name} withdrawn: {lost} of {m.games} deals forfeited")
    n = range(2, len(runs) + 2)
    ax.plot(n, [r[0] for r in runs], label=f"{first} − {second}, mean margin")
    ax.fill_between(n, [r[1] for r in runs], [r[2] for r in runs], alpha=0.25, label="95% interval")
    ax.axhline(0, color="grey", lw=0.8)
    ahead = m.ahead_after()
    if ahead is not None:
        leader = first if runs[-1][0] > 0 else second
        ax.axvline(ahead, color="black", ls=":", label=f"{leader} reliably ahead after {ahead}")
    ax.set_xlabel("deals played")
    ax.xaxis.get_major_locator().set_params(integer=True)  # deals are whole
    ax.set_ylabel("margin per deal")
    ax.legend(fontsize=8)
    return ax


def _png(fig: Any) -> bytes:
    out = BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


__all__ = ["plot_match", "tournament"]
