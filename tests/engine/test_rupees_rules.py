"""Make-A-Million Rupees, rule by rule (docs/rules.md §1, seed 000): scripted deals.

Most tests start from ``BASE``, a deal where seat k holds the whole k-th colour (Red, Yellow,
Black, Green) and the widow holds the three specials; ``swap`` exchanges cards between seats to
build each situation. Seat 0 deals, so seat 1 opens the bidding.
"""

from __future__ import annotations

import copy

import pytest

import engine
from engine import CHANCE, IllegalAction
from engine.rupees import (
    COLOURS,
    MONEY_PER_DECK,
    RANKS,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    RupeeCard,
    RupeesState,
    parse,
    rigged_shuffle,
    rupee_deck,
    rupees,
    trick_value,
    trick_winner,
)
from engine.rupees.rules import discard_order
from engine.rupees.scoring import money_in_play, team_of, teams
from engine.values import Shuffle

SPECIALS = ["Tiger", "Lion", "Bear"]
BASE = [[c + r for r in RANKS] for c in COLOURS] + [SPECIALS]
"""Seats 0-3 hold Red, Yellow, Black, Green; the widow (part 4) holds the specials."""


def swap(*pairs, parts=BASE):
    """A copy of ``parts`` (four hands and the widow) with each ``(a, b)`` pair of card codes
    exchanged."""
    parts = [list(h) for h in parts]
    for a, b in pairs:
        sa = next(i for i, h in enumerate(parts) if a in h)
        sb = next(i for i, h in enumerate(parts) if b in h)
        parts[sa][parts[sa].index(a)] = b
        parts[sb][parts[sb].index(b)] = a
    return parts


def deal(parts=BASE, **options) -> RupeesState:
    s = engine.new_game("rupees", seed=0, **options)
    return s.apply(Shuffle(tuple(RupeeCard(c) for h in parts for c in h)))


def bid_to(s, declarer=1, contract=175_000):
    """The opener (seat 1) bids; everyone but ``declarer`` passes; ``declarer`` bids
    ``contract`` (or the opening bid if he is the opener)."""
    while s.phase == "bid":
        seat = s.current_player
        if seat == declarer and not (s.standing_bid() and s.standing_bid()[0] == seat):
            s = s.apply(Bid(contract), player=seat)
        elif s.standing_bid() is None:
            s = s.apply(Bid(175_000), player=seat)
        else:
            s = s.apply(Pass(), player=seat)
    return s


def declare(s, declarer=1, contract=175_000, discards=None, trump="Y"):
    """Bidding, discards (default: the declarer's three lowest plain Yellow cards) and trumps."""
    s = bid_to(s, declarer, contract)
    for code in discards or [c.code for c in s.discardable() if c.colour == "Y"][-3:]:
        s = s.apply(Discard(RupeeCard(code)), player=declarer)
    return s.apply(NameTrump(trump), player=declarer)


def play(s, *codes):
    """Play cards in turn order."""
    for code in codes:
        s = s.apply(Play(RupeeCard(code)))
    return s


def codes(cards):
    return sorted(c.code for c in cards)


def playable(s, seat=None):
    return sorted(c.code for c in s.playable(s.current_player if seat is None else seat))


def raises(s, action, match):
    before = s.to_json()
    with pytest.raises(IllegalAction, match=match):
        s.apply(action)
    assert s.to_json() == before


# ---------------------------------------------------------------- the deck


def test_the_deck_has_55_cards_four_colours_no_six_and_400000_in_money():
    deck = rupee_deck()
    assert len(deck) == 55 and len(set(deck)) == 55
    assert all(sum(c.colour == k for c in deck) == 13 for k in COLOURS)
    assert not any(c.rank == "6" for c in deck)
    assert sum(c.money for c in deck) == MONEY_PER_DECK == 400_000
    assert [c.money for c in deck if c.colour == "R" and c.is_money] == [
        40_000,
        30_000,
        15_000,
        10_000,
        5_000,
    ]
    assert codes(c for c in deck if c.is_special) == ["Bear", "Lion", "Tiger"]


