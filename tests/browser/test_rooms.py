"""A class at one table, in a real browser: a room server on the loopback address, two Voilà
play pages (two students, each with a kernel of their own) joining one room, and the
projector's page watching it. A click on one student's page reaches their kernel, goes to the
server, and the other student's page and the projector show the move.

Screenshots: each student's page at 1366×768, the projector's at 1920×1080 in large print.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from lab import patience

from classplay.rooms.client import create_room, room_info

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classplay" / "rooms"))
from serving import Server

pytestmark = pytest.mark.browser

PAGE = "notebooks/play/room.ipynb"
LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}


@pytest.fixture
def rooms(tmp_path):
    server = Server(tmp_path / "rooms.sqlite")
    yield server
    server.stop()


def open_page(chromium, lab_server, rooms, query: str, size: dict[str, int]):
    page = chromium.new_page()
    page.set_viewport_size(size)
    page.goto(f"{lab_server.base_url}/voila/render/{PAGE}?{query}&server={rooms.url}")
    page.locator(".tt-seats").first.wait_for(timeout=patience(90_000))  # lobby or table
    return page, page.locator(".tt-table").first


def test_two_students_and_the_projector_share_one_table(lab_server, chromium, rooms, shots):
    code, _key = create_room(rooms.url, "plates", 3, bots={2: "basic"})
    asha, asha_table = open_page(chromium, lab_server, rooms, f"room={code}&name=Asha", LAPTOP)
    ben, ben_table = open_page(chromium, lab_server, rooms, f"room={code}&name=Ben", LAPTOP)
    wall, wall_table = open_page(chromium, lab_server, rooms, f"room={code}&watch=1", PROJECTOR)
    try:
        for table in (asha_table, ben_table, wall_table):  # both seats taken: the game starts
            table.wait_for(timeout=patience(60_000))
        sitters = room_info(rooms.url, code)["sitters"]
        assert [s["name"] for s in sitters[:2]] == ["Asha", "Ben"]
        assert "Room " + code in asha.locator(".tt-connection").text_content()

        # Whoever is to move bids by clicks: a digit on their own plate, then Bid.
        mover, table, other = (
            (asha, asha_table, ben_table)
            if "You to move" in asha_table.locator(".tt-status").text_content()
            else (ben, ben_table, asha_table)
        )
        who = "Asha" if mover is asha else "Ben"
        assert "You to move" in table.locator(".tt-status").text_content()
        digit = table.locator('.tt-board [data-intent^="digit:"]').first
        digit.click()
        table.locator("button.jupyter-button", has_text=re.compile(r"^\s*Bid\s*$")).click()
        # the mover reads "You bid ...", the other student and the projector "Asha bids ..."
        for page_table, said in (
            (table, "You bid"),
            (other, f"{who} bids"),
            (wall_table, f"{who} bids"),
        ):
            page_table.locator(".tt-log li", has_text=said).first.wait_for(
                state="attached", timeout=patience(30_000)
            )
        assert room_info(rooms.url, code)["move"] >= 2

        # Nothing of one student's plate reaches the other's page or the projector.
        mine = mover.locator(".tt-board [aria-label^='You: plate']").first.get_attribute(
            "aria-label"
        )
        number = re.search(r"plate ([\d ]+)", mine).group(1).strip()
        for page in (asha, ben, wall):
            if page is not mover:
                assert number not in page.locator(".tt-board").inner_html()

        # The projector: it opens in large print, with no controls that act.
        wall_table.and_(wall.locator(".tt-large")).wait_for(timeout=patience(10_000))
        bid = wall_table.locator("button:visible", has_text=re.compile(r"^\s*Bid\s*$"))
        assert bid.count() == 0
        asha.screenshot(path=str(shots / "room_asha_1366.png"))
        ben.screenshot(path=str(shots / "room_ben_1366.png"))
        wall.screenshot(path=str(shots / "room_projector_1920_large.png"))
    finally:
        for page in (asha, ben, wall):
            page.close()
