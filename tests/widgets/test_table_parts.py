"""The parts a table is made of, each on its own: the gate's readers, the move log, the confirm
bar and the board's words."""

from __future__ import annotations

import pytest

from tabletop_widgets import gate
from tabletop_widgets.confirm import ConfirmBar
from tabletop_widgets.movelog import MoveLog
from tabletop_widgets.present import over_html, recent_title, status_html

REFUSED = object()


@pytest.mark.parametrize(
    ("reader", "arg", "value"),
    [
        (gate.number(10), "7", 7),
        (gate.number(10), "10", REFUSED),
        (gate.number(10), "٣", REFUSED),  # a digit, not an ASCII one
        (gate.number(10), "-1", REFUSED),
        (gate.number(100), "9" * 4300, REFUSED),  # once raised deep in int()
        (gate.numbers(2, 100), "1:12", (1, 12)),
        (gate.numbers(2, 100), "1:12:3", REFUSED),
        (gate.one_of(("stock", "open")), "open", "open"),
        (gate.one_of({"a": 1}), "b", REFUSED),
        (gate.nothing, "", None),
        (gate.nothing, "x", REFUSED),
    ],
)
def test_the_readers_take_their_argument_or_raise_a_value_error(reader, arg, value):
    if value is REFUSED:
        with pytest.raises(ValueError):
            reader(arg)
    else:
        assert reader(arg) == value


def test_the_move_log_keeps_each_seats_lines_and_since_its_own_move():
    log = MoveLog((0, 2))
    log.add(1, None, {0: ["dealt"], 2: ["dealt"]})
    assert log.since_own(0, 1) == (False, ["dealt"])  # before a first move: "So far"
    log.add(2, 0, {0: ["You bid"], 2: ["Player 0 bids"]})
    log.add(3, 1, {0: ["Bot 1 passes"], 2: ["Bot 1 passes"]})
    assert log.since_own(0, 3) == (True, ["You bid", "Bot 1 passes"])
    assert log.since_own(0, 2) == (True, ["You bid"])  # looking back at move 2
    assert log.lines(2) == ["dealt", "Player 0 bids", "Bot 1 passes"] and log.last(2) == [
        "Bot 1 passes"
    ]
    log.keep(1)
    log.note(1, "Branch")
    assert log.lines(0) == ["dealt", "Branch"] and repr(log) == "MoveLog(2 steps)"


def test_the_confirm_bar_asks_then_does_once_and_cancel_does_nothing():
    done: list[str] = []
    bar = ConfirmBar(lambda button, do, acts=True: button.on_click(lambda _b: do()))
    bar.yes.click()  # nothing asked: nothing done
    bar.ask("It costs 20 points", "Drop", lambda: done.append("drop"))
    assert bar.asking and bar.yes.description == "Drop" and "20 points" in bar.question.value
    bar.no.click()
    assert not bar.asking and bar.question.value == "" and done == []
    bar.ask("It costs 20 points", "Drop", lambda: done.append("drop"))
    bar.yes.click()
    bar.yes.click()  # a double click
    assert done == ["drop"] and repr(bar) == "ConfirmBar(closed)"


def test_the_boards_words():
    assert status_html("You to move", "look again") == (
        '<b>You to move</b> <span class="tt-note">(look again)</span>'
    )
    assert status_html("", "covered") == '<span class="tt-note">(covered)</span>'
    assert recent_title("You", True, ["x"]) == "Since your last move"
    assert recent_title("Player 1", True, []) == "Since Player 1's last move"
    assert (recent_title("You", False, ["x"]), recent_title("You", False, [])) == ("So far", "")
    box = over_html(["You"], [("You", "$310"), ("Bot 1", "$290")])
    assert "Game over: You win." in box and 'data-intent="new-game"' in box
    assert "Game over: Nobody wins." in over_html([], [])
