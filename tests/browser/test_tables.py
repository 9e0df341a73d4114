"""Every table as a student meets it on a laptop (1366×768) in a real JupyterLab and Chromium:
it fits on one screen, the bots' moves arrive one at a time (and Skip jumps to the present),
and costly clicks ask first. Each game says, in ``PLAY``, how a student starts a turn that
makes several other players act.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from lab import code_cell, open_notebook, run_all, write_notebook

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
FIT_PX = 640
TABLES = {
    "plates": "PlatesTable(players=4, seed=3)",
    "rupees": "RupeesTable(seed=3)",
}
"""Game -> the table a student opens (each game adds itself)."""


def bid(table: Any) -> None:
    table.locator("button", has_text="Bid").first.click()


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
    assert height <= FIT_PX, f"{game}: status, board and controls take {height:.0f} px"
    assert not page_errors


@pytest.mark.parametrize("game", sorted(TABLES))
def test_the_moves_that_follow_a_click_arrive_one_at_a_time(game, lab_server, page, page_errors):
    table = open_table(lab_server, page, game)
    table.evaluate(WATCH_JS)
    PLAY[game](table)
    page.wait_for_function("() => window.__pictures.length >= 3", timeout=10_000)
    pictures = page.evaluate("() => window.__pictures")
    assert len(set(pictures[:3])) == 3, pictures  # three successive, different pictures
    # a second turn, cut short: Skip shows the game as it stands at once
    table.locator(".tt-skip").wait_for(state="hidden", timeout=10_000)
    status = table.locator(".tt-status").text_content()
    PLAY[game](table)
    skip = table.locator(".tt-skip")
    skip.wait_for(state="visible", timeout=5_000)
    skip.click()
    skip.wait_for(state="hidden", timeout=2_000)
    assert "tt-playing" not in (table.get_attribute("class") or "")
    time.sleep(0.3)
    assert table.locator(".tt-status").text_content() != "" and status is not None
    assert not page_errors
