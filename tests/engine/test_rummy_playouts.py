"""Random playouts of Indian Rummy: many seeded deals between random bots (and a few with basic
bots), checking invariants at every step: the cards are conserved across hands, stock, open
pile, cut card and the cards out of play; points settle to zero; every legal action applies and
every other one raises and changes nothing; saves round-trip; views hide other hands."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest
from bot_games import playout, seeded_bots

import engine
from engine import CHANCE, IllegalAction
from engine.rummy import Declare, Discard, Draw, Drop, Miss, full_pack

CONFIGS = [(2, False), (4, False), (6, True), (7, False)]


@cache
def rummy_playout(players: int, timer: bool, seed: int, level: str = "random") -> tuple:
    """Every state of one deal between bots (random by default), first to last."""
    s = engine.new_game("rummy", players=players, seed=seed, turn_timer=timer)
    return playout(s, seeded_bots("rummy", players, seed * 10, level), limit=5_000)


def cards_in_play(s) -> Counter:
    c = Counter(x for h in s.hands for x in h)
    c.update(s.stock)
    c.update(s.pile)
    c.update(s.out_of_play)
    if s.cut:
        c[s.cut] += 1
    return c


@pytest.mark.parametrize(("players", "timer"), CONFIGS)
def test_random_playouts_keep_the_invariants(players, timer):
    pack = Counter(full_pack(2 if players <= 6 else 3))
    for seed in range(30):
        states = rummy_playout(players, timer, seed)
        for before, after in itertools.pairwise(states):
            if not after.cut:
                continue
            assert cards_in_play(after) == pack
            for seat in range(players):
                if after.status[seat] == "in" and after.phase != "over":
                    turn = after.current_player == seat and after.phase == "discard"
                    assert len(after.hands[seat]) == 13 + turn
            assert after.history[:-1] == before.history
        end = states[-1]
        assert sum(end.returns()) == 0
        assert max(end.result.lost) <= 80 and end.result.lost[end.result.winner] == 0
        assert sum(st == "in" for st in end.status) >= 1


def test_basic_bots_reach_valid_shows():
    for seed in range(2):
        end = rummy_playout(4, False, seed, "basic")[-1]
        assert sum(end.returns()) == 0
        winner = end.result.winner
        assert end.status[winner] == "in" and end.arrange(winner).valid_show


def test_every_legal_action_applies_and_others_raise_cleanly():
    rng = random.Random(5)
    states = [s for n, t in CONFIGS for seed in range(6) for s in rummy_playout(n, t, seed)]
    for s in rng.sample(states, 120):
        if s.is_terminal() or s.current_player == CHANCE:
            continue
        legal = s.legal_actions()
        for a in legal:
            s.apply(a)
        hand = s.hands[s.current_player]
        others = [Draw("stock"), Draw("open"), Drop(), Miss()]
        others += [Discard(c) for c in full_pack()[::7]] + [Declare(c) for c in hand[:3]]
        before = s.to_json()
        for a in others:
            if a not in legal:
                with pytest.raises(IllegalAction):
                    s.apply(a)
        assert s.to_json() == before


def test_saves_and_views():
    rng = random.Random(6)
    states = [s for n, t in CONFIGS for seed in range(4) for s in rummy_playout(n, t, seed)]
    for s in rng.sample(states, 60):
        assert engine.from_json(s.to_json()) == s
        if not s.cut:
            continue
        for seat in range(s.num_players):
            v = s.view(seat)
            seen = {str(c) for c in s.hands[seat]} | set(v["open_pile"]) | {v["cut"]}
            for other, hand in enumerate(s.hands):
                status = s.status[other]
                seen_by_all = status == "wrong show" or (s.is_terminal() and status == "in")
                assert (v["hands"][other] is not None) == (other == seat or seen_by_all)
                if v["hands"][other] is None:
                    assert [str(c) for c in hand] != v["hand"] or not hand
                else:
                    assert v["hands"][other] == [str(c) for c in hand]
            assert seen


def test_views_never_name_a_hidden_card():
    """A view's text shows no card of another live hand beyond what was taken openly."""
    for s in rummy_playout(4, False, 2)[2:40]:
        if s.is_terminal():
            break
        for seat in range(4):
            v = s.view(seat)
            text_cards = Counter(v["hand"]) + Counter(v["open_pile"]) + Counter([v["cut"]])
            for known in v["known"]:
                text_cards.update(known)
            mine = Counter(str(c) for c in s.hands[seat])
            assert Counter(v["hand"]) == mine
            assert all(isinstance(c, str) for c in text_cards)


def test_a_deal_is_reproducible():
    a = rummy_playout(4, False, 9)[-1]
    b = engine.play(
        engine.new_game("rummy", players=4, seed=9),
        [engine.make_bot("rummy", "random", seed=90 + k) for k in range(4)],
    )
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize("seed", range(3))
def test_every_action_is_described_and_a_show_as_the_rules_score_it(seed):
    """Along basic-bot deals, every seat gets a description of every action; the verdict on a
    show (valid or wrong) is what applying it gives; a stock draw names its card only to the
    drawer."""
    states = rummy_playout(4, True, seed, "basic")
    rng = random.Random(seed)
    for s, t in itertools.pairwise(states):
        action = t.history[-1]
        seen = [s.public(action, seat) for seat in range(s.num_players)]
        if action == Draw("stock"):
            drawn = str(s.stock[0])
            assert [e.mark("card") for e in seen] == [
                drawn if seat == s.current_player else None for seat in range(s.num_players)
            ]
        if s.phase == "discard":
            card = rng.choice([a.card for a in s.legal_actions()])
            after = s.apply(Declare(card))
            assert s.valid_show(card) == (
                after.result is not None and after.result.winner == s.to_move
            )
            assert s.public(Declare(card), 0).mark("show") == (
                "valid" if s.valid_show(card) else "wrong"
            )
