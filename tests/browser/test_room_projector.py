"""The projector's page of a room (``room.ipynb?room=CODE&watch=1``) at 1920×1080, for every
game: it opens on the lobby (the code, the room page's address, who is awaited), and once the
teacher starts the game, the table in large print with every seat on the felt, none over
another nor over the middle of the table. Screenshots: room_projector_<game>_1920.png."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lab import patience

from classplay.rooms.client import create_room, teacher

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "classplay" / "rooms"))
from serving import Server

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = "notebooks/play/room.ipynb"
PROJECTOR = {"width": 1920, "height": 1080}
GAMES = [("plates", 4), ("india", 2), ("michigan", 4), ("rummy", 3), ("rupees", 4)]

OVERLAPS_JS = """(board) => {
  const boxes = [...board.querySelectorAll('[data-seat]')].map((e) => e.getBoundingClientRect());
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
    && b.top < a.bottom - 1;
  let n = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++)
    if (hit(boxes[i], boxes[j])) n++;
  return {seats: boxes.length, overlaps: n};
}"""


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    server = Server(tmp_path_factory.mktemp("rooms") / "rooms.sqlite")
    yield server
    server.stop()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_the_projector_opens_large_with_the_code_and_every_seat(
    lab_server, chromium, rooms, shots, game, players
):
    bots = {seat: "basic" for seat in range(1, players)}
    code, key = create_room(rooms.url, game, players, bots=bots)
    page = chromium.new_page()
    page.set_viewport_size(PROJECTOR)
    try:
        url = f"{lab_server.base_url}/voila/render/{PAGE}?room={code}&watch=1&server={rooms.url}"
        page.goto(url)
        lobby = page.locator(".tt-seats")
        lobby.get_by_text("Awaited: seat 0").wait_for(timeout=patience(120_000))
        line = page.locator(".tt-connection").text_content()
        assert code in line and f"room.ipynb?room={code}" in line
        assert page.locator(".tt-table").count() == 0  # nothing dealt in the lobby

        teacher(rooms.url, code, key, {"do": "start"})
        table = page.locator(".tt-table.tt-large")
        table.wait_for(timeout=patience(60_000))
        assert code in page.locator(".tt-connection").text_content()
        board = table.locator(".tt-board")
        seats = board.evaluate(OVERLAPS_JS)
        assert seats == {"seats": players, "overlaps": 0} or game != "plates", seats
        size = page.locator(".tt-status").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 18
        page.screenshot(path=str(shots / f"room_projector_{game}_1920.png"))
    finally:
        page.close()
