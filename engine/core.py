"""The protocol every game speaks, and the pieces the games share.

A game is a state machine. A ``State`` is immutable: ``apply(action)`` checks the action
against the rules, then returns a *new* state, so re-running a notebook cell never advances a
game twice. Chance (a shuffle, a throw) is an explicit action applied while
``current_player == CHANCE``, so a lesson or a test can rig any deal or throw by applying it.

Shared here: actions as small frozen values with a JSON form, errors, the seeded random source,
the save format (JSON, never pickle), seats and clockwise turn order, and the bookkeeping of an
auction (a sequence of calls by seats).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import hashlib
import hmac
import json
import math
import os
import random
import secrets
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypedDict, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Self, dataclass_transform
else:  # only a marker for type checkers: at run time it changes nothing

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


T = TypeVar("T")
B = TypeVar("B", bound="RandomBot")
V = TypeVar("V", bound=Mapping[str, Any])
"""A game's view: a ``TypedDict`` of plain JSON data."""

CHANCE = -1
"""``current_player`` while a chance event (a shuffle, a throw of the dice) is due."""

MAX_ACTIONS = 20_000
"""The longest game a save may hold: far above any real game (a long 8-player Rupees game has
about 1,500 actions), low enough that loading one takes a second or two, not a minute."""
MAX_SAVE_CHARS = 1_000_000
"""The longest saved text read (20,000 throws of the dice save in about 600,000 characters)."""
MAX_SEED = 2**63
"""Seeds are whole numbers from 0 to ``MAX_SEED - 1``."""


def secret_seed() -> int:
    """A seed nobody can know in advance (from the operating system's randomness): a deal
    nobody can work out (an exam table's, a room's)."""
    return secrets.randbelow(MAX_SEED)


MAX_FIELD = 2**31
"""Every whole number in an action or a card lies strictly between -MAX_FIELD and MAX_FIELD."""

SAVE_FORMAT = "tabletop-lessons/2"
"""Version 2 names each action by its game's own class (``Bid`` in plates and in Rupees);
version-1 saves (one name per class across games) are still read, through ``RENAMED``."""
OLD_FORMATS = ("tabletop-lessons/1",)

SAVE_KEY = "TABLETOP_SAVE_KEY"
"""The environment setting that holds a teacher's save key. Where it is set, every save is
signed with it (an HMAC-SHA256 of the whole game) and only saves signed with it load."""
MIN_KEY_CHARS = 16
"""The shortest key accepted: a shorter one could be found by trying keys against one save."""


class IllegalAction(ValueError):
    """An action the rules forbid here. The message names the rule."""


class SaveError(ValueError):
    """A saved game that cannot be loaded (not JSON, wrong format, edited, badly signed, or not
    replayable), or a save key too short to sign with."""


# ---------------------------------------------------------------- values with a JSON form

_SAVED: set[type] = set()
"""Classes made by ``value``: the ones ``encode`` writes as ``{"type": name, ...}``."""


@dataclass_transform(frozen_default=True)
def value(cls: type[T]) -> type[T]:
    """Class decorator: a frozen dataclass that can be saved as JSON and read back. Each game
    lists its saved classes in ``State.ACTIONS``, so two games may use the same class name
    (``Bid`` in plates and in Rupees).

    When a value is made, the class's own ``__post_init__`` checks (and may normalise) it,
    then every field is checked against its annotation, exactly (a bool is not a whole number,
    a float is not a count). Anything wrong raises ``IllegalAction`` naming the field."""
    own_check = getattr(cls, "__post_init__", None)

    def __post_init__(self: Any) -> None:
        if own_check is not None:
            try:
                own_check(self)
            except IllegalAction:
                raise
            except (TypeError, ValueError, AttributeError) as e:
                raise IllegalAction(f"{type(self).__name__}: {e}") from None
        _check_fields(self)

    cls.__post_init__ = __post_init__  # type: ignore[attr-defined]  # set before dataclass()
    made = dataclasses.dataclass(frozen=True)(cls)
    _SAVED.add(made)
    return made


MAX_INTERNED = 10_000
"""The most values of one interned class kept for reuse. Only speed depends on it: a value made
beyond it is checked afresh, and is equal to (and hashes as) every other value like it."""


