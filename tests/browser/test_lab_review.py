"""The Review button in a real JupyterLab and Chromium, on a laptop's screen (1366×768): after a
finished India game, Review opens on the costly mistakes, with a readable graph of the
player's standing; a row's button shows the position after that move, marked with the move
played and the expert's choice, and brings the board into view; Hint answers on the human's
turn with one sentence and its detail folded. Screenshots at 1366×768 and 1920×1080.

The test builds the same table in its own process and makes the same clicks, so the lines it
waits for on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, open_notebook, run_all, twin_table, write_notebook

from tabletop_widgets.coaching import Coaching

pytestmark = pytest.mark.browser

SETUP = """\
import engine
from tabletop_widgets import IndiaTable

state = engine.new_game("india", players=2, seed=7)
bots = [engine.make_bot("india", "random", seed=1), engine.make_bot("india", "random", seed=2)]
state = engine.play(state, bots)
table = IndiaTable(state, seed=7, humans=(0,))
table"""

LAPTOP = {"width": 1366, "height": 768}
WIDE = {"width": 1920, "height": 1080}


def test_review_a_finished_game_and_open_a_mistake(lab_server, page, page_errors, shots):
    twin = twin_table(SETUP)
    coaching = next(t for t in twin.tools.children if isinstance(t, Coaching))
    write_notebook(lab_server.root / "review_check.ipynb", [SETUP])
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lab_server.base_url, "review_check.ipynb")
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    table.locator(".tt-coaching").wait_for()
    caught_up(table, twin)

    # Review: the summary, the graph and the costly mistakes, as the kernel made them.
    table.locator(".tt-coaching button", has_text=re.compile(r"^\s*Review\s*$")).click()
    r = coaching.show_review(wait=True)
    assert r is not None and r.mistakes, "the random player made no costly mistake"
    panel = table.locator(".tt-review-panel")
    panel.get_by_text(r.summary()).wait_for()
    graph = panel.locator(".tt-review-graph")
    graph.wait_for()
    rows = panel.locator(".tt-review-row")
    rows.nth(len(r.mistakes) - 1).wait_for()
    assert rows.count() == len(r.mistakes) == len(coaching.rows.children)
    assert all("costly mistake" in text for text in rows.all_text_contents())
    # the graph at its own size: its 11-point text is 15 px on screen
    width = graph.evaluate("img => [img.clientWidth, img.naturalWidth]")
    assert width[0] == width[1] >= 700, width
    text_px = rows.first.evaluate("row => parseFloat(getComputedStyle(row).fontSize)")
    assert text_px >= 12
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "review_panel_1366.png"))

    # Open the first mistake: the board comes into view, marked.
    first = r.mistakes[0]
    rows.first.locator("button", has_text=f"Move {first.move}").click()
    coaching.open_move(first)
    n = len(r.game.history)
    table.locator(".tt-replay").get_by_text(f"at move {first.move + 1} of {n}").wait_for()
    caught_up(table, twin)
    board = table.locator(".tt-board svg")
    assert f"You played {first.played}" in board.locator("title").text_content()
    board.locator(".tt-review-mark").wait_for()
    page.wait_for_function(
        """el => { const r = el.getBoundingClientRect();
                   const v = el.closest(".jp-WindowedPanel-outer").getBoundingClientRect();
                   return r.top >= v.top - 1 && r.bottom <= v.bottom + 1; }""",
        arg=board.element_handle(),
    )
    page.screenshot(path=str(shots / "review_opened_1366.png"))

    page.set_viewport_size(WIDE)
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "review_panel_1920.png"))

    # Hint is for the human's own turn: the game is over, so it says so.
    table.locator(".tt-coaching button", has_text="Hint").click()
    table.locator(".tt-hint").get_by_text(re.compile("your own turn")).wait_for()
    assert not page_errors, page_errors
