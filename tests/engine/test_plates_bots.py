"""Plates bots: they choose legal actions from what their seat sees, and the basic bot beats
random play."""

from __future__ import annotations

import random
import time

import pytest

import engine
from engine import CHANCE
from engine.bots import RandomBot
from engine.plates import (
    HALF,
    Agree,
    BasicBot,
    Bid,
    Cancel,
    Challenge,
    bid_chance,
    bid_chance_from_view,
    chance_at_least,
    count_in_play_pmf,
    deal_slots,
    rigged_shuffle,
    what_seat_knows,
)
from engine.plates.bots import _highest_even_money
from engine.values import Shuffle


def deal(stands, piles=(), players=4, seed=0):
    s = engine.new_game("plates", players=players, seed=seed)
    return s.apply(rigged_shuffle(players, stands=stands, piles=piles, seed=seed))


def game_states(players, digits, seed, levels):
    """Every state of one game between bots of the given levels (one per seat)."""
    bots = [engine.make_bot("plates", lv, seed=seed * 10 + k) for k, lv in enumerate(levels)]
    s = engine.new_game("plates", players=players, seed=seed, digits=digits)
    states = [s]
    while not s.is_terminal():
        seat = s.current_player
        action = s.sample_chance() if seat == CHANCE else bots[seat].choose(s)
        if seat != CHANCE:
            assert action in s.legal_actions(), (levels[seat], action)
        s = s.apply(action)
        states.append(s)
    return states


# ---------------------------------------------------------------- make_bot


def test_make_bot_levels():
    assert isinstance(engine.make_bot("plates", "random"), RandomBot)
    assert isinstance(engine.make_bot("plates", "basic"), BasicBot)
    assert isinstance(engine.make_bot("plates"), BasicBot)  # the default level


def test_make_bot_unknown_level():
    with pytest.raises(ValueError, match="levels random, basic, expert, not 'master'"):
        engine.make_bot("plates", "master")


def test_make_bot_unknown_game():
    with pytest.raises(ValueError, match="no game 'poker'"):
        engine.make_bot("poker", "basic")


# ---------------------------------------------------------------- legal actions only


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("digits", ["balanced", "uniform"])
def test_bots_only_choose_legal_actions(players, digits):
    for seed in range(4):
        levels = ["basic", "random"] * 3 if seed % 2 else ["basic"] * 6
        end = game_states(players, digits, seed, levels[:players])[-1]
        assert end.is_terminal()


def test_random_bot_is_seeded():
    s = deal([["444 123 $10"]])
    a = [RandomBot(seed=5).choose(s) for _ in range(3)]
    bot = RandomBot(seed=5)
    assert a[0] == bot.choose(s) and len({RandomBot(seed=k).choose(s) for k in range(20)}) > 1


# ---------------------------------------------------------------- the basic bot plays the odds


def test_basic_bot_agrees_with_a_bid_it_sees_is_true():
    s = deal([["444 123 $10"], ["444 444 $5"]]).apply(Bid(6, 4))  # seat 1 holds six 4's
    assert BasicBot().choose(s) == Agree()


def test_basic_bot_challenges_an_unlikely_bid():
    s = deal([["444 123 $10"], ["000 000 $5"]]).apply(Bid(12, 9))
    assert bid_chance_from_view(s.view(1)) < 0.01
    assert BasicBot().choose(s) == Challenge()


def test_basic_bot_opens_with_its_best_even_money_bid():
    s = deal([["444 444 $10"]])
    bid = BasicBot().choose(s)
    assert bid.digit == 4 and bid.count >= 6
    assert bid_chance_from_view(s.view(0), bid) >= 0.5
    assert bid_chance_from_view(s.view(0), Bid(bid.count + 1, 4)) < 0.5


def test_basic_bot_cancels_when_no_higher_bid_is_even_money():
    s = deal([["444 123 $10"]]).apply(Bid(30, 9))
    s = s.apply(Agree()).apply(Agree()).apply(Agree())
    assert s.current_player == 0
    assert BasicBot().choose(s) == Cancel()


# ---------------------------------------------------------------- bots never peek

OTHERS_A = [["111 222 $5"], ["333 000 $15"], ["567 890 $20"]]
OTHERS_B = [["444 444 $25"], ["999 999 $5"], ["000 000 $15"]]


@pytest.mark.parametrize(
    "calls",
    [
        (),  # seat 0 opens
        (Bid(2, 4), Agree(), Agree(), Agree()),  # all agreed: raise or cancel
        (Bid(1, 0), Bid(5, 4), Agree(), Agree()),  # seat 0 answers seat 1's bid
        (Bid(1, 0), Bid(9, 9), Agree(), Agree()),
    ],
)
def test_basic_bot_same_view_same_choice_whatever_the_hidden_plates(calls):
    a = deal([["444 123 $10"], *OTHERS_A], piles=[["000 000 $10"], ["123 123 $20"]])
    b = deal([["444 123 $10"], *OTHERS_B], piles=[["444 044 $5"], ["999 998 $25"]])
    for call in calls:
        a, b = a.apply(call), b.apply(call)
    assert a.current_player == b.current_player == 0
    assert a.in_play() != b.in_play()
    assert a.view(0) == b.view(0)
    assert BasicBot(seed=1).choose(a) == BasicBot(seed=1).choose(b)