def test_rank_order_within_a_colour():
    order = parse("R40k R30k R15k R11 R10k R9 R8 R7 R5k R4 R3 R2 R1")
    assert [c.power for c in order] == list(range(12, -1, -1))


def test_cards_read_and_print():
    assert RupeeCard.from_str("Red ₹40,000") == RupeeCard("R40k")
    assert RupeeCard.from_str("green 11") == RupeeCard("G11")
    assert RupeeCard.from_str("Bengal Tiger") == RupeeCard("Tiger")
    assert str(RupeeCard("B5k")) == "Black ₹5k" and str(RupeeCard("Y7")) == "Yellow 7"
    assert rupees(185_000) == "₹185,000" and rupees(-175_000) == "-₹175,000"
    for bad in ("R6", "X40k", "Tigre", "", "R"):
        with pytest.raises(ValueError):
            RupeeCard.from_str(bad)
    with pytest.raises(ValueError, match="no such Rupee card"):
        RupeeCard("R6")


# ---------------------------------------------------------------- deal and bidding


def test_rigged_shuffle_deals_the_given_cards_first_and_the_rest_from_its_seed():
    deal = rigged_shuffle(4, hands=[["Tiger", "R40k"], [], ["Lion"]], widow=["Bear"], seed=3)
    s = engine.new_game("rupees").apply(deal)
    assert {"Tiger", "R40k"} <= set(codes(s.hands[0])) and "Lion" in codes(s.hands[2])
    assert "Bear" in codes(s.widow)
    assert (
        deal
        == rigged_shuffle(4, hands=[["Tiger", "R40k"], [], ["Lion"]], widow=["Bear"], seed=3)
        != rigged_shuffle(4, hands=[["Tiger", "R40k"], [], ["Lion"]], widow=["Bear"], seed=4)
    )
    six = engine.new_game("rupees", players=6).apply(rigged_shuffle(6, hands=[["R40k", "R40k"]]))
    assert codes(six.hands[0]).count("R40k") == 2  # two decks
    with pytest.raises(ValueError, match="more often than the deck"):
        rigged_shuffle(4, hands=[["R40k", "R40k"]])
    with pytest.raises(ValueError, match="widow 3"):
        rigged_shuffle(4, widow=["R1", "R2", "R3", "R4"])
    with pytest.raises(ValueError, match="4, 6 or 8 players"):
        rigged_shuffle(5)
    with pytest.raises(TypeError):
        rigged_shuffle(4, [["R40k"]])  # the cards are named: hands=..., widow=...


def test_the_deal_gives_13_each_and_a_widow_of_3_and_the_left_of_the_dealer_opens():
    s = engine.new_game("rupees", seed=3)
    assert s.current_player == CHANCE and s.dealer == 0
    s = s.apply(s.sample_chance())
    assert [len(h) for h in s.hands] == [13] * 4 and len(s.widow) == 3
    assert s.current_player == 1 and s.phase == "bid"
    raises(s, Discard(RupeeCard("R1")), "bid step")


def test_a_bad_shuffle_is_refused():
    s = engine.new_game("rupees")
    raises(s, Shuffle(rupee_deck()[:-1]), "whole deck")
    raises(s, Shuffle((*rupee_deck()[:-1], RupeeCard("R1"))), "whole deck")
    raises(s, Pass(), "shuffled")


def test_opening_bid_raises_and_multiples():
    s = deal()
    raises(s, Pass(), "opener must bid")
    raises(s, Bid(170_000), "at least ₹175,000")
    raises(s, Bid(177_000), "multiples of ₹5,000")
    assert s.legal_actions()[0] == Bid(175_000) and Pass() not in s.legal_actions()
    s = s.apply(Bid(175_000), player=1)
    raises(s, Bid(180_000), "₹10,000 above")
    s = s.apply(Bid(185_000), player=2)  # the seed's example: 175k, 185k, 200k, 210k
    s = s.apply(Bid(200_000), player=3)
    s = s.apply(Bid(210_000), player=0)
    raises(s, Bid(405_000), "up to ₹400,000")
    assert s.legal_actions()[-2:] == [Bid(400_000), Pass()]


