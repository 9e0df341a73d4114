"""Hint and Review under every table: the hint is the expert's choice and why, on the human's
own turn only, gone once the game moves on; exam mode has no hint and no coach and opens the
review only at the end; a review row opens its move on the board; and neither shows anything
that came from a card the seat could not see."""

from __future__ import annotations

import threading
import time
from html import escape

import pytest
from no_leak import record, twins

import engine
import engine.review
from engine.review import review
from tabletop_widgets import TABLES
from tabletop_widgets.coaching import Coaching, reason, review_html, show_review, standing_figure

HIDDEN = [
    ("plates", 4, {}),
    ("rummy", 4, {}),
    ("michigan", 4, {"deals": 1}),
    ("rupees", 4, {"target": 100_000}),
]
"""The games with hidden cards, as ``test_no_leak`` records them."""


def coaching(table) -> Coaching:
    return next(t for t in table.tools.children if isinstance(t, Coaching))


def played_out(game: str, players: int, seed: int, **options) -> engine.State:
    bots = [engine.make_bot(game, "random" if s == 0 else "basic", seed=s) for s in range(players)]
    return engine.play(engine.new_game(game, players, seed, **options), bots)


def test_the_hint_is_the_experts_choice_on_your_turn_and_goes_when_you_move():
    table = TABLES["plates"](players=4, seed=3, humans=(0,))
    c = coaching(table)
    assert table.human_to_act() == 0
    advice = engine.review.coach("plates", c.players()).advise(table.shown)  # told the players
    line = c.hint()
    assert escape(str(advice.best.action)) in line and escape(advice.why) in line
    assert c.line.value == line
    table.act(advice.best.action)
    assert c.line.value == ""


def test_the_hint_waits_for_your_turn():
    end = played_out("plates", 4, seed=2)
    table = TABLES["plates"](end, humans=(0,))
    assert "your own turn" in coaching(table).hint()


def test_exam_mode_has_no_hint_no_coach_and_reviews_only_at_the_end():
    table = TABLES["plates"](players=4, seed=3, humans=(0,), exam=True)
    c = coaching(table)
    assert c.hint_button.layout.display == "none"
    assert table.coach_toggle.layout.display == "none"
    assert "exam" in c.hint() and c.show_review() is None
    assert "game is over" in c.line.value
    done = TABLES["plates"](played_out("plates", 4, seed=2), humans=(0,), exam=True)
    assert coaching(done).show_review(wait=True) is not None
    with pytest.raises(ValueError, match="exam"):
        TABLES["plates"](players=4, exam="yes")


def test_several_players_at_one_screen_review_only_at_the_end():
    table = TABLES["plates"](players=4, seed=3, humans=(0, 1))
    assert coaching(table).show_review() is None


def test_a_review_opens_on_the_costly_mistakes_and_a_row_marks_its_move_on_the_board():
    end = played_out("india", 2, seed=13)  # a random player's game with costly mistakes
    table = TABLES["india"](end, humans=(0,))
    c = coaching(table)
    sent = []
    table.board.send = sent.append
    r = c.show_review(wait=True)
    assert r is not None and r.mistakes and c.panel.layout.display is None
    assert c.filter.value == "costly" and len(c.rows.children) == len(r.mistakes)
    assert all("costly mistake" in row.children[1].value for row in c.rows.children)
    c.filter.value = "all"
    assert len(c.rows.children) == len(r.decisions)
    decision = r.mistakes[0]
    row = next(w for w in c.rows.children if f"Move {decision.move}" in w.children[0].description)
    assert escape(reason(decision)) in row.children[1].value
    row.children[0].click()
    # the position right after the move, the move played and the expert's choice marked on it
    assert table.looking_back and len(table.shown.history) == decision.move + 1
    assert table.last.mark("review") == (str(decision.played), str(decision.advice.best.action))
    svg = table.board.svg
    assert f"You: {escape(str(decision.played))}" in svg and "Expert: " in svg
    assert sent == [{"scroll": "board"}]  # the board brought into view
    c.close.click()
    assert c.panel.layout.display == "none"


def test_the_hint_is_one_sentence_with_its_detail_folded():
    table = TABLES["rupees"](players=4, seed=3, humans=(0,), target=100_000)
    while table.human_to_act() != 0:
        table.resume()
    line = coaching(table).hint()
    head, _, folded = line.partition("<details>")
    assert head.count(". ") <= 1 and ("₹" in head or "%" in head)
    assert "<summary>why, and how sure</summary>" in line and "deals" in folded


def test_the_standing_graph_reads_at_a_glance():
    end = played_out("rummy", 3, seed=2)
    r = review(end, seats=0)
    fig = standing_figure(r)
    ax = fig.axes[0]
    assert fig.dpi * fig.get_size_inches()[0] >= 700  # shown at its own size, not shrunk
    title = ax._left_title
    sizes = [t.get_fontsize() for t in [title, ax.xaxis.label, *ax.get_yticklabels()]]
    assert min(sizes) * fig.dpi / 72 >= 12  # pixels on screen
    assert title.get_text() == r.decisions[0].advice.holding
    line = ax.lines[0].get_ydata()
    assert list(line) == [d.standing for d in r.decisions]


