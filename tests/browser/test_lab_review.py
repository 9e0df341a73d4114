"""The Review button in a real JupyterLab and Chromium: after a finished India game, Review
lists the human's decisions beside the expert's with a graph of the standing; a row's button
opens that move on the board (the replay jumps there); Hint answers on the human's turn.

The test builds the same table in its own process and makes the same clicks, so the lines it
waits for on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, open_notebook, run_all, twin_table, write_notebook

from tabletop_widgets.coaching import Coaching
from tabletop_widgets.render.india import position_text

pytestmark = pytest.mark.browser

SETUP = """\
import engine
from tabletop_widgets import IndiaTable

state = engine.new_game("india", players=2, seed=7)
bots = [engine.make_bot("india", "random", seed=1), engine.make_bot("india", "random", seed=2)]
state = engine.play(state, bots)
table = IndiaTable(state, seed=7, humans=(0,))
table"""


def test_review_a_finished_game_and_open_a_mistake(lab_server, page, page_errors, shots):
    twin = twin_table(SETUP)
    coaching = next(t for t in twin.tools.children if isinstance(t, Coaching))
    write_notebook(lab_server.root / "review_check.ipynb", [SETUP])
    open_notebook(page, lab_server.base_url, "review_check.ipynb")
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    table.locator(".tt-coaching").wait_for()
    caught_up(table, twin)

    # Review: the summary, the graph and the rows, as the kernel made them.
    table.locator(".tt-coaching button", has_text=re.compile(r"^\s*Review\s*$")).click()
    r = coaching.show_review()
    assert r is not None and r.mistakes, "the random player made no costly mistake"
    panel = table.locator(".tt-review-panel")
    panel.get_by_text(r.summary()).wait_for()
    panel.locator("img").wait_for()
    rows = panel.locator(".tt-review-row")
    assert rows.count() == len(coaching.rows.children)
    panel.screenshot(path=str(shots / "review_panel.png"))

    # Only the costly mistakes; open the first on the board.
    select = panel.locator("select")
    select.select_option(label="Costly mistakes")
    coaching.filter.value = "costly"
    first = r.mistakes[0]
    rows.nth(len(r.mistakes)).wait_for(state="detached")
    assert rows.count() == len(r.mistakes)
    assert all("costly mistake" in text for text in rows.all_text_contents())
    rows.first.locator("button", has_text=f"Move {first.move}").click()
    coaching.open_move(first.move)
    n = len(r.game.history)
    table.locator(".tt-replay").get_by_text(f"at move {first.move} of {n}").wait_for()
    caught_up(table, twin)
    board = table.locator(".tt-board svg title")
    assert position_text(twin.shown.view(0)) in board.text_content()
    table.screenshot(path=str(shots / "review_opened.png"))

    # Hint is for the human's own turn: the game is over, so it says so.
    table.locator(".tt-coaching button", has_text="Hint").click()
    table.locator(".tt-hint").get_by_text(re.compile("your own turn")).wait_for()
    assert not page_errors, page_errors
