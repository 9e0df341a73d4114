"""The protocol every game speaks (``State``), and the game pieces the games share.

A game is a state machine. A ``State`` is immutable: ``apply(action)`` checks the action
against the rules, then returns a *new* state, so re-running a notebook cell never advances a
game twice. Chance (a shuffle, a throw) is an explicit action applied while
``current_player == CHANCE``, so a lesson or a test can rig any deal or throw by applying it.

Shared here besides: the seeded and the secret seed, seats and clockwise turn order, the
bookkeeping of an auction (a sequence of calls by seats), the append-only ``History``, chance
tables, and the shapes of views and events. Actions are values (``engine.values``), a game is
saved by ``engine.saves``, and the random bot is ``engine.bots``."""

from __future__ import annotations

import bisect
import dataclasses
import json
import math
import random
import secrets
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypedDict, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self, dataclass_transform
else:  # only a marker for type checkers: at run time it changes nothing

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


from .values import IllegalAction, encode

if TYPE_CHECKING:
    from .bots import RandomBot


T = TypeVar("T")
B = TypeVar("B", bound="RandomBot")
V = TypeVar("V", bound=Mapping[str, Any])
"""A game's view: a ``TypedDict`` of plain JSON data."""

CHANCE = -1
"""``current_player`` while a chance event (a shuffle, a throw of the dice) is due."""


MAX_SEED = 2**63
"""Seeds are whole numbers from 0 to ``MAX_SEED - 1``."""


def secret_seed() -> int:
    """A seed nobody can know in advance (from the operating system's randomness): a deal
    nobody can work out (an exam table's, a room's)."""
    return secrets.randbelow(MAX_SEED)


# ---------------------------------------------------------------- seats and turn order


def clockwise(seat: int, n: int, live: Sequence[bool] | None = None) -> int:
    """The next seat to the left of ``seat`` (play goes clockwise), skipping seats not live."""
    flags = live if live is not None else (True,) * n
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if flags[nxt]:
            return nxt
    raise ValueError("no live seat left")


def seats_from_left(seat: int, n: int) -> list[int]:
    """The other seats in clockwise order, starting with the one on ``seat``'s left."""
    return [(seat + k) % n for k in range(1, n)]


def replaced(items: tuple[T, ...], k: int, new: T) -> tuple[T, ...]:
    """``items`` with entry ``k`` replaced by ``new`` (states rebind tuples, never mutate)."""
    return (*items[:k], new, *items[k + 1 :])


# ---------------------------------------------------------------- auctions


@dataclasses.dataclass(frozen=True)
class Auction:
    """The calls made in one auction, in order: ``((seat, call), ...)``.

    A call is any action; those for which ``is_bid(call)`` holds are bids, the rest are
    answers to the standing bid (pass, challenge, agree, ...). Immutable: ``add`` returns a new
    auction.
    """

    calls: tuple[tuple[int, Any], ...] = ()

    def add(self, seat: int, call: Any) -> Auction:
        return Auction((*self.calls, (seat, call)))

    def high(self, is_bid: Callable[[Any], bool]) -> tuple[int, Any] | None:
        """``(seat, bid)`` of the standing (latest) bid, or None before the first bid."""
        for seat, call in reversed(self.calls):
            if is_bid(call):
                return seat, call
        return None

    def since_high(self, is_bid: Callable[[Any], bool]) -> list[tuple[int, Any]]:
        """The calls made after the standing bid (all calls if there is none)."""
        out: list[tuple[int, Any]] = []
        for seat, call in reversed(self.calls):
            if is_bid(call):
                break
            out.append((seat, call))
        return out[::-1]

    def seats_that(self, kind: type) -> set[int]:
        """Seats that made a call of this kind at any point (a final pass, say)."""
        return {seat for seat, call in self.calls if isinstance(call, kind)}


# ---------------------------------------------------------------- history


