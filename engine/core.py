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

import copy
import dataclasses
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

CHANCE = -1
"""``current_player`` while a chance event (a shuffle, a throw of the dice) is due."""

SAVE_FORMAT = "tabletop-lessons/1"


class IllegalAction(ValueError):
    """An action the rules forbid here. The message names the rule."""


class SaveError(ValueError):
    """A saved game that cannot be loaded: not JSON, wrong format, edited, or not replayable."""


# ---------------------------------------------------------------- values with a JSON form

_VALUES: dict[str, type] = {}


def value(cls: type) -> type:
    """Class decorator: a frozen dataclass that can be saved as JSON and read back."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    if cls.__name__ in _VALUES and _VALUES[cls.__name__] is not cls:
        raise TypeError(f"two saved value classes are named {cls.__name__}")
    _VALUES[cls.__name__] = cls
    return cls


def encode(obj: Any) -> Any:
    """A value, or a tuple of values, as plain JSON data."""
    if dataclasses.is_dataclass(obj) and type(obj).__name__ in _VALUES:
        out = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = encode(getattr(obj, f.name))
        return out
    if isinstance(obj, (tuple, list)):
        return [encode(x) for x in obj]
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    raise TypeError(f"cannot save {obj!r}")


def decode(data: Any) -> Any:
    """The inverse of ``encode``; raises ``SaveError`` on anything it does not know."""
    if isinstance(data, list):
        return tuple(decode(x) for x in data)
    if isinstance(data, dict):
        kind = data.get("type")
        cls = _VALUES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise SaveError(f"unknown kind of action or card: {kind!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given != names:
            raise SaveError(f"{kind} needs fields {sorted(names)}, got {sorted(given)}")
        try:
            return cls(**{k: decode(data[k]) for k in names})
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

    cards: tuple

    def __post_init__(self) -> None:
        if isinstance(self.cards, list):  # keep it hashable and equal to its saved form
            object.__setattr__(self, "cards", tuple(self.cards))
        if not isinstance(self.cards, tuple):
            raise ValueError(f"a shuffle holds the deck as a tuple of cards, not {self.cards!r}")

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


# ---------------------------------------------------------------- the State protocol


class State:
    """Base class of every game's state. Subclasses set ``game``, ``PLAYERS``, ``OPTIONS`` and
    implement ``current_player``, ``_legal``, ``_check``, ``_do``, ``returns``, ``view``,
    ``__str__``."""

    game: ClassVar[str]
    PLAYERS: ClassVar[tuple[int, ...]]
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {}
    """option name -> allowed values; the first one is the default (None may stand for a default
    that depends on the number of players). ``True`` is not accepted for ``1``."""

    num_players: int
    seed: int
    options: dict[str, Any]
    history: tuple

    # -- creation
    @classmethod
    def new(cls, players: int | None = None, seed: int = 0, **options: Any) -> State:
        if players is None:
            players = cls.PLAYERS[0]
        if isinstance(players, bool) or not isinstance(players, int) or players not in cls.PLAYERS:
            raise ValueError(f"{cls.game} is played by {_or(cls.PLAYERS)} players, not {players!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
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
        state.num_players, state.seed, state.options, state.history = players, seed, chosen, ()
        state._setup()
        return state

    def _setup(self) -> None:
        raise NotImplementedError

    # -- the protocol
    @property
    def current_player(self) -> int | None:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list:
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
        outcomes = self.chance_outcomes()
        if outcomes is None:
            return self._sample_shuffle(rng)
        x, acc = rng.random(), Fraction(0)
        for outcome, p in outcomes:
            acc += p
            if x < acc:
                return outcome
        return outcomes[-1][0]

    def _sample_shuffle(self, rng: random.Random) -> Any:
        raise NotImplementedError

    def apply(self, action: Any, player: int | None = None) -> State:
        """A new state after ``action``; this one is unchanged. With ``player``, also check
        that it is that seat's turn. Raises ``IllegalAction`` naming the rule."""
        if self.is_terminal():
            raise IllegalAction("the game is over: no more actions")
        if player is not None and player != self.current_player:
            whose = "chance" if self.current_player == CHANCE else f"seat {self.current_player}"
            raise IllegalAction(f"turn order: it is {whose}'s turn, not seat {player}'s")
        self._check(action)
        new = copy.copy(self)
        new._do(action)
        new.history = (*self.history, action)
        return new

    def _legal(self) -> list:
        raise NotImplementedError

    def _check(self, action: Any) -> None:
        """Raise ``IllegalAction`` unless ``action`` is legal now. Must not change ``self``."""
        raise NotImplementedError

    def _do(self, action: Any) -> None:
        """Apply a checked action to this fresh copy, rebinding (never mutating) fields."""
        raise NotImplementedError

    def returns(self) -> list:
        raise NotImplementedError

    def view(self, seat: int, reveal: bool = False) -> dict:
        """JSON-ready data of exactly what ``seat`` may see now. With ``reveal=True`` (a
        teacher's view) also what it may not: every hand, in the form the game uses when it
        turns hands face up, and ``"revealed": True``."""
        raise NotImplementedError

    def at(self, move: int) -> State:
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
    def to_json(self) -> str:
        """The game as JSON: set-up and every action. ``engine.from_json`` replays it."""
        body = {
            "format": SAVE_FORMAT,
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "history": encode(self.history),
        }
        body["digest"] = _digest(body)
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


def _digest(body: dict) -> str:
    text = json.dumps({k: v for k, v in body.items() if k != "digest"}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load(text: str | bytes, games: dict[str, type[State]]) -> State:
    """Read a saved game, checking everything; raises ``SaveError`` saying what is wrong."""
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        why = e.msg if isinstance(e, json.JSONDecodeError) else e.reason
        raise SaveError(f"not a saved game: the text is not JSON ({why})") from None
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    if not isinstance(body, dict) or body.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game: format is not {SAVE_FORMAT!r}")
    need = {"format", "game", "players", "seed", "options", "history", "digest"}
    if set(body) != need:
        raise SaveError(f"saved game has fields {sorted(body)}, expected {sorted(need)}")
    if body["digest"] != _digest(body):
        raise SaveError("saved game was edited or damaged: its digest does not match")
    if not isinstance(body["game"], str) or body["game"] not in games:
        raise SaveError(f"unknown game {body['game']!r} (known: {', '.join(sorted(games))})")
    if not isinstance(body["options"], dict) or not isinstance(body["history"], list):
        raise SaveError("saved game: options must be an object and history a list")
    try:
        state = games[body["game"]].new(body["players"], body["seed"], **body["options"])
    except (TypeError, ValueError) as e:  # TypeError: an option named "players" or "seed"
        raise SaveError(f"saved game set-up is not valid: {e}") from None
    for k, action in enumerate(decode(body["history"])):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise SaveError(f"saved game: action {k + 1} ({action}) is illegal: {e}") from None
    return state


def _or(items) -> str:
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


# ---------------------------------------------------------------- bots


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Any:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
