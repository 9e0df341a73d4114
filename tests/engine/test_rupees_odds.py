"""Exact odds for Make-A-Million Rupees (docs/rules.md §6), each checked a second way: by
enumeration of small cases, by a formula, or by a seeded simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

from engine.odds import expectation
from engine.rupees import (
    TIGER,
    chance_at_least,
    colour_length_pmf,
    declarer_gets_tiger,
    money_of,
    money_pmf,
    rupee_deck,
    side_makes_pmf,
    specials_in_hand_pmf,
    unseen_money,
    widow_has_no_money,
)

DECK = rupee_deck()


def test_money_in_small_hands_by_enumeration():
    for cards in (1, 2, 3):
        counts: dict[int, int] = {}
        for hand in combinations(DECK, cards):
            m = money_of(hand)
            counts[m] = counts.get(m, 0) + 1
        total = comb(55, cards)
        assert money_pmf(cards) == {m: Fraction(k, total) for m, k in sorted(counts.items())}


def test_expected_money_in_a_hand_is_13_55ths_of_400000():
    pmf = money_pmf(13)
    assert sum(pmf.values()) == 1
    assert expectation(pmf) == Fraction(13 * 400_000, 55)  # ₹94,545.45...
    assert expectation(money_pmf(26)) == 2 * expectation(pmf)
    assert expectation(money_pmf(55)) == 400_000 and money_pmf(55) == {400_000: 1}


def test_money_by_simulation():
    rng = random.Random(1)
    deck = list(DECK)
    n = 4000
    total = sum(money_of(rng.sample(deck, 13)) for _ in range(n))
    assert abs(total / n - 94_545) < 2_500  # about 4 standard errors
    hits = sum(money_of(rng.sample(deck, 26)) >= 175_000 for _ in range(n))
    assert abs(hits / n - float(side_makes_pmf(175_000))) < 0.03


def test_widow_without_money():
    assert widow_has_no_money() == Fraction(comb(35, 3), comb(55, 3)) == money_pmf(3)[0]
    assert widow_has_no_money() == Fraction(119, 477)  # about one widow in four


def test_specials_and_the_tiger():
    pmf = specials_in_hand_pmf(13)
    assert sum(pmf.values()) == 1
    assert pmf[0] == Fraction(comb(52, 13), comb(55, 13))
    assert expectation(pmf) == Fraction(3 * 13, 55)
    assert declarer_gets_tiger() == Fraction(16, 55)
    rng = random.Random(2)
    n = 5000
    hits = sum(any(c.rank == TIGER for c in rng.sample(list(DECK), 16)) for _ in range(n))
    assert abs(hits / n - 16 / 55) < 0.03


def test_colour_lengths_are_hypergeometric():
    pmf = colour_length_pmf(13)
    assert sum(pmf.values()) == 1
    assert expectation(pmf) == Fraction(13 * 13, 55)
    assert pmf[13] == Fraction(1, comb(55, 13))
    assert max(pmf, key=pmf.get) == 3


def test_chance_a_side_holds_a_contract():
    assert side_makes_pmf(0) == 1
    assert side_makes_pmf(175_000) > side_makes_pmf(250_000) > side_makes_pmf(400_000) > 0
    assert side_makes_pmf(400_000) == chance_at_least(money_pmf(26), 400_000)
    assert side_makes_pmf(400_000) == Fraction(comb(35, 6), comb(55, 26))


def test_money_still_out_from_a_view():
    view = {
        "players": 4,
        "hand": ["R40k", "Y1"],
        "tricks": [{"cards": [[0, "G30k"], [1, "B5k"]]}],
        "trick": [[2, "Lion"]],
        "discards": ["Y10k"],
    }
    assert unseen_money(view) == 400_000 - 40_000 - 30_000 - 5_000 - 10_000
