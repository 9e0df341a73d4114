"""Michigan, rule by rule (docs/rules.md §2, seed 001): scripted deals on rigged shuffles.

Every test deals a rigged pack with ``rigged_shuffle`` (hands listed from the dealer's left; the
first game's dealer is seat 0) and plays the cards by hand, naming the card only: ``play``
checks that it is its holder's turn.
"""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine import CHANCE, IllegalAction
from engine.cards import Card, parse
from engine.michigan import (
    BOODLE,
    DECK,
    Decline,
    Exchange,
    MichiganState,
    NobodyPlays,
    Offer,
    Play,
    Sell,
    Stop,
    Withhold,
    dead_hand_size,
    hand_sizes,
    rigged_shuffle,
)
from engine.saves import _digest
from engine.values import Shuffle

# ---------------------------------------------------------------- helpers


def deal(hands, dead="", players=3, seed=0, **options) -> MichiganState:
    """A one-deal game (unless ``deals`` says otherwise) on a rigged shuffle."""
    s = engine.new_game("michigan", players=players, seed=seed, **{"deals": 1, **options})
    return s.apply(rigged_shuffle(players, hands=hands, dead=dead, seed=seed))


def unsold(s):
    """The dealer auctions the dead hand and everybody passes."""
    s = s.apply(Sell(), player=s.dealer)
    while s.phase == "auction":
        s = s.apply(Decline())
    return s


def play(s, cards):
    """Play the cards in order, each by its holder, whose turn it must be (in the teaching
    mode, a dead next card's chance step follows the play: nobody plays it)."""
    for card in parse(cards):
        s = s.apply(Play(card), player=s.holder(card))
        if s.current_player == CHANCE and s.phase == "play":
            s = s.apply(NobodyPlays())
    return s


def unchanged(s, action, match):
    before = s.to_json()
    with pytest.raises(IllegalAction, match=match):
        s.apply(action)
    assert s.to_json() == before


def conserved(s, total):
    return sum(s.chips) + sum(s.boodle) == total


# Deal B: 3 players, seat 0 deals; hands from the dealer's left: seat 1, seat 2, seat 0.
S1 = "8H 9H 5S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"
S2 = "5H 6H 7H 10H JH 6S 7S 8S 9S 10S JS QS QD"
S0 = "QH KH AH 2C 3C 4C 5C 6C 7C 9C 10C QC KC"
DEAD = "2H 3H 4H 8C JC AC KD AD 2S 3S 4S KS AS"


@pytest.fixture
def b():
    return unsold(deal([S1, S2, S0], DEAD))


# ---------------------------------------------------------------- layout, ante, deal (seed)


def test_layout_and_ante():
    s = engine.new_game("michigan", players=4)
    assert [str(c) for c in BOODLE] == ["A♥", "K♣", "Q♦", "J♠"]
    assert s.dealer == 0 and s.current_player == CHANCE
    # the dealer puts 2 chips on each boodle card, the others 1
    assert s.chips == (42, 46, 46, 46)
    assert s.boodle == (5, 5, 5, 5)
    assert conserved(s, 200)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, [13, 13, 13, 13]),
        (4, [11, 11, 10, 10, 10]),
        (5, [9, 9, 9, 9, 8, 8]),
        (8, [6, 6, 6, 6, 6, 6, 6, 5, 5]),
    ],
)
def test_hand_sizes_dead_hand_first(players, sizes):
    assert hand_sizes(players) == sizes and dead_hand_size(players) == sizes[0]
    s = engine.new_game("michigan", players=players, seed=1)
    s = s.apply(s.sample_chance())
    assert len(s.dead) == sizes[0]
    order = s.in_deal()  # from the dealer's left, the dealer last
    assert order[0] == 1 and order[-1] == 0
    assert [len(s.hands[p]) for p in order] == sizes[1:]


def test_deal_one_card_at_a_time_starting_with_the_dead_hand():
    deck = DECK[13:] + DECK[:13]
    s = engine.new_game("michigan", players=4).apply(Shuffle(deck))
    assert deck[0] in s.dead and deck[5] in s.dead  # every fifth card
    assert deck[1] in s.hands[1] and deck[2] in s.hands[2] and deck[4] in s.hands[0]
    assert sorted(map(str, s.dead)) == sorted(map(str, deck[0::5]))


