"""India's bots: the basic bot's stated preferences, and that it beats random bots.

The issue's figure (1,000 four-player games, one basic bot against three random ones) is
measured by ``benchmarks/india_bots.py``; here a smaller sample with a safe margin.
"""

from __future__ import annotations

import engine
from engine.india import Enter, Move, Throw


def basic(state):
    return engine.make_bot("india", "basic").choose(state)


def test_basic_captures_first():
    s = engine.new_game("india", players=2, start="10 20 c c / 13 c c c").apply(Throw(3, 5))
    assert basic(s) == Move(0, 3)


def test_basic_enters_when_it_cannot_capture():
    s = engine.new_game("india", players=2, start="10 c c c / c c c c").apply(Throw(5, 2))
    assert basic(s) == Enter()


def test_basic_brings_a_piece_home():
    s = engine.new_game("india", players=2, start="r6 20 h h / c c c c").apply(Throw(2, 4))
    assert basic(s) == Move(0, 2)


def test_basic_prefers_a_safe_square():
    # piece 0 on 6 has seat 1's piece one behind it; a 5 takes it to the blue square 11,
    # then the 3 takes piece 1 from 30 to the blue square 33
    s = engine.new_game("india", players=2, start="6 30 h h / 5 c c c").apply(Throw(5, 3))
    assert basic(s) == Move(0, 5)
    assert basic(s.apply(Move(0, 5))) == Move(1, 3)


def test_basic_beats_three_random_bots():
    wins, games = 0, 20
    for seed in range(games):
        bots = [
            engine.make_bot("india", "basic" if k == 0 else "random", seed=seed * 7 + k)
            for k in range(4)
        ]
        end = engine.play(engine.new_game("india", players=4, seed=seed), bots)
        wins += end.winners() == [0]
    assert wins / games > 0.5  # a quarter would be no better than chance
