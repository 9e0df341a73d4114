"""The license-plate game, rule by rule (docs/rules.md §5, seed 004): scripted rounds, rigged deals.

Every test deals a rigged deck with ``rigged_shuffle`` (window plates first, pile tops first) and
applies the calls by hand, naming the seat that makes each call so turn order is checked too.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import engine
from engine import CHANCE, IllegalAction
from engine.plates import (
    SETUP,
    Agree,
    Bid,
    Cancel,
    Challenge,
    Plate,
    PlatesState,
    random_deck,
    rigged_shuffle,
)
from engine.values import Shuffle

# ---------------------------------------------------------------- helpers


def deal(players=4, stands=(), piles=(), digits="balanced", seed=0) -> PlatesState:
    """A new game with a rigged deal, seat 0 to open."""
    s = engine.new_game("plates", players=players, seed=seed, digits=digits)
    return s.apply(rigged_shuffle(players, stands=stands, piles=piles, digits=digits, seed=seed))


def calls(state, *seat_calls):
    """Apply ``(seat, call)`` pairs in order, checking it is that seat's turn."""
    for seat, call in seat_calls:
        state = state.apply(call, player=seat)
    return state


def play_round(state, bidder, bid, challenge=()):
    """One scored round: until it is ``bidder``'s turn the opener bids one 0 and the others
    agree; ``bidder`` bids ``bid``; then every seat in ``challenge`` challenges, the rest agree."""
    done = len(state.results)
    while state.current_player != bidder:
        state = state.apply(Agree() if state.standing_bid() else Bid(1, 0))
    state = state.apply(bid)
    while len(state.results) == done:
        state = state.apply(Challenge() if state.current_player in challenge else Agree())
    return state


def cancel_round(state):
    """The opener bids one 0, everyone agrees, the opener cancels."""
    opener = state.current_player
    state = state.apply(Bid(1, 0))
    while state.current_player != opener:
        state = state.apply(Agree())
    return state.apply(Cancel())


def with_money(state, money):
    """A copy of ``state`` with other money: only for positions real play cannot reach."""
    s = copy.copy(state)
    s.money = tuple(money)
    return s


def no_nines(k, fines):
    """``k`` plates without a 9 (digits 0-8 in turn), with the given fines."""
    digits = "012345678" * 20
    return [Plate(digits[6 * i : 6 * i + 6], fines[i]) for i in range(k)]


def numbers(state):
    return [p.number for _, p in state.in_play()]


# The standard 4-player table: round-1 plates, then round-2 plates.
STANDS4 = [
    ["444 123 $10", "555 555 $5"],
    ["440 000 $5", "550 123 $10"],
    ["123 456 $20", "987 650 $15"],
    ["789 789 $15", "222 333 $20"],
]
PILES4 = [["400 000 $25", "505 050 $25"], ["111 111 $5", "444 444 $5"]]
# Round 1: 4's: 3+2+1+0+1+0 = 7; 0's: 0+4+0+0+5+0 = 9.  Round 2: 5's: 6+2+1+0+3+0 = 12.


@pytest.fixture
def table4():
    return deal(4, STANDS4, PILES4)


# ---------------------------------------------------------------- set-up (seed)


@pytest.mark.parametrize(
    ("players", "each", "discarded", "piles", "money"),
    [(3, 10, 0, 2, 250), (4, 8, 2, 2, 300), (5, 8, 2, 1, 300), (6, 8, 2, 0, 350)],
)
def test_setup_table(players, each, discarded, piles, money):
    s = engine.new_game("plates", players=players, seed=3)
    assert s.current_player == CHANCE
    assert s.money == (money,) * players
    s = s.apply(s.sample_chance())
    assert [len(st) for st in s.stands] == [each] * players
    assert [len(p) for p in s.piles] == [each] * piles
    assert players * each + piles * each + discarded == 50
    assert s.returns() == [money] * players
    assert s.rounds_total == each
    assert SETUP[players] == (each, discarded, piles, money)
    assert len(s.in_play()) == players + piles


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deal_order_is_stands_then_discards_then_piles(players):
    k, discarded, piles, _ = SETUP[players]
    deck = random_deck(random.Random(5))
    s = engine.new_game("plates", players=players).apply(Shuffle(deck))
    for seat in range(players):
        assert s.stands[seat] == deck[seat * k : (seat + 1) * k]
    start = players * k + discarded
    for p in range(piles):
        assert s.piles[p] == deck[start + p * k : start + (p + 1) * k]
    used = {id(x) for st in (*s.stands, *s.piles) for x in st}
    assert [x for x in deck if id(x) not in used] == list(deck[players * k : start])