def test_shuffle_must_be_one_pack():
    s = engine.new_game("michigan", players=3)
    unchanged(s, Shuffle(DECK[:51]), "52 cards of one pack")
    unchanged(s, Shuffle(DECK[:51] + DECK[:1]), "each once")
    unchanged(s, Shuffle((*DECK[:51], "JK")), "one pack")
    unchanged(s, Shuffle((*DECK[:51], Card("JK", ""))), "one pack")
    unchanged(s, Sell(), "shuffled and dealt first")


# ---------------------------------------------------------------- exchange and auction


def test_dealer_exchanges_unseen_and_only_he_sees_the_dead_hand():
    s = deal([S1, S2, S0], DEAD)
    assert s.current_player == 0 and s.legal_actions() == [Exchange(), Sell()]
    s = s.apply(Exchange(), player=0)
    assert set(s.hands[0]) == set(parse(DEAD)) and set(s.dead) == set(parse(S0))
    assert s.exchanger == 0 and s.view(0)["dead_hand"] and s.view(1)["dead_hand"] is None
    assert sorted(s.view(0)["known_dead"]) == sorted(map(str, parse(S0)))
    assert s.view(1)["known_dead"] == []
    assert s.phase == "play" and s.current_player == 1  # the dealer's left leads
    assert s.chips == (42, 46, 46)


def test_auction_price_paid_to_the_dealer_and_buyer_exchanges():
    s = deal([S1, S2, S0], DEAD).apply(Sell(), player=0)
    assert s.current_player == 1  # bidding starts on the dealer's left
    unchanged(s, Offer(0), "at least 1")
    unchanged(s, Offer(47), "more than your 46 chips")
    unchanged(s, Play(Card("8", "H")), "offer chips or pass")
    s = s.apply(Offer(3), player=1).apply(Offer(5), player=2)
    unchanged(s, Offer(5), "at least 6")
    assert s.legal_actions()[0] == Offer(6) and s.legal_actions()[-1] == Decline()
    s = s.apply(Decline(), player=1)  # seat 2 is the last bidder left
    assert s.chips == (47, 46, 41) and s.exchanger == 2
    assert set(s.hands[2]) == set(parse(DEAD)) and set(s.dead) == set(parse(S2))
    assert s.phase == "play" and s.current_player == 1
    assert [e.kind for e in s.events[-1:]] == ["sold"]


def test_auction_a_pass_is_final_and_the_dealer_does_not_bid():
    s = deal([S1, S2, S0], DEAD).apply(Sell()).apply(Decline(), player=1)
    s = s.apply(Offer(1), player=2)  # nobody else may bid: seat 2 buys at once
    assert s.exchanger == 2 and s.chips == (43, 46, 45)
    s = deal([S1, S2, S0], DEAD).apply(Sell()).apply(Offer(2), player=1)
    s = s.apply(Offer(4), player=2).apply(Offer(9), player=1).apply(Decline(), player=2)
    assert s.exchanger == 1 and s.chips == (51, 37, 46)


def test_auction_without_bids_leaves_the_dead_hand_dead(b):
    assert b.exchanger is None and set(b.dead) == set(parse(DEAD))
    assert b.chips == (42, 46, 46) and b.phase == "play"
    assert b.view(0)["dead_hand"] is None


def test_four_player_auction_goes_round_skipping_passes():
    s = engine.new_game("michigan", players=4, seed=2)
    s = s.apply(s.sample_chance()).apply(Sell(), player=0)
    s = s.apply(Offer(1), player=1).apply(Decline(), player=2).apply(Offer(2), player=3)
    s = s.apply(Offer(3), player=1)
    assert s.current_player == 3  # seat 2 passed for good
    s = s.apply(Decline(), player=3)
    assert s.exchanger == 1 and s.chips[0] == 42 + 3


# ---------------------------------------------------------------- the play


def test_first_lead_is_the_lowest_card_of_any_suit(b):
    assert b.current_player == 1
    assert b.legal_actions() == [Play(c) for c in parse("5S 8H 2D")]
    unchanged(b, Play(Card("9", "H")), "lowest card in the suit: 8♥")
    unchanged(b, Play(Card("Q", "D")), "do not hold")
    unchanged(b, Withhold(), "nothing to withhold")


def test_the_holder_of_the_next_card_must_play_it(b):
    s = play(b, "8H 9H")
    assert s.current_player == 2 and s.legal_actions() == [Play(Card("10", "H"))]
    unchanged(s, Play(Card("5", "H")), "next card up, 10♥")
    unchanged(s, Withhold(), "you must play 10♥")
    assert s.run == (Card("9", "H"), 1)


