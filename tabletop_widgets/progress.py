"""Progress for long simulations: a bar, the time left, and the result so far.

``simulate(trial, n)`` plays ``trial(0)``, ``trial(1)``, ... ``trial(n - 1)`` in pieces. After
each piece a progress bar moves on, a line says "12,000 of 100,000 games · about 8 s left",
and the result so far is redrawn (a running estimate, a small plot), so a learner who raises
``n`` watches the answer arrive instead of staring at a frozen cell.

The result is the same whatever the piece size and however long it takes: every trial seeds
its own randomness from its number (``random.Random(i)``, ``engine.new_game(..., seed=i)``,
``np.random.default_rng(i)``), so a piece is only a range of trial numbers. Times live only in
the widget, never in printed output, so a saved notebook's outputs stay the same on every run.

>>> simulate(lambda i: i * i, 5, what="squares", show=False)
[0, 1, 4, 9, 16]
>>> Progress(100_000, "games")
Progress(100,000 games)

A simulation too long for *Run All* waits behind a button, one click away
(``on_demand(run, "Play 1,000 deals")``): the lesson runs fast, and the teacher runs it when
the class is ready.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from io import BytesIO
from typing import Any, TypeVar

import ipywidgets as widgets

from .lesson import interval

T = TypeVar("T")

PIECES = 40
"""How many pieces a simulation is cut into when no piece size is given."""

REDRAW_SECONDS = 1.0
"""A plot of the result so far is redrawn at most this often (and always at the end)."""


def time_left(seconds: float) -> str:
    """The time still to wait, rounded the way a person says it.

    >>> [time_left(s) for s in (0.3, 7.6, 75, 3 * 3600)]
    ['under a second', 'about 8 s', 'about 1 min 15 s', 'about 3 h 0 min']
    """
    if seconds < 1:
        return "under a second"
    s = round(seconds)
    if s < 60:
        return f"about {s} s"
    if s < 3600:
        return f"about {s // 60} min {s % 60} s"
    return f"about {s // 3600} h {s % 3600 // 60} min"


def running_mean(results: Sequence[float], places: int = 3) -> str:
    """The mean of the results so far and its 95% interval (± 1.96 standard deviations / √n),
    for ``simulate(..., running=running_mean)``: the ± shrinks like 1/√n as pieces arrive.

    >>> running_mean([1, 0, 1, 1])
    'average 0.750 ± 0.490 (95%)'
    """
    n = len(results)
    if n == 0:
        return "average: nothing yet"
    mean, half = interval(results)
    if n == 1:
        return f"average {mean:,.{places}f}"
    return f"average {mean:,.{places}f} ± {half:,.{places}f} (95%)"


class Progress(widgets.VBox):
    """What a long simulation shows while it runs: a bar, "done of total · time left", and the
    result so far (a line of text and, if the simulation draws one, a picture)."""

    def __init__(self, total: int, what: str = "trials") -> None:
        self.total, self.what = total, what
        self.bar = widgets.IntProgress(
            value=0,
            min=0,
            max=max(total, 1),
            description="Progress",
            tooltip=f"{what} simulated so far, out of {total:,}",
            layout=widgets.Layout(width="420px"),
        )
        self.status = widgets.HTML(f"0 of {total:,} {what} · starting")
        self.partial = widgets.HTML("")
        self.picture = widgets.Image(
            format="png", layout=widgets.Layout(display="none", width="500px")
        )
        self.picture.add_class("tabletop-progress-picture")
        super().__init__([widgets.HBox([self.bar, self.status]), self.partial, self.picture])
        self.add_class("tabletop-progress")

    def advance(self, done: int, seconds: float, partial: str | None = None) -> None:
        """Show ``done`` trials finished after ``seconds`` and, if given, the result so far."""
        self.bar.value = done
        if done >= self.total:
            self.bar.bar_style = "success"
            took = time_left(seconds).replace("about ", "")
            self.status.value = f"{done:,} of {self.total:,} {self.what} · done in {took}"
        else:
            left = time_left(seconds / max(done, 1) * (self.total - done))
            self.status.value = f"{done:,} of {self.total:,} {self.what} · {left} left"
        if partial is not None:
            self.partial.value = partial

    def draw(self, png: bytes) -> None:
        """Show a picture of the result so far (PNG bytes)."""
        self.picture.value = png
        self.picture.layout.display = None

    def stopped(self, done: int) -> None:
        """Say that the run was interrupted after ``done`` trials."""
        self.bar.bar_style = "danger"
        self.status.value = f"stopped after {done:,} of {self.total:,} {self.what}"

    def __repr__(self) -> str:
        return f"Progress({self.total:,} {self.what})"


def simulate(
    trial: Callable[[int], T],
    n: int,
    *,
    what: str = "trials",
    piece: int | None = None,
    running: Callable[[list[T]], str] | None = None,
    plot: Callable[[list[T], Any], None] | None = None,
    show: bool | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[T]:
    """``[trial(0), ..., trial(n - 1)]``, computed in pieces of ``piece`` trials (by default
    about 1/40 of ``n``) with a progress bar shown meanwhile.

    ``trial(i)`` runs trial number ``i`` and seeds any randomness from ``i``. After each piece,
    ``running(results_so_far)`` gives a line of HTML for the result so far and
    ``plot(results_so_far, ax)`` draws it on a fresh matplotlib ``Axes`` (at most once a
    second, and at the end). ``what`` names the trials ("games", "deals"). ``show`` displays
    the progress widget (default: when running in IPython). Interrupting the kernel stops it
    and says how far it got.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of {what} must be a whole number, 0 or more, not {n!r}")
    if piece is None:
        piece = max(1, math.ceil(n / PIECES))
    if isinstance(piece, bool) or not isinstance(piece, int) or piece < 1:
        raise ValueError(f"a piece must be a whole number of {what}, 1 or more, not {piece!r}")
    progress = Progress(n, what)
    if _in_ipython() if show is None else show:
        from IPython.display import display

        display(progress)  # type: ignore[no-untyped-call]  # IPython leaves it unannotated
    results: list[T] = []
    start = drawn = clock()
    try:
        while len(results) < n:
            results.extend(trial(i) for i in range(len(results), min(len(results) + piece, n)))
            now = clock()
            progress.advance(len(results), now - start, running(results) if running else None)
            if plot is not None and (now - drawn >= REDRAW_SECONDS or len(results) == n):
                progress.draw(_picture(plot, results))
                drawn = now
    except KeyboardInterrupt:
        progress.stopped(len(results))
        raise
    if n == 0:
        progress.advance(0, 0.0, running(results) if running else None)
    return results


