"""The rules of India: the actions, the legal moves of a throw, and the game's state.

``Position`` answers the questions the rules ask of the pieces on the board (may a piece land
there, does it pass a blockade, whom does it capture); ``options`` lists the legal moves of the
dice left; ``IndiaState`` plays the turns: throws, rethrows after doubles, lost turns, the end.

Two pieces of a seat standing together move the same, so a move of theirs is listed once, as
the move of the lower-numbered piece (``stands_for``): every move listed goes somewhere new, and
a player who picks either piece on the board plays that move.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..core import CHANCE, BaseView, ChanceTable, Event, State, clockwise, replaced
from ..values import every_value, interned, value
from .board import (
    BLUE,
    COLOURS,
    CORNER,
    ENTER_ON,
    HOME,
    PIECES,
    ROUTE,
    ROUTES,
    entry_square,
    label,
    parse_position,
    sides_for,
    square,
)

if TYPE_CHECKING:
    from typing_extensions import Self

# ---------------------------------------------------------------- actions


@every_value((a, b) for a in range(1, 7) for b in range(1, 7))
@interned
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


@every_value([()])
@interned
@value
class Enter:
    """Put a piece from the corner on the entry square, using a 5 (one die, or both dice
    totalling 5)."""

    def __str__(self) -> str:
        return "enter"


@every_value((i, steps) for i in range(4) for steps in range(1, 13))
@interned
@value
class Move:
    """Move piece ``piece`` (0-3) by ``steps``: one die's value, or the total of both. Of two
    pieces standing together, the lower-numbered one makes the move (``stands_for``)."""

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
_THROWN = frozenset(ALL_THROWS)
THROWS = ChanceTable([(t, Fraction(1, 36)) for t in ALL_THROWS])
"""The 36 ordered throws of two dice, 1/36 each."""

Pieces = tuple[tuple[int, ...], ...]
"""Each seat's four pieces, as progress along its route."""


class Option(NamedTuple):
    """A legal action with what it does: the dice it uses, the pieces after it, and the seat
    and piece it captured, if any."""

    action: Enter | Move
    used: tuple[int, ...]
    pieces: Pieces
    captured: tuple[int, int] | None


# ---------------------------------------------------------------- the rules of one move


ENTER = Enter()
MOVES = {(i, steps): Move(i, steps) for i in range(PIECES) for steps in range(1, 13)}
"""Every move a piece can make, at hand (a look-up here is ten times cheaper than making
``Move(i, steps)`` again, interned as it is: move generation asks for thousands)."""
ALL_HOME = (HOME,) * PIECES


