"""A seat's table in a room: the game's own table widget, drawn from what the room's server
tells this seat and nothing else (``classplay.rooms.room``: its view, the actions it may take,
each action as it saw it).

The table holds a ``SeatGame`` where a local table holds the game's ``State``: the same
questions (whose turn, the view, the legal actions, is it over) answered from the seat's
messages. A click is checked against the actions the server listed, then sent to the server
(``send``), which checks it again through the rules; the table moves only when the server's
steps arrive (``receive``), each drawn in turn as a local table draws its bots' moves. Once
the game is over the server sends the whole game, and the table holds the real ``State``:
the replay, the review and Save game work as at any table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

import engine
from classplay.rooms.room import replay
from engine.seat import event_from, options_of
from engine.values import SaveError, decode, encode

from .. import present
from ..coaching import Coaching
from ..display import Display


class SeatGame:
    """The game as one seat knows it (``seat`` None: the onlooker, who knows what every
    player knows): in the shape a table and the engine's bots read a ``State`` in, answered
    from the room's messages (a game's table reads the rest from the view)."""

    def __init__(
        self,
        game: str,
        players: int,
        options: Mapping[str, Any],
        seat: int | None,
        message: Mapping[str, Any],
        history: engine.core.History,
    ) -> None:
        self.game, self.num_players, self.options = game, players, dict(options)
        self.seat = seat
        self._view: dict[str, Any] = message["view"]
        self.history = history
        """The actions so far, as this seat saw them (``engine.Event``)."""
        kinds = engine.GAMES[game].kinds()
        self._legal = list(decode(message["legal"], kinds))
        self._returns: list[int] | None = message["returns"]
        to_move = self._view.get("to_move")
        if to_move is None and self._returns is None:
            to_move = engine.CHANCE  # the seats' views disagree on it: the onlooker names nobody
        self.current_player: int | None = None if self._returns is not None else to_move

    @property
    def move(self) -> int:
        return len(self.history)

    def is_terminal(self) -> bool:
        return self.current_player is None

    def view(self, seat: int, reveal: bool = False) -> Any:
        """This seat's view (the onlooker's, for any seat it is asked of)."""
        if reveal or (self.seat is not None and seat != self.seat):
            raise ValueError(f"seat {self.seat} sees only its own view")
        return self._view

    def legal_actions(self) -> list[Any]:
        return list(self._legal)

    def legal_options(self) -> tuple[Any, ...]:
        """India only: each legal move with what it does, worked out from the view."""
        return options_of(self.game, self._view, self._legal)

    def check(self, action: Any, player: int | None = None) -> None:
        """Raise ``IllegalAction`` unless ``action`` is among the actions the server listed
        for this seat (the server checks it again, through the rules)."""
        if self.is_terminal():
            raise engine.IllegalAction("the game is over: no more actions")
        if player is not None and player != self.current_player:
            raise engine.IllegalAction(f"turn order: it is not seat {player}'s turn")
        if action not in self._legal:
            raise engine.IllegalAction(f"{action} is not a legal action now")

    def returns(self) -> list[int]:
        if self._returns is None:
            raise ValueError("the game is not over")
        return list(self._returns)

    def winners(self) -> list[int]:
        if self._returns is None:
            return []
        best = max(self._returns)
        return [s for s, r in enumerate(self._returns) if r == best]

    def __repr__(self) -> str:
        return f"<{self.game} game as seat {self.seat} knows it: move {self.move}>"


LATEST = 6
"""The moves the projector's table lists beside the board."""


