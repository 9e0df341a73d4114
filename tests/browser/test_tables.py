"""Every table as a student meets it on a laptop (1366×768) in a real JupyterLab and Chromium:
it fits on one screen, the bots' moves arrive one at a time (and Skip jumps to the present),
and costly clicks ask first. Each game says, in ``PLAY``, how a student starts a turn that
makes several other players act.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

import pytest
from lab import BOARD_TEXT_JS, code_cell, open_notebook, patience, run_all, write_notebook
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
FIT_PX = 640
TABLES = {
    "plates": "PlatesTable(players=4, seed=3)",
    "india": "IndiaTable(players=4, seed=3)",
    "rummy": "RummyTable(players=3, seed=3)",
    "michigan": "MichiganTable(players=4, seed=13)",
    "rupees": "RupeesTable(seed=3)",
}
"""Game -> the table a student opens (each game adds itself)."""


def bid(table: Any) -> None:
    table.locator("button", has_text="Bid").first.click()


def throw_and_move(table: Any) -> None:
    """Throw, then make the first move in the list until the throw is used (then the three
    bots throw and move). Each step waits for the page to show the kernel's answer."""
    status = table.locator(".tt-status")
    table.locator("button", has_text=re.compile(r"^\s*Throw\s*$")).click()
    expect(status).not_to_contain_text("You to throw")
    for _ in range(4):
        if not (status.text_content() or "").startswith("You to move"):
            return  # the throw is used (or no move could use it): the bots play
        expect(table).not_to_have_class(re.compile(r"\btt-playing\b"))  # the moves are listed
        before = status.text_content() or ""
        table.locator(".tt-india-moves button").first.click()
        expect(status).not_to_have_text(before)


def draw_and_discard(table: Any) -> None:
    """Draw from the stock, select the first card, discard it: both bots then draw and discard."""
    board = table.locator(".tt-board")
    board.locator('[data-intent="draw:stock"]').click()
    board.locator('[data-intent="card:13"]').wait_for()  # the card drawn is in the hand
    expect(table).not_to_have_class(re.compile(r"\btt-playing\b"))  # a click now is a click
    board.locator('[data-intent="card:0"]').click(position={"x": 10, "y": 30})
    discard = table.locator("button:not([disabled])", has_text="Discard")
    discard.wait_for()
    # the draw and the selection redrew the board: the pictures to count start at the discard
    table.page.evaluate("() => { if (window.__pictures) window.__pictures.length = 0; }")
    discard.click()


def auction_or_play(table: Any) -> None:
    """Michigan: the dealer auctions the dead hand (three bots call), later a card is played."""
    sell = table.locator("button:not([disabled])", has_text="Auction it")
    if sell.count():
        sell.first.click()
    else:
        table.locator('[data-intent^="card:"]:not([aria-label*="not playable"])').first.click()


def pass_or_play(table: Any) -> None:
    """Rupees: pass in the auction (the bots bid, discard, name trumps and lead), or play the
    first card the rules allow (the others follow)."""
    pass_ = table.locator("button:not([disabled])", has_text="Pass")
    if pass_.count():
        pass_.first.click()
    else:
        table.locator(
            '.tt-board [data-intent^="card:"]:not([aria-label*="not playable"])'
        ).first.click()


PLAY: dict[str, Callable[[Any], None]] = {
    "plates": bid,
    "india": throw_and_move,
    "rummy": draw_and_discard,
    "michigan": auction_or_play,
    "rupees": pass_or_play,
}
"""Game -> the clicks of one human action after which at least three others act."""

FIT_JS = """(table) => {
  const top = table.querySelector('.tt-status').getBoundingClientRect().top;
  let bottom = table.querySelector('.tt-board svg').getBoundingClientRect().bottom;
  const tools = table.querySelector('.tt-tools');
  for (const el of table.querySelectorAll('button, select, input')) {
    if (tools.contains(el) || el.disabled) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height) bottom = Math.max(bottom, r.bottom);
  }
  return bottom - top;
}"""

WATCH_JS = """(table) => {
  window.__pictures = [];
  const board = table.querySelector('.tt-board');
  new MutationObserver(() => window.__pictures.push(board.innerHTML.length + ':' +
      table.querySelector('.tt-status').textContent)).observe(board, {childList: true});
}"""


