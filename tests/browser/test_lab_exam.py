"""An exam table in a real JupyterLab and Chromium at 1366×768: no Teacher mode, no coach, no
hint, no Load game, Save game dimmed until the end; and the student's console tricks (showing a
hidden control and clicking it) do nothing but say so.

The test builds the same table in its own process and makes the same clicks, so the status and
refusals it waits for on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import pytest
from lab import caught_up, code_cell, open_notebook, run_all, write_notebook

from tabletop_widgets import RummyTable
from tabletop_widgets.coaching import Coaching

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
EXAM = {"players": 3, "seed": 11, "humans": (0,), "exam": True}

SHOW_AND_CLICK_JS = """(button) => {
  // a student's trick: show a control the table hides, then click it
  button.style.display = 'inline-block';
  button.click();
}"""


def test_an_exam_table_offers_no_teacher_power_and_ignores_hidden_controls(
    lab_server, page, page_errors, shots
):
    path = "exam/rummy.ipynb"
    write_notebook(
        lab_server.root / path,
        [code_cell(f"from tabletop_widgets import RummyTable\nRummyTable(**{EXAM!r})")],
    )
    twin = RummyTable(**EXAM)
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    table.locator(".tt-board svg").wait_for()
    table.evaluate("t => t.scrollIntoView({block: 'start'})")
    caught_up(table, twin)
    assert table.locator(".tt-teacher").count() == 0
    for words in ("Teacher mode", "Show every hand", "Rig the next", "Play on from here"):
        assert table.get_by_text(words).count() == 0, words
    coach = table.locator("button", has_text="Coach")
    hint = table.locator("button", has_text="Hint")
    assert not coach.is_visible() and not hint.is_visible()
    assert not table.locator(".tt-load").is_visible()
    save = table.locator(".tt-save")
    assert save.is_disabled() and "once it is over" in save.get_attribute("title")
    assert "seed" not in (table.locator(".tt-save").get_attribute("aria-label") or "")
    page.screenshot(path=str(shots / "exam_rummy_1366.png"))
    table.locator(".tt-tools").screenshot(path=str(shots / "exam_rummy_tools.png"))

    coach.evaluate(SHOW_AND_CLICK_JS)
    twin.coach_toggle.value = True  # what the page's change does in the kernel
    caught_up(table, twin)
    assert "no coach at an exam table" in table.locator(".tt-status").text_content()
    assert not twin.coach_toggle.value and twin.coach.value == ""

    hint.evaluate(SHOW_AND_CLICK_JS)
    next(t for t in twin.tools.children if isinstance(t, Coaching)).hint_button.click()
    caught_up(table, twin)
    assert "Hint is not available now" in table.locator(".tt-status").text_content()
    assert table.locator(".tt-hint").text_content() == ""
    assert not page_errors, page_errors
