"""The standard card pictures shared by the card games: deterministic, accessible, and never
relying on colour alone."""

from __future__ import annotations

import re

from engine.cards import parse, standard_deck
from tabletop_widgets.render.cards import (
    CARD_W,
    SUIT_INK,
    card_body,
    card_name,
    card_svg,
    cards_svg,
    row_body,
    row_width,
)


def test_every_card_draws_the_same_every_time_and_names_itself():
    for card in standard_deck(jokers=1):
        svg = card_svg(card)
        assert svg == card_svg(card)
        assert f"<title>{card_name(card)}</title>" in svg
    assert card_name(parse("10H")[0]) == "10 of hearts"
    assert card_name(parse("QS")[0]) == "queen of spades"
    assert card_name(parse("JK")[0]) == "joker"
    assert card_name(parse("7C")[0], wild=True) == "7 of clubs (wild)"


def test_suits_differ_in_colour_and_in_shape():
    assert len(set(SUIT_INK.values())) == 4
    faces = {c.suit: card_svg(c) for c in parse("5S 5H 5D 5C")}
    for suit, symbol in zip("SHDC", "♠♥♦♣", strict=True):
        assert symbol in faces[suit] and SUIT_INK[suit] in faces[suit]


def test_wild_is_written_on_the_card_not_only_coloured():
    (seven,) = parse("7C")
    assert "WILD" in card_svg(seven, wild=True) and "WILD" not in card_svg(seven)


def test_a_row_places_cards_step_apart_with_backs_intents_and_selection():
    cards = [*parse("AS 2S"), None]
    body = row_body(cards, 10, 20, step=30, selected={1}, dim={0}, intents=["a", None, "c"])
    assert re.findall(r"translate\(([\d.-]+),([\d.-]+)\)", body) == [
        ("10", "20"),
        ("40", "8"),  # selected: raised
        ("70", "20"),
    ]
    assert body.count("data-intent") == 2 and 'aria-label="face-down card"' in body
    assert row_width(3, 30) == 60 + CARD_W and row_width(0) == 0


def test_a_clickable_card_carries_its_intent_and_name():
    (ace,) = parse("AS")
    body = card_body(ace, intent="play:AS")
    assert 'data-intent="play:AS"' in body and 'aria-label="ace of spades"' in body


def test_cards_show_themselves_as_pictures_in_a_notebook():
    from tabletop_widgets import PICTURES

    (card,) = parse("KD")
    assert PICTURES[type(card)](card) == card_svg(card)
    assert "king of diamonds" in cards_svg(parse("KD 3C"))