def test_a_pass_is_final_and_the_last_bidder_left_declares():
    s = deal()
    s = s.apply(Bid(175_000), player=1)
    s = s.apply(Pass(), player=2)
    s = s.apply(Bid(190_000), player=3)
    s = s.apply(Pass(), player=0)
    s = s.apply(Bid(200_000), player=1)  # seat 2 passed: skipped
    assert s.current_player == 3
    s = s.apply(Pass(), player=3)
    assert s.declarer == 1 and s.contract == 200_000 and s.phase == "discard"
    assert len(s.hands[1]) == 16  # the widow went into his hand


def test_a_bid_of_400000_ends_the_raising():
    s = deal()
    s = s.apply(Bid(400_000), player=1)
    assert s.legal_actions() == [Pass()]


def test_opener_may_pass_and_all_passing_redeals_by_the_next_dealer():
    s = deal(opener_may_pass=True)
    for seat in (1, 2, 3, 0):
        s = s.apply(Pass(), player=seat)
    assert s.current_player == CHANCE and s.dealer == 1 and s.hand_no == 0
    s = s.apply(s.sample_chance())
    assert s.current_player == 2


# ---------------------------------------------------------------- widow, discards, trump


def test_the_widow_is_private_unless_show_widow():
    s = bid_to(deal())
    assert s.view(1)["widow"] == SPECIALS and s.view(0)["widow"] is None
    assert bid_to(deal(show_widow=True)).view(0)["widow"] == SPECIALS
    assert deal().view(1)["widow"] is None  # nobody sees it before the auction ends


def test_specials_are_never_discarded():
    s = bid_to(deal())
    raises(s, Discard(RupeeCard("Tiger")), "Bengal Tiger may never be discarded")
    raises(s, Discard(RupeeCard("Bear")), "Bear may never be discarded")
    raises(s, Discard(RupeeCard("R1")), "not in the declarer's hand")
    assert all(not a.card.is_special for a in s.legal_actions())


def test_money_is_discarded_only_when_nothing_else_can_go_and_then_it_is_shown():
    parts = swap(("Y3", "R40k"), ("Y2", "R30k"), ("Y1", "R15k"))
    s = bid_to(deal(parts))
    hand = codes(s.hands[1])
    assert len(hand) == 16 and {"R40k", "R30k", "R15k", "Tiger"} <= set(hand)
    raises(s, Discard(RupeeCard("Y40k")), "Money card may be discarded only when")
    raises(s, Discard(RupeeCard("R40k")), "Money card may be discarded only when")
    s = s.apply(Discard(RupeeCard("Y11"))).apply(Discard(RupeeCard("Y9")))
    assert s.phase == "discard"
    s = s.apply(Discard(RupeeCard("Y8")))
    assert s.phase == "trump"
    assert s.view(0)["discards"] == [] and s.view(1)["discards"] == ["Y11", "Y9", "Y8"]


def test_a_discarded_money_card_is_shown_to_everyone():
    plain = ["Y11", "Y9", "Y8", "Y7", "Y4", "Y3", "Y2", "Y1"]
    money = ["R40k", "R30k", "R15k", "R10k", "R5k", "B40k", "B30k", "B15k"]
    s = bid_to(deal(swap(*zip(plain, money, strict=True))))
    assert not [c for c in s.hands[1] if not c.is_money and not c.is_special]
    raises(s, Discard(RupeeCard("Tiger")), "never be discarded")
    s = s.apply(Discard(RupeeCard("B40k")))
    assert s.view(3)["discards"] == ["B40k"] and s.view(3)["discard_count"] == 1
    s = s.apply(Discard(RupeeCard("Y5k"))).apply(Discard(RupeeCard("R5k")))
    s = s.apply(NameTrump("Y"))
    assert s.view(0)["discards"] == ["B40k", "Y5k", "R5k"]
    assert "Discard" not in str(s) and s.view(2)["discard_count"] == 3


