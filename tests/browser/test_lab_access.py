"""Classroom access in a real JupyterLab and Chromium: a card played by keyboard only, large
print for a projector, and the hot-seat cover between two humans on one screen.

The tests build the same tables in their own process (same seeds, same moves), so what they
check on the page (the card discarded, the next player's hand) is what only the kernel could
have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, markdown_cell, open_notebook, run_all, wait_for, write_notebook
from playwright.sync_api import expect

from tabletop_widgets import RummyTable
from tabletop_widgets.hotseat import HotSeat
from tabletop_widgets.render.cards import card_name

pytestmark = pytest.mark.browser

GROWN = "(el, [side, before]) => el.getBoundingClientRect()[side] > 1.3 * before"
"""A JS predicate: the element has grown by more than 30% along ``side`` since ``before``."""
SOLO = {"players": 2, "seed": 3, "humans": (0,)}
PAIR = {"players": 2, "seed": 5, "humans": (0, 1)}


@pytest.fixture(scope="module")
def notebook(lab_server) -> str:
    """A notebook with a rummy table for one human, one for two (hot seat), and India's."""
    path = "access/tables.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            markdown_cell("# Classroom access"),
            "from tabletop_widgets import IndiaTable, RummyTable",
            f"RummyTable(**{SOLO!r})",
            f"RummyTable(**{PAIR!r})",
            "IndiaTable(players=2, seed=1, humans=(0,))",
        ],
    )
    return path


def tables(page, notebook_path: str, base: str):
    open_notebook(page, base, notebook_path)
    assert run_all(page).complete
    solo, pair = page.locator(".tt-table").nth(0), page.locator(".tt-table").nth(1)
    solo.locator(".tt-board svg").wait_for()
    pair.locator(".tt-board svg").wait_for()
    return solo, pair


def hand_names(table: RummyTable) -> list[str]:
    """The accessible names of the hand the table shows, in order."""
    wild = table.shown.wild_rank
    return [card_name(c, c.rank == wild) for c in table.cards_in_order()]