def open_table(lab_server: Any, page: Any, game: str) -> Any:
    path = f"tables/{game}.ipynb"
    write_notebook(
        lab_server.root / path, [code_cell(f"from tabletop_widgets import *\n{TABLES[game]}")]
    )
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    table.locator(".tt-board svg").wait_for()
    table.evaluate("t => t.scrollIntoView({block: 'start'})")
    return table


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_table_fits_a_laptop_screen(game, lab_server, page, page_errors, shots):
    table = open_table(lab_server, page, game)
    height = table.evaluate(FIT_JS)
    page.screenshot(path=str(shots / f"table_{game}_1366.png"))
    # a control that cannot be used now looks it: grey words on grey, a dashed edge
    looks = table.locator(".jupyter-button:disabled").evaluate_all(
        "bs => bs.map((b) => getComputedStyle(b).borderStyle)"
    )
    assert looks and set(looks) == {"dashed"}, looks
    # every card of a fan shows its rank or name whole
    assert table.evaluate(BOARD_TEXT_JS)["hidden"] == []
    assert height <= FIT_PX, f"{game}: status, board and controls take {height:.0f} px"
    assert not page_errors


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_moves_that_follow_a_click_arrive_one_at_a_time(game, lab_server, page, page_errors):
    table = open_table(lab_server, page, game)
    table.evaluate(WATCH_JS)
    replay_line = table.locator(".tt-replay .widget-html").first
    expect(replay_line).to_be_visible()
    PLAY[game](table)
    expect(table).to_have_class(re.compile(r"\btt-playing\b"))
    expect(replay_line).to_be_hidden()  # it does not tell the last move ahead of the board
    page.wait_for_function("() => window.__pictures.length >= 3", timeout=patience(10_000))
    pictures = page.evaluate("() => window.__pictures")
    assert len(set(pictures[:3])) == 3, pictures  # three successive, different pictures
    # a second turn, cut short: Skip shows the game as it stands at once
    table.locator(".tt-skip").wait_for(state="hidden", timeout=patience(10_000))
    expect(replay_line).to_be_visible()
    status = table.locator(".tt-status").text_content()
    PLAY[game](table)
    skip = table.locator(".tt-skip")
    skip.wait_for(state="visible", timeout=patience(5_000))
    skip.click()
    skip.wait_for(state="hidden", timeout=patience(2_000))
    assert "tt-playing" not in (table.get_attribute("class") or "")
    expect(table.locator(".tt-status")).not_to_be_empty()
    assert status
    assert not page_errors


def test_rummy_asks_before_a_wrong_show_and_before_a_drop(lab_server, page, page_errors, shots):
    """A Declare that is not a valid show, and a Drop, each ask first and say what they cost
    (the costs are the engine's); Cancel leaves the game as it was."""
    from engine.rummy import WRONG_SHOW, RummyState

    first_drop = RummyState.OPTIONS["first_drop"][0]
    table = open_table(lab_server, page, "rummy")
    board, bar = table.locator(".tt-board"), table.locator(".tt-confirm")
    status = table.locator(".tt-status")
    assert "You to move" in (status.text_content() or "")
    table.locator("button:not([disabled])", has_text="Drop").click()
    bar.wait_for(state="visible")
    assert f"It costs {first_drop} points (a first drop)" in bar.inner_text()
    bar.locator("button", has_text="Cancel").click()
    bar.wait_for(state="hidden")

    board.locator('[data-intent="draw:stock"]').click()
    board.locator('[data-intent="card:13"]').wait_for()
    declare = table.locator("button", has_text=f"Declare: not a valid show, costs {WRONG_SHOW}")
    for _ in range(3):  # a click while the draw still plays back is refused as stale: again
        board.locator('[data-intent="card:0"]').click(position={"x": 10, "y": 30})
        with contextlib.suppress(PlaywrightTimeout):
            declare.wait_for(timeout=patience(5) * 1000)
            break
    declare.click()
    bar.wait_for(state="visible")
    assert f"a wrong show costs {WRONG_SHOW} points" in bar.inner_text()
    page.screenshot(path=str(shots / "table_rummy_wrong_show.png"))
    bar.locator("button", has_text="Cancel").click()
    bar.wait_for(state="hidden")
    assert board.locator('[data-intent^="card:"]').count() == 14  # nothing was declared
    declare.click()
    bar.locator("button", has_text="Declare anyway").click()
    expect(table.locator(".tt-log")).to_contain_text(f"not a valid show: −{WRONG_SHOW}")
    assert not page_errors
