"""Exact odds of the plates game, each checked a second way: by enumeration or by a seeded
simulation (within four standard errors)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import engine
from engine.plates import (
    Bid,
    Plate,
    bid_chance,
    bid_chance_from_view,
    chance_at_least,
    count_in_play_pmf,
    count_pmf,
    most_frequent_pmf,
    random_deck,
    unseen_pool,
)

MODES = ("balanced", "uniform")


def mean(pmf):
    return sum(k * p for k, p in pmf.items())


def draws_pmf(n, good, total):
    """How many of ``n`` draws without replacement from ``total`` digits (``good`` of them the
    digit) are the digit: summed over every hit/miss sequence, draw by draw."""
    pmf = Counter()
    for seq in itertools.product((True, False), repeat=n):
        p, g, t = Fraction(1), good, total
        for hit in seq:
            p *= Fraction(g if hit else t - g, t)
            g, t = g - hit, t - 1
        pmf[sum(seq)] += p
    return {k: v for k, v in pmf.items() if v}


def bernoulli_pmf(n):
    """The same, each digit independently the one with chance 1/10."""
    pmf = Counter()
    for seq in itertools.product((True, False), repeat=n):
        pmf[sum(seq)] += Fraction(1, 10) ** sum(seq) * Fraction(9, 10) ** (n - sum(seq))
    return dict(pmf)


def nonzero(pmf):
    return {k: p for k, p in pmf.items() if p}


def within(observed, p, n, sds=4):
    """A sample frequency within ``sds`` standard errors of ``p``, give or take three outcomes
    (so that one rare outcome of chance 1e-6 in a sample of 20,000 is no alarm)."""
    return abs(observed - p) <= sds * math.sqrt(p * (1 - p) / n) + 3 / n


# ---------------------------------------------------------------- count_pmf


@pytest.mark.parametrize("digits", MODES)
@pytest.mark.parametrize("plates", [1, 2, 5, 8])
def test_count_pmf_sums_to_one(plates, digits):
    pmf = count_pmf(plates, digits)
    assert sum(pmf.values()) == 1
    assert all(isinstance(p, Fraction) and p >= 0 for p in pmf.values())
    assert min(pmf) == 0 and max(pmf) <= 6 * plates


@pytest.mark.parametrize("plates", [1, 3, 6])
def test_uniform_count_is_binomial(plates):
    n = 6 * plates
    expected = {
        k: math.comb(n, k) * Fraction(1, 10) ** k * Fraction(9, 10) ** (n - k) for k in range(n + 1)
    }
    assert count_pmf(plates, "uniform") == expected
    assert mean(count_pmf(plates, "uniform")) == Fraction(6 * plates, 10)


@pytest.mark.parametrize("plates", [1, 2])
def test_uniform_count_by_enumeration(plates):
    assert nonzero(count_pmf(plates, "uniform")) == bernoulli_pmf(6 * plates)


@pytest.mark.parametrize("plates", [1, 2])
def test_balanced_count_by_draw_sequences(plates):
    assert nonzero(count_pmf(plates, "balanced")) == draws_pmf(6 * plates, 30, 300)


@pytest.mark.parametrize(
    ("pool", "plates"),
    [
        (Counter({0: 3, 1: 2, 2: 4, 7: 3}), 1),
        (Counter({0: 1, 5: 6, 9: 5}), 1),
        (Counter({0: 4, 3: 6, 8: 4}), 2),
    ],
)
def test_balanced_count_is_hypergeometric_by_brute_force(pool, plates):
    n = 6 * plates
    digits = list(pool.elements())
    hands = list(itertools.combinations(range(len(digits)), n))
    for digit in range(10):
        counts = Counter(sum(digits[i] == digit for i in hand) for hand in hands)
        expected = {k: Fraction(c, len(hands)) for k, c in counts.items()}
        assert nonzero(count_pmf(plates, "balanced", pool=pool, digit=digit)) == expected


@pytest.mark.parametrize("plates", [1, 4, 8])
def test_balanced_count_mean(plates):
    assert mean(count_pmf(plates)) == Fraction(6 * plates * 30, 300)
    pool = Counter({d: 30 - d for d in range(10)})  # 255 digits left
    for digit in (0, 4, 9):
        pmf = count_pmf(plates, pool=pool, digit=digit)
        assert sum(pmf.values()) == 1
        assert mean(pmf) == Fraction(6 * plates * (30 - digit), 255)


def test_count_pmf_refuses_more_plates_than_digits():
    with pytest.raises(ValueError, match="unseen"):
        count_pmf(3, pool=Counter({1: 5, 2: 5}))


def test_chance_at_least():
    pmf = {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert chance_at_least(pmf, 0) == 1
    assert chance_at_least(pmf, 1) == Fraction(3, 4)
    assert chance_at_least(pmf, 3) == 0


def test_unseen_pool():
    pool = unseen_pool([Plate("112233", 5), Plate("999999", 10)])
    assert pool[1] == pool[2] == pool[3] == 28 and pool[9] == 24 and pool[0] == 30
    assert sum(pool.values()) == 288


# ---------------------------------------------------------------- your own plate


def test_own_plate_shifts_the_count():
    mine = Plate("444123", 10)
    pmf = count_in_play_pmf(4, mine, plates_in_play=6)
    assert min(pmf) == 3 and sum(pmf.values()) == 1
    assert pmf == {3 + k: p for k, p in count_pmf(5, pool=unseen_pool([mine]), digit=4).items()}


@pytest.mark.parametrize("digits", MODES)
@pytest.mark.parametrize(
    ("bid", "mine"),
    [
        (Bid(1, 4), "444 123 $10"),
        (Bid(4, 4), "444 123 $10"),
        (Bid(5, 4), "444 123 $10"),
        (Bid(2, 7), "444 123 $10"),
        (Bid(8, 0), "000 000 $5"),
        (Bid(3, 9), "000 000 $5"),
    ],
)
def test_bid_chance_by_enumeration_two_plates(bid, mine, digits):
    """Two plates in play: mine and one unseen plate of six digits."""
    mine = Plate.from_str(mine)
    have = mine.count(bid.digit)
    other = draws_pmf(6, 30 - have, 294) if digits == "balanced" else bernoulli_pmf(6)
    expected = sum((p for k, p in other.items() if have + k >= bid.count), Fraction(0))
    assert bid_chance(bid, mine, 2, digits) == expected


def test_bid_chance_counts_seen_plates_out_of_the_deck():
    mine, seen = Plate("700000", 5), [Plate("777777", 10), Plate("777123", 15)]
    # 30 - 1 - 6 - 3 = 20 sevens left among 300 - 18 digits
    expected = sum((p for k, p in draws_pmf(6, 20, 282).items() if 1 + k >= 3), Fraction(0))
    assert bid_chance(Bid(3, 7), mine, 2, seen=seen) == expected
    # uniform digits do not remember
    assert bid_chance(Bid(3, 7), mine, 2, "uniform", seen) == bid_chance(
        Bid(3, 7), mine, 2, "uniform"
    )


def test_bid_chance_without_a_plate_of_ones_own():
    assert bid_chance(Bid(1, 3), None, 1) == 1 - draws_pmf(6, 30, 300)[0]
    assert bid_chance(Bid(0, 3), None, 1) == 1
    assert bid_chance(Bid(7, 3), None, 1) == 0


def test_bid_chance_is_monotone_in_the_count():
    mine = Plate("123456", 5)
    chances = [bid_chance(Bid(c, 5), mine, 6) for c in range(1, 37)]
    # my one 5 and at most the deck's 29 other 5's: thirty at most
    assert chances[0] == 1 and chances[29] > 0 and chances[30] == 0
    assert all(a >= b for a, b in itertools.pairwise(chances))


@pytest.mark.parametrize("digits", MODES)
def test_bid_chance_matches_a_simulation_of_dealt_games(digits):
    """Over seeded deals of a 4-player game, how often a bid is true on the table matches the
    exact chance averaged over seat 0's plate."""
    n, bids = 3000, [Bid(3, 4), Bid(4, 0), Bid(5, 7), Bid(2, 9)]
    true, exact = Counter(), Counter()
    cache: dict = {}
    for seed in range(n):
        s = engine.new_game("plates", players=4, seed=seed, digits=digits)
        s = s.apply(s.sample_chance())
        mine, plates = s.stands[0][0], [p for _, p in s.in_play()]
        for bid in bids:
            true[bid] += sum(p.count(bid.digit) for p in plates) >= bid.count
            key = (bid, mine.count(bid.digit))
            if key not in cache:
                cache[key] = bid_chance(bid, mine, len(plates), digits)
            exact[bid] += cache[key]
    for bid in bids:
        p = float(exact[bid] / n)
        assert 0.05 < p < 0.95
        assert within(true[bid] / n, p, n), (bid, true[bid] / n, p)


