"""Indian Rummy, rule by rule (docs/rules.md §3, seed 002): scripted deals on rigged shuffles.

Every test tosses for the first player, deals with ``rigged_shuffle`` (hands first, then the
open card, the cut card and the top of the stock) and applies the moves by hand, naming the seat
that makes each so turn order is checked too.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest

import engine
from engine import CHANCE, IllegalAction
from engine.cards import Card, parse
from engine.rummy import (
    Declare,
    Discard,
    Draw,
    Drop,
    Miss,
    RummyState,
    Toss,
    best_arrangement,
    full_pack,
    rigged_shuffle,
)
from engine.values import Shuffle

SHOW = "AH 2H 3H 4H  9S 10S JK  7C 7D 7S  KD KC KH"  # a valid show with fives wild
HIGH = "KS QS 9S  KD JD 9D  QC 10C 8C  KH JH 6H 8D"  # 120 points, no sequence, no joker
LOW = "AS 2S 3S 4S  7H 8H 9H 10H  2D 3C 4D 6C 6D"  # lives, 21 points loose


def deal(players=2, hands=(), open_card=None, cut="5C", stock=(), first=0, **options):
    s = engine.new_game("rummy", players=players, seed=1, **options)
    s = s.apply(Toss(first))
    return s.apply(
        rigged_shuffle(players, hands=hands, open_card=open_card, cut=cut, stock=stock, seed=3)
    )


def moves(state, *seat_moves):
    for seat, move in seat_moves:
        state = state.apply(move, player=seat)
    return state


def C(text):
    return Card.from_str(text)


def unchanged_after_refusal(state, action, match):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert state.to_json() == before


# ---------------------------------------------------------------- cards and deal


def test_the_pack():
    pack = full_pack()
    assert len(pack) == 106 and pack.count(Card("JK", "")) == 2
    assert Counter(pack)[C("7H")] == 2
    three = full_pack(3)
    assert len(three) == 159 and three.count(Card("JK", "")) == 3
    assert engine.new_game("rummy", players=7).packs == 3
    assert engine.new_game("rummy", players=6).packs == 2


def test_the_toss_is_a_fair_chance_event():
    s = engine.new_game("rummy", players=4)
    assert s.current_player == CHANCE
    assert s.chance_outcomes() == [(Toss(k), Fraction(1, 4)) for k in range(4)]
    s = s.apply(Toss(2))
    assert s.current_player == CHANCE and s.chance_outcomes() is None
    s = s.apply(s.sample_chance())
    assert s.current_player == 2
    unchanged_after_refusal(engine.new_game("rummy", players=4), Toss(4), "toss")


def test_the_deal():
    s = deal(4, hands=["AH 2H 3H"], open_card="9D", cut="7C", stock="KS")
    assert [len(h) for h in s.hands] == [13] * 4
    assert s.pile == (C("9D"),) and s.cut == C("7C") and s.wild_rank == "7"
    assert len(s.stock) == 106 - 52 - 2 and s.stock[0] == C("KS")
    assert s.hands[0][:3] == parse("AH 2H 3H")
    assert Counter(s.stock) + Counter(s.pile) + Counter(c for h in s.hands for c in h) + Counter(
        [s.cut]
    ) == Counter(full_pack())


def test_a_cut_printed_joker_makes_aces_wild():
    s = deal(2, cut="JK")
    assert s.wild_rank == "A"
    hand = "AS 2H 3H  9S 10S JS QS  7C 7D 7S  KD KC KH"  # A♠ stands in for 4♥
    s = deal(2, hands=[hand], cut="JK", stock="5D")
    s = moves(s, (0, Draw("stock")), (0, Declare(C("5D"))))
    assert s.is_terminal() and s.result.winner == 0


def test_a_shuffle_must_hold_the_whole_pack():
    s = engine.new_game("rummy", players=2).apply(Toss(0))
    bad = Shuffle(full_pack()[:-1])
    unchanged_after_refusal(s, bad, "whole pack of 106")
    unchanged_after_refusal(s, Draw("stock"), "shuffled")


# ---------------------------------------------------------------- a turn


def test_draw_then_discard():
    s = deal(2, open_card="9D", stock="KS")
    assert s.legal_actions() == [Draw("stock"), Draw("open"), Drop()]
    unchanged_after_refusal(s, Discard(s.hands[0][0]), "draw a card first")
    s = s.apply(Draw("stock"), player=0)
    assert len(s.hands[0]) == 14 and C("KS") in s.hands[0]
    unchanged_after_refusal(s, Draw("stock"), "you have drawn")
    unchanged_after_refusal(s, Drop(), "you have drawn")
    missing = next(c for c in full_pack() if c not in s.hands[0])
    unchanged_after_refusal(s, Discard(missing), "only discard a card from your hand")
    s = s.apply(Discard(C("KS")), player=0)
    assert s.pile[-1] == C("KS") and s.current_player == 1 and len(s.hands[0]) == 13


def test_a_card_from_the_open_pile_stays_for_the_turn():
    s = deal(2, hands=["2H 9C"], open_card="2H")
    s = s.apply(Draw("open"), player=0)
    assert s.hands[0].count(C("2H")) == 2  # its twin may not go either: they look the same
    unchanged_after_refusal(s, Discard(C("2H")), "may not be discarded in the same turn")
    assert Discard(C("2H")) not in s.legal_actions()
    assert Discard(C("9C")) in s.legal_actions()


def test_a_joker_on_the_open_pile_cannot_be_taken():
    # the very first open card may be taken even when it is a joker
    s = deal(2, open_card="JK")
    assert Draw("open") in s.legal_actions()
    s = deal(2, hands=["", "QS"], open_card="2D", cut="QC", stock="7H")
    s = moves(s, (0, Draw("stock")), (0, Discard(C("7H"))), (1, Draw("stock")))
    s = s.apply(Discard(C("QS")), player=1)  # a wild queen
    assert s.legal_actions() == [Draw("stock"), Drop()]
    unchanged_after_refusal(s, Draw("open"), "joker on the open pile")


def test_an_empty_stock_is_refilled_from_the_open_pile():
    s = deal(2)
    while s.stock:
        seat = s.current_player
        s = s.apply(Draw("stock"), player=seat)
        s = s.apply(Discard(s.hands[seat][-1]), player=seat)
    assert s.current_player == CHANCE and s.chance_outcomes() is None
    top, below = s.pile[-1], s.pile[:-1]
    unchanged_after_refusal(s, Shuffle(s.pile), "open pile but its top card")
    t = s.apply(Shuffle(tuple(reversed(below))))
    assert t.stock == tuple(reversed(below)) and t.pile == (top,)
    assert t.current_player == 0  # 78 turns: seat 0 is next
    assert s.apply(s.sample_chance()).stock != ()


def test_wrong_turn_and_foreign_actions():
    s = deal(2)
    with pytest.raises(IllegalAction, match="turn order"):
        s.apply(Draw("stock"), player=1)
    unchanged_after_refusal(s, Toss(0), "no chance event")
    unchanged_after_refusal(s, "draw", "not a rummy action")
    unchanged_after_refusal(s, Declare(s.hands[0][0]), "draw a card first")


# ---------------------------------------------------------------- ending the deal


def test_a_valid_show_wins_and_the_others_lose_their_count():
    s = deal(3, hands=[SHOW, LOW, HIGH], stock="6D", first=0)
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.is_terminal()
    # first-turn show (default "drop" scoring): nobody else has drawn yet
    assert s.result.lost == (0, 20, 80) and s.result.first_turn_show
    s = deal(3, hands=[SHOW, LOW, HIGH], stock="8C JS 10D 7C 2H 6D", first=1)
    for seat in (1, 2, 0, 1, 2):
        s = s.apply(Draw("stock"), player=seat)
        s = s.apply(Discard(s.hands[seat][-1]), player=seat)
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.result.winner == 0 and not s.result.first_turn_show
    assert s.result.lost == (0, 21, 80)  # 120 points without lives: capped at 80
    assert s.returns() == [101, -21, -80] and sum(s.returns()) == 0
    assert s.result.reasons[1] == "count 21"
    # the engine names seats; a table passes its own names and wording
    assert (
        str(s.result) == "seat 0 wins 101: seat 1 loses 21 (count 21); seat 2 loses 80 (count 80)"
    )
    assert s.result.describe(["Ann", "Bo", "Cy"]).startswith("Ann wins 101: Bo loses 21 ")


def test_the_deal_has_one_winner_even_if_an_opponent_loses_nothing():
    s = deal(2, hands=[SHOW, SHOW], stock="2C 2D 6D")  # the same show, twice: two packs
    s = moves(s, (0, Draw("stock")), (0, Discard(C("2C"))), (1, Draw("stock")))
    assert s.winners() == []
    s = moves(s, (1, Discard(C("2D"))), (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.result.lost == (0, 0) and s.returns() == [0, 0]  # seat 1's count is 0
    assert s.winners() == [0]


def test_the_point_value_scales_the_settlement():
    s = deal(2, hands=[SHOW, LOW], stock="6D", point_value=5)
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.returns() == [100, -100]


def test_a_wrong_show_costs_80_and_the_deal_goes_on():
    s = deal(3, hands=[HIGH, SHOW, LOW], stock="6D 6S")
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert not s.is_terminal() and s.status[0] == "wrong show" and s.lost[0] == 80
    assert s.current_player == 1 and s.pile[-1] == C("6D")
    assert s.view(2)["hands"][0] == [str(c) for c in s.hands[0]]  # the wrong show is seen by all
    s = moves(s, (1, Draw("stock")), (1, Declare(C("6S"))))
    assert s.result.lost == (80, 0, 20)  # seat 1 showed on its first turn; seat 2 never drew
    assert s.result.reasons[0] == "wrong show"


def test_the_last_player_left_wins():
    s = deal(3, hands=[HIGH, "", LOW], stock="6D")
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))), (1, Drop()))
    assert s.is_terminal() and s.result.winner == 2
    assert s.result.lost == (80, 10, 0) and s.returns() == [-80, -10, 90]


@pytest.mark.parametrize(("first", "middle"), [(10, 30), (20, 40)])
def test_first_and_middle_drops(first, middle):
    s = deal(3, first_drop=first, middle_drop=middle)
    s = moves(s, (0, Drop()))
    assert s.status[0] == "dropped" and s.lost[0] == first and s.hands[0] == ()
    s = moves(s, (1, Draw("stock")), (1, Discard(s.stock[0])), (2, Draw("stock")))
    s = s.apply(Discard(s.hands[2][0]))
    s = s.apply(Drop(), player=1)
    assert s.result.lost[1] == middle and s.result.winner == 2
    assert s.result.reasons == ("first drop", "middle drop", "winner")
    assert len(s.out_of_play) == 13 + 13


def test_first_turn_show_drop_scoring():
    # seat 1 plays first, then seat 2; seat 0 shows on its first turn; seat 3 never drew
    s = deal(4, hands=[SHOW, LOW, HIGH, LOW], stock="JS QH 2C", first=1)
    s = moves(
        s,
        (1, Draw("stock")),
        (1, Discard(C("JS"))),
        (2, Draw("stock")),
        (2, Discard(C("QH"))),
        (3, Drop()),
        (0, Draw("stock")),
        (0, Declare(C("2C"))),
    )
    assert s.result.first_turn_show
    assert s.result.lost == (0, 40, 80, 10)
    assert s.result.reasons[1:] == (
        "first-turn show, had a turn",
        "first-turn show, no lives",
        "first drop",
    )


def test_first_turn_show_deal_scoring():
    s = deal(3, hands=[LOW, SHOW, HIGH], stock="6D 6S", first=0, first_turn_show="deal")
    s = moves(s, (0, Draw("stock")), (0, Discard(C("6D"))), (1, Draw("stock")))
    s = s.apply(Declare(C("6S")))
    # seat 0 played: his count (21); seat 2 did not: half his count (80 / 2)
    assert s.result.lost == (21, 0, 40)
    s = deal(3, hands=[HIGH, SHOW, LOW], stock="6D 6S", first=0, first_turn_show="deal")
    s = moves(s, (0, Draw("stock")), (0, Discard(C("6D"))), (1, Draw("stock")))
    s = s.apply(Declare(C("6S")))
    assert s.result.lost == (80, 0, 11)  # 21 halved, rounded up


def test_first_turn_show_deal_scoring_without_lives_is_80_or_40():
    # 54 points and no pure sequence: a normal show would cost 54, a deal show 80 or 40
    poor = "2S 3H 4D 5C 6S 7H 8D 9C 2H 3D 4C 5S 6H"
    poorer = "2D 3C 4S 6C 7S 8H 9D 2C 3S 4H 6D 8C 9H"  # 71 points: half would be 36
    assert best_arrangement(parse(poor), "5").count == 54
    s = deal(3, hands=[poor, SHOW, poorer], stock="JD 6D", first=0, first_turn_show="deal")
    s = moves(s, (0, Draw("stock")), (0, Discard(C("JD"))), (1, Draw("stock")))
    s = s.apply(Declare(C("6D")))
    assert s.result.lost == (80, 0, 40)


def test_three_misses_drop_a_player_with_40():
    unchanged_after_refusal(deal(2), Miss(), "turn timer")
    s = deal(3, turn_timer=True)
    assert Miss() in s.legal_actions()
    s = moves(s, (0, Miss()), (1, Draw("stock")))
    s = s.apply(Discard(s.hands[1][0]))
    s = moves(s, (2, Drop()), (0, Miss()), (1, Draw("stock")))
    s = s.apply(Discard(s.hands[1][0]))
    assert s.misses[0] == 2 and s.status[0] == "in"
    s = s.apply(Miss(), player=0)
    assert s.result.lost == (40, 0, 10) and s.result.reasons[0] == "three misses"


def test_a_draw_resets_the_misses():
    s = deal(2, turn_timer=True)
    s = moves(s, (0, Miss()), (1, Draw("stock")))
    s = moves(s, (1, Discard(s.hands[1][0])), (0, Miss()), (1, Draw("stock")))
    s = moves(s, (1, Discard(s.hands[1][0])), (0, Draw("stock")))
    assert s.misses[0] == 0
    # a player who only missed still drops for the first-drop price
    t = moves(deal(2, turn_timer=True), (0, Miss()), (1, Draw("stock")))
    t = moves(t, (1, Discard(t.hands[1][0])), (0, Drop()))
    assert t.result.lost[0] == 10


def test_without_the_four_card_rule():
    three_threes = "2S 3S 4S  8S 9S 10S  AD 2D 3D  QC QD QH QS"
    s = deal(2, hands=[three_threes], stock="6D")
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.status[0] == "wrong show"
    s = deal(2, hands=[three_threes], stock="6D", four_card_life=False)
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    assert s.result.winner == 0


# ---------------------------------------------------------------- views and saves


def test_views_hide_other_hands_until_the_end():
    s = deal(3, hands=[SHOW, LOW, HIGH], stock="6D")
    v = s.view(1)
    assert v["hand"] == [str(c) for c in s.hands[1]]
    text = json.dumps(v)
    assert v["hands"] == [None, v["hand"], None]  # his own hand only
    assert all(str(c) not in v["hand"] or c in s.hands[1] for c in s.hands[0])
    assert v["hand_sizes"] == [13, 13, 13] and v["stock_size"] == len(s.stock)
    assert v["cut"] == "5♣" and v["wild_rank"] == "5" and text
    s = moves(s, (0, Draw("stock")), (0, Declare(C("6D"))))
    end = s.view(1)
    assert end["hands"] == [[str(c) for c in h] for h in s.hands]
    assert end["result"]["returns"] == s.returns()


def test_cards_taken_from_the_open_pile_are_known_to_all():
    s = deal(2, open_card="9D")
    s = s.apply(Draw("open"))
    assert s.view(1)["known"][0] == ["9♦"]
    s = s.apply(Discard(s.hands[0][0]))
    assert s.view(1)["known"][0] == ["9♦"]


def test_saves_round_trip_with_options():
    s = deal(3, hands=[SHOW, LOW, HIGH], stock="6D", first_turn_show="deal", middle_drop=40)
    s = moves(s, (0, Draw("stock")), (0, Discard(C("6D"))))
    t = engine.from_json(s.to_json())
    assert t == s and t.options["first_turn_show"] == "deal" and t.hands == s.hands
    assert isinstance(t, RummyState)


def test_table_notation():
    assert str(Draw("open")) == "draw from the open pile"
    assert str(Declare(C("7H"))) == "declare, discarding 7♥"
    assert str(Toss(2)) == "toss: seat 2 plays first"
    with pytest.raises(ValueError, match="stock"):
        Draw("deck")
    s = deal(2, cut="9C")
    assert "9s wild" in str(s) and "seat 0 to draw" in str(s)


def described(state, action):
    """How every seat sees ``action`` in ``state``: (seat, verb, what, marks) per seat."""
    return [
        (e.seat, e.verb, e.what, dict(e.marks))
        for e in (state.public(action, seat) for seat in range(state.num_players))
    ]


def test_every_seat_sees_the_toss_and_the_deal_but_not_the_stock_order():
    s = engine.new_game("rummy", players=3, seed=1)
    assert (
        described(s, Toss(2)) == [(None, "", "the toss decides who plays first", {"first": 2})] * 3
    )
    s = s.apply(Toss(2))
    shuffle = rigged_shuffle(3, hands=[SHOW], open_card="QC", cut="5C", stock="6D", seed=3)
    deal_seen = (
        None,
        "",
        "the cards are dealt, 13 each; Q♣ starts the open pile, and the cut card 5♣ makes the "
        "5s wild",
        {},
    )
    assert described(s, shuffle) == [deal_seen] * 3
    assert "joker" not in str(described(s, shuffle))  # no other card of the deal is named


def test_a_stock_draw_is_named_to_the_drawer_only_an_open_draw_to_all():
    s = deal(3, hands=[SHOW], open_card="KH", stock="6D")
    mine = (0, "draw", "6♦ from the stock", {"draw": "stock", "card": "6♦"})
    theirs = (0, "draw", "a card from the stock", {"draw": "stock"})
    assert described(s, Draw("stock")) == [mine, theirs, theirs]
    took = (0, "take", "K♥ from the open pile", {"draw": "open", "card": "K♥"})
    assert described(s, Draw("open")) == [took] * 3
    s = s.apply(Draw("stock"))
    assert described(s, Discard(C("6D"))) == [(0, "discard", "6♦", {"discard": "6♦"})] * 3


def test_a_show_is_described_to_all_for_what_it_is():
    s = moves(deal(3, hands=[SHOW], open_card="QC", stock="6D"), (0, Draw("stock")))
    assert s.valid_show(C("6D")) and not s.valid_show(C("AH"))
    valid = (0, "declare", "discarding 6♦: a valid show", {"discard": "6♦", "show": "valid"})
    assert described(s, Declare(C("6D"))) == [valid] * 3
    wrong = (
        0,
        "declare",
        "discarding A♥: not a valid show: −80, out of the deal",
        {"discard": "A♥", "show": "wrong"},
    )
    assert described(s, Declare(C("AH"))) == [wrong] * 3
    # the same verdict the rules reach by applying the show
    assert s.apply(Declare(C("6D"))).result.winner == 0
    assert s.apply(Declare(C("AH"))).status[0] == "wrong show"
    unchanged_after_refusal(s, Declare(C("QC")), "only discard a card from your hand")
    with pytest.raises(IllegalAction, match="from your hand"):
        s.valid_show(C("QC"))


@pytest.mark.parametrize(("first", "middle"), [(10, 30), (20, 40)])
def test_a_drop_is_described_with_its_cost(first, middle):
    s = deal(3, first_drop=first, middle_drop=middle)
    assert s.drop_cost(0) == first
    dropped = (0, "drop", f"out of the deal: −{first} (a first drop)", {"drop": first})
    assert described(s, Drop()) == [dropped] * 3
    s = moves(s, (0, Draw("stock")))
    s = moves(s, (0, Discard(s.hands[0][0])), (1, Drop()), (2, Draw("stock")))
    s = moves(s, (2, Discard(s.hands[2][0])))
    assert s.drop_cost(0) == middle and s.apply(Drop()).result.lost[0] == middle
    assert described(s, Drop())[2] == (
        0,
        "drop",
        f"out of the deal: −{middle} (a middle drop)",
        {"drop": middle},
    )
    with pytest.raises(ValueError, match="no seat"):
        s.drop_cost(True)


def test_a_missed_turn_and_a_new_stock_are_described_to_all():
    s = deal(3, turn_timer=True)
    missed = (0, "miss", "the turn (1 of 3)", {"miss": 1})
    assert described(s, Miss()) == [missed] * 3
    assert s.public(Miss(), 1).third == "misses"
    for _ in range(6):  # two rounds of misses
        s = s.apply(Miss())
    assert s.current_player == 0
    third = (0, "miss", "the turn (3 of 3): out of the deal, −40", {"miss": 3})
    assert described(s, Miss()) == [third] * 3
    s = deal(2)
    while s.stock:
        seat = s.current_player
        s = s.apply(Draw("stock"), player=seat)
        s = s.apply(Discard(s.hands[seat][-1]), player=seat)
    new_stock = s.sample_chance()
    [(seat, verb, what, marks)] = {(e[0], e[1], e[2], tuple(e[3])) for e in described(s, new_stock)}
    assert (seat, verb, marks) == (None, "", ())
    assert what == (
        "the stock is empty: the open pile but its top card is shuffled into a new stock of "
        f"{len(s.pile) - 1} cards"
    )


def test_an_action_the_rules_refuse_is_not_described():
    s = deal(3)
    for action in (Discard(C("AS")), Toss(1), Miss()):
        with pytest.raises(IllegalAction):
            s.public(action, 0)
    with pytest.raises(ValueError, match="no seat"):
        s.public(Draw("stock"), 3)


def test_actions_with_fields_of_the_wrong_type_or_range_are_refused():
    for make, match in (
        (lambda: Toss(1.0), "whole number"),
        (lambda: Toss(True), "whole number"),
        (lambda: Draw(1), '"stock" or "open"'),
        (lambda: Draw("deck"), '"stock" or "open"'),
        (lambda: Discard("AS"), "must be a Card"),
        (lambda: Declare(None), "must be a Card"),
    ):
        with pytest.raises(IllegalAction, match=match):
            make()
    s = engine.new_game("rummy", players=3, seed=1)
    unchanged_after_refusal(s, Toss(3), "a seat 0-2")
    unchanged_after_refusal(s, Toss(-1), "a seat 0-2")
    assert s.returns() == [0, 0, 0]  # returns work before the deal, and during it
    s = deal(3)
    assert s.returns() == [0, 0, 0]
    unchanged_after_refusal(s, Discard(C("AS")), "draw a card first")
    unchanged_after_refusal(s, "draw", "not a rummy action")
