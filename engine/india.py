"""The Royal Game of India (Parker Brothers, 1940), as RULES.md §4 settles it.

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
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar, NamedTuple

from .core import CHANCE, IllegalAction, RandomBot, State, clockwise, value

TRACK = 68
ROUTE = 63  # steps from the entry square to the own blue square
RED = 7  # squares of a red path
HOME = ROUTE + RED + 1  # 71: the centre
CORNER = -1
PIECES = 4
ENTER_ON = 5
BLUE = frozenset({4, 11, 16, 21, 28, 33, 38, 45, 50, 55, 62, 67})
COLOURS = ("yellow", "green", "purple", "orange")
"""Piece colours by side of the board."""


def entry_square(side: int) -> int:
    """The blue square left of a side's corner, where its pieces enter."""
    return 17 * side + 4


def turn_square(side: int) -> int:
    """The blue square in front of a side, where its red path leaves the track."""
    return (17 * side + TRACK - 1) % TRACK


def square(side: int, progress: int) -> int | None:
    """The track square (0-67) of a piece of ``side`` at ``progress``; None off the track."""
    return _SQUARES[side][progress + 1]


_SQUARES = tuple(
    tuple(
        (entry_square(side) + p) % TRACK if 0 <= p <= ROUTE else None for p in range(-1, HOME + 1)
    )
    for side in range(4)
)


def sides_for(players: int) -> tuple[int, ...]:
    """The board side of each seat. Pieces move counter-clockwise and the turn passes to the
    left (clockwise), so seat 1 sits on side 3; two players sit opposite."""
    return (0, 2) if players == 2 else tuple(-seat % 4 for seat in range(players))


# ---------------------------------------------------------------- actions


@value
class Throw:
    """The chance outcome of throwing the two dice: ``Throw(3, 5)``."""

    a: int
    b: int

    def __post_init__(self) -> None:
        for die in (self.a, self.b):
            if type(die) is not int or not 1 <= die <= 6:
                raise ValueError(f"a die shows 1 to 6, not {die!r}")

    @property
    def doubles(self) -> bool:
        return self.a == self.b

    def __str__(self) -> str:
        return f"throw {self.a}-{self.b}"


@value
class Enter:
    """Put a piece from the corner on the entry square, using a 5 (one die, or both dice
    totalling 5)."""

    def __str__(self) -> str:
        return "enter"


@value
class Move:
    """Move piece ``piece`` (0-3) by ``steps``: one die's value, or the total of both."""

    piece: int
    steps: int

    def __post_init__(self) -> None:
        if type(self.piece) is not int or not 0 <= self.piece < PIECES:
            raise ValueError(f"a player's pieces are numbered 0 to 3, not {self.piece!r}")
        if type(self.steps) is not int or not 1 <= self.steps <= 12:
            raise ValueError(f"a move is 1 to 12 squares, not {self.steps!r}")

    def __str__(self) -> str:
        return f"piece {self.piece} moves {self.steps}"


ALL_THROWS = tuple(Throw(a, b) for a in range(1, 7) for b in range(1, 7))


class Option(NamedTuple):
    """A legal action with what it does: the dice it uses, the pieces after it, and the seat
    and piece it captured, if any."""

    action: Enter | Move
    used: tuple[int, ...]
    pieces: tuple[tuple[int, ...], ...]
    captured: tuple[int, int] | None


# ---------------------------------------------------------------- the rules of one move


