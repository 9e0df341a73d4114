"""India, rule by rule (docs/rules.md §4, seed 003): scripted throws on positions set by hand.

Positions are set with the ``start`` option in the position notation (``c`` corner, a track
square, ``r1``-``r7`` red path, ``h`` home; seats separated by ``/``). Two players sit on
sides 0 and 2: seat 0 enters on square 4 and turns up its red path at 67; seat 1 enters on 38
and turns at 33. Throws are rigged by applying ``Throw(a, b)``.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine import CHANCE, IllegalAction
from engine.india import (
    ALL_THROWS,
    CORNER,
    HOME,
    Enter,
    IndiaState,
    IndiaView,
    Move,
    Throw,
    entry_square,
    parse_position,
    turn_square,
)
from engine.india.rules import Position, _singles, options, stands_for


def game(start: str | None = None, players: int = 2, **options) -> IndiaState:
    extra = {"start": start} if start else {}
    return engine.new_game("india", players=players, **extra, **options)


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state


def legal(state) -> set:
    return set(state.legal_actions())


def refused(state, action, words: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=words):
        state.apply(action)
    assert state.to_json() == before


# ---------------------------------------------------------------- the board


def test_parcheesi_geometry():
    assert [entry_square(k) for k in range(4)] == [4, 21, 38, 55]
    assert [turn_square(k) for k in range(4)] == [67, 16, 33, 50]
    s = game("66 c c c / c c c c")
    s = play(s, Throw(2, 1))  # 66 + 2 goes up seat 0's own red path, never on to square 0
    s = play(s, Move(0, 2))
    assert s.position().split(" / ")[0] == "r1 c c c"


def test_two_players_sit_opposite_and_turns_go_left():
    assert game().sides == (0, 2)
    s = game(players=3)
    turns = []
    for _ in range(3):
        turns.append(s.turn)
        s = play(s, Throw(6, 4))  # no 5: the turn is lost
    assert turns == [0, 1, 2]
    assert game(players=4, first_player=2).turn == 2


def test_position_notation_is_checked():
    assert parse_position("c 4 r7 h / 38 c c c", 2) == ((CORNER, 0, 70, HOME), (0, -1, -1, -1))
    with pytest.raises(ValueError, match="not on the route"):
        game("2 c c c / c c c c")  # squares 0-3 lie behind seat 0's entry square
    with pytest.raises(ValueError, match="at most two"):
        game("10 10 c c / 10 c c c".replace("10 c c c", "c c c c"), players=2) and game(
            "10 10 c c / c c c c / 10 c c c", players=3
        )
    with pytest.raises(ValueError, match="two opposing"):
        game("10 c c c / 10 c c c")
    with pytest.raises(ValueError, match="home already"):
        game("h h h h / c c c c")
    with pytest.raises(ValueError, match="four pieces"):
        game("c c c / c c c c")


# ---------------------------------------------------------------- entering


def test_enter_on_a_five_then_move_with_the_other_die():
    s = play(game(), Throw(5, 3))
    assert legal(s) == {Enter()}
    s = play(s, Enter())
    assert s.pieces[0] == (0, CORNER, CORNER, CORNER)
    assert legal(s) == {Move(0, 3)}  # the other die moves the new piece (the only one out)
    s = play(s, Move(0, 3))
    assert s.position() == "7 c c c / c c c c" and s.turn == 1


def test_the_other_die_may_move_another_piece():
    s = play(game("20 c c c / c c c c"), Throw(3, 5))
    s = play(s, Enter())
    assert legal(s) == {Move(0, 3), Move(1, 3)}


@pytest.mark.parametrize("throw", [Throw(1, 4), Throw(4, 1), Throw(2, 3), Throw(3, 2)])
def test_enter_on_a_total_of_five_uses_both_dice(throw):
    s = play(game(), throw, Enter())
    assert s.pieces[0][0] == 0 and s.current_player == CHANCE and s.turn == 1


def test_no_five_loses_the_turn_even_on_doubles():
    s = play(game(), Throw(6, 6))
    assert s.current_player == CHANCE and s.turn == 1
    assert s.pieces == game().pieces


def test_five_five_enters_two_and_throws_again():
    s = play(game(), Throw(5, 5), Enter(), Enter())
    assert s.pieces[0] == (0, 0, CORNER, CORNER)  # two pieces form a blockade on the entry
    assert s.current_player == CHANCE and s.turn == 0


def test_five_five_may_move_a_piece_instead():
    s = play(game("20 c c c / c c c c"), Throw(5, 5))
    assert legal(s) == {Enter(), Move(0, 5), Move(0, 10)}


def test_no_entering_onto_an_opponent_or_a_blockade():
    s = play(game("c c c c / 4 c c c"), Throw(5, 2))  # seat 1's piece rests on seat 0's entry
    assert s.turn == 1 and s.current_player == CHANCE  # nothing to do: the turn is lost
    s = play(game("4 4 c c / c c c c"), Throw(5, 1))
    assert Enter() not in legal(s)
    refused(s, Enter(), "blockade")


# ---------------------------------------------------------------- moving


def test_a_piece_moves_by_each_die_or_by_the_total_never_part_of_a_die():
    s = play(game("10 c c c / c c c c"), Throw(3, 4))
    assert legal(s) == {Move(0, 3), Move(0, 4), Move(0, 7)}
    refused(s, Move(0, 2), "never part of a die")
    s = play(s, Move(0, 4))
    assert legal(s) == {Move(0, 3)}
    refused(s, Move(0, 4), "never part of a die")


def test_pieces_together_give_one_move_the_lower_numbered_pieces():
    """Two pieces standing together move the same: the move is listed once, as the
    lower-numbered piece's, and naming the other piece is refused with the reason (the table
    turns a click on either piece into the listed move)."""
    s = play(game("10 10 c c / c c c c"), Throw(3, 4))
    assert {Move(0, 3), Move(0, 4), Move(0, 7)} <= legal(s)
    assert not any(isinstance(a, Move) and a.piece == 1 for a in legal(s))
    refused(
        s,
        Move(1, 3),
        r"pieces 0 and 1 stand together and move the same: the move is "
        r"piece 0's \(piece 0 moves 3\)",
    )
    refused(s, Move(1, 5), "never part of a die")  # the dice's rule comes first
    t = play(s, Move(0, 3))
    assert t.pieces[0][:2] == (9, 6)  # squares 13 and 10
    assert stands_for(t.pieces[0], 1) == 1 and stands_for(s.pieces[0], 1) == 0


def test_exact_count_into_the_centre():
    s = play(game("r5 20 c c / c c c c"), Throw(6, 3))  # the seed's example: fifth red space
    assert Move(0, 3) in legal(s)
    refused(s, Move(0, 6), "exact count")
    s = play(s, Move(0, 3))
    assert s.pieces[0][0] == HOME


def test_the_centre_by_the_total():
    s = play(game("r5 h h 20 / c c c c"), Throw(1, 2))
    assert Move(0, 3) in legal(s)
    s = play(s, Move(0, 3))
    assert s.pieces[0][0] == HOME


def test_passing_into_the_red_path_needs_no_exact_count():
    s = play(game("60 c c c / c c c c"), Throw(6, 6))
    s = play(s, Move(0, 12))
    assert s.position().startswith("r5")


def test_a_player_must_use_the_whole_throw_when_he_can():
    # piece 0 on 10, piece 1 two from home, seat 1's blockade on 14. Throw 2-3: piece 1 by 2
    # and piece 0 by 3 uses it all; piece 0 by 2 first would leave the 3 unusable.
    s = play(game("10 r6 h h / 14 14 c c"), Throw(2, 3))
    assert legal(s) == {Move(1, 2), Move(0, 3)}
    refused(s, Move(0, 2), "as much of the throw")
    s = play(s, Move(0, 3))
    assert legal(s) == {Move(1, 2)}


def test_when_the_whole_throw_cannot_be_used_any_one_die_may_be():
    s = play(game("r4 h h h / c c c c"), Throw(2, 3))  # four from home: 2+3 does not fit
    assert legal(s) == {Move(0, 2), Move(0, 3)}
    s = play(s, Move(0, 3))
    assert s.current_player == CHANCE and s.turn == 1


def test_the_whole_throw_means_both_dice_if_possible():
    s = play(game("r4 h h h / c c c c"), Throw(1, 2))
    assert legal(s) == {Move(0, 1), Move(0, 2), Move(0, 3)}


# ---------------------------------------------------------------- capturing and safety


def test_capture_on_a_white_square_sends_the_piece_to_its_corner():
    s = play(game("10 c c c / 13 c c c"), Throw(3, 6))
    s = play(s, Move(0, 3))
    assert s.pieces[1][0] == CORNER and s.pieces[0][0] == 9
    assert s.legal_options() and all(o.captured is None for o in s.legal_options())


def test_no_capture_on_blue_and_no_two_colours_there_but_passing_is_fine():
    s = play(game("10 c c c / 11 c c c"), Throw(1, 6))
    refused(s, Move(0, 1), "blue safety square held by another colour")
    assert Move(0, 6) in legal(s)  # passes the blue square 11
    s = play(s, Move(0, 6))
    assert s.pieces[1][0] != CORNER


def test_no_capture_on_a_red_path():
    s = play(game("r2 c c c / 30 c c c"), Throw(2, 2))  # seat 1 never enters seat 0's red path
    assert all(o.captured is None for o in s.legal_options())


def test_a_blockade_cannot_be_passed_or_landed_on_by_anyone():
    s = play(game("10 c c c / 14 14 c c"), Throw(6, 3))
    refused(s, Move(0, 6), "blockade on square 14 cannot be passed")
    s = play(game("10 c c c / 14 14 c c"), Throw(4, 1))
    refused(s, Move(0, 4), "square 14 holds a blockade")
    s = play(game("10 14 14 c / c c c c"), Throw(6, 1))  # the owner's own blockade too
    refused(s, Move(0, 6), "cannot be passed")


def test_a_blockade_cannot_be_passed_by_a_total():
    s = play(game("10 c c c / 14 14 c c"), Throw(3, 3))  # 3 lands on 13; 3+3 would pass 14
    refused(s, Move(0, 6), "blockade on square 14")
    s = play(s, Move(0, 3))
    assert s.current_player == CHANCE and s.turn == 1  # the second 3 cannot be used


def test_two_pieces_form_a_blockade_on_blue_and_at_most_two_share_a_square():
    s = play(game("9 11 11 c / c c c c"), Throw(2, 6))
    refused(s, Move(0, 2), "blockade")
    s = play(game("9 11 c c / c c c c"), Throw(2, 6))
    assert Move(0, 2) in legal(s)


def test_a_player_must_break_his_own_blockade_when_nothing_else_moves():
    s = play(game("14 14 h h / c c c c"), Throw(1, 2))
    assert legal(s) == {Move(0, 1), Move(0, 2), Move(0, 3)}


# ---------------------------------------------------------------- doubles and winning


def test_doubles_throw_again():
    s = play(game("r2 20 c c / c c c c"), Throw(2, 2), Move(1, 2), Move(1, 2))
    assert s.current_player == CHANCE and s.turn == 0
    s = play(s, Throw(6, 6), Move(1, 6), Move(1, 6))
    assert s.turn == 0


def test_doubles_used_incompletely_give_no_rethrow():
    s = play(game("r4 h h h / c c c c"), Throw(3, 3), Move(0, 3))
    assert s.current_player == CHANCE and s.turn == 1


def test_the_first_home_with_all_four_wins():
    s = play(game("r6 h h h / 40 c c c"), Throw(1, 1), Move(0, 2))
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1, 0]
    assert "seat 0 won" in str(s)


def test_play_on_for_places():
    s = game("r6 h h h / r6 h h h / 40 c c c", players=3, play_on=True)
    s = play(s, Throw(1, 1), Move(0, 2))
    assert not s.is_terminal() and s.turn == 1
    s = play(s, Throw(1, 1), Move(0, 2))
    assert s.is_terminal() and s.finished == (0, 1, 2) and s.returns() == [2, 1, 0]


# ---------------------------------------------------------------- Partnership India


def test_partnership_needs_four():
    with pytest.raises(ValueError, match="four players"):
        game(partners=True)


def test_partners_form_a_blockade_together():
    s = game("14 c c c / 10 c c c / 14 c c c / c c c c", players=4, partners=True, first_player=1)
    s = play(s, Throw(6, 1))
    refused(s, Move(0, 6), "blockade on square 14")
    with pytest.raises(ValueError, match="two opposing"):
        game("14 c c c / 10 c c c / 14 c c c / c c c c", players=4)


def test_partners_never_capture_each_other_and_partner_turns_are_separate():
    s = game("10 c c c / c c c c / 13 c c c / c c c c", players=4, partners=True)
    s = play(s, Throw(3, 6), Move(0, 3))
    assert s.pieces[2][0] != CORNER and s.position().split(" / ")[0].startswith("13")
    assert s.turn == 0 and s.legal_actions() == [Move(0, 6)]


def test_a_partnership_wins_when_both_partners_are_home():
    s = game("h h h r6 / c c c c / h h h r6 / c c c c", players=4, partners=True)
    s = play(s, Throw(1, 1), Move(3, 2))
    assert not s.is_terminal() and s.winners() == []
    assert s.turn == 1  # seat 0 is home: no rethrow; seat 1 throws
    s = play(s, Throw(6, 4), Throw(1, 1), Move(3, 2))
    assert s.is_terminal() and s.winners() == [0, 2] and s.returns() == [1, 0, 1, 0]


def test_a_seat_whose_pieces_are_home_is_skipped():
    s = game("h h h r6 / c c c c / h h h r6 / c c c c", players=4, partners=True)
    s = play(s, Throw(1, 1), Move(3, 2), Throw(6, 4), Throw(6, 4), Throw(6, 4))
    assert s.turn == 1  # seats 1, 2 and 3 lost their throws; seat 0 is skipped


def test_returns_at_any_point_of_a_partnership_game():
    s = game(players=4, partners=True, seed=4)
    assert s.returns() == [0, 0, 0, 0]  # no team has finished: nobody ahead of anybody
    half = game("h h h r6 / c c c c / h h h r6 / c c c c", players=4, partners=True)
    half = play(half, Throw(1, 1), Move(3, 2))  # seat 0 home, his partner not yet
    assert half.finished == (0,) and half.returns() == [0, 0, 0, 0]
    end = engine.play(s, [engine.make_bot("india", "random", seed=k) for k in range(4)])
    for k in range(0, len(end.history) + 1, 97):
        assert end.at(k).returns() in ([0, 0, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1])
    assert sorted(end.returns()) == [0, 0, 1, 1]


# ---------------------------------------------------------------- the protocol


def test_chance_lists_the_36_ordered_throws():
    s = game()
    outcomes = s.chance_outcomes()
    assert [t for t, _ in outcomes] == list(ALL_THROWS) and len(set(ALL_THROWS)) == 36
    assert sum(p for _, p in outcomes) == 1
    assert play(s, Throw(5, 1)).chance_outcomes() is None


def test_wrong_kinds_of_action_are_refused():
    s = game()
    refused(s, Enter(), "dice must be thrown first")
    s = play(s, Throw(5, 2))
    refused(s, Throw(1, 1), "dice are thrown")
    refused(s, "enter", "not an India action")
    with pytest.raises(ValueError, match="1 to 6"):
        Throw(0, 7)
    with pytest.raises(ValueError, match="0 to 3"):
        Move(4, 2)


def test_actions_read_and_print():
    assert str(Throw(3, 5)) == "throw 3-5" and str(Enter()) == "enter"
    assert str(Move(2, 7)) == "piece 2 moves 7"
    assert eval(repr(Move(2, 7))) == Move(2, 7)


def test_a_set_position_saves_and_loads():
    s = play(game("10 r6 h h / 14 14 c c"), Throw(2, 3), Move(0, 3))
    again = engine.from_json(s.to_json())
    assert again == s and again.pieces == s.pieces and again.dice == s.dice


def test_view_is_the_whole_table_and_str_draws_it():
    s = play(game("10 r6 h h / 14 14 c c"), Throw(2, 3))
    v = s.view(1)
    assert v["squares"] == [["10", "r6", "h", "h"], ["14", "14", "c", "c"]]
    assert v["dice"] == [2, 3] and v["turn"] == 0
    assert set(v) == IndiaView.__required_keys__
    assert set(s.view(1, reveal=True)) == IndiaView.__required_keys__ | {"revealed"}
    assert "seat 0 to move, throw 2-3" in str(s)
    with pytest.raises(ValueError):
        s.view(2)


# ---------------------------------------------------------------- what every seat sees


def public_from_every_seat(state, action):
    """The one description every seat gets (India hides nothing)."""
    seen = {state.public(action, seat) for seat in range(state.num_players)}
    assert len(seen) == 1, seen
    return seen.pop()


def test_a_throw_is_the_throwers_and_says_a_lost_turn():
    s = game("10 h h h / 13 c c c", players=2)
    e = public_from_every_seat(s, Throw(3, 6))
    assert (e.seat, e.verb, e.what) == (0, "throw", "3-6")
    assert e.mark("throw") == (3, 6) and e.mark("lost") is None
    stuck = game("r7 h h h / 13 c c c", players=2)  # one from home: 2-2 cannot move it
    e = public_from_every_seat(stuck, Throw(2, 2))
    assert e.what == "2-2: no move uses it, the turn passes" and e.mark("lost") is True
    assert stuck.apply(Throw(2, 2)).turn == 1


def test_a_move_names_the_piece_its_path_and_a_capture():
    s = play(game("10 h h h / 13 c c c", players=2), Throw(3, 6))
    e = public_from_every_seat(s, Move(0, 3))
    assert (e.seat, e.verb, e.what) == (0, "move", "piece 0 by 3")
    assert e.mark("piece") == (0, 0) and e.mark("path") == (6, 9)
    assert e.mark("captured") == (1, 0, s.pieces[1][0])  # seat 1's piece 0, on its square 13
    home = play(game("r7 h h h / 13 c c c", players=2), Throw(1, 3))
    e = public_from_every_seat(home, Move(0, 1))
    assert e.what == "piece 0 by 1 into INDIA" and e.mark("path") == (70, 71)
    assert e.mark("captured") is None


def test_entering_names_the_piece_from_the_corner():
    s = play(game("c 20 c c / 40 c c c", players=2), Throw(5, 2))
    e = public_from_every_seat(s, Enter())
    assert (e.seat, e.verb, e.what) == (0, "enter", "piece 0")
    assert e.mark("piece") == (0, 0) and e.mark("path") == (CORNER, 0)


def test_a_stacked_piece_moves_as_listed_and_public_checks_the_seat():
    s = play(game("14 14 h h / c c c c", players=2), Throw(1, 2))
    e = public_from_every_seat(s, Move(0, 3))
    assert e.what == "piece 0 by 3" and e.mark("piece") == (0, 0)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="no seat"):
            s.public(Move(0, 3), seat)
    assert s.public(Move(1, 3), 0).what == "piece 1 moves 3"  # not a listed move: as written
    assert s.public(Move(0, 6), 0).what == "piece 0 moves 6"  # not a move of this throw


def fresh_options(pieces, seat, dice, sides, partners):
    """The legal moves by the rule's plain reading: every way to use a die or the total, then,
    with both dice unused, only the ways after which the other die can still be used (asked of
    a position built afresh), if any."""
    board = Position(pieces, sides, partners)
    first = list(_singles(board, seat, dice))
    if len(dice) < 2:
        return tuple(first)
    whole = []
    for o in first:
        left = list(dice)
        for d in o.used:
            left.remove(d)
        if not left or Position(o.pieces, sides, partners).can_use(seat, left[0]):
            whole.append(o)
    return tuple(whole or first)


def test_legal_moves_match_a_fresh_reading_of_the_rule_on_random_positions():
    """``options`` builds the position after a move from the one before (and remembers
    answers); on every throw of many random positions it agrees with the plain reading."""
    rng = random.Random(5)
    throws = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    checked = 0
    for seed in range(8):
        players = (2, 3, 4, 4)[seed % 4]
        s = engine.new_game("india", players=players, seed=seed, partners=seed % 4 == 3)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                for dice in throws:
                    args = (s.pieces, s.turn, dice, s.sides, s.partners)
                    assert options.__wrapped__(*args) == fresh_options(*args), (s.position(), dice)
                    checked += 1
                s = s.apply(s.sample_chance())
            else:
                s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 20_000
