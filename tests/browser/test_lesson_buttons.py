"""A long simulation of a lesson's *Going further* in a real JupyterLab and Chromium: *Run All*
leaves its button unclicked, one click runs it (the button says so while it runs) and its
answer arrives below the button, from the kernel."""

from __future__ import annotations

import re

import pytest
from lab import open_notebook, run_all, wait_for, wait_kernel_idle
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

LESSON = "notebooks/02_royal_game_of_india.ipynb"


def test_a_button_runs_its_simulation_only_when_clicked(lab_server, page, page_errors, shots):
    open_notebook(page, lab_server.base_url, LESSON)
    assert run_all(page).complete
    button = page.locator("button.tabletop-on-demand", has_text=re.compile(r"^\s*Play 60 games"))
    button.wait_for()
    box = button.locator("xpath=..")  # the OnDemand box: the button, then its output
    assert "a whole game" not in box.inner_text()  # Run All did not run it
    button.scroll_into_view_if_needed()
    wait_kernel_idle(page)
    for _ in range(3):  # a click on a node the notebook was drawing again can be lost
        button.click()
        try:  # the kernel got it: the button says it runs, or has run
            wait_for(
                button, "b => b.disabled || b.textContent.includes('again')", timeout_ms=20_000
            )
            break
        except PlaywrightTimeout:
            continue
    answer = box.locator(".jp-OutputArea-output", has_text="a whole game:")
    answer.wait_for(timeout=120_000)
    wait_for(
        button,
        "b => b.textContent.includes('Play 60 games again') && !b.disabled",
        timeout_ms=60_000,
    )
    assert re.search(r"a whole game: \d+\.\d ± \d+\.\d throws \(95% interval, 60 games\)",
                     answer.inner_text())  # fmt: skip
    box.screenshot(path=str(shots / "on_demand_game_lengths.png"))
    assert not page_errors, page_errors