def test_a_whole_deal_with_every_kind_of_stop(b):
    total = 150
    s = play(b, "8H 9H 10H JH QH KH AH")
    assert s.last_stop == Stop(0, Card("A", "H"), "ace")
    assert s.chips[0] == 46 and s.boodle[0] == 0  # A♥ won its 4 chips
    assert s.current_player == 0 and s.banned_suit == "H"
    unchanged(s, Play(Card("3", "C")), "lowest card in the suit: 2♣")
    s = play(s, "2C 3C 4C 5C 6C 7C")
    assert s.last_stop == Stop(0, Card("7", "C"), "dead")  # 8♣ is in the dead hand
    # seat 0 holds only clubs: the lead passes left to seat 1
    assert s.current_player == 1 and s.banned_suit == "C"
    assert s.view(1)["known_dead"] == ["8♣"]
    s = play(s, "5S 6S 7S 8S 9S 10S JS QS")
    assert s.last_stop == Stop(2, Card("Q", "S"), "dead") and s.chips[2] == 50
    assert s.legal_actions() == [Play(c) for c in parse("5H QD")]
    s = play(s, "5H 6H 7H")
    assert s.last_stop == Stop(2, Card("7", "H"), "played")  # 8♥ went in the first run
    assert s.legal_actions() == [Play(Card("Q", "D"))]
    assert conserved(s, total) and not s.is_terminal()
    s = play(s, "QD")  # seat 2's last card, and the Q♦ boodle
    assert s.is_terminal()
    (r,) = s.results
    assert r.winner == 2 and r.cards_left == (4, 10, 0)
    assert r.payments == [(1, 2, 10, "cards"), (0, 2, 4, "cards")]  # from the dealer's left
    assert r.boodles_won == [(0, Card("A", "H"), 4), (2, Card("J", "S"), 4), (2, Card("Q", "D"), 4)]
    assert s.chips == (42, 36, 68) and s.boodle == (0, 4, 0, 0)
    assert conserved(s, total) and s.returns() == [42, 36, 68]
    assert "seat 2 went out" in str(r)


def test_chips_left_on_the_layout_carry_over():
    s = unsold(deal([S1, S2, S0], DEAD, deals=2))
    s = play(s, "8H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS 5H 6H 7H QD")
    # deal 2: seat 1 deals and puts 2 on each; K♣ kept its 4 chips
    assert s.deal == 1 and s.dealer == 1 and s.current_player == CHANCE
    assert s.boodle == (4, 8, 4, 4) and s.chips == (38, 28, 64)
    assert conserved(s, 150)
    s = s.apply(s.sample_chance())
    assert s.current_player == 1 and s.in_deal() == [2, 0, 1]


def test_a_new_lead_must_be_a_new_suit(b):
    s = play(b, "8H 9H 10H JH QH KH AH")
    assert all(a.card.suit != "H" for a in s.legal_actions())
    s = play(s, "2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS 5H 6H 7H")
    unchanged(s, Play(Card("5", "H")), "do not hold")
    s = unsold(deal([S1, S2, S0], DEAD, mistakes_allowed=True))
    s = play(s, "8H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS 6H 7H")
    unchanged(s, Play(Card("5", "H")), "new suit, not hearts again")


def test_deadlock_lifts_the_new_suit_rule():
    """Nobody holds a card outside the stopped suit: the same suit is restarted (decision)."""
    s = play(unsold(deal([S1, S2, S0], DEAD)), "8H 9H 10H JH QH KH AH")
    # a position reached late in a deal: only clubs left in the hands
    s = copy.copy(s)
    s.hands = (parse("9C 10C"), parse("2C"), parse("5C 6C"))
    s.run, s.to_move = (Card("2", "C"), 1), 1
    s._stop(Stop(1, Card("2", "C"), "dead"))
    assert s.banned_suit is None and s.current_player == 1
    s.hands = (parse("9C 10C"), parse("2D 3C"), parse("5C 6C"))
    s._stop(Stop(2, Card("4", "C"), "dead"))
    assert s.banned_suit == "C" and s.current_player == 1  # passes left past seat 0


