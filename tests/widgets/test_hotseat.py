"""Hot seat and large print on every game's table, at the message level: the same calls a
click sends (the cover's button, the Large print toggle)."""

from __future__ import annotations

import pytest
from page import play_one

import engine
from engine.cards import Card
from engine.plates import Plate
from engine.rupees import RupeeCard
from tabletop_widgets import TABLES
from tabletop_widgets.display import LARGE, Display
from tabletop_widgets.hotseat import HotSeat
from tabletop_widgets.render import cards, rupees

GAMES = sorted(engine.GAMES)


def tool(table, kind):
    """The table's tool of class ``kind``."""
    return next(w for w in table.tools.children if isinstance(w, kind))


def hand_marks(table, seat: int) -> list[str]:
    """How the hidden hand of ``seat`` shows in a picture: its cards' (or plate's) names."""
    view = table.shown.view(seat)
    if table.game == "plates":
        plate = view["my_plate"]
        return [f"plate {Plate(plate['number'], plate['fine'])}"] if plate else []
    if table.game == "rupees":
        return [rupees.card_name(RupeeCard(c)) for c in view["hand"]]
    if table.game in ("michigan", "rummy"):
        return [cards.card_name(Card.from_str(c)) for c in view["hand"]]
    return []  # India hides nothing


def shown(table) -> bool:
    return table.children == (*table.game_widgets, table.tools)


@pytest.mark.parametrize("game", GAMES)
def test_two_humans_pass_the_screen(game):
    table = TABLES[game](seed=2, humans=(0, 1))
    hot = tool(table, HotSeat)
    assert shown(table) and hot.due is None  # the first human to act finds the table open
    assert table.screen == table.human_to_act()
    bot = engine.make_bot(game, "basic", seed=5)
    covers = 0
    for _ in range(300):
        if hot.due is not None:
            covers += 1
            before, nxt = table.screen, hot.due
            assert nxt != before and table.children == (hot.cover,)
            assert hot.show_button.description == f"I am Player {nxt}: show my hand"
            assert "data-intent" not in table.board.svg
            for seat in (before, nxt):  # neither hand is anywhere in the picture
                assert not [m for m in hand_marks(table, seat) if m in table.board.svg]
            hot.show_button.click()
            assert table.screen == nxt and hot.due is None and shown(table)
            assert table.viewer == nxt
            assert all(m in table.board.svg for m in hand_marks(table, nxt))
            if covers == 3:
                break
        else:
            assert shown(table)
        play_one(table, bot)
    assert covers == 3, f"only {covers} covers in 300 steps"


@pytest.mark.parametrize("game", GAMES)
def test_one_human_never_gets_a_cover(game):
    table = TABLES[game](seed=4, humans=(0,))
    hot = tool(table, HotSeat)
    assert hot.layout.display == "none" and repr(hot) == "HotSeat(one human seat)"
    bot = engine.make_bot(game, "basic", seed=3)
    for _ in range(40):
        if table.shown.is_terminal():
            break
        play_one(table, bot)
        assert shown(table) and hot.due is None and table.screen is None


def test_looking_back_and_a_new_game_follow_the_screen():
    """The replay looks back without a cover; a state put on the table covers (or not)
    according to who must act in it."""
    table = TABLES["rummy"](seed=2, humans=(0, 1))
    hot = tool(table, HotSeat)
    bot = engine.make_bot("rummy", "basic", seed=5)
    while hot.due is None:
        play_one(table, bot)
    hot.show_button.click()
    start = table.shown.at(0)
    table.look(table.shown.at(len(table.shown.history) - 3))  # the other player's turn
    assert shown(table) and hot.due is None
    table.look(None)
    assert shown(table) and table.viewer == table.screen == table.human_to_act()
    table.replace(table.shown.at(len(start.history) + 1), "replayed")  # whoever acts there
    assert (hot.due is None) == (table.human_to_act() == table.screen)


@pytest.mark.parametrize("game", GAMES)
def test_large_print_toggles_the_tables_class(game):
    table = TABLES[game](seed=1, humans=(0,))
    display = tool(table, Display)
    assert LARGE not in table._dom_classes
    display.large.value = True
    assert LARGE in table._dom_classes and "tt-table" in table._dom_classes
    assert repr(display) == "Display(large print on, pace Normal (½ s))"
    display.large.value = False
    assert LARGE not in table._dom_classes and "tt-table" in table._dom_classes


@pytest.mark.parametrize("game", GAMES)
def test_the_pace_control_sets_the_boards_pace(game):
    table = TABLES[game](seed=1, humans=(0,))
    display = tool(table, Display)
    assert table.board.pace == 500
    display.pace.value = 0
    assert table.board.pace == 0 and repr(display).endswith("pace Instant)")
