"""A table's keys in a real JupyterLab: arrow keys, Enter and Space on its controls do what
they do on a plain page and the focus stays in the table (the notebook's shortcuts, which
listen on the whole page, never see them); and a click the kernel cannot answer yet (a cell
still running after Run All) says so on the table at once, until the kernel gets to it."""

from __future__ import annotations

import re

import pytest
from lab import (
    markdown_cell,
    open_notebook,
    patience,
    run_all,
    start_run_all,
    write_notebook,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ANSWER = "<details><summary>Answer</summary>The folded answer.</details>"

# Where the focus is and what the notebook looks like: a shortcut that fired would move the
# active cell, add or change a cell, or take the focus out of the table.
NOTEBOOK_JS = """(table) => {
  const cells = [...document.querySelectorAll('.jp-NotebookPanel .jp-Cell')];
  return {
    cells: cells.length,
    kinds: cells.map((c) => c.classList.contains('jp-MarkdownCell') ? 'm' : 'c').join(''),
    active: cells.findIndex((c) => c.classList.contains('jp-mod-active')),
    inTable: table.contains(document.activeElement),
    answerOpen: [...document.querySelectorAll('details')].some((d) => d.open),
  };
}"""


@pytest.fixture(scope="module")
def notebook(lab_server) -> str:
    path = "keys/plates.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            markdown_cell("# Keys at a table"),
            "from tabletop_widgets import PlatesTable\nPlatesTable(players=4, seed=3)",
            markdown_cell(ANSWER),
            "1 + 1",
        ],
    )
    return path


def plates(page, base: str, path: str):
    open_notebook(page, base, path)
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    table.locator(".tt-board svg").wait_for()
    return table


def test_arrow_keys_change_a_menu_and_stay_in_the_table(lab_server, page, notebook, page_errors):
    table = plates(page, lab_server.base_url, notebook)
    table.locator(".tt-display select").focus()  # the table's cell becomes the active one
    before = table.evaluate(NOTEBOOK_JS)
    for menu in (table.locator(".tt-display select"), table.locator(".tt-bidding select")):
        menu.focus()
        options = menu.locator("option").count()
        assert options > 1, "a menu to move through"
        first = menu.evaluate("s => s.selectedIndex")
        menu.press("ArrowDown")
        expect(menu).to_be_focused()
        assert menu.evaluate("s => s.selectedIndex") == first + 1, "ArrowDown: the next option"
        menu.press("ArrowUp")
        assert menu.evaluate("s => s.selectedIndex") == first, "ArrowUp: back again"
        assert table.evaluate(NOTEBOOK_JS) == {**before, "inTable": True}
    # the sequence: an arrow key on Count, then Tab and Enter: Enter bids (Tab went
    # to the Bid button beside Count), and no folded Answer of the lesson opens
    count = table.locator(".tt-bidding select")
    count.focus()
    count.press("ArrowDown")
    page.keyboard.press("Tab")
    bid = table.locator(".tt-bidding button", has_text=re.compile(r"^\s*Bid\s*$"))
    expect(bid).to_be_focused()
    page.keyboard.press("Enter")
    expect(table.locator(".tt-recent li").first).to_contain_text("You bid")
    after = table.evaluate(NOTEBOOK_JS)
    assert not after["answerOpen"]
    assert (after["cells"], after["kinds"], after["active"]) == (
        before["cells"],
        before["kinds"],
        before["active"],
    )
    assert not page_errors


def test_no_key_on_any_control_reaches_the_notebook(lab_server, page, notebook, page_errors):
    """Every control of the table, each given the keys a notebook binds in command mode
    (arrows, Enter, Space and letters that add, change or cut cells): the notebook keeps its
    cells and its active cell, and the focus stays in the table."""
    table = plates(page, lab_server.base_url, notebook)
    table.locator(".tt-display select").focus()  # the table's cell becomes the active one
    before = table.evaluate(NOTEBOOK_JS)
    # each control is marked once: one that a key redraws (a board spot) is not tried twice
    n = table.evaluate(
        """(t) => [...t.querySelectorAll(
             'select, .noUi-handle, input:not([type=file]), [data-intent], .tt-display button')]
           .filter((e) => e.getClientRects().length)
           .map((e, i) => e.setAttribute('data-key-test', i)).length"""
    )
    tried = 0
    for i in range(n):
        control = table.locator(f'[data-key-test="{i}"]')
        if not control.count():
            continue
        control.focus()
        for key in ("ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "b", "m", "x"):
            page.keyboard.press(key)
        state = table.evaluate(NOTEBOOK_JS)
        assert state == {**before, "inTable": True}, f"a key on control {i} reached the notebook"
        tried += 1
    assert tried >= 5, "the table's menus, slider, fields and spots"
    assert not page_errors


def test_a_click_behind_a_running_cell_says_it_waits(lab_server, page, page_errors):
    """Run All with a cell that sleeps after the table: the table is drawn, but a click on
    Hint waits behind the sleeping cell. The table says so at once, and stops saying it when
    the kernel is free, which is when the hint arrives."""
    path = "keys/busy.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            "from tabletop_widgets import PlatesTable\nPlatesTable(players=4, seed=3)",
            "import time\ntime.sleep(8)",
        ],
    )
    open_notebook(page, lab_server.base_url, path)
    start_run_all(page)
    table = page.locator(".tt-table").first
    table.locator(".tt-board svg").wait_for()
    busy = table.locator(".tt-busy")
    expect(busy).to_be_hidden()
    table.get_by_role("button", name="Hint").click()
    expect(busy).to_be_visible(timeout=patience(2_000))
    expect(busy).to_have_text("Waiting for the notebook's running cells…")
    hint = table.locator(".tt-hint")
    assert "Hint" not in hint.inner_text(), "the kernel has not got to the click yet"
    expect(busy).to_be_hidden(timeout=patience(30_000))
    expect(hint).to_contain_text("Hint:")
    # the kernel is free now: a click is answered before the table needs to say anything
    table.get_by_role("button", name="Hint").click()
    page.wait_for_timeout(600)
    expect(busy).to_be_hidden()
    assert not page_errors