class Board:
    """Where every piece stands, with the questions the rules ask of it."""

    def __init__(self, pieces: Sequence[Sequence[int]], sides: Sequence[int], partners: bool):
        self.pieces = pieces
        self.sides = sides
        self.partners = partners
        self.at: dict[int, list[int]] = {}  # track square -> seats of the pieces on it
        for seat, mine in enumerate(pieces):
            squares = _SQUARES[sides[seat]]
            for p in mine:
                q = squares[p + 1]
                if q is not None:
                    self.at.setdefault(q, []).append(seat)

    def friendly(self, seat: int, other: int) -> bool:
        return seat == other or (self.partners and (seat - other) % 2 == 0)

    def landing_problem(self, seat: int, q: int) -> str | None:
        """Why a piece of ``seat`` may not end a move on track square ``q`` (None if it may)."""
        here = self.at.get(q, [])
        if len(here) >= 2:
            return f"square {q} holds a blockade: no piece may land on it"
        if here and not self.friendly(seat, here[0]) and q in BLUE:
            return f"square {q} is a blue safety square held by another colour"
        return None

    def enter(self, seat: int) -> Option | str:
        """Enter a piece of ``seat`` (the dice used are filled in by the caller)."""
        mine = self.pieces[seat]
        if CORNER not in mine:
            return "entering needs a piece in the corner, and all are out"
        q = entry_square(self.sides[seat])
        problem = self.landing_problem(seat, q)
        if problem:
            return f"no entering: {problem}"
        i = mine.index(CORNER)
        return Option(Enter(), (), self._moved(seat, i, 0), None)

    def move(self, seat: int, i: int, steps: int) -> Option | str:
        """Move piece ``i`` of ``seat`` by ``steps``, or say which rule forbids it."""
        landing = self.landing(seat, i, steps)
        if isinstance(landing, str):
            return landing
        t, captured = landing
        pieces = self._moved(seat, i, t)
        if captured:
            pieces = _set(pieces, captured[0], captured[1], CORNER)
        return Option(Move(i, steps), (), pieces, captured)

    def landing(self, seat: int, i: int, steps: int) -> tuple[int, tuple[int, int] | None] | str:
        """Where piece ``i`` of ``seat`` ends after ``steps`` and whom it captures, or which
        rule forbids the move."""
        p = self.pieces[seat][i]
        if p == CORNER:
            return f"piece {i} is in the corner: it must enter first, on a 5"
        if p == HOME:
            return f"piece {i} is home already"
        t = p + steps
        if t > HOME:
            return f"the centre needs an exact count: piece {i} is {HOME - p} from it, not {steps}"
        squares = _SQUARES[self.sides[seat]]
        for k in range(p + 1, min(t, ROUTE + 1)):
            if len(self.at.get(squares[k + 1], ())) >= 2:
                return f"a blockade on square {squares[k + 1]} cannot be passed"
        q = squares[t + 1]
        if q is None:
            return t, None
        problem = self.landing_problem(seat, q)
        if problem:
            return problem
        here = self.at.get(q)
        if not here or self.friendly(seat, here[0]):
            return t, None
        victim = here[0]
        return t, (victim, [square(self.sides[victim], v) for v in self.pieces[victim]].index(q))

    def can_use(self, seat: int, die: int) -> bool:
        """Whether one die can be used at all (entering on a 5, or moving a piece)."""
        if die == ENTER_ON and not isinstance(self.enter(seat), str):
            return True
        return any(not isinstance(self.landing(seat, i, die), str) for i in range(PIECES))

    def _moved(self, seat: int, i: int, to: int) -> tuple[tuple[int, ...], ...]:
        return _set(self.pieces, seat, i, to)


def _set(pieces, seat: int, i: int, to: int) -> tuple[tuple[int, ...], ...]:
    mine = list(pieces[seat])
    mine[i] = to
    return tuple(tuple(mine) if s == seat else tuple(m) for s, m in enumerate(pieces))


def _singles(board: Board, seat: int, dice: tuple[int, ...]) -> Iterator[Option]:
    """Every way to use one die, or both dice as one move (a total, or entering on a total
    of 5). Pieces standing together give one move."""
    mine = board.pieces[seat]
    uses = [((d,), d) for d in sorted(set(dice))]
    if len(dice) == 2:
        uses.append((dice, dice[0] + dice[1]))
    for used, steps in uses:
        if steps == ENTER_ON:
            entered = board.enter(seat)
            if isinstance(entered, Option):
                yield entered._replace(used=used)
        for i, p in enumerate(mine):
            if p in mine[:i]:
                continue
            moved = board.move(seat, i, steps)
            if isinstance(moved, Option):
                yield moved._replace(used=used)


