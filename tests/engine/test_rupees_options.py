"""Make-A-Million Rupees options (docs/rules.md §1.8): call a partner, 6 and 8 players with two
decks, the target; and what each seat may see."""

from __future__ import annotations

import json

import pytest
from test_rupees_rules import bid_to, deal, declare, first_legal, play, raises

import engine
from engine.rupees import (
    Bid,
    CallPartner,
    Pass,
    Play,
    RupeeCard,
    known_side,
    rupee_deck,
)

# ---------------------------------------------------------------- call a partner


def called(card="G40k"):
    s = declare(deal(call_partner=True))
    assert s.phase == "call" and s.current_player == 1
    return s.apply(CallPartner(RupeeCard(card)), player=1)


def test_call_partner_names_a_card_not_held_nor_discarded():
    s = declare(deal(call_partner=True))
    raises(s, CallPartner(RupeeCard("Y40k")), "neither holds nor discarded")
    raises(s, CallPartner(RupeeCard("Y1")), "neither holds nor discarded")  # discarded
    raises(s, Play(RupeeCard("Y40k")), "call step")
    assert len(s.legal_actions()) == 55 - 13 - 3  # his hand and his discards
    s = s.apply(CallPartner(RupeeCard("G40k")))
    assert s.partner == 3 and s.phase == "play" and s.current_player == 1


def test_the_partner_is_secret_until_the_called_card_is_played():
    s = called("G40k")
    assert s.view(3)["partner"] == 3  # he knows: he holds the card
    assert s.view(1)["partner"] is None and s.view(0)["partner"] is None
    assert s.view(0)["called"] == "G40k"
    s = play(s, "Y40k", "B1", "G40k")
    assert all(s.view(k)["partner"] == 3 for k in range(4))


def test_call_partner_scores_per_player():
    s = first_legal(called("R40k"))  # seat 0 is the partner: sides 1+0 against 2+3
    r = s.results[-1]
    assert r.partners == (1, 0)
    side = r.captured[0] + r.captured[1]
    others = r.captured[2] + r.captured[3]
    assert r.side_capture == side
    if r.made:
        assert s.scores == (side, side, others, others)
    else:
        assert s.scores == (0, -175_000, others, others)


def test_call_partner_set_back_falls_on_the_declarer_alone():
    s = engine.new_game("rupees", seed=1, call_partner=True)
    s = first_legal(bid_to(s.apply(s.sample_chance()), contract=400_000))
    r = s.results[-1]
    partner = r.partners[1]
    assert not r.made and r.points[1] == -400_000 and r.points[partner] == 0
    defenders = [k for k in range(4) if k not in r.partners]
    others = sum(r.captured[k] for k in defenders)
    assert [r.points[k] for k in defenders] == [others, others]


def test_call_partner_is_a_four_player_option():
    with pytest.raises(ValueError, match="call_partner is for 4 players"):
        engine.new_game("rupees", players=6, call_partner=True)


# ---------------------------------------------------------------- 6 and 8 players


@pytest.mark.parametrize(("players", "each", "widow"), [(6, 18, 2), (8, 13, 6)])
def test_two_decks_deal_and_bidding(players, each, widow):
    s = engine.new_game("rupees", players=players, seed=1)
    assert s.target == 2_000_000
    s = s.apply(s.sample_chance())
    assert [len(h) for h in s.hands] == [each] * players and len(s.widow) == widow
    assert sorted(c.code for h in (*s.hands, s.widow) for c in h) == sorted(
        c.code for c in rupee_deck(2)
    )
    raises(s, Bid(175_000), "at least ₹350,000")
    assert s.legal_actions()[0] == Bid(350_000)
    assert s.legal_actions()[-1] == Bid(800_000)
    s = s.apply(Bid(350_000))
    while s.phase == "bid":
        s = s.apply(Pass())
    assert s.declarer == 1 and len(s.hands[1]) == each + widow
    for _ in range(widow):
        assert s.phase == "discard"
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "trump"
    assert s.side_of(1) == tuple(range(1, players, 2))  # teams in alternating seats


def test_a_full_two_deck_game_between_random_bots_ends():
    for players in (6, 8):
        bots = [engine.make_bot("rupees", "random", seed=k) for k in range(players)]
        s = engine.play(engine.new_game("rupees", players=players, seed=4), bots)
        assert s.is_terminal() and max(s.scores) >= 2_000_000


# ---------------------------------------------------------------- target


def test_target_option_and_default():
    assert engine.new_game("rupees").target == 1_000_000
    assert engine.new_game("rupees", target=500_000).target == 500_000
    with pytest.raises(ValueError, match="option target"):
        engine.new_game("rupees", target=123)


# ---------------------------------------------------------------- what a seat may see


def test_a_view_never_shows_another_seats_hand_or_the_widow():
    s = deal()
    for seat in range(4):
        v = s.view(seat)
        json.dumps(v)
        assert v["hand"] == [c.code for c in s.hands[seat]]
        text = json.dumps({k: x for k, x in v.items() if k != "hand"})
        for other in range(4):
            if other != seat:
                assert not any(f'"{c.code}"' in text for c in s.hands[other])
        assert v["widow"] is None
    with pytest.raises(ValueError, match="no seat"):
        s.view(4)


def test_the_view_holds_the_standing_bid_and_the_hands_a_seat_may_see():
    assert deal().view(0)["standing_bid"] is None
    s = deal().apply(Bid(175_000), player=1).apply(Bid(185_000), player=2)
    v = s.view(0)
    assert v["standing_bid"] == {"bidder": 2, "bid": "bid ₹185,000", "amount": 185_000}
    assert v["hands"] == [v["hand"], None, None, None]
    assert s.view(3, reveal=True)["hands"] == [[c.code for c in h] for h in s.hands]


def test_a_seat_knows_the_sides_as_far_as_its_view_shows():
    s = called("G40k")  # seat 1 declares; seat 3 holds the called card
    assert s.side_of(1) == (1, 3) and s.side_of(0) == (0, 2)
    assert known_side(s.view(3), 1) == (1, 3)  # the partner knows
    assert known_side(s.view(0), 1) == (1,) and known_side(s.view(0), 0) == (0,)
    s = play(s, "Y40k", "B1", "G40k")  # the called card is played: everyone knows
    assert all(known_side(s.view(k), 1) == (1, 3) for k in range(4))
    assert known_side(s.view(1), 2) == (0, 2)
    teams = declare(deal())
    assert known_side(teams.view(0), 3) == (1, 3) == teams.side_of(3)


def test_str_pictures_the_table():
    s = engine.new_game("rupees")
    assert "deals" in str(s)
    s = declare(deal())
    assert "seat 1 declares ₹175,000, trumps Yellow" in str(s)
