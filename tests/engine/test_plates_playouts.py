"""Random playouts: many seeded games between random bots, checking invariants at every step.

200 games (3 to 6 players, both digit options) for the cheap invariants and the scoring oracle;
a sample of states for the costlier checks (every legal action applies, every other one raises
and changes nothing; saves round-trip; views show no hidden plate).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import defaultdict
from functools import cache

import pytest
from bot_games import playout, seeded_bots

import engine
from engine import CHANCE, IllegalAction
from engine.core import seats_from_left
from engine.plates import SETUP, Agree, Bid, Cancel, Challenge, Plate
from engine.values import Shuffle

CONFIGS = [(n, d) for n in (3, 4, 5, 6) for d in ("balanced", "uniform")]
GAMES = [(n, d, seed) for n, d in CONFIGS for seed in range(25)]  # 200 games


@cache
def plates_playout(players: int, digits: str, seed: int, bot_seed: int = 0) -> tuple:
    """Every state of one game between random bots, first to last."""
    s = engine.new_game("plates", players=players, seed=seed, digits=digits)
    return playout(s, seeded_bots("plates", players, 1000 * bot_seed), limit=10_000)


def sample(games, k, seed):
    """``k`` states drawn (seeded) from the given games."""
    rng = random.Random(seed)
    states = [s for g in games for s in plates_playout(*g)]
    return rng.sample(states, k)


# ---------------------------------------------------------------- every step


@pytest.mark.parametrize(("players", "digits"), CONFIGS)
def test_random_playouts_keep_the_invariants(players, digits):
    money = SETUP[players].money * players
    for seed in range(25):
        states = plates_playout(players, digits, seed)
        for before, after in itertools.pairwise(states):
            action = after.history[-1]
            assert after.history[:-1] == before.history
            assert sum(after.money) == money and min(after.money) >= 0
            if before.current_player == CHANCE:
                assert isinstance(action, Shuffle)
            else:
                assert action in before.legal_actions()
                assert before.live[before.current_player]
            if not after.is_terminal():
                assert sum(after.live) >= 2
                assert after.legal_actions()
                assert after.round < after.rounds_total
        end = states[-1]
        assert end.is_terminal() and end.legal_actions() == []
        assert sum(end.returns()) == money and end.returns() == list(end.money)
        assert not any(end.stands) or sum(end.live) < 2
        assert len(end.results) == end.round <= end.rounds_total
        assert end.winners() == [s for s in range(players) if end.money[s] == max(end.money)]


def _expected_payments(result, money_before):
    """docs/rules.md §5.4 and §5.5 written out again: who owes whom, paid while money lasts."""
    fine = {int(who.split()[1]): p.fine for who, p in result.in_play if who.startswith("seat")}
    if result.bid_true:
        debts = [
            (c, s, fine[s])
            for c in result.challengers
            for s in seats_from_left(c, len(money_before))
            if s == result.bidder or s in result.agreers
        ]
    else:
        debts = [
            (p, s, fine[p])
            for p in (result.bidder, *result.agreers)
            for s in seats_from_left(p, len(money_before))
            if s in result.challengers
        ]
    left, out = list(money_before), defaultdict(list)
    for payer, payee, owed in debts:
        paid = min(owed, left[payer])
        left[payer] -= paid
        if paid:
            out[payer].append((payee, paid))
    return dict(out)


@pytest.mark.parametrize(("players", "digits"), CONFIGS)
def test_random_playouts_score_every_round_by_the_rules(players, digits):
    for seed in range(25):
        states = plates_playout(players, digits, seed)
        for before, after in itertools.pairwise(states):
            if len(after.results) == len(before.results):
                continue
            r = after.results[-1]
            assert r.round == before.round and r.opener == before.opener
            assert r.in_play == tuple(before.in_play())
            assert [who for who, _ in r.in_play] == [
                f"seat {s}" for s in range(players) if before.live[s]
            ] + [f"pile {p}" for p in range(len(before.piles))]
            if r.cancelled:
                assert after.history[-1] == Cancel() and r.payments == ()
                assert after.money == before.money
                continue
            assert r.count == sum(p.count(r.bid.digit) for _, p in r.in_play)
            assert set(r.challengers) | set(r.agreers) | {r.bidder} == {
                s for s in range(players) if before.live[s]
            }
            assert r.challengers and r.bidder not in (*r.challengers, *r.agreers)
            got = defaultdict(list)
            for payer, payee, paid in r.payments:
                got[payer].append((payee, paid))
            assert dict(got) == _expected_payments(r, before.money)
            assert r.went_out == tuple(
                s for s in range(players) if before.live[s] and after.money[s] == 0
            )
            if not after.is_terminal():
                nxt = after.opener
                assert nxt == after.current_player and after.live[nxt]
                skipped = [(before.opener + k) % players for k in range(1, players)]
                assert nxt == next(s for s in skipped if after.live[s])


# ---------------------------------------------------------------- sampled states

SOME_GAMES = [(n, d, seed) for n, d in CONFIGS for seed in range(5)]  # 40 games
CANDIDATES = [
    *(Bid(c, d) for c in range(-1, 39) for d in range(-1, 11)),
    Challenge(),
    Agree(),
    Cancel(),
    Plate("123456", 5),
    "challenge",
    None,
]


@pytest.mark.parametrize("state", sample(SOME_GAMES, 100, seed=1), ids=lambda s: "")
def test_legal_actions_apply_and_everything_else_raises_and_changes_nothing(state):
    before = (state.to_json(), state.history, str(state), state.view(0))
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    for action in legal:
        state.apply(action)
    for action in CANDIDATES:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            state.apply(action)
    if state.current_player not in (None, CHANCE):
        other = (state.current_player + 1) % state.num_players
        with pytest.raises(IllegalAction, match="turn order"):
            state.apply(legal[0], player=other)
    if state.history:
        with pytest.raises(IllegalAction):
            state.apply(state.history[0])  # the shuffle again
    assert (state.to_json(), state.history, str(state), state.view(0)) == before


def test_legal_actions_are_exactly_the_candidates_that_apply():
    for state in sample(SOME_GAMES, 30, seed=2):
        if state.current_player in (None, CHANCE):
            continue
        applies = []
        for action in CANDIDATES:
            try:
                state.apply(action)
            except IllegalAction:
                continue
            applies.append(action)
        assert applies == [a for a in CANDIDATES if a in state.legal_actions()]
        assert set(state.legal_actions()) <= set(CANDIDATES)


@pytest.mark.parametrize(("players", "digits"), CONFIGS)
def test_same_seed_and_same_bots_give_the_same_game(players, digits):
    a = plates_playout.__wrapped__(players, digits, 3)[-1]
    b = plates_playout(players, digits, 3)[-1]
    assert a.to_json() == b.to_json() and a == b
    c = plates_playout(players, digits, 3, bot_seed=1)[-1]
    d = plates_playout(players, digits, 4)[-1]
    assert c.history[0] == a.history[0] and c.history != a.history  # same deal, other play
    assert d.history[0] != a.history[0]


@pytest.mark.parametrize("state", sample(SOME_GAMES, 60, seed=3), ids=lambda s: "")
def test_json_round_trip_at_random_points(state):
    text = state.to_json()
    loaded = engine.from_json(text)
    assert loaded == state and str(loaded) == str(state) and loaded.to_json() == text
    assert loaded.current_player == state.current_player
    assert loaded.legal_actions() == state.legal_actions()
    assert all(loaded.view(s) == state.view(s) for s in range(state.num_players))
    assert loaded.money == state.money and loaded.results == state.results


def _seen_by(state, seat):
    """Plate numbers ``seat`` may have seen: his own window plates so far and every plate of
    a scored round."""
    seen = set()
    for r in state.results:
        for who, plate in r.in_play:
            if who == f"seat {seat}" or not r.cancelled:
                seen.add(plate.number)
    if state.stands[seat]:
        seen.add(state.stands[seat][0].number)
    return seen


def _hidden_plates_never_in_views(states):
    checked = 0
    for state in states:
        if state.deck is None:
            continue
        for seat in range(state.num_players):
            text = json.dumps(state.view(seat))
            seen = _seen_by(state, seat)
            # a plate hidden from this seat, unless an identical number is one he has seen
            for plate in state.deck:
                if plate.number not in seen:
                    assert plate.number not in text
                    assert str(plate)[:7] not in text
                    checked += 1
            # in particular, every other window plate of this round
            for other, stand in enumerate(state.stands):
                if other != seat and stand and stand[0].number not in seen:
                    assert f'"{stand[0].number}"' not in text
    return checked


@pytest.mark.parametrize(("players", "digits"), CONFIGS)
def test_views_never_show_a_hidden_plate(players, digits):
    states = [s for seed in range(5) for s in plates_playout(players, digits, seed)]
    assert _hidden_plates_never_in_views(states) > 10_000


def test_views_never_show_plates_of_cancelled_rounds():
    # games with many cancelled rounds: the opener bids one 0, all agree, the opener cancels
    for players in (3, 4, 5, 6):
        s = engine.new_game("plates", players=players, seed=players)
        s = s.apply(s.sample_chance())
        states = [s]
        while not s.is_terminal():
            if s.standing_bid() is None:
                s = s.apply(Bid(1, 0))
            elif s.standing_bid()[0] == s.current_player:
                s = s.apply(Cancel())
            else:
                s = s.apply(Agree())
            states.append(s)
        assert all(r.cancelled for r in s.results)
        _hidden_plates_never_in_views(states)


def test_views_are_json_ready_and_name_the_seat():
    for state in sample(SOME_GAMES, 20, seed=4):
        for seat in range(state.num_players):
            v = state.view(seat)
            assert json.loads(json.dumps(v)) == v
            assert v["seat"] == seat and v["scores"] == list(state.money)
            assert v["to_move"] == state.current_player