def test_rigged_shuffle_puts_given_plates_in_windows_and_on_piles(table4):
    assert numbers(table4) == ["444123", "440000", "123456", "789789", "400000", "111111"]
    assert [who for who, _ in table4.in_play()] == [
        "seat 0", "seat 1", "seat 2", "seat 3", "pile 0", "pile 1",
    ]  # fmt: skip
    assert table4.stands[0][1] == Plate("555555", 5)


def test_rigged_shuffle_refuses_impossible_decks():
    with pytest.raises(ValueError, match="30 times"):
        rigged_shuffle(4, stands=[["000 000 $5"] * 6])
    with pytest.raises(ValueError, match="ten plates"):
        rigged_shuffle(4, stands=[["123 456 $5"] * 8, ["123 456 $5"] * 3])
    with pytest.raises(ValueError, match="holds 8"):
        rigged_shuffle(4, stands=[["123 456 $5"] * 9])
    with pytest.raises(ValueError, match="of those"):
        rigged_shuffle(6, piles=[["123 456 $5"]])


def test_plate_text_and_digits():
    p = Plate.from_str("444 123 $10")
    assert p == Plate("444123", 10)
    assert str(p) == "444 123 $10"
    assert p.count(4) == 3 and p.count(9) == 0
    for bad in [("12345", 5), ("12345a", 5), ("123456", 7), ("123456", True), ("123456", 5.0)]:
        with pytest.raises(ValueError):
            Plate(*bad)


# ---------------------------------------------------------------- opening and bidding higher


def test_seat_0_opens_the_first_round(table4):
    assert table4.current_player == 0
    assert table4.opener == 0


def test_opener_may_bid_anything(table4):
    legal = table4.legal_actions()
    assert legal == [Bid(c, d) for c in range(1, 37) for d in range(10)]
    assert table4.apply(Bid(1, 0)).standing_bid() == (0, Bid(1, 0))
    assert table4.apply(Bid(36, 9)).standing_bid() == (0, Bid(36, 9))


def test_higher_bid_is_higher_count_or_same_count_higher_digit(table4):
    s = calls(table4, (0, Bid(2, 4)))
    for higher in [Bid(2, 5), Bid(2, 9), Bid(3, 0), Bid(4, 4)]:
        assert s.apply(higher, player=1).standing_bid() == (1, higher)
    for not_higher in [Bid(2, 4), Bid(2, 3), Bid(2, 0), Bid(1, 9)]:
        with pytest.raises(IllegalAction, match="must beat two 4's"):
            s.apply(not_higher)


def test_zero_is_the_lowest_digit(table4):
    s = calls(table4, (0, Bid(2, 0)))
    assert Bid(2, 1) in s.legal_actions()
    with pytest.raises(IllegalAction, match="0 is the lowest"):
        s.apply(Bid(2, 0))
    s = calls(table4, (0, Bid(2, 9)))
    assert s.apply(Bid(3, 0)).standing_bid() == (1, Bid(3, 0))


def test_legal_answers_to_a_bid_are_higher_bids_challenge_and_agree(table4):
    s = calls(table4, (0, Bid(35, 8)))
    assert s.legal_actions() == [Bid(35, 9), *(Bid(36, d) for d in range(10)), Challenge(), Agree()]


@pytest.mark.parametrize("bid", [Bid(0, 4), Bid(-1, 4), Bid(37, 0), Bid(2, 10), Bid(2, -1)])
def test_bid_out_of_range(table4, bid):
    with pytest.raises(IllegalAction, match="a bid names a count from 1 to 36"):
        table4.apply(bid)


