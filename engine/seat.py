"""What one player may know when it decides: its ``Seat``. A strategy written by a student
receives a Seat, never a ``State``::

    class MyStrategy:
        def choose(self, seat):
            return seat.legal_actions()[0]

A Seat holds plain data only, copied out of the game: the seat's view, the actions it may
take, every action so far as this seat saw it, and how many there were. Nothing in it leads
back to the game, its seed, its shuffles and throws, or a card this seat cannot see, so the
same Seat, made again from its JSON (``Seat.from_data``), is what a strategy running in a
process of its own receives.

The odds helpers that work from a view take ``seat.view``:

- plates: ``engine.plates.bid_chance_from_view(view, bid=None)``, ``what_seat_knows(view)``
- India: ``seat.legal_options()`` (each legal move with what it does),
  ``engine.india.board_from_view(view)`` (the ``Position`` that ``hit_risk``,
  ``turn_hit_risk`` and ``hitting_throws`` read)
- Michigan: ``engine.michigan.next_card_dead_chance(view, card=None)``
- rummy: ``engine.rummy.unseen_cards(view)``, ``discard_danger(card, view)``
- Rupees: ``engine.rupees.unseen_money(view)``

The engine's bots (``engine.make_bot``) accept a Seat as well as a State, so a strategy can ask
one: ``engine.make_bot("rupees", "basic").choose(seat)``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .core import CHANCE, Event, State
from .values import decode, encode


@dataclass(frozen=True, eq=False)
class Seat:
    """One player's seat at the moment it is asked to decide.

    ``game``, ``seat`` (its number), ``players``; ``view`` (``state.view(seat)``, a JSON copy
    of its own); ``events`` (every action so far as this seat saw it: ``state.public``);
    ``move`` (how many actions so far); ``legal_actions()`` (the actions it may take now: none
    when it is not its turn)."""

    game: str
    seat: int
    players: int
    view: dict[str, Any]
    events: tuple[Event, ...]
    move: int
    legal: tuple[Any, ...]

    def legal_actions(self) -> list[Any]:
        """The actions this seat may take now (a new list: changing it changes nothing)."""
        return list(self.legal)

    def legal_options(self) -> tuple[Any, ...]:
        """Each legal move with what it does, in the order of ``legal_actions``, for a game
        whose state reads them from a view (India: ``engine.india.Option``, the dice it uses,
        the pieces after it, the piece it captures)."""
        return options_of(self.game, self.view, self.legal)

    def to_data(self) -> dict[str, Any]:
        """Everything this Seat holds, as JSON data (``from_data`` reads it back)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "players": self.players,
            "view": self.view,
            "events": [event_data(e) for e in self.events],
            "move": self.move,
            "legal": encode(self.legal),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Seat:
        """A Seat from ``to_data``'s JSON data; actions are read as the game's own classes
        only (``SaveError`` on anything else)."""
        from . import GAMES

        kinds = GAMES[data["game"]].kinds()
        return cls(
            data["game"],
            data["seat"],
            data["players"],
            data["view"],
            tuple(event_from(e) for e in data["events"]),
            data["move"],
            decode(data["legal"], kinds),
        )

    def __repr__(self) -> str:
        return f"<{self.game} seat {self.seat} of {self.players}, move {self.move}>"


def options_of(game: str, view: Any, legal: Sequence[Any]) -> tuple[Any, ...]:
    """The legal moves with what each does, read from a seat's ``view`` by the game's own
    ``options_from_view`` (none while ``legal`` is empty); ``AttributeError`` for a game
    without options."""
    from . import GAMES

    read = getattr(GAMES[game], "options_from_view", None)
    if read is None:
        raise AttributeError(f"{game} has no options: use seat.legal_actions()")
    options: tuple[Any, ...] = read(view) if legal else ()
    return options


def seat_of(state: State[Any], seat: int | None = None) -> Seat:
    """The Seat of ``seat`` (default: the player to move) in ``state``. Its events are worked
    out by replaying the game, in time proportional to its length; a loop over a whole game
    keeps an ``Onlookers`` instead (as ``engine.play`` does)."""
    return Onlookers(state).seat(state, seat)


