"""Save and load in a real JupyterLab and Chromium: play a move of India, download the game with
Save game, load the file into a fresh table with Load game (the browser's file chooser), then a
corrupt file: refused, with the table unchanged. Save game and Load game are used by keyboard
once each.

The test keeps twins of both tables in its own process and makes the same moves and loads, so
the log, status and refusal it checks on the page are ones only the kernel could have sent.
"""

from __future__ import annotations

import re

import pytest
from lab import caught_up, markdown_cell, open_notebook, run_all, write_notebook

import engine
from tabletop_widgets import IndiaTable
from tabletop_widgets.saves import SaveLoad

pytestmark = pytest.mark.browser

FIRST = {"players": 2, "seed": 0, "humans": (0,), "teacher": True}  # saves in mid-game
FRESH = {"players": 2, "seed": 4, "humans": (0,), "teacher": True}


def saves_of(table: IndiaTable) -> SaveLoad:
    return next(w for w in table.tools.children if isinstance(w, SaveLoad))


def test_save_download_then_load_it_and_refuse_a_corrupt_file(
    lab_server, page, page_errors, shots, tmp_path
):
    path = "saves/india.ipynb"
    write_notebook(
        lab_server.root / path,
        [
            markdown_cell("# Save and load"),
            "from tabletop_widgets import IndiaTable",
            f"IndiaTable(**{FIRST!r})",
            f"IndiaTable(**{FRESH!r})",
        ],
    )
    twin, twin_fresh = IndiaTable(**FIRST), IndiaTable(**FRESH)

    open_notebook(page, lab_server.base_url, path)
    assert run_all(page).complete
    first, fresh = page.locator(".tt-table").nth(0), page.locator(".tt-table").nth(1)
    first.locator(".tt-board svg").wait_for()
    fresh.locator(".tt-board svg").wait_for()

    # Play a move: throw, then bring a piece in.
    first.scroll_into_view_if_needed()
    first.locator("button", has_text=re.compile(r"^\s*Throw\s*$")).click()
    twin.throw()
    caught_up(first, twin)  # the throw has landed (a click while it plays would only end that)
    board = first.locator(".tt-board")
    for intent in ("piece:0", "enter"):
        board.locator(f'[data-intent="{intent}"]').click()
        twin.on_intent(intent)
        caught_up(first, twin)

    # Save game downloads the game as it stands, under its own name.
    name = f"india-seed0-move{len(twin.shown.history)}.json"
    save = first.locator(".tt-save")
    save.scroll_into_view_if_needed()
    assert save.get_attribute("aria-label") == f"Save game: download {name}"
    first.locator(".tt-load").focus()
    page.keyboard.press("Shift+Tab")  # by keyboard: from Load game back to Save game
    assert save.evaluate("el => el === document.activeElement")
    first.locator(".tt-saveload").screenshot(path=str(shots / "saves_buttons.png"))
    with page.expect_download() as info:
        page.keyboard.press("Enter")
    download = info.value
    assert download.suggested_filename == name
    saved = tmp_path / name
    download.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert engine.from_json(text) == twin.shown

    # Load it into the fresh table, through the browser's file chooser.
    fresh.scroll_into_view_if_needed()
    log = fresh.locator(".tt-log li")
    assert not any("Loaded" in line for line in log.all_text_contents())
    with page.expect_file_chooser() as chooser:
        fresh.locator(".tt-load").click()
    chooser.value.set_files(str(saved))
    assert saves_of(twin_fresh).load_text(text, name)
    caught_up(fresh, twin_fresh)
    assert log.all_text_contents() == twin_fresh.log_lines  # the whole log, ending "Loaded ..."
    assert any(line.startswith(f"Loaded {name}") for line in twin_fresh.log_lines)
    fresh.locator(f'.tt-save[aria-label="Save game: download {name}"]').wait_for()
    fresh.locator(".tt-loaded", has_text=f"Loaded {name}").wait_for()
    fresh.screenshot(path=str(shots / "saves_loaded.png"))

    # A corrupt file (one number edited): refused, and the table keeps its game.
    board_before = fresh.locator(".tt-board svg").inner_html()
    log_before = log.all_text_contents()
    corrupt = tmp_path / "india-edited.json"
    corrupt.write_text(text.replace('"seed":0', '"seed":1'), encoding="utf-8")
    with page.expect_file_chooser() as chooser:  # by keyboard this time
        fresh.locator(".tt-load").focus()
        page.keyboard.press("Enter")
    chooser.value.set_files(str(corrupt))
    assert not saves_of(twin_fresh).load_file(corrupt.read_bytes(), corrupt.name)
    refusal = fresh.locator(".tt-refused")
    refusal.wait_for()
    assert refusal.text_content() == re.sub(r"<[^>]+>", "", saves_of(twin_fresh).note.value)
    assert "digest does not match" in refusal.text_content()
    assert "The table keeps its game" in refusal.text_content()
    assert fresh.locator(".tt-board svg").inner_html() == board_before
    assert log.all_text_contents() == log_before
    fresh.screenshot(path=str(shots / "saves_refused.png"))
    assert not page_errors
