"""Every conclusion a lesson (or the teacher's guide) draws from a simulation holds on fresh
seeds: each test reruns the lesson's own code, from its cells, with the same number of trials
but other seeds, and checks the conclusion the text states (a sign, an order, an interval
that holds or excludes a value). A conclusion that held only on the lesson's seeds would fail
here, as lesson 03's "a blind exchange costs a four-player dealer chips" did.

The seeds are the lesson's plus ``FRESH`` (trial i of the lesson is trial i + FRESH here).
What each test covers is named in its docstring; the numbers typed into the text are checked
against the lesson's own seeds by the test_0N_numbers files.

All of it takes about two CPU minutes (a minute on two workers). The tests marked ``heavy``
(more than 15 CPU seconds each: the exchange study, the class tournament, the first thousand
deals of the exchange) are left out with ``TABLETOP_REPLICATION=quick`` in the environment,
for a quick run while working on a lesson.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from lesson_cells import Lesson

import classplay.tournament
import engine
from engine.stats import mean_interval
from tabletop_widgets.lesson import share_interval

FRESH = 100_000  # added to every seed: trials the lessons never play
heavy = pytest.mark.skipif(
    os.environ.get("TABLETOP_REPLICATION") == "quick", reason="heavy: TABLETOP_REPLICATION=quick"
)


def rows_of(values: list) -> np.ndarray:
    return np.array(values, dtype=float)


def interval(values) -> tuple[float, float]:
    _, low, high = mean_interval(list(values))
    return low, high


# 01 · License plates


def test_01_try_it_cannot_tell_my_strategy_from_the_basic_bot():
    """6f: 200 games against random bots, MyStrategy minus the basic bot on the same games:
    the 95% interval holds zero (the strategy answers by the basic bot's rule)."""
    names = Lesson("01_license_plates.ipynb").run(
        "plates-02", "plates-35", "plates-46", "plates-75", "plates-77"
    )
    money_won, basic = names["money_won"], lambda: engine.make_bot("plates", "basic")
    seeds = range(FRESH, FRESH + 200)
    diff = [money_won(names["MyStrategy"], s) - money_won(basic, s) for s in seeds]
    low, high = interval(diff)
    assert low < 0 < high


@heavy
def test_01_the_expert_beats_the_basic_bot_and_duplicates_narrow_the_band():
    """6g: on 40 duplicate deals the expert's margin over the basic bot lies above zero, and
    its interval is narrower than on 80 deals played once (the same number of games)."""
    pair = {"basic": "basic", "expert": "expert"}
    dup = classplay.tournament.tournament(pair, "plates", games=40, players=4, seed=FRESH)
    once = classplay.tournament.tournament(
        pair, "plates", games=80, duplicate=False, players=4, seed=FRESH
    )
    _, low, high = dup.match("expert", "basic").interval()
    _, low_once, high_once = once.match("expert", "basic").interval()
    assert low > 0 and high - low < high_once - low_once


# 02 · The Royal Game of India


def test_02_try_it_loses_to_the_basic_bot():
    """5b: MyStrategy (capture, enter, else the piece furthest behind) in 100 games against
    the basic bot: its Wilson interval lies below one half."""
    names = Lesson("02_royal_game_of_india.ipynb").run("india-02", "india-64")
    won = 0
    for g in range(FRESH, FRESH + 100):
        me, players = g % 2, [names["MyStrategy"](), engine.make_bot("india", "basic", seed=g)]
        if me:
            players.reverse()
        game = engine.play(engine.new_game("india", players=2, seed=g), players)
        won += game.winners() == [me]
    assert share_interval(won, 100)[1] < 0.5


def test_02_a_whole_game_is_far_longer_than_four_lone_pieces():
    """5a (the guide): 60 games between basic bots last far longer than four times a lone
    piece's expected throws home from its entry square."""
    from engine.india import expected_throws_home

    names = Lesson("02_royal_game_of_india.ipynb").run("india-02", "india-61")
    low, _ = interval(names["game_length"](g) for g in range(FRESH, FRESH + 60))
    assert low > 4 * float(expected_throws_home(71))


# 03 · Michigan


def michigan(*cells: str) -> dict:
    return Lesson("03_michigan.ipynb").run("michigan-02", "michigan-07", *cells)


def test_03_the_first_leader_does_best_and_the_dealer_worst():
    """5a: 3,000 deals between basic bots: seat 1 minus seats 2 and 3, and seats 2 and 3
    minus the dealer, all lie above zero; seats 2 and 3 are not told apart (not checked: a
    claim of no difference needs none)."""
    names = michigan("michigan-34")
    games = [names["deal_between_bots"](s) for s in range(FRESH, FRESH + 3000)]
    by_seat = rows_of([[c - 50 for c in g.chips] for g in games])
    for a, b in ((1, 2), (1, 3), (2, 0), (3, 0)):
        low, _ = interval(by_seat[:, a] - by_seat[:, b])
        assert low > 0, (a, b)


@heavy
def test_03_a_blind_exchange_shows_no_clear_effect():
    """5b: the dealer's chips with a blind exchange minus without it, over 2,000 deals, with
    four players and with three: the interval of the total holds zero."""
    names = michigan("michigan-40")
    for players in (4, 3):
        gains = [names["exchange_effect"](s, players) for s in range(FRESH, FRESH + 2000)]
        low, high = interval(rows_of(gains)[:, 0])
        assert low < 0 < high, players


@heavy
def test_03_the_first_1000_deals_alone_just_missed_zero():
    """5b: the lesson's own first 1,000 deals with four players (the run it once drew its
    conclusion from): the total's interval lies below zero. Not a replication (the same
    seeds): the text says what that run showed."""
    names = michigan("michigan-40")
    _, high = interval(rows_of([names["exchange_effect"](s, 4) for s in range(1000)])[:, 0])
    assert high < 0


def test_03_try_it_my_dealer_is_not_told_from_the_basic_dealer():
    """5d (and the guide): MyDealer as written over 1,000 deals against the basic dealer on the
    same deals: the interval of the difference holds zero."""
    names = michigan("michigan-58")
    diff = []
    for seed in range(FRESH, FRESH + 1000):
        bots = [engine.make_bot("michigan", "basic", seed=seed * 8 + k) for k in range(4)]
        basic = engine.play(engine.new_game("michigan", players=4, seed=seed, deals=1), bots)
        bots[0] = names["MyDealer"]()
        mine = engine.play(engine.new_game("michigan", players=4, seed=seed, deals=1), bots)
        diff.append(mine.chips[0] - basic.chips[0])
    low, high = interval(diff)
    assert low < 0 < high


# 04 · Indian Rummy


def rummy(*cells: str) -> dict:
    return Lesson("04_indian_rummy.ipynb").run("cec8eddc", "5131ceae", "92eaa42e", *cells)


def test_04_drop_a_hopeless_hand_and_play_on_any_other():
    """8: 40 two-player deals of each kind in which seat 0 never drops: playing on a hopeless
    hand averages below −10 (its whole interval), any other hand above −10."""
    play_on = rummy()["play_on"]
    for hopeless in (True, False):
        low, high = interval(play_on(hopeless, s) for s in range(FRESH, FRESH + 40))
        assert high < -10 if hopeless else low > -10, hopeless


def test_04_try_it_beats_the_basic_bot_by_not_dropping():
    """9 (and the guide): 200 deals with three random bots: MyStrategy minus the basic bot lies
    above zero; PlaysOn (the basic bot without its first drop) minus MyStrategy holds zero."""
    names = rummy("45b7d369")

    def settlements(make_player):
        out = []
        for seed in range(FRESH, FRESH + 200):
            bots = [engine.make_bot("rummy", "random", seed=seed * 4 + k) for k in range(4)]
            bots[seed % 4] = make_player()
            end = engine.play(engine.new_game("rummy", players=4, seed=seed), bots)
            out.append(end.returns()[seed % 4])
        return rows_of(out)

    mine = settlements(names["MyStrategy"])
    basic = settlements(lambda: engine.make_bot("rummy", "basic"))
    plays_on = settlements(lambda: names["PlaysOn"](0))
    assert interval(mine - basic)[0] > 0
    low, high = interval(plays_on - mine)
    assert low < 0 < high


# 05 · Make-A-Million Rupees


def rupees_lesson(*cells: str) -> dict:
    return Lesson("05_make_a_million_rupees.ipynb").run("f015f270", "rupees-helpers", *cells)


def test_05_the_declarer_holds_the_tiger_far_more_often_than_16_in_55():
    """3c: 500 auctions between basic bots: the declarer's share of Tigers, its Wilson
    interval, lies far above 16/55 (more than 0.05 above)."""
    names = rupees_lesson()
    play, dealt, basic = names["play"], names["dealt"], names["basic"]
    held = 0
    for seed in range(FRESH, FRESH + 500):
        s = play(dealt(seed), basic, until=lambda s: s.phase == "play")
        held += any(c.rank == "Tiger" for c in s.hands[s.declarer])
    assert share_interval(held, 500)[0] > 16 / 55 + 0.05


def test_05_big_contracts_fail_more_often_than_small_ones():
    """5: 1,000 hands between basic bots: the intervals of the smallest and the largest
    contracts' shares made do not overlap; and the expert's interval for its own hand (0.595
    to 0.908, 24 deals) holds the small contracts' share."""
    names = rupees_lesson("rupees-contracts")
    played = [names["contract"](s) for s in range(FRESH, FRESH + 1000)]
    bands = list(names["BANDS"])
    made = {band: [ok for b, ok in played if b == band] for band in bands}
    small = share_interval(sum(made[bands[0]]), len(made[bands[0]]))
    large = share_interval(sum(made[bands[-1]]), len(made[bands[-1]]))
    assert large[1] < small[0]
    assert 0.595 < sum(made[bands[0]]) / len(made[bands[0]]) < 0.908


def test_05_the_optimist_bidder_is_clearly_worse():
    """6: MyBidder as written (the estimate + ₹100,000) on 300 duplicate deals: the interval
    of its margin lies below zero."""
    names = rupees_lesson("rupees-try", "rupees-duplicate")
    duplicate = names["duplicate"]
    _, high = interval(duplicate(s) for s in range(FRESH, FRESH + 300))
    assert high < 0
