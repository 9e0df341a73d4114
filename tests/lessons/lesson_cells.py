"""A lesson's cells by id, for the tests that guard its numbers: the text a cell shows, the
output it saved (strict nbval checks that a fresh run gives the same), and a namespace in which
some of its code cells have run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class Lesson:
    """``Lesson("04_indian_rummy.ipynb")``: its cells by id."""

    def __init__(self, name: str) -> None:
        cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
        self.cells = {c["id"]: c for c in cells}

    def text(self, cell_id: str) -> str:
        """The source of a cell, as one string with its lines joined by spaces (a phrase the
        test looks for may be broken across two lines)."""
        return " ".join("".join(self.cells[cell_id]["source"]).split())

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