def test_bid_chance_from_view():
    s = engine.new_game("plates", players=4, seed=3)
    s = s.apply(s.sample_chance())
    assert bid_chance_from_view(s.view(1)) is None
    s = s.apply(Bid(3, 4))
    mine = s.stands[1][0]
    assert bid_chance_from_view(s.view(1)) == bid_chance(Bid(3, 4), mine, 6)
    assert bid_chance_from_view(s.view(1), Bid(5, 2)) == bid_chance(Bid(5, 2), mine, 6)
    # after a scored round the shown plates are out of the deck
    s = s.apply(engine.plates.Challenge()).apply(engine.plates.Agree()).apply(engine.plates.Agree())
    seen = [p for _, p in s.results[0].in_play]
    s = s.apply(Bid(2, 2))
    assert bid_chance_from_view(s.view(3)) == bid_chance(Bid(2, 2), s.stands[3][0], 6, seen=seen)


# ---------------------------------------------------------------- the most frequent digit


def test_most_frequent_uniform_one_plate_all_different():
    pmf = most_frequent_pmf(1, "uniform")
    assert pmf[1] == Fraction(10 * 9 * 8 * 7 * 6 * 5, 10**6)
    assert pmf[6] == Fraction(10, 10**6)
    assert sum(pmf.values()) == 1


