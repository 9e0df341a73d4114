"""The replay scrubber in a real JupyterLab and Chromium: scrub an India game back by clicks and
by keyboard, see the board go back to the earlier position, then play on from there.

The test builds the same table in its own process and makes the same clicks, so the positions
and lines it waits for on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, open_notebook, run_all, twin_table, write_notebook

from tabletop_widgets.render.india import position_text
from tabletop_widgets.replay import ReplayBar

pytestmark = pytest.mark.browser

SETUP = """\
import engine
from tabletop_widgets import IndiaTable

state = engine.new_game("india", players=2, seed=5)
bots = [engine.make_bot("india", "basic", seed=k) for k in range(2)]
while len(state.history) < 40:
    seat = state.current_player
    move = state.sample_chance() if seat == engine.CHANCE else bots[seat].choose(state)
    state = state.apply(move)
table = IndiaTable(state, seed=5, humans=(0,))
table"""


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_scrub_back_and_play_on(lab_server, page, page_errors, shots):
    twin = twin_table(SETUP)
    bar = next(t for t in twin.tools.children if isinstance(t, ReplayBar))
    n = bar.moves
    write_notebook(lab_server.root / "replay_check.ipynb", [SETUP])
    open_notebook(page, lab_server.base_url, "replay_check.ipynb")
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    board = table.locator(".tt-board svg title")
    replay = table.locator(".tt-replay")
    where = replay.locator(".tt-replay-where")
    where.wait_for()
    table.scroll_into_view_if_needed()
    caught_up(table, twin)
    assert where.text_content() == plain(bar.where.value)
    assert position_text(twin.shown.view(0)) in board.text_content()

    # Back by clicks: the board goes back to the position of that move.
    back = replay.locator("button", has_text=re.compile(r"^\s*Back\s*$"))
    for _ in range(3):
        back.click()
        bar.back.click()
    replay.get_by_text(f"at move {n - 3} of {n}").wait_for()
    caught_up(table, twin)
    assert where.text_content() == plain(bar.where.value)
    earlier = position_text(twin.shown.view(0))
    assert earlier != position_text(bar.game.view(0))
    assert earlier in board.text_content()

    # By keyboard: Tab-focusable buttons answer Enter; the slider's handle the arrow keys.
    back.focus()
    page.keyboard.press("Enter")
    bar.back.click()
    replay.get_by_text(f"at move {n - 4} of {n}").wait_for()
    caught_up(table, twin)
    handle = replay.locator(".noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowLeft")
    bar.back.click()
    replay.get_by_text(f"at move {n - 5} of {n}").wait_for()
    caught_up(table, twin)
    assert position_text(twin.shown.view(0)) in board.text_content()
    thrown = "-".join(map(str, twin.dice.values))  # the dice: the throw of the move shown, still
    table.locator(f'.tt-dice[data-values="{thrown}"]:not(.tt-rolling)').wait_for()
    table.screenshot(path=str(shots / "replay_looking_back.png"))

    # Play on from here: the bots play on from move n - 5 until the human is to act.
    replay.locator("button", has_text="Play on from here").click()
    first_line = bar.game.history
    bar.branch.click()
    branched = f"Branch: play on from move {n - 5} of {n}"
    assert branched in twin.log_lines
    assert twin.shown.history[: n - 5] == first_line[: n - 5] and bar.moves > n - 5
    m = bar.moves
    replay.get_by_text(f"Move {m} of {m}").wait_for()
    assert where.text_content() == plain(bar.where.value)
    caught_up(table, twin)
    assert branched in table.locator(".tt-log li").all_text_contents()
    assert position_text(twin.shown.view(0)) in board.text_content()
    assert not replay.locator("button", has_text="Play on from here").is_visible()
    table.screenshot(path=str(shots / "replay_branched.png"))
    assert not page_errors, page_errors