def _left(dice: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(dice)
    for d in used:
        rest.remove(d)
    return tuple(rest)


@lru_cache(maxsize=8192)
def options(
    pieces: tuple[tuple[int, ...], ...],
    seat: int,
    dice: tuple[int, ...],
    sides: tuple[int, ...],
    partners: bool = False,
) -> tuple[Option, ...]:
    """The legal moves of ``seat`` with the unused ``dice``. With both dice unused, a player
    must use the whole throw if any way exists; else any one die that can be used. (Remembered:
    replaying a saved game meets the same positions again.)"""
    return tuple(_options(pieces, seat, dice, sides, partners))


def _options(pieces, seat, dice, sides, partners) -> list[Option]:
    board = Board(pieces, sides, partners)
    first = list(_singles(board, seat, dice))
    if len(dice) < 2:
        return first
    whole = [
        o
        for o in first
        if len(o.used) == 2
        or Board(o.pieces, sides, partners).can_use(seat, _left(dice, o.used)[0])
    ]
    return whole or first


# ---------------------------------------------------------------- positions set by hand


_TOKEN = re.compile(r"^(c|h|r[1-7]|\d{1,2})$")


def parse_position(text: str, players: int) -> tuple[tuple[int, ...], ...]:
    """Pieces from the position notation: seats separated by ``/``, four pieces each, a piece
    being ``c`` (corner), a track square ``0``-``67``, ``r1``-``r7`` (red path) or ``h`` (home).

    >>> parse_position("c c 4 r2 / h h 40 c", 2)
    ((-1, -1, 0, 65), (71, 71, 2, -1))
    """
    seats = text.split("/")
    if len(seats) != players:
        raise ValueError(f"a position lists {players} seats separated by '/', not {len(seats)}")
    out = []
    for seat, part in enumerate(seats):
        tokens = part.split()
        if len(tokens) != PIECES or not all(_TOKEN.match(t) for t in tokens):
            raise ValueError(
                f"seat {seat}: four pieces, each c, h, r1-r7 or a square 0-67, not {part.strip()!r}"
            )
        side = sides_for(players)[seat]
        out.append(tuple(_progress(side, t) for t in tokens))
    return tuple(out)


def _progress(side: int, token: str) -> int:
    if token == "c":
        return CORNER
    if token == "h":
        return HOME
    if token[0] == "r":
        return ROUTE + int(token[1])
    p = (int(token) - entry_square(side)) % TRACK
    if int(token) >= TRACK or p > ROUTE:
        raise ValueError(f"square {token} is not on the route of side {side}")
    return p


def label(side: int, progress: int) -> str:
    """A piece's place in the position notation (``c``, ``21``, ``r3``, ``h``)."""
    if progress == CORNER:
        return "c"
    if progress == HOME:
        return "h"
    if progress > ROUTE:
        return f"r{progress - ROUTE}"
    return str(square(side, progress))


# ---------------------------------------------------------------- the state


class IndiaState(State):
    """A game of India. Create it with ``engine.new_game("india", players=4)``; a position set
    by hand (lessons, tests) with ``start="c c 21 r3 / ..."`` (see ``parse_position``)."""

    game = "india"
    PLAYERS = (2, 3, 4)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "partners": (False, True),
        "play_on": (False, True),
        "first_player": (0, 1, 2, 3),
    }

    sides: tuple[int, ...]
    pieces: tuple[tuple[int, ...], ...]
    turn: int
    thrown: Throw | None
    dice: tuple[int, ...]
    to_move: int | None
    finished: tuple[int, ...]
    throws: int

    @classmethod
    def new(cls, players: int | None = None, seed: int = 0, **options: Any) -> State:
        start = options.pop("start", None)
        state = super().new(players, seed, **options)
        if start is not None:
            if not isinstance(start, str):
                raise ValueError(f"option start is a position in text, not {start!r}")
            pieces = parse_position(start, state.num_players)
            _check_position(pieces, state.sides, state.options["partners"])
            state.pieces = pieces
            state.options = {**state.options, "start": start}
        return state

    def _setup(self) -> None:
        n = self.num_players
        if self.options["partners"] and n != 4:
            raise ValueError("Partnership India is played by four players")
        if self.options["first_player"] >= n:
            raise ValueError(f"option first_player must be a seat of the {n} players")
        self.sides = sides_for(n)
        self.pieces = ((CORNER,) * PIECES,) * n
        self.turn = self.options["first_player"]
        self.thrown = None
        self.dice = ()
        self.to_move = CHANCE
        self.finished = ()
        self.throws = 0

    # -- what everyone can see
    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def partners(self) -> bool:
        return self.options["partners"]

    def home(self, seat: int) -> bool:
        return all(p == HOME for p in self.pieces[seat])

    def winners(self) -> list[int]:
        """The winning seats (both partners in Partnership India); [] while nobody has won."""
        if self.to_move is not None:
            return []
        return [s for s in range(self.num_players) if self._team_first(s)]

    def _team_first(self, seat: int) -> bool:
        first = self.finished[0]
        return seat == first or (self.partners and (seat - first) % 2 == 0)

    def returns(self) -> list[int]:
        """How many players (teams, in Partnership India) finished behind each seat."""
        if self.partners:
            return [1 if self._team_first(s) else 0 for s in range(self.num_players)]
        place = {s: k for k, s in enumerate(self.finished)}
        last = len(self.finished)
        return [
            sum(1 for o in range(self.num_players) if place.get(o, last) > place.get(s, last))
            for s in range(self.num_players)
        ]

    def board(self) -> Board:
        return Board(self.pieces, self.sides, self.partners)

    def legal_options(self) -> tuple[Option, ...]:
        """The legal moves with what each does (empty at a chance node)."""
        if self.to_move is None or self.to_move == CHANCE:
            return ()
        return options(self.pieces, self.turn, self.dice, self.sides, self.partners)

    def chance_outcomes(self) -> list[tuple[Throw, Fraction]] | None:
        """The 36 ordered throws, 1/36 each, when a throw is due."""
        if self.to_move != CHANCE:
            return None
        return [(t, Fraction(1, 36)) for t in ALL_THROWS]

    def _legal(self) -> list:
        if self.to_move == CHANCE:
            return list(ALL_THROWS)
        return [o.action for o in self.legal_options()]

    def _find(self, action: Any) -> Option | None:
        """The legal option ``action`` takes (a piece standing with the listed one moves
        the same)."""
        mine = self.pieces[self.turn]
        for o in self.legal_options():
            if o.action == action:
                return o
            if (
                isinstance(action, Move)
                and isinstance(o.action, Move)
                and o.action.steps == action.steps
                and mine[o.action.piece] == mine[action.piece]
            ):
                i, j = o.action.piece, action.piece
                pieces = _set(
                    _set(o.pieces, self.turn, j, o.pieces[self.turn][i]), self.turn, i, mine[i]
                )
                return o._replace(action=action, pieces=pieces)
        return None

    def _check(self, action: Any) -> None:
        if self.to_move == CHANCE:
            if not isinstance(action, Throw):
                raise IllegalAction(f"the dice must be thrown first (a Throw), not {action!r}")
            return
        if isinstance(action, Throw):
            raise IllegalAction("the dice are thrown: now move, using the throw")
        if not isinstance(action, (Enter, Move)):
            raise IllegalAction(f"{action!r} is not an India action (Enter or Move)")
        if self._find(action) is None:
            raise IllegalAction(self._why(action))

    def _why(self, action: Enter | Move) -> str:
        """The rule that forbids a move which is not legal now."""
        dice, seat = self.dice, self.turn
        left = "-".join(map(str, dice))
        if isinstance(action, Enter):
            if ENTER_ON not in dice and not (len(dice) == 2 and sum(dice) == ENTER_ON):
                return f"entering needs a 5 on a die or a total of 5; the dice left are {left}"
            problem = self.board().enter(seat)
        else:
            totals = (sum(dice),) if len(dice) == 2 else ()
            if action.steps not in (*dice, *totals):
                return (
                    f"a move uses one die or the total of both, never part of a die: "
                    f"the dice left are {left}, so not {action.steps}"
                )
            problem = self.board().move(seat, action.piece, action.steps)
        if isinstance(problem, str):
            return problem
        return (
            "a player must use as much of the throw as he can: "
            f"after that move the rest of {left} could not be used, and another way uses it all"
        )

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Throw):
            self.thrown, self.dice, self.to_move = action, (action.a, action.b), self.turn
            self.throws += 1
            if not self.legal_options():
                self._after_turn(self.turn, rethrow=False)  # the lost turn
            return
        chosen = self._find(action)
        assert chosen is not None
        self.pieces = chosen.pieces
        self.dice = _left(self.dice, chosen.used)
        seat = self.turn
        if self.home(seat) and seat not in self.finished:
            self.finished = (*self.finished, seat)
            if self._over():
                self.to_move = None
                return
            self._after_turn(seat, rethrow=False)
            return
        if self.dice and self.legal_options():
            return
        complete = not self.dice
        self._after_turn(seat, rethrow=complete and self.thrown.doubles)

    def _over(self) -> bool:
        if self.partners:
            for s in (0, 1):
                if self.home(s) and self.home(s + 2):
                    self.finished = (s, s + 2)
                    return True
            return False
        if not self.options["play_on"]:
            return bool(self.finished)
        if self.num_players - len(self.finished) <= 1:
            self.finished = (
                *self.finished,
                *(s for s in range(self.num_players) if s not in self.finished),
            )
            return True
        return False

    def _after_turn(self, seat: int, rethrow: bool) -> None:
        """The next throw: the same seat after complete doubles, else the next seat left
        that still has pieces out."""
        self.dice = ()
        self.to_move = CHANCE
        if not rethrow:
            live = [not self.home(s) for s in range(self.num_players)]
            self.turn = clockwise(seat, self.num_players, live)

    def _sample_shuffle(self, rng: random.Random) -> Any:
        raise NotImplementedError("India has no cards: a throw is listed by chance_outcomes()")

    # -- what a seat may see (everything is public)
    def view(self, seat: int, reveal: bool = False) -> dict:
        """The whole table: pieces, dice and whose turn (India hides nothing, so ``reveal``
        only marks the view ``"revealed"``)."""
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")
        return {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "partners": self.partners,
            "sides": list(self.sides),
            "pieces": [list(m) for m in self.pieces],
            "squares": [[label(self.sides[s], p) for p in m] for s, m in enumerate(self.pieces)],
            "turn": self.turn,
            "to_move": self.to_move,
            "thrown": [self.thrown.a, self.thrown.b] if self.thrown else None,
            "dice": list(self.dice),
            "finished": list(self.finished),
        } | ({"revealed": True} if reveal else {})

    def position(self) -> str:
        """The pieces in the position notation (``start=`` reads it back)."""
        return " / ".join(
            " ".join(label(self.sides[s], p) for p in m) for s, m in enumerate(self.pieces)
        )

    def __str__(self) -> str:
        if self.to_move is None:
            who = ", ".join(f"seat {s}" for s in self.winners())
            head = f"game over: {who} won"
        elif self.to_move == CHANCE:
            head = f"seat {self.turn} to throw"
        else:
            head = (
                f"seat {self.turn} to move, {self.thrown} (left: {'-'.join(map(str, self.dice))})"
            )
        lines = [f"India, {self.num_players} players: {head}"]
        for s, m in enumerate(self.pieces):
            where = " ".join(label(self.sides[s], p) for p in m)
            lines.append(f"  seat {s} {COLOURS[self.sides[s]]:<7} {where}")
        return "\n".join(lines)


