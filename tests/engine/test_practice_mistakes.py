"""Your own mistakes as puzzles (``engine.practice.mistakes``)."""

from __future__ import annotations

import pytest

import engine
from engine.advice import Advice, Judged
from engine.practice import is_right, kinds
from engine.practice.bank import hide
from engine.practice.mistakes import certain, puzzles_from
from engine.review import review
from engine.values import decode


@pytest.fixture(scope="module")
def reviewed():
    bots = [engine.make_bot("plates", "random", seed=1)] + [
        engine.make_bot("plates", "basic", seed=s) for s in (2, 3)
    ]
    game = engine.play(engine.new_game("plates", players=3, seed=3), bots)
    return review(game, seats=[0])


def test_costly_mistakes_become_puzzles_with_the_experts_certain_choice(reviewed):
    made = puzzles_from(reviewed, 0)
    costly = [d for d in reviewed.mistakes if certain(d.advice)]
    assert made and len(made) <= len(costly)
    by_move = {d.move: d for d in costly}
    for p in made:
        state = p.state()
        move = int(p.id.rsplit("-", 1)[1])
        d = by_move[move]
        best = decode(p.answer, type(state).kinds())
        assert best == d.advice.best.action and best in state.legal_actions()
        assert is_right(p, best) and not is_right(p, d.played)
        assert (p.kind, p.seat, state.current_player, state.seed) == ("mistake", 0, 0, 0)
        about = kinds("plates")
        assert hide(state, 0, about.code, about.seen).to_json() == p.position  # nothing unseen
        assert str(d.played) in p.question


def test_another_seats_mistakes_are_not_this_students(reviewed):
    assert puzzles_from(reviewed, 1) == []


def advice(values, intervals, exact=False):
    options = tuple(
        Judged(k, v, loss_interval=i)
        for k, (v, i) in enumerate(zip(values, intervals, strict=True))
    )
    return Advice(0, options, "dollars", "why.", costly=1.0, exact=exact)


def test_certain_means_exact_or_three_intervals_clear():
    assert certain(advice([5, 4], [0, 0], exact=True))
    assert not certain(advice([5, 5], [0, 0], exact=True))  # a tie: no one right answer
    assert certain(advice([5, 4], [0, 0.3]))
    assert not certain(advice([5, 4], [0, 0.34]))  # 1 < 3 x 0.34
    assert not certain(advice([5, 4], [0, 0]))  # sampled, no interval: not known
    assert not certain(advice([5], [0], exact=True))
