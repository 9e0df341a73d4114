"""The Royal Game of India (Parker Brothers, 1940), as docs/rules.md §4 settles it.

A dice race on the Parcheesi board. Each player enters his four pieces on the blue square left
of his corner with a 5, takes them counter-clockwise round the 68-square track to the blue
square in front of him, up his own red path of seven squares, and by exact count into the
centre ("INDIA"). The first to bring all four home wins.

Rules (seed): two dice; move one piece by each die or one piece by the total, never splitting a
die. A 5 on a die, or a total of 5, enters a piece; 5-5 enters two. Landing by exact count on a
white square holding a single opposing piece sends it back to its corner. Blue squares are safe,
and never hold two colours. Two pieces of one player (or of partners) on a square form a
blockade nobody may pass or land on. Doubles throw again, unless the throw could not be used
completely. A player must use as much of the throw as he can; if he cannot move, he loses the
turn.

Board (decision: the Parcheesi geometry): squares 0-67 in the direction of play; side k's entry
square is ``17k + 4`` and its own blue square ``17k + 67 mod 68``. The turn passes to the left,
against the direction of play (seed), so seat 1 sits on side 3, seat 2 on side 2 and seat 3 on
side 1; two players sit opposite, on sides 0 and 2.
Decisions: no entering onto an opponent's piece or a blockade; at most two pieces share a track
square (red squares and the centre hold any number); both dice if any way exists, else any one
die; partners' pieces may share any square, a blue one too, and together form a blockade; seat 0
(option ``first_player``) throws first; a partnership wins when both partners are home; with
``play_on=True`` the others play on for places.

Positions are *progress* along a seat's own route: -1 in the corner, 0-63 on the track (0 is the
entry square, 63 the own blue square), 64-70 the red path, 71 the centre.

The package: ``board`` (squares, seats, the position notation), ``rules`` (actions, the legal
moves of a throw, the state and its view), ``odds`` (exact chances), ``bots`` (``basic``),
``expert`` (the expert bot: every move judged by the chance to win the race), ``value`` (that
chance where the race is not exact: the race estimate made to hold by a network fitted to
self-play), ``calibration`` (how well the chances hold on fresh games, and its picture) and
``sim`` (the same chances by vectorised numpy simulation). ``sim`` and ``calibration`` are
imported on their own: ``from engine.india import sim``.
"""

from __future__ import annotations

from .board import (
    BLUE,
    COLOURS,
    CORNER,
    ENTER_ON,
    HOME,
    PIECES,
    RED,
    ROUTE,
    TRACK,
    entry_square,
    label,
    parse_position,
    sides_for,
    square,
    turn_square,
)
from .bots import BasicBot
from .expert import ExpertBot
from .odds import (
    best_single_die,
    board_from_view,
    enter_chance,
    expected_throws_home,
    hit_chance,
    hit_risk,
    land_chance,
    options_from_view,
    turn_hit_chance,
    turn_hit_risk,
)
from .rules import (
    ALL_THROWS,
    Enter,
    IndiaState,
    IndiaView,
    Move,
    Option,
    Position,
    Throw,
    options,
)

__all__ = [
    "ALL_THROWS",
    "BLUE",
    "COLOURS",
    "CORNER",
    "ENTER_ON",
    "HOME",
    "PIECES",
    "RED",
    "ROUTE",
    "TRACK",
    "BasicBot",
    "Enter",
    "ExpertBot",
    "IndiaState",
    "IndiaView",
    "Move",
    "Option",
    "Position",
    "Throw",
    "best_single_die",
    "board_from_view",
    "enter_chance",
    "entry_square",
    "expected_throws_home",
    "hit_chance",
    "hit_risk",
    "label",
    "land_chance",
    "options",
    "options_from_view",
    "parse_position",
    "sides_for",
    "square",
    "turn_hit_chance",
    "turn_hit_risk",
    "turn_square",
]
