"""The welcome notebook's gallery: the committed pictures are what scripts/draw_gallery.py
draws now (so they never go stale), and each links to its lesson with a text alternative."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]
gallery = runpy.run_path(str(ROOT / "scripts" / "draw_gallery.py"), run_name="draw_gallery")


def welcome_markdown() -> str:
    nb = json.loads((ROOT / "notebooks" / "00_welcome.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_every_game_has_a_picture():
    assert set(gallery["GALLERY"]) == set(engine.GAMES)


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_the_committed_picture_is_what_the_script_draws(game):
    path = gallery["path_of"](game)
    assert path.exists(), f"{path} is missing: run python scripts/draw_gallery.py"
    assert path.read_text(encoding="utf-8") == gallery["draw"](game), (
        f"{path.name} is stale: run python scripts/draw_gallery.py"
    )


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_the_picture_is_a_thumbnail_with_a_text_alternative(game):
    svg = gallery["path_of"](game).read_text(encoding="utf-8")
    assert re.match(r'<svg [^>]*width="300" height="\d+" viewBox="0 0 \d+ \d+" role="img"', svg)
    assert "<title>" in svg
    assert 'id="' not in svg  # no generated ids: the same bytes on every machine


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_the_welcome_notebook_links_the_picture_to_its_lesson(game):
    entry = gallery["GALLERY"][game]
    assert (ROOT / "notebooks" / entry.lesson).exists()
    link = f"[![{entry.alt}](pictures/{game}.svg)]({entry.lesson})"
    assert link in welcome_markdown()


def test_the_gallery_cell_is_the_one_the_script_writes():
    assert gallery["markdown"]() in welcome_markdown()
