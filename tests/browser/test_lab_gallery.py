"""The welcome notebook's gallery in a real JupyterLab: five pictures load (naturalWidth > 0),
each with its alt text, each a link to its lesson; Enter on a focused one opens that lesson."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest
from lab import open_notebook

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GALLERY = runpy.run_path(str(ROOT / "scripts" / "draw_gallery.py"), run_name="draw_gallery")[
    "GALLERY"
]

PICTURES_JS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel .jp-RenderedMarkdown img[alt]')]
  .filter(img => img.getAttribute('src').includes('pictures/'))
  .map(img => ({alt: img.alt, width: img.naturalWidth, complete: img.complete,
                link: img.closest('a') ? new URL(img.closest('a').href).pathname : null}))"""


def test_the_gallery_shows_five_tables_linking_to_their_lessons(
    lab_server, page, page_errors, shots
):
    open_notebook(page, lab_server.base_url, "notebooks/00_welcome.ipynb")
    heading = page.locator(".jp-RenderedMarkdown h2", has_text="The five tables")
    heading.scroll_into_view_if_needed()
    page.wait_for_function(
        f"() => {{ const p = ({PICTURES_JS})(); "
        f"return p.length === {len(GALLERY)} && p.every(i => i.complete && i.width > 0); }}"
    )
    pictures = page.evaluate(PICTURES_JS)
    expected = {e.alt: f"/files/notebooks/{e.lesson}" for e in GALLERY.values()}
    assert {p["alt"]: p["link"] for p in pictures} == expected  # JupyterLab opens these
    assert all(p["width"] > 0 for p in pictures), pictures

    cell = page.locator(".jp-MarkdownCell").filter(has=heading)
    cell.screenshot(path=str(shots / "welcome_gallery.png"))

    link = page.locator("a", has=page.locator(f'img[alt="{GALLERY["india"].alt}"]'))
    link.focus()  # by keyboard: a focused picture link opens its lesson on Enter
    page.keyboard.press("Enter")
    lesson = page.locator(".jp-NotebookPanel .jp-RenderedMarkdown h1")
    lesson.filter(has_text="The Royal Game of India").wait_for()
    assert not page_errors, page_errors