class Position:
    """Where every piece stands, with the questions the rules ask of it."""

    __slots__ = ("at", "blockades", "partners", "pieces", "sides")

    def __init__(self, pieces: Pieces, sides: Sequence[int], partners: bool):
        self.pieces = pieces
        self.sides = sides
        self.partners = partners
        at: dict[int, list[int]] = {}  # track square -> seats of the pieces on it
        for seat, mine in enumerate(pieces):
            route = ROUTES[sides[seat]]
            for p in mine:
                if 0 <= p <= ROUTE:
                    q = route[p]
                    if q in at:
                        at[q].append(seat)
                    else:
                        at[q] = [seat]
        self.at = at
        self.blockades = {q for q, seats in at.items() if len(seats) >= 2}

    def friendly(self, seat: int, other: int) -> bool:
        return seat == other or (self.partners and (seat - other) % 2 == 0)

    def landing_problem(self, seat: int, q: int) -> str | None:
        """Why a piece of ``seat`` may not end a move on track square ``q`` (None if it may)."""
        here = self.at.get(q)
        if not here:
            return None
        if len(here) >= 2:
            return f"square {q} holds a blockade: no piece may land on it"
        if q in BLUE and not self.friendly(seat, here[0]):
            return f"square {q} is a blue safety square held by another colour"
        return None

    def enter(self, seat: int, used: tuple[int, ...] = ()) -> Option | str:
        """Enter a piece of ``seat``, using the dice ``used``."""
        mine = self.pieces[seat]
        if CORNER not in mine:
            return "entering needs a piece in the corner, and all are out"
        problem = self.landing_problem(seat, entry_square(self.sides[seat]))
        if problem:
            return f"no entering: {problem}"
        return Option(ENTER, used, self._moved(seat, mine.index(CORNER), 0), None)

    def move(self, seat: int, i: int, steps: int, used: tuple[int, ...] = ()) -> Option | str:
        """Move piece ``i`` of ``seat`` by ``steps`` using the dice ``used``, or say which rule
        forbids it."""
        landing = self.landing(seat, i, steps)
        if isinstance(landing, str):
            return landing
        t, captured = landing
        pieces = self._moved(seat, i, t)
        if captured:
            victim, k = captured
            pieces = replaced(pieces, victim, replaced(pieces[victim], k, CORNER))
        return Option(MOVES[i, steps], used, pieces, captured)

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
        route, blockades = ROUTES[self.sides[seat]], self.blockades
        if blockades:
            for k in range(p + 1, min(t, ROUTE + 1)):
                if route[k] in blockades:
                    return f"a blockade on square {route[k]} cannot be passed"
        if t > ROUTE:
            return t, None
        q = route[t]
        here = self.at.get(q)
        if not here:
            return t, None
        problem = self.landing_problem(seat, q)
        if problem:
            return problem
        if self.friendly(seat, here[0]):
            return t, None
        victim = here[0]
        return t, (victim, [square(self.sides[victim], v) for v in self.pieces[victim]].index(q))

    def can_use(self, seat: int, die: int) -> bool:
        """Whether one die can be used at all (entering on a 5, or moving a piece)."""
        mine = self.pieces[seat]
        if die == ENTER_ON and CORNER in mine and not isinstance(self.enter(seat), str):
            return True
        return any(
            CORNER != p != HOME and not isinstance(self.landing(seat, i, die), str)
            for i, p in enumerate(mine)
        )

    def after(self, seat: int, option: Option) -> Position:
        """The position after ``seat`` takes ``option`` (built from this one, not afresh)."""
        new = Position.__new__(Position)
        new.pieces, new.sides, new.partners = option.pieces, self.sides, self.partners
        at, blockades, route = dict(self.at), self.blockades, ROUTES[self.sides[seat]]
        for p, t in zip(self.pieces[seat], option.pieces[seat], strict=True):
            if p != t:
                if 0 <= p <= ROUTE:
                    _leave(at, route[p], seat)
                    blockades = blockades - {route[p]}
                if t <= ROUTE:
                    q = route[t]
                    here = at.get(q, [])
                    if option.captured:  # the victim stood there alone
                        at[q] = [seat]
                    else:
                        at[q] = [*here, seat]
                        if here:
                            blockades = blockades | {q}
                break
        new.at, new.blockades = at, blockades
        return new

    def _moved(self, seat: int, i: int, to: int) -> Pieces:
        return replaced(self.pieces, seat, replaced(self.pieces[seat], i, to))


def _leave(at: dict[int, list[int]], q: int, seat: int) -> None:
    """Take one piece of ``seat`` off square ``q`` in ``at`` (its list is copied, not changed)."""
    left = list(at[q])
    left.remove(seat)
    if left:
        at[q] = left
    else:
        del at[q]


def stands_for(mine: tuple[int, ...], i: int) -> int:
    """The piece that moves for piece ``i`` of ``mine`` (a seat's pieces): the lowest-numbered
    piece standing where it stands (itself, if it stands alone)."""
    return mine.index(mine[i])


def _singles(position: Position, seat: int, dice: tuple[int, ...]) -> Iterator[Option]:
    """Every way to use one die, or both dice as one move (a total, or entering on a total
    of 5). Pieces standing together give one move, the lower-numbered piece's."""
    mine = position.pieces[seat]
    uses: list[tuple[tuple[int, ...], int]] = [((d,), d) for d in sorted(set(dice))]
    if len(dice) == 2:
        uses.append((dice, dice[0] + dice[1]))
    movable = [i for i, p in enumerate(mine) if CORNER != p != HOME and stands_for(mine, i) == i]
    for used, steps in uses:
        if steps == ENTER_ON and CORNER in mine:
            entered = position.enter(seat, used)
            if isinstance(entered, Option):
                yield entered
        for i in movable:
            moved = position.move(seat, i, steps, used)
            if isinstance(moved, Option):
                yield moved