def test_basic_bot_choice_does_depend_on_its_own_plate():
    a = deal([["444 444 $10"]])
    b = deal([["999 999 $10"]])
    assert BasicBot().choose(a).digit == 4 and BasicBot().choose(b).digit == 9


def _positions_hidden_from(state, seat):
    """Deck positions whose plate ``seat`` has never seen: not his own window plates so far,
    not any plate of a scored round."""
    stands, piles = deal_slots(state.num_players)
    known = {stands[seat][j] for j in range(min(state.round + 1, state.rounds_total))}
    for j, r in enumerate(state.results):
        if not r.cancelled:
            for who, _ in r.in_play:
                kind, k = who.split()
                known.add((stands if kind == "seat" else piles)[int(k)][j])
    return [i for i in range(len(state.deck)) if i not in known]


def test_bots_decide_the_same_whatever_the_plates_they_cannot_see():
    """Deal the plates a seat cannot see in another order, replay the same calls: that seat's
    view, the basic bot's choice and the random bot's choice are all unchanged."""
    rng, checked = random.Random(4), 0
    for players in (3, 4, 5, 6):
        for digits in ("balanced", "uniform"):
            for seed in range(3):
                states = game_states(players, digits, seed, ["basic"] * players)
                for state in rng.sample(states[1:-1], 6):
                    seat = state.current_player
                    hidden = _positions_hidden_from(state, seat)
                    deck = list(state.deck)
                    plates = [deck[i] for i in hidden]
                    rng.shuffle(plates)
                    for i, p in zip(hidden, plates, strict=True):
                        deck[i] = p
                    alt = engine.new_game("plates", players=players, seed=seed, digits=digits)
                    alt = alt.apply(Shuffle(tuple(deck)))
                    for action in state.history[1:]:
                        alt = alt.apply(action)
                    assert alt.deck != state.deck
                    assert alt.money == state.money
                    assert alt.view(seat) == state.view(seat)
                    assert BasicBot().choose(alt) == BasicBot().choose(state)
                    assert RandomBot(seed=seat).choose(alt) == RandomBot(seed=seat).choose(state)
                    checked += 1
    assert checked == 4 * 2 * 3 * 6


# ---------------------------------------------------------------- whole numbers, same choices


def first_written_choice(state):
    """The basic bot as first written, every chance a ``Fraction`` of the public odds."""
    seat = state.current_player
    view = state.view(seat)
    knows = what_seat_knows(view)
    standing = view["standing_bid"]
    if standing and standing["bidder"] != seat:
        chance = bid_chance(Bid(standing["count"], standing["digit"]), *knows)
        return Agree() if chance >= HALF else Challenge()
    above = (standing["count"], standing["digit"]) if standing else (0, 9)
    best = None
    for d in range(10):
        pmf = count_in_play_pmf(d, *knows)
        top = max((c for c in pmf if c >= 1 and chance_at_least(pmf, c) >= HALF), default=0)
        if top and (top, d) > max(above, best.key if best else above):
            best = Bid(top, d)
    if best:
        return best
    return Cancel() if standing else state.legal_actions()[0]


def test_an_exact_half_is_even_money():
    # 0 or 1 more, one way each: "at least one more" is true exactly half the time
    assert _highest_even_money(have=2, low=0, ways=(1, 1), every=2) == 3
    assert _highest_even_money(have=2, low=0, ways=(2, 1), every=3) == 2


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("digits", ["balanced", "uniform"])
def test_whole_numbers_choose_as_the_fractions_did(players, digits):
    """The basic bot weighs the odds in whole numbers (``bid_ways``, ``count_in_play_ways``):
    at every decision of seeded games it makes the choice the ``Fraction``s made."""
    decisions = 0
    for seed in range(3):
        levels = ["basic", "random"] * 3 if seed % 2 else ["basic"] * 6
        for state in game_states(players, digits, seed, levels[:players]):
            if state.current_player not in (None, CHANCE):
                assert BasicBot().choose(state) == first_written_choice(state)
                decisions += 1
    assert decisions > 30


# ---------------------------------------------------------------- basic beats random

GAMES = 2000  # about 40 s on the machine these tests were written on


@pytest.mark.slow
def test_basic_bot_ends_with_more_money_than_each_random_bot():
    """One basic bot and three random bots, 4 players; the basic bot sits in each seat in turn.
    The random bots are named by where they sit from the basic bot (its left first)."""
    basic, randoms = 0, [0, 0, 0]
    start = time.perf_counter()
    for seed in range(GAMES):
        seat = seed % 4
        bots = [engine.make_bot("plates", "random", seed=seed * 4 + k) for k in range(4)]
        bots[seat] = engine.make_bot("plates", "basic", seed=seed)
        money = engine.play(engine.new_game("plates", players=4, seed=seed), bots).returns()
        assert sum(money) == 1200
        basic += money[seat]
        for k in range(3):
            randoms[k] += money[(seat + 1 + k) % 4]
    means = [basic / GAMES] + [r / GAMES for r in randoms]
    print(f"\n{GAMES} games in {time.perf_counter() - start:.1f} s; means {means}")
    assert all(means[0] > m for m in means[1:]), means
    assert means[0] > 300  # and it wins money on average
