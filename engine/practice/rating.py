"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), for students and
puzzles alike: a rating, its deviation (how unsure it is) and its volatility.

A student who solves a puzzle wins a game against it; the puzzle loses one. Each attempt is a
rating period of one game, as lichess rates its puzzles.

>>> me = Rating(1500, 200, 0.06)
>>> new = me.after([(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(new.rating, 2), round(new.deviation, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale: a rating's step per unit of the internal scale (400 / ln 10)."""
TAU = 0.5
"""How far volatility may change in one period (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""When the search for the new volatility stops."""
START = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MIN_DEVIATION = 30.0
"""A deviation is kept at least this large, so a rating never stops moving (as lichess)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating, on the familiar scale (1500 to start)."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def after(self, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
        """This rating after one period's ``games``: ``(opponent, score)``, score 1 for a win,
        0 for a loss, 0.5 for a draw."""
        mu, phi, sigma = (self.rating - START) / SCALE, self.deviation / SCALE, self.volatility
        if not games:
            return Rating(self.rating, _grown(phi, sigma) * SCALE, sigma)
        v_inverse = 0.0
        gain = 0.0
        for other, score in games:
            g = _g(other.deviation / SCALE)
            e = _expected(mu, (other.rating - START) / SCALE, g)
            v_inverse += g * g * e * (1 - e)
            gain += g * (score - e)
        v = 1 / v_inverse
        delta = v * gain
        sigma = _volatility(delta, phi, v, sigma, tau)
        phi = 1 / math.sqrt(1 / _grown(phi, sigma) ** 2 + 1 / v)
        mu += phi * phi * gain
        return Rating(START + SCALE * mu, max(MIN_DEVIATION, SCALE * phi), sigma)

    def expected(self, other: Rating) -> float:
        """The chance this side beats ``other`` (Glicko-2's expected score)."""
        g = _g(other.deviation / SCALE)
        return _expected((self.rating - START) / SCALE, (other.rating - START) / SCALE, g)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expected(mu: float, other: float, g: float) -> float:
    return 1 / (1 + math.exp(-g * (mu - other)))


def _grown(phi: float, sigma: float) -> float:
    """The deviation after a period's wait: more unsure by the volatility."""
    return math.sqrt(phi * phi + sigma * sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5 of the algorithm: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    low = a
    if delta**2 > phi**2 + v:
        high = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        new = low + (low - high) * f_low / (f_high - f_low)
        f_new = f(new)
        if f_new * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = new, f_new
    return math.exp(low / 2)


def puzzle_start(difficulty: int) -> Rating:
    """A puzzle's first rating, from its difficulty (1 easy to 5 hard): 1100 to 1900."""
    return Rating(900.0 + 200.0 * difficulty, 250.0, START_VOLATILITY)
