"""Every number typed into the text of lesson 02 (the Royal Game of India), recomputed from
the engine and from an independent count. Each test names the cell it guards; the numbers
the lesson's code cells print are checked by nbval instead."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from lesson_cells import Lesson, accepts, guide_says

import engine
from engine.india import (
    BLUE,
    HOME,
    TRACK,
    Enter,
    Throw,
    entry_square,
    expected_throws_home,
    hit_chance,
    land_chance,
    sides_for,
    turn_hit_chance,
    turn_square,
)
from tabletop_widgets import IndiaTable

LESSON = Lesson("02_royal_game_of_india.ipynb")
THROWS = list(product(range(1, 7), repeat=2))  # the 36 ordered throws, counted here afresh


def reaching(k: int) -> list[tuple[int, int]]:
    """The throws that bring a piece exactly k squares on: a die or the total."""
    return [(a, b) for a, b in THROWS if k in (a, b, a + b)]


def test_the_board():  # cells india-board, india-route
    LESSON.says("india-board", "68 track squares, 12 of them blue")
    assert TRACK == 68 and len(BLUE) == 12
    LESSON.says(
        "india-route",
        "square **4**",
        "square **67**",
        "Purple enters on 38 and turns up at 33",
    )
    yellow, purple = sides_for(2)
    assert (entry_square(yellow), turn_square(yellow)) == (4, 67)
    assert (entry_square(purple), turn_square(purple)) == (38, 33)
    s = engine.new_game("india", players=2, start="67 c c c / 38 c c c")
    assert s.position() == "67 c c c / 38 c c c"  # both squares lie on the seats' routes


def test_entering_takes_twelve_fifths_throws():  # cells india-geometric, india-learned
    LESSON.says("india-geometric", "$p = 5/12$", "$1/p = 12/5 = 2.4$")
    LESSON.says("india-learned", "15 of the 36 throws enter, so a wait of 12/5 = 2.4 throws")
    by_count = [(a, b) for a, b in THROWS if 5 in (a, b) or a + b == 5]
    fresh = engine.new_game("india", players=2)
    by_engine = [t for t in THROWS if Enter() in fresh.apply(Throw(*t)).legal_actions()]
    assert len(by_count) == len(by_engine) == 15
    assert 1 / Fraction(15, 36) == Fraction(12, 5) == Fraction(24, 10)


def test_landing_six_ahead():  # cell india-land
    LESSON.says("india-land", "a 6 on either die (11 throws) or 1-5, 2-4, 3-3, 4-2, 5-1: 16 of 36")
    sixes = [t for t in THROWS if 6 in t]
    totals = [t for t in THROWS if 6 not in t and sum(t) == 6]
    assert len(sixes) == 11 and totals == [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)]
    assert land_chance(6) == Fraction(len(reaching(6)), 36) == Fraction(16, 36)


def test_one_away_needs_36_elevenths_throws():  # cells india-home, india-solution-4
    LESSON.says("india-home", "only a 1 on a die will do, 11 throws of 36, so $E(1) = 36/11$")
    LESSON.says("india-solution-4", "≈ **2.713**, better than 36/11 ≈ 3.273 from 1 away")
    ones = [t for t in THROWS if 1 in t]
    assert len(ones) == 11 and expected_throws_home(1) == Fraction(36, len(ones))
    assert round(float(expected_throws_home(6)), 3) == 2.713
    assert round(36 / 11, 3) == 3.273


def test_hit_from_four_behind_over_a_whole_turn():  # cells india-hit, india-learned
    LESSON.says("india-hit", "a total of 4 (1-3, 2-2, 3-1): 14 of 36", "12 times in 36")
    LESSON.says(
        "india-hit",
        "\\tfrac{14}{36} + \\tfrac{1}{36}\\cdot\\tfrac{12}{36} = \\tfrac{43}{108}",
    )
    LESSON.says("india-learned", "14/36 on the first throw, 43/108 over the turn")
    assert len(reaching(4)) == 14 and len(reaching(2)) == 12
    # doubles from 4 behind: 2-2 and 4-4 hit, 1-1 leaves him 2 behind, the others pass
    assert [a for a in range(1, 7) if 4 in (a, 2 * a)] == [2, 4]
    by_hand = Fraction(14, 36) + Fraction(1, 36) * Fraction(12, 36)
    assert by_hand == Fraction(43, 108) == turn_hit_chance([4])
    assert hit_chance([4]) == Fraction(14, 36)


def test_exercise_solutions():  # cells india-solution-1 to -3
    LESSON.says("india-solution-1", "One throw of 36: **1/36**")
    assert [t for t in THROWS if t == (5, 5)] == [(5, 5)]
    LESSON.says("india-solution-2", "**13/36** ≈ 0.361")
    assert land_chance(3) == Fraction(len(reaching(3)), 36) == Fraction(13, 36)
    LESSON.says("india-solution-3", "**5/36** ≈ 0.139", "4-4 hits at once, but 1-1, 2-2 and 3-3")
    assert hit_chance([8]) == Fraction(len(reaching(8)), 36) == Fraction(5, 36)
    assert [a for a in range(1, 7) if 8 in (a, 2 * a)] == [4]
    assert [a for a in range(1, 7) if 8 - 2 * a > 0] == [1, 2, 3]  # they miss, and come closer
    assert turn_hit_chance([8]) > hit_chance([8])
    guide_says("(1) 1/36, (2) 13/36 ≈ 0.361, (3) 5/36 ≈ 0.139 on the first throw,")
    guide_says("(4) 34379/12672 ≈ 2.713 throws")
    assert expected_throws_home(6) == Fraction(34379, 12672)


def test_the_guide_on_game_length():  # the guide's section 02, cell india-62
    guide_says("a whole game takes 105.7 ± 2.8 throws", "needs 12.47 throws from its entry square")
    assert "a whole game: 105.7 ± 2.8 throws (95% interval, 60 games)" in LESSON.output("india-62")
    assert round(float(expected_throws_home(71)), 2) == 12.47


def test_the_first_table_enters_on_its_first_throw():  # cell india-play, and the guide
    guide_says("With seed 20 the student's very first throw is 5-4: a piece enters at once.")
    table = IndiaTable(players=4, seed=20, humans=(0,))
    table.throw()
    assert table.state.thrown == Throw(5, 4) and Enter() in table.state.legal_actions()
    assert HOME == 71


def test_the_guide_on_the_explorer():  # the guide's section 02
    guide_says("16/36 on his first throw, 0.465 over his whole turn")
    guide_says("add nothing at 1 and 2 squares, a little (about 0.01 to 0.02) from 3 to 6")
    guide_says("about 0.03 to 0.04 from 7 to 14", "(about 0.04 at 13)")
    first = {d: float(hit_chance([d])) for d in range(1, 19)}
    turn = {d: float(turn_hit_chance([d])) for d in range(1, 19)}
    assert max(first, key=first.get) == max(turn, key=turn.get) == 6
    assert hit_chance([6]) == Fraction(16, 36) and round(turn[6], 3) == 0.465
    assert turn[1] == first[1] and turn[2] == first[2]
    assert all(0.005 < turn[d] - first[d] < 0.025 for d in range(3, 7))
    assert all(0.025 < turn[d] - first[d] < 0.045 for d in range(7, 15))
    assert first[13] == 0 and round(turn[13], 2) == 0.04


class FurthestAhead:
    """The lesson's MyStrategy with ``max`` for ``min``: capture, enter, else move the piece
    furthest ahead."""

    def choose(self, state):
        seat, options = state.current_player, state.legal_options()
        for option in options:
            if option.captured:
                return option.action
        for option in options:
            if isinstance(option.action, Enter):
                return option.action
        mine = state.view(seat)["pieces"][seat]
        return max(options, key=lambda option: mine[option.action.piece]).action


def test_the_guide_on_try_it():  # the guide's section 02, cell india-try-it (the lesson's games)
    guide_says("wins only 3 of 100 games against the basic bot")
    guide_says("won 45 of 100 in our run: an interval that holds one half")
    assert LESSON.output("india-try-it").startswith("MyStrategy won 3 of 100 games")
    won = 0
    for g in range(100):
        me, players = g % 2, [FurthestAhead(), engine.make_bot("india", "basic", seed=g)]
        if me:
            players.reverse()
        won += engine.play(engine.new_game("india", players=2, seed=g), players).winners() == [me]
    assert won == 45 and abs(won / 100 - 0.5) < 1.96 * (0.45 * 0.55 / 100) ** 0.5


def test_the_checkers_accept_every_correct_form():
    # folded cell india-expected; check cells india-49, -52, -55, -58
    expected = LESSON.expected_answers(
        "india-expected",
        checks=("india-49", "india-52", "india-55", "india-58"),
        spoilers=("1/36", "13/36", "5/36", "2.71", "Fraction("),
        setup=("india-02", "india-35", "india-38", "india-41"),
    )
    accepts(expected[1], [Fraction(1, 36), "1/36", 0.0278], [0.028, Fraction(2, 36)])
    accepts(expected[2], [Fraction(13, 36), "13/36", 0.361], [Fraction(11, 36), 0.36])
    accepts(expected[3], [Fraction(5, 36), "5/36", 0.139], [turn_hit_chance([8]), 0.14])
    accepts(expected[4], [Fraction(34379, 12672), 2.71], [2.7, Fraction(36, 11)])