def test_bid_must_be_whole_numbers():
    for bad in [("2", 4), (2, 4.0), (True, 4), (2, None)]:
        with pytest.raises(ValueError, match="whole number"):
            Bid(*bad)


# ---------------------------------------------------------------- challenge and agree


def test_challenge_and_agree_need_a_standing_bid(table4):
    with pytest.raises(IllegalAction, match="no bid to challenge"):
        table4.apply(Challenge())
    with pytest.raises(IllegalAction, match="no bid to agree"):
        table4.apply(Agree())


def test_bidder_cannot_challenge_or_agree_with_his_own_bid(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Agree()), (2, Agree()), (3, Agree()))
    assert s.current_player == 0
    with pytest.raises(IllegalAction, match="bidder cannot challenge"):
        s.apply(Challenge())
    with pytest.raises(IllegalAction, match="bidder cannot agree"):
        s.apply(Agree())


def test_a_new_bid_wipes_out_earlier_answers(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Challenge()), (2, Bid(3, 4)))
    assert s.responses() == []
    s = calls(s, (3, Agree()), (0, Agree()), (1, Agree()))
    assert s.results == ()  # seat 1's earlier challenge no longer counts: all agreed
    assert s.current_player == 2


def test_bidding_goes_on_until_every_other_player_answered(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Challenge()), (2, Agree()))
    assert s.results == () and s.current_player == 3
    s = calls(s, (3, Bid(3, 4)), (0, Agree()), (1, Agree()))
    assert s.results == () and s.current_player == 2
    s = calls(s, (2, Agree()))
    assert s.current_player == 3  # all agreed with seat 3: he raises or cancels


def test_one_challenge_is_enough_to_end_bidding(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Agree()), (2, Agree()), (3, Challenge()))
    assert len(s.results) == 1
    r = s.results[0]
    assert (r.bidder, r.bid, r.challengers, r.agreers) == (0, Bid(2, 4), (3,), (1, 2))


def test_all_agree_bidder_must_raise_or_cancel(table4):
    s = calls(table4, (0, Bid(35, 8)), (1, Agree()), (2, Agree()), (3, Agree()))
    assert s.current_player == 0
    assert s.legal_actions() == [Bid(35, 9), *(Bid(36, d) for d in range(10)), Cancel()]


def test_bidder_may_raise_after_all_agree_and_bidding_goes_on(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Agree()), (2, Agree()), (3, Agree()), (0, Bid(3, 4)))
    assert s.standing_bid() == (0, Bid(3, 4)) and s.responses() == []
    assert s.current_player == 1
    s = calls(s, (1, Challenge()), (2, Challenge()), (3, Agree()))
    assert s.results[0].bid == Bid(3, 4) and s.results[0].challengers == (1, 2)


def test_cancel_moves_no_money_and_discards_the_rounds_plates(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Agree()), (2, Agree()), (3, Agree()), (0, Cancel()))
    r = s.results[0]
    assert r.cancelled and r.count is None and r.payments == ()
    assert s.money == (300, 300, 300, 300)
    assert [len(st) for st in s.stands] == [7, 7, 7, 7]
    assert [len(p) for p in s.piles] == [7, 7]
    assert numbers(s) == ["555555", "550123", "987650", "222333", "505050", "444444"]
    assert s.round == 1 and s.current_player == 1  # the next round opens on the left


def test_only_the_bidder_may_cancel_after_all_agreed(table4):
    with pytest.raises(IllegalAction, match="only the bidder may cancel"):
        table4.apply(Cancel())
    s = calls(table4, (0, Bid(2, 4)))
    with pytest.raises(IllegalAction, match="only the bidder may cancel"):
        s.apply(Cancel())
    s = calls(s, (1, Agree()), (2, Bid(3, 4)), (3, Agree()), (0, Agree()))
    with pytest.raises(IllegalAction, match="only the bidder may cancel"):
        s.apply(Cancel())  # seat 1 is not the bidder


