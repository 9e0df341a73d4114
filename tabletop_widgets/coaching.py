"""The expert at the table: a Hint button (the expert's choice and why, in one line) and a
Review button (every decision of the human seats beside the expert's, the costly mistakes
marked, a graph of the standing over the game, each row opening that move on the board).

Both ask the game's ``expert`` bot, which decides from the seat's view only, so nothing is
shown that the seat could not see. In exam mode (``Table(..., exam=True)``) there is no hint,
and the review opens only once the game is over.
"""

from __future__ import annotations

from html import escape
from io import BytesIO
from typing import Any

import ipywidgets as widgets

import engine
from engine.review import Decision, Review, review

from .replay import ReplayBar

FILTERS = (
    ("Every decision", "all"),
    ("Where the expert differs", "differs"),
    ("Costly mistakes", "costly"),
)
"""The review's row filter: label, key."""

MANY = 30
"""With more decisions than this, the review first lists only those where the expert differs."""


def standing_figure(r: Review, width: float = 6.4, height: float = 2.6) -> Any:
    """The standing over the game, like a chess evaluation graph: at each reviewed decision
    the value of the move played (solid) and of the expert's choice (dashed), the costly
    mistakes marked with a red cross. A matplotlib ``Figure`` (not pyplot's)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_subplot()
    if not r.decisions:
        ax.text(0.5, 0.5, "nothing to review", ha="center", va="center")
        ax.set_axis_off()
        return fig
    scale = 100 if r.decisions[0].advice.percent else 1
    x = [d.move for d in r.decisions]
    ax.plot(x, [scale * d.judged.value for d in r.decisions], "o-", ms=3, label="played")
    ax.plot(x, [scale * d.advice.best.value for d in r.decisions], "--", label="expert's choice")
    bad = r.mistakes
    if bad:
        ax.plot(
            [d.move for d in bad],
            [scale * d.judged.value for d in bad],
            "x",
            color="crimson",
            ms=9,
            mew=2,
            label="costly mistake",
        )
    ax.set_xlabel("move")
    ax.set_ylabel(r.measure + (" (%)" if scale == 100 else ""), fontsize=8)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    return fig


def png(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes."""
    out = BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def review_html(r: Review, rows: list[Decision] | None = None) -> str:
    """The review as an HTML table: move, seat, the move played and its value, the expert's
    choice and its value, and why (the costly mistakes marked)."""
    many = r.game.num_players > 1 and len(r.seats) > 1
    head = "<th>move</th>" + ("<th>seat</th>" if many else "")
    head += "<th>played</th><th>expert</th><th>why</th>"
    body = []
    for d in r.decisions if rows is None else rows:
        a = d.advice
        mark = ' class="tt-costly"' if d.costly else ""
        played = a.shown(d.judged)
        best = "same" if d.agreed else a.shown(a.best)
        flag = "✗ " if d.costly else ""
        body.append(
            f"<tr{mark}><td>{d.move}</td>"
            + (f"<td>{d.seat}</td>" if many else "")
            + f"<td>{flag}{escape(played)}</td><td>{escape(best)}</td>"
            f"<td>{escape(a.why)}</td></tr>"
        )
    return f'{summary_html(r)}<table class="tt-review"><tr>{head}</tr>{"".join(body)}</table>'


def summary_html(r: Review) -> str:
    """The review's one-sentence summary and what its values measure."""
    return f"<p>{escape(r.summary())} Values: {escape(r.measure)}.</p>"


class ReviewReport:
    """A review to show in a lesson: the graph, then the summary and the table (``show_review``)."""

    def __init__(self, r: Review) -> None:
        self.review = r

    def _ipython_display_(self) -> None:
        """Two outputs: the graph (a PNG, which nbval does not compare byte for byte) and the
        table (HTML, compared)."""
        from IPython.display import HTML, Image, display

        display(Image(png(standing_figure(self.review))))
        display(HTML(review_html(self.review)))

    def __repr__(self) -> str:
        return str(self.review)


def show_review(game: engine.State | str, seats: Any = None) -> ReviewReport:
    """Review a finished game (or a saved game's JSON) for ``seats``: the graph and the table
    of every decision beside the expert's."""
    return ReviewReport(review(game, seats))


