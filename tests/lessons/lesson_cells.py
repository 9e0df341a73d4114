"""A lesson's cells by id, for the tests that guard its numbers: the text a cell shows, the
output it saved (strict nbval checks that a fresh run gives the same), and a namespace in which
some of its code cells have run. Also the teacher's guide, whose answers the tests guard too."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tabletop_widgets.lesson import same_answer

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GUIDE = NOTEBOOKS / "teachers_guide.md"


def joined(text: str) -> str:
    """``text`` with its lines joined by single spaces (a phrase a test looks for may be broken
    across two lines)."""
    return " ".join(text.split())


def assert_says(where: str, text: str, phrases: tuple[str, ...]) -> None:
    """Assert that ``text`` still says each phrase, naming ``where`` and what it no longer says."""
    missing = [p for p in phrases if p not in joined(text)]
    assert not missing, f"{where} no longer says {missing}"


class Lesson:
    """``Lesson("04_indian_rummy.ipynb")``: its cells by id."""

    def __init__(self, name: str) -> None:
        cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        self.name = name
        self.cells = {c["id"]: c for c in cells}

    def text(self, cell_id: str) -> str:
        """The source of a cell, as one string with its lines joined by spaces."""
        return joined("".join(self.cells[cell_id]["source"]))

    def says(self, cell_id: str, *phrases: str) -> None:
        """Assert that the cell still says each phrase (so a changed text fails its guard)."""
        assert_says(f"{self.name} cell {cell_id}", self.text(cell_id), phrases)

    def output(self, cell_id: str) -> str:
        """What a code cell printed, as saved."""
        outputs = self.cells[cell_id]["outputs"]
        return "".join("".join(o["text"]) for o in outputs if o["output_type"] == "stream")

    def run(self, *cell_ids: str) -> dict[str, Any]:
        """The names defined by running these code cells, in this order, in one namespace."""
        names: dict[str, Any] = {}
        for cell_id in cell_ids:
            exec("".join(self.cells[cell_id]["source"]), names)
        return names

    def expected_answers(
        self, hidden: str, checks: Iterable[str], spoilers: Iterable[str], setup: Iterable[str]
    ) -> dict[Any, Any]:
        """The exercises' expected answers, from the folded cell ``hidden`` run after the
        ``setup`` cells; asserting that it is folded and that each check cell compares the
        student's ``answer`` with ``expected[...]`` without showing any of the ``spoilers``."""
        assert self.cells[hidden]["metadata"]["jupyter"]["source_hidden"], f"{hidden} is shown"
        for cell_id in checks:
            source = self.text(cell_id)
            assert "answer = ..." in source and "expected[" in source, cell_id
            shown = [x for x in spoilers if x in source]
            assert not shown, f"check cell {cell_id} shows {shown}"
        return self.run(*setup, hidden)["expected"]


def accepts(expected: Any, right: Iterable[Any], wrong: Iterable[Any]) -> None:
    """Assert that an exercise's checker takes every ``right`` form and none of the ``wrong``."""
    refused = [r for r in right if not same_answer(r, expected)]
    taken = [w for w in wrong if same_answer(w, expected)]
    assert not refused and not taken, f"refused {refused}, took {taken} for {expected}"


def guide_says(*phrases: str) -> None:
    """Assert that the teacher's guide (notebooks/teachers_guide.md) still says each phrase."""
    assert_says("the teacher's guide", GUIDE.read_text(encoding="utf-8"), phrases)
