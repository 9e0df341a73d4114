"""Every message from the page is checked against what the seat at the screen could click now,
for all five games, at the message level (the messages a student could forge from the
browser's console, sent through the widgets' own handlers):

- an exam table has no teacher power at all (no Teacher mode, nothing on the page reaches
  one), no coach, no hint, no branch, no load, and no new game before the end;
- a board click without its move number is stale; an unknown or malformed one, or one on a
  spot the picture does not offer, is refused with a note and never raises;
- while the hot-seat screen is covered, nothing about the next player (hint, review, a look
  back) reaches the page, whatever is clicked.
"""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from page import change, click, click_board, page_text, play_one, widgets_of

import engine
from tabletop_widgets import TABLES, gate
from tabletop_widgets.coaching import Coaching
from tabletop_widgets.hotseat import HotSeat
from tabletop_widgets.render.svg import TEACHER_BANNER
from tabletop_widgets.replay import ReplayBar
from tabletop_widgets.saves import SaveLoad
from tabletop_widgets.teacher import TeacherTools

GAMES = sorted(engine.GAMES)
SHORT = {"michigan": {"deals": 1}, "rupees": {"target": 100_000}}
"""Options that end a game soon."""
TEACHER_CONTROLS = {"Teacher mode", "Show every hand", "Rig the next one", "Use it now", "Undo"}


def tool(table, kind):
    return next(w for w in table.tools.children if isinstance(w, kind))


def finished(game: str, seed: int = 2) -> engine.State:
    """A game played to its end by bots."""
    s = engine.new_game(game, seed=seed, **SHORT.get(game, {}))
    return engine.play(s, [engine.make_bot(game, "basic", seed=k) for k in range(s.num_players)])


def untouched(table) -> tuple:
    """What a refused message must leave as it was."""
    return table.latest, table.board.svg, list(table.log_lines), table.reveal, table.rigged


# ---------------------------------------------------------------- exam tables


@pytest.mark.parametrize("game", GAMES)
def test_an_exam_table_has_no_teacher_power_and_no_message_reaches_one(game):
    table = TABLES[game](seed=3, humans=(0,), exam=True, **SHORT.get(game, {}))
    assert not any(isinstance(w, TeacherTools) for w in widgets_of(table))
    assert not TEACHER_CONTROLS & {getattr(w, "description", "") for w in widgets_of(table)}
    with pytest.raises(ValueError, match="teacher"):
        table.reveal = True
    with pytest.raises(ValueError, match="teacher"):
        table.rigged = engine.Shuffle(())
    before = untouched(table)
    for intent in ("reveal", "rig", "undo", "teacher", "save", "load", "new-game:1"):
        click_board(table, intent)
        assert untouched(table) == before and "nothing happens" in table.board.status
    click_board(table, "new-game")  # mid-game: no hand is thrown away
    assert untouched(table) == before and "once this one is over" in table.board.status
    assert not table.new_game() and untouched(table) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_control_an_exam_page_holds_clicked_gives_no_teacher_power(game):
    """Each button clicked and each toggle switched on by message, shown or not: the game only
    ever goes forward by the rules, no hand turns face up, no coach or hint speaks."""
    table = TABLES[game](seed=3, humans=(0,), exam=True, **SHORT.get(game, {}))
    start = table.latest
    for w in list(widgets_of(table)):
        if isinstance(w, widgets.ToggleButton):
            change(w, value=True)
        elif isinstance(w, widgets.Button):
            click(w)
        game_now = table.latest
        assert game_now.seed == start.seed and game_now.history.startswith(start.history)
        assert not table.reveal and table.rigged is None and not table.coach_toggle.value
        text = page_text(table)
        assert TEACHER_BANNER not in text and "Hint:" not in text
        assert table.coach.value == ""
    assert not any(line.startswith(("Teacher:", "Branch", "New game")) for line in table.log_lines)


