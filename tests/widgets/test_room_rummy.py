"""Rummy's table in a room (``tabletop_widgets.classplay.remote``): every seat's table plays
whole deals from the server's messages and draws what a local table draws; a seat's table and the
projector's show nothing of the cards they cannot see; the hand's groups stay the player's own.
"""

from __future__ import annotations

import pytest
from no_leak import record, twins
from room_checks import board, finished, refusals, rooms_along, same_picture
from room_play import ONLOOKER, Played

from engine import Shuffle
from engine.rummy import Discard, Draw


def suit_order(table) -> None:
    """Both tables' hands laid out alike (the groups are each player's own)."""
    table.sort()


@pytest.mark.parametrize(
    ("players", "bots", "seed"),
    [(2, {}, 1), (3, {1: "basic"}, 2), (4, {1: "basic", 2: "random"}, 3)],
)
def test_whole_deals_in_a_room(players, bots, seed):
    played = Played("rummy", players, bots=bots, seed=seed)
    played.play(before=lambda seat: same_picture(played, seat, suit_order))
    finished(played)


def deals(players: int, seeds: range) -> list:
    """Recorded deals with no reshuffle of the stock (a room throws its own chance)."""
    out = []
    for seed in seeds:
        end = record("rummy", players, seed)
        if not any(isinstance(a, Shuffle) for a in end.history[2:]):
            out.append(end)
    return out


@pytest.mark.parametrize("seat", [0, None])
def test_twin_rooms_show_a_seat_the_same_table(seat):
    """Two rooms whose deals differ only in cards ``seat`` never sees (None: the onlooker,
    who sees what every player sees) show its table the same, move after move, until the
    deal is over and every card shows."""
    compared = 0
    for end in deals(3, range(1, 4)):
        for twin in list(twins(end, seat=seat, seed=end.seed))[:1]:
            pairs = zip(rooms_along(end, 2, seat), rooms_along(twin, 2, seat), strict=True)
            for k, (a, b) in enumerate(pairs):
                if a.shown.is_terminal():
                    break
                assert board(a) == board(b), f"seed {end.seed}, move {k + 2}"
                assert a.message.value == b.message.value
                compared += 1
    assert compared > 20


def test_refusals_leave_the_tables_as_they_were():
    played = Played("rummy", 2, seed=5)
    seat = played.room.state.current_player
    refusals(played, Discard(played.room.state.hands[seat][0]))  # before a draw


def test_the_projectors_table_shows_no_hand():
    played = Played("rummy", 3, bots={1: "basic"}, seed=6)
    watch = played.tables[ONLOOKER]
    assert "<svg" in watch.board.svg and "count" not in watch.board.svg
    assert watch.cards_in_order() == [] and watch.sort_suit.disabled
    played.play()
    assert watch.board.label == "every hand revealed"


def test_the_groups_stay_while_the_others_play():
    """A seat's groups are its own screen's: its moves and the others' keep them."""
    played = Played("rummy", 2, bots={1: "basic"}, seed=8)
    table = played.tables[0]
    table.selected = [0, 1]
    table.group()
    made = [list(g) for g in table.groups]
    assert table.act(Draw("stock"))
    table.selected = [len(table.cards_in_order()) - 1]  # the card just drawn
    assert table.discard_selected()
    assert played.room.state.current_player == 0 and len(played.room.state.history) > 4
    assert table.groups == made