@pytest.mark.parametrize("players", [3, 8])
def test_three_and_eight_players_play_a_deal_to_the_end(players):
    s = engine.new_game("michigan", players=players, seed=4, deals=1)
    s = engine.play(s, [engine.make_bot("michigan", "basic", seed=k) for k in range(players)])
    (r,) = s.results
    assert r.winner is not None and r.cards_left[r.winner] == 0
    assert conserved(s, 50 * players)


# ---------------------------------------------------------------- leaving and the end of the game


def test_a_player_who_cannot_ante_leaves_and_the_game_ends_below_three():
    s = unsold(deal([S1, S2, S0], DEAD, deals=3, chips=10))
    assert s.chips == (2, 6, 6)
    s = play(s, "8H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS 5H 6H 7H QD")
    # seat 1 (the next dealer) has 0 chips and seat 0 has 2: both leave, one player is left
    assert s.is_terminal() and s.live == (False, False, True)
    assert s.returns() == [2, 0, 24] and conserved(s, 30)
    assert [e.kind for e in s.events] == ["leave", "leave"]


def test_game_is_a_number_of_deals():
    s = engine.new_game("michigan", players=4, seed=3, deals=3)
    s = engine.play(s, [engine.make_bot("michigan", "basic", seed=k) for k in range(4)])
    assert len(s.results) == 3 and [r.dealer for r in s.results] == [0, 1, 2]
    assert s.winners() == [k for k in range(4) if s.chips[k] == max(s.chips)]
    # the default (docs/rules.md §2.8): everyone deals once
    s = engine.new_game("michigan", players=3, seed=3)
    s = engine.play(s, [engine.make_bot("michigan", "basic", seed=k) for k in range(3)])
    assert [r.dealer for r in s.results] == [0, 1, 2]


def test_options_are_checked():
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7 or 8 players"):
        engine.new_game("michigan", players=2)
    for bad in (0, 25, True, "4"):
        with pytest.raises(ValueError, match="option deals"):
            engine.new_game("michigan", players=3, deals=bad)


# ---------------------------------------------------------------- mistakes and penalties (seed)


def test_mistakes_are_not_offered_by_default(b):
    assert not any(isinstance(a, Withhold) for a in play(b, "8H 9H").legal_actions())


def test_leading_a_card_not_the_lowest_pays_each_opponent_and_bars_boodles():
    s = unsold(deal([S1, S2, S0], DEAD, mistakes_allowed=True))
    s = play(s, "8H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS")
    assert s.chips[2] == 50 and Play(Card("6", "H")) in s.legal_actions()
    s = play(s, "6H")  # 5♥ is seat 2's lowest heart
    assert s.chips == (47, 47, 48) and s.barred == {2}
    assert [e.kind for e in s.events[-3:]] == ["lead", "penalty", "penalty"]
    s = play(s, "7H")
    assert s.last_stop.cause == "played"
    s = play(s, "QD")  # the Q♦ boodle: seat 2 may no longer collect
    assert s.boodle[2] == 4 and s.chips[2] == 48
    assert s.last_stop == Stop(2, Card("Q", "D"), "dead")
    s = play(s, "5H")  # his last card: a misleader may still win the hand
    assert s.is_terminal() and s.results[0].winner == 2
    assert s.chips == (43, 37, 62) and conserved(s, 150)


# Deal W: seat 2 withholds 3♠; the J♠ duplicate is seat 0's; seat 1 then runs its hearts out.
W1 = "2S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
W2 = "3S 4S 5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6D"
W0 = "JS QS KS AS 7D 8D 9D 10D JD QD KD AD 2C"
WDEAD = "AH 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"