def _picture(plot: Callable[[list[T], Any], None], results: list[T]) -> bytes:
    """PNG bytes of ``plot(results, ax)`` on a small figure (not pyplot's: nothing is left
    for the notebook to show at the end of the cell)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5, 2.6), dpi=100)
    plot(results, fig.add_subplot())
    fig.tight_layout()
    out = BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def _in_ipython() -> bool:
    try:
        from IPython.core.getipython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    return get_ipython() is not None  # type: ignore[no-untyped-call]  # IPython leaves it unannotated


class OnDemand(widgets.VBox):
    """A long simulation that runs when its button is clicked, not during *Run All*: the
    button, then whatever ``run()`` prints, draws or displays (its progress bar included).
    While it runs the button says so and cannot be clicked again."""

    def __init__(self, run: Callable[[], object], label: str) -> None:
        self.run, self.label = run, label
        self.button = widgets.Button(
            description=label,
            icon="play",
            tooltip="runs the simulation of this cell: it takes a while, and the answer "
            "arrives below",
            layout=widgets.Layout(width="auto", align_self="flex-start"),
        )
        self.button.add_class("tabletop-on-demand")
        self.output = widgets.Output()
        self.button.on_click(lambda _b: self.start())
        super().__init__([self.button, self.output])

    def start(self) -> None:
        """Run it now, its output below the button (what a click does)."""
        self.button.disabled, self.button.description = True, "Running…"
        self.output.clear_output()
        try:
            with self.output:
                self.run()
                _show_figures()
        finally:
            self.button.disabled, self.button.description = False, f"{self.label} again"

    def __repr__(self) -> str:
        return f"OnDemand({self.label!r})"


def on_demand(run: Callable[[], object], label: str) -> OnDemand:
    """``run`` behind a button labelled ``label`` (see ``OnDemand``)."""
    return OnDemand(run, label)


def _show_figures() -> None:
    """Show the pyplot figures ``run`` left open, inside the output (a callback has no cell
    end to show them)."""
    import matplotlib.pyplot as plt

    if plt.get_fignums():
        plt.show()


__all__ = ["OnDemand", "Progress", "on_demand", "running_mean", "simulate", "time_left"]
