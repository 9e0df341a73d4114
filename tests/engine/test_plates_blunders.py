"""The beginner's blunder at plates, marked: challenging a bid that the player's own plate
already makes true (he pays for sure) is a costly mistake in the review at least 9 times in
10, whatever the expert's seed, and the expert's own call never is.

The positions: seeded deals at three and four players; the opener bids as many of some digit
as the next player's plate shows (his most frequent digit), and that player answers."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.plates import Bid, Challenge
from engine.review import settled

DEALS = range(15)


def positions():
    """(state, Challenge) where the mover's own plate makes the standing bid true."""
    for players in (3, 4):
        for deal in DEALS:
            s = engine.new_game("plates", players=players, seed=deal)
            while s.current_player == engine.CHANCE:
                s = s.apply(s.sample_chance())
            nxt = (s.current_player + 1) % players
            digit, count = Counter(
                int(d) for d in s.view(nxt)["my_plate"]["number"] if d.isdigit()
            ).most_common(1)[0]
            s = s.apply(Bid(count, digit))
            assert s.current_player == nxt and Challenge() in s.legal_actions()
            yield s, Challenge()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 7])
def test_challenging_a_bid_your_own_plate_makes_true_is_costly(seed):
    expert = engine.make_bot("plates", "expert", seed=seed)
    found = list(positions())
    marked = 0
    for s, action in found:
        advice = settled(expert, s, action)
        marked += advice.is_costly(action)
        assert not advice.is_costly(advice.best.action)
    assert marked >= 0.9 * len(found), f"{marked} of {len(found)}"