def test_trumps_are_named_after_the_discard_and_the_declarer_leads():
    s = bid_to(deal(), declarer=3, contract=185_000)
    assert s.current_player == 3 and s.phase == "discard"
    raises(s, NameTrump("G"), "discard step")
    for code in ("G1", "G2", "G3"):
        s = s.apply(Discard(RupeeCard(code)), player=3)
    raises(s, Play(RupeeCard("G4")), "trump step")
    s = s.apply(NameTrump("G"), player=3)
    assert s.trump == "G" and s.phase == "play" and s.current_player == 3
    with pytest.raises(ValueError):
        NameTrump("Purple")


# ---------------------------------------------------------------- which card may be played
#
# In BASE, seat 1 declares Yellow trumps, takes the specials and discards Y3 Y2 Y1.


def test_lion_and_bear_may_not_lead_while_the_leader_holds_another_card():
    s = declare(deal())
    raises(s, Play(RupeeCard("Lion")), "Lion of India may not lead")
    raises(s, Play(RupeeCard("Bear")), "Bear may not lead")
    assert "Tiger" in playable(s)  # the Tiger may lead: it calls for trumps


def surgery(s, hands, trick=()):
    """A copy of play state ``s`` with the hands (and trick so far) replaced: end-of-hand
    situations without playing twelve tricks first."""
    s = copy.copy(s)
    s.hands = tuple(tuple(RupeeCard(c) for c in h) for h in hands)
    s.trick = tuple((seat, RupeeCard(c)) for seat, c in trick)
    s.to_move = (trick[-1][0] + 1) % 4 if trick else s.to_move
    return s


def test_a_leader_holding_only_lion_and_bear_leads_one_of_them():
    s = surgery(declare(deal()), [["R1", "R2"], ["Lion", "Bear"], ["B1", "B2"], ["G1", "G2"]])
    assert playable(s) == ["Bear", "Lion"]
    s = surgery(declare(deal()), [["R1"], ["Lion"], ["B1"], ["G1"]])
    assert playable(s) == ["Lion"]  # his last card


def test_follow_the_colour_led():
    s = declare(deal(swap(("R1", "Y11"))))  # seat 0 holds Y11 among his Reds
    s = play(s, "Y40k")
    assert playable(s) == sorted(BASE[2])  # seat 2 has no Yellow: anything
    s = play(s, "B1", "G1")
    assert playable(s) == ["Y11"]
    raises(s, Play(RupeeCard("R40k")), r"must follow the colour led \(Yellow\)")
    s = play(s, "Y11")
    assert s.tricks[-1].winner == 1 and s.tricks[-1].value == 40_000
    assert s.current_player == 1  # the winner leads the next trick


def test_who_cannot_follow_may_trump_and_the_highest_trump_wins():
    s = declare(deal(swap(("R1", "Y11"), ("B1", "Y9"))))  # seat 1 holds R1, seat 2 Y9
    s = play(s, "R1")
    assert "Y9" in playable(s) and "B40k" in playable(s)
    s = play(s, "Y9", "G40k", "R40k")
    t = s.tricks[-1]
    assert t.winner == 2 and t.value == 80_000 and s.current_player == 2


def test_highest_card_of_the_colour_led_wins_without_trumps():
    s = declare(deal(swap(("R1", "Y11"))))
    s = play(s, "R1", "B40k", "G40k", "R40k")
    assert s.tricks[-1].winner == 0 and s.tricks[-1].value == 120_000


def test_the_tiger_led_calls_for_trumps_and_wins():
    s = declare(deal(swap(("R1", "Y11"), ("B1", "Y9"))))
    s = play(s, "Tiger")
    assert playable(s) == ["Y9"]  # trumps were called
    s = play(s, "Y9", "G40k")
    assert playable(s) == ["Y11"]
    s = play(s, "Y11")
    assert s.tricks[-1].winner == 1 and s.tricks[-1].value == 40_000


def test_forced_tiger_when_it_is_the_only_trump_and_trumps_are_led():
    s = declare(deal(swap(("B1", "Tiger"))))  # seat 2 holds the Tiger and no Yellow
    s = play(s, "Y40k")
    assert playable(s) == ["Tiger"]
    raises(s, Play(RupeeCard("B40k")), "Tiger is your only trump: you must play it")
    s = play(s, "Tiger", "G1", "R1")
    assert s.tricks[-1].winner == 2  # the Tiger beats the ₹40k of trumps


