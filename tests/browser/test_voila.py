"""Play-only mode: a play notebook rendered by Voila (no code, no JupyterLab around it), served by
the same Jupyter server as on Binder (`?urlpath=voila/render/notebooks/play/plates.ipynb`), with
progressive rendering as voila.json sets it. One bid is made by clicks.

The test builds the same table in its own process and makes the same moves, so what it checks on
the page is what only the kernel could have sent. The seconds from opening the page to the
table on it are written to voila_timings.json in the screenshots folder.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from lab import caught_up, first_call, patience

from engine.plates import Bid
from tabletop_widgets import PlatesTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
PLAY = "notebooks/play/plates.ipynb"


def test_bid_by_clicks_in_voila(lab_server, page, page_errors, shots):
    twin = PlatesTable(**first_call(REPO / PLAY, "PlatesTable"))
    started = time.perf_counter()
    page.goto(f"{lab_server.base_url}/voila/render/{PLAY}")
    table = page.locator(".tt-table").first
    table.wait_for(timeout=patience(90_000))
    caught_up(table, twin)
    first_table_s = time.perf_counter() - started
    assert page.get_by_text("import PlatesTable").count() == 0  # no code on the page
    assert "You to move" in table.locator(".tt-status").text_content()

    # Choose a digit on your own plate, then bid: the bots answer.
    digit = next(d for d in twin.state.view(0)["my_plate"]["number"] if d.isdigit())
    table.locator(f'.tt-board [data-intent="digit:{digit}"]').first.click()
    twin.on_intent(f"digit:{digit}")
    caught_up(table, twin)
    bid = Bid(twin.panel.count.value, int(digit))
    table.locator("button.jupyter-button", has_text=re.compile(r"^\s*Bid\s*$")).click()
    logged = len(twin.log_lines)
    twin.panel.bid.click()
    caught_up(table, twin)
    mine = twin.log_lines[logged]  # the engine's words for the bid
    assert str(bid) in mine
    assert table.locator(".tt-recent li").first.text_content() == mine  # since your last move
    assert mine in table.locator(".tt-log li").all_text_contents()
    table.screenshot(path=str(shots / "voila_plates.png"))

    (shots / "voila_timings.json").write_text(
        json.dumps({"open_to_first_table_s": round(first_table_s, 2)}, indent=2) + "\n"
    )
    print(f"\nVoila: {first_table_s:.1f} s from opening the page to the table")
    assert not page_errors, page_errors
