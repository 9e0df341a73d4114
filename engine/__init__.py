"""Rules engines for five tabletop games, all speaking one protocol (see ``engine.core``).

>>> import engine
>>> s = engine.new_game("plates", players=4, seed=7)
>>> s.current_player == engine.CHANCE
True
>>> s = s.apply(s.sample_chance())
>>> s.current_player
0

A game's package (``engine.plates``...) is imported when it is first used, not by
``import engine``: a lesson on one game pays for that game only.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from importlib.resources import files
from typing import Any

from . import cards
from .bots import RandomBot
from .core import CHANCE, REGISTERED, Auction, Event, State, state_class_name
from .seat import Onlookers, Seat, decide, reads_a_state, seat_of
from .values import IllegalAction, SaveError, Shuffle


def _game_packages() -> tuple[str, ...]:
    """The games: the packages of ``engine`` that hold a ``rules`` module (found without
    importing them), in alphabetical order."""
    here = files(__name__)
    return tuple(sorted(p.name for p in here.iterdir() if p.joinpath("rules.py").is_file()))


_NAMES = _game_packages()


class _Games(Mapping[str, type[State[Any]]]):
    """The registry: game name -> state class. The names are known at once; a game's package is
    imported when its class is first looked up, and its state class registers itself
    (``engine.core.REGISTERED``). Read-only."""

    def __getitem__(self, game: str) -> type[State[Any]]:
        if game not in _NAMES:
            raise KeyError(game)
        if game not in REGISTERED:
            import_module(f"{__name__}.{game}")
        if game not in REGISTERED:
            raise LookupError(f"engine.{game} has no {state_class_name(game)} with game = {game!r}")
        return REGISTERED[game]

    def __contains__(self, game: object) -> bool:
        return game in _NAMES

    def __iter__(self) -> Iterator[str]:
        return iter(_NAMES)

    def __len__(self) -> int:
        return len(_NAMES)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_NAMES)})"


GAMES: Mapping[str, type[State[Any]]] = _Games()
"""Game name -> state class: ``GAMES["plates"] is engine.plates.PlatesState``."""


def __getattr__(name: str) -> Any:
    """Imported on first use: a game's package (``engine.plates``), its state class
    (``engine.PlatesState``) and ``engine.odds``, which ``import engine`` used to import."""
    if name in _NAMES or name == "odds":
        return import_module(f"{__name__}.{name}")
    for game in _NAMES:
        if name == state_class_name(game):
            return GAMES[game]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_NAMES, *map(state_class_name, _NAMES), "odds"})


def new_game(game: str, players: int | None = None, seed: int = 0, **options: Any) -> State[Any]:
    """A new game before its first chance event: ``new_game("plates", players=4, seed=7)``."""
    return _game(game).new(players, seed, **options)


def from_json(text: str | bytes, key: bytes | None = None) -> State[Any]:
    """A saved game, replayed and checked; raises ``SaveError`` (a ``ValueError``). With
    ``key`` (by default ``TABLETOP_SAVE_KEY`` from the environment, if set) only a save
    signed with it loads."""
    from .saves import load

    return load(text, GAMES, key)


def make_bot(game: str, level: str = "basic", seed: int = 0) -> Any:
    """A bot with ``choose(seat)`` (a ``Seat``, or a ``State``: its player to move), deciding
    from its seat's view and the legal actions."""
    bots = _game(game).BOTS
    if level not in bots:
        raise ValueError(f"{game} bots come in levels {', '.join(bots)}, not {level!r}")
    return bots[level](seed=seed)


def play(state: State[Any], bots: list[Any], rng: Any = None) -> State[Any]:
    """Play on to the end: each seat's bot or strategy chooses (``decide``: a strategy gets its
    ``Seat``), chance is sampled (from ``rng`` if given)."""
    onlookers = None if all(map(reads_a_state, bots)) else Onlookers(state)
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None  # a game that is not over has a player or chance to move
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = decide(bots[seat], state, onlookers)
        if onlookers:
            onlookers.seen(state, action)
        state = state.apply(action)
    return state


def _game(game: str) -> type[State[Any]]:
    if not isinstance(game, str):
        raise ValueError(f"game must be a game's name (text), not {game!r:.60}")
    if game not in GAMES:
        raise ValueError(f"no game {game!r}: the games are {', '.join(sorted(GAMES))}")
    return GAMES[game]


__all__ = [
    "CHANCE",
    "GAMES",
    "Auction",
    "Event",
    "IllegalAction",
    "Onlookers",
    "RandomBot",
    "SaveError",
    "Seat",
    "Shuffle",
    "State",
    "cards",
    "decide",
    "from_json",
    "make_bot",
    "new_game",
    "play",
    "seat_of",
]
