"""The public ``Table`` API the classroom tools use: the tools touch no private part of a
table, watchers run in their stated order, and the hot-seat cover clears what it hides."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import engine
import tabletop_widgets
from tabletop_widgets import TABLES
from tabletop_widgets.hotseat import HotSeat

TOOLS = ("replay", "coaching", "saves", "teacher", "hotseat", "display", "classroom")
PACKAGE = Path(tabletop_widgets.__file__).parent


@pytest.mark.parametrize("tool", TOOLS)
def test_the_tools_use_only_the_public_table_api(tool):
    source = (PACKAGE / f"{tool}.py").read_text(encoding="utf-8")
    assert not re.findall(r"\btable\._\w+", source)
    assert not re.findall(r"\b(?:table|t)\.(?:children|paused|screen|board\.svg)\s*=", source)


def test_a_room_seat_drives_its_table_through_the_public_api_only():
    """A room's table is the game's own table given a room seat as its source: no class is
    made at run time, and the seat reads and moves its table without touching a private part
    of it (nor assigns what the table keeps itself: its pause, its screen, its children)."""
    source = (PACKAGE / "classplay" / "remote.py").read_text(encoding="utf-8")
    assert not re.findall(r"\b(?:table|t)\._\w+", source)
    assert not re.findall(r"\b(?:table|t)\.(?:children|paused|screen|board\.svg)\s*=", source)
    assert not re.findall(r"\btype\(f?[\"']", source)  # no table class made at run time


def test_a_room_table_is_the_games_own_table_class():
    from room_play import ONLOOKER, Played

    from tabletop_widgets.classplay.remote import RoomSeat

    played = Played("plates", 3, bots={1: "basic", 2: "basic"}, seed=1)
    for table in (played.tables[0], played.tables[ONLOOKER]):
        assert type(table) is TABLES["plates"] and isinstance(table.source, RoomSeat)
        assert table.room == "TEST"
    assert TABLES["plates"](seed=1).room is None


def test_watchers_run_lowest_order_first():
    table = TABLES["plates"](seed=1)
    seen: list[str] = []
    table.watch(lambda: seen.append("last"), order=200)
    table.watch(lambda: seen.append("first"), order=-1)
    table.watch(lambda: seen.append("then"), order=-1)
    table.redraw()
    assert seen == ["first", "then", "last"]


@pytest.mark.parametrize("game", ["michigan", "rummy", "rupees"])
def test_the_cover_keeps_nothing_of_the_last_player(game):
    table = TABLES[game](seed=3, humans=(0, 1))
    table.coach_toggle.value = True
    hot = next(w for w in table.tools.children if isinstance(w, HotSeat))
    bot = engine.make_bot(game, "basic", seed=1)
    for _ in range(200):
        if hot.due is not None:
            break
        if table.paused:
            table.resume()
        else:
            assert table.act(bot.choose(table.shown))
    assert table.covered and table.children == (hot.cover,)
    assert table.coach.value == table.message.value == "" and table.board.log == []
    assert "screen covered" in table.board.label and "Pass the screen" in table.board.svg
    hot.show_button.click()
    assert not table.covered and table.viewer == table.human_to_act()
    assert table.coach.value


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_teacher_mode_follows_the_last_chance_event_without_replaying(game, monkeypatch):
    from tabletop_widgets.teacher import TeacherTools

    table = TABLES[game](seed=2, teacher=True)
    teacher = next(w for w in table.tools.children if isinstance(w, TeacherTools))
    teacher.toggle.value = True
    replays = []
    real_at = engine.State.at
    monkeypatch.setattr(engine.State, "at", lambda s, k: replays.append(k) or real_at(s, k))
    bot = engine.make_bot(game, "random", seed=1)
    for _ in range(12):
        if table.shown.is_terminal():
            break
        if table.paused:
            table.resume()
        elif table.shown.current_player == engine.CHANCE:
            table.throw()
        else:
            table.act(bot.choose(table.shown))
    assert not any(replays)  # at most the start of the game (0 moves to replay)
    node = table.last_chance()
    assert node is not None and node.current_player == engine.CHANCE
    assert table.latest.history[: len(node.history)] == node.history
