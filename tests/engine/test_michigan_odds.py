"""Michigan's exact odds, each computed two ways (formula and enumeration) and checked against a
seeded simulation of the engine's own deals."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

import engine
from engine.michigan import (
    BOODLE,
    DECK,
    NEXT_UP,
    Decline,
    Exchange,
    Sell,
    all_boodles_live_chance,
    boodle_dead_chance,
    dead_chance,
    dead_hand_size,
    next_card_dead_chance,
)

PLAYERS = range(3, 9)


def dead_positions(players: int) -> set[int]:
    """Deck positions dealt to the dead hand: every (players + 1)-th card from the first."""
    return {k for k in range(52) if k % (players + 1) == 0}


@pytest.mark.parametrize("players", PLAYERS)
def test_boodle_dead_chance_by_enumerating_positions(players):
    assert boodle_dead_chance(players) == Fraction(len(dead_positions(players)), 52)


def test_boodle_dead_chance_known_values():
    assert [boodle_dead_chance(n) for n in PLAYERS] == [
        Fraction(1, 4), Fraction(11, 52), Fraction(9, 52), Fraction(2, 13),
        Fraction(7, 52), Fraction(6, 52),
    ]  # fmt: skip


@pytest.mark.parametrize("players", [3, 8])
def test_all_boodles_live_by_enumeration(players):
    """All C(52, 4) ways to place the four duplicates in the deck, counted."""
    dead = dead_positions(players)
    live = sum(1 for four in combinations(range(52), 4) if not dead.intersection(four))
    assert all_boodles_live_chance(players) == Fraction(live, comb(52, 4))


@pytest.mark.parametrize("players", PLAYERS)
def test_all_boodles_live_two_formulas(players):
    d = dead_hand_size(players)
    assert all_boodles_live_chance(players) == Fraction(comb(52 - d, 4), comb(52, 4))


def test_odds_match_a_simulation_of_the_engine_deals():
    rng, n, deals = random.Random(5), 4, 3000
    one_dead = all_live = 0
    s0 = engine.new_game("michigan", players=n)
    for _ in range(deals):
        s = s0.apply(s0._sample_shuffle(rng))
        one_dead += BOODLE[0] in s.dead
        all_live += not set(BOODLE) & set(s.dead)
    for sim, exact in ((one_dead, boodle_dead_chance(n)), (all_live, all_boodles_live_chance(n))):
        sd = (exact * (1 - exact) / deals) ** 0.5
        assert abs(sim / deals - exact) < 4 * sd


def test_dead_chance():
    assert dead_chance(41, 11) == Fraction(11, 41)
    assert dead_chance(0, 0) == 0


def _dealt(seed=1):
    s = engine.new_game("michigan", players=4, seed=seed)
    return s.apply(s.sample_chance())


def test_next_card_dead_chance_from_a_view():
    s = _dealt()
    v = s.view(1)
    assert next_card_dead_chance(v) is None  # no run yet
    for card in DECK:
        up = NEXT_UP[card]
        p = next_card_dead_chance(v, card)
        if up is None or up in s.hands[1]:
            assert p == 0  # an ace has no next card; your own cards are not dead
        else:
            assert p == Fraction(11, 52 - 11)  # 11 dead cards among the 41 unseen
    # the dealer who exchanged knows the dead hand: 1 for a dead card, 0 for any other
    x = s.apply(Exchange())
    for card in DECK:
        up = NEXT_UP[card]
        assert next_card_dead_chance(x.view(0), card) == (up is not None and up in x.dead)


def test_next_card_dead_chance_matches_simulation():
    """From seat 1's view before any play, the chance the card above its lowest card is dead,
    against how often it really is over many deals."""
    exact_sum, hits, k = Fraction(0), 0, 0
    s0 = engine.new_game("michigan", players=4)
    rng = random.Random(9)
    for _ in range(2000):
        s = s0.apply(s0._sample_shuffle(rng)).apply(Sell())
        while s.phase == "auction":
            s = s.apply(Decline())
        low = s.hands[1][0]
        up = NEXT_UP[low]
        if up is None or up in s.hands[1]:
            continue
        exact_sum += next_card_dead_chance(s.view(1), low)
        hits += up in s.dead
        k += 1
    assert abs(hits - float(exact_sum)) < 4 * (float(exact_sum) * 0.8) ** 0.5