def interned(cls: type[T]) -> type[T]:
    """Class decorator, above ``value``, for a value made often (a card, a move): each distinct
    value is checked once and kept, so making it again is a look-up, and its hash and its text
    (``str``) are worked out once. Equality is by value, as for any dataclass; the same object
    is only the quick way to be equal."""
    made: dict[tuple[Any, ...], Any] = {}
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    size = len(names)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    check_and_set = cls.__init__

    def __new__(kind: type[T], *args: Any, **kwargs: Any) -> T:
        if kwargs or len(args) != size:  # every field in order, defaults filled in
            rest = names[len(args) :]
            if set(kwargs) - set(rest) or not all(n in kwargs or n in defaults for n in rest):
                check_and_set(object.__new__(kind), *args, **kwargs)  # raises TypeError
            args = (*args, *(kwargs[n] if n in kwargs else defaults[n] for n in rest))
        key = (*args, *map(type, args))  # the types too: True == 1, but True is no whole number
        try:
            found: T = made[key]
            return found
        except (KeyError, TypeError):  # TypeError: an unhashable field, refused below
            pass
        new = object.__new__(kind)
        check_and_set(new, *args)  # raises IllegalAction for a bad value
        settled = tuple(getattr(new, n) for n in names)  # the check may have normalised them
        canonical = (*settled, *map(type, settled))
        if canonical in made:
            new = made[canonical]
        elif kind in _CLOSED:
            raise TypeError(f"{kind.__name__}{settled!r} is not among the values its class lists")
        else:
            object.__setattr__(new, "_fields", settled)
            object.__setattr__(new, "_hash", hash(settled))
        if len(made) < MAX_INTERNED:
            made[canonical] = made[key] = new
        return new

    def __eq__(self: Any, other: Any) -> Any:
        if self is other:
            return True
        if other.__class__ is not self.__class__:
            return NotImplemented
        same: bool = self._fields == other._fields
        return same

    def __hash__(self: Any) -> int:
        found: int = self._hash
        return found

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), self._fields

    shown = cls.__str__

    def __str__(self: Any) -> str:  # worked out once: the value never changes
        text: str | None = self.__dict__.get("_text")
        if text is None:
            text = shown(self)
            object.__setattr__(self, "_text", text)
        return text

    cls.__new__ = __new__  # type: ignore[assignment]
    cls.__init__ = object.__init__  # type: ignore[method-assign]  # made whole by __new__
    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    cls.__str__ = __str__  # type: ignore[method-assign]
    cls.__eq__ = __eq__  # type: ignore[method-assign]
    cls.__hash__ = __hash__  # type: ignore[method-assign]
    return cls


_CLOSED: set[type] = set()
"""Interned classes closed by ``every_value``."""


def every_value(values: Iterable[tuple[Any, ...]]) -> Callable[[type[T]], type[T]]:
    """Class decorator, above ``interned``, for a class of few values that can all be listed
    (a card: 53 of them): every value is made at once, from its fields in ``values``, and never
    again, since no other value passes its check. So each value is one object for good, as an
    enum's member is, and ``==`` and ``hash`` by identity are by value: as cheap as Python
    allows (a card in a hand, a set of cards).

    Making a value the list left out raises ``TypeError``: the list and the check disagree."""

    def close(cls: type[T]) -> type[T]:
        made = [cls(*fields) for fields in values]
        if len(made) >= MAX_INTERNED:
            raise ValueError(f"{cls.__name__}: too many values to keep each one for good")
        _CLOSED.add(cls)
        cls.__eq__ = object.__eq__  # type: ignore[method-assign]  # one object per value
        cls.__hash__ = object.__hash__  # type: ignore[method-assign]
        return cls

    return close


_CHECKS: dict[type, tuple[tuple[str, Callable[[Any], bool], Any], ...]] = {}


def _field_checks(cls: type) -> tuple[tuple[str, Callable[[Any], bool], Any], ...]:
    """``(field name, test, annotation)`` of a value class, built once per class."""
    if cls not in _CHECKS:
        hints = typing.get_type_hints(cls)
        _CHECKS[cls] = tuple(
            (f.name, _test(hints[f.name]), hints[f.name]) for f in dataclasses.fields(cls)
        )
    return _CHECKS[cls]


def _check_fields(obj: Any) -> None:
    for name, fits, kind in _field_checks(type(obj)):
        got = getattr(obj, name)
        if not fits(got):
            shown = repr(got) if not isinstance(got, int) else "a number that large"
            raise IllegalAction(
                f"{type(obj).__name__}: {name} must be {_kind_name(kind)}, not {shown[:60]}"
            )


def _test(kind: Any) -> Callable[[Any], bool]:
    """A function telling whether a field's value is exactly of the annotated ``kind``."""
    if kind is Any:
        return lambda got: True
    if kind is int:
        return lambda got: type(got) is int and -MAX_FIELD < got < MAX_FIELD
    if kind in (str, bool, type(None)):
        return lambda got: type(got) is kind
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        tests = tuple(_test(k) for k in typing.get_args(kind))
        return lambda got: any(fits(got) for fits in tests)
    if origin is tuple or kind is tuple:
        return lambda got: isinstance(got, (tuple, list))  # a value class makes a list a tuple
    return lambda got: isinstance(kind, type) and isinstance(got, kind)