def _check_position(pieces, sides, partners: bool) -> None:
    """A position real play can hold: at most two pieces on a track square, never two
    opposing colours on one."""
    board = Board(pieces, sides, partners)
    for q, seats in board.at.items():
        if len(seats) > 2:
            raise ValueError(f"square {q} holds {len(seats)} pieces; at most two share a square")
        if len(seats) == 2 and not board.friendly(*seats):
            raise ValueError(f"square {q} holds two opposing pieces")
    for seat, mine in enumerate(pieces):
        if all(p == HOME for p in mine):
            raise ValueError(f"seat {seat} is home already: that game is over")


# ---------------------------------------------------------------- exact odds


def enter_chance() -> Fraction:
    """The chance one throw lets a piece enter: a 5 on either die, or a total of 5."""
    good = sum(1 for t in ALL_THROWS if ENTER_ON in (t.a, t.b) or t.a + t.b == ENTER_ON)
    return Fraction(good, 36)


def land_chance(k: int) -> Fraction:
    """The chance one throw can bring a piece exactly ``k`` squares ahead (to hit a piece
    there, or to reach the centre): a die shows ``k`` or the total is ``k``. Blockades aside."""
    return Fraction(sum(1 for t in ALL_THROWS if k in (t.a, t.b, t.a + t.b)), 36)