# ---------------------------------------------------------------- scoring


def test_true_bid_each_challenger_pays_bidder_his_fine_and_each_agreer_his_own(table4):
    # seven 4's showing; bidder's fine $10, agreer seat 2's fine $20
    s = calls(table4, (0, Bid(7, 4)), (1, Challenge()), (2, Agree()), (3, Challenge()))
    r = s.results[0]
    assert r.count == 7 and r.bid_true
    assert r.payments == ((1, 2, 20), (1, 0, 10), (3, 0, 10), (3, 2, 20))
    assert s.money == (320, 270, 340, 270)


def test_count_above_bid_is_a_true_bid(table4):
    s = calls(table4, (0, Bid(5, 4)), (1, Challenge()), (2, Challenge()), (3, Challenge()))
    assert s.results[0].count == 7
    assert s.money == (330, 290, 290, 290)


def test_false_bid_bidder_and_each_agreer_pay_their_own_fine_to_every_challenger(table4):
    s = calls(table4, (0, Bid(8, 4)), (1, Challenge()), (2, Agree()), (3, Challenge()))
    r = s.results[0]
    assert r.count == 7 and not r.bid_true
    assert r.payments == ((0, 1, 10), (0, 3, 10), (2, 3, 20), (2, 1, 20))
    assert s.money == (280, 330, 260, 330)


def test_false_bid_with_one_challenger(table4):
    s = calls(table4, (0, Bid(1, 4)), (1, Bid(8, 4)), (2, Agree()), (3, Agree()), (0, Challenge()))
    # seat 1 (fine $5), seat 2 ($20) and seat 3 ($15) each pay seat 0
    assert s.results[0].payments == ((1, 0, 5), (2, 0, 20), (3, 0, 15))
    assert s.money == (340, 295, 280, 285)


def test_count_uses_window_plates_and_pile_tops(table4):
    # nine 0's: four on seat 1's plate and five on pile 0's top; none anywhere else in play
    s = calls(table4, (0, Bid(9, 0)), (1, Challenge()), (2, Challenge()), (3, Challenge()))
    assert s.results[0].count == 9 and s.results[0].bid_true
    # the plates behind the windows and under the pile tops do not count
    s = calls(table4, (0, Bid(8, 4)), (1, Challenge()), (2, Challenge()), (3, Challenge()))
    assert s.results[0].count == 7
    assert [who for who, _ in s.results[0].in_play] == [
        "seat 0", "seat 1", "seat 2", "seat 3", "pile 0", "pile 1",
    ]  # fmt: skip


def test_money_is_conserved_in_scoring(table4):
    s = calls(table4, (0, Bid(8, 4)), (1, Challenge()), (2, Agree()), (3, Challenge()))
    assert sum(s.money) == 1200


# ---------------------------------------------------------------- the next round


def test_next_round_uses_the_next_plates(table4):
    s = calls(table4, (0, Bid(8, 4)), (1, Challenge()), (2, Agree()), (3, Challenge()))
    assert numbers(s) == ["555555", "550123", "987650", "222333", "505050", "444444"]
    assert s.round == 1 and s.auction.calls == ()
    s = calls(s, (1, Bid(12, 5)), (2, Challenge()), (3, Challenge()), (0, Challenge()))
    assert s.results[1].count == 12 and s.results[1].bid_true


def test_opener_moves_to_the_left_each_round(table4):
    s, openers = table4, []
    while not s.is_terminal():
        openers.append(s.current_player)
        s = cancel_round(s)
    assert openers == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [r.opener for r in s.results] == openers


def test_turn_order_is_clockwise_from_the_opener(table4):
    s = cancel_round(table4)
    assert s.current_player == 1
    s = calls(s, (1, Bid(1, 0)), (2, Bid(1, 1)), (3, Bid(1, 2)), (0, Bid(1, 3)), (1, Agree()))
    assert s.current_player == 2


# ---------------------------------------------------------------- bankruptcy