def test_the_tiger_is_a_trump_not_a_card_of_another_colour():
    s = declare(deal(swap(("B1", "Tiger"), ("Y11", "B2"))))  # seat 1 holds B2
    s = play(s, "B2")  # Black led: seat 2 holds Blacks, so the Tiger may not go
    assert "Tiger" not in playable(s)
    raises(s, Play(RupeeCard("Tiger")), r"must follow the colour led \(Black\)")
    s = declare(deal(swap(("B1", "Tiger"), ("Y11", "R2"))))
    s = play(s, "R2")  # Red led: seat 2 has none, so the Tiger may trump it
    assert "Tiger" in playable(s)
    s = play(s, "Tiger", "G1", "R40k")
    assert s.tricks[-1].winner == 2


def test_lion_and_bear_only_when_the_holder_cannot_follow():
    parts = swap(("R1", "Lion"), ("R2", "Bear"))  # seat 0 holds Lion, Bear; R1 R2 in the widow
    s = declare(deal(parts))
    s = play(s, "Y40k", "B1", "G1")
    assert {"Lion", "Bear"} <= set(playable(s))  # seat 0 has no Yellow
    s = play(s, "Lion")
    assert s.tricks[-1].value == 80_000 and s.tricks[-1].winner == 1
    s = play(s, "R1", "B2", "G2")  # seat 1 leads Red: seat 0 holds Reds
    assert "Bear" not in playable(s)
    raises(s, Play(RupeeCard("Bear")), "Bear may be played only when you cannot follow Red")


def test_specials_any_time_variation():
    parts = swap(("R1", "Lion"), ("R2", "Bear"), ("B1", "Y9"))
    s = declare(deal(parts, specials_any_time=True))
    s = play(s, "R1", "Y9", "G1")
    assert {"Lion", "Bear"} <= set(playable(s))
    s = play(s, "Bear")
    assert s.tricks[-1].value == 0
    # the Tiger too may be played although its holder could follow the colour led
    s = declare(deal(swap(("B1", "Tiger"), ("Y11", "B2")), specials_any_time=True))
    s = play(s, "B2")
    assert "Tiger" in playable(s)
    # the lead restriction stays
    s = declare(deal(specials_any_time=True))
    raises(s, Play(RupeeCard("Lion")), "may not lead")


def test_after_a_lion_or_bear_lead_the_first_coloured_card_sets_the_colour():
    base = declare(deal())
    s = surgery(base, [["Lion", "Bear"], ["R5k", "Y1"], ["R1", "B2"], ["G40k", "R40k"]])
    s.to_move = 0
    assert playable(s) == ["Bear", "Lion"]
    s = play(s, "Lion")
    assert playable(s) == ["R5k", "Y1"]  # no colour yet: anything
    s = play(s, "R5k")
    assert playable(s) == ["R1"]  # Red was set by seat 1
    s = play(s, "R1")
    assert playable(s) == ["R40k"]
    s = play(s, "R40k")
    t = s.tricks[-1]
    assert t.winner == 3 and t.value == 2 * 45_000


def test_after_a_bear_lead_a_trump_can_win_and_the_bear_cancels():
    base = declare(deal())
    s = surgery(base, [["Bear", "Lion"], ["B40k", "R2"], ["Y1", "R3"], ["G40k", "R4"]])
    s.to_move = 0
    s = play(s, "Bear", "B40k", "Y1", "G40k")
    t = s.tricks[-1]
    assert t.winner == 2 and t.value == 0


