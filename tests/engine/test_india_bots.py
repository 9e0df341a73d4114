"""India's bots: the basic bot's stated preferences, and that it beats random bots.

The issue's figure (1,000 four-player games, one basic bot against three random ones) is
measured by ``benchmarks/india_bots.py``; here a smaller sample with a safe margin.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from bot_games import basic_decisions

import engine
from engine.india import ALL_THROWS, CORNER, HOME, Enter, Move, Throw, hit_risk
from engine.india.odds import _threats, hitting_throws
from engine.india.rules import Position


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


# ---------------------------------------------------------------- whole numbers, same choices


def first_written_hit_risk(board, seat, progress):
    """``hit_risk`` as first written: 1 - the product over opponents of (1 - the share of the
    36 throws that hit), each share a ``Fraction``."""
    threats = _threats(board, seat, progress)
    if threats is None:
        return Fraction(0)
    safe = Fraction(1)
    for behind, entering, waiting in threats:
        near = [d for d in behind if d <= 12]
        enters = [entering] if waiting and entering and entering <= 6 else []
        hits = sum(
            any(d in (t.a, t.b, t.a + t.b) for d in near)
            or any((t.a == 5 and t.b == e) or (t.b == 5 and t.a == e) for e in enters)
            for t in ALL_THROWS
        )
        safe *= 1 - Fraction(hits, 36)
    return 1 - safe


def first_written_choice(state):
    """The basic bot's preferences as first written, the squares at stake in ``Fraction``s."""
    view = state.view(state.turn)
    seat, before = view["seat"], view["pieces"][view["seat"]]

    def score(o):
        moved = o.action.piece if isinstance(o.action, Move) else before.index(CORNER)
        after = Position(o.pieces, view["sides"], view["partners"])
        at_stake = sum((first_written_hit_risk(after, seat, p) * p for p in o.pieces[seat]), 0)
        blockades = sum(1 for seats in after.at.values() if seats.count(seat) == 2)
        home = o.pieces[seat][moved] == HOME
        captured, entered = o.captured is not None, isinstance(o.action, Enter)
        return (captured, entered, home, -at_stake, blockades, before[moved])

    return max(state.legal_options(), key=score).action


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (4, {}), (4, {"partners": True})],
    ids=["2p", "3p", "4p", "partners"],
)
def test_whole_numbers_choose_as_the_fractions_did(players, options):
    """The bot counts the risk in whole numbers (``hitting_throws``): at every decision of
    seeded games it makes the choice the ``Fraction``s made, and every piece's count is its
    risk times 36 per opponent."""
    opponents = players - 1 - (players == 4 and bool(options))
    decisions = 0
    for s, action in basic_decisions("india", players, range(2), **options):
        board = s.board()
        for seat, mine in enumerate(s.pieces):
            for p in mine:
                risk = first_written_hit_risk(board, seat, p)
                assert hit_risk(board, seat, p) == risk
                assert hitting_throws(board, seat, p) == risk * 36**opponents
        assert action == first_written_choice(s)
        decisions += 1
    assert decisions > 150