def broke_seat_0():
    """3 players. Seat 0 bids nine-less plates' 9's every round and both others challenge.
    His fines: $25 x4, $20, $25, then his 7th plate is all 9's."""
    fines0 = [25, 25, 25, 25, 20, 25]
    stands = [
        [*no_nines(6, fines0), Plate("999999", 5)],
        no_nines(7, [5, 10, 15, 5, 10, 15, 5]),
        no_nines(7, [10, 15, 5, 10, 15, 5, 10]),
    ]
    piles = [no_nines(7, [15, 5, 10, 15, 5, 10, 15]), no_nines(7, [20] * 7)]
    s = deal(3, stands, piles)
    for _ in range(6):
        s = play_round(s, bidder=0, bid=Bid(1, 9), challenge={1, 2})
    return s


def test_player_who_cannot_pay_pays_creditors_from_his_left_and_is_out():
    s = broke_seat_0()
    assert [r.payments for r in s.results[4:]] == [
        ((0, 1, 20), (0, 2, 20)),  # $50 - $40: $10 left
        ((0, 1, 10),),  # owes seat 1 and seat 2 $25 each: seat 1, on his left, gets the $10
    ]
    assert s.money == (0, 380, 370)
    assert s.results[5].went_out == (0,)
    assert s.live == (False, True, True)
    assert sum(s.money) == 750


def test_player_out_is_skipped_as_opener_and_in_turn_order():
    s = broke_seat_0()
    assert [r.opener for r in s.results] == [0, 1, 2, 0, 1, 2]
    assert s.current_player == 1  # seat 0 would open round 7, but he is out
    s = calls(s, (1, Bid(1, 0)), (2, Bid(1, 1)))
    assert s.current_player == 1  # not seat 0
    assert Agree() in s.legal_actions()


def test_out_players_plates_leave_play():
    s = broke_seat_0()
    assert s.stands[0] == ()
    assert len(s.in_play()) == 4 and s.max_count() == 24
    assert s.view(0)["my_plate"] is None
    # his 7th plate is 999 999; it is not counted
    s = calls(s, (1, Bid(6, 9)), (2, Challenge()))
    r = s.results[-1]
    assert r.count == 0 and [who for who, _ in r.in_play] == [
        "seat 1",
        "seat 2",
        "pile 0",
        "pile 1",
    ]
    assert r.payments == ((1, 2, 5),)  # the fine on seat 1's plate


def test_player_at_exactly_zero_is_out():
    stands = [no_nines(5, [25] * 5), no_nines(5, [5] * 5), no_nines(5, [10] * 5)]
    piles = [no_nines(5, [15] * 5), no_nines(5, [20] * 5)]
    s = deal(3, stands, piles)
    for _ in range(5):
        s = play_round(s, bidder=0, bid=Bid(1, 9), challenge={1, 2})
    assert s.results[-1].payments == ((0, 1, 25), (0, 2, 25))
    assert s.money == (0, 375, 375) and s.results[-1].went_out == (0,)
    assert s.stands[0] == () and s.current_player == 2  # round 6 opener: seat 2


def test_broke_challenger_of_a_true_bid_pays_creditors_from_his_left():
    # seat 1 bids one 1 (his plate shows a 1), seat 0 agrees, seat 2 challenges; seat 2 pays
    # seat 1's fine to seat 1 and seat 0's fine to seat 0 every round.
    f1 = [25, 25, 25, 25, 20, 25]
    f0 = [25, 25, 25, 25, 25, 20]
    stands = [
        [Plate("123456", f) for f in f0],
        [Plate("123456", f) for f in f1],
        [Plate("123456", 5)] * 6,
    ]
    s = deal(3, stands)
    for _ in range(6):
        s = play_round(s, bidder=1, bid=Bid(1, 1), challenge={2})
    assert s.results[4].payments == ((2, 0, 25), (2, 1, 20))
    assert s.results[5].payments == ((2, 0, 5),)  # seat 0 is on seat 2's left; seat 1 gets $0
    assert s.money == (380, 370, 0) and s.results[5].went_out == (2,)


