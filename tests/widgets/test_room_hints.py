"""Hints in a room: off unless the teacher allows them; allowed, each game's expert advises a
seat from what its table holds (its view and legal actions: a ``SeatGame``), and the teacher's
change reaches a table already playing."""

from __future__ import annotations

import pytest
from room_play import ONLOOKER, Played

from tabletop_widgets.coaching import Coaching

GAMES = [("plates", 3), ("rupees", 4), ("india", 2), ("michigan", 3), ("rummy", 2)]


def coaching(table) -> Coaching:
    return next(tool for tool in table.tools.children if isinstance(tool, Coaching))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_hint_from_what_the_seat_was_told(game, players):
    played = Played(game, players, bots={1: "basic"}, seed=2, hints=True)
    seat = played.room.state.current_player
    table = played.tables[seat]
    coach = coaching(table)
    assert coach.hint_button.layout.display != "none"
    said = coach.hint()
    assert said.startswith("<b>Hint:</b>"), said
    assert not any(isinstance(tool, Coaching) for tool in played.tables[ONLOOKER].tools.children)


def test_no_hint_unless_the_teacher_allows_it_then_at_once():
    played = Played("plates", 3, bots={1: "basic"}, seed=2)
    table = played.tables[0]
    assert coaching(table).hint_button.layout.display == "none"
    assert coaching(table).hint() == "No hints at this table."
    played.room.hints = True  # the teacher's change: the server sends every seat its table
    table.source.receive(played.room.table(0))
    assert coaching(table).hint_button.layout.display != "none"
    assert coaching(table).hint().startswith("<b>Hint:</b>")
