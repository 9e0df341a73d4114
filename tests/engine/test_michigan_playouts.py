"""Michigan random playouts: seeded games of random bots (3 to 8 players, with and without the
mistakes), every step checked against the rules written out again; a sample of states for the
costlier checks (every legal action applies, illegal ones raise and change nothing, saves
round-trip, views hide the other hands).
"""

from __future__ import annotations

import itertools
import json
import random
from functools import cache

import pytest
from bot_games import playout, seeded_bots

import engine
from engine import CHANCE, IllegalAction
from engine.cards import Card
from engine.michigan import (
    BOODLE,
    DECK,
    NEXT_UP,
    Decline,
    Exchange,
    Offer,
    Play,
    Sell,
    Withhold,
)

CONFIGS = [(n, m) for n in range(3, 9) for m in (False, True)]


@cache
def michigan_playout(players: int, mistakes: bool, seed: int) -> tuple:
    """Every state of one game (two deals) between random bots, first to last."""
    s = engine.new_game("michigan", players=players, seed=seed, deals=2, mistakes_allowed=mistakes)
    return playout(s, seeded_bots("michigan", players, 100 * seed), limit=2000)


def cards_in(s) -> list[Card]:
    return [*itertools.chain(*s.hands), *s.dead, *itertools.chain(*s.played)]


def check_stop(before, after):
    """The stop and the next lead, as docs/rules.md §2.5 says."""
    stop = after.last_stop
    nxt = NEXT_UP[stop.card]
    if stop.cause == "ace":
        assert stop.card.rank == "A"
    elif stop.cause == "dead":
        assert nxt in after.dead
    elif stop.cause == "played":
        assert nxt in before.gone
    else:
        assert isinstance(after.history[-1], Withhold) and nxt in after.hands[stop.offender]
    n = after.num_players
    order = [(stop.seat + k) % n for k in range(n)]
    other = [s for s in order if any(c.suit != stop.card.suit for c in after.hands[s])]
    if other:
        assert after.current_player == other[0] and after.banned_suit == stop.card.suit
    else:  # the deadlock: the same suit may be restarted
        assert after.banned_suit is None and after.hands[after.current_player]


@pytest.mark.parametrize(("players", "mistakes"), CONFIGS)
def test_random_playouts_keep_the_rules(players, mistakes):
    total = 50 * players
    for seed in range(4):
        states = michigan_playout(players, mistakes, seed)
        for before, after in itertools.pairwise(states):
            action = after.history[-1]
            assert sum(after.chips) + sum(after.boodle) == total and min(after.chips) >= 0
            if after.phase in ("exchange", "auction", "play"):
                assert sorted(map(str, cards_in(after))) == sorted(map(str, DECK))
            if before.current_player != CHANCE:
                assert action in before.legal_actions()
                assert before.live[before.current_player]
            if not mistakes:
                assert not after.barred and not after.withheld
            if isinstance(action, Play) and before.run is None:
                low = before.lowest(before.current_player, action.card.suit)
                assert action.card == low or mistakes
                assert action.card.suit != before.banned_suit
            if isinstance(action, Play) and before.run is not None:
                assert action.card == NEXT_UP[before.run[0]]
            new_stop = after.last_stop is not None and after.last_stop != before.last_stop
            if new_stop and after.deal == before.deal and after.phase == "play":
                check_stop(before, after)
            if len(after.results) > len(before.results):
                r = after.results[-1]
                if r.winner is not None:
                    assert r.cards_left[r.winner] == 0 and r.winner not in before.withholders
                    for payer, payee, chips, why in r.payments:
                        if why == "cards":
                            assert payee == r.winner and chips <= r.cards_left[payer]
                else:
                    assert set(before.in_deal()) <= before.withholders | {before.current_player}
        end = states[-1]
        assert end.is_terminal() and end.returns() == list(end.chips)
        assert len(end.results) == 2 or sum(end.live) < 3


def sample(k, seed):
    rng = random.Random(seed)
    states = [s for n, m in CONFIGS for sd in range(2) for s in michigan_playout(n, m, sd)]
    return [s for s in rng.sample(states, k) if not s.is_terminal()]


CANDIDATES = [
    Exchange(),
    Sell(),
    Decline(),
    Withhold(),
    *(Offer(k) for k in (0, 1, 2, 5, 60)),
    *(Play(c) for c in DECK),
]


def test_legal_actions_apply_and_the_rest_raise_without_change():
    for s in sample(120, seed=1):
        if s.current_player == CHANCE:
            continue
        before = s.to_json()
        legal = s.legal_actions()
        for action in CANDIDATES:
            if action in legal:
                s.apply(action)
            else:
                with pytest.raises(IllegalAction):
                    s.apply(action)
        assert s.to_json() == before


def test_saves_round_trip_and_views_hide_the_other_hands():
    for s in sample(60, seed=2):
        assert engine.from_json(s.to_json()) == s
        for seat in range(s.num_players):
            view = s.view(seat)
            json.dumps(view)
            shown = set(view["hand"]) | set(view["dead_hand"] or ())
            for other in range(s.num_players):
                if other != seat:
                    assert not shown & {str(c) for c in s.hands[other]}
            assert (view["dead_hand"] is not None) == (seat == s.exchanger)
            mine = [view["hand"] if k == seat else None for k in range(s.num_players)]
            assert view["hands"] == mine
            if not s.options["mistakes_allowed"]:
                assert set(view["known_dead"]) <= {str(c) for c in s.dead}
            assert len(view["boodle"]) == len(BOODLE)
