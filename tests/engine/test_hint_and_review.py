"""One judgement per decision: a student who plays the move the Hint names, at every decision
of a game, is never told by the Review that the move was a costly mistake (the Hint shows the
review's first look, ``looked``, made on the same sampled deals). Rupees' Review once marked
the Hint's own card costly: the Hint judged on the expert's few default deals (4 to 32), the
Review on up to 3,200, where a rich layout the few had missed turned the ranking round."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.review import looked, review

TABLES = [
    ("plates", 4, {}, (0, 1, 2)),
    ("india", 2, {}, (0, 1, 2)),
    ("rummy", 4, {}, (0, 1, 2)),
    ("michigan", 4, {"deals": 1}, (0, 1, 2, 3)),
    pytest.param("rupees", 4, {"target": 100_000}, (0, 1, 2), marks=pytest.mark.slow),
]
"""Each game's table and the seeds of its games (seed 0 of Rupees: the default deals' ranking
put three costly moves first)."""


class HintFollower:
    """A student who plays the Hint's move at every decision."""

    def __init__(self, game: str) -> None:
        self.expert = engine.make_bot(game, "expert")

    def choose(self, seat: Any) -> Any:
        return looked(self.expert, seat).best.action


@pytest.mark.parametrize(("game", "players", "options", "seeds"), TABLES)
def test_the_hints_move_is_never_marked_costly(game, players, options, seeds):
    for seed in seeds:
        bots = [HintFollower(game)]
        bots += [engine.make_bot(game, "basic", seed=10 * seed + s) for s in range(1, players)]
        end = engine.play(engine.new_game(game, players, seed, **options), bots)
        r = review(end, seats=0)
        assert r.decisions, "seat 0 had decisions to make"
        assert r.mistakes == [], f"seed {seed}: {[d.line() for d in r.mistakes]}"
        assert all(d.agreed for d in r.decisions)


def test_the_review_takes_the_hints_looks_for_the_moves_they_named():
    """The Hints' judgements are the review's first looks: not asked for again."""
    follower = HintFollower("michigan")
    looks: dict[int, Any] = {}

    class Recording:
        def choose(self, seat: Any) -> Any:  # a Seat: ``move`` is how many actions so far
            looks[seat.move] = look = looked(follower.expert, seat)
            return look.best.action

    bots = [Recording()] + [engine.make_bot("michigan", "basic", seed=s) for s in range(1, 4)]
    end = engine.play(engine.new_game("michigan", 4, 3, deals=1), bots)

    class Counting:
        asked = 0

        def advise(self, state: engine.State, **kw: Any) -> Any:
            Counting.asked += 1
            return follower.expert.advise(state, **kw)

    r = review(end, seats=0, expert=Counting(), looks=looks)
    assert r.decisions and Counting.asked == 0
    assert all(d.advice is looks[d.move] for d in r.decisions)