# ---------------------------------------------------------------- the end


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_game_ends_when_all_plates_are_used(players):
    s = engine.new_game("plates", players=players, seed=1)
    s = s.apply(s.sample_chance())
    for _ in range(SETUP[players].plates_each):
        assert not s.is_terminal()
        s = cancel_round(s)
    assert s.is_terminal() and s.current_player is None
    assert s.legal_actions() == []
    assert all(st == () for st in s.stands) and all(p == () for p in s.piles)


def test_game_ends_when_fewer_than_two_players_are_left():
    # Not reachable in real play: fines are at most $25, so at most $50 (3 players) to $225
    # (6 players) changes hands in a round, too little to break all but one player before the
    # plates run out. So the money is set by hand: seats 1 and 2 have $5 each.
    plate = ["123 456 $10"]
    s = with_money(deal(3, [plate] * 3, [plate] * 2), (250, 5, 5))
    s = calls(s, (0, Bid(1, 0)), (1, Bid(9, 9)), (2, Agree()), (0, Challenge()))
    assert s.results[0].payments == ((1, 0, 5), (2, 0, 5))
    assert s.results[0].went_out == (1, 2)
    assert s.is_terminal() and s.returns() == [260, 0, 0] and s.winners() == [0]
    assert s.round == 1 and len(s.stands[0]) == 9  # plates were left


def test_returns_are_the_money_and_winners_have_the_most(table4):
    s = calls(table4, (0, Bid(7, 4)), (1, Challenge()), (2, Agree()), (3, Challenge()))
    while not s.is_terminal():
        s = cancel_round(s)
    assert s.returns() == [320, 270, 340, 270]
    assert s.winners() == [2]


def test_tied_winners(table4):
    s = table4
    while not s.is_terminal():
        s = cancel_round(s)
    assert s.returns() == [300] * 4 and s.winners() == [0, 1, 2, 3]


def test_no_action_after_the_game_is_over(table4):
    s = table4
    while not s.is_terminal():
        s = cancel_round(s)
    for action in [Bid(1, 0), Challenge(), Cancel(), s.history[0]]:
        with pytest.raises(IllegalAction, match="game is over"):
            s.apply(action)


# ---------------------------------------------------------------- 5 and 6 players


def test_five_players_one_pile_round():
    stands = [["111 222 $5"], ["333 111 $10"], ["456 789 $15"], ["000 001 $20"], ["121 212 $25"]]
    s = deal(5, stands, [["101 010 $5"]])
    assert len(s.piles) == 1 and len(s.in_play()) == 6 and s.max_count() == 36
    # 1's: 3 + 3 + 0 + 1 + 3 + 3 = 13
    s = calls(s, (0, Bid(13, 1)), (1, Agree()), (2, Challenge()), (3, Challenge()), (4, Agree()))
    r = s.results[0]
    assert r.count == 13 and r.in_play[-1][0] == "pile 0"
    assert r.payments == ((2, 4, 25), (2, 0, 5), (2, 1, 10), (3, 4, 25), (3, 0, 5), (3, 1, 10))
    assert s.money == (310, 320, 260, 260, 350)
    assert s.current_player == 1 and len(s.piles[0]) == 7


def test_six_players_no_pile_round():
    stands = [
        ["777 000 $5"], ["700 000 $10"], ["123 456 $15"],
        ["777 777 $20"], ["070 707 $25"], ["098 765 $5"],
    ]  # fmt: skip
    s = deal(6, stands)
    assert s.piles == () and len(s.in_play()) == 6 and s.money == (350,) * 6
    # 7's: 3 + 1 + 0 + 6 + 3 + 1 = 14
    s = calls(
        s,
        (0, Bid(15, 7)),
        (1, Challenge()),
        (2, Agree()),
        (3, Agree()),
        (4, Challenge()),
        (5, Agree()),
    )
    r = s.results[0]
    assert r.count == 14 and not r.bid_true
    assert [who for who, _ in r.in_play] == [f"seat {k}" for k in range(6)]
    # bidder ($5) and agreers seat 2 ($15), 3 ($20), 5 ($5) pay each challenger (1 and 4)
    assert r.payments == (
        (0, 1, 5), (0, 4, 5), (2, 4, 15), (2, 1, 15),
        (3, 4, 20), (3, 1, 20), (5, 1, 5), (5, 4, 5),
    )  # fmt: skip
    assert s.money == (340, 395, 320, 310, 395, 340)
    assert s.current_player == 1


