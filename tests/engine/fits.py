"""What the tests of a coach's fitted ``OVERSTATED`` (rummy's, Michigan's, Rupees') share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.bots import HUMAN, Overstated, fitted_kinds

KINDS = ("expert", "basic", "random", HUMAN)
UNCORRECTED: Overstated = {mover: dict.fromkeys(KINDS, 0.0) for mover in KINDS}
"""An ``OVERSTATED`` that takes nothing off: the playouts' own values."""


def assert_committed(table: Overstated, path: Path, script: str, part: str | None = None) -> None:
    """``table`` is the fit ``path`` holds (or its table for ``part``), written by ``script``:
    a number for each pairing of the four kinds, each within its own 95% interval."""
    fit = json.loads(path.read_text())
    assert fit["script"] == script
    if part is not None:
        fit = {key: fit[key][part] for key in ("overstated", "low", "high")}
    assert table == fitted_kinds(path, part) == fit["overstated"]
    assert set(table) == set(KINDS)
    for mover in KINDS:
        assert set(table[mover]) == set(KINDS)
        for other in KINDS:
            assert fit["low"][mover][other] <= table[mover][other] <= fit["high"][mover][other]


def assert_parts_committed(by_part: dict[str, float], parts: tuple[str, ...], path: Path) -> None:
    """``by_part`` is the fit ``path`` holds: a number for each of ``parts``, in order, the
    first 0, each within its own 95% interval."""
    fit = json.loads(path.read_text())
    assert fit["by_part"] == by_part and tuple(by_part) == parts and by_part[parts[0]] == 0
    for part in parts:
        assert fit["by_part_low"][part] <= by_part[part] <= fit["by_part_high"][part]


def assert_lowered_alike(told: Any, before: Any, less: float) -> None:
    """``told``'s options are ``before``'s in the same order, each value lowered by ``less``."""
    assert [o.action for o in told.options] == [o.action for o in before.options]
    for mine, theirs in zip(told.options, before.options, strict=True):
        assert mine.value == pytest.approx(theirs.value - less)
