"""Random playouts of Make-A-Million Rupees: seeded games between random bots (and basic
ones), checking invariants at every step, and a sample of states for the costlier checks."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from bot_games import playout, seeded_bots

import engine
from engine import CHANCE, IllegalAction
from engine.rupees import (
    MONEY_PER_DECK,
    Bid,
    Discard,
    NameTrump,
    Pass,
    Play,
    RupeeCard,
    money_of,
    rupee_deck,
)
from engine.saves import _digest

CONFIGS = [
    (4, {}),
    (4, {"specials_any_time": True, "opener_may_pass": True}),
    (4, {"call_partner": True, "discards_to_last_trick": True, "show_widow": True}),
    (6, {}),
    (8, {}),
]


@cache
def rupees_playout(players: int, options: tuple, seed: int) -> tuple:
    """Every state of one game between random bots."""
    s = engine.new_game("rupees", players=players, seed=seed, **dict(options))
    return playout(s, seeded_bots("rupees", players, seed * 10), limit=5_000)


GAMES = [(n, tuple(sorted(o.items())), seed) for n, o in CONFIGS for seed in range(4)]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_cards_are_conserved_and_money_adds_up(players, options, seed):
    decks = 2 if players > 4 else 1
    deck = sorted(c.code for c in rupee_deck(decks))
    for s in rupees_playout(players, options, seed):
        if s.phase in ("deal", "over"):
            continue
        where = [*s.hands, s.discards, [c for _, c in s.trick]]
        where += [[c for _, c in t.cards] for t in s.tricks]
        if s.declarer is None:
            where.append(s.widow)
        assert sorted(c.code for part in where for c in part) == deck
        if s.phase == "play":  # before doubling: Money captured + discarded + still out
            played = [c for t in s.tricks for _, c in t.cards]
            out = [c for h in s.hands for c in h] + [c for _, c in s.trick]
            assert money_of(played) + money_of(s.discards) + money_of(out) == (
                MONEY_PER_DECK * decks
            )


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_hand_results_and_scores_add_up(players, options, seed):
    final = rupees_playout(players, options, seed)[-1]
    assert final.is_terminal()
    for seat in range(players):
        assert final.scores[seat] == sum(r.points[seat] for r in final.results)
    for r in final.results:
        assert r.made == (r.side_capture >= r.contract)
        assert r.side_capture == sum(r.captured[k] for k in r.partners)
    assert max(final.scores) >= final.target
    if not dict(options).get("call_partner"):
        assert all(final.scores[k] == final.scores[k % 2] for k in range(players))


@pytest.mark.parametrize(("players", "options", "seed"), GAMES[::3])
def test_legal_actions_apply_and_others_raise_cleanly(players, options, seed):
    rng = random.Random(seed)
    states = rupees_playout(players, options, seed)
    for s in rng.sample(states[:-1], 25):
        if s.current_player == CHANCE:
            continue
        before = s.to_json()
        legal = s.legal_actions()
        for action in legal:
            s.apply(action)
        for action in candidates(s):
            if action not in legal:
                with pytest.raises(IllegalAction):
                    s.apply(action)
        assert s.to_json() == before
        assert engine.from_json(before) == s


def candidates(s) -> list:
    """Actions of every kind, legal or not."""
    cards = [RupeeCard(c.code) for c in rupee_deck()]
    return [
        Pass(),
        Bid(170_000),
        Bid(s.min_bid()),
        Bid(s.min_bid() + 2_500),
        Bid(s.min_bid() - 5_000),
        *(Discard(c) for c in cards),
        *(Play(c) for c in cards),
        NameTrump("R"),
    ]


@pytest.mark.parametrize(("players", "options", "seed"), GAMES[::4])
def test_views_hide_other_hands(players, options, seed):
    for s in rupees_playout(players, options, seed)[::7]:
        for seat in range(players):
            v = s.view(seat)
            json.dumps(v)
            assert v["hand"] == [c.code for c in s.hands[seat]]
            if v["widow"] is not None:
                assert s.declarer is not None
                assert seat == s.declarer or dict(options).get("show_widow")
            if seat != s.declarer:
                assert len(v["discards"]) == sum(c.is_money for c in s.discards)


def test_same_seed_same_game_and_saves_round_trip():
    a = rupees_playout(4, (), 2)[-1]
    b = engine.play(
        engine.new_game("rupees", seed=2),
        [engine.make_bot("rupees", "random", seed=20 + k) for k in range(4)],
    )
    assert a.to_json() == b.to_json()
    assert engine.from_json(a.to_json()) == a
    text = json.loads(a.to_json())
    text["history"][3] = {"type": "Bid", "amount": 1}
    with pytest.raises(engine.SaveError):
        engine.from_json(json.dumps(text))


def test_a_version_1_save_with_the_old_action_names_still_loads():
    """Saves written before the actions took the rules' names load as the same game."""
    s = rupees_playout(4, (), 2)[-1]
    old = {"Bid": "RupeeBid", "Pass": "RupeePass", "Discard": "RupeeDiscard", "Play": "RupeePlay"}
    body = json.loads(s.to_json())
    body["history"] = [{**a, "type": old.get(a["type"], a["type"])} for a in body["history"]]
    assert set(old.values()) <= {a["type"] for a in body["history"]}
    body["format"] = "tabletop-lessons/1"
    body["digest"] = _digest(body)
    assert engine.from_json(json.dumps(body)) == s
    body["format"] = "tabletop-lessons/2"  # today's saves know only today's names
    body["digest"] = _digest(body)
    with pytest.raises(engine.SaveError, match="unknown kind"):
        engine.from_json(json.dumps(body))


def test_basic_bots_play_whole_games_with_every_option():
    for players, options in CONFIGS:
        bots = [engine.make_bot("rupees", "basic", seed=k) for k in range(players)]
        s = engine.play(engine.new_game("rupees", players=players, seed=5, **options), bots)
        assert s.is_terminal()
