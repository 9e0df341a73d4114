"""Rules engines for five tabletop games, all speaking one protocol (see ``engine.core``).

>>> import engine
>>> s = engine.new_game("plates", players=4, seed=7)
>>> s.current_player == engine.CHANCE
True
>>> s = s.apply(s.sample_chance())
>>> s.current_player
0
"""

from __future__ import annotations

from typing import Any

from . import cards
from .core import CHANCE, Auction, Event, IllegalAction, RandomBot, SaveError, Shuffle, State
from .india import IndiaState
from .michigan import MichiganState
from .plates import PlatesState
from .rummy import RummyState
from .rupees import RupeesState

GAMES: dict[str, type[State[Any]]] = {
    cls.game: cls for cls in (PlatesState, RupeesState, IndiaState, MichiganState, RummyState)
}
"""Game name -> state class."""


def new_game(game: str, players: int | None = None, seed: int = 0, **options: Any) -> State[Any]:
    """A new game before its first chance event: ``new_game("plates", players=4, seed=7)``."""
    return _game(game).new(players, seed, **options)


def from_json(text: str | bytes) -> State[Any]:
    """A saved game, replayed and checked; raises ``SaveError`` (a ``ValueError``)."""
    from .core import load

    return load(text, GAMES)


def make_bot(game: str, level: str = "basic", seed: int = 0) -> Any:
    """A bot with ``choose(state)``, deciding from its seat's view and the legal actions."""
    bots = _game(game).BOTS
    if level not in bots:
        raise ValueError(f"{game} bots come in levels {', '.join(bots)}, not {level!r}")
    return bots[level](seed=seed)


def play(state: State[Any], bots: list[Any], rng: Any = None) -> State[Any]:
    """Play on to the end: each seat's bot chooses, chance is sampled (from ``rng`` if given)."""
    while not state.is_terminal():
        seat = state.current_player
        assert seat is not None  # a game that is not over has a player or chance to move
        action = state.sample_chance(rng) if seat == CHANCE else bots[seat].choose(state)
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
    "RandomBot",
    "SaveError",
    "Shuffle",
    "State",
    "cards",
    "from_json",
    "make_bot",
    "new_game",
    "play",
]
