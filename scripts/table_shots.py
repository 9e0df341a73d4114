"""Look at the tables as a student would: each in a real JupyterLab and Chromium, at a laptop's
1366×768 and a desktop's 1920×1080, with and without large print, after a few moves.

    python scripts/table_shots.py                      # every game, into shots/tables/
    python scripts/table_shots.py plates rummy --moves 3 --out /tmp/shots

For each game and screen it writes a screenshot of the table scrolled to its top, and prints
how tall the status line, the board and the enabled controls are together (the fit: the issue
asks for at most 640 px at 1366×768) and how wide the picture is. The moves are made by
clicking the first enabled action button, the way a student would (Continue first, if shown).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import (  # noqa: E402
    BOARD_TEXT_JS,
    LabServer,
    code_cell,
    open_chromium,
    open_notebook,
    run_all,
    write_notebook,
)

SCREENS = {"laptop": (1366, 768), "desktop": (1920, 1080)}
TABLES = {
    "plates": "PlatesTable(players=4, seed=3)",
    "india": "IndiaTable(players=2, seed=3)",
    "michigan": "MichiganTable(players=4, seed=3)",
    "rummy": "RummyTable(players=3, seed=3)",
    "rupees": "RupeesTable(players=4, seed=3)",
}

FIT_JS = """(table) => {
  const top = table.querySelector('.tt-board-head').getBoundingClientRect().top;
  let bottom = table.querySelector('.tt-board').getBoundingClientRect().bottom;
  const tools = table.querySelector('.tt-tools');
  for (const b of table.querySelectorAll('button, select, input')) {
    if (tools && tools.contains(b)) continue;
    if (b.disabled || b.closest('[hidden]')) continue;
    const r = b.getBoundingClientRect();
    if (r.width && r.height) bottom = Math.max(bottom, r.bottom);
  }
  const svg = table.querySelector('.tt-board svg').getBoundingClientRect();
  return {height: Math.round(bottom - top), board_w: Math.round(svg.width),
          board_h: Math.round(svg.height)};
}"""

VISIBLE_JS = """() => {
  const nb = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel .jp-Notebook');
  return Math.round(nb.getBoundingClientRect().height);
}"""


SHOTS = {
    None: [(screen, large) for screen in SCREENS for large in (False, True)],
    "laptop": [("laptop", False)],
    "desktop-large": [("desktop", True)],
}
ACTIONS = ("Continue", "Throw", "Bid", "Agree", "Decline", "Pass", "Draw", "Exchange")
"""Buttons a student would press to move the game on, tried in this order."""


def shoot(page, out: Path, game: str, screen: str, large: bool, moves: int) -> dict:
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    table = page.locator(".tt-table").first
    table.locator(".tt-board svg").wait_for()
    if large:
        table.locator(".tt-tools button", has_text="Large print").click()
        time.sleep(0.5)
    for _ in range(moves):
        target = None
        for label in ACTIONS:
            found = table.locator("button:not([disabled]):visible", has_text=label)
            found = found.filter(has_not_text="Load").first
            if found.count() and not found.evaluate("b => !!b.closest('.tt-tools')"):
                target = found
                break
        if target is None:
            break
        target.click()
        time.sleep(1.5)
        table.locator(".tt-skip").first.evaluate("b => b.hidden || b.click()")
        time.sleep(0.5)
    table.evaluate("t => t.scrollIntoView({block: 'start'})")
    time.sleep(0.5)
    fit = table.evaluate(FIT_JS)
    fit["visible"] = page.evaluate(VISIBLE_JS)
    fit.update(table.evaluate(BOARD_TEXT_JS))
    name = f"{game}-{screen}{'-large' if large else ''}.png"
    page.screenshot(path=str(out / name))
    fit["shot"] = name
    if large:
        table.locator(".tt-tools button", has_text="Large print").click()
    return fit


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(TABLES))
    parser.add_argument("--moves", type=int, default=2)
    parser.add_argument(
        "--only", choices=["laptop", "desktop-large"], help="one screen (default: all four)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "shots" / "tables")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        root = work / "root"
        root.mkdir()
        for game in args.games:
            write_notebook(
                root / f"{game}.ipynb",
                [code_cell(f"from tabletop_widgets import *\n{TABLES[game]}")],
            )
        overrides = json.loads((ROOT / "binder" / "overrides.json").read_text())
        server = LabServer.start(root, work / "lab", python=sys.executable, settings=overrides)
        results = {}
        try:
            with sync_playwright() as pw:
                ctx = open_chromium(pw, work / "profile")
                page = ctx.new_page()
                page.set_default_timeout(30_000)
                for game in args.games:
                    for screen, large in SHOTS[args.only]:
                        page.set_viewport_size(
                            dict(zip(("width", "height"), SCREENS[screen], strict=True))
                        )
                        open_notebook(page, server.base_url, f"{game}.ipynb")
                        run_all(page)
                        key = f"{game} {screen}{' large' if large else ''}"
                        results[key] = shoot(page, args.out, game, screen, large, args.moves)
                        print(key, json.dumps(results[key]), flush=True)
                        server.shutdown_kernels()
                ctx.close()
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
