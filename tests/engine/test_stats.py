"""The share of the wins' 95% interval (issue 35 item 4): a duplicate deal split between its
lineups (a share of 1/2) varies less than one won or lost outright, so the interval counts the
deals' real variance; checked against closed forms, an exact enumeration and a bootstrap."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from engine.stats import Z95, effective_trials, mean_interval, share_interval, wilson_interval


def deals(won: int, lost: int, split: int) -> list[float]:
    """The first strategy's shares of duplicate deals: won outright, lost outright, split."""
    return [1.0] * won + [0.0] * lost + [0.5] * split


@pytest.mark.parametrize(("won", "n"), [(0, 1), (1, 1), (3, 4), (0, 20), (20, 20), (313, 600)])
def test_deals_won_or_lost_outright_get_wilsons_interval(won, n):
    """No deal split: each deal one win-or-lose trial, Wilson's closed form over n deals."""
    values = deals(won, n - won, 0)
    assert effective_trials(values) == pytest.approx(n)
    mean, low, high = share_interval(values)
    assert mean == won / n
    assert (low, high) == pytest.approx(wilson_interval(won / n, n), abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 5, 20, 100, 600])
def test_deals_all_split_are_near_the_exact_interval(n):
    """Every deal split: the closed form n(n + z²)/z² trials, and the interval near the exact
    one, the share p for which n splits in n deals have a chance of 2.5% (a deal not split
    moves the share by 1/2 at most: 1/2 ± (1 - 0.025^(1/n))/2)."""
    values = deals(0, 0, n)
    assert effective_trials(values) == pytest.approx(n * (n + Z95**2) / Z95**2)
    mean, low, high = share_interval(values)
    exact = (1 - 0.025 ** (1 / n)) / 2
    assert mean == 0.5 and high - 0.5 == pytest.approx(0.5 - low)
    assert 0 < high - 0.5 <= 0.5
    if n >= 5:
        assert high - 0.5 == pytest.approx(exact, rel=0.06)


def test_the_rummy_harness_figures_are_the_deal_clustered_interval():
    """Issue 35: 1,500 duplicate rummy deals, the expert won both seatings of 190, neither of
    110, one of 1,200: `rummy_duel.py` gave 52.7% (51.5% to 53.8%); Wilson's over 1,500 deals
    as if each were won or lost gave about twice the width."""
    values = deals(190, 110, 1200)
    mean, low, high = share_interval(values)
    assert (round(mean, 3), round(low, 3), round(high, 3)) == (0.527, 0.515, 0.538)
    normal = mean_interval(values)
    assert (low, high) == pytest.approx(normal[1:], abs=2e-4)
    old = wilson_interval(mean, len(values))
    assert (old[1] - old[0]) / (high - low) > 2


def test_the_interval_agrees_with_a_bootstrap_of_the_deals():
    """Resampling the deals (seeded, 20,000 resamples): the 2.5% and 97.5% points of the mean
    share agree with the interval within a tenth of its width."""
    values = deals(70, 50, 280)
    _, low, high = share_interval(values)
    counts = np.random.default_rng(35).multinomial(400, [70 / 400, 50 / 400, 280 / 400], 20_000)
    means = (counts[:, 0] + 0.5 * counts[:, 2]) / 400
    boot_low, boot_high = np.quantile(means, [0.025, 0.975])
    assert low == pytest.approx(boot_low, abs=(high - low) / 10)
    assert high == pytest.approx(boot_high, abs=(high - low) / 10)


def coverage(n: int, won: float, lost: float) -> float:
    """The exact chance that the interval of ``n`` deals holds the true share, deals won with
    chance ``won``, lost ``lost``, else split: every count of the three, by the multinomial."""
    truth, held = 0.5 + (won - lost) / 2, 0.0
    for w in range(n + 1):
        for d in range(n + 1 - w):
            s = n - w - d
            chance = math.comb(n, w) * math.comb(n - w, d) * won**w * lost**d
            chance *= (1 - won - lost) ** s
            _, low, high = share_interval(deals(w, d, s))
            held += chance * (low <= truth <= high)
    return held


@pytest.mark.parametrize(("won", "lost"), [(0.1, 0.1), (0.15, 0.05), (0.2, 0.1), (0.3, 0.3)])
def test_the_interval_holds_the_true_share_95_times_in_100(won, lost):
    """Exact coverage over every outcome of 40 deals: at least 95%, and not the near 100% of
    Wilson's over the deals as if each were won or lost (too wide)."""
    assert 0.95 <= coverage(40, won, lost) < 0.99


def test_the_interval_never_leaves_0_to_1_nor_widens():
    """Seeded shares of every kind (parts of a win too): the mean within the interval, the
    interval within 0 and 1, never wider than Wilson's over the deals."""
    rng = random.Random(35)
    for _ in range(300):
        n = rng.randint(1, 30)
        kind = rng.choice([(0.0, 1.0), (0.0, 0.5, 1.0), (0.0,), (1.0,), (0.5,), (0.25, 1.0)])
        values = [rng.choice(kind) if rng.random() < 0.8 else rng.random() for _ in range(n)]
        mean, low, high = share_interval(values)
        assert 0.0 <= low <= mean <= high <= 1.0
        assert effective_trials(values) >= n * (1 - 1e-9)
        old = wilson_interval(min(1.0, max(0.0, mean)), n)
        assert high - low <= old[1] - old[0] + 1e-12


def test_no_deal_is_refused_in_words():
    with pytest.raises(ValueError, match="no games played"):
        share_interval([])
