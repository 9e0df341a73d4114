"""The India lesson in a real JupyterLab and Chromium: open it, run all, throw and move by clicks.

The test builds the same table in its own process (the lesson's first ``IndiaTable(...)`` call,
same seed) and makes the same clicks, so the dice faces, the refusal and the move log it checks
on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab import caught_up, first_call, first_table
from playwright.sync_api import expect

from tabletop_widgets import IndiaTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/02_royal_game_of_india.ipynb"


def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_throw_and_move_by_clicks(lab_server, page, page_errors, shots):
    twin = IndiaTable(**first_call(REPO / LESSON, "IndiaTable"))  # the same table, in this process

    table, board = first_table(page, lab_server.base_url, LESSON)
    caught_up(table, twin)
    assert "You to throw" in table.locator(".tt-status").text_content()

    # Throw: the dice tumble, then land on the kernel's throw.
    table.locator("button", has_text=re.compile(r"^\s*Throw\s*$")).click()
    twin.throw()
    faces = f"{twin.shown.thrown.a}-{twin.shown.thrown.b}"
    table.locator(f'.tt-dice[data-values="{faces}"]').wait_for()
    caught_up(table, twin)  # the throw has landed (a click while it plays would only end that)

    # The coach: each legal move's exact risk, computed by the kernel.
    table.locator("button", has_text="Coach").click()
    twin.coach_toggle.value = True
    expect(table.locator(".tt-coach")).to_have_text(plain(twin.coach.value))

    # A piece in the corner: its ring is the entry square. Click the piece, then the ring.
    board.locator('[data-intent="piece:0"]').click()
    twin.on_intent("piece:0")
    caught_up(table, twin)
    assert board.locator('[data-intent="enter"]').count() == 1
    table.locator(".tt-dice:not(.tt-rolling)").wait_for()  # the tumble is over: a still picture
    table.screenshot(path=str(shots / "india_table.png"))
    board.locator('[data-intent="enter"]').click()
    twin.on_intent("enter")
    caught_up(table, twin)  # played out: a click during the playback would only end it

    # Another corner piece cannot use the die that is left: the refusal says why.
    board.locator('[data-intent="piece:1"]').click()
    twin.on_intent("piece:1")
    caught_up(table, twin)  # the refusal included
    assert "entering needs a 5" in table.locator(".tt-refused").text_content()

    # The new piece moves on with the other die.
    board.locator('[data-intent="piece:0"]').click()
    twin.on_intent("piece:0")
    caught_up(table, twin)
    target = twin._targets(0)[0][0]
    board.locator(f'[data-intent="{target}"]').click()
    twin.on_intent(target)
    table.locator(".tt-status", has_text=plain(twin.board.status)).wait_for()
    recent = table.locator(".tt-recent")
    recent.filter(has_text=twin.board.recent[-1]).wait_for()
    assert table.locator(".tt-recent li").all_text_contents() == twin.board.recent
    assert table.locator(".tt-log li").all_text_contents() == twin.log_lines
    assert "You enter piece 0" in twin.log_lines
    assert any(line.startswith("You move piece 0 by ") for line in twin.log_lines)
    table.screenshot(path=str(shots / "india_moved.png"))
    assert not page_errors, page_errors
