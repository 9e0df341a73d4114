"""The expert at the table: a Hint button (the expert's choice and why, in one short sentence,
the detail folded under it) and a Review button (every decision of the human seats beside the
expert's, costly mistakes first, a graph of the player's standing over the game, each row
opening its move on the board with what was played and what the expert preferred marked).

Both ask the game's ``expert`` bot, which decides from the seat's view only, so nothing is
shown that the seat could not see, and both judge a decision alike (``engine.review.looked``,
on the same sampled deals): a move the Hint named is never marked costly by the Review, which
takes the Hint's judgement as its own first look. In exam mode (``Table(..., exam=True)``)
there is no hint, and the review opens only once the game is over.

The Review judges its decisions in a thread of the kernel (a Rupees hand takes many seconds
of CPU), each row shown as soon as its decision is settled: the kernel goes on answering
clicks meanwhile, the review with an expert of its own (the same seed, so the same judgements)
while the Hint asks the table's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from html import escape
from io import BytesIO
from typing import Any

import ipywidgets as widgets

import engine
from engine.advice import LOSES_LEAST, Advice
from engine.bots import kind_of
from engine.review import Decision, Review, coach, looked, review, reviewing

from .replay import ReplayBar
from .words import sentence

FILTERS = (
    ("Costly mistakes", "costly"),
    ("Where the expert differs", "differs"),
    ("Every decision", "all"),
)
"""The review's row filter: label, key. It opens on the costly mistakes when there are any."""

GRAPH_SIZE = (7.2, 3.0)
"""The standing graph in inches, drawn at 100 dots an inch and shown at its own size: its
11-point text is 15 px on screen."""
TEXT_PT = 11


def standing_label(a: Advice) -> str:
    """What the standing graph's values are, in words."""
    return "your chance to win (%)" if a.percent else (a.holding or a.measure)


def standing_figure(r: Review, width: float = GRAPH_SIZE[0], height: float = GRAPH_SIZE[1]) -> Any:
    """The player's standing over the game, like a chess evaluation graph: after each reviewed
    decision, where the move played left the player (a chance to win, or an expected result);
    where the expert chose otherwise, a thin line up to where its choice would have left him,
    the costly mistakes marked in red. A matplotlib ``Figure`` (not pyplot's)."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    fig = Figure(figsize=(width, height), dpi=100)
    ax = fig.add_subplot()
    if not r.decisions:
        ax.text(0.5, 0.5, "nothing to review", ha="center", va="center", fontsize=TEXT_PT)
        ax.set_axis_off()
        return fig
    first = r.decisions[0].advice
    scale = 100 if first.percent else 1
    x = [d.move for d in r.decisions]
    ax.plot(x, [scale * d.standing for d in r.decisions], "o-", ms=4, lw=1.8, label="you")
    differs = [d for d in r.decisions if not d.agreed]
    for d in differs:
        ax.plot(
            [d.move] * 2,
            [scale * d.standing, scale * (d.advice.held + d.advice.best.value)],
            "-",
            color="#2d6a4f",
            lw=1,
        )
    if differs:
        ax.plot(
            [d.move for d in differs],
            [scale * (d.advice.held + d.advice.best.value) for d in differs],
            "_",
            color="#2d6a4f",
            ms=10,
            mew=2,
            label="the expert's choice",
        )
    bad = r.mistakes
    if bad:
        ax.plot(
            [d.move for d in bad],
            [scale * d.standing for d in bad],
            "o",
            color="crimson",
            ms=8,
            label="costly mistake",
        )
    ax.axhline(50 if first.percent else 0, color="#adb5bd", lw=1, zorder=0)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: f"{v:,.0f}"))
    ax.tick_params(labelsize=TEXT_PT)
    ax.set_xlabel("move", fontsize=TEXT_PT)
    ax.set_title(standing_label(first), fontsize=TEXT_PT + 1, loc="left")
    fig.legend(fontsize=TEXT_PT, loc="lower center", ncol=3, frameon=False)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig


def png(fig: Any) -> bytes:
    """A matplotlib figure as PNG bytes."""
    out = BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def reason(d: Decision) -> str:
    """A decision's reason, the move played against the best: "K♣ is worth 6.4 points more
    than 7♥ (±1.1)" (the interval of the difference, 95%)."""
    return sentence(d.advice.versus(d.played))


