"""India's exact odds (docs/rules.md §6), each checked two more ways: by enumerating the 36 throws
through the engine's own rules, and by the vectorised simulation."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

import engine
from engine import CHANCE
from engine.india import (
    ALL_THROWS,
    Enter,
    Move,
    best_single_die,
    enter_chance,
    expected_throws_home,
    hit_chance,
    hit_risk,
    land_chance,
    sim,
    square,
    turn_hit_chance,
    turn_hit_risk,
)


def can_hit(state, victim: int) -> bool:
    """Whether the seat to move has any way to capture a piece of ``victim`` with this throw."""
    for o in state.legal_options():
        if o.captured and o.captured[0] == victim:
            return True
        after = state.apply(o.action)
        if after.current_player == state.current_player and can_hit(after, victim):
            return True
    return False


def by_engine(start: str, victim: int, players: int = 2, first_player: int = 0) -> Fraction:
    s = engine.new_game("india", players=players, start=start, first_player=first_player)
    return Fraction(sum(can_hit(s.apply(t), victim) for t in ALL_THROWS), 36)


# ---------------------------------------------------------------- entering


def test_chance_to_enter_is_15_in_36():
    assert enter_chance() == Fraction(5, 12)
    fresh = engine.new_game("india", players=2)
    assert sum(Enter() in fresh.apply(t).legal_actions() for t in ALL_THROWS) == 15
    assert sim.enter_rate(np.random.default_rng(1), 400_000) == pytest.approx(5 / 12, abs=0.003)


def test_expected_throws_to_the_first_entry_is_12_5():
    counts = sim.throws_to_enter(np.random.default_rng(2), 200_000)
    assert counts.mean() == pytest.approx(12 / 5, abs=0.02)
    assert 1 / enter_chance() == Fraction(12, 5)


# ---------------------------------------------------------------- landing and hitting


def test_land_chance_by_hand():
    assert land_chance(1) == Fraction(11, 36)  # a 1 on either die; no total is 1
    assert land_chance(6) == Fraction(16, 36)  # a 6 on either die, or 1-5 2-4 3-3 4-2 5-1
    assert land_chance(7) == Fraction(6, 36) and land_chance(12) == Fraction(1, 36)
    assert land_chance(13) == 0


@pytest.mark.parametrize("k", range(1, 13))
def test_land_chance_matches_the_engine_and_the_simulation(k):
    # seat 0 stands k behind a lone piece of seat 1 on the white square 40
    assert by_engine(f"{40 - k} h h h / 40 c c c", victim=1) == land_chance(k)
    rate = sim.land_rate(np.random.default_rng(k), k, 100_000)
    assert rate == pytest.approx(float(land_chance(k)), abs=0.006)


def test_hit_chance_from_two_pieces_behind_and_a_corner():
    # seat 1 to throw: pieces 3 and 4 behind seat 0's piece on 44, and a corner whose
    # entry square (38) is 6 behind it (enter on a 5, then move 6 more on the other die)
    exact = hit_chance([3, 4], entering=[6])
    assert by_engine("44 h h h / 41 40 c c", victim=0, first_player=1) == exact
    assert sim.hit_rate(np.random.default_rng(3), [3, 4], 200_000, entering=[6]) == pytest.approx(
        float(exact), abs=0.005
    )


def test_hit_risk_reads_the_board():
    s = engine.new_game("india", players=2, start="44 h h h / 41 40 c c")
    board = s.board()
    assert hit_risk(board, 0, s.pieces[0][0]) == hit_chance([3, 4], [6])
    assert hit_risk(board, 0, 7) == 0  # square 11 is blue
    assert hit_risk(board, 0, 66) == 0  # red path


# ------------------------------------------------ a whole turn: rethrows after doubles


def test_turn_hit_chance_by_hand():
    # 4 behind: 14 of 36 throws hit at once; 1-1 misses and moves the piece to 2 behind, from
    # where 12 of 36 hit (2-2 hits at once, 3-3 5-5 6-6 pass the target)
    assert turn_hit_chance([4]) == Fraction(14, 36) + Fraction(1, 36) * Fraction(12, 36)
    assert turn_hit_chance([2]) == hit_chance([2]) == Fraction(12, 36)  # no double continues
    assert turn_hit_chance([]) == 0 and turn_hit_chance([], entering=7) == 0  # nobody waits


def test_a_whole_turn_is_at_least_its_first_throw():
    for behind in ([1], [6], [2, 6], [3, 4, 12], [13], [30, 40]):
        for entering, waiting in ((None, 0), (6, 1), (20, 3)):
            first = hit_chance([d for d in behind if d <= 12], [entering] if waiting else [])
            assert turn_hit_chance(behind, entering, waiting) >= first
    assert turn_hit_chance([13]) > 0 == hit_chance([13])  # 13 behind: only after a double


def test_turn_hit_chance_refuses_nonsense():
    for bad in ({"behind": [0]}, {"behind": [64]}, {"behind": [3], "waiting": 5}):
        with pytest.raises(ValueError):
            turn_hit_chance(**{"behind": [], **bad})


def model_rethrow(state, target: int):
    """Seat 1 plays a double that missed the way ``turn_hit_chance`` says, through the engine:
    5s enter while a piece waits, the rest moves his piece nearest behind square ``target``.
    The state at his rethrow, or None if the model gives him none."""
    side = state.sides[1]
    while state.current_player == 1:
        if state.dice[0] == 5 and Enter() in state.legal_actions():
            state = state.apply(Enter())
            continue
        behind = {
            i: d
            for i, p in enumerate(state.pieces[1])
            if 0 <= p <= 63
            for d in [(target - square(side, p)) % 68]
            if p + d <= 63
        }
        if not behind:
            return None
        state = state.apply(Move(min(behind, key=behind.get), sum(state.dice)))
    return state if state.current_player == CHANCE and state.turn == 1 else None


def by_engine_turn(start: str, target: int) -> Fraction:
    """Seat 1's whole turn against seat 0's piece on ``target``, enumerated through the rules:
    every throw, the engine's own test of a capture, and the model's play after a double.
    (Seat 1 has at most two pieces out, so no blockade the model leaves aside can form.)"""

    @cache
    def chance(position: str) -> Fraction:
        s = engine.new_game("india", players=2, start=position, first_player=1)
        total = Fraction(0)
        for t in ALL_THROWS:
            thrown = s.apply(t)
            if thrown.current_player == 1 and can_hit(thrown, 0):
                total += 1
            elif t.doubles and thrown.current_player == 1:
                after = model_rethrow(thrown, target)
                total += chance(after.position()) if after else 0
        return total / 36

    return chance(start)


@pytest.mark.parametrize(
    ("start", "behind", "entering", "waiting"),
    [
        ("44 h h h / 40 c h h", [4], 6, 1),  # 4 behind, his corner 6 behind
        ("60 h h h / 52 57 h h", [3, 8], 22, 0),  # two pieces behind, nobody waiting
        ("44 h h h / c c h h", [], 6, 2),  # only his corner: 5-5 enters two, then rethrows
    ],
)
def test_turn_hit_chance_matches_the_rules_turn_by_turn(start, behind, entering, waiting):
    target = int(start.split()[0])
    exact = turn_hit_chance(behind, entering, waiting)
    assert by_engine_turn(start, target) == exact
    board = engine.new_game("india", players=2, start=start).board()
    progress = (target - 4) % 68
    assert turn_hit_risk(board, 0, progress) == exact
    assert hit_risk(board, 0, progress) <= exact


def test_turn_hit_risk_counts_each_opponent():
    s = engine.new_game("india", players=3, start="44 h h h / c c c c / 40 h h h")
    board, progress = s.board(), s.pieces[0][0]
    seat1 = turn_hit_chance([], (44 - 55) % 68, 4)  # seat 1 enters on 55
    seat2 = turn_hit_chance([4])
    assert turn_hit_risk(board, 0, progress) == 1 - (1 - seat1) * (1 - seat2)
    assert turn_hit_risk(board, 0, 7) == 0 and turn_hit_risk(board, 0, 66) == 0  # blue, red


# ---------------------------------------------------------------- bringing a piece home


def test_expected_throws_home_by_hand():
    assert expected_throws_home(1) == Fraction(36, 11)  # only a 1 on a die will do
    assert expected_throws_home(6) < expected_throws_home(1)  # why 6 away beats 1 away
    assert best_single_die(4, ALL_THROWS[2 * 6 + 3]) in (3, 4)  # throw 3-4: 4 fits exactly


@pytest.mark.parametrize("d", [1, 6, 20, 71])
def test_expected_throws_home_matches_the_simulation(d):
    counts = sim.lone_piece_throws(np.random.default_rng(d), d, 100_000)
    err = 4 * counts.std() / np.sqrt(counts.size)
    assert abs(counts.mean() - float(expected_throws_home(d))) < err


def test_expected_throws_home_matches_engine_games():
    """Seat 0's last piece on its own blue square (8 from home, safe): engine games played by
    the same choice of die count the throws."""
    rng, total, games = random.Random(5), 0, 400
    for g in range(games):
        s = engine.new_game("india", players=2, seed=g, start="67 h h h / c c c c")
        while not s.is_terminal():
            if s.current_player == CHANCE:
                total += s.turn == 0
                s = s.apply(s.sample_chance(rng))
                continue
            acts = s.legal_actions()
            if s.turn == 0 and len(s.dice) == 2 and sum(s.dice) > 71 - s.pieces[0][0]:
                die = best_single_die(71 - s.pieces[0][0], s.thrown)
                acts = [a for a in acts if a.steps == die]
            s = s.apply(acts[0])
    exact = float(expected_throws_home(8))
    assert total / games == pytest.approx(exact, abs=0.3)