# ---------------------------------------------------------------- what each seat sees


def _text(view):
    return json.dumps(view)


def test_view_shows_own_window_plate_and_no_other(table4):
    s = calls(table4, (0, Bid(2, 4)))
    for seat in range(4):
        v = s.view(seat)
        assert v["my_plate"] == {"number": s.stands[seat][0].number, "fine": s.stands[seat][0].fine}
        others = [p.number for _, p in s.in_play() if p != s.stands[seat][0]]
        hidden = [st[k].number for st in (*s.stands, *s.piles) for k in range(1, len(st))]
        for number in others + hidden:
            assert f'"{number}"' not in _text(v)
        assert v["standing_bid"] == {"bidder": 0, "bid": "two 4's", "count": 2, "digit": 4}
        assert v["hands"] == [v["my_plate"] if k == seat else None for k in range(4)]
        assert v["pile_tops"] == [None, None] and v["scores"] == [300] * 4
        assert v["calls"] == [[0, "two 4's"]]


def test_view_shows_every_plate_of_a_scored_round(table4):
    s = calls(table4, (0, Bid(2, 4)), (1, Challenge()), (2, Challenge()), (3, Challenge()))
    for seat in range(4):
        seen = [p["number"] for _, p in s.view(seat)["rounds"][0]["in_play"]]
        assert seen == ["444123", "440000", "123456", "789789", "400000", "111111"]


def test_view_hides_other_plates_of_a_cancelled_round(table4):
    s = cancel_round(table4)
    for seat in range(4):
        v = s.view(seat)
        assert v["rounds"][0]["in_play"] == [
            [f"seat {seat}", {"number": table4.stands[seat][0].number,
                              "fine": table4.stands[seat][0].fine}]
        ]  # fmt: skip
        for number in numbers(table4):
            if number != table4.stands[seat][0].number:
                assert f'"{number}"' not in _text(v)


def test_view_of_a_seat_that_does_not_exist(table4):
    for seat in [-1, 4, "0", None]:
        with pytest.raises(ValueError, match="no seat"):
            table4.view(seat)


def test_str_pictures_the_table(table4):
    assert str(engine.new_game("plates", players=4)).endswith("not dealt yet")
    text = str(calls(table4, (0, Bid(2, 4))))
    assert "round 1 of 8: seat 1 to move" in text
    assert "seat 0  $ 300  [444 123 $10]" in text
    assert "calls: seat 0 two 4's" in text


# ---------------------------------------------------------------- illegal actions


def _dealt():
    return engine.new_game("plates", players=4, seed=2)


def _balanced_deck():
    return random_deck(random.Random(1))


def _unbalanced_deck():
    deck = list(_balanced_deck())
    deck[0] = Plate("000000", deck[0].fine)
    return tuple(deck)


def _wrong_fines_deck():
    deck = list(_balanced_deck())
    i = next(k for k, p in enumerate(deck) if p.fine == 5)
    deck[i] = Plate(deck[i].number, 10)
    return tuple(deck)


def _before_deal():
    return engine.new_game("plates", players=4, seed=2)


def _after_deal():
    return deal(4, STANDS4, PILES4)


def _after_bid():
    return calls(_after_deal(), (0, Bid(2, 4)))


def _all_agreed():
    return calls(_after_bid(), (1, Agree()), (2, Agree()), (3, Agree()))


def _game_over():
    s = _after_deal()
    while not s.is_terminal():
        s = cancel_round(s)
    return s


