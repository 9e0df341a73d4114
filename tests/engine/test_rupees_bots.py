"""The Rupees bots: the random bot ends games; the basic bot bids from its stated estimate,
discards and names trumps sensibly, plays the specials as it says, and beats random bots."""

from __future__ import annotations

from test_rupees_rules import bid_to, deal, declare, play, swap

import engine
from engine.rupees import (
    BasicBot,
    Bid,
    NameTrump,
    Pass,
    Play,
    RupeeCard,
    best_trump,
    hand_strength,
    parse,
)


def test_hand_strength_is_the_stated_formula():
    hand = parse("Tiger Lion R40k R30k R11 R9 R8 R7 Y5k B1 B2 G3 G4")
    # 100,000 + half of 75,000 + 2 top cards + Tiger + Lion + 2 cards past four in Red
    assert hand_strength(hand) == 100_000 + 37_500 + 30_000 + 40_000 + 20_000 + 20_000
    assert best_trump(hand) == "R"
    assert best_trump(parse("Y1 Y2 G40k G30k B1")) == "G"  # equal length: the stronger


def test_basic_bot_bids_up_to_its_estimate_and_leaves_the_contract_to_its_partner():
    bot = BasicBot()
    s = deal()  # seat 1 opens: he must bid
    assert bot.choose(s) == Bid(175_000)
    s = s.apply(Bid(175_000))
    # seat 2 holds all the Blacks: 100,000 + 50,000 + 30,000 + 90,000 = 270,000
    assert bot.choose(s) == Bid(185_000)
    s = s.apply(Bid(255_000))
    assert bot.choose(s) == Bid(265_000)  # seat 3, all the Greens: also 270,000
    s = s.apply(Bid(265_000))
    assert bot.choose(s) == Pass()  # seat 0: 275,000 is above his 270,000
    s = s.apply(Pass())
    assert bot.choose(s) == Pass()  # seat 1: his partner (seat 3) holds the bid


def test_basic_bot_discards_low_plain_cards_outside_trumps_and_names_its_colour():
    bot = BasicBot()
    s = bid_to(deal(swap(("Y1", "R1"), ("Y2", "R2"), ("Y3", "B2"))))
    # seat 1: 10 Yellows (trumps to be), R1, R2, B2 and the specials
    picks = []
    while s.phase == "discard":
        action = bot.choose(s)
        picks.append(action.card.code)
        s = s.apply(action)
    assert sorted(picks) == ["B2", "R1", "R2"]
    assert bot.choose(s) == NameTrump("Y")


def test_basic_bot_plays_the_specials_as_stated():
    bot = BasicBot()
    parts = swap(("R1", "Lion"), ("R2", "Bear"))  # seat 0 holds the Lion and the Bear
    s = declare(deal(parts))  # seat 1 declares Yellow and leads
    assert bot.choose(s) == Play(RupeeCard("Tiger"))  # trumps while he holds the Tiger
    s = play(s, "Y40k", "B40k", "G1")
    assert bot.choose(s) == Play(RupeeCard("Bear"))  # the opponents' rich trick
    # the Lion on his own side's rich trick: seat 2 (partner of seat 0) wins with a Black
    s = declare(deal(swap(("R1", "Lion"), ("Y11", "B1"))))
    s = play(s, "B1", "B40k", "G40k")  # seat 0 has no Black
    assert bot.choose(s) == Play(RupeeCard("Lion"))
    # a trick with Money and an opponent winning: win it with the cheapest winning card
    s = declare(deal(swap(("Y11", "B5k"))))
    s = play(s, "B5k")
    assert bot.choose(s) == Play(RupeeCard("B7"))
    s = declare(deal(swap(("Y11", "B4"))))
    s = play(s, "B4")  # no Money at stake: throw the lowest card
    assert bot.choose(s) == Play(RupeeCard("B1"))


def test_basic_partnership_beats_random_partnership():
    """A small sample with a wide margin; benchmarks/rupees_bots.py runs 500 games."""
    wins = 0
    for seed in range(30):
        side = seed % 2
        bots = [
            engine.make_bot("rupees", "basic" if k % 2 == side else "random", seed=seed * 4 + k)
            for k in range(4)
        ]
        s = engine.play(engine.new_game("rupees", seed=seed), bots)
        wins += s.winners()[0] % 2 == side
    assert wins >= 24
