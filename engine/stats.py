"""The project's statistics: 95% intervals of a mean and of a share, one place for each formula
(the tournament, the experts' advice, India's calibration and the lessons all use these)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The normal distribution's two-sided 95% point (the lessons round it to 1.96)."""
T95 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14, 2.13)
"""Student's two-sided 95% points for 1 to 15 degrees of freedom."""


def t95(n: int) -> float:
    """The 95% point for a mean of ``n`` values: Student's t for few, the normal's 1.96 plus
    the first correction (2.4 / (n - 1)) beyond the table (within 0.01 of Student's)."""
    if n < 2:
        return math.inf
    df = n - 1
    return T95[df - 1] if df <= len(T95) else 1.96 + 2.4 / df


def half_width(values: Sequence[float]) -> float:
    """Half the width of the 95% interval of the mean of ``values``."""
    n = len(values)
    if n < 2:
        return math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return t95(n) * math.sqrt(var / n)


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of ``values`` with a 95% normal interval (none for one value)."""
    n = len(values)
    if n == 0:
        raise ValueError("no games played")
    mean = sum(values) / n
    if n == 1:
        return mean, -math.inf, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def wilson_interval(share: float, n: float, z: float = Z95) -> tuple[float, float]:
    """(low, high): the 95% interval of a ``share`` of successes in ``n`` trials by Wilson's
    formula, never of width 0 at a share of 0 or 1. ``n`` may be an effective number of
    trials (trials that come in clusters count for fewer); ``z`` the normal quantile (the
    lessons round it to 1.96)."""
    z2 = z**2 / n
    centre = (share + z2 / 2) / (1 + z2)
    half = z * math.sqrt(share * (1 - share) / n + z2 / (4 * n)) / (1 + z2)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high) of shares (each from 0 to 1: a win 1, a loss 0, a tie a part), with
    Wilson's 95% interval at the mean over the shares' effective number of trials: never below
    0 nor above 1, where the normal interval of ``mean_interval`` can say "-0.07 to 1.07".

    A share's variance is at most a win-or-lose trial's at the same mean; a duplicate deal
    split between its lineups (1/2) varies less, so ``n`` deals count as ``effective_trials``
    (at least ``n``): all won or lost, exactly Wilson's over ``n``; far from 0 and 1, the
    normal interval of the deals' shares (the harness's)."""
    n = len(values)
    if n == 0:
        raise ValueError("no games played")
    mean = sum(values) / n
    share = min(1.0, max(0.0, mean))
    low, high = wilson_interval(share, effective_trials(values))
    return mean, min(low, mean), max(high, mean)  # rounding can leave 1e-17 at a share of 0


def effective_trials(values: Sequence[float], z: float = Z95) -> float:
    """How many win-or-lose trials the shares ``values`` are worth: n p(1 - p) / s², with p
    their mean and s² their variance (over n) joined by z² pseudo-trials of a win-or-lose
    trial's p(1 - p), as Wilson's interval joins z² to n. Shares all 0 or 1 give n; all 1/2
    give n(n + z²)/z², an interval about z²/2n = 1.92/n either side of 1/2, near the exact
    one (no deal but split in n: 0.5(1 - 0.025^(1/n)), about 1.84/n); all 0 or all 1, n."""
    n = len(values)
    p = min(1.0, max(0.0, sum(values) / n))
    binary = p * (1 - p)
    if binary == 0:
        return float(n)
    spread = sum((v - p) ** 2 for v in values)
    return n * binary * (n + z**2) / (spread + z**2 * binary)


def running_intervals(values: Sequence[float]) -> list[tuple[float, float, float]]:
    """``mean_interval`` of the first 2, 3, ... values, in one pass."""
    out, total, squares = [], 0.0, 0.0
    for n, v in enumerate(values, 1):
        total += v
        squares += v * v
        if n >= 2:
            mean = total / n
            var = max(0.0, (squares - n * mean * mean) / (n - 1))
            half = Z95 * math.sqrt(var / n)
            out.append((mean, mean - half, mean + half))
    return out