def _kind_name(kind: Any) -> str:
    names = {int: "a whole number", str: "text", bool: "True or False", type(None): "None"}
    if kind in names:
        return names[kind]
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return " or ".join(_kind_name(k) for k in typing.get_args(kind))
    if typing.get_origin(kind) is tuple or kind is tuple:
        return "a tuple"
    return f"a {getattr(kind, '__name__', kind)}"


def encode(obj: Any) -> Any:
    """A value, or a tuple of values, as plain JSON data."""
    if type(obj) in _SAVED:
        out = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, (tuple, list, History)):
        return [encode(x) for x in obj]
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    raise TypeError(f"cannot save {obj!r}")


def decode(data: Any, kinds: Mapping[str, type]) -> Any:
    """The inverse of ``encode``, reading only the classes in ``kinds`` (name -> class: one
    game's ``State.kinds()``); raises ``SaveError`` on anything else."""
    if isinstance(data, list):
        return tuple(decode(x, kinds) for x in data)
    if isinstance(data, dict):
        kind = data.get("type")
        cls = kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise SaveError(f"unknown kind of action or card: {kind!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given != names:
            raise SaveError(f"{kind} needs fields {sorted(names)}, got {sorted(given)}")
        try:
            return cls(**{k: decode(data[k], kinds) for k in names})
        except (TypeError, ValueError) as e:
            raise SaveError(f"bad {kind}: {e}") from None
    if data is None or isinstance(data, (bool, int, str)):
        return data
    raise SaveError(f"unexpected value in saved game: {data!r}")


@value
class Shuffle:
    """The chance outcome of shuffling: the whole deck in the order it will be dealt.

    Applying a ``Shuffle`` you built yourself rigs the deal; ``sample_chance`` draws a fair one.
    """

    cards: tuple[Any, ...]

    def __post_init__(self) -> None:
        cards: Any = self.cards
        if isinstance(cards, list):  # keep it hashable and equal to its saved form
            object.__setattr__(self, "cards", tuple(cards))
        if not isinstance(self.cards, tuple):
            raise ValueError(f"a shuffle holds the deck as a tuple of cards, not {self.cards!r}")

    def holds(self, deck: Mapping[Any, int], key: Callable[[Any], Any] | None = None) -> bool:
        """Whether the shuffle holds exactly the cards counted in ``deck``, each as often (a
        shuffle is the whole deck, nothing more or less); ``key`` reads each card first."""
        try:
            return Counter(self.cards if key is None else map(key, self.cards)) == deck
        except TypeError:  # something unhashable: not a card
            return False

    def __str__(self) -> str:
        return f"shuffle ({len(self.cards)} cards)"


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
        super().__init_subclass__(**kwargs)
        cls.BOTS = {"random": RandomBot}

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


def _content(body: dict[str, Any]) -> bytes:
    """The text the digest and the signature vouch for: the save without them."""
    kept = {k: v for k, v in body.items() if k not in ("digest", "signature")}
    return json.dumps(kept, sort_keys=True).encode()


def _digest(body: dict[str, Any]) -> str:
    """A checksum (the first 16 hex digits of a SHA-256): it catches a damaged file and an edit
    made without recomputing it, never a deliberate forgery (anyone can recompute it)."""
    return hashlib.sha256(_content(body)).hexdigest()[:16]


def _signature(body: dict[str, Any], key: bytes) -> str:
    """The HMAC-SHA256 of the save under ``key``: only someone holding the key can make it."""
    return hmac.new(key, b"tabletop-lessons save\n" + _content(body), hashlib.sha256).hexdigest()


def save_key() -> bytes | None:
    """The teacher's save key, from the environment setting ``TABLETOP_SAVE_KEY`` (None where
    it is unset or empty); a key shorter than ``MIN_KEY_CHARS`` raises ``SaveError``."""
    text = os.environ.get(SAVE_KEY, "")
    return _checked(text.encode()) if text else None


def _checked(key: bytes) -> bytes:
    """``key`` if it is long enough to sign with; else ``SaveError``."""
    if not isinstance(key, bytes) or len(key) < MIN_KEY_CHARS:
        raise SaveError(
            f"a save key has at least {MIN_KEY_CHARS} characters (make one with: python -c "
            "'import secrets; print(secrets.token_hex(16))')"
        )
    return key


def load(
    text: str | bytes, games: Mapping[str, type[State[Any]]], key: bytes | None = None
) -> State[Any]:
    """Read a saved game, checking everything; raises ``SaveError`` saying what is wrong (and
    no other exception, whatever the text holds). With ``key`` (by default the environment's
    ``TABLETOP_SAVE_KEY``, if set) only a save signed with that key loads."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"a saved game is text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"a saved game has at most {MAX_SAVE_CHARS:,} characters")
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        why = e.msg if isinstance(e, json.JSONDecodeError) else e.reason
        raise SaveError(f"not a saved game: the text is not JSON ({why})") from None
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    except ValueError:  # a number too long for Python to read
        raise SaveError("not a saved game: it holds a number too long to read") from None
    if _depth(body) > MAX_DEPTH:
        raise SaveError("not a saved game: the JSON is nested too deeply")
    if not isinstance(body, dict) or body.get("format") not in (SAVE_FORMAT, *OLD_FORMATS):
        raise SaveError(f"not a saved game: format is not {SAVE_FORMAT!r}")
    need = {"format", "game", "players", "seed", "options", "history", "digest"}
    if set(body) - {"signature"} != need:
        raise SaveError(f"saved game has fields {sorted(body)}, expected {sorted(need)}")
    if body["digest"] != _digest(body):
        raise SaveError("saved game was edited or damaged: its digest does not match")
    _check_signature(body, save_key() if key is None else _checked(key))
    if not isinstance(body["game"], str) or body["game"] not in games:
        raise SaveError(f"unknown game {body['game']!r} (known: {', '.join(sorted(games))})")
    if not isinstance(body["options"], dict) or not isinstance(body["history"], list):
        raise SaveError("saved game: options must be an object and history a list")
    if len(body["history"]) > MAX_ACTIONS:
        raise SaveError(
            f"saved game has {len(body['history']):,} actions; a save holds at most "
            f"{MAX_ACTIONS:,} (far more than any real game)"
        )
    try:
        state = games[body["game"]].new(body["players"], body["seed"], **body["options"])
    except (TypeError, ValueError) as e:  # TypeError: an option named "players" or "seed"
        raise SaveError(f"saved game set-up is not valid: {e}") from None
    game = games[body["game"]]
    history = body["history"]
    if body["format"] != SAVE_FORMAT:
        history = _renamed(history, game.RENAMED)
    for k, action in enumerate(decode(history, game.kinds())):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise SaveError(f"saved game: action {k + 1} ({action}) is illegal: {e}") from None
    return state


def _check_signature(body: dict[str, Any], key: bytes | None) -> None:
    """With a key, the save must carry that key's signature (without one, it is not read)."""
    if key is None:
        return
    signature = body.get("signature")
    if signature is None:
        raise SaveError(
            f"saved game is not signed, and here ({SAVE_KEY} is set) only signed saves load"
        )
    if not (
        isinstance(signature, str)
        and len(signature) == 64
        and set(signature) <= set("0123456789abcdef")
        and hmac.compare_digest(signature, _signature(body, key))
    ):
        raise SaveError(
            "saved game was edited, or signed with another key: its signature does not match"
        )


MAX_DEPTH = 8
"""How deeply a save's JSON may nest: body, history, action, deck, card and their fields."""


def _depth(data: Any) -> int:
    """How deeply ``data`` nests (a number or a string: 0), without recursion."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                todo.extend(
                    (x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)
                )
    return deepest


def _renamed(data: Any, names: dict[str, str]) -> Any:
    """Version-1 JSON data with the old class names in ``names`` replaced by today's."""
    if isinstance(data, list):
        return [_renamed(x, names) for x in data]
    if isinstance(data, dict):
        out = {k: _renamed(v, names) for k, v in data.items()}
        if isinstance(out.get("type"), str):
            out["type"] = names.get(out["type"], out["type"])
        return out
    return data


def _or(items: Sequence[Any]) -> str:
    words = [str(x) for x in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# ---------------------------------------------------------------- bots


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    The engine's bots (this class and its subclasses in ``engine``) read a ``State``; their
    ``choose`` and ``advise`` also accept a ``Seat`` (``engine.seat``), read as a
    ``SeatState``, so a student's strategy can ask them."""

    level: ClassVar[str] = "random"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("engine."):
            _seat_or_state(cls)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Any:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _seat_or_state(cls: type) -> None:
    """Make ``cls``'s own ``choose`` and ``advise`` accept a Seat as well as a State. Each is
    marked ``reads_a_state``: ``engine.seat.decide`` gives it the State."""
    for name in ("choose", "advise"):
        method = vars(cls).get(name)
        if method is not None:
            setattr(cls, name, _reads_a_seat(method))


def _reads_a_seat(method: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(method)
    def either(self: Any, state: Any, *args: Any, **kwargs: Any) -> T:
        if not isinstance(state, State):
            from .seat import Seat, SeatState

            if isinstance(state, Seat):
                state = SeatState(state)
        return method(self, state, *args, **kwargs)

    either.reads_a_state = True  # type: ignore[attr-defined]
    return either


_seat_or_state(RandomBot)
