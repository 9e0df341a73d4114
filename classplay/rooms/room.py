"""A room: one game at one table, its seats on different screens. The room is the authority:
it deals, moves chance and the bots, applies every player's action through the engine's
``check``, and tells each seat only what that seat may see: its ``view``, the actions it may
take, and each action as ``public(action, seat)`` describes it to that seat.

A room knows nothing of the network: ``classplay.rooms.server`` carries its messages, and keeps
its ``record`` in SQLite. What it says to a seat is plain JSON data, the same whoever listens:

- ``table(seat)``: the whole table as that seat sees it (on joining, on coming back);
- ``steps(seat, steps)``: the actions just made, each with the view after it.

A room opens in its lobby: seats fill, nothing is dealt and no bot moves until the game starts,
when the teacher starts it (``start``) or when every seat is taken. A seat that is not a
player's is a bot's; a player who is away (a dropped connection, for
longer than the teacher allows) has a bot stand in until they come back. The onlooker (the
teacher's projector, ``seat=None``) sees what every player sees, and every hand once the game
is over.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core import CHANCE, State, secret_seed
from engine.seat import Onlookers, decide, event_data
from engine.values import SaveError, decode, encode

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a join code: no 0 and O, no 1 and I (read off a projector, they look alike)."""
CODE_LENGTH = 4
"""Letters in a join code: 32**4, about a million codes, for a class's few rooms."""
STAND_IN = "basic"
"""The level of the bot that plays for a player who is away."""
NAME_CHARS = 24
"""The longest name a player may give."""


class Refused(ValueError):
    """A message a room does not take (a move out of turn, a stale click, a seat taken): the
    words say why; nothing changed."""


@dataclass
class Sitter:
    """Who sits in a seat: ``kind`` is ``"open"`` (waiting for a player), ``"player"`` (a
    person, known by ``user``) or ``"bot"`` (of ``level``). ``away`` is True while a
    player's seat is played by a stand-in bot."""

    kind: str = "open"
    name: str = ""
    user: str | None = None
    level: str | None = None
    away: bool = False
    paused: bool = False
    """A player's table is paused at a round's end, waiting for their Continue (their
    table says so: ``Room.pause``)."""

    def data(self) -> dict[str, Any]:
        """What every seat may know of this one: its kind, its name, whether it is away,
        whether its table waits for the player's Continue."""
        return {"kind": self.kind, "name": self.name, "away": self.away, "paused": self.paused}


@dataclass(frozen=True)
class Step:
    """One action made in a room: the state ``before`` it, the ``action``, the state after."""

    before: State[Any]
    action: Any
    after: State[Any]


