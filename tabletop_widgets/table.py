"""A table that plays a whole game: human seats click, bots and chance move by themselves.

Game-neutral: it speaks only the engine protocol. A game's table subclasses it to add its
controls and its picture. Every rule question goes to the engine, and a refused action shows the
engine's reason. The table holds two states of its game: ``latest``, the game as it stands, and
``shown``, the state on the table (the same one, except while looking back at an earlier move).

Everything a table puts on screen or in a synced trait is visible to the whole class, so it
comes from one seat's eyes (``viewer``): the picture from its ``view``, and each line of the
log and of "Since your last move" from ``shown.public(action, seat)``, the engine's own
description of an action as that seat sees it.

Its parts, each in its own module with its contract in its traits: the board (``board.py``),
the gate every page message passes (``gate.py``), the move log (``movelog.py``), the confirm
bar (``confirm.py``) and the board's words (``present.py``).
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

import engine

from . import gate, present
from .board import Board
from .confirm import ConfirmBar
from .movelog import MoveLog
from .words import says, sentence


@dataclass(frozen=True)
class Looking:
    """While looking back at an earlier move: the game as it stands, and whether it was
    paused and its last move, to go back to."""

    game: engine.State[Any]
    paused: bool
    last: engine.Event | None


class Source:
    """Where a table's game comes from and where its humans' actions go: this class is a
    table's own game (the table deals, moves chance and the bots, and pauses where the game
    pauses). A room's seat (``classplay.remote.RoomSeat``) is another: the server moves the
    game. The table asks its source at each of these hooks; a source reads and drives its
    table through the table's public API only."""

    table: Table
    """The table reading its game from this source (``bind``)."""
    room: str | None = None
    """The join code of the room whose game the table shows; None: the table's own game."""
    moves = True
    """Whether the table moves the game itself (applies the humans' actions, moves chance and
    the bots); else it hands each action to ``act`` and moves when the source says."""
    acts = True
    """Whether anyone at this screen acts (not at a room's projector)."""
    pauses = True
    """Whether the table waits for Continue where the game pauses."""
    hints = True
    """Whether the Hint button may be offered (an exam table never offers it)."""
    next_game: str | None = None
    """The game-over box's words instead of its New game button, if any."""

    def bind(self, table: Table) -> None:
        """``table`` reads its game from this source (called first thing by the table)."""
        self.table = table

    def opened(self) -> None:
        """The table is built and has moved as far as it moves by itself."""

    @property
    def shows_all(self) -> bool:
        """Whether the table may show every hand without being a teacher's."""
        return False

    def tools(self) -> tuple[widgets.Widget, ...]:
        """The classroom tools under the table: one of each it has."""
        from .classroom import tools_for  # the tools take a table: imported here, not above

        return tools_for(self.table)

    def name(self, seat: int) -> str | None:
        """What the table calls ``seat``, if the source says (else "You", "Bot 2", ...)."""
        return None

    def blocked(self) -> str | None:
        """Why no human at this screen may act just now, if the source knows a reason."""
        return None

    def act(self, action: Any) -> None:
        """A human's action, checked against the legal ones, where ``moves`` is False."""
        raise NotImplementedError

    def resume(self) -> None:
        """Continue was clicked (the table is no longer paused): the game moves on."""
        self.table.advance()

    def turn_line(self, line: str) -> str:
        """The status line's words, given the table's ``turn_line``."""
        return line

    def label(self, label: str) -> str:
        """The picture's spoken label, given the game's."""
        return label

    def presented(self) -> None:
        """The table has just put its state into the board's traits."""


