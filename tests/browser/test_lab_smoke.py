"""Smoke test of the browser harness: JupyterLab + a kernel + ipywidgets, end to end.

The notebook is written into the served copy at fixture time (never into notebooks/). Its
Button callback puts into a Label a number that only the kernel computes, so a passing test
proves the whole click -> comm -> Python -> comm -> DOM path works in a real browser.
"""

from __future__ import annotations

import json
import statistics

import pytest
from lab import (
    ROUND_TRIP_CODE,
    click_latency_ms,
    markdown_cell,
    open_notebook,
    run_all,
    text_contains,
    wait_kernel_idle,
    write_notebook,
)

pytestmark = pytest.mark.browser

ANSWER = str(sum(range(10**5)))  # what the kernel must send back; never computed in the page
N_CLICKS = 3


@pytest.fixture(scope="module")
def smoke_notebook(lab_server) -> str:
    """Path (relative to the served root) of a tiny widget notebook made for this test."""
    path = "smoke/widget_smoke.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            markdown_cell("# Harness smoke test\n\nA Button whose callback runs in Python."),
            ROUND_TRIP_CODE,
        ],
    )
    return path


def test_button_round_trip(lab_server, page, page_errors, shots, smoke_notebook):
    """Open, Run All, click the Button: the Label shows the kernel's answer each time."""
    opened_s = open_notebook(page, lab_server.base_url, smoke_notebook)
    run = run_all(page)
    assert run.complete, run

    out = page.locator(".jp-CodeCell .jp-OutputArea-output").filter(
        has=page.locator("button.jupyter-button")
    )
    button = out.locator("button.jupyter-button", has_text="Ask Python")
    label = out.locator(".widget-label")
    button.wait_for(state="visible")
    assert label.text_content() == "not clicked yet"

    latencies = []
    for k in range(1, N_CLICKS + 1):
        latencies.append(click_latency_ms(page, button, label, text_contains(f"click {k}:")))
        assert label.text_content() == f"click {k}: {ANSWER}"

    out.screenshot(path=str(shots / "smoke_widget_after_clicks.png"))
    timings = {
        "server_startup_s": round(lab_server.startup_s, 2),
        "open_to_kernel_idle_s": round(opened_s, 2),
        "run_all_s": round(run.seconds, 2),
        "click_to_label_ms": [round(x, 1) for x in latencies],
    }
    (shots / "smoke_timings.json").write_text(json.dumps(timings, indent=2) + "\n")
    print("\nTIMINGS", json.dumps(timings))
    assert not page_errors, page_errors
    assert statistics.median(latencies) < 2000, latencies


@pytest.mark.parametrize("mode", ["lab", "doc"])
def test_binder_style_url(lab_server, page, page_errors, shots, smoke_notebook, mode):
    """The URLs mybinder.org hands out open the notebook: `urlpath=lab/tree/<path>` lands on
    /lab/tree/<path>, `labpath=<path>` on /doc/tree/<path> (single-document mode)."""
    page.goto(lab_server.url(smoke_notebook, mode=mode))
    title = page.locator(".jp-NotebookPanel .jp-RenderedMarkdown h1")
    title.filter(has_text="Harness smoke test").wait_for()
    wait_kernel_idle(page)
    shell_mode = page.evaluate("document.querySelector('.jp-LabShell')?.dataset.shellMode")
    assert shell_mode == ("single-document" if mode == "doc" else "multiple-document")
    page.screenshot(path=str(shots / f"smoke_binder_url_{mode}.png"))
    assert not page_errors, page_errors