@dataclass
class Room:
    """One game at one table, with its seats. Made by ``Room.create``; brought back from its
    ``record`` by ``Room.from_record`` (the game replayed through the rules)."""

    code: str
    state: State[Any]
    sitters: list[Sitter]
    hints: bool = False
    """Whether the players' tables may show a hint (off unless the teacher allows it)."""
    takeover: float | None = None
    """Seconds a player may be away before a bot plays for them (None: the seat waits)."""
    games: int = 1
    """How many games this room has dealt (the one on the table included)."""
    started: bool = True
    """False while the room is a lobby: nothing dealt, no bot moved (``start``)."""
    onlookers: Onlookers = field(init=False)

    def __post_init__(self) -> None:
        self.onlookers = Onlookers(self.state)

    # -- making a room
    @classmethod
    def create(
        cls,
        code: str,
        game: str,
        players: int | None = None,
        *,
        bots: Mapping[int, str] | None = None,
        hints: bool = False,
        takeover: float | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Room:
        """A new room playing ``game``: ``bots`` gives the seats played by bots (seat ->
        level), the others wait for players. It opens as a lobby (nothing dealt) unless every
        seat is a bot's. The seed is secret (drawn from the operating system) unless given (a
        test's)."""
        if type(hints) is not bool:
            raise ValueError(f"hints is True or False, not {hints!r}")
        state = engine.new_game(game, players, _seed(seed), **dict(options or {}))
        sitters = [Sitter() for _ in range(state.num_players)]
        for seat, level in (bots or {}).items():
            state.check_seat(seat)
            sitters[seat] = _bot(state, seat, level)
        room = cls(code, state, sitters, hints, takeover_seconds(takeover), started=False)
        room._start_when_full()
        return room

    def record(self) -> dict[str, Any]:
        """Everything the room holds, as JSON data (``from_record`` reads it back)."""
        return {
            "code": self.code,
            **_game_record(self.state),
            "sitters": [vars(sitter) for sitter in self.sitters],
            "hints": self.hints,
            "takeover": self.takeover,
            "games": self.games,
            "started": self.started,
        }

    @classmethod
    def from_record(cls, data: Mapping[str, Any]) -> Room:
        """The room ``record`` wrote, its game replayed through the rules; raises
        ``SaveError`` for a record that is damaged or does not replay."""
        try:
            state = replay(data)
            sitters = [Sitter(**s) for s in data["sitters"]]
            if len(sitters) != state.num_players:
                raise ValueError("a sitter for each seat")
            return cls(
                data["code"],
                state,
                sitters,
                bool(data["hints"]),
                takeover_seconds(data["takeover"]),
                int(data["games"]),
                data.get("started", True) is True,
            )
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"room record cannot be read: {e}") from None

    # -- seats
    def sit(self, user: str, seat: int | None = None, name: str = "") -> int:
        """Seat ``user`` (a player known by this identity): at their own seat if they have one
        (coming back), else at ``seat`` if it is open, else (``seat`` None) at the first open
        seat. Returns the seat."""
        mine = self.seat_of(user)
        if mine is not None:
            if seat is not None and seat != mine:
                raise Refused(f"you already sit at seat {mine} of this table")
            self.sitters[mine].away = self.sitters[mine].paused = False  # a fresh table
            return mine
        if seat is None:
            open_seats = [s for s, sitter in enumerate(self.sitters) if sitter.kind == "open"]
            if not open_seats:
                raise Refused("every seat at this table is taken")
            seat = open_seats[0]
        if type(seat) is not int or not 0 <= seat < len(self.sitters):
            raise Refused(f"no seat {seat!r} at a {len(self.sitters)}-player table")
        if self.sitters[seat].kind != "open":
            raise Refused(f"seat {seat} is taken")
        self.sitters[seat] = Sitter("player", player_name(name, seat), user)
        self._start_when_full()
        return seat

    def seat_of(self, user: str) -> int | None:
        """The seat of the player known as ``user``, if they sit here."""
        for seat, sitter in enumerate(self.sitters):
            if sitter.kind == "player" and sitter.user == user:
                return seat
        return None

    def stand_in(self, seat: int, away: bool = True) -> list[Step]:
        """A player's seat is played by a bot while they are away (``away=False``: they are
        back). Returns the moves the bot made at once."""
        sitter = self.sitters[seat]
        if sitter.kind != "player":
            raise Refused(f"seat {seat} has no player to stand in for")
        sitter.away = away
        return self.advance() if away else []

    def make_bot(self, seat: int, level: str = STAND_IN) -> list[Step]:
        """The teacher gives ``seat`` to a bot of ``level`` for good (a student who left, a
        free seat; the last open seat so filled starts the game). Returns the moves made at
        once."""
        self.state.check_seat(seat)
        self.sitters[seat] = _bot(self.state, seat, level)
        return self._start_when_full() if not self.started else self.advance()

    def pause(self, seat: int, on: Any) -> None:
        """Seat ``seat``'s table is paused at a round's end (``on``), or its player clicked
        Continue: every screen can say whose Continue the table waits for."""
        if type(on) is not bool:
            raise Refused("a pause is on (true) or off (false)")
        self.sitters[seat].paused = on and self.sitters[seat].kind == "player"

    def awaited(self) -> list[int]:
        """The seats the lobby still waits for (open seats)."""
        return [s for s, sitter in enumerate(self.sitters) if sitter.kind == "open"]

    # -- the lobby
    def start(self) -> list[Step]:
        """The teacher starts the game: the deal, and the bots' first moves (open seats
        wait for their players, as a player away does). Returns the moves made."""
        if self.started:
            raise Refused("the game has started already")
        self.started = True
        return self.advance()

    def _start_when_full(self) -> list[Step]:
        """Start the game once no seat is open (every player has come)."""
        return [] if self.started or self.awaited() else self.start()

    # -- playing
    def act(self, seat: int, move: Any, action: Any) -> list[Step]:
        """A player's action, as a client sends it: ``move`` (how many actions the client had
        seen: a click on a table that has moved on is stale) and ``action`` (the action's
        JSON). Checked like a click, through the rules; refused with the reason, the game
        unchanged. Returns the action's step and the moves of chance and bots after it."""
        state = self.state
        if not self.started:
            raise Refused(
                "the game has not started: the teacher starts it, or it starts once every "
                "seat is taken"
            )
        if self.sitters[seat].kind != "player":
            raise Refused(f"seat {seat} is not a player's")
        if type(move) is not int or move != len(state.history):
            raise Refused(
                f"the table has moved on (move {len(state.history)}, not {move!r}): look again"
            )
        try:
            chosen = decode(action, type(state).kinds())
        except SaveError as e:
            raise Refused(f"not an action of {state.game}: {e}") from None
        try:
            state.check(chosen, player=seat)
        except engine.IllegalAction as e:
            raise Refused(str(e)) from None
        return [self._apply(chosen), *self.advance()]

    def advance(self) -> list[Step]:
        """Chance and the bots (and the stand-ins for players away) move until a player is
        to act or the game is over (nothing moves in the lobby)."""
        steps = self.chance()
        while (due := self.bot_due()) is not None:
            steps += self.bot_acts(due[0], self._decide(*due))
        return steps

    # -- bots decided elsewhere (the server's worker processes): ``advance`` in three parts
    def chance(self) -> list[Step]:
        """Chance moves until a seat (a player's or a bot's) is to act or the game is over (none
        in the lobby)."""
        steps: list[Step] = []
        while self.started and not self.state.is_terminal() and self.state.current_player == CHANCE:
            steps.append(self._apply(self.state.sample_chance()))
        return steps

    def bot_due(self) -> tuple[int, str] | None:
        """The seat a bot must decide for now, and the bot's level (a stand-in's for a player
        away); None when a player is to act, in the lobby, or when the game is over."""
        seat = self.state.current_player
        if not self.started or self.state.is_terminal() or seat is None or seat == CHANCE:
            return None
        sitter = self.sitters[seat]
        if not (sitter.kind == "bot" or sitter.away):
            return None
        return seat, sitter.level or STAND_IN

    def bot_acts(self, seat: int, action: Any) -> list[Step]:
        """The bot's ``action`` for ``seat`` (decided elsewhere, by ``bot_decision``),
        checked through the rules, and chance after it."""
        if self.bot_due() is None or self.state.current_player != seat:
            raise Refused(f"no bot is to act for seat {seat} now")
        self.state.check(action, player=seat)
        return [self._apply(action), *self.chance()]

    def _decide(self, seat: int, level: str) -> Any:
        """A bot's action, its random numbers drawn afresh for each decision from the room's
        seed, the seat and the move: the same whether or not the server restarted."""
        bot = engine.make_bot(self.state.game, level)
        if hasattr(bot, "rng"):
            bot.rng.seed(f"{self.state.seed}:{seat}:{len(self.state.history)}")
        return decide(bot, self.state, self.onlookers)

    def _apply(self, action: Any) -> Step:
        before = self.state
        self.state = before.apply(action)
        self.onlookers.seen(before, action)
        return Step(before, action, self.state)

    def next_game(self) -> list[Step]:
        """A new game at this table: the same players and options, a new secret seed."""
        s = self.state
        self.state = engine.new_game(s.game, s.num_players, _seed(None), **s.options)
        self.onlookers = Onlookers(self.state)
        self.games += 1
        for sitter in self.sitters:
            sitter.paused = False  # every table starts the new game afresh
        return self.advance()

    # -- what each seat is told
    def table(self, seat: int | None) -> dict[str, Any]:
        """The whole table as ``seat`` sees it (None: the onlooker): its view, the actions it
        may take, every action so far as it saw them, and who sits where."""
        s = self.state
        if seat is None:
            events = [_onlooker_event(before, action) for before, action in self.onlookers.before]
        else:
            events = [event_data(e) for e in self.onlookers.events_of(seat)]
        return {
            "type": "table",
            "room": self.code,
            "game": s.game,
            "players": s.num_players,
            "options": s.options,
            "seat": seat,
            "hints": self.hints,
            "games": self.games,
            "started": self.started,
            "sitters": [sitter.data() for sitter in self.sitters],
            "events": events,
            **self._seen(s, seat),
        }

    def steps(self, seat: int | None, steps: Sequence[Step]) -> dict[str, Any]:
        """The actions of ``steps`` as ``seat`` (None: the onlooker) saw them, each with the
        view after it."""
        return {
            "type": "steps",
            "steps": [
                {
                    "event": (
                        _onlooker_event(step.before, step.action)
                        if seat is None
                        else event_data(step.before.public(step.action, seat))
                    ),
                    **self._seen(step.after, seat),
                }
                for step in steps
            ],
        }

    def sitters_message(self) -> dict[str, Any]:
        """Who sits where, for every seat after a change, and whether the game has started
        (a screen in the lobby asks for its table once it has)."""
        return {
            "type": "sitters",
            "sitters": [sitter.data() for sitter in self.sitters],
            "started": self.started,
        }

    @staticmethod
    def _seen(state: State[Any], seat: int | None) -> dict[str, Any]:
        """``move``, ``view``, ``legal`` and, once the game is over, ``returns`` and ``game``
        (the whole game, every hand in it: nothing is hidden any more)."""
        over = state.is_terminal()
        if seat is None:
            view = _plain(state.view(0, reveal=True)) if over else onlooker_view(state)
            legal: list[Any] = []
        else:
            view = _plain(state.view(seat))
            legal = state.legal_actions() if state.current_player == seat else []
        return {
            "move": len(state.history),
            "view": view,
            "legal": encode(legal),
            "returns": state.returns() if over else None,
            "record": _game_record(state) if over else None,
        }