def folded(a: Advice, summary: str = "more", review: bool = False) -> str:
    """The detail behind an advice, folded (an HTML ``<details>``): where its values come
    from, how sure they are, and the next best option; in a review's row (``review``), the
    expert's own reason first instead of the next best (the row compares the move played)."""
    lines = [escape(sentence(f"{a.best.action}: {a.why}."))] if review else []
    lines += [escape(a.more)] if a.more else []
    best, sure = a.best, a.sure(a.best)
    value = a.show(best.value) + (f" ({sure})" if sure else "")
    lines.append(escape(sentence(f"{best.action}: {value}.")))
    if a.loses_anyway and LOSES_LEAST not in a.why:
        lines.append(sentence(LOSES_LEAST) + ".")
    if len(a.options) > 1 and not review:
        runner = a.options[1]
        lines.append(
            escape(sentence(a.versus(runner.action)))
            if a.loss(runner.action) > 0
            else f"{escape(str(runner.action))} is worth as much"
        )
        lines[-1] += "."
    lines.append(f"Values: {escape(a.measure)}.")
    return f"<details><summary>{escape(summary)}</summary>{'<br>'.join(lines)}</details>"


def hint_html(a: Advice) -> str:
    """The hint: the expert's choice and why in one short sentence, the detail folded."""
    return f"<b>Hint:</b> {escape(str(a.best.action))}: {escape(a.why)}. " + folded(
        a, "why, and how sure"
    )


def review_html(r: Review, rows: list[Decision] | None = None) -> str:
    """The review as an HTML table: move, seat, the move played and its value, the expert's
    choice and its value, and the reason (the move played against the best), costly
    mistakes marked."""
    many = r.game.num_players > 1 and len(r.seats) > 1
    head = "<th>move</th>" + ("<th>seat</th>" if many else "")
    head += "<th>played</th><th>expert</th><th>reason</th>"
    body = []
    for d in r.decisions if rows is None else rows:
        a = d.advice
        mark = ' class="tt-costly"' if d.costly else ""
        best = "same" if d.agreed else a.shown(a.best)
        flag = "✗ costly: " if d.costly else ""
        body.append(
            f"<tr{mark}><td>{d.move}</td>"
            + (f"<td>{d.seat}</td>" if many else "")
            + f"<td>{escape(a.shown(d.judged))}</td><td>{escape(best)}</td>"
            f"<td>{flag}{escape(reason(d))}</td></tr>"
        )
    return f'{summary_html(r)}<table class="tt-review"><tr>{head}</tr>{"".join(body)}</table>'


def summary_html(r: Review) -> str:
    """The review's one-sentence summary and what its values measure."""
    values = f" Values: {escape(r.measure)}." if r.measure else ""
    return f"<p>{escape(r.summary())}{values}</p>"


class ReviewReport:
    """A review to show in a lesson: the graph, then the summary and the table (``show_review``)."""

    def __init__(self, r: Review) -> None:
        self.review = r

    def _ipython_display_(self) -> None:
        """Two outputs: the graph (a PNG, which nbval does not compare byte for byte) and the
        table (HTML, compared)."""
        from IPython.display import HTML, Image, display

        # IPython leaves these unannotated
        display(Image(png(standing_figure(self.review))))  # type: ignore[no-untyped-call]
        display(HTML(review_html(self.review)))  # type: ignore[no-untyped-call]

    def __repr__(self) -> str:
        return str(self.review)


