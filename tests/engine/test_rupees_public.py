"""What each seat is told of each action (``state.public``): every kind of action, from every
seat. Calls, trumps and cards played are public; a discard is face down except to the declarer,
unless it is Money; the called card is named, its holder is not."""

from __future__ import annotations

import pytest
from test_rupees_rules import bid_to, deal, declare, swap

from engine import Event
from engine.rupees import Bid, CallPartner, Discard, NameTrump, Pass, Play, RupeeCard

SEATS = range(4)


def told(s, action):
    """What each seat is told of ``action`` taken in ``s``."""
    return [s.public(action, seat) for seat in SEATS]


def test_the_deal_is_an_event_of_nobody_and_names_no_card():
    s = deal()
    fresh = s.at(0)
    deal_action = s.history[0]
    assert (
        told(fresh, deal_action)
        == [Event(None, "", "the cards are dealt: 13 each, 3 face down to the widow")] * 4
    )


def test_bids_and_passes_are_heard_by_everyone():
    s = deal()
    assert told(s, Bid(185_000)) == [Event(1, "bid", "₹185,000", marks=(("call", "₹185,000"),))] * 4
    s = s.apply(Bid(175_000))
    assert told(s, Pass()) == [Event(2, "pass", "", "passes", marks=(("call", "pass"),))] * 4


def test_a_discard_is_face_down_to_everyone_but_the_declarer():
    s = bid_to(deal())
    seen = told(s, Discard(RupeeCard("Y11")))
    assert seen[1] == Event(
        1,
        "discard",
        "Yellow 11 (1 of 3)",
        marks=(("call", "discards Yellow 11"), ("discard", "Y11")),
    )
    hidden = Event(
        1,
        "discard",
        "a card face down (1 of 3)",
        marks=(("call", "discards face down"), ("discard", None)),
    )
    assert seen[0] == seen[2] == seen[3] == hidden
    other = told(s, Discard(RupeeCard("Y9")))  # another card: the others are told the same
    assert [other[k] for k in (0, 2, 3)] == [hidden] * 3 and other[1] != seen[1]
    s = s.apply(Discard(RupeeCard("Y11")))
    assert s.public(Discard(RupeeCard("Y9")), 0).what == "a card face down (2 of 3)"
    assert s.view(0)["discards"] == []  # as the view has it


def test_a_discarded_money_card_is_shown_to_everyone():
    plain = ["Y11", "Y9", "Y8", "Y7", "Y4", "Y3", "Y2", "Y1"]
    money = ["R40k", "R30k", "R15k", "R10k", "R5k", "B40k", "B30k", "B15k"]
    s = bid_to(deal(swap(*zip(plain, money, strict=True))))
    seen = told(s, Discard(RupeeCard("B40k")))
    assert seen[1].what == "Black ₹40k (1 of 3)"
    assert {seen[k].what for k in (0, 2, 3)} == {"Black ₹40k (1 of 3), shown: it is Money"}
    assert all(e.mark("discard") == "B40k" for e in seen)
    assert s.apply(Discard(RupeeCard("B40k"))).view(0)["discards"] == ["B40k"]


def test_trumps_are_named_aloud():
    s = bid_to(deal())
    for code in ("Y11", "Y9", "Y8"):
        s = s.apply(Discard(RupeeCard(code)))
    assert (
        told(s, NameTrump("G"))
        == [Event(1, "name", "Green trumps", marks=(("call", "Green trumps"),))] * 4
    )


def test_the_called_card_is_named_and_its_holder_stays_secret():
    s = bid_to(deal(call_partner=True))
    for code in ("Y11", "Y9", "Y8"):
        s = s.apply(Discard(RupeeCard(code)))
    s = s.apply(NameTrump("Y"))
    call = CallPartner(RupeeCard("G40k"))
    what = "Green ₹40k: its holder is the secret partner"
    assert told(s, call) == [Event(1, "call", what, marks=(("call", "calls Green ₹40k"),))] * 4
    assert "3" not in what and "Bot" not in what  # seat 3 holds it: not said
    s = s.apply(call)
    while s.current_player != 3:  # the partner plays the called card when it is his turn
        s = s.apply(s.legal_actions()[0])
    assert told(s, Play(RupeeCard("G40k")))[0].what == (
        "Green ₹40k: the called card, the partner is known"
    )


@pytest.mark.parametrize("seat", SEATS)
def test_a_card_played_is_seen_by_every_seat(seat):
    s = declare(deal())
    assert s.public(Play(RupeeCard("Y40k")), seat) == Event(
        1, "play", "Yellow ₹40k", marks=(("card", "Y40k"),)
    )


def test_only_a_real_seat_is_told():
    s = deal()
    for bad in (True, 4, -1, "0", 1.0):
        with pytest.raises(ValueError, match="no seat"):
            s.public(Bid(175_000), bad)
