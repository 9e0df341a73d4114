"""Small helpers the lessons share: exact fractions shown with their decimal value, and the
self-checks of the exercises (``check_answer`` prints ✓ or a hint; it never raises).

>>> from fractions import Fraction
>>> fraction_text(Fraction(1, 8))
'1/8 = 0.1250'
>>> check_answer(0.125, Fraction(1, 8), hint="count the cases")
✓ Right: 1/8 = 0.1250
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Real
from typing import Any


def fraction_text(p: Fraction | float, places: int = 4, longest: int = 30) -> str:
    """``"1/8 = 0.1250"``; a fraction too long to read is summed up by its size instead."""
    if not isinstance(p, Fraction):
        return f"{float(p):.{places}f}"
    decimal = f"{float(p):.{places}f}"
    if len(str(p)) <= longest:
        return f"{p} = {decimal}"
    return f"{decimal} (exact: a fraction with a {len(str(p.denominator))}-digit denominator)"


def check_answer(answer: Any, expected: Any, hint: str, tolerance: float = 5e-4) -> None:
    """Print ✓ if ``answer`` matches ``expected``, else a hint. Numbers (a ``Fraction``, a
    float, an int) match within ``tolerance``; words match ignoring case and spaces. The
    placeholder ``...`` gets a reminder to fill it in."""
    if answer is ...:
        print(f"Not answered yet: replace ... with your answer. Hint: {hint}")
    elif _same(answer, expected, tolerance):
        shown = fraction_text(expected) if isinstance(expected, (Fraction, float)) else expected
        print(f"✓ Right: {shown}")
    else:
        print(f"✗ Not quite ({answer!r}). Hint: {hint}")


def _same(answer: Any, expected: Any, tolerance: float) -> bool:
    if isinstance(expected, str):
        return isinstance(answer, str) and answer.strip().lower() == expected.strip().lower()
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return False
    return abs(float(answer) - float(expected)) <= tolerance


__all__ = ["check_answer", "fraction_text"]
