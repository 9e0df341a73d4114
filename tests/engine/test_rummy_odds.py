"""Exact odds for Indian Rummy (docs/rules.md §6), each checked a second way: by brute force on a
small case, by a formula, or by a seeded simulation with a safe margin."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import engine
from engine.cards import Card, parse
from engine.rummy import (
    Draw,
    Toss,
    card_cost,
    completing_cards,
    completion_chance,
    discard_danger,
    full_pack,
    hand_points_pmf,
    has_pure_sequence,
    jokers_in_hand_pmf,
    jokers_in_play,
    pure_sequence_chance,
    rigged_shuffle,
    unseen_cards,
    useful_to,
    wild_rank_of,
)
from engine.rummy.odds import _no_run_ways


def test_jokers_in_play():
    # any cut leaves 9 jokers with two packs: 2 printed + 7 of the rank, or 1 printed + 8 aces
    for cut in (Card("7", "H"), Card("JK", "")):
        rest = Counter(full_pack())
        rest[cut] -= 1
        wild = wild_rank_of(cut)
        assert sum(n for c, n in rest.items() if c.is_joker or c.rank == wild) == 9
    assert jokers_in_play(2) == 9 and jokers_in_play(3) == 14


def test_jokers_in_a_hand():
    pmf = jokers_in_hand_pmf()
    assert sum(pmf.values()) == 1
    assert pmf[0] == Fraction(comb(96, 13), comb(105, 13))
    mean = sum(k * p for k, p in pmf.items())
    assert mean == Fraction(13 * 9, 105)
    # simulation: deal, then cut from the rest
    rng, pack, n = random.Random(1), list(full_pack()), 4000
    counts = Counter()
    for _ in range(n):
        rng.shuffle(pack)
        wild = wild_rank_of(pack[13])
        counts[sum(c.is_joker or c.rank == wild for c in pack[:13])] += 1
    for k in range(4):
        assert abs(counts[k] / n - float(pmf[k])) < 0.03


def test_no_run_ways_by_brute_force():
    """One pack by brute force (8192 suits); two packs are checked by simulation below."""
    for packs in (1,):
        want = [0] * (14 * packs)
        for cs in product(range(min(packs, 2) + 1), repeat=13):
            seq = [c > 0 for c in cs] + [cs[0] > 0]  # ace low and high
            if any(seq[i] and seq[i + 1] and seq[i + 2] for i in range(12)):
                continue
            ways = 1
            for c in cs:
                ways *= comb(packs, c)
            want[sum(cs)] += ways
        assert _no_run_ways(packs) == want


def test_pure_sequence_chance():
    p = pure_sequence_chance()
    assert abs(float(p) - 0.36599) < 1e-4
    rng, pack, n = random.Random(2), full_pack(), 6000
    hits = sum(has_pure_sequence(rng.sample(pack, 13)) for _ in range(n))
    assert abs(hits / n - float(p)) < 4 * (0.25 / n) ** 0.5
    assert has_pure_sequence(parse("QH KH AH 5C"))
    assert not has_pure_sequence(parse("KH AH 2H 5C JK"))
    assert has_pure_sequence(parse("7C 7C 7C"))


def test_hand_points_and_the_cap():
    pmf = hand_points_pmf()
    assert sum(pmf.values()) == 1
    over = sum(p for k, p in pmf.items() if k > 80)
    assert 0.6 < over < 0.75
    rng, pack, n = random.Random(3), list(full_pack()), 2500
    big = 0
    for _ in range(n):
        rng.shuffle(pack)
        wild = wild_rank_of(pack[13])
        big += sum(card_cost(c, wild) for c in pack[:13]) > 80
    assert abs(big / n - float(over)) < 0.03


def test_completing_a_connector():
    assert completing_cards(parse("5H 6H"), "9", pure=True) == list(parse("4H 7H"))
    got = completing_cards(parse("5H 7H"), "9")
    assert set(got) == set(parse("6H 9S 9H 9D 9C JK"))
    assert completing_cards(parse("QS KS"), "2", pure=True) == list(parse("AS JS"))
    # 2 packs, nothing seen but the connector: 4 pure completions out of 104 other cards
    unseen = Counter(full_pack()) - Counter(parse("5H 6H"))
    assert completion_chance(parse("5H 6H"), "9", unseen, pure=True) == Fraction(4, 104)
    # with any meld: also the 7 other nines and the 2 printed jokers
    assert completion_chance(parse("5H 6H"), "9", unseen) == Fraction(4 + 8 + 2, 104)


def test_what_a_seat_has_not_seen():
    s = engine.new_game("rummy", players=3).apply(Toss(0))
    s = s.apply(rigged_shuffle(3, hands=["5H 6H"], open_card="9D", cut="2C"))
    s = s.apply(Draw("open"))
    v = s.view(1)
    unseen = unseen_cards(v)
    assert sum(unseen.values()) == 106 - 13 - 1 - 1  # his hand, the cut, the 9♦ seat 0 took
    assert unseen[Card("9", "D")] == 1 - s.hands[1].count(Card("9", "D"))


def test_discard_danger():
    s = engine.new_game("rummy", players=2).apply(Toss(0))
    s = s.apply(rigged_shuffle(2, hands=["5H 6H", "7H"], open_card="9D", cut="2C"))
    s = s.apply(Draw("stock"))
    v = s.view(0)
    assert discard_danger(Card("JK", ""), v) == 0
    assert discard_danger(Card("2", "S"), v) == 0  # a wild card cannot be picked up
    p = discard_danger(Card("5", "H"), v)
    useful = useful_to(Card("5", "H"), "2")
    assert set(useful) == set(parse("5S 5D 5C 3H 4H 6H 7H"))
    unseen = unseen_cards(v)
    size, good = sum(unseen.values()), sum(unseen[c] for c in useful)
    assert p == 1 - Fraction(comb(size - good, 13), comb(size, 13))
