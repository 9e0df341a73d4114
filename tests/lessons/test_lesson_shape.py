"""What every lesson keeps to, by the teacher's guide's own timing and the issue's limits: a
45-minute core (the guide's timing rows outside *Going further* add up to 45), a core of
about 2,000 words of markdown, one convention for intervals (95%, never "typical error"),
and the teacher's guide saying the same."""

from __future__ import annotations

import json
import re

import pytest
from lesson_cells import GUIDE, NOTEBOOKS

LESSONS = sorted(p.name for p in NOTEBOOKS.glob("0[1-5]_*.ipynb"))
CORE_WORDS = 2_200  # about 2,000: the words of the core's markdown, headings and sums included


def guide_section(lesson: str) -> str:
    """The teacher's guide's section on a lesson ("01 · License plates" to the next)."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(f"## {lesson[:2]} · ")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def timing_rows(lesson: str) -> list[tuple[str, int]]:
    """(section, minutes) of the guide's timing table for a lesson."""
    table = guide_section(lesson).split("### Timing", 1)[1].split("###", 1)[0]
    rows = re.findall(r"^\| (.+?) \| (\d+)\+? \|", table, re.M)
    return [(name, int(minutes)) for name, minutes in rows]


def core_cells(lesson: str) -> list[dict]:
    """The lesson's cells before its *Going further* heading."""
    cells = json.loads((NOTEBOOKS / lesson).read_text(encoding="utf-8"))["cells"]
    for k, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and re.search(
            r"^## .*Going further", "".join(cell["source"]), re.M
        ):
            return cells[:k]
    raise AssertionError(f"{lesson} has no *Going further* section")


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_core_takes_45_minutes_by_the_guides_own_timing(lesson):
    rows = timing_rows(lesson)
    core = [minutes for name, minutes in rows if not name.startswith("*")]
    assert rows and sum(core) == 45, (lesson, rows)


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_core_is_about_2000_words(lesson):
    words = sum(
        len("".join(c["source"]).split())
        for c in core_cells(lesson)
        if c["cell_type"] == "markdown"
    )
    assert words <= CORE_WORDS, (lesson, words)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_interval_is_a_95_percent_interval(lesson):
    text = (NOTEBOOKS / lesson).read_text(encoding="utf-8") + guide_section(lesson)
    for loose in ("typical error", "± one", "one standard error", "1 SE"):
        assert loose not in text, (lesson, loose)
