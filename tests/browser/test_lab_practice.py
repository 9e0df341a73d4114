"""The practice table in a real JupyterLab and Chromium at 1366×768: a plates puzzle answered
by a click on the table's own button, a Rupees puzzle by typing the number and pressing Enter,
each judged at once, then the next puzzle by a click. A twin built in the test's process with
the same seed knows the puzzles the kernel deals."""

from __future__ import annotations

import pytest
from lab import code_cell, open_notebook, run_all, write_notebook

from engine.plates import Agree
from engine.values import decode
from tabletop_widgets import Practice

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}


def test_practice_by_clicks_and_keys(lab_server, page, page_errors, shots):
    path = "practice/practice.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            code_cell(
                "from tabletop_widgets import practice\n"
                'practice("plates", path="plates-record.json", seed=1)'
            ),
            code_cell('practice("rupees", path="rupees-record.json", seed=2)'),
        ],
    )
    plates = Practice("plates", path=None, seed=1)
    rupees = Practice("rupees", path=None, seed=2)
    page.set_viewport_size(LAPTOP)
    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    first, second = page.locator(".tt-practice").nth(0), page.locator(".tt-practice").nth(1)
    first.locator(".tt-board svg").first.wait_for()
    first.evaluate("t => t.scrollIntoView({block: 'start'})")

    right = decode(plates.puzzle.answer, type(plates.puzzle.state()).kinds())
    word = "Agree" if right == Agree() else "Challenge"
    first.locator("button", has_text=word).first.click()
    first.get_by_text("Right!").wait_for()
    # the verdict and the status line are separate widgets, each updated by its own message
    first.get_by_text("streak 1 · solved 1 of 1").wait_for()
    page.screenshot(path=str(shots / "practice_plates_1366.png"))
    first.locator("button", has_text="Next puzzle").click()
    first.get_by_text("solved 1 of 1").wait_for()
    page.wait_for_function("el => !el.textContent.includes('Right!')", arg=first.element_handle())

    second.evaluate("t => t.scrollIntoView({block: 'start'})")
    box = second.locator("input[type=number]").first
    box.fill("")
    box.type(str(rupees.puzzle.answer))
    box.press("Enter")
    second.locator("button", has_text="Answer").last.click()
    second.get_by_text("Right!").wait_for()
    second.get_by_text("solved 1 of 1").wait_for()
    page.screenshot(path=str(shots / "practice_rupees_1366.png"))
    assert not page_errors, page_errors
