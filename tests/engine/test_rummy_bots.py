"""The rummy bots: the basic bot's rules on rigged deals, and basic against random bots over
seeded 4-player deals (the full 1,000-deal figure is in ``benchmarks/rummy_bots.py``)."""

from __future__ import annotations

import random

import pytest
from bot_games import basic_decisions

import engine
from engine.cards import RANKS, SUITS, Card, parse
from engine.rummy import (
    BasicBot,
    Declare,
    Discard,
    Draw,
    Drop,
    Toss,
    best_arrangement,
    card_cost,
    full_pack,
    hopeless,
    rigged_shuffle,
)
from engine.rummy.bots import best_discard
from engine.rummy.cards import by_suit

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


# ---------------------------------------------------------------- fewer searches, same choices


def every_discard(cards, wild, four, keep):
    """The basic bot's discard as first written: the best arrangement of the 13 kept after
    each discard, all searched."""
    best = None
    for card in sorted(set(cards), key=by_suit):
        if card == keep:
            continue
        rest = list(cards)
        rest.remove(card)
        a = best_arrangement(rest, wild, four_card_life=four)
        rank = (not a.valid_show, a.key, -card_cost(card, wild))
        if best is None or rank < best[0]:
            best = (rank, card, a.valid_show)
    return best[0][1], best[1], best[2]


def near_show(rng, packs):
    """14 cards built round a show: a four-card run, two three-card runs, a set and one card
    at random (so some hands show, some nearly do, some have jokers to place)."""
    cards = []
    for length in (4, 3, 3):
        low, suit = rng.randrange(14 - length), rng.choice(SUITS)
        cards += [Card(r, suit) for r in RANKS[low : low + length]]
    rank = rng.choice(RANKS)
    cards += [Card(rank, s) for s in rng.sample(SUITS, 3)]
    return [*cards, rng.choice(full_pack(packs))]


@pytest.mark.slow
@pytest.mark.parametrize("four", [True, False])
def test_the_bound_discards_as_every_search_did(four):
    """``best_discard`` searches only the discards the arrangement of all 14 cards cannot
    settle, and picks what searching every discard picked: random hands and hands built
    round a show, two and three packs, every kind of wild rank, with and without a card
    that may not be discarded."""
    rng, shows = random.Random(15), 0
    for k in range(36):
        packs = 3 if k % 3 == 0 else 2
        cards = near_show(rng, packs) if k % 2 else rng.sample(full_pack(packs), 14)
        wild = rng.choice(RANKS)
        keep = rng.choice([None, *cards])
        sorted_cards = tuple(sorted(cards, key=by_suit))
        expected = every_discard(cards, wild, four, keep)
        assert best_discard(sorted_cards, wild, four, keep) == expected, (cards, wild, keep)
        shows += expected[2]
    assert shows >= 3


def first_written_choice(state):
    """The basic bot's whole turn as first written (every discard searched)."""
    view = state.view(state.current_player)
    legal = state.legal_actions()
    hand = [Card.from_str(c) for c in view["hand"]]
    wild, four = view["wild_rank"], view["options"]["four_card_life"]
    if view["phase"] == "draw":
        if Drop() in legal and view["draws"][view["seat"]] == 0 and hopeless(hand, wild):
            return Drop()
        if Draw("open") in legal:
            top = Card.from_str(view["open_pile"][-1])
            now = best_arrangement(hand, wild, four_card_life=four).key
            if every_discard([*hand, top], wild, four, top)[0] < now:
                return Draw("open")
        return Draw("stock") if Draw("stock") in legal else legal[0]
    taken = Card.from_str(view["taken"]) if view["taken"] else None
    _, card, valid = every_discard(hand, wild, four, taken)
    return Declare(card) if valid else Discard(card)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), [(4, {}), (7, {}), (3, {"four_card_life": False})])
def test_the_basic_bot_plays_as_first_written(players, options):
    decisions = 0
    for s, action in basic_decisions("rummy", players, range(2), **options):
        assert action == first_written_choice(s)
        decisions += 1
    assert decisions > 20
