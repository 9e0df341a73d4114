"""A plates room played round after round through its tables' own controls (the digit
picker, Bid, Challenge, Agree, Cancel round, Continue), as two students click them in turn:
whenever a student's table says it is their move, the controls for exactly the moves the room
allows are enabled (issue 36: in round 2 a mover's digits were all disabled)."""

from __future__ import annotations

import random

import pytest
from room_play import Played

from engine.plates import Bid

STUDENTS = (0, 1)


def enabled_moves(table) -> dict[str, bool]:
    panel = table.panel
    return {
        "digits": not panel.digit.disabled,
        "bid": not panel.bid.disabled,
        "challenge": not panel.challenge.disabled,
        "agree": not panel.agree.disabled,
        "cancel": not panel.cancel.disabled,
    }


def click_a_move(table, rng: random.Random) -> None:
    """A student's click: an answer, or a digit of their own plate and Bid."""
    panel = table.panel
    answers = [b for b in (panel.challenge, panel.agree, panel.cancel) if not b.disabled]
    if answers and (panel.bid.disabled or rng.random() < 0.7):
        rng.choice(answers).click()
        return
    plate = table.shown.view(table.humans[0])["my_plate"]["number"]
    table.on_intent(f"digit:{rng.choice(plate)}")
    if panel.bid.disabled:  # no count beats the standing bid for that digit: another one
        panel.digit.value = next(
            d
            for d in range(10)
            if any(a.digit == d for a in table.shown.legal_actions() if isinstance(a, Bid))
        )
    panel.bid.click()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_round_the_mover_may_move(seed):
    played = Played("plates", 3, bots={2: "basic"}, seed=seed)
    room, rng = played.room, random.Random(seed)
    for table in played.tables.values():
        table.board.seen = 0  # a page shows each table: frames are drawn, clicks gated
    while room.state.round < 4 and not room.state.is_terminal():
        for table in played.tables.values():
            table.board.seen = table.board.move  # each page has drawn the game as it stands
        seat = rng.choice(STUDENTS)
        table = played.tables[seat]
        if table.paused:
            assert "Continue" in table.board.status
            table.continue_button.click()
            continue
        moves = enabled_moves(table)
        if room.state.current_player != seat:
            assert not any(moves.values()), (room.state.round, seat, moves)
            assert "You to move" not in table.board.status
            continue
        assert "You to move" in table.board.status, (room.state.round, table.board.status)
        bids = any(isinstance(a, Bid) for a in room.state.legal_actions())
        assert moves["digits"] == bids, (room.state.round, seat, moves)
        moved = len(room.state.history)
        click_a_move(table, rng)
        assert len(room.state.history) > moved, table.message.value
    assert room.state.round >= 4 or room.state.is_terminal()
