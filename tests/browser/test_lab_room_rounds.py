"""A plates room played for several rounds by clicks, in a real browser: two students on two
Voilà room pages and a bot. Whoever's page says it is their move clicks as a student would
(Continue after a round, a digit and Bid, or Challenge); at no point may a page say "You to
move" while the controls that move are all disabled (the round-2 defect of issue 36)."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest
from lab import patience
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from classplay.rooms.client import create_room

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classplay" / "rooms"))
from serving import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "notebooks/play/room.ipynb"
LAPTOP = {"width": 1366, "height": 768}
ROUNDS = 3


@pytest.fixture
def rooms(tmp_path):
    server = Server(tmp_path / "rooms.sqlite")
    yield server
    server.stop()


def open_page(chromium, lab_server, rooms, query: str):
    page = chromium.new_page()
    page.set_viewport_size(LAPTOP)
    page.goto(f"{lab_server.base_url}/voila/render/{PAGE}?{query}&server={rooms.url}")
    page.locator(".tt-seats").first.wait_for(timeout=patience(120_000))  # lobby or table
    return page, page.locator(".tt-table").first


def enabled(table, text: str):
    return table.locator(
        "button.jupyter-button:visible:not([disabled])", has_text=re.compile(rf"^\s*{text}\s*$")
    )


def rounds_seen(table) -> int:
    return table.locator(".tt-log li", has_text=re.compile(r"^Reveal:|cancel")).count()


def tap(control) -> bool:
    """Click ``control`` if it is still there (a playback may end, a page move on)."""
    try:
        control.first.click(timeout=2000)
    except PlaywrightTimeout:
        return False
    return True


def play_turn(table) -> bool:
    """One click of the student at ``table`` if their page asks for one; True if clicked."""
    for shown in (".tt-skip:visible", "button.tt-continue:visible"):
        if table.locator(shown).count() and tap(table.locator(shown)):
            return True
    status = table.locator(".tt-status").text_content() or ""
    if "You to move" not in status or "sent: waiting for the table" in status:
        return False  # not this student's turn, or their click is on its way (a busy server)
    answer = enabled(table, "Agree" if rounds_seen(table) % 2 else "Challenge")
    if answer.count():
        return tap(answer)
    spots = table.locator('.tt-board [data-intent^="digit:"]')
    bid = enabled(table, "Bid")
    if spots.count() == 0 or bid.count() == 0:
        cancel = enabled(table, "Cancel round")
        if cancel.count():
            return tap(cancel)
        digits = table.locator(".tt-bidding .widget-toggle-button:not([disabled])").count()
        raise AssertionError(f"'{status}' but {digits} digits, {bid.count()} Bid enabled")
    tap(spots)  # a digit of your own plate, as a student picks it
    return tap(bid)


def test_a_plates_room_plays_several_rounds_by_clicks(lab_server, chromium, rooms, shots):
    code, _key = create_room(rooms.url, "plates", 3, bots={2: "basic"})
    pages = [
        open_page(chromium, lab_server, rooms, f"room={code}&name={n}") for n in ("Asha", "Ben")
    ]
    try:
        for _page, table in pages:  # both seats taken: the game starts
            table.wait_for(timeout=patience(60_000))
        deadline = time.monotonic() + patience(240)
        idle_since = time.monotonic()
        while min(rounds_seen(t) for _p, t in pages) < ROUNDS:
            assert time.monotonic() < deadline, "the rounds did not go on"
            clicked = False
            for _page, table in pages:
                try:
                    clicked = play_turn(table) or clicked
                except AssertionError:
                    for k, (page, _t) in enumerate(pages):
                        page.screenshot(path=str(shots / f"FAILED_room_rounds_{k}.png"))
                    raise
            if clicked:
                idle_since = time.monotonic()
            assert time.monotonic() - idle_since < patience(60), "no page asked for a click"
            pages[0][0].wait_for_timeout(300)
        for k, (page, _t) in enumerate(pages):
            page.screenshot(path=str(shots / f"room_rounds_{k}_1366.png"))
    finally:
        for page, _t in pages:
            page.close()