class History(Sequence[Any]):
    """Every action of a game in order, as a read-only sequence (compares equal to the tuple
    of the same actions).

    The states of one line of play share one append-only list, each seeing its first
    ``len(history)`` entries, so ``apply`` adds an action in constant time and a replay's
    states cost one list, not one copy each. Applying to an earlier state (a branch) copies.
    """

    __slots__ = ("_actions", "_n")

    def __init__(self, actions: Sequence[Any] = ()) -> None:
        self._actions = list(actions)
        self._n = len(self._actions)

    def added(self, action: Any) -> History:
        """This history with ``action`` after it (this one is unchanged)."""
        new = History.__new__(History)
        actions, n = self._actions, self._n
        if len(actions) == n:  # the end of the line: share it
            actions.append(action)
            new._actions = actions
        elif actions[n] == action:  # the same move again (a state applied twice): share it
            new._actions = actions
        else:  # a branch from an earlier move: a line of its own
            new._actions = [*actions[:n], action]
        new._n = n + 1
        return new

    def __len__(self) -> int:
        return self._n

    def startswith(self, prefix: Sequence[Any]) -> bool:
        """Whether this history begins with ``prefix`` (at once for an earlier state of the
        same line)."""
        if isinstance(prefix, History) and prefix._actions is self._actions:
            return prefix._n <= self._n
        return len(prefix) <= self._n and all(a == b for a, b in zip(prefix, self, strict=False))

    @typing.overload
    def __getitem__(self, k: int) -> Any: ...
    @typing.overload
    def __getitem__(self, k: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, k: int | slice) -> Any:
        if isinstance(k, slice):
            return tuple(self._actions[j] for j in range(self._n)[k])
        if type(k) is not int and not hasattr(k, "__index__"):
            raise TypeError(f"history indices are whole numbers, not {k!r}")
        return self._actions[range(self._n)[k]]

    def __iter__(self) -> Iterator[Any]:
        actions = self._actions
        return (actions[j] for j in range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History) and other._actions is self._actions:
            return other._n == self._n
        if isinstance(other, (History, tuple)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"History({tuple(self)!r})"


class ChanceTable:
    """A chance event's outcomes with their exact probabilities, ready to draw from.

    ``draw(x)`` returns the first outcome whose cumulative probability exceeds ``x`` (a float
    in [0, 1) from ``random()``), compared exactly: the same outcome as summing the
    ``Fraction`` probabilities in order, in integers and one bisection."""

    __slots__ = ("_cumulative", "_total", "outcomes", "probabilities")

    def __init__(self, outcomes: Sequence[tuple[Any, Fraction]]) -> None:
        self.outcomes = tuple(o for o, _ in outcomes)
        self.probabilities = tuple(Fraction(p) for _, p in outcomes)
        total = math.lcm(*(p.denominator for p in self.probabilities))
        running, cumulative = 0, []
        for p in self.probabilities:
            running += p.numerator * (total // p.denominator)
            cumulative.append(running)
        self._cumulative, self._total = tuple(cumulative), total

    def pairs(self) -> list[tuple[Any, Fraction]]:
        """``[(outcome, probability)]``, a new list (the form ``chance_outcomes`` returns)."""
        return list(zip(self.outcomes, self.probabilities, strict=True))

    def draw(self, x: float) -> Any:
        # x = num/den exactly; x < c/total  <=>  c > floor(num * total / den), c a whole number
        num, den = x.as_integer_ratio()
        k = bisect.bisect_right(self._cumulative, num * self._total // den)
        return self.outcomes[min(k, len(self.outcomes) - 1)]


# ---------------------------------------------------------------- views

# A view is a TypedDict of plain JSON data, one per game, built on these shapes so that the
# same idea has the same shape in every game:
# - every view is a ``BaseView``;
# - the bid on the table is ``standing_bid``, a ``StandingBid`` (None before the first bid);
# - hands a seat may see are ``hands``: one entry per seat, the cards in the game's notation,
#   or None where that hand is hidden from the viewer (a teacher's view shows them all);
#   the viewer's own hand is also ``hand``;
# - running totals are ``scores``: one number per seat, in the game's own unit.


class _Revealed(TypedDict, total=False):
    revealed: bool
    """True in a teacher's view (``view(seat, reveal=True)``), where hidden hands show too."""


class BaseView(_Revealed):
    """What every game's view holds."""

    game: str
    seat: int
    players: int
    to_move: int | None


class StandingBid(TypedDict):
    """The bid on the table: who made it and what it says, in table notation; each game adds
    its numbers (``count`` and ``digit``, ``amount``, ``chips``)."""

    bidder: int
    bid: str


@dataclasses.dataclass(frozen=True)
class Event:
    """An action as one seat sees it: ``seat`` (who acted; None for chance nobody does, such
    as a shuffle) ``verb`` (its base form, "bid", "play"; "" when ``what`` says it all)
    ``what`` ("two 4's", "a card face down"). ``third`` is the verb's third-person form where
    adding an s is wrong ("goes"). ``marks`` names what a picture may mark as just done, in the
    game's own keys (``(("card", "7H"),)``). Only what that seat may see is in it."""

    seat: int | None
    verb: str
    what: str
    third: str | None = None
    marks: tuple[tuple[str, Any], ...] = ()

    def mark(self, key: str) -> Any:
        """The value of one mark, or None."""
        return dict(self.marks).get(key)


# ---------------------------------------------------------------- the State protocol


REGISTERED: dict[str, type[State[Any]]] = {}
"""Game name -> state class, filled as each game's package is imported: its state class
registers itself (``class PlatesState(State[PlatesView]): game = "plates"``)."""


def state_class_name(game: str) -> str:
    """The name a game's state class goes by: ``PlatesState`` for ``plates``."""
    return f"{game.capitalize()}State"


def _register(cls: type[State[Any]]) -> None:
    """Registers a game's state class, which lives in the package ``engine.<game>`` and is
    named after the game; a second class for one game is refused."""
    game = cls.game
    if cls.__name__ != state_class_name(game) or not cls.__module__.startswith(f"engine.{game}."):
        raise TypeError(
            f"the state of game {game!r} is the class {state_class_name(game)} in the package "
            f"engine.{game}, not {cls.__module__}.{cls.__qualname__}"
        )
    known = REGISTERED.setdefault(game, cls)
    if known.__module__ != cls.__module__:
        raise TypeError(f"game {game!r} is registered already, by {known.__module__}")
    REGISTERED[game] = cls  # the same module imported again (a reload) replaces its class


class State(Generic[V]):
    """Base class of every game's state, typed by its view (``State[PlatesView]``).

    Subclasses set ``game``, ``PLAYERS``, ``OPTIONS``, ``ACTIONS`` and implement ``_setup``,
    ``_legal`` (with ``_allows`` and ``_why``), ``_do``, ``returns``, ``_view``, ``__str__``;
    ``to_move`` holds the seat to move (``CHANCE``, or None at the end). Bots register with the
    ``bot`` decorator."""

    game: ClassVar[str]
    PLAYERS: ClassVar[tuple[int, ...]]
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    """option name -> allowed values; the first one is the default (None may stand for a default
    that depends on the number of players). ``True`` is not accepted for ``1``."""
    ACTIONS: ClassVar[tuple[type, ...]] = ()
    """Every class a saved game of this kind holds: its actions, chance outcomes and cards."""
    RENAMED: ClassVar[dict[str, str]] = {}
    """Version-1 save names of classes since renamed: old name -> name in ``ACTIONS``."""
    BOTS: ClassVar[dict[str, type]]
    """Bot level -> bot class (``random`` for every game; more with ``@GameState.bot``)."""

    num_players: int
    seed: int
    options: dict[str, Any]
    history: History
    to_move: int | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A class that names its ``game`` registers itself as that game's state (a subclass of
        it, a rigged state in a test, does not)."""
        super().__init_subclass__(**kwargs)
        from .bots import RandomBot

        cls.BOTS = {"random": RandomBot}
        if "game" in cls.__dict__:
            _register(cls)

    @classmethod
    def bot(cls, bot_class: type[B]) -> type[B]:
        """Class decorator: register ``bot_class`` as this game's bot of ``bot_class.level``."""
        cls.BOTS[bot_class.level] = bot_class
        return bot_class

    @classmethod
    def kinds(cls) -> dict[str, type]:
        """Name -> class of everything a saved game of this kind may hold."""
        return {kind.__name__: kind for kind in cls.ACTIONS}

    # -- creation
    @classmethod
    def new(cls, players: int | None = None, seed: int = 0, **options: Any) -> Self:
        if players is None:
            players = cls.PLAYERS[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in cls.PLAYERS:
            raise ValueError(f"{cls.game} is played by {_or(cls.PLAYERS)} players, not {players!r}")
        if type(seed) is not int or not 0 <= seed < MAX_SEED:
            shown = repr(seed) if type(seed) is not int or abs(seed) < MAX_SEED**2 else "that"
            raise ValueError(f"the seed must be a whole number from 0 to 2**63 - 1, not {shown}")
        chosen = {}
        for name, allowed in cls.OPTIONS.items():
            chosen[name] = options.pop(name, allowed[0])
            if chosen[name] not in allowed or type(chosen[name]) not in {type(a) for a in allowed}:
                raise ValueError(
                    f"option {name} must be one of {_or(allowed)}, not {chosen[name]!r}"
                )
        if options:
            known = ", ".join(cls.OPTIONS) or "none"
            raise ValueError(f"{cls.game} has no option {sorted(options)[0]!r} (options: {known})")
        state = cls.__new__(cls)
        state.num_players, state.seed, state.options, state.history = (
            players,
            seed,
            chosen,
            History(),
        )
        state._setup()
        return state

    def _setup(self) -> None:
        raise NotImplementedError

    # -- the protocol
    @property
    def current_player(self) -> int | None:
        """The seat to move; ``CHANCE`` while a shuffle or a throw is due; None at the end."""
        return self.to_move

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[Any]:
        """The actions the player to move may take (at a chance node: the outcomes, when
        they can be listed)."""
        if self.is_terminal():
            return []
        return self._legal()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]] | None:
        """At a chance node, ``[(outcome, probability)]`` where the outcomes can be listed
        (dice); None for a shuffle and away from chance nodes."""
        return None

    def sample_chance(self, rng: random.Random | None = None) -> Any:
        """One chance outcome, drawn from ``rng`` or, by default, from a generator seeded by
        the game's seed and the number of actions so far (so the same game deals the same)."""
        if self.current_player != CHANCE:
            raise IllegalAction("no chance event is due: it is a player's turn")
        rng = rng or random.Random(f"{self.game}:{self.seed}:{len(self.history)}")
        table = self._chance_table()
        if table is None:
            return self._sample_shuffle(rng)
        return table.draw(rng.random())

    def _chance_table(self) -> ChanceTable | None:
        """``chance_outcomes`` as a ``ChanceTable`` (a game whose outcomes never change
        returns one table built once)."""
        outcomes = self.chance_outcomes()
        return None if outcomes is None else ChanceTable(outcomes)

    def _sample_shuffle(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def apply(self, action: Any, player: int | None = None) -> Self:
        """A new state after ``action``; this one is unchanged. With ``player``, also check
        that it is that seat's turn. Raises ``IllegalAction`` naming the rule."""
        self.check(action, player)
        new = object.__new__(type(self))  # a shallow copy: ``_do`` rebinds, never mutates
        new.__dict__.update(self.__dict__)
        new._do(action)
        new.history = self.history.added(action)
        return new

    def check(self, action: Any, player: int | None = None) -> None:
        """Raise ``IllegalAction`` naming the rule unless ``apply(action, player)`` would
        succeed; nothing is applied (a dimmed control asks this)."""
        if self.is_terminal():
            raise IllegalAction("the game is over: no more actions")
        if player is not None and player != self.current_player:
            whose = "chance" if self.current_player == CHANCE else f"seat {self.current_player}"
            raise IllegalAction(f"turn order: it is {whose}'s turn, not seat {player}'s")
        if not self._allows(action):
            raise IllegalAction(self._why(action))

    def _legal(self) -> list[Any]:
        """The legal actions now: the one source of legality (``check`` passes exactly these,
        and the outcomes of a shuffle, which cannot be listed)."""
        raise NotImplementedError

    def _allows(self, action: Any) -> bool:
        """Whether ``action`` is among ``_legal()`` (at a shuffle: whether it holds exactly the
        deck). A game may look it up faster in the data ``_legal`` lists from; a test checks
        the two agree. Must not change ``self``."""
        return action in self._legal()

    def _why(self, action: Any) -> str:
        """The rule that refuses ``action`` (one ``_allows`` refused), in the game's words."""
        return f"{action} is not a legal action now"

    def _do(self, action: Any) -> None:
        """Apply a checked action to this fresh copy, rebinding (never mutating) fields."""
        raise NotImplementedError

    def returns(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """The seats with the best returns once the game is over; [] while it is on."""
        if not self.is_terminal():
            return []
        returns = self.returns()
        best = max(returns)
        return [s for s, r in enumerate(returns) if r == best]

    def view(self, seat: int, reveal: bool = False) -> V:
        """JSON-ready data of exactly what ``seat`` may see now. With ``reveal=True`` (a
        teacher's view) also what it may not: every hand, in the form the game uses when it
        turns hands face up, and ``"revealed": True``."""
        self.check_seat(seat)
        if type(reveal) is not bool:
            raise ValueError(f"reveal is True or False, not {reveal!r}")
        return self._view(seat, reveal)

    def public(self, action: Any, seat: int) -> Event:
        """How ``seat`` sees ``action`` taken in this state (the state before it), for a log, a
        replay or a panel: only what that seat may see (a face-down discard is "a card face
        down" to the others)."""
        self.check_seat(seat)
        return self._public(action, seat)

    def _public(self, action: Any, seat: int) -> Event:
        """A game with hidden actions says how each seat sees them; this default shows the
        action in table notation."""
        actor = self.current_player
        return Event(None if actor == CHANCE else actor, "", str(action))

    def check_seat(self, seat: Any) -> None:
        """Raise ``ValueError`` unless ``seat`` is a seat of this table (a bool is not)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")

    def _view(self, seat: int, reveal: bool) -> V:
        raise NotImplementedError

    def _base_view(self, seat: int, reveal: bool) -> BaseView:
        """What every view starts with (a game's ``_view`` adds its own keys to it)."""
        out: BaseView = {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "to_move": self.to_move,
        }
        if reveal:
            out["revealed"] = True
        return out

    def at(self, move: int) -> Self:
        """This game as it stood after its first ``move`` actions (0: before any), replayed
        through the rules: a replay is a view over ``history``."""
        if (
            isinstance(move, bool)
            or not isinstance(move, int)
            or not 0 <= move <= len(self.history)
        ):
            raise ValueError(f"move must be 0 to {len(self.history)}, not {move!r}")
        state = type(self).new(self.num_players, self.seed, **self.options)
        for action in self.history[:move]:
            state = state.apply(action)
        return state

    # -- saving
    def to_json(self, key: bytes | None = None) -> str:
        """The game as JSON: set-up and every action, with a digest, and signed with ``key``
        (by default the environment's ``TABLETOP_SAVE_KEY``, if set). ``engine.from_json``
        replays it."""
        from .saves import SAVE_FORMAT, _checked, _digest, _signature, save_key

        key = save_key() if key is None else _checked(key)
        body: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "history": encode(self.history),
        }
        body["digest"] = _digest(body)
        if key is not None:
            body["signature"] = _signature(body, key)
        return json.dumps(body, ensure_ascii=False, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and self.game == other.game
            and (self.num_players, self.seed, self.options, self.history)
            == (other.num_players, other.seed, other.options, other.history)
        )

    def __hash__(self) -> int:
        return hash((self.game, self.num_players, self.seed, self.history))

    def __repr__(self) -> str:
        return (
            f"<{self.game} game: {self.num_players} players, seed {self.seed}, "
            f"{len(self.history)} actions>"
        )


def _or(items: Sequence[Any]) -> str:
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
