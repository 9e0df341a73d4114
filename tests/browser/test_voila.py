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
    digit = next(d for d in twin.shown.view(0)["my_plate"]["number"] if d.isdigit())
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


LAPTOP = {"width": 1366, "height": 768}

FORGE_JS = """(board, intent) => {
  // what a student can do from the browser's console: put a spot the page does not offer on
  // the board and click it, so the board sends that intent to the kernel
  const spot = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  spot.setAttribute('data-intent', intent);
  board.querySelector('svg').append(spot);
  spot.dispatchEvent(new MouseEvent('click', {bubbles: true}));
  spot.remove();
}"""


def test_a_play_page_has_no_teacher_mode_and_refuses_forged_clicks(
    lab_server, page, page_errors, shots
):
    twin = PlatesTable(**first_call(REPO / PLAY, "PlatesTable"))
    page.set_viewport_size(LAPTOP)
    page.goto(f"{lab_server.base_url}/voila/render/{PLAY}")
    table = page.locator(".tt-table").first
    table.wait_for(timeout=90_000)
    caught_up(table, twin)
    assert table.locator(".tt-teacher").count() == 0
    for words in ("Teacher mode", "Show every hand", "Rig the next", "Undo"):
        assert page.get_by_text(words).count() == 0, words
    save = table.locator(".tt-save")
    assert save.is_disabled() and "once it is over" in save.get_attribute("title")
    page.screenshot(path=str(shots / "voila_play_plates_1366.png"))

    # Forged clicks: a new game in the middle of a hand, a 4,300-digit index, an unknown one.
    board = table.locator(".tt-board")
    for intent in ("new-game", "digit:" + "1" * 4300, "undo"):
        board.evaluate(FORGE_JS, intent)
        twin.on_intent(intent)
        caught_up(table, twin)  # the kernel's note, and the game as it was
    assert "nothing happens on a click there" in table.locator(".tt-status").text_content()
    board.evaluate(FORGE_JS, "new-game")
    twin.on_intent("new-game")
    caught_up(table, twin)
    assert "once this one is over" in table.locator(".tt-status").text_content()
    assert "New game" not in twin.log_lines
    assert not page_errors, page_errors


def test_the_teachers_page_has_teacher_mode_for_each_game(lab_server, page, page_errors, shots):
    page.set_viewport_size(LAPTOP)
    page.goto(f"{lab_server.base_url}/voila/render/notebooks/play/teacher.ipynb")
    table = page.locator(".tt-table").first
    table.wait_for(timeout=90_000)
    teacher = table.locator(".tt-teacher")
    teacher.locator("button", has_text="Teacher mode").wait_for()
    page.get_by_role("button", name="Indian Rummy").click()  # the game chooser
    rummy = page.locator(".tt-table", has=page.locator('.tt-board[aria-label^="rummy table"]'))
    rummy.wait_for()
    rummy.locator(".tt-teacher button", has_text="Teacher mode").click()
    rummy.locator(".tt-teacher button", has_text="Show every hand").click()
    rummy.locator(".tt-board .tt-teacher-banner").wait_for()
    page.screenshot(path=str(shots / "voila_teacher_page_1366.png"))
    assert not page_errors, page_errors
