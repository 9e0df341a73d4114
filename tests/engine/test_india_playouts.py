"""Random playouts: seeded India games between random bots, invariants checked at every step.

Every piece is always in its corner, on the board or home; no track square holds more than two
pieces or two opposing colours; games end; on a sample of states every legal action applies and
every other move raises ``IllegalAction`` and leaves the state untouched.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from bot_games import playout, seeded_bots

import engine
from engine import CHANCE, IllegalAction
from engine.india import CORNER, HOME, PIECES, Enter, Move

CONFIGS = [(2, {}), (3, {}), (4, {}), (4, {"partners": True}), (3, {"play_on": True})]


@cache
def india_playout(players: int, seed: int, **options) -> tuple:
    """Every state of one game between random bots, first to last."""
    s = engine.new_game("india", players=players, seed=seed, **options)
    return playout(s, seeded_bots("india", players, 100 * seed), limit=5000)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_playouts_keep_the_invariants(players, options):
    for seed in range(4):
        states = india_playout(players, seed, **options)
        for s in states:
            assert len(s.pieces) == players
            assert all(len(m) == PIECES and all(CORNER <= p <= HOME for p in m) for m in s.pieces)
            board = s.board()
            for seats in board.at.values():
                assert len(seats) <= 2 and board.friendly(seats[0], seats[-1])
            if s.current_player not in (CHANCE, None):
                assert s.legal_actions() and s.dice
        end = states[-1]
        assert end.winners() and all(end.home(w) for w in end.winners())
        assert end.returns() == engine.from_json(end.to_json()).returns()


def test_every_legal_action_applies_and_every_other_raises():
    rng = random.Random(0)
    states = [
        s
        for n, o in CONFIGS
        for s in india_playout(n, 0, **o)
        if s.current_player not in (CHANCE, None)
    ]
    every = [Enter()] + [Move(i, k) for i in range(PIECES) for k in range(1, 13)]
    for s in rng.sample(states, 30):
        legal = s.legal_actions()
        mine = s.pieces[s.turn]
        for a in every:
            twin = isinstance(a, Move) and any(
                isinstance(b, Move) and b.steps == a.steps and mine[b.piece] == mine[a.piece]
                for b in legal
            )
            if a in legal or twin:
                assert s.apply(a).history[-1] == a
            else:
                before = (s.pieces, s.dice, s.turn, s.to_move, s.history)
                with pytest.raises(IllegalAction):
                    s.apply(a)
                assert (s.pieces, s.dice, s.turn, s.to_move, s.history) == before


def test_captures_send_pieces_to_the_corner_and_nothing_else_moves_back():
    for n, o in CONFIGS:
        states = india_playout(n, 1, **o)
        for before, after in itertools.pairwise(states):
            for seat in range(n):
                for p, q in zip(before.pieces[seat], after.pieces[seat], strict=True):
                    assert q >= p or q == CORNER
