"""The standing the coach shows is for the players seated (issue 35, item 3): the bots' play is
known, a human's is assumed (``engine.india.value.PACE``, the plates expert's ``players``), and
``benchmarks/calibration.py`` checks both on mixed tables. These tests pin the direction and the
plumbing; the calibration itself is the benchmark's."""

from __future__ import annotations

import pytest

import engine
from engine.bots import HUMAN, NoisyBot, kind_of
from engine.india import Throw, parse_position
from engine.india.expert import ExpertBot
from engine.india.value import PACE, learned, paces
from engine.plates import Bid
from engine.review import coach

SIDES = (0, 2)


def india_chance(players: tuple[str, ...] | None, seat: int = 0) -> float:
    """The chance the coach shows seat 0 for its best move, early in a two-player game."""
    state = engine.new_game("india", players=2, seed=4, start="20 c c c / 14 c c c")
    state = state.apply(Throw(3, 4))
    assert state.current_player == seat
    return ExpertBot(players=players).advise(state).best.value


def test_the_pace_orders_the_players_and_a_human_is_assumed_between():
    assert PACE["expert"] == 1.0
    assert PACE["expert"] < PACE["basic"] < PACE["random"]
    assert PACE["basic"] <= PACE[HUMAN] < PACE["random"]
    assert paces(None) is None
    assert paces(("expert", "basic", "someone")) == (1.0, PACE["basic"], PACE[HUMAN])


def test_the_chance_shown_is_higher_against_a_weaker_opponent():
    against = {kind: india_chance(("expert", kind)) for kind in ("expert", "basic", "random")}
    assert against["expert"] < against["basic"] < against["random"]
    assert against["random"] - against["expert"] > 0.1


def test_a_weaker_player_is_shown_a_smaller_chance_of_the_same_position():
    mover = {kind: india_chance((kind, "expert")) for kind in ("expert", HUMAN, "random")}
    assert mover["random"] < mover[HUMAN] < mover["expert"]


def test_every_seat_an_expert_is_the_chance_shown_before():
    """None (the bots' own expert) and every seat an expert give the same chances."""
    assert india_chance(None) == india_chance(("expert", "expert"))
    pieces = parse_position("r1 r2 30 c / 40 50 c c", 2)
    assert learned().chances(pieces, 0, SIDES, False, (0, 1)) == learned().chances(
        pieces, 0, SIDES, False, (0, 1), (1.0, 1.0)
    )


def test_a_list_of_players_that_does_not_fit_the_table_is_refused():
    state = engine.new_game("india", players=2, seed=4).apply(Throw(5, 2))
    with pytest.raises(ValueError, match="2 seats"):
        ExpertBot(players=("expert",)).advise(state)


def test_the_coach_knows_the_bots_and_takes_anyone_else_for_a_human():
    assert [kind_of(engine.make_bot("india", k)) for k in ("random", "basic", "expert")] == [
        "random",
        "basic",
        "expert",
    ]
    assert kind_of(None) == kind_of(lambda seat: None) == HUMAN
    assert kind_of(NoisyBot(engine.make_bot("plates", "basic"))) == HUMAN
    assert coach("india", ("expert", HUMAN)).players == ("expert", HUMAN)
    assert coach("plates", ("basic", "random", HUMAN)).players == ("basic", "random", HUMAN)
    assert not hasattr(coach("michigan", ("basic",) * 4), "players")  # values for experts


def test_the_noisy_bot_plays_its_base_or_at_random_as_its_noise_says():
    state = engine.new_game("india", players=2, seed=1).apply(Throw(5, 5))
    basic = engine.make_bot("india", "basic")
    never = NoisyBot(basic, noise=0.0, seed=3)
    assert all(never.choose(state) == basic.choose(state) for _ in range(20))
    always = NoisyBot(basic, noise=1.0, seed=3)
    picks = {always.choose(state) for _ in range(200)}
    assert picks == set(state.legal_actions())
    with pytest.raises(ValueError, match="noise"):
        NoisyBot(basic, noise=1.5)


def plates_opening(players: int = 3, seed: int = 5) -> engine.State:
    """A plates game at its first call (seat 0 opens)."""
    state = engine.new_game("plates", players=players, seed=seed)
    while state.current_player == engine.CHANCE:
        state = state.apply(state.sample_chance())
    return state


def test_plates_values_for_basic_players_are_the_models_own():
    state = plates_opening()
    before = engine.make_bot("plates", "expert").advise(state)
    told = plates_coach(("basic", "basic", "expert")).advise(state)
    assert [(o.action, o.value) for o in before.options] == [
        (o.action, o.value) for o in told.options
    ]


def test_plates_against_random_players_the_bid_matters_less_than_their_raises():
    """A random player raises far more often than he answers, with a bid that is mostly
    false: the student's bid is wiped out and the raise is worth challenging. So the bids
    that leave them much to raise to are worth about the same, and more than the best
    against basic players, who answer them."""
    state = plates_opening()
    basic = plates_coach(("human", "basic", "basic")).advise(state)
    random_ = plates_coach(("human", "random", "random")).advise(state)
    low = [o.action for o in basic.options if isinstance(o.action, Bid) and o.action.count <= 15]
    values = [random_.judged(b).value for b in low]
    assert max(values) - min(values) < 3
    assert min(values) > basic.best.value
    spread = [basic.judged(b).value for b in low]
    assert max(spread) - min(spread) > 10


def test_plates_a_list_of_players_that_does_not_fit_the_table_is_refused():
    with pytest.raises(ValueError, match="3 seats"):
        plates_coach(("basic", "basic")).advise(plates_opening())


def plates_coach(players: tuple[str, ...]):
    return coach("plates", players)
