"""Michigan bots: legal choices from their own view, the basic bot's stated rules, and the basic
bot beating random play (a sample here; 1,000 deals in benchmarks/michigan_bots.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import engine
from engine import CHANCE
from engine.bots import RandomBot
from engine.cards import Card, parse
from engine.michigan import (
    DECK,
    BasicBot,
    Decline,
    Exchange,
    Offer,
    Play,
    Sell,
    Withhold,
    dead_hand_value,
    hand_value,
    rigged_shuffle,
    run_from_lowest,
)
from engine.michigan.bots import sure_out

S1 = "8H 9H 5S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"
S2 = "5H 6H 7H 10H JH 6S 7S 8S 9S 10S JS QS QD"
S0 = "QH KH AH 2C 3C 4C 5C 6C 7C 9C 10C QC KC"
DEAD = "2H 3H 4H 8C JC AC KD AD 2S 3S 4S KS AS"


def deal(**options):
    s = engine.new_game("michigan", players=3, **options)
    return s.apply(rigged_shuffle(3, hands=[S1, S2, S0], dead=DEAD))


def test_make_bot_levels():
    assert isinstance(engine.make_bot("michigan", "random"), RandomBot)
    assert isinstance(engine.make_bot("michigan"), BasicBot)


def test_hand_value_and_the_dead_hands_expected_value():
    boodle = (4, 4, 4, 4)
    assert hand_value(parse("AH 2C"), boodle) == 4 + 2 - 1 - 1
    assert hand_value(parse(S0), boodle) == 4 + 4 + 2 - 13
    # 39 other cards hold 2 boodle cards (8 chips) and 3 aces (6); 13 of them go dead
    assert dead_hand_value(parse(S0), 13, boodle) == Fraction((8 + 6 - 39) * 13, 39)
    # by linearity: the mean of hand_value over every 1-card dead hand
    others = [c for c in DECK if c not in parse(S0)]
    assert dead_hand_value(parse(S0), 1, boodle) == Fraction(
        sum(hand_value([c], boodle) for c in others), len(others)
    )


def test_basic_dealer_keeps_a_good_hand_and_offers_below_the_gain():
    s = deal()
    bot = BasicBot()
    # seat 0 holds A♥ and K♣ with chips on them: better than an unseen dead hand
    assert bot.choose(s) == Sell()
    s = s.apply(Sell())
    # seat 1 holds 13 cards, no boodle, no ace: value -13 against an expected (24 - 39) / 3
    gain = dead_hand_value(parse(S1), 13, (4,) * 4) - hand_value(parse(S1), (4,) * 4)
    assert gain == 8
    assert bot.choose(s) == Offer(1)
    s1 = s.apply(Offer(1))
    assert bot.choose(s1.apply(Offer(6))) == Offer(7)  # still below the gain of 8
    assert bot.choose(s1.apply(Offer(7))) == Decline()  # 8 would not be below it
    s = s.apply(Offer(4))
    # seat 2 holds J♠ and Q♦ (8 chips): it passes
    assert bot.choose(s) == Decline()


def test_basic_dealer_exchanges_a_poor_hand():
    s = engine.new_game("michigan", players=3)
    # the dealer holds S1: no boodle, no ace
    s = s.apply(rigged_shuffle(3, hands=[S2, S0, S1], dead=DEAD))
    assert BasicBot().choose(s) == Exchange()


def test_basic_leads_the_suit_with_the_longest_run_from_its_lowest():
    assert run_from_lowest(parse(S1), "D") == 10
    assert run_from_lowest(parse(S1), "H") == 2
    assert run_from_lowest(parse(S1), "C") == 0
    s = deal().apply(Sell())
    while s.phase == "auction":
        s = s.apply(Decline())
    assert BasicBot().choose(s) == Play(Card("2", "D"))


def test_basic_never_withholds_nor_misleads():
    for seed in range(6):
        s = engine.new_game("michigan", players=4, seed=seed, mistakes_allowed=True)
        bots = [engine.make_bot("michigan", "basic", seed=k) for k in range(4)]
        while not s.is_terminal():
            seat = s.current_player
            a = s.sample_chance() if seat == CHANCE else bots[seat].choose(s)
            assert not isinstance(a, Withhold)
            s = s.apply(a)
        assert not s.barred


def test_basic_beats_random_on_a_sample():
    """A sample of the benchmark: 200 deals, the basic bot's seat rotating."""
    basic, randoms, n = 0, 0, 200
    for seed in range(n):
        seat = seed % 4
        bots = [
            engine.make_bot("michigan", "basic" if k == seat else "random", seed=seed * 8 + k)
            for k in range(4)
        ]
        game = engine.new_game("michigan", players=4, seed=seed, deals=1)
        chips = engine.play(game, bots).returns()
        basic += chips[seat] - 50
        randoms += sum(chips) - chips[seat] - 150
    assert basic / n > 1 and randoms / (3 * n) < -1


@pytest.mark.parametrize("level", ["random", "basic"])
def test_bots_choose_legal_actions_everywhere(level):
    for players in (3, 8):
        s = engine.new_game("michigan", players=players, seed=2, mistakes_allowed=True)
        bots = [engine.make_bot("michigan", level, seed=k) for k in range(players)]
        while not s.is_terminal():
            seat = s.current_player
            a = s.sample_chance() if seat == CHANCE else bots[seat].choose(s)
            assert seat == CHANCE or a in s.legal_actions()
            s = s.apply(a)


def test_sure_out_finds_the_lead_that_takes_a_player_out():
    """Sure stops first (an ace, or a card whose next one up is out of play), the last suit
    after them; none when two suits lack a stop, a suit has a gap, or he holds the banned suit."""
    hand = [Card.from_str(c) for c in "KS AS 7H 9D".split()]
    out = {Card.from_str("10D")}
    assert sure_out(hand, out, None) == Card.from_str("KS")
    assert sure_out(hand, out, "S") is None
    assert sure_out(hand, set(), None) is None  # 7H and 9D both lack a stop
    assert sure_out(hand[:3], set(), "D") == Card.from_str("KS")
    assert sure_out([Card.from_str("7H")], set(), None) == Card.from_str("7H")
    assert sure_out([Card.from_str(c) for c in "QS AS".split()], set(), None) is None  # a gap