def test_trick_winner_and_value_functions():
    assert trick_winner(parse("R4 R40k Y1 R30k"), "Y") == 2
    assert trick_winner(parse("R4 R40k G40k R30k"), "Y") == 1
    assert trick_winner(parse("Lion R4 Bear R3"), "Y") == 1
    assert trick_winner(parse("Y40k Tiger Y30k Lion"), "Y") == 1
    assert trick_winner(parse("R40k R40k"), "Y") == 0  # two decks: the first one played
    assert trick_value(parse("R40k G30k R1 B5k")) == 75_000
    assert trick_value(parse("R40k Lion G1 R1")) == 80_000
    assert trick_value(parse("R40k Bear G1 R1")) == 0
    assert trick_value(parse("R40k Lion G1 Bear")) == 0  # the Bear came last
    assert trick_value(parse("R40k Bear G1 Lion")) == 80_000  # the Lion came last


# ---------------------------------------------------------------- a whole hand and scoring


def first_legal(s, hands=1):
    """Play on with the first legal action (shuffles from the state's seed) for ``hands``
    more scored hands."""
    goal = len(s.results) + hands
    while not s.is_terminal() and len(s.results) < goal:
        s = s.apply(s.sample_chance() if s.current_player == CHANCE else s.legal_actions()[0])
    return s


def dealt(seed, **options):
    """A fair deal from ``seed`` (seat 1 opens)."""
    s = engine.new_game("rupees", seed=seed, **options)
    return s.apply(s.sample_chance())


def test_a_hand_is_scored_made_or_set_back():
    # seed 1, seat 1 declares and every seat plays its first legal card: the sides take
    # ₹125,000 (seats 0+2) and ₹255,000 (seats 1+3)
    s = first_legal(bid_to(dealt(1)))
    r = s.results[-1]
    assert r.declarer == 1 and r.partners == (1, 3)
    assert (r.captured[0] + r.captured[2], r.side_capture) == (125_000, 255_000)
    assert r.made and s.scores == (125_000, 255_000, 125_000, 255_000)
    high = first_legal(bid_to(dealt(1), contract=400_000))
    assert high.results[-1].captured == r.captured  # the same play
    assert not high.results[-1].made
    assert high.scores == (125_000, -400_000, 125_000, -400_000)
    assert high.results[-1].points == high.scores
    assert "set back" in str(high.results[-1]) and "made it" in str(r)


def test_discards_count_for_nobody_unless_discards_to_last_trick():
    plain = ["Y11", "Y9", "Y8", "Y7", "Y4", "Y3", "Y2", "Y1"]
    money = ["R40k", "R30k", "R15k", "R10k", "R5k", "B40k", "B30k", "B15k"]
    parts = swap(*zip(plain, money, strict=True))
    kept = first_legal(
        declare(deal(parts, discards_to_last_trick=True), discards=["Y5k", "R5k", "B15k"])
    )
    lost = first_legal(declare(deal(parts), discards=["Y5k", "R5k", "B15k"]))
    assert lost.results[-1].discarded_money == ("Y5k", "R5k", "B15k")
    assert sum(lost.results[-1].captured) + 25_000 == sum(kept.results[-1].captured)
    winner = kept.tricks[-1].winner if kept.tricks else None
    assert winner is None  # the next hand started: tricks are cleared
    diff = [
        a - b for a, b in zip(kept.results[-1].captured, lost.results[-1].captured, strict=True)
    ]
    assert sorted(diff) == [0, 0, 0, 25_000]


def test_the_deal_passes_left_after_each_hand():
    s = first_legal(declare(deal()))
    assert s.current_player == CHANCE and s.dealer == 1 and s.hand_no == 1
    s = s.apply(s.sample_chance())
    assert s.current_player == 2 and s.tricks == () and s.declarer is None


def test_the_game_ends_at_the_target_and_the_higher_side_wins():
    s = first_legal(bid_to(dealt(1, target=100_000)))
    assert s.is_terminal() and s.phase == "over"
    assert s.scores == (125_000, 255_000, 125_000, 255_000)  # both sides over ₹100,000
    assert s.winners() == [1, 3]
    assert s.returns() == [125_000, 255_000, 125_000, 255_000]


def test_an_exact_tie_over_the_target_plays_another_hand():
    s = first_legal(bid_to(dealt(3, target=100_000)))
    assert s.scores == (200_000, 200_000, 200_000, 200_000)
    assert not s.is_terminal() and s.current_player == CHANCE and s.hand_no == 1