def hit_chance(behind: Sequence[int], entering: Sequence[int] = ()) -> Fraction:
    """The chance one opposing throw can hit a piece on a white square, given the opposing
    pieces ``behind`` it (distances in squares) and, for pieces still in a corner, the distance
    from that corner's entry square (``entering``): a 5 enters, and the other die moves on.
    Blockades aside."""
    return _hit_chance(frozenset(behind), frozenset(entering))


@cache
def _hit_chance(behind: frozenset[int], entering: frozenset[int]) -> Fraction:
    hits = 0
    for t in ALL_THROWS:
        near = any(d in (t.a, t.b, t.a + t.b) for d in behind)
        entered = any(
            (t.a == ENTER_ON and t.b == e) or (t.b == ENTER_ON and t.a == e) for e in entering
        )
        hits += near or entered
    return Fraction(hits, 36)


@cache
def expected_throws_home(d: int) -> Fraction:
    """The expected number of throws for a lone piece ``d`` squares from the centre to get
    home, playing each throw the best way: both dice when they fit (the rule), else the die that
    leaves the shorter expected wait. 5s and doubles give no bonus."""
    if d <= 0:
        return Fraction(0)
    stay, total = Fraction(0), Fraction(1)
    for t in ALL_THROWS:
        if t.a + t.b <= d:
            total += Fraction(1, 36) * expected_throws_home(d - t.a - t.b)
        elif min(t.a, t.b) <= d:
            total += Fraction(1, 36) * min(
                expected_throws_home(d - x) for x in (t.a, t.b) if x <= d
            )
        else:
            stay += Fraction(1, 36)
    return total / (1 - stay)