def test_the_review_in_a_lesson_draws_its_graph_and_table():
    end = played_out("india", 2, seed=4)
    report = show_review(end, seats=0)
    html = review_html(report.review)
    assert report.review.summary() in html and html.count("<tr") == len(report.review.decisions) + 1
    assert repr(report).startswith(report.review.summary())
    fig = standing_figure(report.review)
    assert fig.axes[0].get_title(loc="left") == "your chance to win (%)"


@pytest.mark.parametrize(("game", "players", "options"), HIDDEN, ids=[g[0] for g in HIDDEN])
def test_hint_and_review_show_nothing_the_seat_could_not_see(game, players, options):
    """Two games that differ only in cards seat 0 never sees get the same review of seat 0,
    line for line (the expert judges from the seat's view)."""
    end = record(game, players, 1, **options)
    twin = next(twins(end, seat=0, seed=1))
    ours, theirs = (str(review(g, seats=[0])) for g in (end, twin))
    assert ours == theirs


def test_a_student_who_follows_every_hint_is_never_marked_costly():
    """The Review takes the Hint's judgement as its first look: the same sampled deals."""
    table = TABLES["michigan"](players=4, seed=5, humans=(0,), deals=1)
    c = coaching(table)
    while not table.latest.is_terminal():
        if table.human_to_act() != 0:
            table.resume()
            continue
        if len(table.latest.legal_actions()) > 1:
            c.hint()
        hinted = c._looks.get(table.latest)
        table.act(hinted.best.action if hinted else table.latest.legal_actions()[0])
    r = c.show_review(wait=True)
    assert r is not None and len(r.decisions) == len(c._looks) > 0
    assert r.mistakes == [] and all(d.agreed for d in r.decisions)


def held_after_first(monkeypatch, first: threading.Event | None = None) -> threading.Event:
    """Hold the review's thread before it judges its second decision, until the returned
    event is set (and before its first, until ``first`` is set, if given)."""
    go = threading.Event()
    real, calls = engine.review.settled, []

    def settled(*args, **kwargs):
        calls.append(1)
        gate = go if len(calls) > 1 else first
        if gate is not None:
            assert gate.wait(60), "the test never let the review go on"
        return real(*args, **kwargs)

    monkeypatch.setattr(engine.review, "settled", settled)
    return go


def until(done, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "not in time"
        time.sleep(0.01)


def test_the_review_shows_each_row_as_it_is_ready_and_the_kernel_goes_on(monkeypatch):
    """Review returns at once (the kernel is free for the next click); the rows come in from
    the review's thread as each decision is settled, with the progress said; once all are in,
    the filter moves to the costly mistakes and the review is the one ``review`` makes."""
    end = played_out("plates", 4, seed=2)  # a random player's six costly mistakes
    table = TABLES["plates"](end, humans=(0,))
    c = coaching(table)
    whole = review(end, seats=[0], expert=engine.review.coach("plates", c.players()))
    first = threading.Event()  # held before the first too: under load its thread may judge
    go = held_after_first(monkeypatch, first)  # it before this one looks
    r = c.show_review()
    assert r is not None and r.decisions == () and r.pending == len(whole.decisions)
    assert c.panel.layout.display is None and c.filter.value == "all"
    first.set()
    until(lambda: len(c.rows.children) == 1)
    assert "1 of " in c.summary.value and "so far" in c.summary.value
    assert c.line.value == f"Reviewing your decisions: 1 of {len(whole.decisions)}…"
    assert c.graph.layout.display == "none"  # drawn once all are in
    c.open_move(c.review.decisions[0])  # the table answers while the review works
    assert c.reviewing.is_alive()
    go.set()
    c.reviewing.join(60)
    assert not c.reviewing.is_alive() and c.line.value == ""
    assert c.review.pending == 0 and str(c.review) == str(whole)
    assert c.filter.value == "costly" and len(c.rows.children) == len(whole.mistakes)
    assert c.graph.value and c.graph.layout.display is None


def test_a_filter_the_student_chose_stays_and_close_stops_the_review(monkeypatch):
    end = played_out("plates", 4, seed=2)
    c = coaching(TABLES["plates"](end, humans=(0,)))
    go = held_after_first(monkeypatch)
    c.show_review()
    until(lambda: len(c.rows.children) == 1)
    c.filter.value = "differs"
    go.set()
    c.reviewing.join(60)
    assert c.filter.value == "differs" and c.review.pending == 0

    go = held_after_first(monkeypatch)
    c.show_review()
    until(lambda: c.review is not None and len(c.review.decisions) == 1)
    c.close.click()
    shown = (c.review, c.rows.children, c.summary.value)
    go.set()
    c.reviewing.join(60)
    assert c.panel.layout.display == "none"
    assert (c.review, c.rows.children, c.summary.value) == shown  # nothing written after Close


def test_the_coach_is_told_who_sits_at_the_table():
    """The Hint and the Review value the standing for the players seated: the table's bots by
    their level, the student (and any strategy) as a human."""
    table = TABLES["india"](players=2, seed=5, humans=(0,), level="random")
    c = coaching(table)
    assert c.players() == ("human", "random")
    assert c.expert.players == ("human", "random")
    mixed = TABLES["plates"](
        players=3, seed=1, humans=(1,), bots={0: engine.make_bot("plates", "expert")}
    )
    assert coaching(mixed).players() == ("expert", "human", "basic")
