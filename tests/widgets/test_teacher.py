"""Message-level tests of teacher mode under every table: show every hand (with the banner),
rig the next throw or deal through the engine's own chance actions, undo. The tool is driven
through the same calls a click sends."""

from __future__ import annotations

from html import unescape

import pytest
from page import hidden_marks

import engine
from engine.india import Throw
from tabletop_widgets import TABLES
from tabletop_widgets.render.svg import TEACHER_BANNER
from tabletop_widgets.teacher import TeacherTools, deal_text, read_deal

GAMES = sorted(engine.GAMES)
CARD_GAMES = [g for g in GAMES if g != "india"]  # chance is a shuffle (India: a throw)


def teacher(game: str, **kw) -> tuple:
    """A teacher's table with one human (seat 0) and its teacher tools, teacher mode on."""
    table = TABLES[game](seed=kw.pop("seed", 1), humans=(0,), teacher=True, **kw)
    tool = next(w for w in table.tools.children if isinstance(w, TeacherTools))
    tool.toggle.value = True
    return table, tool


def swap_first_two(text: str) -> str:
    """The teacher's edit: the first two cards of the deal change places."""
    first, second, rest = text.split(", ", 2)
    return f"{second}, {first}, {rest}"


@pytest.mark.parametrize("game", GAMES)
def test_show_every_hand_draws_them_face_up_under_a_banner_and_off_hides_them(game: str) -> None:
    table, tool = teacher(game)
    plain = table.board.svg
    assert TEACHER_BANNER not in plain and not table.reveal
    tool.reveal.value = True
    shown = table.board.svg
    assert table.reveal and TEACHER_BANNER in shown and 'class="tt-teacher-banner"' in shown
    marks = hidden_marks(table)
    assert all(m in shown for m in marks)
    assert not marks or not all(m in plain for m in marks)
    tool.toggle.value = False  # leaving teacher mode turns the hands face down again
    assert not tool.reveal.value and not table.reveal and table.board.svg == plain
    assert tool.controls.layout.display == "none"


def test_india_rig_a_throw_then_throw_uses_it() -> None:
    table, tool = teacher("india")
    assert table.human_to_act() == 0 and len(tool.outcome.options) == 36
    assert tool.outcome.value == tool.outcome.options[0][1]  # not the throw a fair die gives
    tool.outcome.value = Throw(5, 3)
    assert tool.rig_button.click() is None and table.rigged == Throw(5, 3)
    assert "throw 5-3" in tool.note.value
    table.throw_button.click()
    assert table.shown.history[0] == Throw(5, 3) and table.dice.values == [5, 3]
    assert table.rigged is None and "Rigged" not in tool.note.value  # used once


@pytest.mark.parametrize("game", ["michigan", "rupees"])
def test_rig_the_next_deal_is_dealt_after_the_round(game: str) -> None:
    table, tool = teacher(game, seed=2)
    bot = engine.make_bot(game, "random", seed=0)
    for _ in range(500):
        if table.paused:
            break
        table.act(bot.choose(table.shown))
    assert table.paused and table.shown.current_player == engine.CHANCE
    k = len(table.shown.history)
    offered = tool.deal.value
    fair = table.shown.sample_chance().cards
    assert offered != deal_text(fair)  # never the next fair deal: the projector may show it
    assert sorted(map(str, read_deal(offered, fair).cards)) == sorted(map(str, fair))
    tool.deal.value = swap_first_two(offered)
    assert tool.rig() and table.rigged is not None
    table.continue_button.click()
    deck = read_deal(offered, table.shown.history[k].cards).cards
    assert table.shown.history[k] == engine.Shuffle((deck[1], deck[0], *deck[2:]))


@pytest.mark.parametrize("game", GAMES)
def test_use_it_now_goes_back_to_the_last_chance_and_uses_the_outcome(game: str) -> None:
    table, tool = teacher(game)
    node = tool._node
    k = len(node.history)
    if game == "india":
        tool.outcome.value = Throw(5, 5)
        chosen = Throw(5, 5)
    else:
        tool.deal.value = swap_first_two(tool.deal.value)
        chosen = read_deal(tool.deal.value, table.shown.history[k].cards)
    assert tool.use_now()
    assert table.shown.history[: k + 1] == (*node.history, chosen)
    note = next(line for line in table.log_lines if line.startswith("Teacher: "))
    assert note.endswith(f"at move {k + 1}") and f"move {k + 1}" in tool.note.value


@pytest.mark.parametrize("game", CARD_GAMES)
@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: t.replace(",", ", ZZ,", 1), "card 2 ('ZZ') cannot be read"),
        (lambda t: t.split(", ", 1)[1], "missing: "),
        (lambda t: t.split(", ", 1)[0] + ", " + t, "not in the deck (or too often): "),
    ],
    ids=["unknown card", "a card missing", "a card twice"],
)
def test_a_bad_deal_is_refused_precisely_and_changes_nothing(game: str, edit, says: str) -> None:
    table, tool = teacher(game)
    before, svg = table.shown, table.board.svg
    tool.deal.value = edit(tool.deal.value)
    assert not tool.rig() and not tool.use_now()
    assert says in unescape(tool.note.value) and "Not done" in tool.note.value
    assert table.rigged is None and table.shown is before and table.board.svg == svg


def test_a_rigged_outcome_that_does_not_fit_falls_back_to_a_fair_one() -> None:
    table, _tool = teacher("michigan", seed=2)
    bot = engine.make_bot("michigan", "random", seed=0)
    while not table.paused:
        table.act(bot.choose(table.shown))
    k = len(table.shown.history)
    table.rigged = engine.Shuffle(table.shown.history[0].cards[1:])  # a card short
    table.continue_button.click()
    assert table.shown.history[k] == table.shown.at(k).sample_chance()  # the fair deal
    assert "a fair one was used" in table.message.value and table.rigged is None


@pytest.mark.parametrize("game", GAMES)
def test_undo_takes_back_the_last_human_action(game: str) -> None:
    table, tool = teacher(game)
    if game == "india":
        assert not tool.undo() and "nothing to undo" in tool.note.value
        table.throw(Throw(5, 3))
    before = table.shown
    assert table.human_to_act() == 0
    table.act(before.legal_actions()[0])
    assert len(table.shown.history) > len(before.history)
    assert tool.undo()
    assert table.shown == before and table.human_to_act() == 0
    assert "Undone" in tool.note.value and table.log_lines[-1].startswith("Teacher: undo")


def test_the_tool_reads_back_plainly() -> None:
    _table, tool = teacher("india")
    tool.outcome.value = Throw(6, 6)
    tool.rig()
    assert repr(tool) == "TeacherTools(on=True, every_hand=False, rigged='throw 6-6')"
