"""The board answers the page's numbered pings (the page says "Waiting for the notebook's
running cells…" until the answer comes), and nothing else follows from one."""

from __future__ import annotations

from tabletop_widgets.board import Board


def sent_by(board: Board) -> list[object]:
    sent: list[object] = []
    board.send = sent.append  # type: ignore[method-assign]
    return sent


def test_a_ping_is_answered_with_its_number_and_is_no_intent():
    messages: list[object] = []
    board = Board(on_message=messages.append)
    sent = sent_by(board)
    board._receive(board, {"ping": 7}, [])
    assert sent == [{"pong": 7}]
    assert messages == []  # the table never sees it
    board._receive(board, {"intent": "bid", "move": 3}, [])
    assert messages == [{"intent": "bid", "move": 3}] and sent == [{"pong": 7}]


def test_a_ping_without_a_whole_number_gets_no_answer():
    messages: list[object] = []
    board = Board(on_message=messages.append)
    sent = sent_by(board)
    for bad in ("7", 7.0, True, None, [1]):
        board._receive(board, {"ping": bad}, [])
    assert sent == [] and messages == []