def ax_buttons(page) -> list[str]:
    """The names of the buttons in Chromium's own accessibility tree (what a screen reader
    is given)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    return [
        n.get("name", {}).get("value", "")
        for n in nodes
        if not n.get("ignored") and n.get("role", {}).get("value") == "button"
    ]


def focused_intent(page) -> str | None:
    return page.evaluate("document.activeElement?.getAttribute('data-intent') ?? null")


def test_play_a_card_by_keyboard_only_then_large_print(
    lab_server, page, page_errors, shots, notebook
):
    twin = RummyTable(**SOLO)
    solo, _pair = tables(page, notebook, lab_server.base_url)
    solo.scroll_into_view_if_needed()
    board = solo.locator(".tt-board")
    log = solo.locator(".tt-log li")

    # The starting point only: the status line above the board. Keys from here on: Tab
    # (past the cell's own toolbar, if JupyterLab shows it) to the first spot of the board.
    solo.locator(".tt-status").click()
    for _ in range(10):
        page.keyboard.press("Tab")
        if focused_intent(page):
            break
    assert focused_intent(page) == "draw:stock"
    # what a screen reader finds: a button by that name (the picture is a group, not an image)
    expect(board.get_by_role("button", name="draw from the stock")).to_be_focused()
    buttons = ax_buttons(page)
    assert "draw from the stock" in buttons
    assert all(name in buttons for name in hand_names(twin)), buttons
    page.keyboard.press("Enter")  # draw: the kernel deals a 14th card
    twin.on_intent("draw:stock")
    caught_up(solo, twin)
    assert focused_intent(page) == "card:0"  # the keyboard keeps its place in the new picture

    page.keyboard.press("Space")  # select the first card
    twin.select(0)
    caught_up(solo, twin)
    discard = board.locator('[data-intent="discard"]')
    assert discard.get_attribute("aria-label") == "discard the selected card on the open pile"
    assert focused_intent(page) == "card:0"
    page.keyboard.press("Tab")  # the focus ring shows on a card the next one overlaps
    assert focused_intent(page) == "card:1"
    board.screenshot(path=str(shots / "access_keyboard_card_focus.png"))
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert focused_intent(page) == "discard"
    page.screenshot(path=str(shots / "access_keyboard_focus.png"))
    card = twin.selected_cards()[0]
    page.keyboard.press("Enter")  # discard it: the bot answers and the page shows its move
    logged = len(twin.log_lines)
    twin.on_intent("discard")
    caught_up(solo, twin)  # the bot's answer, as the kernel saw it
    mine = twin.log_lines[logged]  # the engine's words for the discard
    assert str(card) in mine
    assert solo.locator(".tt-recent li").first.text_content() == mine  # since your last move
    assert mine in log.all_text_contents()
    assert "You to move" in solo.locator(".tt-status").text_content()
    assert board.locator('[data-intent^="card:"]').count() == 13

    # Large print on a projector's wide screen: the picture and the buttons grow.
    page.set_viewport_size({"width": 1920, "height": 1080})
    solo.scroll_into_view_if_needed()
    first_card = board.locator('[data-intent="card:0"]')
    before = first_card.bounding_box()
    button_before = solo.locator("button", has_text="Sort by suit").bounding_box()
    solo.locator("button", has_text="Large print").click()
    expect(solo).to_have_class(re.compile(r"\btt-large\b"))
    wait_for(first_card, GROWN, ["height", before["height"]])
    after = first_card.bounding_box()
    button_after = solo.locator("button", has_text="Sort by suit").bounding_box()
    assert after["height"] > 1.3 * before["height"]
    assert button_after["height"] > 1.3 * button_before["height"]
    board.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "access_large_print.png"))

    # India's board sits beside its side panel: in large print it takes the room left over.
    india = page.locator(".tt-table").nth(2)
    india.scroll_into_view_if_needed()
    before = india.locator(".tt-board svg").bounding_box()
    india.locator("button", has_text="Large print").click()
    expect(india).to_have_class(re.compile(r"\btt-large\b"))
    india.locator(".tt-board").scroll_into_view_if_needed()
    wait_for(india.locator(".tt-board svg"), GROWN, ["width", before["width"]])
    page.screenshot(path=str(shots / "access_large_print_india.png"))
    assert not page_errors


def test_hot_seat_cover_hides_both_hands_until_the_click(
    lab_server, page, page_errors, shots, notebook
):
    twin = RummyTable(**PAIR)
    first = twin.screen
    _solo, pair = tables(page, notebook, lab_server.base_url)
    pair.scroll_into_view_if_needed()
    board = pair.locator(".tt-board")
    mine = hand_names(twin)
    labels = board.locator('[data-intent^="card:"]')
    assert [labels.nth(k).get_attribute("aria-label") for k in range(13)] == mine

    # The first human draws and discards by clicks; the screen must then pass.
    board.locator('[data-intent="draw:stock"]').click()
    twin.on_intent("draw:stock")
    caught_up(pair, twin)
    board.locator('[data-intent="card:0"]').click(position={"x": 10, "y": 30})
    twin.select(0)
    caught_up(pair, twin)
    board.locator('[data-intent="discard"]').click()
    twin.on_intent("discard")
    hot = next(w for w in twin.tools.children if isinstance(w, HotSeat))
    nxt = hot.due
    assert nxt is not None and nxt != first

    show = pair.locator("button", has_text=f"I am Player {nxt}: show my hand")
    show.wait_for()
    expect(show).to_be_focused()  # a keyboard player can take the screen with Enter
    cover = pair.locator(".tt-cover")
    assert f"Pass the screen to Player {nxt}" in cover.text_content()
    assert pair.locator("[data-intent]").count() == 0  # no card of anyone on the page
    assert pair.locator(".tt-board").count() == 0
    pair.screenshot(path=str(shots / "access_hot_seat_cover.png"))

    show.click()
    hot.show_hand()
    theirs = hand_names(twin)
    assert twin.screen == nxt and theirs != mine
    pair.locator(".tt-board svg").wait_for()
    labels = pair.locator('.tt-board [data-intent^="card:"]')
    labels.first.wait_for()
    assert [labels.nth(k).get_attribute("aria-label") for k in range(labels.count())] == theirs
    status = pair.locator(".tt-status").text_content()
    assert re.search(rf"Player {nxt} to move", status)
    assert pair.locator(".tt-cover").count() == 0
    pair.screenshot(path=str(shots / "access_hot_seat_shown.png"))
    assert not page_errors