class RoomTable:
    """Mixed into a game's table (``room_table(game)``) to play one seat of a room, or to show
    the onlooker's table (the teacher's projector: ``seat`` None, no controls that act). Its
    methods are written against ``Table``."""

    TOOLS_IN_PLAY: ClassVar[tuple[type, ...]] = (Coaching, Display)
    """The tools under the table while the game is on (the replay, the review and Save game
    need the whole game: all the tools come once it is over)."""

    def __init__(self, message: Mapping[str, Any], send: Callable[[dict[str, Any]], None]):
        """The table of ``message`` (the server's ``table``), sending the seat's actions with
        ``send``."""
        self.send: Callable[[dict[str, Any]], None] = send
        self._sent: int | None = None
        """The move at which this seat's action was sent, until the server answers."""
        self._held: list[dict[str, Any]] = []
        """The server's steps after a pause, drawn once Continue is clicked."""
        self._told_paused = False
        """Whether the server was told this table waits for its player's Continue."""
        self.room = message["room"]
        self.room_hints = bool(message["hints"])
        self.sitters: list[dict[str, Any]] = list(message["sitters"])
        self._start = _start_of(message)
        self.onlooker = message["seat"] is None
        game = self._seat_game(message, _events(message["events"]))
        humans = (0,) if self.onlooker else (message["seat"],)
        nobody = {s: None for s in range(game.num_players) if s not in humans}
        super().__init__(game, humans=humans, bots=nobody)  # type: ignore[call-arg]
        if self.onlooker:
            self.add_class("tt-onlooker")  # type: ignore[attr-defined]  # no controls shown
        self._log(game.history)
        if message["record"] is not None:
            self._finished(message["record"])
        self.redraw()  # type: ignore[attr-defined]

    def _seat_game(self, message: Mapping[str, Any], history: engine.core.History) -> SeatGame:
        m = {**self._start, **message}
        return SeatGame(m["game"], m["players"], m["options"], m["seat"], m, history)

    def _tools(self, tools: Sequence[type] | None = None) -> tuple[widgets.Widget, ...]:
        """The tools under the table: ``TOOLS_IN_PLAY`` while the game is on, else ``tools``.
        The projector's has no Hint or Review (it is nobody's seat)."""
        chosen = self.TOOLS_IN_PLAY if tools is None else tools
        made = tuple(tool(self) for tool in chosen if not (self.onlooker and tool is Coaching))
        for tool in made:
            if self.onlooker and isinstance(tool, Display):
                tool.large.value = True  # the projector opens in large print
        return made

    def picture(self) -> tuple[str, str]:
        """As any table; the projector's picture is spoken as the class's, not a seat's."""
        t: Any = self
        svg, label = super().picture()  # type: ignore[misc]
        if self.onlooker:
            label = label.replace(f"seen by {t.names[t.viewer]}", "seen by the class")
        return svg, label

    def _present(self) -> None:
        """As any table; the projector's "Since your last move" is the latest moves (it is
        nobody's seat)."""
        t: Any = self
        super()._present()  # type: ignore[misc]
        if self.onlooker:
            lines = t.move_log.lines(t.humans[0], upto=len(t.shown.history))
            with t.board.hold_sync():
                t.board.recent_title = "Latest moves" if lines else ""
                t.board.recent = lines[-LATEST:]

    # -- who sits where
    def _name(self, seat: int) -> str:
        if not self.onlooker and seat in self.humans:  # type: ignore[attr-defined]
            return "You"
        sitter = self.sitters[seat]
        name = sitter.get("name") or f"Seat {seat}"
        return f"{name} (a bot plays)" if sitter.get("away") else str(name)

    @property
    def hints_allowed(self) -> bool:
        return self.room_hints and not self.onlooker

    def human_to_act(self) -> int | None:
        return None if self.onlooker else super().human_to_act()  # type: ignore[misc]

    def hint(self) -> str:
        """What the seat to move may do, for its status line; the projector names only who
        is to move (it is nobody's seat)."""
        return "" if self.onlooker else str(super().hint())  # type: ignore[misc]

    def _seed_words(self) -> str:
        return f"room {self.room}"

    def turn_line(self) -> str:
        """As any table; while the player to move has not clicked Continue after a round,
        every screen says whom the table waits for (their own: that it waits for them)."""
        t: Any = self
        line = str(super().turn_line())  # type: ignore[misc]
        seat = t.shown.current_player
        if t.shown.is_terminal() or not isinstance(seat, int) or seat < 0:
            return line
        if t.paused and not self.onlooker:  # this screen's own Continue first
            return f"{line}: the table waits for you" if seat in t.humans else line
        sitter = self.sitters[seat]
        if (
            sitter.get("paused")
            and not sitter.get("away")
            and (self.onlooker or seat not in t.humans)
        ):
            return f"Waiting for {sitter.get('name') or f'seat {seat}'}: Continue"
        return line

    def _over_html(self) -> str:
        """The game-over box without New game: the teacher deals the next game in a room."""
        t: Any = self
        return present.over_html(
            [t.names[w] for w in t.shown.winners()],
            [(t.names[seat], text) for seat, text in t.standing()],
            next_game="The teacher deals the next game in this room.",
        )

    def _pause_after(self, old: Any, new: Any) -> bool:
        """A player's table pauses where a local one does; the projector's never: it follows
        the game live, the round's result in its log."""
        return not self.onlooker and bool(super()._pause_after(old, new))  # type: ignore[misc]

    # -- playing: the server moves the game
    def advance(self) -> None:
        """Nothing moves here: the server moves chance and the bots."""
        self.redraw()  # type: ignore[attr-defined]

    def resume(self) -> None:
        """Continue after a pause: the steps the server sent meanwhile are drawn now."""
        held, self._held = self._held, []
        self.paused = False
        if held:
            self._arrive(held)
        else:
            self.advance()
        self._tell_pause()

    def _tell_pause(self) -> None:
        """Tell the server whether this seat's table waits for Continue (every screen says
        so while it holds the table); the projector's never pauses."""
        t: Any = self
        paused = bool(t._looking.paused if t._looking is not None else t.paused)
        if self.onlooker or paused == self._told_paused:
            return
        self._told_paused = paused
        self.send({"do": "pause", "on": paused})

    def _blocked(self) -> str | None:
        if self.onlooker:
            return "this is the projector's view: the players move on their own screens"
        if self._sent is not None:
            return "your move is on its way to the table"
        return super()._blocked()  # type: ignore[misc]

    def act(self, action: Any) -> bool:
        """Check ``action`` against the actions the server listed, then send it; the table
        moves when the server's steps arrive."""
        t: Any = self
        blocked = t._blocked()
        if blocked:
            return bool(t.refuse(blocked))
        try:
            t.shown.check(action, player=t.shown.current_player)
        except engine.IllegalAction as e:
            return bool(t.refuse(str(e)))
        self._sent = t.shown.move
        t.message.value = ""
        t.confirm_bar.close()
        t.note("sent: waiting for the table")  # before sending: the answer may come at once
        self.send({"do": "act", "move": t.shown.move, "action": encode(action)})
        return True

    def new_game(self) -> bool:
        return bool(self.note("the teacher deals the next game in this room"))  # type: ignore[attr-defined]

    def replace(self, state: engine.State, note: str) -> None:
        raise ValueError(f"this table plays room {self.room}'s game, which its server holds")

    # -- the server's messages
    def receive_room(self, message: Mapping[str, Any]) -> None:
        """A message from the room's server: its steps drawn one at a time, a refusal said,
        the whole table afresh (on coming back), the seats' changes."""
        t: Any = self
        kind = message.get("type")
        if kind == "steps":
            self._arrive(message["steps"])
        elif kind == "refused":
            self._sent = None
            t.note("")  # no longer on its way
            t.refuse(str(message.get("reason", "")))
            t.redraw()
        elif kind == "table":
            self._afresh(message)
        elif kind == "sitters":
            self.sitters = list(message["sitters"])
            t.names = [self._name(s) for s in range(t.shown.num_players)]
            t.redraw()
            self._told_paused = bool(self.sitters[t.humans[0]].get("paused")) and not self.onlooker
            self._tell_pause()

    def _arrive(self, steps: list[dict[str, Any]]) -> None:
        """The server's steps, each drawn in turn (a page watching gets them as frames). Where
        the table pauses (a round over), the rest wait for Continue, as at a local table."""
        t: Any = self
        if t.looking_back:
            t.look(None)
        if t.paused:
            self._held += steps
            return
        frames = []
        own = False
        for k, step in enumerate(steps):
            if step["move"] != len(t.latest.history) + 1:
                self.send({"do": "table"})  # a step was missed: ask for the table afresh
                return
            event = event_from(step["event"])
            own = own or (not self.onlooker and event.seat in t.humans)
            game = self._seat_game(step, t.latest.history.added(event))
            self._sent = None
            t._moved({h: event for h in t.humans}, game)
            if step["record"] is not None:
                self._finished(step["record"])
            if t.board.watched and t.board.pace:
                frames.append(t._frame())
            if t.paused:
                self._held = steps[k + 1 :]
                break
        t.board.play(frames[:-1], reset=own)
        t.redraw()
        self._tell_pause()

    def _log(self, history: engine.core.History) -> None:
        """The log afresh: every action so far, as this seat saw it, the last one marked (the
        caller redraws)."""
        t: Any = self
        t.move_log.keep(0)
        for k, event in enumerate(history):
            t.move_log.add(k + 1, event.seat, {h: [t.say(event)] for h in t.humans})
        t.last = history[-1] if history else None

    def _finished(self, record: Mapping[str, Any]) -> None:
        """The game is over: the table holds the whole game (every hand in it), so the
        replay, the review and Save game work as at any table."""
        t: Any = self
        try:
            t.shown = replay(record)
        except SaveError as e:
            t.refuse(f"the finished game could not be read: {e}")
            return
        t._reveal = self.onlooker  # the projector shows every hand once the game is over
        from ..classroom import tool_classes

        t.tools.children = self._tools(tool_classes(self))

    def _afresh(self, message: Mapping[str, Any]) -> None:
        """The whole table as the server sends it (on coming back, a step missed, a new
        game)."""
        t: Any = self
        self._start = _start_of(message)
        self.sitters = list(message["sitters"])
        self.room_hints = bool(message["hints"])
        self._sent, self._held = None, []
        if t.looking_back:
            t.look(None)
        history = _events(message["events"])
        t.shown, t.paused, t.last = self._seat_game(message, history), False, None
        t._reveal = False  # a new game: the projector's hands face down again
        t.names = [self._name(s) for s in range(t.shown.num_players)]
        self._log(history)
        t.tools.children = self._tools()
        if message["record"] is not None:
            self._finished(message["record"])
        t.redraw()
        self._tell_pause()


def room_table(game: str) -> type:
    """The table class that plays one seat of a room playing ``game``: the game's own table
    with ``RoomTable`` mixed in, made once per game."""
    if game not in _ROOM_TABLES:
        from .. import TABLES

        base = TABLES[game]
        _ROOM_TABLES[game] = type(f"Room{base.__name__}", (RoomTable, base), {})
    return _ROOM_TABLES[game]


_ROOM_TABLES: dict[str, type] = {}


def _events(data: list[dict[str, Any]]) -> engine.core.History:
    return engine.core.History([event_from(e) for e in data])


def _start_of(message: Mapping[str, Any]) -> dict[str, Any]:
    return {k: message[k] for k in ("game", "players", "options", "seat")}
