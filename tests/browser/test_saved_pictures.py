"""A lesson opened before anything has run shows its tables' saved pictures, in a real JupyterLab
and Chromium, the way a learner first meets it on Binder: the notebook exactly as committed,
outputs and all, not trusted (nobody has run or signed it).

The test builds each notebook's first table in its own process, so the picture it finds on the
page is the one that table draws, not any picture.
"""

from __future__ import annotations

import base64
import re
import shutil
from pathlib import Path

import pytest
from lab import first_call, open_notebook, wait_for

import tabletop_widgets

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(
    p.relative_to(REPO).as_posix()
    for p in (REPO / "notebooks").rglob("*.ipynb")
    if re.search(r"\w+Table\(", p.read_text(encoding="utf-8"))
)
LOADED = "(el) => el.complete && el.naturalWidth > 0"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_notebook_opens_showing_its_first_table(lab_server, page, page_errors, shots, notebook):
    name = re.search(r"(\w+Table)\(", (REPO / notebook).read_text(encoding="utf-8"))[1]
    twin = getattr(tabletop_widgets, name)(**first_call(REPO / notebook, name))
    saved = f"saved/{notebook}"
    (lab_server.root / saved).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / notebook, lab_server.root / saved)

    open_notebook(page, lab_server.base_url, saved)  # its kernel starts; no cell runs
    picture = page.locator(".jp-OutputArea-output img[src^='data:image/svg+xml']").first
    picture.scroll_into_view_if_needed()
    wait_for(picture, LOADED)
    assert picture.get_attribute("alt") == twin.board.label
    svg = base64.b64decode(picture.get_attribute("src").split(",", 1)[1]).decode()
    assert svg == twin.board.svg
    outputs = page.locator(".jp-OutputArea-output")
    assert outputs.filter(has_text="Error displaying widget").count() == 0
    assert outputs.filter(has_text=f"{name}(").count() == 0  # not the one-line stand-in
    picture.screenshot(path=str(shots / f"saved_{Path(notebook).stem}.png"))
    assert not page_errors, page_errors
