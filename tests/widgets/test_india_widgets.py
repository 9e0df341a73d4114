"""Trait- and message-level tests of the India widgets: what a click would send, and what the
table and the dice show back. No browser here (see tests/browser)."""

from __future__ import annotations

import re

import pytest
from ipywidgets.widgets.widget import _instances
from page import click_board

import engine
import engine.review
from engine.india import Enter, Move, Throw
from tabletop_widgets import PICTURES, Dice, IndiaTable
from tabletop_widgets.hotseat import take_screen
from tabletop_widgets.render.india import dice_svg, red_cell, table_svg, track_cell


def hot_seat(start: str, **kw) -> IndiaTable:
    """Two human players on a set position."""
    return IndiaTable(engine.new_game("india", players=2, start=start), humans=(0, 1), **kw)


def against_a_bot(start: str, **kw) -> IndiaTable:
    """You (seat 0) against a basic bot on a set position."""
    return IndiaTable(engine.new_game("india", players=2, start=start), humans=(0,), **kw)


# ---------------------------------------------------------------- pictures


def test_the_board_has_every_square_once_and_is_deterministic():
    cells = [track_cell(q) for q in range(68)] + [
        red_cell(s, k) for s in range(4) for k in range(1, 8)
    ]
    assert len(set(cells)) == 68 + 28
    view = engine.new_game("india", players=4, seed=1).view(0)
    assert table_svg(view) == table_svg(view)
    numbered = table_svg(view, numbers=True)
    assert all(f">{q}</text>" in numbered for q in (0, 4, 33, 67))
    assert ">33</text>" not in table_svg(view)


def test_blockades_are_ringed_and_pieces_are_titled():
    s = engine.new_game("india", players=2, start="10 10 r3 h / 40 c c c")
    svg = table_svg(s.view(0))
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
    assert not t.throw_button.disabled and "You to throw: click Throw" in t.board.status
    t.throw_button.click()
    assert isinstance(t.shown.history[0], Throw)
    assert t.log_lines[0].startswith("You throw ")
    assert t.dice.throws >= 1


def test_click_a_piece_then_a_ring_to_move():
    t = hot_seat("10 20 h h / 40 c c c")
    t.throw(Throw(3, 4))
    assert "Player 0 to move: 3-4 to use" in t.board.status
    assert 'data-intent="piece:0"' in t.board.svg and 'data-intent="piece:2"' not in t.board.svg
    click_board(t, "piece:0")
    assert t.selected == 0
    rings = re.findall(r'data-intent="(move:[^"]+)"', t.board.svg)
    assert rings == ["move:0:3", "move:0:4", "move:0:7"]
    click_board(t, "move:0:4")
    assert t.shown.history[-1] == Move(0, 4) and t.selected is None
    assert t.dice.used == [False, True]
    assert [b.description for b in t.move_list.children] == [
        "piece 0 moves 3 to a white square",
        "piece 1 moves 3 to a white square",
    ]
    t.move_list.children[1].click()
    assert t.shown.turn == 1 and t.covered and t.board.status == ""  # pass the screen
    assert t.move_list.children == () and t.dice.values == []
    take_screen(t)
    assert "Player 1 to throw" in t.board.status


def test_a_click_on_either_of_two_pieces_together_plays_the_listed_move():
    """Pieces 0 and 1 stand together: the rules list the move once, as piece 0's. A click on
    piece 1 selects piece 0 (the piece that moves) and its rings play the listed move (a
    message naming piece 1's move is not on the picture: the gate refuses it); the game then
    reviews."""
    t = hot_seat("10 10 c c / 40 c c c")
    t.throw(Throw(3, 4))
    click_board(t, "piece:1")
    assert t.selected == 0 and t.message.value == ""
    rings = re.findall(r'data-intent="(move:[^"]+)"', t.board.svg)
    assert rings == ["move:0:3", "move:0:4", "move:0:7"]
    click_board(t, "move:1:3")  # not on the picture: the gate refuses it, nothing moves
    assert t.shown.history[-1] == Throw(3, 4)
    click_board(t, "move:0:3")
    assert t.shown.history[-1] == Move(0, 3) and t.shown.pieces[0][:2] == (9, 6)
    review = engine.review.review(t.shown, seats=[0])
    assert [d.played for d in review.decisions] == [Move(0, 3)]


def test_the_move_list_names_what_the_board_shows():
    t = hot_seat("c 14 r6 h / 40 c c c")
    t.throw(Throw(2, 5))
    assert [b.description for b in t.move_list.children] == [
        "piece 1 moves 2 to a blue square (safe)",
        "piece 2 moves 2 to INDIA",
        "enter a piece (on your entry square)",
        "piece 1 moves 5 to a white square",
        "piece 1 moves 7 to a blue square (safe)",
    ]
    numbered = hot_seat("c 14 r4 h / 40 c c c", numbers=True)
    numbered.throw(Throw(2, 5))
    names = [b.description for b in numbered.move_list.children]
    assert "piece 1 moves 2 to square 16 (blue, safe)" in names
    assert "piece 2 moves 2 to red square 6" in names and ">16</text>" in numbered.board.svg


