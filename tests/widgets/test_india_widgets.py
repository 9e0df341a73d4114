"""Trait- and message-level tests of the India widgets: what a click would send, and what the
table and the dice show back. No browser here (see tests/browser)."""

from __future__ import annotations

import re

import engine
from engine.india import Enter, Move, Throw
from tabletop_widgets import PICTURES, Dice, IndiaTable
from tabletop_widgets.hotseat import take_screen
from tabletop_widgets.render.india import board_svg, dice_svg, red_cell, track_cell


def click_board(table: IndiaTable, intent: str) -> None:
    """What the board's ES module sends when a spot with data-intent is clicked."""
    table.board._handle_custom_msg({"intent": intent}, [])


def hot_seat(start: str, **kw) -> IndiaTable:
    """Two human players on a set position."""
    return IndiaTable(engine.new_game("india", players=2, start=start), humans=(0, 1), **kw)


# ---------------------------------------------------------------- pictures


def test_the_board_has_every_square_once_and_is_deterministic():
    cells = [track_cell(q) for q in range(68)] + [
        red_cell(s, k) for s in range(4) for k in range(1, 8)
    ]
    assert len(set(cells)) == 68 + 28
    view = engine.new_game("india", players=4, seed=1).view(0)
    assert board_svg(view) == board_svg(view)
    numbered = board_svg(view, numbers=True)
    assert all(f">{q}</text>" in numbered for q in (0, 4, 33, 67))
    assert ">33</text>" not in board_svg(view)


def test_blockades_are_ringed_and_pieces_are_titled():
    s = engine.new_game("india", players=2, start="10 10 r3 h / 40 c c c")
    svg = board_svg(s.view(0))
    assert svg.count('stroke="#9b2226"') == 2  # the two pieces of the blockade on 10
    assert "yellow 10 10 r3 h; purple 40 c c c" in svg


def test_dice_picture_and_state_picture():
    assert "dice: 3-5" in dice_svg([3, 5]) and dice_svg(None).count("<circle") == 0
    s = engine.new_game("india", players=2)
    assert PICTURES[type(s)](s).startswith("<svg")


def test_dice_widget_lands_on_the_throw_and_greys_used_dice():
    d = Dice()
    assert repr(d) == "Dice(not thrown, used=[False, False])"
    d.show(Throw(5, 3), (3,), throws=1)
    assert d.values == [5, 3] and d.used == [True, False] and d.throws == 1
    d.show(Throw(4, 4), (4,), throws=2)
    assert d.used == [True, False] and repr(d) == "Dice(4-4, used=[True, False])"


# ---------------------------------------------------------------- the table


def test_a_human_throw_waits_for_the_button():
    t = IndiaTable(players=2, seed=3)
    assert repr(t) == "IndiaTable(2 players, seed 3, humans [0], 0 actions, You to throw)"
    assert not t.throw_button.disabled and "You to throw" in t.status.value
    t.throw_button.click()
    assert isinstance(t.state.history[0], Throw)
    assert t.log_lines[0].startswith("You throw ")
    assert t.dice.throws >= 1


def test_click_a_piece_then_a_ring_to_move():
    t = hot_seat("10 20 h h / 40 c c c")
    t.throw(Throw(3, 4))
    assert 'data-intent="piece:0"' in t.board.svg and 'data-intent="piece:2"' not in t.board.svg
    click_board(t, "piece:0")
    assert t.selected == 0
    rings = re.findall(r'data-intent="(move:[^"]+)"', t.board.svg)
    assert rings == ["move:0:3", "move:0:4", "move:0:7"]
    click_board(t, "move:0:4")
    assert t.state.history[-1] == Move(0, 4) and t.selected is None
    assert t.dice.used == [False, True]
    assert [b.description for b in t.move_list.children] == [
        "piece 0 moves 3: 14 → 17",
        "piece 1 moves 3: 20 → 23",
    ]
    t.move_list.children[1].click()
    assert t.state.turn == 1 and t.covered and t.status.value == ""  # pass the screen
    take_screen(t)
    assert "Player 1 to throw" in t.status.value


def test_entering_by_click_and_the_log():
    t = hot_seat("c c c c / 40 c c c")
    t.throw(Throw(5, 5))
    click_board(t, "piece:2")
    assert 'data-intent="enter"' in t.board.svg
    click_board(t, "enter")
    click_board(t, "enter")
    assert t.state.pieces[0][:2] == (0, 0)
    assert "doubles: Player 0 throws again" in t.log_lines


def test_a_stuck_piece_says_why():
    t = hot_seat("10 r7 h h / 14 14 c c")
    t.throw(Throw(6, 3))
    click_board(t, "piece:1")  # one from home: neither 6, 3 nor 9 fits
    assert "piece 1 cannot move" in t.message.value and "exact count" in t.message.value
    click_board(t, "piece:0")
    assert t.message.value == "" and 'data-intent="move:0:3"' in t.board.svg


def test_illegal_clicks_are_refused_and_change_nothing():
    t = hot_seat("10 20 h h / 14 14 c c")
    before = t.state.to_json()
    click_board(t, "enter")
    assert "Not allowed" in t.message.value and t.state.to_json() == before
    assert t.throw(Enter()) is False and "dice must be thrown" in t.message.value
    t.throw(Throw(6, 3))
    before = t.state.to_json()
    assert t.throw() is False and "must move first" in t.message.value
    click_board(t, "move:0:6")
    assert "blockade on square 14" in t.message.value and t.state.to_json() == before


def test_capture_is_logged_and_bots_play_on():
    t = IndiaTable(engine.new_game("india", players=2, start="10 h h h / 13 c c c"), humans=(0,))
    t.throw(Throw(3, 6))
    t.act(Move(0, 3))
    assert "You capture Bot 1's piece 0 on 13" in t.log_lines
    assert t.state.turn == 0 or t.state.is_terminal()


def test_the_coach_gives_each_move_its_risk():
    t = hot_seat("6 30 h h / 5 c c c")
    t.throw(Throw(5, 3))
    t.coach_toggle.value = True
    coach = t.coach.value
    assert "piece 0 moves 5: 6 → 11: hit before your next turn <b>0.0%</b>" in coach
    assert "piece 0 moves 3: 6 → 9: hit before your next turn <b>38.9%</b> (7/18)" in coach


def test_a_whole_game_against_bots_ends():
    t = IndiaTable(players=4, seed=2, humans=(0,))
    for _ in range(2000):
        if t.state.is_terminal():
            break
        if not t.throw_button.disabled:
            t.throw_button.click()
        elif t.move_list.children:
            t.move_list.children[0].click()
    assert t.state.is_terminal() and "Game over" in t.status.value
    assert repr(t).endswith("game over)")