class Onlookers:
    """The events of one game as every seat saw them, kept up as the game goes on: ``seen``
    records each action with the state before it, ``seat`` makes a Seat. Each seat's events
    are worked out the first time it is asked for, and only the new ones after that."""

    def __init__(self, state: State[Any]) -> None:
        self.before: list[tuple[State[Any], Any]] = []
        self.events: dict[int, list[Event]] = {}
        if state.history:
            replay = state.at(0)
            for action in state.history:
                self.seen(replay, action)
                replay = replay.apply(action)

    def seen(self, before: State[Any], action: Any) -> None:
        """Record ``action``, taken in ``before``."""
        self.before.append((before, action))

    def events_of(self, seat: int) -> list[Event]:
        """Every action recorded so far as ``seat`` saw it (the list kept here: do not change
        it)."""
        events = self.events.setdefault(seat, [])
        for before, action in self.before[len(events) :]:
            events.append(event_from(event_data(before.public(action, seat))))
        return events

    def seat(self, state: State[Any], seat: int | None = None) -> Seat:
        """The Seat of ``seat`` (default: the player to move) in ``state``, the game so far."""
        if seat is None:
            seat = state.current_player
            if seat is None or seat == CHANCE:
                raise ValueError("no player is to move: name the seat")
        state.check_seat(seat)
        if len(self.before) != len(state.history):
            raise ValueError("these onlookers followed another game")
        events = self.events_of(seat)
        legal = state.legal_actions() if state.current_player == seat else []
        return Seat(
            state.game,
            seat,
            state.num_players,
            json.loads(json.dumps(state.view(seat))),
            tuple(events),
            len(state.history),
            tuple(legal),
        )


def event_data(event: Event) -> dict[str, Any]:
    """An ``Event`` as JSON data."""
    return {
        "seat": event.seat,
        "verb": event.verb,
        "what": event.what,
        "third": event.third,
        "marks": [[key, value] for key, value in event.marks],
    }


def event_from(data: dict[str, Any]) -> Event:
    """An ``Event`` from ``event_data``, its marks' lists read back as tuples."""
    marks = tuple((key, _tupled(value)) for key, value in data["marks"])
    return Event(data["seat"], data["verb"], data["what"], data["third"], marks)


def _tupled(data: Any) -> Any:
    return tuple(_tupled(x) for x in data) if isinstance(data, list) else data


# ---------------------------------------------------------------- the engine's bots


class SeatState:
    """A Seat in the shape the engine's bots read a ``State`` in: the player to move
    (``current_player``), ``view(seat)`` of that seat only, ``legal_actions()``, India's
    ``legal_options()``, and ``history`` (the seat's events: how many actions so far)."""

    def __init__(self, seat: Seat) -> None:
        self.game, self.num_players = seat.game, seat.players
        self.current_player = seat.seat
        self.history: Sequence[Event] = seat.events
        self._seat = seat

    def view(self, seat: int, reveal: bool = False) -> Any:
        if seat != self._seat.seat or reveal:
            raise ValueError(f"seat {self._seat.seat} sees only its own view")
        return self._seat.view

    def legal_actions(self) -> list[Any]:
        return self._seat.legal_actions()

    def legal_options(self) -> tuple[Any, ...]:
        return self._seat.legal_options()


def reads_a_state(player: Any) -> bool:
    """Whether ``player`` is one of the engine's bots, which may be given the State itself
    (they read only the mover's view and the legal actions)."""
    return getattr(getattr(type(player), "choose", None), "reads_a_state", False) is True


def decide(player: Any, state: State[Any], onlookers: Onlookers | None = None) -> Any:
    """``player``'s action for the player to move in ``state``: an engine bot is given the
    State, any other strategy (a student's) its ``Seat`` (the game so far from
    ``onlookers``, when the caller keeps them)."""
    if reads_a_state(player):
        return player.choose(state)
    return player.choose((onlookers or Onlookers(state)).seat(state))