def test_entering_by_click_and_a_double_click_enters_once():
    t = hot_seat("c c c c / 40 c c c")
    t.throw(Throw(5, 5))
    click_board(t, "piece:2")
    assert 'data-intent="enter"' in t.board.svg
    seen = len(t.shown.history)
    click_board(t, "enter", move=seen)
    click_board(t, "enter", move=seen)  # the second click of a double click: a stale picture
    assert t.shown.pieces[0].count(0) == 1 and "earlier picture" in t.board.status
    click_board(t, "piece:2")  # doubles: the next piece, and where it may go
    click_board(t, "enter")
    assert t.shown.pieces[0][:2] == (0, 0)
    assert "doubles: Player 0 throws again" in t.log_lines
    assert "Player 0 enters piece 0" in t.log_lines


def test_a_double_click_on_a_move_button_moves_once():
    t = hot_seat("c c c c / 40 c c c")
    t.throw(Throw(5, 5))
    t.board.seen = t.board.move  # a page shows the table
    enter = t.move_list.children[0]
    assert enter.description.startswith("enter")
    enter.click()
    moved = len(t.shown.history)
    enter.click()  # the second click of a double click, sent before the page redrew
    assert len(t.shown.history) == moved and "before the table showed" in t.board.status


def test_junk_and_untimely_board_clicks_are_ignored_with_a_note():
    t = hot_seat("10 20 h h / 14 14 c c")
    before = t.shown.to_json()
    click_board(t, "piece:0")  # nobody has thrown: no piece to move yet
    assert "nothing happens on a click there" in t.board.status and t.shown.to_json() == before
    t.throw(Throw(6, 3))
    before = t.shown.to_json()
    for junk in ("piece:7", "piece:x", "piece:²", "move:x", "move:0:99", "move:0", "enter:1", ""):
        click_board(t, junk)
        assert "nothing happens on a click there" in t.board.status, junk
        assert t.shown.to_json() == before
    click_board(t, "piece:0", move=0)  # made on an earlier picture
    assert t.selected is None and "earlier picture" in t.board.status


def test_a_stuck_piece_says_why():
    t = hot_seat("10 r7 h h / 14 14 c c")
    t.throw(Throw(6, 3))
    click_board(t, "piece:1")  # one from home: neither 6, 3 nor 9 fits
    assert "piece 1 cannot move" in t.message.value and "exact count" in t.message.value
    click_board(t, "piece:0")
    assert t.message.value == "" and 'data-intent="move:0:3"' in t.board.svg


def test_illegal_actions_are_refused_and_change_nothing():
    t = hot_seat("10 20 h h / 14 14 c c")
    before = t.shown.to_json()
    assert t.act(Enter()) is False and "dice must be thrown" in t.message.value
    assert t.throw(Enter()) is False and t.shown.to_json() == before
    t.throw(Throw(6, 3))
    before = t.shown.to_json()
    assert t.throw() is False and "must move first" in t.message.value
    assert t.throw_button.disabled and "move first" in t.throw_button.tooltip
    click_board(t, "move:0:6")  # a move the picture does not offer
    assert "nothing happens on a click there" in t.board.status
    assert not t.act(Move(0, 6))
    assert "blockade on square 14" in t.message.value and t.shown.to_json() == before


def test_a_capture_shows_in_the_log_the_panel_and_the_picture():
    t = against_a_bot("10 h h h / 13 c c c")
    t.throw(Throw(3, 6))
    t.act(Move(0, 3))
    line = "You capture Bot 1's piece 0: back to its corner"
    assert line in t.log_lines and line in t.board.recent
    assert t.board.recent_title == "Since your last move"


def test_the_bots_moves_reach_the_page_one_at_a_time_and_are_marked():
    t = against_a_bot("10 h h h / 40 c c c")
    sent = []
    t.board.send = sent.append
    t.board.seen = t.board.move  # a page watches
    t.throw(Throw(1, 2))  # your own throw: the page shows it at once, as a fresh start
    assert sent[0]["reset"] and sent[0]["frames"][0]["lines"] == ["You throw 1-2"]
    t.act(Move(0, 3))
    own, bots = sent[1], sent[2]
    assert own["reset"] and own["frames"][0]["lines"] == ["You move piece 0 by 3"]
    frames = own["frames"] + bots["frames"]
    assert [f["move"] for f in frames] == list(range(frames[0]["move"], t.board.move))
    assert bots["frames"][0]["lines"][0].startswith("Bot 1 throws ")
    assert all('class="tt-last"' in f["svg"] for f in frames)  # each marks what just happened
    assert t.board.recent[:2] == ["You move piece 0 by 3", *bots["frames"][0]["lines"]][:2]


