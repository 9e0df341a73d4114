"""The rummy lesson in a real JupyterLab and Chromium: open it, run all, then at the lesson's
first table draw from the stock, group three cards into a meld and read its label, and discard.

The test builds the same table in its own process (the lesson's first ``RummyTable(...)`` call,
same seed) and makes the same moves, so what it checks on the page (the hand, the label, the
count, the bots' answers in the log) is what only the kernel could have sent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab import caught_up, first_call, first_table
from playwright.sync_api import expect

from engine.rummy import best_arrangement
from tabletop_widgets import RummyTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/04_indian_rummy.ipynb"


def click_card(board, k: int) -> None:
    """Click card k where it shows: the cards of a group overlap, so near its left edge."""
    board.locator(f'[data-intent="card:{k}"]').click(position={"x": 10, "y": 30})


def test_draw_group_and_discard_by_clicks(lab_server, page, page_errors, shots):
    twin = RummyTable(**first_call(REPO / LESSON, "RummyTable"))  # the same table, in this process

    table, board = first_table(page, lab_server.base_url, LESSON)
    caught_up(table, twin)
    assert "You to move" in table.locator(".tt-status").text_content()
    assert board.locator('[data-intent^="card:"]').count() == 13
    for seat in (1, 2):  # no other hand shows
        assert board.locator(f'[data-seat="{seat}"] [data-intent]').count() == 0

    # Draw from the stock: the kernel deals the card into the hand.
    board.locator('[data-intent="draw:stock"]').click()
    twin.on_intent("draw:stock")
    caught_up(table, twin)
    drawn = twin.shown.hands[0][-1]
    assert f"{drawn.rank}" in board.locator('[data-intent="card:13"]').text_content()

    # Select the cards of the best meld and group them: the label names the meld.
    meld = best_arrangement(twin.shown.hands[0], twin.shown.wild_rank).melds[0]
    for card in meld.cards:
        k = twin.cards_in_order().index(card)
        twin.select(k)
        click_card(board, k)
        caught_up(table, twin)  # the card rises: the kernel has it selected
    table.locator("button", has_text=re.compile(r"^\s*Group\s*$")).click()
    twin.group()
    caught_up(table, twin)
    label = twin.labels()[0]
    assert label in ("pure sequence", "impure sequence", "set")
    assert label in board.text_content()
    assert re.search(r"You: count \d+", board.text_content())
    table.screenshot(path=str(shots / "rummy_grouped.png"))

    # Discard the highest loose card: the bots play on and the log says what they did.
    loose = best_arrangement(twin.shown.hands[0], twin.shown.wild_rank).loose
    card = max(loose, key=lambda c: (c.rank in "AJQK10", str(c)))
    k = twin.cards_in_order().index(card)
    twin.select(k)
    click_card(board, k)
    caught_up(table, twin)
    table.locator("button", has_text=re.compile(r"^\s*Discard\b")).click()
    twin.discard_selected()
    moves = table.locator(".tt-log")
    expect(moves).to_contain_text(f"You discard {card}")
    expect(moves.locator("li")).to_have_count(len(twin.log_lines))
    assert moves.locator("li").all_text_contents() == twin.log_lines
    # the board is its own widget: its new picture may land just after the log
    expect(board.locator('[data-intent^="card:"]')).to_have_count(13)
    expect(board).to_contain_text(label)  # your meld stays grouped
    table.screenshot(path=str(shots / "rummy_after_discard.png"))
    assert not page_errors, page_errors