@pytest.mark.parametrize("game", GAMES)
def test_an_exam_table_loads_nothing_saves_only_the_end_and_never_shows_its_seed(game):
    table, other = (secret_exam_table(game) for _ in range(2))
    seed = table.latest.seed
    assert seed != other.latest.seed  # drawn from the operating system, not 0
    saves = tool(table, SaveLoad)
    assert not saves.files.loads and saves.files.name == "" and saves.files.not_now
    assert str(seed) not in repr(table) + page_text(table)
    sent: list = []
    saves.files.send = sent.append
    before = untouched(table)
    saves.files._handle_custom_msg({"save": True}, [])
    saves.files._handle_custom_msg({"load": {"name": "a.json"}}, [table.latest.to_json().encode()])
    saves.files._handle_custom_msg({"too_big": {"name": "big.json", "size": 10**9}}, [])
    assert not sent and untouched(table) == before
    assert "Not loaded: an exam table loads no game" in saves.note.value
    change(saves.files, loads=True, not_now="", name="x.json")  # the page sets none of these
    assert not saves.files.loads and saves.files.not_now and saves.files.name == ""

    over = finished(game)
    end = TABLES[game](over, humans=(0,), exam=True)
    saves = tool(end, SaveLoad)
    saves.files.send = sent.append
    saves.files._handle_custom_msg({"save": True}, [])
    assert [m["download"]["name"] for m in sent] == [saves.files.name]
    assert engine.from_json(sent[0]["download"]["text"]) == over
    click_board(end, "new-game")  # over: a new game, on a new secret seed
    assert end.latest.history != over.history and end.latest.seed != over.seed + 1


def secret_exam_table(game: str):
    """An exam table on a secret seed whose game is not over before the human acts (a bot
    may end a deal of rummy at once, by dropping)."""
    for _ in range(20):
        table = TABLES[game](humans=(0,), exam=True, **SHORT.get(game, {}))
        if not table.latest.is_terminal():
            return table
    raise AssertionError("20 games over before the human's first move")


def test_an_exam_table_has_no_coach_hint_or_branch_whatever_the_page_sends():
    table = TABLES["rummy"](seed=4, humans=(0,), exam=True)
    assert table.coach_toggle.layout.display == "none"
    change(table.coach_toggle, value=True)
    assert not table.coach_toggle.value and table.coach.value == ""
    assert "no coach at an exam table" in table.board.status
    coaching = tool(table, Coaching)
    click(coaching.hint_button)
    assert coaching.line.value == "" and "Hint is not available now" in table.board.status
    replay = tool(table, ReplayBar)
    click(replay.back)
    assert table.looking_back and replay.branch.layout.display == "none"
    looked = table.shown
    click(replay.branch)
    replay.play_on()
    assert table.looking_back and table.shown is looked  # no branch: no move taken back
    with pytest.raises(ValueError, match="not both"):
        TABLES["rummy"](exam=True, teacher=True)
    with pytest.raises(ValueError, match="teacher is True or False"):
        TABLES["rummy"](teacher=1)


# ---------------------------------------------------------------- the board's messages

JUNK = [
    "junk",
    None,
    [1, 2],
    {"intent": 5, "move": 0},
    {"intent": ["card:1"], "move": 0},
    {"intent": "card:" + "1" * 4300, "move": 0},  # once raised in the message handler
    {"intent": "digit:" + "9" * 4300, "move": 0},
    {"intent": "move:1:" + "1" * 5000, "move": 0},
    {"intent": "x" * 100_000, "move": 0},
    {"intent": "card:\ud800", "move": 0},
    {"intent": "piece:٣", "move": 0},  # a digit, but not an ASCII one
    {"intent": "card:-1", "move": 0},
    {"intent": "new-game", "move": 0, "also": "undo"},
    {"intent": "", "move": 0},
    {"move": 0},
]
"""Messages no board sends (``move`` is replaced by the move on the table)."""


def student(game: str, **kw):
    return TABLES[game](seed=3, humans=(0,), **SHORT.get(game, {}), **kw)


@pytest.mark.parametrize("game", GAMES)
def test_malformed_and_unknown_clicks_are_refused_with_a_note_never_an_exception(game):
    table = student(game)
    before = untouched(table)
    for content in JUNK:
        if isinstance(content, dict) and "move" in content:
            content = {**content, "move": len(table.shown.history)}
        table.board.status = ""
        table.board._handle_custom_msg(content, [])  # raises nothing
        assert untouched(table) == before, content
        assert 'class="tt-note"' in table.board.status, content


@pytest.mark.parametrize("game", GAMES)
def test_a_click_without_its_move_number_is_stale(game):
    table = student(game)
    spot = (gate_spots(table) or well_formed(table))[0]
    before = untouched(table)
    for move in (None, "0", True, 1.0, len(table.shown.history) + 1):
        click_board(table, spot, move=move)
        assert untouched(table) == before
        assert "look again" in table.board.status, move


@pytest.mark.parametrize("game", GAMES)
def test_a_well_formed_click_on_a_spot_the_picture_does_not_offer_is_refused(game):
    table = student(game)
    offered = set(gate_spots(table))
    others = [i for i in well_formed(table) if i not in offered]
    assert others
    before = untouched(table)
    for intent in others:
        click_board(table, intent)
        assert untouched(table) == before and "nothing happens" in table.board.status, intent


