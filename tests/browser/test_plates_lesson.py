"""The plates lesson in a real JupyterLab and Chromium: open it, run all, play a round by clicks.

The test builds the same table in its own process (the lesson's first ``PlatesTable(...)`` call,
same seed) and makes the same moves, so every figure it checks on the page (the digits marked,
the coach's exact chances, the reveal, who paid whom) is one only the kernel could have sent.
"""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path

import pytest
from lab import caught_up, choose, click_latency_ms, first_call, first_table
from playwright.sync_api import expect

from tabletop_widgets import PlatesTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/01_license_plates.ipynb"
N_CLICKS = 12


def test_play_a_round_by_clicks(lab_server, page, page_errors, shots):
    kwargs = first_call(REPO / LESSON, "PlatesTable")
    twin = PlatesTable(**kwargs)  # the same table, in this process
    plate = twin.shown.view(0)["my_plate"]["number"]

    table, board = first_table(page, lab_server.base_url, LESSON)
    caught_up(table, twin)
    assert "You to move" in table.locator(".tt-status").text_content()
    text = board.text_content()
    assert plate in re.sub(r"\s", "", text)  # your own plate, face up
    for seat in (1, 2, 3):  # nobody else's
        assert twin.shown.stands[seat][0].number not in re.sub(r"\s", "", text)

    # Click digits on your own plate: Python marks them on the picture. Timed.
    digits = sorted(set(plate) - {"0"}) or ["0"]
    latencies = []
    for k in range(N_CLICKS):
        d = digits[k % len(digits)] if len(digits) > 1 else digits[0]
        if len(digits) == 1 and k:
            break
        spot = board.locator(f'[data-intent="digit:{d}"]').first
        mark = f"el.querySelector('[data-intent=\"digit:{d}\"] rect') !== null"
        latencies.append(click_latency_ms(page, spot, board, mark))
    chosen = int(digits[(len(latencies) - 1) % len(digits)])
    twin.on_intent(f"digit:{chosen}")
    caught_up(table, twin)
    marked = board.locator(f'[data-intent="digit:{chosen}"] rect')
    assert marked.count() == 2 * plate.count(str(chosen))  # a box and an underline each

    # The coach: the exact chance of your planned bid, computed by the kernel.
    table.locator("button", has_text="Coach").click()
    twin.coach_toggle.value = True
    expect(table.locator(".tt-coach")).to_have_text(re.sub(r"<[^>]+>", "", twin.coach.value))

    # Bid the highest count on that digit: the bots answer and the reveal shows.
    counts = table.locator(".widget-dropdown select").first  # the bid panel (tools come after)
    top = counts.locator("option").last.text_content()
    choose(counts, top)
    twin.panel.count.value = int(top)
    table.locator("button.jupyter-button", has_text=re.compile(r"^\s*Bid\s*$")).click()
    twin.panel.bid.click()
    caught_up(table, twin)
    assert any("Reveal:" in line for line in twin.log_lines)
    assert table.locator(".tt-log li").all_text_contents() == twin.log_lines  # the whole log
    assert "the bid is FALSE" in board.text_content()
    assert "Continue" in table.inner_text()
    table.screenshot(path=str(shots / "plates_reveal.png"))

    # Continue: the next round, as the engine says.
    table.locator("button", has_text="Continue").click()
    twin.continue_button.click()
    caught_up(table, twin)
    assert f"Round 2 of {twin.shown.rounds_total}" in board.text_content()
    table.screenshot(path=str(shots / "plates_round2.png"))

    median = statistics.median(latencies)
    (shots / "plates_timings.json").write_text(
        json.dumps(
            {
                "click_to_board_update_ms": [round(x, 1) for x in latencies],
                "median_ms": round(median, 1),
            },
            indent=2,
        )
        + "\n"
    )
    print(f"\nclick -> board update: median {median:.1f} ms over {len(latencies)} clicks")
    assert not page_errors, page_errors