class Table(widgets.VBox):
    """Base class of the game tables. ``humans`` are the seats clicked on this screen; the
    other seats are bots of ``level``. Bots answer at once, and the page shows their moves one
    at a time (``pace``); the table pauses where a human should look (``_pause_after``) until
    Continue is clicked.

    A table is a student's unless made otherwise: ``exam=True`` (a graded game: no coach, no
    hint, no loading, a secret seed) or ``teacher=True`` (the teacher's controls: every hand
    face up, rigging, undo, saving at any time). Nothing on the page can switch either.
    Every message from the page passes one gate (``receive`` for the board, ``press`` for a
    button), which checks it against what the seat at the screen could click now.

    The classroom tools under every table use only this public API: ``latest`` (the game as
    it stands) and ``shown`` (the state on the table), ``looking_back``, ``look``,
    ``replace``, ``new_game``, ``refuse``, ``note``, ``watch``, ``press``, ``unavailable``,
    ``cover``/``show_to``/``screen``/``covered`` (hot seat), ``reveal`` and ``rigged``
    (teacher mode), ``last_chance``, ``exam``, ``teacher``, ``humans``, ``names``,
    ``viewer``, ``human_to_act``, ``paused``, ``board`` (its ``pace``).

    A game's table implements the hooks ``_layout``, ``picture`` and ``refresh``, and where it
    needs them ``INTENTS`` with ``clicked`` (clicks on the board), ``COACH`` (what its coach
    speaks of), ``_events``, ``_pause_after``, ``_hide``, ``hint``, ``turn_line``,
    ``standing`` and ``_human_to_act``.

    Where its game comes from is its ``source``: its own by default (``Source``), or a room's
    seat (``tabletop_widgets.classplay.remote``), which drives the table through ``moved``,
    ``frame``, ``start_over``, ``latest_paused`` and the public API above."""

    game: ClassVar[str]
    INTENTS: ClassVar[Mapping[str, gate.Reader]] = gate.intents({}, **{"new-game": gate.nothing})
    """The clicks on the board this table takes, each kind with the reader of its argument; a
    game's table adds its own (``gate.intents(Table.INTENTS, digit=gate.number(10))``)."""
    COACH: ClassVar[str] = "the odds behind your decision"
    """What the coach speaks of: the Coach toggle's tooltip."""

    def __init__(
        self,
        state: engine.State[Any] | None = None,
        *,
        source: Source | None = None,
        players: int | None = None,
        seed: int | None = None,
        humans: tuple[int, ...] = (0,),
        level: str = "basic",
        bots: Mapping[int, Any] | None = None,
        exam: bool = False,
        teacher: bool = False,
        **options: Any,
    ) -> None:
        """Plays ``state``, or a new game of ``players`` with ``options``. ``bots`` may give
        the bot of any seat that is not a human's (an object with ``choose(seat)``: a
        student's strategy); the others are ``engine.make_bot`` bots of ``level``. The game's
        ``seed`` is 0 unless given, except at an exam table: there it is secret (drawn from
        the operating system), so nobody can work out the deal from it.

        ``exam=True``: no coach and no hint, the review opens only once the game is over, no
        game is loaded and none saved before the end. ``teacher=True``: Teacher mode under the
        table (every hand face up, rig the next throw or deal, undo, a new game at any time)
        and Save game at any time (the file holds every hand).

        ``source``: where the game comes from and where the humans' actions go; by default
        the table's own (``Source``: the table deals, and moves chance and the bots). A room's
        seat (``classplay.remote.RoomSeat``) gives the game as that seat knows it, and sends
        the actions to the room's server."""
        super().__init__()
        self.source = Source() if source is None else source
        """Where the table's game comes from (``Source``: its own)."""
        self.source.bind(self)
        self.exam, self.teacher = _switches(exam, teacher)
        seed = (engine.core.secret_seed() if exam else 0) if seed is None else seed
        self.shown: engine.State[Any] = state or engine.new_game(
            self.game, players, seed, **options
        )
        """The state on the table: the game as it stands, or an earlier move while looking
        back."""
        n = self.shown.num_players
        self.humans = _human_seats(humans, n)
        self.level = level
        given = bots or {}
        self.bots = {
            s: given[s] if s in given else engine.make_bot(self.game, level, seed=seed * 97 + s)
            for s in range(n)
            if s not in self.humans
        }
        self.names = [self._name(s) for s in range(n)]
        self.paused = False
        """Waiting for Continue after a round (also true of an earlier move shown by ``look``
        where the game paused)."""
        self.last: engine.Event | None = None
        """The last action on the table as the viewer saw it (the picture marks it)."""
        self._looking: Looking | None = None
        self._reveal, self._rigged = False, None
        self._screen: int | None = None
        self._covered = False
        self._last_chance: engine.State[Any] | None = None
        self._chance_known = not self.shown.history
        """Whether ``_last_chance`` is known for the game as it stands (not after a replace)."""
        self._watchers: list[tuple[int, int, Callable[[], None]]] = []
        self._note = ""
        self.move_log = MoveLog(self.humans)
        self._build()
        self.advance()
        self.source.opened()

    def _build(self) -> None:
        """The widgets: the board, the message line, Continue, the confirm bar, the coach,
        the game's own (``_layout``), and the classroom tools under them."""
        self.message = widgets.HTML()
        self.board = Board(on_message=self.receive)
        self.continue_button = widgets.Button(
            description="Continue", icon="play", button_style="primary"
        )
        self.continue_button.tooltip = "show the next round"
        self.continue_button.add_class("tt-continue")
        self.press(self.continue_button, self.resume)
        self.confirm_bar = ConfirmBar(self.press)
        self.coach_toggle, self.coach = self._coach()
        self.game_widgets = self._layout()
        self.tools = widgets.VBox(self._tools())
        self.tools.add_class("tt-tools")
        self.children = (*self.game_widgets, self.tools)
        self.add_class("tt-table")

    def _tools(self) -> tuple[widgets.Widget, ...]:
        """The classroom tools shown under the table (the source's choice)."""
        return self.source.tools()

    def _coach(self) -> tuple[widgets.ToggleButton, widgets.HTML]:
        """The Coach toggle and its panel, which the game's ``refresh`` fills while the toggle
        is on; toggling redraws. At an exam table the toggle is not shown, and stays off
        whatever the page sends."""
        toggle = widgets.ToggleButton(
            description="Coach", icon="graduation-cap", tooltip=self.COACH
        )
        if self.exam:
            toggle.layout.display = "none"
        toggle.observe(lambda _c: self._coach_switched(), "value")
        return toggle, widgets.HTML()

    def _coach_switched(self) -> None:
        if self.exam and self.coach_toggle.value:
            self.coach_toggle.value = False  # this change redraws
            self.note("no coach at an exam table")
        else:
            self.redraw()

    # -- who sees what
    def _name(self, seat: int) -> str:
        named = self.source.name(seat)
        if named is not None:
            return named
        if seat in self.humans:
            return "You" if len(self.humans) == 1 else f"Player {seat}"
        return f"Bot {seat}"

    @property
    def room(self) -> str | None:
        """The join code of the room whose game this table shows
        (``tabletop_widgets.classplay.rooms``): the room's server holds the game, so the table
        loads none and branches from none. None: the game is this table's own."""
        return self.source.room

    def human_to_act(self) -> int | None:
        """The human seat that must act now, or None (always None where the source says
        nobody at this screen acts: a room's projector)."""
        return self._human_to_act() if self.source.acts else None

    def _human_to_act(self) -> int | None:
        """The human seat that must act now (a game where humans also throw says so), or None."""
        seat = self.shown.current_player
        return seat if seat in self.humans else None

    @property
    def viewer(self) -> int:
        """The seat whose eyes the table shows: the one who last had the screen (hot seat:
        until the next human takes it, nobody else's hand is drawn), else the human to act,
        else the first human."""
        if self._screen is not None:
            return self._screen
        seat = self.human_to_act()
        return seat if seat is not None else self.humans[0]

    @property
    def hints_allowed(self) -> bool:
        """Whether the Hint button is offered: not at an exam table (nor, in a room, unless
        the teacher allows it)."""
        return not self.exam and self.source.hints

    @property
    def latest(self) -> engine.State[Any]:
        """The game as it stands, also while the table shows an earlier move."""
        return self._looking.game if self._looking else self.shown

    @property
    def looking_back(self) -> bool:
        """True while the table shows an earlier move (read-only)."""
        return self._looking is not None

    @property
    def reveal(self) -> bool:
        """Teacher mode: every hand face up (games draw ``view(seat, reveal=self.reveal)``)."""
        return self._reveal

    @reveal.setter
    def reveal(self, on: bool) -> None:
        if on and not (self.teacher or self.source.shows_all):
            raise ValueError("only a teacher's table (teacher=True) shows every hand")
        self._reveal = bool(on)

    @property
    def rigged(self) -> Any:
        """Teacher mode: the next chance outcome (a throw, a deal) instead of a fair one."""
        return self._rigged

    @rigged.setter
    def rigged(self, outcome: Any) -> None:
        if outcome is not None and not self.teacher:
            raise ValueError("only a teacher's table (teacher=True) rigs a throw or a deal")
        self._rigged = outcome

    def say(self, event: engine.Event) -> str:
        """A log line for ``event``, the seat named as this table names it: "Bot 2 bids two
        4's", "You throw 6-3"."""
        if event.seat is None:
            return sentence(event.what)
        name = self.names[event.seat]
        if not event.verb:
            return f"{name}: {event.what}"
        return " ".join(x for x in (says(name, event.verb, event.third), event.what) if x)

    # -- the screen (hot seat)
    @property
    def screen(self) -> int | None:
        """The human seat the screen was last shown to (None before any)."""
        return self._screen

    @property
    def covered(self) -> bool:
        """True while a cover hides the table (the screen is being passed)."""
        return self._covered

    def cover(self, notice: widgets.Widget, picture: str, label: str) -> None:
        """Hide the table behind ``notice`` (the board shows ``picture``): every picture, text
        and control that showed the last seat's information is cleared, not just hidden."""
        self._covered = True
        self._hide(picture, label)
        self.children = (notice,)

    def show_to(self, seat: int) -> None:
        """The screen is now ``seat``'s (a human seat): uncover the table, drawn for its eyes."""
        if seat not in self.humans:
            raise ValueError(f"seat {seat} is not a human seat of this table")
        self._screen = seat
        if self._covered:
            self._covered = False
            self.children = (*self.game_widgets, self.tools)
        self.redraw()

    def _hide(self, picture: str, label: str) -> None:
        """Clear everything that shows a seat's information (a game adds its own panels)."""
        with self.board.hold_sync():
            self.board.svg, self.board.label = picture, label
            self.board.status = self.board.over = self.board.recent_title = ""
            self.board.recent, self.board.log = [], []
        self.message.value = self.coach.value = ""
        self.confirm_bar.close()

    # -- playing
    def act(self, action: Any) -> bool:
        """A human's action for the seat to move. A refused one leaves the game as it was and
        shows the engine's reason. The page shows the action at once, then the moves that
        follow one at a time. Where the source moves the game (a room), the action is checked
        against the actions it listed and handed to it; the table moves when it says so."""
        blocked = self._blocked()
        if blocked:
            return self.refuse(blocked)
        seat = self.shown.current_player
        try:
            if self.source.moves:
                new = self.shown.apply(action, player=seat)
            else:
                self.shown.check(action, player=seat)
        except engine.IllegalAction as e:
            return self.refuse(str(e))
        self.message.value = ""
        self.confirm_bar.close()
        if not self.source.moves:
            self.source.act(action)
            return True
        self._step(seat, action, new)
        if self.board.watched:
            self.board.play([self.frame()], reset=True, more=self._others_to_move())
        self.advance()
        return True

    def why_not(self, action: Any) -> str | None:
        """None if a human may take ``action`` now, else why not (for a rule, the engine's
        own words): what a dimmed control says."""
        blocked = self._blocked()
        if blocked:
            return blocked
        try:
            self.shown.check(action, player=self.shown.current_player)
        except engine.IllegalAction as e:
            return str(e)
        return None

    def _blocked(self) -> str | None:
        """Why no human may act at all just now, if so (the source's reason first)."""
        why = self.source.blocked()
        if why:
            return why
        seat = self.shown.current_player
        if self._looking is not None:
            branch = "" if self.exam else ", or branch from here"
            return (
                f"you are looking back at move {len(self.shown.history)} of "
                f"{len(self.latest.history)}: go back to the game to play on{branch}"
            )
        if self.paused:
            return "the round is over: click Continue for the next one"
        if self.human_to_act() is None:
            who = "nobody: the game is over" if seat is None else self.names[seat]
            return f"it is not your turn: waiting for {who}"
        return None

    def _others_to_move(self) -> bool:
        """Whether chance or a bot moves next (no human to act, no pause, not over)."""
        return (
            self._looking is None
            and not self.paused
            and not self.shown.is_terminal()
            and self.human_to_act() is None
        )

    def advance(self) -> None:
        """Let chance and the bots move until a human is to act, the game ends or a pause;
        a page watching the board gets each move as a frame to show in turn. Where the
        source moves the game (a room's server moves chance and the bots), only a redraw."""
        if not self.source.moves:
            self.redraw()
            return
        frames = []
        while self._others_to_move():
            seat = self.shown.current_player
            assert seat is not None  # the game is on
            action = (
                self.chance()
                if seat == engine.CHANCE
                else engine.decide(self.bots[seat], self.shown)
            )
            self._step(seat, action, self.shown.apply(action))
            if self.board.watched and self.board.pace:
                frames.append(self.frame())
        self.board.play(frames[:-1])  # the last is the game as it stands: the traits show it
        self.redraw()

    def chance(self) -> Any:
        """The next chance outcome: the one the teacher rigged (used once), else a fair one.
        A rigged outcome the rules refuse here is replaced by a fair one, and the table says so."""
        rigged, self.rigged = self.rigged, None
        if rigged is not None:
            try:
                self.shown.check(rigged)
                return rigged
            except engine.IllegalAction as e:
                self.refuse(f"the rigged {rigged} does not fit here ({e}): a fair one was used")
        return self.shown.sample_chance()

    def _step(self, seat: int | None, action: Any, new: engine.State[Any]) -> None:
        """``action`` by ``seat`` made the game ``new``: log it as each human seat saw it."""
        if seat == engine.CHANCE:
            self._last_chance = self.shown
        self._moved({h: self.shown.public(action, h) for h in self.humans}, new)

    def moved(self, seen: dict[int, engine.Event], new: Any) -> None:
        """A move made elsewhere (a room's server): the game on the table is now ``new``,
        after an action each human seat saw as ``seen`` says (logged, marked, paused at as
        for a move made here)."""
        self._moved(seen, new)

    def _moved(self, seen: dict[int, engine.Event], new: Any) -> None:
        """The game on the table is now ``new``, after an action each human seat saw as
        ``seen`` says: log it, mark it on the picture, pause if the game pauses there."""
        old, self.shown = self.shown, new
        self._note = ""
        self.last = seen[self.viewer]
        extra = self._events(old, new)
        actor = seen[self.humans[0]].seat  # who acted: a player, or None for chance alone
        lines = {h: [self.say(e), *extra] for h, e in seen.items()}
        self.move_log.add(len(new.history), actor, lines)
        if self._pauses(old, new):
            self.paused = True

    def _pauses(self, old: engine.State[Any], new: engine.State[Any]) -> bool:
        """Whether the table waits for Continue after ``old`` became ``new``: where the game
        pauses (``_pause_after``), unless the source never does (a room's projector)."""
        return self.source.pauses and self._pause_after(old, new)

    def resume(self) -> None:
        """Continue after a pause (the source goes on: a local table moves on)."""
        self.paused = False
        self.source.resume()

    @property
    def latest_paused(self) -> bool:
        """Whether the game as it stands waits for Continue (also while looking back)."""
        return self._looking.paused if self._looking is not None else self.paused

    def start_over(self, game: Any) -> None:
        """The table shows ``game`` afresh, from its source (a room's next game, or its
        table on coming back): not looking back, not paused, no move marked, hands face down
        (the caller logs and redraws)."""
        if self._looking is not None:
            self.look(None)
        self.shown, self.paused, self.last, self._reveal = game, False, None, False
        self.names = [self._name(s) for s in range(self.shown.num_players)]

    def redraw(self) -> None:
        """Draw the game (not while covered), then let the classroom tools follow it in their
        order. While looking back, the table carries the class ``tt-looking-back`` (its own
        controls rest, dimmed)."""
        if self._looking is None:
            self.remove_class("tt-looking-back")
        else:
            self.add_class("tt-looking-back")
        if not self._covered:
            self.refresh()
            self._present()
        for _order, _k, watcher in self._watchers:
            watcher()

    def watch(self, watcher: Callable[[], None], order: int = 50) -> None:
        """Call ``watcher()`` after every redraw, lowest ``order`` first (ties in the order
        they were added): a tool follows the game this way. A tool that covers the table
        watches last (``order=100``), to cover whatever was just drawn."""
        self._watchers.append((order, len(self._watchers), watcher))
        self._watchers.sort(key=lambda w: w[:2])

    # -- the gate: every message from the page, checked against what could be clicked now
    def press(self, button: widgets.Button, do: Callable[[], Any], acts: bool = True) -> None:
        """Run ``do()`` when ``button`` is clicked, unless ``unavailable(button, acts)`` says
        why not: then the click does nothing but say so. Every button of a table and of its
        tools is tied this way (the hot-seat cover's own button aside)."""

        def clicked(_b: widgets.Button) -> None:
            why = self.unavailable(button, acts)
            if why:
                self.note(why)
            else:
                do()

        button.on_click(clicked)

    def unavailable(self, control: widgets.DOMWidget, acts: bool = True) -> str | None:
        """Why a click on ``control`` does nothing now, if so: the screen is covered (the
        page shows only the cover), the control is disabled or not shown, or, for a control
        that ``acts`` on the game (a move, Continue, an undo), the click came before the page
        showed the game as it stands (a double click lands on a game that has moved on). A
        page can send a click for any control it holds, shown or not."""
        stale = acts and self.board.watched and self.board.seen != self.board.move
        return gate.control_refusal(control, covered=self._covered, stale=stale)

    def receive(self, content: object) -> bool:
        """A message from the board's page, which should be a click on a spot of the picture
        it shows. It is taken only if it passes the gate: ``gate.read`` (a kind of click of
        ``INTENTS``, well formed, with its move number) and ``gate.check`` (made on the
        picture on the table, on a spot it offers, while the screen is not covered). Then
        ``new-game`` deals the next game (at a teacher's table, or once the game is over), and
        any other click goes to the game's ``clicked``. Anything else is refused with a note in
        the status line, never an exception. True if the click was taken."""
        try:
            click = gate.read(content, self.INTENTS)
            gate.check(click, len(self.shown.history), self.board.svg, covered=self._covered)
        except gate.Refused as e:
            return self.note(str(e))
        if click.kind == "new-game":
            return self.new_game()
        return self.clicked(click.kind, click.value) is not False or self.note(gate.NOTHING_THERE)

    def on_intent(self, intent: str) -> bool:
        """A click on the spot ``intent`` of the picture on the table, as the page sends it
        (for scripts, tests and a test's twin table): through the same gate."""
        return self.receive({"intent": intent, "move": len(self.shown.history)})

    def note(self, text: str) -> bool:
        """A short note in the status line (a click that was ignored), until the next move;
        False, for callers that return whether a click was taken. While the screen is
        covered the status line holds the note alone."""
        self._note = text
        self.board.status = present.status_html("" if self._covered else self._turn_said(), text)
        return False

    def refuse(self, reason: str) -> bool:
        """Show why something was not done (the table keeps its game); False, for callers
        that return whether an action was taken."""
        self.message.value = (
            f'<div class="tt-refused" role="alert">Not allowed: {escape(reason)}</div>'
        )
        return False

    def confirm(self, question: str, yes: str, do: Callable[[], Any]) -> None:
        """Ask ``question`` beside the controls; ``yes`` (the button's words) runs ``do()``,
        Cancel does nothing. For an action with a fixed cost: the question says the cost."""
        self.confirm_bar.ask(question, yes, do)

    # -- another game on the table: a branch, an undo, a save loaded, a new game, a look back
    def replace(self, state: engine.State[Any], note: str) -> None:
        """Play on from ``state`` (this table's game, as many players): a branch from the
        replay, an undo, a loaded save. Raises ``ValueError`` and keeps the game otherwise
        (also where the game is not the table's own: a room's).
        The log keeps the moves the two games share, then says ``note``."""
        if self.room is not None:
            raise ValueError(f"this table plays room {self.room}'s game, which its server holds")
        if state.game != self.game:
            raise ValueError(f"this table plays {self.game}, not {state.game}")
        if state.num_players != self.shown.num_players:
            raise ValueError(
                f"this table has {self.shown.num_players} players, the game has {state.num_players}"
            )
        self.move_log.keep(_shared(self.latest.history, state.history))
        self.move_log.note(len(state.history), note)
        self.shown, self._looking, self.paused, self.rigged = state, None, False, None
        self._chance_known = False
        self.last = None
        self.message.value = ""
        self.confirm_bar.close()
        self.advance()

    def new_game(self) -> bool:
        """A new game at this table (the same players and options), if one may be dealt now:
        at a teacher's table at any time, at any other once the game is over (so no click
        throws away a hand). Its seed is the next one, at an exam table a new secret one.
        True if it was dealt. (In a room the teacher deals the next game.)"""
        if self.room is not None:
            return self.note("the teacher deals the next game in this room")
        s = self.latest
        if not (self.teacher or (s.is_terminal() and not self.looking_back)):
            return self.note("a new game is dealt once this one is over")
        seed = engine.core.secret_seed() if self.exam else s.seed + 1
        self.replace(engine.new_game(s.game, s.num_players, seed, **s.options), "New game")
        return True

    def look(
        self, state: engine.State[Any] | None, before: engine.State[Any] | None = None
    ) -> None:
        """Show an earlier state of this game, read-only (the replay), through the eyes now at
        the screen; ``before`` is the state one move earlier, so the table pauses there
        exactly where the game paused and marks the move that led to it. None: back to the
        game as it stands."""
        if state is None:
            if self._looking is not None:
                self.shown, self.paused, self.last = (
                    self._looking.game,
                    self._looking.paused,
                    self._looking.last,
                )
                self._looking = None
        else:
            if self._looking is None:
                self._looking = Looking(self.shown, self.paused, self.last)
                self._screen = self.viewer
            self.shown = state
            self.paused = before is not None and self._pauses(before, state)
            self.last = before.public(state.history[-1], self.viewer) if before else None
        self.message.value = ""
        self.redraw()

    def last_chance(self) -> engine.State[Any] | None:
        """The chance event a teacher rigs: the one due now, else the game's last one (the
        next throw or deal is of the same kind); None if the game never had one. Followed
        move by move, so it costs nothing per move (after a branch, an undo or a load it is
        found once, by replaying the game)."""
        game = self.latest
        if game.current_player == engine.CHANCE:
            return game
        if not self._chance_known:
            state, self._last_chance = game.at(0), None
            for action in game.history:
                if state.current_player == engine.CHANCE:
                    self._last_chance = state
                state = state.apply(action)
            self._chance_known = True
        return self._last_chance

    # -- what the board shows
    @property
    def log_lines(self) -> list[str]:
        """The whole log as the viewer reads it."""
        return self.move_log.lines(self.viewer)

    def turn_line(self) -> str:
        """Whose turn it is, as the status line says it (plain text; a game may override:
        India names whose throw it is, Michigan hides who holds the next card)."""
        seat = self.shown.current_player
        if seat is None:  # the game is over
            return "Game over"
        if self.paused:
            return "Round over: look at the result, then Continue"
        if seat == engine.CHANCE:
            return "Dealing"
        hint = self.hint() if seat in self.humans and self.source.acts else ""
        return f"{self.names[seat]} to move" + (f": {hint}" if hint else "")

    def _turn_said(self) -> str:
        """The status line's words: ``turn_line``, as the source says it (a room names the
        player the table waits for)."""
        return self.source.turn_line(self.turn_line())

    def _status_html(self) -> str:
        return present.status_html(self._turn_said(), self._note)

    def _drawn(self) -> tuple[str, str]:
        """``picture``, its label as the source speaks it (a room's projector: the class's
        eyes, not a seat's)."""
        svg, label = self.picture()
        return svg, self.source.label(label)

    def frame(self) -> dict[str, Any]:
        """The picture of the state on the table, for the page to show in turn."""
        svg, label = self._drawn()
        return {
            "svg": svg,
            "label": label,
            "status": self._status_html(),
            "move": len(self.shown.history),
            "lines": self.move_log.last(self.viewer),
        }

    def _present(self) -> None:
        """Put the state on the table into the board's traits (the move number last), then
        let the source add its own (``Source.presented``)."""
        svg, label = self._drawn()
        seat, move = self.viewer, len(self.shown.history)
        own, recent = self.move_log.since_own(seat, move)  # "Since your last move"
        with self.board.hold_sync():
            self.board.svg, self.board.label = svg, label
            self.board.status = self._status_html()
            self.board.recent_title = present.recent_title(self.names[seat], own, recent)
            self.board.recent = recent
            self.board.log = self.move_log.lines(seat, upto=move)
            self.board.over = self._over_html() if self.shown.is_terminal() else ""
            self.board.move = move
        self.continue_button.layout.display = None if self.paused else "none"
        self.source.presented()

    def _over_html(self) -> str:
        return present.over_html(
            [self.names[w] for w in self.shown.winners()],
            [(self.names[seat], text) for seat, text in self.standing()],
            next_game=self.source.next_game,
        )

    def standing(self) -> list[tuple[int, str]]:
        """The final standings, best first: (seat, its result in the game's own words)."""
        returns = self.shown.returns()
        order = sorted(range(len(returns)), key=lambda seat: -returns[seat])
        return [(seat, str(returns[seat])) for seat in order]

    # -- hooks for each game
    def _layout(self) -> tuple[widgets.Widget, ...]:
        """The game's widgets, in the order shown above the tools (the board among them)."""
        raise NotImplementedError

    def picture(self) -> tuple[str, str]:
        """The board's picture of ``self.shown`` through the viewer's eyes, marking
        ``self.last``: (SVG, its spoken label)."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Bring the controls and the coach up to ``self.shown`` (the board is drawn from
        ``picture``)."""

    def clicked(self, kind: str, value: Any) -> bool | None:
        """A click on the board that passed the gate: a kind of ``INTENTS`` and its argument
        read. False if it means nothing now (the gate says so)."""
        return False

    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """Public lines for the log beyond the action itself (a round's result, say); the
        action is ``self.last``, as the viewer saw it (in a room ``new.history`` holds what
        this seat saw, not the actions)."""
        return []

    def hint(self) -> str:
        """What the human to move may do now, in a few words, for the status line."""
        return ""

    def _pause_after(self, old: engine.State[Any], new: engine.State[Any]) -> bool:
        return False

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live widget, plus the table's picture for places no kernel runs (GitHub,
        nbviewer, a lesson opened before running it): JupyterLab prefers the live widget.
        The picture is an HTML image, not SVG, because JupyterLab shows SVG only in a trusted
        notebook, and a notebook a learner has just opened is not trusted."""
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            data = base64.b64encode(self.board.svg.encode()).decode()
            alt = escape(self.board.label, quote=True)
            bundle["text/html"] = f'<img alt="{alt}" src="data:image/svg+xml;base64,{data}">'
        return bundle

    def __repr__(self) -> str:
        s, seat = self.shown, self.shown.current_player
        where = (
            "game over"
            if seat is None  # the game is over
            else ("paused" if self.paused else f"{self.names[seat]} to move")
        )
        return (
            f"{type(self).__name__}({s.num_players} players, {self._seed_words()}, "
            f"humans {list(self.humans)}, {len(s.history)} actions, {where})"
        )

    def _seed_words(self) -> str:
        """The seed as the table's description gives it: never at an exam table (the deal
        follows from it), and a page receives the description along with the widget."""
        if self.source.room is not None:
            return f"room {self.source.room}"
        if self.exam:
            return "exam"
        return f"seed {self.shown.seed}" + (", teacher" if self.teacher else "")


def _switches(exam: bool, teacher: bool) -> tuple[bool, bool]:
    """``exam`` and ``teacher``, checked: each True or False, not both."""
    for name, switch in (("exam", exam), ("teacher", teacher)):
        if type(switch) is not bool:
            raise ValueError(f"{name} is True or False, not {switch!r}")
    if exam and teacher:
        raise ValueError("a table is an exam table or a teacher's table, not both")
    return exam, teacher


def _human_seats(humans: tuple[int, ...], players: int) -> tuple[int, ...]:
    """``humans``, checked to be seats of the game, in order and each once."""
    if not humans or any(type(h) is not int or not 0 <= h < players for h in humans):
        raise ValueError(f"human seats must be among 0..{players - 1}, not {humans!r}")
    return tuple(sorted(set(humans)))


def _shared(a: engine.core.History, b: engine.core.History) -> int:
    """How many first actions two histories share."""
    if b.startswith(a):
        return len(a)
    if a.startswith(b):
        return len(b)
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), 0)