class Coaching(widgets.VBox):
    """Hint and Review under a table (``Coaching(table)``)."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.exam = bool(getattr(table, "exam", False))
        self._expert: Any = None
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb",
            tooltip="what the expert would do now, and why",
            layout={"width": "auto"},
        )
        table.press(self.hint_button, self.hint, acts=False)  # not while the screen is covered
        self.review_button = widgets.Button(
            description="Review",
            icon="chart-line",
            tooltip="your decisions beside the expert's, with the value of each",
            layout={"width": "auto"},
        )
        table.press(self.review_button, self.show_review, acts=False)
        self.line = widgets.HTML()
        self.line.add_class("tt-hint")
        self.filter = widgets.Dropdown(
            options=FILTERS, description="Show", layout=widgets.Layout(width="280px")
        )
        self.filter.observe(lambda _c: self._fill_rows(), "value")
        self.summary = widgets.HTML()
        self.graph = widgets.Image(format="png", layout=widgets.Layout(width="520px"))
        self.rows = widgets.VBox(layout=widgets.Layout(max_height="260px", overflow="auto"))
        self.rows.add_class("tt-review-rows")
        self.close = widgets.Button(
            description="Close review", icon="times", layout={"width": "auto"}
        )
        table.press(self.close, self._close, acts=False)
        self.panel = widgets.VBox(
            [self.summary, self.graph, widgets.HBox([self.filter, self.close]), self.rows]
        )
        self.panel.add_class("tt-review-panel")
        self.panel.layout.display = "none"
        self.review: Review | None = None
        self._hint_for: int | None = None
        if self.exam:
            self.hint_button.layout.display = "none"
        self.children = (
            widgets.HBox([self.hint_button, self.review_button, self.line]),
            self.panel,
        )
        self.add_class("tt-coaching")
        table.watch(self._follow, order=20)
        self._follow()

    @property
    def expert(self) -> Any:
        """The game's expert bot (made on first use)."""
        if self._expert is None:
            self._expert = engine.make_bot(self.table.latest.game, "expert")
        return self._expert

    # -- hint
    def hint(self) -> str:
        """Show the expert's choice for the human to move, and why, in one line."""
        t = self.table
        if self.exam:
            return self._say("No hints in exam mode.")
        seat = t.human_to_act()
        if t.looking_back or seat is None:
            return self._say("The hint is for your own turn: it is not yours to move now.")
        if t.latest.current_player != seat:  # a human's own throw (India) comes first
            return self._say("Throw the dice first: the hint weighs the moves of your throw.")
        advice = self.expert.advise(t.latest)
        self._hint_for = len(t.latest.history)
        return self._say(f"<b>Hint:</b> {escape(str(advice.best.action))}: {escape(advice.why)}")

    def _say(self, html: str) -> str:
        self.line.value = html
        return html

    # -- review
    def may_review(self) -> str | None:
        """Why the review cannot open now, or None: in exam mode, or with several human seats
        at one screen, only once the game is over."""
        t = self.table
        if t.latest.is_terminal():
            return None
        if self.exam:
            return "In exam mode the review opens when the game is over."
        if len(t.humans) > 1:
            return "With several players at one screen, the review opens when the game is over."
        return None

    def show_review(self) -> Review | None:
        """Review the human seats' decisions so far and open the panel."""
        why_not = self.may_review()
        if why_not:
            self._say(escape(why_not))
            return None
        t = self.table
        self.review = r = review(t.latest, t.humans, expert=self.expert)
        self.summary.value = summary_html(r)
        self.graph.value = png(standing_figure(r))
        self.filter.value = "differs" if len(r.decisions) > MANY else "all"
        self._fill_rows()
        self.panel.layout.display = None
        self._say("")
        return r

    def _fill_rows(self) -> None:
        r = self.review
        if r is None:
            return
        keep = {
            "all": lambda d: True,
            "differs": lambda d: not d.agreed,
            "costly": lambda d: d.costly,
        }[self.filter.value]
        self.rows.children = [self._row(d) for d in r.decisions if keep(d)] or [
            widgets.HTML("<i>none</i>")
        ]

    def _row(self, d: Decision) -> widgets.Widget:
        a = d.advice
        button = widgets.Button(
            description=f"Move {d.move}",
            icon="eye",
            tooltip=f"open move {d.move} on the board",
            layout={"width": "112px", "min_width": "112px"},
        )
        self.table.press(button, lambda: self.open_move(d.move), acts=False)
        played = escape(a.shown(d.judged))
        text = (
            f"{played}, as the expert would"
            if d.agreed
            else f"{'<b>costly mistake</b>: ' if d.costly else ''}{played} · "
            f"expert: {escape(a.shown(a.best))} · <i>{escape(a.why)}</i>"
        )
        row = widgets.HBox([button, widgets.HTML(text, layout={"width": "auto"})])
        row.add_class("tt-review-row")
        if d.costly:
            row.add_class("tt-costly")
        return row

    def open_move(self, move: int) -> None:
        """Show the board as it was when the decision at ``move`` was taken (the replay)."""
        bar = next(t for t in self.table.tools.children if isinstance(t, ReplayBar))
        bar.show(move)

    def _close(self) -> None:
        self.panel.layout.display = "none"

    def _follow(self) -> None:
        """After every redraw: a hint is cleared once the game has moved on."""
        if self._hint_for is not None and self._hint_for != len(self.table.latest.history):
            self._hint_for = None
            self._say("")

    def __repr__(self) -> str:
        shown = f", review of {len(self.review.decisions)} decisions" if self.review else ""
        return f"Coaching({'exam' if self.exam else 'hints on'}{shown})"


__all__ = ["Coaching", "ReviewReport", "review_html", "show_review", "standing_figure"]
