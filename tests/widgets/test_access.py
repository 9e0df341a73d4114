"""Accessibility of every game's table, at the message level: every clickable spot of every
picture has an accessible name in words, every control has a name, and colour is never the
only thing that tells suits, Rupee colours, India's sides or a marked digit apart."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import ipywidgets as widgets
import pytest

import engine
from engine.cards import SUIT_SYMBOLS, Card
from engine.india import COLOURS
from engine.rupees import RupeeCard
from tabletop_widgets import TABLES
from tabletop_widgets.hotseat import cover_svg
from tabletop_widgets.render import cards, india, plates, rupees

GAMES = sorted(engine.GAMES)


def pictures_and_controls(game: str, steps: int = 30):
    """Play ``steps`` human decisions of a seeded game (a bot choosing for the human) and yield
    the table at each one (India: with a piece picked, so its green rings show too)."""
    table = TABLES[game](seed=6, humans=(0,))
    bot = engine.make_bot(game, "basic", seed=1)
    for _ in range(steps):
        if table.shown.is_terminal():
            break
        yield table
        if table.paused:
            table.resume()
        elif table.shown.current_player == engine.CHANCE:
            table.throw()
            options = table.shown.legal_options() if not table.shown.is_terminal() else []
            movable = [o.action.piece for o in options if hasattr(o.action, "piece")]
            if movable:
                table.pick(movable[0])
                yield table
        else:
            table.act(bot.choose(table.shown))
    yield table


def spots(svg: str) -> list[ET.Element]:
    """The elements a click (or Enter) sends an intent from."""
    return [e for e in ET.fromstring(svg).iter() if "data-intent" in e.attrib]


@pytest.mark.parametrize("game", GAMES)
def test_every_clickable_spot_has_a_name_in_words(game):
    seen = set()
    for table in pictures_and_controls(game):
        assert table.board.label
        for spot in spots(table.board.svg):
            intent, name = spot.get("data-intent"), spot.get("aria-label")
            assert name and name.strip(), f"{game}: {intent} has no accessible name"
            assert intent not in name, f"{game}: {intent} is named by its code: {name!r}"
            seen.add(intent.partition(":")[0])
    assert seen, f"{game}: no clickable spot in 30 moves"


def test_the_cover_has_no_spot():
    assert spots(cover_svg("Player 2")) == [] and "Player 2" in cover_svg("Player 2")


def controls(widget):
    """Every widget in a table's tree."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from controls(child)


@pytest.mark.parametrize("game", GAMES)
def test_every_control_has_a_name(game):
    """Buttons say what they do (description, or a tooltip for an icon); pickers are named."""
    for table in pictures_and_controls(game, steps=12):
        for w in controls(table):
            if isinstance(w, widgets.Button | widgets.ToggleButton):
                assert (w.description or w.tooltip).strip(), f"{game}: unnamed {w!r}"
            elif isinstance(w, widgets.Dropdown | widgets.ToggleButtons):
                assert w.description.strip(), f"{game}: unnamed picker {w!r}"


def test_suits_differ_in_shape_not_only_colour():
    for suit, symbol in SUIT_SYMBOLS.items():
        face = cards.card_body(Card("7", suit))
        assert f">{symbol}<" in face  # the suit's own pip, in its own ink
    assert len(set(SUIT_SYMBOLS.values())) == 4


def test_rupee_colours_differ_in_shape_and_letter():
    assert len(set(rupees.SHAPE.values())) == 4
    for colour, shape in rupees.SHAPE.items():
        face = rupees.card_body(RupeeCard(f"{colour}9"))
        assert f">{shape}{colour}<" in face


def test_india_sides_differ_in_shape_and_name():
    assert len({india.SHAPE[c] for c in COLOURS}) == 4
    state = engine.new_game("india", 4, seed=1)
    svg = india.table_svg(state.view(0))
    for colour in COLOURS:
        assert f">{colour}<" in svg  # each corner names its colour
    tags = {e.tag.rpartition("}")[2] for e in ET.fromstring(svg).iter()}
    assert {"circle", "rect", "polygon"} <= tags
    assert svg.count("★") == 12  # the safe squares: blue and starred


def test_a_marked_digit_is_underlined_not_only_yellow():
    face = plates.plate_body({"number": "123456", "fine": 5}, highlight=3)
    plain = plates.plate_body({"number": "123456", "fine": 5})
    assert face.count("<rect") == plain.count("<rect") + 2  # the yellow box and an underline


def test_india_rings_say_where_a_piece_goes():
    view = engine.new_game("india", 2, seed=1).view(0)
    svg = india.table_svg(view, targets=[("enter", 0), ("move:2:5", 5)])
    names = {e.get("data-intent"): e.get("aria-label") for e in spots(svg)}
    assert names == {"enter": "enter a piece", "move:2:5": "move piece 2 by 5"}
