"""The Michigan lesson in a real JupyterLab and Chromium: open it, run all, auction the dead hand
with a button, then lead a suit and play the obligatory card by clicking cards.

The test builds the same table in its own process (the lesson's first ``MichiganTable(...)``,
same seed) and makes the same moves, so the move log it checks on the page is one only the
kernel could have sent.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lab import caught_up, first_call, first_table

from engine.michigan import Play
from tabletop_widgets import MichiganTable

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
LESSON = "notebooks/03_michigan.ipynb"


def test_lead_and_follow_by_clicks(lab_server, page, page_errors, shots):
    twin = MichiganTable(**first_call(REPO / LESSON, "MichiganTable"))
    table, board = first_table(page, lab_server.base_url, LESSON)
    caught_up(table, twin)
    assert "You to move" in table.locator(".tt-status").text_content()
    moves = table.locator(".tt-log li")

    def same_log() -> None:
        """The page's move log (collapsed, all of it) ends as the twin's, once the moves
        that followed the click have played."""
        caught_up(table, twin)
        assert moves.all_text_contents() == twin.log_lines

    # The dealer auctions the dead hand: the bots bid, and the play goes round to you.
    table.locator("button", has_text="Auction it").click()
    twin.panel.sell.click()
    same_log()

    # A dimmed card: the click reaches Python, the engine refuses and says why.
    mine = [a.card for a in twin.shown.legal_actions()]
    other = next(c for c in twin.shown.hands[0] if c not in mine)
    board.locator(f'[data-intent="card:{other}"]').click()
    twin.on_intent(f"card:{other}")
    caught_up(table, twin)
    assert "Not allowed" in table.locator(".tt-refused").text_content()

    # Play by clicks until you have both led a suit and followed with the obligatory card.
    done = set()
    while done != {"lead", "follow"}:
        state = twin.shown
        assert state.current_player == 0 and not twin.paused
        done.add("lead" if state.run is None else "follow")
        card = state.legal_actions()[0].card
        board.locator(f'[data-intent="card:{card}"]').click()
        twin.act(Play(card))
        same_log()
        if done == {"lead", "follow"} or twin.paused or twin.shown.is_terminal():
            break
    assert done == {"lead", "follow"}
    status = re.sub(r"<[^>]+>", "", twin.board.status)
    table.locator(".tt-status", has_text=status).wait_for()
    table.screenshot(path=str(shots / "michigan_table.png"))
    assert not page_errors, page_errors
