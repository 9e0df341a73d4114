"""Small helpers the lessons share: exact fractions shown with their decimal value, the
self-checks of the exercises (``check_answer`` prints ✓ or a hint; it never raises, and never
shows the expected answer before it is found), and the self-check of a simulation exercise
(``check_simulation``: your estimate and its 95% interval, recomputed from your trials).

>>> from fractions import Fraction
>>> fraction_text(Fraction(1, 8))
'1/8 = 0.1250'
>>> fraction_text(Fraction(3596, 3534729))
'3596/3534729 = 0.00102'
>>> check_answer(0.125, Fraction(1, 8), hint="count the cases")
✓ Right: 1/8 = 0.1250
>>> check_answer("11/103", Fraction(11, 103), hint="the cut card lies face up")
✓ Right: 11/103 = 0.1068
>>> check_answer("−250,000", -250_000, hint="set back the whole bid")
✓ Right: −250,000
>>> check_answer("88.7%", 0.8874, hint="three significant figures")
✓ Right: 0.8874
>>> check_answer(0.001, Fraction(102, 100_000), hint="count the cases")
✗ Right as far as it goes (0.001): give three significant figures.
>>> check_answer("seat 3", 3, hint="count round the table")
✓ Right: 3
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from fractions import Fraction
from numbers import Real
from typing import Any

from engine.stats import wilson_interval

Z95 = 1.96
"""A 95% interval reaches this many standard errors either side of an estimate."""

FIGURES = 3
"""Significant figures a decimal answer needs, and a shown decimal has at least."""

_GROUPED = re.compile(r"(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d*)?")
"""A number written with separators: thousands (250,000; 1,234.5) or lakhs (2,50,000)."""
_WORDED = re.compile(r"(?:[^\W\d_]+\s+)?(?P<number>.*?\d.*?)(?:\s*[^\W\d_]+\.?)?", re.S)
"""A number with a word before it or after it: "seat 3", "10 chips", "3rd"."""
_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def decimal_text(x: float, places: int = 4, figures: int = FIGURES) -> str:
    """``x`` with ``places`` decimals, or more when fewer would leave it under ``figures``
    significant figures (so 0.00102 is not shown as 0.0010).

    >>> [decimal_text(x) for x in (0.125, 0.0278, 0.0010173, 0.0)]
    ['0.1250', '0.0278', '0.00102', '0.0000']
    """
    if x == 0 or not math.isfinite(x):
        return f"{x:.{places}f}"
    needed = figures - 1 - math.floor(math.log10(abs(x)))
    return f"{x:.{max(places, needed)}f}"


def fraction_text(p: Fraction | float, places: int = 4, longest: int = 30) -> str:
    """``"1/8 = 0.1250"``; a fraction too long to read is summed up by its size instead."""
    decimal = decimal_text(float(p), places)
    if not isinstance(p, Fraction):
        return decimal
    if len(str(p)) <= longest:
        return f"{p} = {decimal}"
    return f"{decimal} (exact: a fraction with a {len(str(p.denominator))}-digit denominator)"


def shown_answer(expected: Any, digits: int = FIGURES) -> str:
    """How a found answer is shown: a fraction with its decimal to one figure more than the
    check asked for (never fewer, so it cannot contradict a worked solution), a whole number
    with its thousands separated, a word as it is.

    >>> [shown_answer(x) for x in (Fraction(11, 103), 0.8874, -250_000, "agree")]
    ['11/103 = 0.1068', '0.8874', '−250,000', 'agree']
    """
    if isinstance(expected, bool):
        return str(expected)
    if isinstance(expected, int):
        return f"{expected:,}".replace("-", "−")
    if not isinstance(expected, Real):
        return str(expected)
    text = decimal_text(float(expected), places=0, figures=digits + 1).replace("-", "−")
    if isinstance(expected, Fraction) and len(str(expected)) <= 30:
        return f"{expected} = {text}"
    return text


def check_answer(answer: Any, expected: Any, hint: str, digits: int = FIGURES) -> None:
    """Print ✓ if ``answer`` matches ``expected``, else the hint (never the expected answer).

    A number matches in any correct form: exactly (a ``Fraction``, an int, or text such as
    ``"11/103"``), or as a decimal good to ``digits`` significant figures, that is within half
    a unit of the last of them, so a small probability is judged on its own scale (0.00102
    needs 0.00102, not 0.001). Text may use a minus sign (−), thousands separators
    (``"250,000"``), a currency sign (``"₹250,000"``) or a percent sign (``"88.7%"``).
    Words match ignoring case and spaces. The placeholder ``...`` gets a reminder to fill it in.
    """
    if answer is ...:
        print(f"Not answered yet: replace ... with your answer. Hint: {hint}")
    elif same_answer(answer, expected, digits):
        print(f"✓ Right: {shown_answer(expected, digits)}")
    elif (few := figures(answer)) < digits and same_answer(answer, expected, few):
        print(
            f"✗ Right as far as it goes ({answer!r}): give "
            f"{_WORDS.get(digits, str(digits))} significant figures."
        )
    else:
        print(f"✗ Not quite ({answer!r}). Hint: {hint}")


def figures(answer: Any) -> int:
    """How many significant figures a decimal answer gives (a large number for an exact one:
    a fraction, or text with a ``/``).

    >>> [figures(x) for x in (0.028, "36%", "0.0278", 250_000.0, "1,500", "2.50")]
    [2, 2, 3, 2, 2, 3]
    """
    if isinstance(answer, (int, Fraction)):  # a bool too
        return 99
    text = repr(answer).removesuffix(".0") if isinstance(answer, float) else str(answer)
    m = _WORDED.fullmatch(text.strip())
    text = m["number"] if m else text
    if "/" in text:
        return 99
    mantissa = re.sub(r"[^0-9.eE]", "", text).lower().split("e")[0]
    digits = mantissa.replace(".", "").lstrip("0")
    if "." not in mantissa:
        digits = digits.rstrip("0")
    return max(1, len(digits))


def number_from_text(text: str) -> Fraction | None:
    """The number a student wrote, or None; a word before it or after it is let be ("seat 3",
    "10 chips").

    >>> [str(number_from_text(t)) for t in ("−250,000", "₹2,50,000", "88.7%", "-1/3", "2.5e-3")]
    ['-250000', '250000', '887/1000', '-1/3', '1/400']
    >>> [str(number_from_text(t)) for t in ("seat 3", "10 chips", "₹5,000 each", "3rd")]
    ['3', '10', '5000', '3']
    >>> [number_from_text(t) for t in ("1,5", "12,34", "seven", "1/0")]
    [None, None, None, None]
    """
    worded = _WORDED.fullmatch(text.strip())
    s = (worded["number"] if worded else text).strip().replace("\u2212", "-").replace("\u2013", "-")
    for space in (" ", "\u00a0", "\u202f", "\u2009", "_"):
        s = s.replace(space, "")
    sign = ""
    if s and s[0] in "+-":
        sign, s = s[0], s[1:]
    s = s.lstrip("₹$")
    percent = s.endswith("%")
    s = s.removesuffix("%")
    if "," in s:
        if not _GROUPED.fullmatch(s):
            return None
        s = s.replace(",", "")
    try:
        value = Fraction(sign + s)
    except (ValueError, ZeroDivisionError):
        return None
    return value / 100 if percent else value


def same_answer(answer: Any, expected: Any, digits: int = FIGURES) -> bool:
    """Whether ``answer`` is a correct form of ``expected`` (see ``check_answer``).

    >>> [same_answer(x, Fraction(1, 3)) for x in (Fraction(1, 3), "1/3", 0.333, 0.33, 0.3334)]
    [True, True, True, False, True]
    >>> [same_answer(x, -250_000) for x in ("−250000", "-250,000", "−₹250,000", -250_000.0)]
    [True, True, True, True]
    """
    if isinstance(expected, str):
        return isinstance(answer, str) and answer.strip().lower() == expected.strip().lower()
    if isinstance(answer, str):
        answer = number_from_text(answer)
        if answer is None:
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


def interval(results: Sequence[float]) -> tuple[float, float]:
    """The average of some trials and the half-width of its 95% interval,
    1.96 standard deviations / √n (for a share, √(p(1 − p)/n) is the same to within
    √(n/(n − 1))).

    >>> interval([1, 0, 1, 1])
    (0.75, 0.49)
    """
    n = len(results)
    mean = sum(results) / n
    if n < 2:
        return mean, math.inf
    sd = math.sqrt(sum((x - mean) ** 2 for x in results) / (n - 1))
    return mean, Z95 * sd / math.sqrt(n)


def share_interval(k: Any, n: int) -> tuple[Any, Any]:
    """The 95% interval (low, high) of a share of ``k`` successes in ``n`` trials, by Wilson's
    formula: the usual f ± 1.96 √(f(1 − f)/n) well inside (0, 1), but never of width 0 at
    f = 0 or 1 (0 of 2,000 is not "exactly 0"). ``k`` may be a number or a numpy array.

    >>> [round(x, 4) for x in share_interval(0, 2000)]
    [0.0, 0.0019]
    >>> [round(x, 3) for x in share_interval(1000, 2000)]
    [0.478, 0.522]
    """
    import numpy as np

    f = np.asarray(k, dtype=float) / n
    if f.ndim == 0:
        return wilson_interval(float(f), n, Z95)
    bounds = np.array([wilson_interval(float(x), n, Z95) for x in f.ravel()]).reshape(*f.shape, 2)
    return bounds[..., 0], bounds[..., 1]


def outside_bars(exact: Any, low: Any, high: Any) -> str:
    """How many simulated dots have a 95% bar (``low`` to ``high``) that misses the ``exact``
    value, said beside what to expect: about one in twenty.

    >>> outside_bars([0.5, 0.2], [0.45, 0.21], [0.55, 0.3])
    'dots whose 95% bar misses the exact value: 1 of 2 (about 1 in 20 should)'
    """
    import numpy as np

    exact, low, high = (np.asarray(x, dtype=float).ravel() for x in (exact, low, high))
    missed = int(((exact < low) | (exact > high)).sum())
    return (
        f"dots whose 95% bar misses the exact value: {missed} of {exact.size} "
        "(about 1 in 20 should)"
    )


def check_simulation(
    results: Any,
    estimate: Any,
    margin: Any,
    *,
    exact: Any = None,
    widest: float | None = None,
    hint: str = "the estimate is the average of your trials; its 95% margin is "
    "1.96 × (standard deviation) / √n",
) -> None:
    """The self-check of a simulation exercise: ``results`` are your trials (1 or 0 for a
    share, or numbers), ``estimate ± margin`` the 95% interval you report from them.

    Prints ✓ when the estimate is their average and the margin 1.96 standard errors (each
    to 2 significant figures, so any honest rounding passes), and, when ``widest`` is given,
    no wider than it (else: more trials). With ``exact`` it then says whether your interval
    holds the exact answer: about 19 intervals in 20 should.

    >>> check_simulation([1, 0, 1, 1] * 100, 0.75, "0.042", exact=0.7)
    ✓ Your interval: 0.75 ± 0.042 from 400 trials.
    It misses the exact answer, 0.7000: that happens to about 1 interval in 20. Try another seed.
    >>> check_simulation([1, 0, 1, 1] * 100, 0.75, 0.042, widest=0.01)
    ✗ Your margin, ±0.042, is wider than ±0.01: you need more trials (four times as many halve it).
    """
    if estimate is ... or margin is ... or results is ...:
        print(f"Not answered yet: replace each ... with your answer. Hint: {hint}")
        return
    values = [float(x) for x in results]
    if len(values) < 2:
        print("✗ A 95% interval needs at least two trials.")
        return
    mean, half = interval(values)
    told = [number_from_text(x) if isinstance(x, str) else x for x in (estimate, margin)]
    if not all(same_answer(t, want, 2) for t, want in zip(told, (mean, half), strict=True)):
        print(f"✗ Not quite ({estimate!r} ± {margin!r} from {len(values):,} trials). Hint: {hint}")
        return
    # a margin that rounds to the widest allowed passes (the folded solution's ±0.02001)
    wide = told[1]  # a number: it passed same_answer above
    if widest is not None and float(wide or 0) > widest and not same_answer(wide, widest, 2):
        print(
            f"✗ Your margin, ±{margin}, is wider than ±{widest}: you need more trials "
            "(four times as many halve it)."
        )
        return
    print(f"✓ Your interval: {estimate} ± {margin} from {len(values):,} trials.")
    if exact is not None:
        shown = fraction_text(exact) if isinstance(exact, Fraction) else decimal_text(exact)
        if abs(mean - float(exact)) <= half:
            print(f"It holds the exact answer, {shown}, as about 19 intervals in 20 do.")
        else:
            print(
                f"It misses the exact answer, {shown}: that happens to about 1 interval "
                "in 20. Try another seed."
            )


__all__ = [
    "Z95",
    "check_answer",
    "check_simulation",
    "decimal_text",
    "fraction_text",
    "interval",
    "number_from_text",
    "outside_bars",
    "same_answer",
    "share_interval",
    "shown_answer",
]
