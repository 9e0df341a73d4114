"""Teacher mode at a teacher's table (``teacher=True``) in a real JupyterLab and Chromium: rig a
throw of India by clicks, throw, and see exactly that throw on the dice and the table; then turn
every hand face up (the banner).

The test builds the same table in its own process and makes the same clicks, so the status,
the moves offered and the log it checks on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, choose, markdown_cell, open_notebook, run_all, write_notebook
from playwright.sync_api import expect

from engine.india import Throw
from tabletop_widgets import IndiaTable, MichiganTable
from tabletop_widgets.render.svg import TEACHER_BANNER
from tabletop_widgets.teacher import TeacherTools

pytestmark = pytest.mark.browser

TABLE = {"players": 2, "seed": 1, "humans": (0,), "teacher": True}
CARDS = {"players": 3, "seed": 2, "humans": (0,), "teacher": True}
RIGGED = Throw(5, 2)


def test_rig_a_throw_by_clicks_then_show_every_hand(lab_server, page, page_errors, shots):
    path = "teacher/india.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            markdown_cell("# Teacher mode"),
            "from tabletop_widgets import IndiaTable, MichiganTable",
            f"IndiaTable(**{TABLE!r})",
            f"MichiganTable(**{CARDS!r})",
        ],
    )
    twin = IndiaTable(**TABLE)
    tool = next(w for w in twin.tools.children if isinstance(w, TeacherTools))

    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    caught_up(table, twin)
    teacher = table.locator(".tt-teacher")
    teacher.scroll_into_view_if_needed()
    assert "You to throw" in table.locator(".tt-status").text_content()

    # Teacher mode on; pick the throw from the list of the 36, rig it.
    teacher.locator("button", has_text="Teacher mode").click()
    tool.toggle.value = True
    choice = teacher.locator("select")
    expect(choice.locator("option")).to_have_count(36)  # the options arrive after the list
    choose(choice, str(RIGGED))
    tool.outcome.value = RIGGED
    teacher.locator("button", has_text="Rig the next one").click()
    tool.rig()
    teacher.locator(".tt-coach", has_text=f"Rigged for the next chance event: {RIGGED}").wait_for()

    # Throw: the dice land on the rigged faces, and the table plays on from that throw.
    table.locator("button", has_text=re.compile(r"^\s*Throw\s*$")).click()
    twin.throw_button.click()
    assert twin.shown.history[0] == RIGGED
    table.locator(f'.tt-dice[data-values="{RIGGED.a}-{RIGGED.b}"]').wait_for()
    caught_up(table, twin)
    status = table.locator(".tt-status").text_content()
    assert status.startswith(f"You to move: {RIGGED.a}-{RIGGED.b}")  # both rigged dice to use
    for button in twin.move_list.children:  # the moves the throw allows, as the kernel sees them
        table.locator("button", has_text=button.description).wait_for()
    thrown = twin.say(twin.shown.at(0).public(RIGGED, 0))  # the engine's words for the throw
    assert table.locator(".tt-recent li").all_text_contents() == [thrown]
    assert thrown in table.locator(".tt-log li").all_text_contents()
    teacher.locator(".tt-coach").wait_for(state="detached")  # the rigged throw is used up
    table.locator(".tt-dice:not(.tt-rolling)").wait_for()  # the tumble is over: a still picture
    table.screenshot(path=str(shots / "teacher_rigged_throw.png"))

    # Every hand face up: the banner across the table.
    teacher.locator("button", has_text="Show every hand").click()
    tool.reveal.value = True
    caught_up(table, twin)
    banner = table.locator(".tt-board .tt-teacher-banner")
    assert banner.text_content() == TEACHER_BANNER
    assert TEACHER_BANNER in table.locator(".tt-board svg").get_attribute("aria-label")
    table.screenshot(path=str(shots / "teacher_every_hand.png"))
    teacher.locator("button", has_text="Show every hand").click()
    tool.reveal.value = False
    caught_up(table, twin)
    assert banner.count() == 0

    # A card game: the next deal to arrange, in the game's own notation, and every hand.
    cards = page.locator(".tt-table").nth(1)
    twin_cards = MichiganTable(**CARDS)
    deal_tool = next(w for w in twin_cards.tools.children if isinstance(w, TeacherTools))
    deal_tool.toggle.value = deal_tool.reveal.value = True
    cards.scroll_into_view_if_needed()
    cards.locator("button", has_text="Teacher mode").click()
    cards.locator("button", has_text="Show every hand").click()
    caught_up(cards, twin_cards)
    assert cards.locator(".tt-board .tt-teacher-banner").count() == 1
    deal = cards.locator(".tt-teacher textarea")
    deal.wait_for()
    assert deal.input_value() == deal_tool.deal.value
    cards.locator(".tt-board").screenshot(path=str(shots / "teacher_michigan_board.png"))
    cards.locator(".tt-teacher").screenshot(path=str(shots / "teacher_michigan_deal.png"))
    assert not page_errors, page_errors
