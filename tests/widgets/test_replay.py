"""Message-level tests of the replay scrubber on every game's table: the same calls a click on
its buttons or a drag of its slider makes, and what the table shows back."""

from __future__ import annotations

import functools
import time

import pytest

import engine
from tabletop_widgets import TABLES
from tabletop_widgets.replay import ReplayBar
from tabletop_widgets.rummy import by_suit

GAMES = sorted(engine.GAMES)


def bar_of(table) -> ReplayBar:
    """The replay bar under a table."""
    return next(tool for tool in table.tools.children if isinstance(tool, ReplayBar))


@functools.cache  # states are immutable: one game serves every test
def bot_game(game: str, players: int | None = None, moves: int | None = None, level="random"):
    """A game played by bots: ``moves`` actions, or to the end."""
    s = engine.new_game(game, players=players, seed=1)
    bots = [engine.make_bot(game, level, seed=k) for k in range(s.num_players)]
    while not s.is_terminal() and (moves is None or len(s.history) < moves):
        seat = s.current_player
        s = s.apply(s.sample_chance() if seat == engine.CHANCE else bots[seat].choose(s))
    return s


def table_in_play(game: str):
    """A table with some history where the human (seat 0) is to act."""
    for moves in (30, 15):
        table = TABLES[game](bot_game(game, moves=moves, level="basic"), seed=2, humans=(0,))
        while table.paused:  # a round's reveal: Continue
            table.resume()
        if table.human_to_act() == 0:
            return table
    raise AssertionError("the game ended before the human's turn: pick another seed")


def show_where_bots_play(bar: ReplayBar) -> int:
    """Show the latest earlier move where a bot or chance is to act (so a branch plays on)."""
    for k in range(bar.moves - 1, -1, -1):
        bar.show(k)
        if bar.table.human_to_act() is None:
            return k
    raise AssertionError("the human acted at every move")


