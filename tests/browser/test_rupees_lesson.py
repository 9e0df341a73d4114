"""The Rupees lesson in a real JupyterLab and Chromium: open it, run all, then bid, discard,
name trumps and play a trick by clicks.

The test builds the same table in its own process (the lesson's first ``RupeesTable(...)``
call, same seed) and makes the same moves, so what it checks on the page (the cards dealt, the
bots' answers, the trick's winner and value) is what only the kernel could have sent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab import caught_up, choose, first_call, first_table
from playwright.sync_api import expect

from engine.rupees import NameTrump
from tabletop_widgets import RupeesTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/05_make_a_million_rupees.ipynb"


def test_bid_discard_trump_and_play_a_trick_by_clicks(lab_server, page, page_errors, shots):
    twin = RupeesTable(
        **first_call(REPO / LESSON, "RupeesTable")
    )  # the same table, in this process
    assert twin.shown.phase == "bid" and twin.shown.current_player == 0

    table, board = first_table(page, lab_server.base_url, LESSON)
    caught_up(table, twin)
    assert "You to move" in table.locator(".tt-status").text_content()
    assert "You ◀ to bid" in board.text_content()  # not "to play" while bidding
    for card in twin.shown.hands[0]:  # your hand, face up (named for screen readers)
        assert board.locator(f'g[aria-label^="{_name(card)}"]').count() >= 1

    # Bid the top: the bots can only pass, and you take the widow.
    choose(table.locator(".widget-dropdown select").first, "₹400,000")  # the bid panel
    twin.panel.amount.value = 400_000
    table.locator("button.jupyter-button", has_text=re.compile(r"^\s*Bid\s*$")).click()
    twin.panel.bid.click()
    assert twin.shown.phase == "discard"
    caught_up(table, twin)
    table.locator("button", has_text="Discard").wait_for()
    table.screenshot(path=str(shots / "rupees_discard.png"))

    # A forbidden card says why; then three allowed cards and Discard.
    special = next(c for c in twin.shown.hands[0] if c.is_special or c.is_money)
    board.locator(f'[data-intent="card:{special.code}"]').click()
    twin.on_intent(f"card:{special.code}")
    caught_up(table, twin)  # the refusal included
    chosen = [c.code for c in twin.shown.discardable()][-3:]
    for code in chosen:
        board.locator(f'[data-intent="card:{code}"]').click()
        twin.on_intent(f"card:{code}")
        caught_up(table, twin)
        assert board.locator(f'g[data-intent="card:{code}"][aria-label$="(selected)"]').count()
    table.locator("button", has_text="Discard 3/3").click()
    twin.discard_button.click()
    caught_up(table, twin)

    # Name trumps by button (its own prompt says what they are for).
    table.locator(".tt-prompt", has_text="Name trumps").wait_for()
    trump = twin.shown.hands[0][-1].colour  # any colour will do: the one of the last card
    label = {"R": "Red", "Y": "Yellow", "B": "Black", "G": "Green"}[trump]
    table.locator("button", has_text=label).click()
    twin.act(NameTrump(trump))
    assert twin.shown.phase == "play" and twin.shown.current_player == 0
    caught_up(table, twin)

    # Lead a card by clicking it: the three bots follow and the trick closes.
    lead = twin.shown.playable(0)[0]
    board.locator(f'[data-intent="card:{lead.code}"]').click()
    twin.on_intent(f"card:{lead.code}")
    closing = next(line for line in twin.log_lines if line.startswith("Trick 1:"))
    moves = table.locator(".tt-log li")
    expect(moves).to_have_count(len(twin.log_lines))
    assert moves.all_text_contents() == twin.log_lines  # the whole log, kept
    assert closing in board.text_content()  # the trick's winner and value, on the table
    table.screenshot(path=str(shots / "rupees_trick.png"))
    assert not page_errors, page_errors


def _name(card) -> str:
    from tabletop_widgets.render.rupees import card_name

    return card_name(card)