def best_single_die(d: int, throw: Throw) -> int | None:
    """For a lone piece ``d`` from the centre whose throw does not fit whole: the die to use."""
    fits = [x for x in (throw.a, throw.b) if x <= d]
    return min(fits, key=lambda x: expected_throws_home(d - x)) if fits else None


def hit_risk(board: Board, seat: int, progress: int) -> Fraction:
    """The chance a piece of ``seat`` at ``progress`` on ``board`` is hit before ``seat``
    throws again:
    each opponent throws once (rethrows after doubles not counted), blockades aside. Zero on
    blue and red squares and at home."""
    q = square(board.sides[seat], progress)
    if q is None or q in BLUE:
        return Fraction(0)
    safe = Fraction(1)
    for other, theirs in enumerate(board.pieces):
        if board.friendly(seat, other):
            continue
        side = board.sides[other]
        behind = [
            d
            for p in theirs
            if 0 <= p <= ROUTE
            for d in [(q - square(side, p)) % TRACK]
            if 1 <= d <= 12 and p + d <= ROUTE
        ]
        e = (q - entry_square(side)) % TRACK
        entering = [e] if CORNER in theirs and 1 <= e <= 6 else []
        safe *= 1 - hit_chance(behind, entering)
    return 1 - safe


# ---------------------------------------------------------------- bots


class BasicBot(RandomBot):
    """Plays by a stated order of preferences: 1. capture; 2. enter; 3. bring a piece home;
    4. leave its pieces where the fewest squares are expected to be lost to a hit before its
    next turn (``hit_risk`` times the piece's progress, summed); 5. keep blockades rather than
    break them; 6. move the piece furthest ahead. Ties go to the first listed move."""

    level = "basic"

    def choose(self, state: State) -> Any:
        assert isinstance(state, IndiaState)
        view = state.view(state.current_player)  # India hides nothing: the view is the table
        return max(state.legal_options(), key=lambda o: self._score(view, o)).action

    @staticmethod
    def _score(view: dict, o: Option) -> tuple:
        seat = view["seat"]
        before = view["pieces"][seat]
        moved = o.action.piece if isinstance(o.action, Move) else before.index(CORNER)
        after = Board(o.pieces, view["sides"], view["partners"])
        at_stake = sum(hit_risk(after, seat, p) * p for p in o.pieces[seat])
        blockades = sum(1 for seats in after.at.values() if seats.count(seat) == 2)
        return (
            o.captured is not None,
            isinstance(o.action, Enter),
            o.pieces[seat][moved] == HOME,
            -at_stake,
            blockades,
            before[moved],
        )


IndiaState.BOTS = {"random": RandomBot, "basic": BasicBot}
IndiaState.ACTIONS = (Throw, Enter, Move)