@pytest.mark.parametrize("game", GAMES)
def test_scrub_back_forward_and_jump(game):
    table = table_in_play(game)
    bar, live = bar_of(table), table.shown
    n, picture = len(live.history), table.board.svg
    assert bar.slider.max == bar.slider.value == n and not table.looking_back
    assert repr(bar) == f"ReplayBar(move {n} of {n})"
    assert bar.forward.disabled and bar.latest.disabled and not bar.back.disabled

    bar.back.click()
    assert table.latest is live and table.looking_back and table.shown == live.at(n - 1)
    assert bar.slider.value == n - 1 and bar.slider.max == n
    assert f"Looking back</b> at move {n - 1} of {n}" in bar.where.value
    assert repr(bar) == f"ReplayBar(move {n - 1} of {n} (looking back))"
    assert not bar.forward.disabled and bar.back_to_game.layout.display is None

    bar.first.click()
    assert table.shown == live.at(0) and bar.first.disabled and bar.back.disabled
    assert "the start, before anything is played" in bar.where.value
    assert table.board.svg != picture  # the board shows the earlier position

    bar.forward.click()
    assert table.shown == live.at(1) and bar.describe(1) in bar.where.value
    bar.slider.value = n // 2  # a drag, or a number typed into the readout
    assert table.shown == live.at(n // 2) and table.latest is live and table.looking_back
    before = table.board.svg
    bar.back.click()
    bar.forward.click()
    assert table.board.svg == before  # the same move draws the same picture
    assert bar.at(n // 2) is bar.at(n // 2)  # replayed once, then kept

    k = next(k for k in range(n - 1, 0, -1) if live.at(k).current_player == 0)
    bar.show(k)  # an earlier turn of the human: drawn as a table at that move draws it
    fresh = TABLES[game](live.at(k), seed=2, humans=(0,))
    fresh.paused = table.paused  # a round's reveal, if the table paused right after move k
    fresh.last = table.last  # and the move that led there, marked
    fresh.redraw()
    assert table.board.svg == fresh.board.svg

    bar.latest.click()
    assert not table.looking_back and table.shown is live and table.board.svg == picture
    assert bar.back_to_game.layout.display == "none" and bar.branch.layout.display == "none"


@pytest.mark.parametrize("game", GAMES)
def test_the_line_names_who_moved(game):
    table = table_in_play(game)
    bar, live = bar_of(table), table.shown
    for k in range(1, len(live.history) + 1):
        before = live.at(k - 1)
        seen = before.public(live.history[k - 1], table.viewer)
        assert bar.describe(k) == table.say(seen)  # the engine's words for the seat at screen
        assert seen.seat in (None, before.current_player, getattr(before, "turn", None))
    assert f"Move {len(live.history)} of {len(live.history)}: " in bar.where.value


@pytest.mark.parametrize("game", GAMES)
def test_looking_back_is_read_only_and_back_to_the_game(game):
    table = table_in_play(game)
    bar, live = bar_of(table), table.shown
    paused, picture, log = table.paused, table.board.svg, list(table.log_lines)
    action = live.legal_actions()[0]
    bar.show(len(live.history) - 3)
    assert not table.act(action)
    assert (
        "looking back at move" in table.message.value and "branch from here" in table.message.value
    )
    assert table.latest is live and table.looking_back
    assert table.log_lines == log and table.board.svg != picture
    assert "tt-looking-back" in table._dom_classes  # the game's own controls dimmed

    bar.back_to_game.click()
    assert not table.looking_back and table.shown is live and table.paused == paused
    assert table.board.svg == picture and table.message.value == ""
    assert "tt-looking-back" not in table._dom_classes
    assert table.act(action) and table.shown.history[: len(live.history)] == live.history


@pytest.mark.parametrize("game", GAMES)
def test_play_on_from_an_earlier_move_and_the_bots_play_on(game):
    table = table_in_play(game)
    bar, live = bar_of(table), table.shown
    n = len(live.history)
    k = show_where_bots_play(bar)
    assert table.shown == live.at(k) and bar.branch.layout.display is None
    bar.branch.click()
    new = table.shown
    assert not table.looking_back and new.history[:k] == live.history[:k]
    assert len(new.history) > k  # the bots (and chance) played on
    assert table.human_to_act() == 0 or new.is_terminal()
    assert f"Branch: play on from move {k} of {n}" in table.log_lines
    assert bar.slider.max == bar.slider.value == len(new.history)
    for j in (k - 1, k, len(new.history) - 1):  # the kept states follow the new line
        bar.show(j)
        assert table.shown == new.at(j)
    bar.latest.click()
    assert table.shown is new


@pytest.mark.parametrize("game", GAMES)
def test_the_slider_follows_the_game(game):
    table = table_in_play(game)
    bar = bar_of(table)
    table.act(table.shown.legal_actions()[0])
    n = len(table.shown.history)
    assert bar.slider.max == bar.slider.value == n
    assert f"Move {n} of {n}: " in bar.where.value
    bar.first.click()
    assert bar.slider.max == n and bar.slider.value == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_replays_and_branches(game):
    table = TABLES[game](bot_game(game), humans=(0,))
    bar, live = bar_of(table), table.shown
    assert live.is_terminal() and bar.slider.value == len(live.history)
    k = show_where_bots_play(bar)
    assert table.shown == live.at(k) and not table.shown.is_terminal()
    bar.branch.click()
    assert not table.looking_back and len(table.shown.history) > k  # chance and the bots played


def test_a_looked_back_round_is_not_shown_as_paused():
    """Plates pauses on each round's reveal: looking back at a bid of that round shows the bid,
    not the reveal; back at the game, the pause is there again."""
    table = TABLES["plates"](players=3, seed=4, humans=(0,))
    bar = bar_of(table)
    while not table.paused:
        table.act(table.shown.legal_actions()[0])
    bar.back.click()
    assert not table.paused and "Round over" not in table.board.status
    bar.back_to_game.click()
    assert table.paused and "Round over" in table.board.status


def test_hot_seat_looks_back_through_the_same_eyes():
    table = TABLES["rummy"](players=2, seed=3, humans=(0, 1))
    for _ in range(6):  # both humans play
        table.act(table.shown.legal_actions()[0])
    bar, seat = bar_of(table), table.viewer
    k = next(k for k in range(bar.moves - 1, 0, -1) if bar.at(k).current_player == 1 - seat)
    bar.show(k)
    assert table.viewer == seat


def test_scrubbing_a_long_game_stays_fast():
    """A finished random-bot Rupees game of about 1500 actions: every step is one redraw."""
    table = TABLES["rupees"](bot_game("rupees", players=8), humans=(0,))
    bar = bar_of(table)
    assert bar.moves > 900
    start = time.perf_counter()
    for _ in range(200):
        bar.back.click()
    bar.first.click()
    bar.latest.click()
    per_step = (time.perf_counter() - start) / 202
    assert per_step < 0.05, f"{per_step * 1000:.1f} ms per step"


def test_rummy_keeps_your_arrangement_while_you_look_back():
    table = table_in_play("rummy")
    bar = bar_of(table)
    table.suggest_groups()
    table.select(0)
    mine = (table.groups, table.loose, table.selected, table.board.svg)
    bar.first.click()
    bar.slider.value = bar.moves - 1
    assert table.groups == [] and table.loose == sorted(table.loose, key=by_suit)
    bar.back_to_game.click()
    assert (table.groups, table.loose, table.selected, table.board.svg) == mine