def show_review(
    game: engine.State[Any] | str, seats: Any = None, players: Sequence[str] | None = None
) -> ReviewReport:
    """Review a finished game (or a saved game's JSON) for ``seats``: the graph and the table
    of every decision beside the expert's. ``players``: the kind of player at each seat
    (``"basic"``, ``"random"``, ``"expert"``, ``"human"``), so that the standing is for them
    (``engine.review.coach``); by default the expert's own."""
    if isinstance(game, str):
        game = engine.from_json(game)
    expert = coach(game.game, players) if players is not None else None
    return ReviewReport(review(game, seats, expert=expert))


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
            layout={"width": "auto", "flex": "0 0 auto"},
        )
        table.press(self.hint_button, self.hint, acts=False)  # not while the screen is covered
        self.review_button = widgets.Button(
            description="Review",
            icon="chart-line",
            tooltip="your decisions beside the expert's, with the value of each",
            layout={"width": "auto", "flex": "0 0 auto"},
        )
        table.press(self.review_button, self.show_review, acts=False)
        self.line = widgets.HTML(layout={"flex": "1 1 auto"})
        self.line.add_class("tt-hint")
        self.filter = widgets.Dropdown(
            options=FILTERS, description="Show", layout=widgets.Layout(width="300px")
        )
        self.filter.observe(self._filter_changed, "value")
        self.summary = widgets.HTML()
        self.graph = widgets.Image(format="png")
        self.graph.add_class("tt-review-graph")
        self.rows = widgets.VBox()
        self.rows.add_class("tt-review-rows")
        self.close = widgets.Button(
            description="Close review", icon="times", layout={"width": "auto"}
        )
        table.press(self.close, self._close, acts=False)
        self.panel = widgets.VBox(
            [self.summary, self.graph, widgets.HBox([self.filter, self.close]), self.rows]
        )
        self._listed = [self.graph, self.rows, self.filter]
        """What the panel shows only when there are decisions to review."""
        self.panel.add_class("tt-review-panel")
        self.panel.layout.display = "none"
        self.review: Review | None = None
        """The review shown: the decisions judged so far while ``reviewing``."""
        self.reviewing: threading.Thread | None = None
        """The thread judging the review's decisions, while it runs."""
        self._stop = threading.Event()
        """The running review's stop flag (a new review, or Close, sets it)."""
        self._lock = threading.RLock()
        """Held while the panel is written: by the review's thread or by a filter change."""
        self._rows: dict[int, widgets.Widget] = {}
        """Each reviewed decision's row, by move, made once."""
        self._auto_filter: str | None = None
        """The filter the review chose, until the student chooses another."""
        self._hint_for: int | None = None
        self._looks: dict[engine.State[Any], Advice] = {}
        """The Hints' judgements, by the position they were for (the review takes them)."""
        if not self.hints:
            self.hint_button.layout.display = "none"
        self.children = (
            widgets.HBox([self.hint_button, self.review_button, self.line]),
            self.panel,
        )
        self.add_class("tt-coaching")
        table.watch(self._follow, order=20)
        self._follow()

    @property
    def hints(self) -> bool:
        """Whether the table offers hints (not at an exam table, nor in a room unless the
        teacher allows it)."""
        return bool(getattr(self.table, "hints_allowed", not self.exam))

    @property
    def expert(self) -> Any:
        """The game's expert bot (made on first use)."""
        if self._expert is None:
            self._expert = coach(self.table.latest.game, self.players())
        return self._expert

    def players(self) -> tuple[str, ...]:
        """The kind of player at each seat, as the coach knows it: the table's bots by their
        level, a human seat (or a student's strategy) as ``"human"``."""
        t = self.table
        bots = getattr(t, "bots", {})
        return tuple(kind_of(bots.get(s)) for s in range(t.latest.num_players))

    # -- hint
    def hint(self) -> str:
        """Show the expert's choice for the human to move, and why, in one short sentence
        (the detail folded under it)."""
        t = self.table
        if not self.hints:
            return self._say("No hints in exam mode." if self.exam else "No hints at this table.")
        seat = t.human_to_act()
        if t.looking_back or seat is None:
            return self._say("The hint is for your own turn: it is not yours to move now.")
        if t.latest.current_player != seat:  # a human's own throw (India) comes first
            return self._say("Throw the dice first: the hint weighs the moves of your throw.")
        advice = self._looks.get(t.latest) or looked(self.expert, t.latest)
        self._looks[t.latest] = advice
        self._hint_for = len(t.latest.history)
        return self._say(hint_html(advice))

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
        if getattr(t, "room", None):
            return "At a room's table the review opens when the game is over."
        if len(t.humans) > 1:
            return "With several players at one screen, the review opens when the game is over."
        return None

    def show_review(self, wait: bool = False) -> Review | None:
        """Review the human seats' decisions so far and open the panel: the rows come in as
        each decision is settled, judged in a thread (``reviewing``) so the kernel goes on
        answering; once all are in, the costly mistakes first (the filter moves to them when
        there are any, unless the student chose another). The review so far (all of it with
        ``wait``), or None when the review may not open now."""
        why_not = self.may_review()
        if why_not:
            self._say(escape(why_not))
            return None
        t = self.table
        game = t.latest
        looks = {
            len(s.history): a
            for s, a in self._looks.items()
            if (s.game, s.num_players, s.seed, s.options)
            == (game.game, game.num_players, game.seed, game.options)
            and s.history == game.history[: len(s.history)]
        }
        # an expert of its own: the Hint may ask ``self.expert`` while this one works (the
        # same seed: the same judgements)
        expert = coach(game.game, self.players())
        steps = reviewing(game, t.humans, expert=expert, looks=looks)
        with self._lock:  # a review still running writes nothing more
            self._stop.set()
            stop = self._stop = threading.Event()
            self._rows = {}
            self._auto_filter = None
        self._show(next(steps), stop)
        self.panel.layout.display = None
        self.reviewing = threading.Thread(
            target=self._judge, args=(steps, stop), name="tabletop-review", daemon=True
        )
        self.reviewing.start()
        if wait:
            self.reviewing.join()
        return self.review

    def _judge(self, steps: Iterator[Review], stop: threading.Event) -> None:
        """The review's thread: each decision judged in turn and shown, until the last, or
        until the review is closed or replaced."""
        try:
            for r in steps:
                if not self._show(r, stop):
                    return
        except Exception as e:
            self._say(escape(f"The review stopped: {e}"))
            raise

    def _show(self, r: Review, stop: threading.Event) -> bool:
        """Show the review so far (unless it was stopped: False): the summary and the rows,
        and while decisions are pending the progress; once all are in, the graph."""
        # the graph once all are in: drawing it is half a second of CPU
        whole = bool(r.decisions) and not r.pending
        graph = png(standing_figure(r)) if whole else b""
        with self._lock:
            if stop.is_set():
                return False
            self.review = r
            self.summary.value = summary_html(r)
            self.graph.value = graph
            for part in self._listed:
                part.layout.display = None if r.decisions or r.pending else "none"
            self.graph.layout.display = None if whole else "none"
            if r.pending:
                pick = "all"
                self._say(f"Reviewing your decisions: {len(r.decisions)} of "
                          f"{len(r.decisions) + r.pending}…")  # fmt: skip
            else:
                differs = any(not d.agreed for d in r.decisions)
                pick = "costly" if r.mistakes else "differs" if differs else "all"
                self._say("")
            if self._auto_filter in (None, self.filter.value):
                self._auto_filter = pick
                self.filter.value = pick  # observed: the rows are filled then
            self._fill_rows()
        return True

    def _filter_changed(self, _change: object = None) -> None:
        with self._lock:
            self._fill_rows()

    def _fill_rows(self) -> None:
        """The rows the filter keeps (call with the lock held)."""
        r = self.review
        if r is None:
            return
        keep: Callable[[Decision], bool] = {
            "all": lambda d: True,
            "differs": lambda d: not d.agreed,
            "costly": lambda d: d.costly,
        }[self.filter.value]
        for d in r.decisions:
            if d.move not in self._rows:
                self._rows[d.move] = self._row(d)
        rows = [self._rows[d.move] for d in r.decisions if keep(d)]
        self.rows.children = rows or ([] if r.pending else [widgets.HTML("<i>none</i>")])

    def _row(self, d: Decision) -> widgets.Widget:
        a = d.advice
        button = widgets.Button(
            description=f"Move {d.move}",
            icon="eye",
            tooltip=f"show move {d.move} on the board, with the expert's choice",
            layout={"width": "112px", "min_width": "112px"},
        )
        self.table.press(button, lambda: self.open_move(d), acts=False)
        played = escape(a.shown(d.judged))
        if d.agreed:
            text = f"You: {played}, as the expert would."
        else:
            flag = '<b class="tt-flag">✗ costly mistake</b> ' if d.costly else ""
            text = (
                f"{flag}You: {played} · expert: {escape(a.shown(a.best))}. "
                f"{escape(reason(d))}. " + folded(a, "why", review=True)
            )
        row = widgets.HBox([button, widgets.HTML(text, layout={"width": "auto"})])
        row.add_class("tt-review-row")
        if d.costly:
            row.add_class("tt-costly")
        return row

    def open_move(self, d: Decision | int) -> None:
        """Show on the board the position right after a reviewed decision (the replay), what
        was played and what the expert preferred marked on it, and bring the board into
        view. An ``int`` is a move number: the board as it was before that move."""
        bar = next(t for t in self.table.tools.children if isinstance(t, ReplayBar))
        if isinstance(d, int):
            bar.show(d)
        else:
            best = None if d.agreed else str(d.advice.best.action)
            bar.show(d.move + 1, review=(str(d.played), best))
        self.table.board.send({"scroll": "board"})

    def _close(self) -> None:
        """Close the panel; a review still running writes nothing more and stops at its next
        decision."""
        with self._lock:
            self._stop.set()
            self.panel.layout.display = "none"

    def _follow(self) -> None:
        """After every redraw: a hint is cleared once the game has moved on."""
        if self._hint_for is not None and self._hint_for != len(self.table.latest.history):
            self._hint_for = None
            self._say("")

    def __repr__(self) -> str:
        shown = f", review of {len(self.review.decisions)} decisions" if self.review else ""
        return f"Coaching({'exam' if self.exam else 'hints on'}{shown})"


__all__ = [
    "Coaching",
    "ReviewReport",
    "hint_html",
    "review_html",
    "show_review",
    "standing_figure",
]