def onlooker_view(state: State[Any]) -> dict[str, Any]:
    """What every player of ``state`` sees alike, as a view: each entry all the seats' views
    agree on; in an entry with one value per seat (``hands``, ``scores``), each value all the
    seats agree on; None where they differ (a hand, a card only one seat has seen). ``seat`` is
    None. So nothing in it is known to one player and not to the others."""
    views = [_plain(state.view(s)) for s in range(state.num_players)]
    out = common(views, state.num_players)
    out["seat"] = None
    return out


def common(views: Sequence[dict[str, Any]], players: int) -> dict[str, Any]:
    """The entries of ``views`` (dicts of JSON data) that all of them agree on; a list of one
    value per player, or a list of records (dicts: the rounds, the tricks, the deals so far,
    as many in every view), is compared item by item; any other difference is None."""
    out: dict[str, Any] = {}
    for key in views[0]:
        values = [v.get(key) for v in views]
        first = values[0]
        if all(v == first for v in values):
            out[key] = first
        elif all(isinstance(v, list) and len(v) == players for v in values) or _records(values):
            out[key] = [
                column[0] if all(x == column[0] for x in column) else None
                for column in zip(*values, strict=True)
            ]
        else:
            out[key] = None
    return out


def _plain(view: Any) -> dict[str, Any]:
    """A view as the JSON a client receives (tuples read back as lists)."""
    out: dict[str, Any] = json.loads(json.dumps(view))
    return out