def dice_left(dice: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    """The ``dice`` still to use once the dice ``used`` are played."""
    rest = list(dice)
    for d in used:
        rest.remove(d)
    return tuple(rest)


@lru_cache(maxsize=8192)
def options(
    pieces: Pieces,
    seat: int,
    dice: tuple[int, ...],
    sides: tuple[int, ...],
    partners: bool = False,
) -> tuple[Option, ...]:
    """The legal moves of ``seat`` with the unused ``dice``. With both dice unused, a player
    must use the whole throw if any way exists; else any one die that can be used. (Remembered:
    replaying a saved game meets the same positions again.)"""
    board = Position(pieces, sides, partners)
    first = list(_singles(board, seat, dice))
    if len(dice) < 2:
        return tuple(first)
    whole = [
        o
        for o in first
        if len(o.used) == 2 or board.after(seat, o).can_use(seat, dice_left(dice, o.used)[0])
    ]
    return tuple(whole or first)


# ---------------------------------------------------------------- the state


class IndiaView(BaseView):
    """The whole table (India hides nothing): the board and whose turn it is."""

    partners: bool
    sides: list[int]
    """The board side of each seat."""
    pieces: list[list[int]]
    """Each seat's pieces as progress along its route (-1 corner, 71 home)."""
    squares: list[list[str]]
    """The same pieces in the position notation (``c``, ``21``, ``r3``, ``h``)."""
    turn: int
    """The seat whose turn it is (to throw, or to move)."""
    thrown: list[int] | None
    """The last throw, ``[a, b]``; None before the first."""
    dice: list[int]
    """The dice of the throw still to use."""
    finished: list[int]
    """Seats in the order they brought all pieces home."""


class IndiaState(State[IndiaView]):
    """A game of India. Create it with ``engine.new_game("india", players=4)``; a position set
    by hand (lessons, tests) with ``start="c c 21 r3 / ..."`` (see ``parse_position``)."""

    game = "india"
    PLAYERS = (2, 3, 4)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "partners": (False, True),
        "play_on": (False, True),
        "first_player": (0, 1, 2, 3),
    }
    ACTIONS: ClassVar[tuple[type, ...]] = (Throw, Enter, Move)

    sides: tuple[int, ...]
    pieces: Pieces
    turn: int
    thrown: Throw | None
    dice: tuple[int, ...]
    finished: tuple[int, ...]
    throws: int
    moves: tuple[Option, ...]
    """The legal moves now, found once when the pieces or the dice change."""

    @classmethod
    def new(cls, players: int | None = None, seed: int = 0, **options: Any) -> Self:
        start = options.pop("start", None)
        state = super().new(players, seed, **options)
        if start is not None:
            if not isinstance(start, str):
                raise ValueError(f"option start is a position in text, not {start!r}")
            pieces = parse_position(start, state.num_players)
            _check_position(pieces, state.sides, state.partners)
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
        self.moves = ()
        self.to_move = CHANCE
        self.finished = ()
        self.throws = 0

    # -- what everyone can see
    @property
    def partners(self) -> bool:
        return bool(self.options["partners"])

    def home(self, seat: int) -> bool:
        return self.pieces[seat] == ALL_HOME

    def _team_first(self, seat: int) -> bool:
        first = self.finished[0]
        return seat == first or (self.partners and (seat - first) % 2 == 0)

    def returns(self) -> list[int]:
        """How many players (teams, in Partnership India) finished behind each seat; the
        winners (both partners in Partnership India) are the seats with the most. Before the
        end, the places taken so far (in Partnership India no team has finished: all 0)."""
        if self.partners:
            over = self.to_move is None
            return [1 if over and self._team_first(s) else 0 for s in range(self.num_players)]
        place = {s: k for k, s in enumerate(self.finished)}
        last = len(self.finished)
        return [
            sum(1 for o in range(self.num_players) if place.get(o, last) > place.get(s, last))
            for s in range(self.num_players)
        ]

    def board(self) -> Position:
        """The pieces on the board, to ask the rules about."""
        return Position(self.pieces, self.sides, self.partners)

    def legal_options(self) -> tuple[Option, ...]:
        """The legal moves with what each does (empty at a chance node)."""
        return self.moves

    @staticmethod
    def options_from_view(view: IndiaView) -> tuple[Option, ...]:
        """``legal_options`` read from a seat's view (India hides nothing): what a ``Seat``'s
        ``legal_options()`` gives a strategy."""
        from .odds import options_from_view

        return options_from_view(view)

    def chance_outcomes(self) -> list[tuple[Throw, Fraction]] | None:
        """The 36 ordered throws, 1/36 each, when a throw is due."""
        return THROWS.pairs() if self.to_move == CHANCE else None

    def _chance_table(self) -> ChanceTable | None:
        return THROWS if self.to_move == CHANCE else None

    def _legal(self) -> list[Any]:
        if self.to_move == CHANCE:
            return list(ALL_THROWS)
        return [o.action for o in self.legal_options()]

    def _find(self, action: Any) -> Option | None:
        """The legal move ``action`` is, with what it does (None if it is none of them)."""
        for o in self.moves:
            if o.action == action:
                return o
        return None

    def _allows(self, action: Any) -> bool:
        if self.to_move == CHANCE:
            return action in _THROWN
        return self._find(action) is not None

    def _why(self, action: Any) -> str:
        """The rule that forbids an action which is not legal now."""
        if self.to_move == CHANCE:
            return f"the dice must be thrown first (a Throw), not {action!r}"
        if isinstance(action, Throw):
            return "the dice are thrown: now move, using the throw"
        if not isinstance(action, (Enter, Move)):
            return f"{action!r} is not an India action (Enter or Move)"
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
            i, j = stands_for(self.pieces[seat], action.piece), action.piece
            if not isinstance(problem, str) and i != j and self._find(MOVES[i, action.steps]):
                return (
                    f"pieces {i} and {j} stand together and move the same: the move is "
                    f"piece {i}'s (piece {i} moves {action.steps})"
                )
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
            self.moves = options(self.pieces, self.turn, self.dice, self.sides, self.partners)
            if not self.moves:
                self._after_turn(self.turn, rethrow=False)  # the lost turn
            return
        chosen = self._find(action)
        assert chosen is not None and self.thrown is not None  # checked: a move of this throw
        self.pieces = chosen.pieces
        self.dice = dice_left(self.dice, chosen.used)
        seat = self.turn
        if self.home(seat) and seat not in self.finished:
            self.finished = (*self.finished, seat)
            if self._over():
                self.to_move, self.moves = None, ()
                return
            self._after_turn(seat, rethrow=False)
            return
        if self.dice:
            self.moves = options(self.pieces, seat, self.dice, self.sides, self.partners)
            if self.moves:
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
        self.dice, self.moves = (), ()
        self.to_move = CHANCE
        if not rethrow:
            live = [not self.home(s) for s in range(self.num_players)]
            self.turn = clockwise(seat, self.num_players, live)

    # -- what a seat may see (everything is public)
    def _public(self, action: Any, seat: int) -> Event:
        """Every throw and move is made in the open, so every seat sees the same: the
        thrower throws (and loses the turn if no move uses the throw); a piece enters, or
        moves by a die or the total. ``marks``: the throw, the piece moved and its path
        (progress from and to), and the piece it captured (seat, piece, progress)."""
        mover = self.turn
        if isinstance(action, Throw):
            faces = f"{action.a}-{action.b}"
            lost = not options(self.pieces, mover, (action.a, action.b), self.sides, self.partners)
            what = f"{faces}: no move uses it, the turn passes" if lost else faces
            marks: tuple[tuple[str, Any], ...] = (("throw", (action.a, action.b)),)
            return Event(mover, "throw", what, marks=(*marks, ("lost", True)) if lost else marks)
        chosen = self._find(action) if isinstance(action, (Enter, Move)) else None
        if chosen is None:  # not a move of this throw: the table notation
            return super()._public(action, seat)
        i = action.piece if isinstance(action, Move) else self.pieces[mover].index(CORNER)
        start, end = self.pieces[mover][i], chosen.pieces[mover][i]
        marks = (("piece", (mover, i)), ("path", (start, end)))
        if chosen.captured:
            victim, k = chosen.captured
            marks += (("captured", (victim, k, self.pieces[victim][k])),)
        if isinstance(action, Enter):
            return Event(mover, "enter", f"piece {i}", marks=marks)
        home = " into INDIA" if end == HOME else ""
        return Event(mover, "move", f"piece {i} by {action.steps}{home}", marks=marks)

    def _view(self, seat: int, reveal: bool) -> IndiaView:
        """The whole table: pieces, dice and whose turn (India hides nothing, so ``reveal``
        only marks the view ``"revealed"``)."""
        view: IndiaView = {
            **self._base_view(seat, reveal),
            "partners": self.partners,
            "sides": list(self.sides),
            "pieces": [list(m) for m in self.pieces],
            "squares": [[label(self.sides[s], p) for p in m] for s, m in enumerate(self.pieces)],
            "turn": self.turn,
            "thrown": [self.thrown.a, self.thrown.b] if self.thrown else None,
            "dice": list(self.dice),
            "finished": list(self.finished),
        }
        return view

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


def _check_position(pieces: Pieces, sides: Sequence[int], partners: bool) -> None:
    """A position real play can hold: at most two pieces on a track square, never two
    opposing colours on one."""
    position = Position(pieces, sides, partners)
    for q, seats in position.at.items():
        if len(seats) > 2:
            raise ValueError(f"square {q} holds {len(seats)} pieces; at most two share a square")
        if len(seats) == 2 and not position.friendly(*seats):
            raise ValueError(f"square {q} holds two opposing pieces")
    for seat, mine in enumerate(pieces):
        if all(p == HOME for p in mine):
            raise ValueError(f"seat {seat} is home already: that game is over")