def test_your_own_throw_stays_on_the_dice_until_you_throw_again():
    t = against_a_bot("10 h h h / 40 c c c")
    t.throw(Throw(6, 5))
    t.act(Move(0, 11))  # the whole throw: your turn ends, the bot throws and moves
    assert len(t.shown.history) > 3 and t.shown.turn == 0
    assert t.dice.values == [6, 5] and t.dice.used == [True, True]
    assert t.dice.label == "dice: 6-5"
    t.throw(Throw(2, 1))
    assert t.dice.values == [2, 1] and t.dice.used == [False, False]


def test_a_lost_throw_shows_on_the_dice_and_the_board():
    t = against_a_bot("r7 h h h / 40 c c c")
    t.throw(Throw(2, 2))  # one from home: no move uses 2-2
    assert t.log_lines[0] == "You throw 2-2: no move uses it, the turn passes"
    assert t.dice.values == [2, 2] and t.dice.used == [False, False]
    lost = engine.new_game("india", 2, start="r7 h h h / 40 c c c")
    event = lost.public(Throw(2, 2), 0)
    svg = table_svg(lost.apply(Throw(2, 2)).view(0), last=event)
    assert ">no move</text>" in svg


def test_the_moved_piece_and_its_path_are_marked():
    s = engine.new_game("india", 2, start="10 h h h / 13 c c c").apply(Throw(3, 6))
    event = s.public(Move(0, 3), 0)
    svg = table_svg(s.apply(Move(0, 3)).view(0), last=event)
    assert svg.count("<polyline") == 1 and 'stroke-dasharray="6 4"' in svg  # path, capture
    assert table_svg(s.view(0)).count('class="tt-last"') == 0


def test_stacked_pieces_stand_apart_and_every_number_is_legible():
    s = engine.new_game("india", 2, start="10 10 r3 r3 / 40 40 c c")
    svg = table_svg(s.view(0))
    numbers = re.findall(
        r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"[^>]*>(\d)</text>', svg
    )
    spots = {(x, y) for x, y, _size, _n in numbers}
    assert len(spots) == len(numbers) == 8  # no two piece numbers in one place
    assert min(float(size) for *_xy, size, _n in numbers) >= 13.5  # ≥ 12 px at 470 px


def test_the_coach_gives_each_move_its_risk():
    t = hot_seat("6 30 h h / 5 c c c")
    t.throw(Throw(5, 3))
    t.coach_toggle.value = True
    coach = t.coach.value
    assert "piece 0 moves 5 to a blue square (safe): hit before your next turn <b>0.0%</b>" in coach
    # 4 behind: 7/18 on his first throw, 40.9% over his whole turn (rethrows after doubles)
    assert "piece 0 moves 3 to a white square: hit before your next turn <b>40.9%</b>" in coach


def test_a_whole_game_against_bots_ends():
    t = IndiaTable(players=4, seed=2, humans=(0,))
    made = len(_instances)
    for _ in range(2000):
        if t.shown.is_terminal():
            break
        if not t.throw_button.disabled:
            t.throw_button.click()
        elif t.move_list.children:
            t.move_list.children[0].click()
    assert t.shown.is_terminal() and "Game over" in t.board.status
    assert repr(t).endswith("game over)")
    # the move buttons are reused (each is 3 widgets), not made anew for each of the game's
    # hundreds of moves
    assert len(_instances) - made <= 60
    over = t.board.over
    winner = t.shown.winners()[0]
    assert f"<td>{t.names[winner]}</td><td>won: 4 of 4 pieces home</td>" in over
    assert over.count("<tr>") == 4 and 'data-intent="new-game"' in over


def test_partnership_standing_and_returns_before_the_end():
    t = IndiaTable(players=4, seed=1, partners=True, humans=(0,))
    assert t.shown.returns() == [0, 0, 0, 0]
    assert [text for _seat, text in t.standing()] == ["0 of 4 pieces home"] * 4


def test_a_loaded_game_keeps_the_throw_being_played_on_the_dice():
    t = IndiaTable(players=2, seed=0, humans=(0,))
    t.throw()
    saved = t.shown
    fresh = IndiaTable(players=2, seed=4, humans=(0,))
    fresh.replace(saved, "Loaded")
    assert fresh.dice.values == [saved.thrown.a, saved.thrown.b]
    before = fresh.dice.values
    with pytest.raises(ValueError, match="this table has 2 players"):
        fresh.replace(engine.new_game("india", players=4, seed=1), "Loaded")
    assert fresh.dice.values == before and fresh.shown == saved


def test_looking_back_shows_each_throw_without_tumbling():
    t = IndiaTable(players=2, seed=0, humans=(0,))
    while len(t.shown.history) < 12:  # a few throws and moves of both players
        if not t.throw_button.disabled:
            t.throw_button.click()
        else:
            t.move_list.children[0].click()
    throws = t.dice.throws
    for k in range(1, len(t.shown.history)):
        t.look(t.latest.at(k), t.latest.at(k - 1))
        shown = t.shown
        if shown.thrown:
            assert t.dice.values == [shown.thrown.a, shown.thrown.b]
        assert t.dice.throws == throws  # the dice land on the move shown, no tumble