def test_most_frequent_balanced_one_plate_all_different():
    pmf = most_frequent_pmf(1, "balanced")
    assert pmf[1] == Fraction(300 * 270 * 240 * 210 * 180 * 150, math.perm(300, 6))
    assert pmf[6] == Fraction(10 * math.comb(30, 6), math.comb(300, 6))


def _compositions(n, parts):
    """Every way to write n as an ordered sum of ``parts`` counts (0 allowed)."""
    for bars in itertools.combinations(range(n + parts - 1), parts - 1):
        edges = (-1, *bars, n + parts - 1)
        yield [b - a - 1 for a, b in itertools.pairwise(edges)]


@pytest.mark.parametrize("digits", MODES)
def test_most_frequent_one_plate_by_enumeration(digits):
    pmf = Counter()
    for counts in _compositions(6, 10):
        if digits == "uniform":
            ways = Fraction(math.factorial(6), math.prod(map(math.factorial, counts))) / 10**6
        else:
            ways = Fraction(math.prod(math.comb(30, c) for c in counts), math.comb(300, 6))
        pmf[max(counts)] += ways
    assert most_frequent_pmf(1, digits) == dict(pmf)


def generating_function_pmf(plates, digits):
    """The distribution of the most frequent digit from the generating functions of
    ``most_frequent_pmf``'s docstring, in ``Fraction``s: P(max <= m) is n! [x^n]
    (sum_{j<=m} x^j/j!)^10 / 10^n (uniform), or [x^n] (sum_{j<=m} C(30,j) x^j)^10 / C(300,n)."""
    n = 6 * plates

    def at_most(m):
        if digits == "uniform":
            term = [Fraction(1, math.factorial(j)) for j in range(m + 1)]
        else:
            term = [Fraction(math.comb(30, j)) for j in range(min(m, 30) + 1)]
        poly = [Fraction(1)]
        for _ in range(10):
            product = [Fraction(0)] * (n + 1)
            for i, x in enumerate(poly):
                for j, y in enumerate(term[: n + 1 - i]):
                    product[i + j] += x * y
            poly = product
        if digits == "uniform":
            return poly[n] * math.factorial(n) / 10**n
        return poly[n] / math.comb(300, n)

    pmf, below = {}, 0
    for m in range(n + 1):
        if (cdf := at_most(m)) != below:
            pmf[m], below = cdf - below, cdf
    return pmf


@pytest.mark.parametrize("digits", MODES)
@pytest.mark.parametrize("plates", [2, 6])
def test_most_frequent_by_the_generating_functions_in_fractions(plates, digits):
    assert most_frequent_pmf(plates, digits) == generating_function_pmf(plates, digits)


@pytest.mark.parametrize("digits", MODES)
@pytest.mark.parametrize("plates", [1, 2, 3, 4, 6])
def test_most_frequent_sums_to_one(plates, digits):
    pmf = most_frequent_pmf(plates, digits)
    assert sum(pmf.values()) == 1 and all(p > 0 for p in pmf.values())
    assert min(pmf) >= math.ceil(6 * plates / 10)


@pytest.mark.parametrize("digits", MODES)
@pytest.mark.parametrize("plates", [2, 3, 4])
def test_most_frequent_matches_a_simulation(plates, digits):
    n, k = 20_000, 6 * plates
    rng = np.random.default_rng(plates * 10 + len(digits))
    if digits == "uniform":
        drawn = rng.integers(0, 10, size=(n, k))
    else:
        deck = np.repeat(np.arange(10), 30)
        drawn = rng.permuted(np.tile(deck, (n, 1)), axis=1)[:, :k]
    counts = np.zeros((n, 10), dtype=int)
    for d in range(10):
        counts[:, d] = (drawn == d).sum(axis=1)
    observed = Counter(counts.max(axis=1).tolist())
    pmf = most_frequent_pmf(plates, digits)
    for m, p in pmf.items():
        assert within(observed[m] / n, float(p), n), (m, observed[m] / n, float(p))
    assert set(observed) <= set(pmf)


def test_most_frequent_matches_dealt_decks():
    # the engine's own random decks, three plates
    rng, n = random.Random(9), 3000
    pmf = most_frequent_pmf(3, "balanced")
    observed = Counter()
    for _ in range(n):
        digits = "".join(p.number for p in random_deck(rng)[:3])
        observed[max(digits.count(str(d)) for d in range(10))] += 1
    for m, p in pmf.items():
        assert within(observed[m] / n, float(p), n)
