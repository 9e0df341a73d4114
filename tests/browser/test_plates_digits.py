"""The plates table's digit buttons follow their turn on the page (issue 36, the plates
round-2 defect: in a room, the mover's page said "pick a digit and a count" with all ten
digits disabled, while the other student's were enabled).

The cause is in ipywidgets' page side: a ToggleButtons view sets its buttons' ``disabled``
only when it rebuilds them, and it rebuilds them only when their labels or icons change; the
digits' labels "0" to "9" are their own positions, which the view takes for unchanged. So the
digits kept whatever they were when the page first drew the table: a room's table is drawn
when the game starts, for most students on someone else's turn. A local table's first human
opens the first round, so lesson 01's digits were drawn enabled (and stayed so).

The test draws a bidding panel off turn, then gives it the turn with a click on a second
button, and reads the digit buttons on the page."""

from __future__ import annotations

import pytest
from lab import open_notebook, run_all, wait_for, write_notebook

pytestmark = pytest.mark.browser

CODE = """\
import ipywidgets as widgets

from engine.plates import Bid
from tabletop_widgets.plates import BiddingPanel

panel = BiddingPanel(lambda action: None)
panel.update([], lambda action: None)  # not this seat's turn: the digits are disabled
turn = widgets.Button(description="Your turn")
off = widgets.Button(description="Their turn")
turn.on_click(lambda _b: panel.update([Bid(1, d) for d in range(10)], lambda action: None))
off.on_click(lambda _b: panel.update([], lambda action: None))
widgets.VBox([panel, turn, off])
"""

DIGITS_JS = """(group) => [...group.querySelectorAll('button')].map((b) => b.disabled)"""


def test_the_digits_are_enabled_on_the_page_when_the_turn_comes_and_disabled_after(
    lab_server, page, page_errors
):
    path = "digits/panel.ipynb"
    write_notebook(lab_server.root / path, [CODE])
    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    digits = page.locator(".tt-bidding .widget-toggle-buttons").first
    digits.locator("button").nth(9).wait_for()
    assert digits.evaluate(DIGITS_JS) == [True] * 10

    page.get_by_role("button", name="Your turn").click()
    wait_for(digits, "(group) => [...group.querySelectorAll('button')].every((b) => !b.disabled)")
    assert digits.evaluate(DIGITS_JS) == [False] * 10

    page.get_by_role("button", name="Their turn").click()
    wait_for(digits, "(group) => [...group.querySelectorAll('button')].every((b) => b.disabled)")
    assert not page_errors, page_errors