def _records(values: list[Any]) -> bool:
    """Whether ``values`` are lists of records (dicts), as many in each."""
    return all(
        isinstance(v, list) and len(v) == len(values[0]) and all(isinstance(x, dict) for x in v)
        for v in values
    )


def _onlooker_event(before: State[Any], action: Any) -> dict[str, Any]:
    """An action as the onlooker sees it: as every player who did not make it saw it, if they
    all saw it alike; else only who acted."""
    actor = before.current_player
    seen = [event_data(before.public(action, s)) for s in range(before.num_players) if s != actor]
    if all(e == seen[0] for e in seen):
        return seen[0]
    return event_data(engine.Event(actor if actor != CHANCE else None, "", "moves"))


def _game_record(state: State[Any]) -> dict[str, Any]:
    """A finished game as JSON data: its set-up and every action (``replay`` reads it)."""
    return {
        "game": state.game,
        "players": state.num_players,
        "seed": state.seed,
        "options": state.options,
        "history": encode(state.history),
    }


def replay(record: Mapping[str, Any]) -> State[Any]:
    """The game of ``_game_record``'s data, replayed through the rules (``SaveError`` if it
    does not replay)."""
    try:
        state = engine.new_game(
            record["game"], record["players"], record["seed"], **dict(record["options"])
        )
        for action in decode(record["history"], type(state).kinds()):
            state = state.apply(action)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        raise SaveError(f"the finished game cannot be replayed: {e}") from None
    return state


def bot_decision(record: Mapping[str, Any], seat: int, level: str) -> Any:
    """The action a bot of ``level`` takes for ``seat`` in the game of ``record`` (a room's
    ``record``), as JSON: what a worker process works out for a server, the same as the room's
    own ``advance`` would (the bot's random numbers come from the seed, the seat and the
    move)."""
    room = Room.from_record(record)
    return encode(room._decide(seat, level))


def new_code(taken: Iterable[str] = ()) -> str:
    """A join code not among ``taken``: four letters a class reads off a projector."""
    used = set(taken)
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in used:
            return code


def _seed(seed: int | None) -> int:
    """``seed``, or a secret one: nobody can work out the deal from it."""
    return secret_seed() if seed is None else seed


def _bot(state: State[Any], seat: int, level: str) -> Sitter:
    engine.make_bot(state.game, level)  # raises ValueError for a level the game has not
    return Sitter("bot", f"Bot {seat}", None, level)


def takeover_seconds(seconds: Any) -> float | None:
    """The teacher's time before a bot plays for a player away, checked: seconds (0 or more),
    or None (the seat waits)."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
        raise ValueError(f"takeover is a number of seconds (0 or more) or None, not {seconds!r}")
    return float(seconds)


def player_name(name: Any, seat: int) -> str:
    """A player's name as given, trimmed to ``NAME_CHARS`` printable characters."""
    text = "".join(c for c in str(name) if c.isprintable()).strip()[:NAME_CHARS]
    return text or f"Player {seat}"
