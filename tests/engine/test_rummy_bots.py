"""The rummy bots: the basic bot's rules on rigged deals, and basic against random bots over
seeded 4-player deals (the full 1,000-deal figure is in ``benchmarks/rummy_bots.py``)."""

from __future__ import annotations

import engine
from engine.cards import Card, parse
from engine.rummy import BasicBot, Declare, Discard, Draw, Drop, Toss, hopeless, rigged_shuffle

SHOW_LESS_ONE = "AH 2H 3H 4H  9S 10S JK  7C 7D 7S  KD KC 4C"  # KH makes a show, fives wild


def deal(hands, open_card=None, stock=(), cut="5C", players=2):
    s = engine.new_game("rummy", players=players, seed=4).apply(Toss(0))
    return s.apply(
        rigged_shuffle(players, hands=hands, open_card=open_card, cut=cut, stock=stock, seed=8)
    )


def test_hopeless_rule():
    assert hopeless(parse("2S 5S 9S  3H 7H JH  4D 8D QD  6C 10C KC AC"), "9") is False  # 9♠ wild
    assert hopeless(parse("2S 5S 8S  3H 7H JH  4D 8D QD  6C 10C KC AC"), "9") is True
    assert hopeless(parse("2S 5S 8S  3H 7H JH  4D 8D QD  6C 10C KC JK"), "9") is False
    assert hopeless(parse("2S 3S 4S  3H 7H JH  4D 8D QD  6C 10C KC AC"), "9") is False


def test_basic_bot_drops_a_hopeless_hand_at_once():
    s = deal(["2S 5S 8S  3H 7H JH  4D 8D QD  6C 10C KC AC"], cut="9C")
    assert BasicBot().choose(s) == Drop()


def test_basic_bot_takes_the_open_card_that_completes_its_show_and_declares():
    s = deal([SHOW_LESS_ONE], open_card="KH", stock="2D")
    bot = BasicBot()
    assert bot.choose(s) == Draw("open")
    s = s.apply(Draw("open"))
    assert bot.choose(s) == Declare(Card("4", "C"))


def test_basic_bot_draws_from_the_stock_when_the_open_card_does_not_help():
    # J♥ could only trade places with a loose king: no better than the hand now
    s = deal([SHOW_LESS_ONE], open_card="JH", stock="2D")
    assert BasicBot().choose(s) == Draw("stock")
    s = s.apply(Draw("stock"))
    # K♦, K♣, 4♣ and 2♦ are loose: a king goes (the first in suit order)
    assert BasicBot().choose(s) == Discard(Card("K", "D"))


def test_basic_bot_takes_a_card_that_lowers_its_count():
    # 9♦ for a loose king: 9 + 10 + 4 = 23 loose instead of 24
    s = deal([SHOW_LESS_ONE], open_card="9D")
    assert BasicBot().choose(s) == Draw("open")


def test_basic_beats_random():
    basic, randoms, n = 0, 0, 40
    for seed in range(n):
        seat = seed % 4
        bots = [
            engine.make_bot("rummy", "basic" if k == seat else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        ret = engine.play(engine.new_game("rummy", players=4, seed=seed), bots).returns()
        basic += ret[seat]
        randoms += sum(ret) - ret[seat]
    # measured over 1,000 deals: see benchmarks/rummy_bots.py
    assert basic / n > 60 and randoms / (3 * n) < -20