ILLEGAL = [
    # (position, action, player, keyword of the rule)
    (_before_deal, Bid(1, 0), None, "shuffled and dealt first"),
    (_before_deal, Challenge(), None, "shuffled and dealt first"),
    (_before_deal, Shuffle(_balanced_deck()[:49]), None, "whole deck"),
    (_before_deal, Shuffle((*_balanced_deck(), _balanced_deck()[0])), None, "whole deck"),
    (_before_deal, Shuffle((Bid(1, 0),) * 50), None, "whole deck"),
    (_before_deal, Shuffle(_unbalanced_deck()), None, "balanced deck"),
    (_before_deal, Shuffle(_wrong_fines_deck()), None, "each fine"),
    (_before_deal, Shuffle(_balanced_deck()), 0, "turn order"),
    (_after_deal, Shuffle(_balanced_deck()), None, "one shuffle"),
    (_after_deal, Bid(1, 0), 1, "turn order"),
    (_after_deal, Bid(1, 0), CHANCE, "turn order"),
    (_after_deal, "two 4's", None, "not a plates action"),
    (_after_deal, None, None, "not a plates action"),
    (_after_deal, (2, 4), None, "not a plates action"),
    (_after_deal, engine.cards.Card("10", "H"), None, "not a plates action"),
    (_after_deal, Plate("123456", 5), None, "not a plates action"),
    (_after_deal, Agree(), None, "no bid to agree"),
    (_after_deal, Challenge(), None, "no bid to challenge"),
    (_after_deal, Cancel(), None, "only the bidder may cancel"),
    (_after_deal, Bid(0, 1), None, "a bid names a count"),
    (_after_deal, Bid(37, 1), None, "a bid names a count"),
    (_after_deal, Bid(1, 10), None, "a bid names a count"),
    (_after_bid, Bid(2, 4), None, "must beat"),
    (_after_bid, Bid(1, 9), None, "must beat"),
    (_after_bid, Cancel(), None, "only the bidder may cancel"),
    (_after_bid, Agree(), 0, "turn order"),
    (_all_agreed, Agree(), None, "bidder cannot agree"),
    (_all_agreed, Challenge(), None, "bidder cannot challenge"),
    (_all_agreed, Bid(2, 3), None, "must beat"),
    (_game_over, Bid(1, 0), None, "game is over"),
    (_game_over, Agree(), 0, "game is over"),
]


@pytest.mark.parametrize(("position", "action", "player", "keyword"), ILLEGAL)
def test_illegal_action_raises_naming_the_rule_and_changes_nothing(
    position, action, player, keyword
):
    s = position()
    before = (s.to_json(), s.history, str(s), s.current_player, s.money)
    with pytest.raises(IllegalAction, match=keyword) as err:
        s.apply(action, player=player)
    assert isinstance(err.value, ValueError)
    assert (s.to_json(), s.history, str(s), s.current_player, s.money) == before
    assert action not in s.legal_actions() or player is not None


def test_shuffle_holds_a_tuple():
    deck = _balanced_deck()
    assert Shuffle(list(deck)) == Shuffle(deck) and hash(Shuffle(list(deck))) == hash(Shuffle(deck))
    s = engine.new_game("plates", players=4).apply(Shuffle(list(deck)))
    assert engine.from_json(s.to_json()) == s
    with pytest.raises(ValueError, match="tuple of cards"):
        Shuffle(5)


def test_uniform_digits_accept_an_unbalanced_deck():
    s = engine.new_game("plates", players=4, digits="uniform").apply(Shuffle(_unbalanced_deck()))
    assert s.current_player == 0
    with pytest.raises(IllegalAction, match="balanced"):
        engine.new_game("plates", players=4).apply(Shuffle(_unbalanced_deck()))


def test_apply_returns_a_new_state_and_keeps_the_old(table4):
    s = table4.apply(Bid(2, 4))
    assert s is not table4 and table4.auction.calls == () and table4.current_player == 0
    assert s.history == (*table4.history, Bid(2, 4))


def test_first_opener_option_chooses_who_opens_round_one():
    s = engine.new_game("plates", players=5, seed=1, first_opener=3)
    s = s.apply(s.sample_chance())
    assert s.current_player == s.opener == 3
    with pytest.raises(ValueError, match="first_opener must be a seat"):
        engine.new_game("plates", players=3, first_opener=4)