def test_below_the_target_the_game_goes_on():
    s = first_legal(declare(deal()))
    assert max(s.scores) < 1_000_000 and not s.is_terminal()


def test_a_tiger_holder_with_other_trumps_may_play_either():
    s = declare(deal(swap(("B1", "Tiger"), ("B2", "Y9"))))  # seat 2: Tiger and Y9
    s = play(s, "Y40k")
    assert playable(s) == ["Tiger", "Y9"]
    raises(s, Play(RupeeCard("B40k")), r"must follow the colour led \(Yellow\)")


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda: Bid(185_000.0), "Bid"),
        (lambda: Bid(True), "Bid"),
        (lambda: Bid("185000"), "Bid"),
        (lambda: Bid(10**40), "Bid"),
        (lambda: NameTrump(1), "NameTrump"),
        (lambda: NameTrump("Yellow"), "NameTrump"),
        (lambda: Play(7), "Play"),
        (lambda: Play("JK"), "Play"),
        (lambda: Discard(None), "Discard"),
        (lambda: CallPartner("G40kx"), "CallPartner"),
    ],
)
def test_an_action_of_the_wrong_type_is_refused_by_name(make, kind):
    with pytest.raises(IllegalAction, match=rf"^{kind}: "):
        make()


def test_an_action_out_of_range_or_out_of_turn_leaves_the_state_untouched():
    s = deal()
    raises(s, Bid(170_000), "at least ₹175,000")
    raises(s, Bid(177_000), "multiples of ₹5,000")
    raises(s, Bid(405_000), "bids go up to ₹400,000")
    raises(s, Bid(-5_000), "at least")
    raises(s, Play(RupeeCard("Y1")), "now is the bid step")
    raises(s, NameTrump("R"), "now is the bid step")
    assert s.returns() == [0, 0, 0, 0]  # the scores so far, at any point
    assert engine.new_game("rupees").returns() == [0, 0, 0, 0]


# ---------------------------------------------------------------- sides, discards, Money left


def test_teams_sit_in_alternating_seats_and_with_call_partner_each_seat_scores_alone():
    assert teams(4, False) == [(0, 2), (1, 3)] and teams(6, False) == [(0, 2, 4), (1, 3, 5)]
    assert teams(8, False) == [(0, 2, 4, 6), (1, 3, 5, 7)]
    assert teams(4, True) == [(0,), (1,), (2,), (3,)]
    assert all(team_of(s, 6) == teams(6, False)[s % 2] for s in range(6))
    assert deal().teams() == [(0, 2), (1, 3)] and deal(call_partner=True).teams()[3] == (3,)


def test_the_discards_go_plain_cards_first_as_the_money_rule_allows():
    assert discard_order(parse("R40k Y3 B5k Y2")) == list(parse("Y3 Y2 R40k B5k"))
    # seat 1 holds two plain cards (Y11, Y9) and Money: Money may go once they are gone
    money = ["R40k", "R30k", "R15k", "R10k", "R5k", "B40k"]
    s = bid_to(deal(swap(*zip(["Y8", "Y7", "Y4", "Y3", "Y2", "Y1"], money, strict=True))))
    chosen = parse("R40k Y9 Y11")
    raises(s, Discard(chosen[0]), "Money card may be discarded only when")
    for card in discard_order(chosen):
        s = s.apply(Discard(card))
    assert s.phase == "trump" and s.discards == (*chosen[1:], chosen[0])


def test_the_money_still_in_play_is_the_decks_but_tricks_taken_and_money_discarded():
    s = dealt(1)
    while not (s.phase == "play" and len(s.tricks) == 1):
        s = s.apply(s.legal_actions()[0])
    discarded = sum(c.money for c in s.discards)
    taken = sum(c.money for _, c in s.tricks[0].cards)  # Money, not the trick's (Lion) value
    assert taken and money_in_play(s.view(0)) == MONEY_PER_DECK - discarded - taken
    assert money_in_play(s.view(2)) == money_in_play(s.view(0))  # what everyone has seen