def test_withholding_stops_the_run_and_pays_the_duplicates_holder():
    s = unsold(deal([W1, W2, W0], WDEAD, mistakes_allowed=True))
    s = play(s, "2S")
    assert s.current_player == 2 and Withhold() in s.legal_actions()
    s = s.apply(Withhold(), player=2)
    assert s.last_stop == Stop(1, Card("2", "S"), "withheld", 2)
    assert s.current_player == 1 and s.banned_suit == "S"
    assert s.barred == {2} and s.withheld == ((2, "S"),)
    # to the others the stop looks like a dead card; the offender knows better
    assert s.view(1)["last_stop"]["cause"] == "dead" and s.view(1)["barred"] == []
    assert s.view(2)["last_stop"]["cause"] == "withheld" and s.view(2)["barred"] == [2]
    assert s.view(1)["known_dead"] == ["3♠"] and s.view(2)["known_dead"] == []
    s = play(s, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert s.is_terminal() and s.results[0].winner == 1
    # 13 cards each to the winner; then J♠ still holds 4 chips: seat 2 pays them to seat 0
    assert s.results[0].payments == [
        (2, 1, 13, "cards"),
        (0, 1, 13, "cards"),
        (2, 0, 4, "withheld"),
    ]
    assert s.chips == (33, 72, 29) and s.boodle == (4, 4, 4, 4) and conserved(s, 150)


# Deal C: seat 2 withholds 3♠, then plays out first: he cannot win, and play goes on.
C1 = "2S 2C 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD"
C2 = "3S 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
C0 = "4S 5S 6S 7S 8S 9S 10S JS QS KS KD AD 2H"
CDEAD = "AS 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_a_withholder_who_plays_out_first_does_not_win():
    s = unsold(deal([C1, C2, C0], CDEAD, mistakes_allowed=True))
    s = play(s, "2S").apply(Withhold(), player=2)
    s = play(s, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    assert s.boodle[1] == 4  # seat 2 was barred: K♣ stays on the layout
    assert s.last_stop.cause == "ace" and s.current_player == 2
    s = play(s, "3S")  # seat 2's last card: no win, the run goes on
    assert not s.is_terminal() and s.hands[2] == () and s.current_player == 0
    s = play(s, "4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert s.last_stop.cause == "dead" and s.boodle[3] == 0
    s = play(s, "KD AD 2H")
    assert s.is_terminal() and s.results[0].winner == 0
    # J♠ was won, so no chips are left on the withheld suit's boodle: nothing more to pay
    assert s.results[0].payments == [(1, 0, 11, "cards")]
    assert conserved(s, 150)


def test_withhold_refused_without_the_option(b):
    s = play(b, "8H 9H")
    unchanged(s, Withhold(), "mistakes_allowed=True")


def test_str_shows_the_table(b):
    text = str(play(b, "8H 9H"))
    assert "run: 9♥ by seat 1" in text and "seat 2 to play" in text and "A♥ 4" in text
    assert "stop: A♥ by seat 0 (cause: ace)" in str(play(b, "8H 9H 10H JH QH KH AH"))


def test_the_view_holds_the_standing_offer_the_chips_and_only_ones_own_hand():
    s = deal([S1, S2, S0], DEAD).apply(Sell()).apply(Offer(3))
    view = s.view(2)
    assert view["standing_bid"] == {"bidder": 1, "bid": "offer 3 chips", "chips": 3}
    assert view["scores"] == [42, 46, 46] == list(s.chips)
    assert view["hands"] == [None, None, view["hand"]]
    assert view["hands"][2] == [str(c) for c in s.hands[2]]
    assert view["boodle"][0] == {"card": "A♥", "chips": 4}


def test_saves_round_trip_and_refuse_tampering(b):
    s = play(b, "8H 9H")
    back = engine.from_json(s.to_json())
    assert back == s and back.run == s.run and back.chips == s.chips
    with pytest.raises(engine.SaveError, match="edited or damaged"):
        engine.from_json(s.to_json().replace('"rank":"9"', '"rank":"7"'))


def test_a_version_1_save_still_loads_its_plays_by_their_old_name(b):
    s = play(b, "8H 9H")
    body = json.loads(s.to_json())
    body["format"] = "tabletop-lessons/1"
    for action in body["history"]:
        if action["type"] == "Play":
            action["type"] = "PlayCard"
    body["digest"] = _digest(body)
    assert engine.from_json(json.dumps(body)) == s


# ---------------------------------------------------------------- public descriptions (11.5)


def described(s, action):
    """How each seat sees ``action`` taken in ``s``: seat -> (seat, verb, what, marks)."""
    return {v: tuple(vars(s.public(action, v)).values()) for v in range(s.num_players)}


def test_every_action_is_described_alike_to_every_seat_but_a_withhold():
    s = engine.new_game("michigan", players=3, deals=1, mistakes_allowed=True)
    shuffle = rigged_shuffle(3, hands=[W1, W2, W0], dead=WDEAD)
    seen = described(s, shuffle)
    assert seen[0] == seen[1] == seen[2] == (None, "", "the cards are shuffled and dealt", None, ())
    s = s.apply(shuffle)
    assert described(s, Exchange())[1] == (
        0,
        "exchange",
        "for the dead hand, unseen",
        None,
        (("call", "exchange"),),
    )
    assert described(s, Sell())[2] == (0, "auction", "the dead hand", None, (("call", "auction"),))
    s = s.apply(Sell())
    assert described(s, Offer(1))[0] == (1, "offer", "1 chip", None, (("call", "offer 1 chip"),))
    assert described(s, Offer(3))[0][2] == "3 chips"
    assert described(s, Decline())[2] == (1, "pass", "", "passes", (("call", "pass"),))
    s = unsold(s.at(1))
    assert set(described(s, Play(Card("2", "S"))).values()) == {
        (1, "lead", "2♠", None, (("card", "2♠"),))
    }
    s = play(s, "2S")
    assert described(s, Play(Card("3", "S")))[0][:3] == (2, "play", "3♠")
    # a withhold: its withholder knows; to the others it is what a dead card is
    seen = described(s, Withhold())
    assert seen[2] == (2, "withhold", "3♠ (a mistake)", None, ())
    assert seen[0] == seen[1] == (None, "", "nobody plays 3♠", None, ())


def test_a_dead_card_in_the_teaching_mode_takes_a_chance_step_described_as_a_withhold():
    s = unsold(deal([S1, S2, S0], DEAD, mistakes_allowed=True))
    s = s.apply(Play(Card("8", "H"))).apply(Play(Card("9", "H")))  # 10♥ is seat 2's
    s = play(s, "10H JH QH KH AH 2C 3C 4C 5C 6C")
    s = s.apply(Play(Card("7", "C")), player=0)  # 8♣ is in the dead hand
    assert (
        s.current_player == CHANCE and s.run == (Card("7", "C"), 0) and s.last_stop.card.rank == "A"
    )
    assert s.legal_actions() == [NobodyPlays()] and s.chance_outcomes() == [(NobodyPlays(), 1)]
    assert s.sample_chance() == NobodyPlays() and s.waiting() == Card("8", "C")
    assert all(s.view(v)["to_move"] == CHANCE for v in range(3))
    assert "nobody holds 8♣" in str(s)
    unchanged(s, Play(Card("8", "C")), "is dead: nobody plays it")
    unchanged(s, rigged_shuffle(3, hands=[S1, S2, S0], dead=DEAD), "is dead: nobody plays it")
    seen = described(s, NobodyPlays())
    assert seen[0] == seen[1] == seen[2] == (None, "", "nobody plays 8♣", None, ())
    s = s.apply(NobodyPlays())
    assert s.last_stop == Stop(0, Card("7", "C"), "dead") and s.current_player == 1
    # anywhere else it is refused, by the rule it breaks
    unchanged(s, NobodyPlays(), "only a dead card of a run")
    b = unsold(deal([S1, S2, S0], DEAD))
    unchanged(play(b, "8H 9H"), NobodyPlays(), "in the teaching mode")


def test_who_holds_the_next_card_is_hidden_from_the_others_in_the_teaching_mode():
    s = unsold(deal([W1, W2, W0], WDEAD, mistakes_allowed=True))
    s = play(s, "2S")
    assert s.current_player == 2
    assert s.view(2)["to_move"] == 2 and s.view(2, reveal=True)["to_move"] == 2
    assert s.view(0)["to_move"] == s.view(1)["to_move"] == CHANCE
    assert s.view(0, reveal=True)["to_move"] == 2  # a teacher sees it
    # without the teaching mode nothing can be withheld: the holder is named
    b = unsold(deal([W1, W2, W0], WDEAD))
    assert play(b, "2S").view(0)["to_move"] == 2


def test_barred_as_the_others_see_it_never_changes_at_a_withhold():
    s = unsold(deal([S1, S2, S0], DEAD, mistakes_allowed=True))
    s = play(s, "8H 9H 10H JH QH KH AH 2C 3C 4C 5C 6C 7C 5S 6S 7S 8S 9S 10S JS QS")
    s = play(s, "6H")  # seat 2 misleads: barred, in public
    assert [s.view(v)["barred"] for v in range(3)] == [[2], [2], [2]]
    s = unsold(deal([W1, W2, W0], WDEAD, mistakes_allowed=True))
    before = [s.view(v)["barred"] for v in (0, 1)]
    s = play(s, "2S").apply(Withhold(), player=2)
    assert [s.view(v)["barred"] for v in (0, 1)] == before == [[], []]
    assert s.view(2)["barred"] == [2] and s.barred == {2} and s.misled == frozenset()
