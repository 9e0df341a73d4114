"""Standard playing cards and their one notation (docs/design.md §3.7)."""

from __future__ import annotations

import pytest

from engine.cards import RANKS, SUITS, Card, parse, standard_deck


def test_parse_a_hand():
    assert parse("10H QS JK") == (Card("10", "H"), Card("Q", "S"), Card("JK", ""))


def test_parse_accepts_suit_symbols():
    assert parse("10♥ Q♠ A♣ 2♦") == parse("10H QS AC 2D")


def test_parse_accepts_commas_lower_case_and_1_for_ace():
    assert parse("10h, qs,jk") == parse("10H QS JK")
    assert parse("1S") == parse("AS")


def test_parse_empty_text_is_no_cards():
    assert parse("") == () and parse("  , ") == ()


def test_str_shows_suit_symbols():
    assert [str(c) for c in parse("10H QS AC 2D JK")] == ["10♥", "Q♠", "A♣", "2♦", "JK"]
    assert " ".join(map(str, parse("KH 9C"))) == "K♥ 9♣"


def test_str_reads_back():
    for c in standard_deck(jokers=1):
        assert parse(str(c)) == (c,)


def test_repr_reads_back():
    c = Card("10", "H")
    assert eval(repr(c), {"Card": Card}) == c


@pytest.mark.parametrize("text", ["11H", "10X", "H", "10", "ZZ", "QSS", "JKS", "10H QX", "♥"])
def test_bad_text_raises_value_error(text):
    with pytest.raises(ValueError, match="not a card"):
        parse(text)


@pytest.mark.parametrize(("rank", "suit"), [("11", "H"), ("Q", "X"), ("JK", "S"), ("Q", "")])
def test_bad_card_raises_value_error(rank, suit):
    with pytest.raises(ValueError):
        Card(rank, suit)


def test_standard_deck_has_52_distinct_cards():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert {c.rank for c in deck} == set(RANKS) and {c.suit for c in deck} == set(SUITS)
    assert deck[0] == Card("A", "S") and deck[-1] == Card("K", "C")
    assert not any(c.is_joker for c in deck)


def test_standard_deck_with_jokers():
    deck = standard_deck(jokers=2)
    assert len(deck) == 54 and deck[-2:] == (Card("JK", ""), Card("JK", ""))
    assert deck[-1].is_joker and str(deck[-1]) == "JK"


def test_red_and_black():
    assert [c.is_red for c in parse("AH AD AS AC")] == [True, True, False, False]


def test_cards_are_frozen_and_hashable():
    assert len({Card("A", "S"), Card("A", "S")}) == 1
    with pytest.raises(AttributeError):
        Card("A", "S").rank = "K"
