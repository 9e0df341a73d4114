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
from typing import Any, ClassVar, cast

import ipywidgets as widgets

import engine
from classplay.rooms.room import replay
from engine.seat import event_from, options_of
from engine.values import SaveError, decode, encode

from ..coaching import Coaching
from ..display import Display
from ..table import Source, Table


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


class RoomSeat(Source):
    """A game's table as one seat of a room plays it, or as the onlooker sees it (the
    teacher's projector: ``seat`` None, no controls that act): the table's source. The
    server moves the game; the table draws what this seat is told (``receive``) and sends
    the seat's actions (``send``). It reads and drives its table through the table's public
    API only."""

    TOOLS_IN_PLAY: ClassVar[tuple[type, ...]] = (Coaching, Display)
    """The tools under the table while the game is on (the replay, the review and Save game
    need the whole game: all the tools come once it is over)."""
    moves = False

    def __init__(self, message: Mapping[str, Any], send: Callable[[dict[str, Any]], None]):
        """The seat of ``message`` (the server's ``table``), sending its actions with
        ``send``."""
        self.send = send
        self.sent: int | None = None
        """The move at which this seat's action was sent, until the server answers."""
        self.held: list[dict[str, Any]] = []
        """The server's steps after a pause, drawn once Continue is clicked."""
        self.told_paused = False
        """Whether the server was told this table waits for its player's Continue."""
        self.room = message["room"]
        self.sitters: list[dict[str, Any]] = list(message["sitters"])
        self.start = _start_of(message)
        self.onlooker = message["seat"] is None
        self.acts = self.pauses = not self.onlooker
        """A player's table pauses where a local one does; the projector's never: it follows
        the game live, the round's result in its log (and nobody acts at it)."""
        self.hints = bool(message["hints"]) and not self.onlooker
        """Whether the teacher allows hints (never on the projector: it is nobody's seat)."""
        self.over = False
        """Whether the table holds the whole game (it is over)."""
        self.record: Mapping[str, Any] | None = message["record"]
        """The whole game, once the server has sent it (the game is over)."""
        self.first = self.seat_game(message, _events(message["events"]))
        self.humans: tuple[int, ...] = (0,) if self.onlooker else (message["seat"],)

    def table_of(self, tables: Mapping[str, type[Table]]) -> Table:
        """This seat's table: the game's own table class, given this seat as its source."""
        game = self.first
        nobody = {s: None for s in range(game.num_players) if s not in self.humans}
        table_class = tables[game.game]
        # a SeatGame answers every question a table asks of the State it holds (the game's
        # table reads the rest from the view), so the table holds it in the State's place
        return table_class(
            cast("engine.State[Any]", game), humans=self.humans, bots=nobody, source=self
        )

    def seat_game(self, message: Mapping[str, Any], history: engine.core.History) -> SeatGame:
        m = {**self.start, **message}
        return SeatGame(m["game"], m["players"], m["options"], m["seat"], m, history)

    # -- the table's hooks
    next_game = "The teacher deals the next game in this room."

    @property
    def shows_all(self) -> bool:
        """The projector shows every hand once the game is over."""
        return self.onlooker and self.over

    def opened(self) -> None:
        if self.onlooker:
            self.table.add_class("tt-onlooker")  # no controls shown
        self.log(self.first.history)
        if self.record is not None:
            self.finished(self.record)
        self.table.redraw()

    def tools(self, chosen: Sequence[type] | None = None) -> tuple[widgets.Widget, ...]:
        """The tools under the table: ``TOOLS_IN_PLAY`` while the game is on, else
        ``chosen``. The projector's has no Hint or Review (it is nobody's seat)."""
        chosen = self.TOOLS_IN_PLAY if chosen is None else chosen
        made = tuple(
            tool(self.table) for tool in chosen if not (self.onlooker and tool is Coaching)
        )
        for tool in made:
            if self.onlooker and isinstance(tool, Display):
                tool.large.value = True  # the projector opens in large print
        return made

    def label(self, label: str) -> str:
        """The projector's picture is spoken as the class's, not a seat's."""
        if not self.onlooker:
            return label
        t = self.table
        return label.replace(f"seen by {t.names[t.viewer]}", "seen by the class")

    def presented(self) -> None:
        """The projector's "Since your last move" is the latest moves (it is nobody's
        seat)."""
        if self.onlooker:
            t = self.table
            lines = t.move_log.lines(t.humans[0], upto=len(t.shown.history))
            with t.board.hold_sync():
                t.board.recent_title = "Latest moves" if lines else ""
                t.board.recent = lines[-LATEST:]

    def name(self, seat: int) -> str:
        if not self.onlooker and seat in self.humans:
            return "You"
        sitter = self.sitters[seat]
        name = sitter.get("name") or f"Seat {seat}"
        return f"{name} (a bot plays)" if sitter.get("away") else str(name)

    def turn_line(self, line: str) -> str:
        """While the player to move has not clicked Continue after a round, every screen
        says whom the table waits for (their own: that it waits for them)."""
        t = self.table
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

    def blocked(self) -> str | None:
        if self.onlooker:
            return "this is the projector's view: the players move on their own screens"
        if self.sent is not None:
            return "your move is on its way to the table"
        return None

    def act(self, action: Any) -> None:
        """Send ``action`` (the table checked it against the actions the server listed);
        the table moves when the server's steps arrive."""
        move = len(self.table.shown.history)
        self.sent = move
        self.table.note(
            "sent: waiting for the table"
        )  # before sending: the answer may come at once
        self.send({"do": "act", "move": move, "action": encode(action)})

    def resume(self) -> None:
        """Continue after a pause: the steps the server sent meanwhile are drawn now."""
        held, self.held = self.held, []
        if held:
            self.arrive(held)
        else:
            self.table.advance()
        self.tell_pause()

    def tell_pause(self) -> None:
        """Tell the server whether this seat's table waits for Continue (every screen says
        so while it holds the table); the projector's never pauses."""
        paused = self.table.latest_paused
        if self.onlooker or paused == self.told_paused:
            return
        self.told_paused = paused
        self.send({"do": "pause", "on": paused})

    # -- the server's messages
    def receive(self, message: Mapping[str, Any]) -> None:
        """A message from the room's server: its steps drawn one at a time, a refusal said,
        the whole table afresh (on coming back), the seats' changes."""
        t = self.table
        kind = message.get("type")
        if kind == "steps":
            self.arrive(message["steps"])
        elif kind == "refused":
            self.sent = None
            t.note("")  # no longer on its way
            t.refuse(str(message.get("reason", "")))
            t.redraw()
        elif kind == "table":
            self.afresh(message)
        elif kind == "sitters":
            self.sitters = list(message["sitters"])
            t.names = [self.name(s) for s in range(t.shown.num_players)]
            t.redraw()
            self.told_paused = bool(self.sitters[t.humans[0]].get("paused")) and not self.onlooker
            self.tell_pause()

    def arrive(self, steps: list[dict[str, Any]]) -> None:
        """The server's steps, each drawn in turn (a page watching gets them as frames). Where
        the table pauses (a round over), the rest wait for Continue, as at a local table."""
        t = self.table
        if t.looking_back:
            t.look(None)
        waiting = t.paused  # for Continue: the steps wait too
        if waiting:
            self.held += steps
            return
        frames = []
        own = False
        for k, step in enumerate(steps):
            if step["move"] != len(t.latest.history) + 1:
                self.send({"do": "table"})  # a step was missed: ask for the table afresh
                return
            event = event_from(step["event"])
            own = own or (not self.onlooker and event.seat in t.humans)
            game = self.seat_game(step, t.latest.history.added(event))
            self.sent = None
            t.moved({h: event for h in t.humans}, game)
            if step["record"] is not None:
                self.finished(step["record"])
            if t.board.watched and t.board.pace:
                frames.append(t.frame())
            if t.paused:
                self.held = steps[k + 1 :]
                break
        t.board.play(frames[:-1], reset=own)
        t.redraw()
        self.tell_pause()

    def log(self, history: engine.core.History) -> None:
        """The log afresh: every action so far, as this seat saw it, the last one marked (the
        caller redraws)."""
        t = self.table
        t.move_log.keep(0)
        for k, event in enumerate(history):
            t.move_log.add(k + 1, event.seat, {h: [t.say(event)] for h in t.humans})
        t.last = history[-1] if history else None

    def finished(self, record: Mapping[str, Any]) -> None:
        """The game is over: the table holds the whole game (every hand in it), so the
        replay, the review and Save game work as at any table."""
        t = self.table
        try:
            t.shown = replay(record)
        except SaveError as e:
            t.refuse(f"the finished game could not be read: {e}")
            return
        self.record, self.over = record, True
        t.reveal = self.onlooker  # the projector shows every hand once the game is over
        from ..classroom import tool_classes

        t.tools.children = self.tools(tool_classes(t))

    def afresh(self, message: Mapping[str, Any]) -> None:
        """The whole table as the server sends it (on coming back, a step missed, a new
        game)."""
        t = self.table
        self.start = _start_of(message)
        self.sitters = list(message["sitters"])
        self.hints = bool(message["hints"]) and not self.onlooker
        self.sent, self.held, self.over, self.record = None, [], False, None
        history = _events(message["events"])
        t.start_over(self.seat_game(message, history))  # the projector's hands face down again
        self.log(history)
        t.tools.children = self.tools()
        if message["record"] is not None:
            self.finished(message["record"])
        t.redraw()
        self.tell_pause()


def room_seat(message: Mapping[str, Any], send: Callable[[dict[str, Any]], None]) -> RoomSeat:
    """One seat of a room (``message``: the server's ``table``), or its onlooker, with its
    table (``seat.table``: the game's own table, this seat its source). The seat sends its
    actions with ``send`` and takes the server's messages (``receive``)."""
    from .. import TABLES

    seat = RoomSeat(message, send)
    seat.table_of(TABLES)
    return seat


def room_table(message: Mapping[str, Any], send: Callable[[dict[str, Any]], None]) -> Table:
    """The table of ``room_seat(message, send)`` (its seat: ``table.source``)."""
    return room_seat(message, send).table


def _events(data: list[dict[str, Any]]) -> engine.core.History:
    return engine.core.History([event_from(e) for e in data])


def _start_of(message: Mapping[str, Any]) -> dict[str, Any]:
    return {k: message[k] for k in ("game", "players", "options", "seat")}
