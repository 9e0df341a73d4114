"""Small helpers the lessons share: exact fractions shown with their decimal value, and the
self-checks of the exercises (``check_answer`` prints ✓ or a hint; it never raises, and never
shows the expected answer before it is found).

>>> from fractions import Fraction
>>> fraction_text(Fraction(1, 8))
'1/8 = 0.1250'
>>> check_answer(0.125, Fraction(1, 8), hint="count the cases")
✓ Right: 1/8 = 0.1250
>>> check_answer("11/103", Fraction(11, 103), hint="the cut card lies face up")
✓ Right: 11/103 = 0.1068
>>> check_answer(0.001, Fraction(102, 100_000), hint="three significant figures")
✗ Not quite (0.001). Hint: three significant figures
"""

from __future__ import annotations

import math
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


def check_answer(answer: Any, expected: Any, hint: str, digits: int = 3) -> None:
    """Print ✓ if ``answer`` matches ``expected``, else the hint (never the expected answer).

    A number matches in any correct form: exactly (a ``Fraction``, an int, or text such as
    ``"11/103"``), or as a decimal good to ``digits`` significant figures, that is within half
    a unit of the last of them, so a small probability is judged on its own scale (0.00102
    needs 0.00102, not 0.001). Words match ignoring case and spaces. The placeholder ``...``
    gets a reminder to fill it in.
    """
    if answer is ...:
        print(f"Not answered yet: replace ... with your answer. Hint: {hint}")
    elif same_answer(answer, expected, digits):
        shown = fraction_text(expected) if isinstance(expected, (Fraction, float)) else expected
        print(f"✓ Right: {shown}")
    else:
        print(f"✗ Not quite ({answer!r}). Hint: {hint}")


def same_answer(answer: Any, expected: Any, digits: int = 3) -> bool:
    """Whether ``answer`` is a correct form of ``expected`` (see ``check_answer``).

    >>> [same_answer(x, Fraction(1, 3)) for x in (Fraction(1, 3), "1/3", 0.333, 0.33, 0.3334)]
    [True, True, True, False, True]
    """
    if isinstance(expected, str):
        return isinstance(answer, str) and answer.strip().lower() == expected.strip().lower()
    if isinstance(answer, str):
        try:
            answer = Fraction(answer.strip().replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            return False
    if isinstance(answer, bool) or not isinstance(answer, Real):
        return False
    if isinstance(answer, (int, Fraction)) and Fraction(answer) == Fraction(expected):
        return True
    value, want = float(answer), float(expected)
    if not math.isfinite(value):
        return False
    if want == 0:
        return abs(value) < 0.5 * 10.0**-digits
    unit = 10.0 ** (math.floor(math.log10(abs(want))) - digits + 1)
    return abs(value - want) <= 0.5 * unit * (1 + 1e-9)


__all__ = ["check_answer", "fraction_text", "same_answer"]