@pytest.mark.parametrize("game", GAMES)
def test_new_game_only_once_the_game_is_over(game):
    table = student(game)
    before = untouched(table)
    click_board(table, "new-game")
    assert untouched(table) == before and "once this one is over" in table.board.status
    end = finished(game)
    done = TABLES[game](end, humans=(0,))
    assert 'data-intent="new-game"' in done.board.over
    click_board(done, "new-game", move=len(end.history) - 1)  # on an earlier picture
    assert done.latest == end
    click_board(done, "new-game")
    assert done.latest.seed == end.seed + 1 and "New game" in done.log_lines


def test_the_page_changes_only_what_it_reports_on_the_board():
    table = student("plates")
    svg, move, pace = table.board.svg, table.board.move, table.board.pace
    change(table.board, svg="<svg/>", move=99, pace=0, over="x", seen=move, playing=True)
    assert (table.board.svg, table.board.move, table.board.pace, table.board.over) == (
        svg,
        move,
        pace,
        "",
    )
    assert table.board.seen == move and table.board.playing


@pytest.mark.parametrize("teacher", [False, True])
@pytest.mark.parametrize("game", GAMES)
def test_every_button_of_a_table_goes_through_the_gate(game, teacher):
    table = TABLES[game](seed=1, humans=(0, 1), teacher=teacher)
    cover = tool(table, HotSeat).show_button
    buttons = [w for w in widgets_of(table) if isinstance(w, widgets.Button) and w is not cover]
    assert buttons
    for button in buttons:
        handlers = button._click_handlers.callbacks
        assert handlers and all("Table.press" in h.__qualname__ for h in handlers), button


def gate_spots(table) -> list[str]:
    """The intents of the spots the board's picture offers now."""
    return re.findall(r'data-intent="([^"]+)"', table.board.svg)


def well_formed(table) -> list[str]:
    """Intents of this table's kinds that pass the gate's reading."""
    candidates = {
        "plates": [f"digit:{d}" for d in range(10)],
        "india": ["enter"]
        + [f"piece:{i}" for i in range(4)]
        + [f"move:{i}:{k}" for i in range(4) for k in range(1, 13)],
        "michigan": [f"card:{c}" for c in engine.cards.standard_deck()],
        "rummy": [f"card:{k}" for k in range(20)] + ["draw:stock", "draw:open", "discard"],
        "rupees": [f"card:{code}" for code in engine.rupees.CARDS],
    }[table.game]
    out = []
    for intent in candidates:
        try:
            gate.read({"intent": intent, "move": 0}, table.INTENTS)
        except gate.Refused:
            continue
        out.append(intent)
    return out


# ---------------------------------------------------------------- hot seat


def covered(game: str):
    """A two-human table just covered to pass the screen; the HotSeat tool."""
    table = TABLES[game](seed=2, humans=(0, 1), **SHORT.get(game, {}))
    hot = tool(table, HotSeat)
    bot = engine.make_bot(game, "basic", seed=5)
    for _ in range(300):
        if hot.due is not None:
            return table, hot
        play_one(table, bot)
    raise AssertionError("no cover in 300 steps")


@pytest.mark.parametrize("game", GAMES)
def test_while_the_screen_is_covered_nothing_of_the_next_player_reaches_the_page(game):
    table, hot = covered(game)
    nxt = hot.due
    coaching, replay, saves = tool(table, Coaching), tool(table, ReplayBar), tool(table, SaveLoad)
    before = untouched(table)
    click(coaching.hint_button)  # the hidden Hint: once sent the next player's hint
    click(coaching.review_button)
    for button in (replay.first, replay.back, replay.latest):
        click(button)
    change(replay.slider, value=0)
    change(table.coach_toggle, value=True)
    for spot in well_formed(table)[:5]:
        click_board(table, spot)
    saves.files._handle_custom_msg({"load": {"name": "x.json"}}, [table.latest.to_json().encode()])
    assert table.covered and hot.due == nxt and not table.looking_back
    assert untouched(table)[0] == before[0] and table.log_lines == before[2]
    assert coaching.line.value == "" and coaching.panel.layout.display == "none"
    assert replay.slider.value == len(table.latest.history)
    assert "covered" in replay.where.value and table.coach.value == ""
    assert "Hint:" not in page_text(table) and "screen is covered" in table.board.status
    click(hot.show_button)  # the next player takes the screen: now the hint is theirs
    assert not table.covered and table.viewer == nxt
    click(coaching.hint_button)
    assert "Hint:" in coaching.line.value or "Throw the dice first" in coaching.line.value
