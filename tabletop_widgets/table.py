"""A table that plays a whole game: human seats click, bots and chance move by themselves.

Game-neutral: it speaks only the engine protocol. A game's table subclasses it to add its
controls and its picture. The table holds the current state and view settings only; every
rule question goes to the engine, and a refused action shows the engine's reason.

Everything a table puts on screen or in a synced trait is visible to the whole class, so it
comes from one seat's eyes (``viewer``): the picture from its ``view``, and each line of the
log and of "Since your last move" from ``state.public(action, seat)``, the engine's own
description of an action as that seat sees it.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

import engine

from . import gate
from .board import Board
from .words import joined, says, sentence


@dataclass
class Entry:
    """One step of the log: after ``move`` actions, what each human seat read about it."""

    move: int
    actor: int | None
    """The seat that acted (None: chance, or a note of the table's)."""
    lines: dict[int, list[str]]


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
    it stands) and ``state`` (the state on the table: an earlier move while ``looking_back``),
    ``look``, ``replace``, ``refuse``, ``watch``, ``cover``/``show_to``/``screen`` (hot
    seat), ``reveal`` and ``rigged`` (teacher mode), ``last_chance``, ``humans``, ``names``,
    ``viewer``, ``human_to_act``, ``paused``, ``board`` (its ``pace``).

    A game's table implements ``_layout``, ``picture`` and ``refresh`` (and, where it needs
    them, ``INTENTS`` with ``clicked``, ``_events``, ``_pause_after``, ``_hide``,
    ``standing``)."""

    game: ClassVar[str]
    INTENTS: ClassVar[Mapping[str, gate.Reader]] = gate.intents({}, **{"new-game": gate.nothing})
    """The clicks on the board this table takes, each kind with the reader of its argument; a
    game's table adds its own (``gate.intents(Table.INTENTS, digit=gate.number(10))``)."""

    def __init__(
        self,
        state: engine.State | None = None,
        *,
        players: int | None = None,
        seed: int | None = None,
        humans: tuple[int, ...] = (0,),
        level: str = "basic",
        bots: Mapping[int, Any] | None = None,
        exam: bool = False,
        teacher: bool = False,
        **options: Any,
    ) -> None:
        """``bots`` may give the bot of any seat that is not a human's (an object with
        ``choose(state)``: a student's strategy); the others are ``engine.make_bot`` bots of
        ``level``. The game's ``seed`` is 0 unless given, except at an ``exam`` table: there it
        is secret (drawn from the operating system), so nobody can work out the deal from it.

        ``exam=True``: no coach and no hint, the review opens only once the game is over, no
        game is loaded and none saved before the end. ``teacher=True``: Teacher mode under the
        table (every hand face up, rig the next throw or deal, undo, a new game at any time)
        and Save game at any time (the file holds every hand)."""
        super().__init__()
        for name, switch in (("exam", exam), ("teacher", teacher)):
            if type(switch) is not bool:
                raise ValueError(f"{name} is True or False, not {switch!r}")
        if exam and teacher:
            raise ValueError("a table is an exam table or a teacher's table, not both")
        self.exam = exam
        """A graded game (no coach, no hint, no load, a secret seed), set in code only."""
        self.teacher = teacher
        """The teacher's table (Teacher mode), set in code only: no click can make one."""
        if seed is None:
            seed = secrets.randbelow(engine.core.MAX_SEED) if exam else 0
        self.state = state or engine.new_game(self.game, players, seed, **options)
        n = self.state.num_players
        if not humans or any(type(h) is not int or not 0 <= h < n for h in humans):
            raise ValueError(f"human seats must be among 0..{n - 1}, not {humans!r}")
        self.humans = tuple(sorted(set(humans)))
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
        self._latest: engine.State | None = None
        """While looking back at an earlier move: the game as it stands."""
        self._kept: tuple[bool, engine.Event | None] = (False, None)
        """While looking back: the game's own ``paused`` and ``last``."""
        self._reveal = False
        self._rigged: Any = None
        self._screen: int | None = None
        self._covered = False
        self._last_chance: engine.State | None = None
        self._chance_known = not self.state.history
        """Whether ``_last_chance`` is known for the game as it stands (not after a replace)."""
        self._watchers: list[tuple[int, int, Callable[[], None]]] = []
        self._entries: list[Entry] = []
        self._note = ""
        self.last: engine.Event | None = None
        """The last action on the table as the viewer saw it (the picture marks it)."""
        self.message = widgets.HTML()
        self.board = Board(on_message=self.receive)
        self.continue_button = widgets.Button(
            description="Continue",
            icon="play",
            button_style="primary",
            tooltip="show the next round",
        )
        self.continue_button.add_class("tt-continue")
        self.press(self.continue_button, self.resume)
        self._question = widgets.HTML()
        self._yes = widgets.Button(
            description="Yes", button_style="danger", layout={"width": "auto"}
        )
        self._no = widgets.Button(
            description="Cancel",
            icon="times",
            tooltip="do not do it",
            layout={"width": "auto"},
        )
        self._on_yes: Callable[[], Any] = lambda: None
        self.press(self._yes, self._confirmed)
        self.press(self._no, self._ask_done, acts=False)
        self.confirm_bar = widgets.HBox([self._question, self._yes, self._no])
        self.confirm_bar.add_class("tt-confirm")
        self.confirm_bar.layout.display = "none"
        self.game_widgets = self._layout()
        from .classroom import tools_for  # the tools take a table: imported here, not above

        self.tools = widgets.VBox(tools_for(self))
        self.tools.add_class("tt-tools")
        self.children = (*self.game_widgets, self.tools)
        self.add_class("tt-table")
        self.advance()

    # -- who sees what
    def _name(self, seat: int) -> str:
        if seat in self.humans:
            return "You" if len(self.humans) == 1 else f"Player {seat}"
        return f"Bot {seat}"

    def human_to_act(self) -> int | None:
        """The human seat that must act now (a game where humans also throw says so), or None."""
        seat = self.state.current_player
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
    def latest(self) -> engine.State:
        """The game as it stands, also while the table shows an earlier move."""
        return self._latest or self.state

    @property
    def looking_back(self) -> bool:
        """True while the table shows an earlier move (read-only)."""
        return self._latest is not None

    @property
    def reveal(self) -> bool:
        """Teacher mode: every hand face up (games draw ``view(seat, reveal=self.reveal)``)."""
        return self._reveal

    @reveal.setter
    def reveal(self, on: bool) -> None:
        if on and not self.teacher:
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
        self.message.value = ""
        self._ask_done()
        if hasattr(self, "coach"):
            self.coach.value = ""

    # -- playing
    def act(self, action: Any) -> bool:
        """A human's action for the seat to move. A refused one leaves the game as it was and
        shows the engine's reason. The page shows the action at once, then the moves that
        follow one at a time."""
        blocked = self._blocked()
        if blocked:
            return self.refuse(blocked)
        seat = self.state.current_player
        try:
            new = self.state.apply(action, player=seat)
        except engine.IllegalAction as e:
            return self.refuse(str(e))
        self.message.value = ""
        self._ask_done()
        self._step(seat, action, new)
        if self.board.watched:
            self.board.play([self._frame()], reset=True, more=self._others_to_move())
        self.advance()
        return True

    def why_not(self, action: Any) -> str | None:
        """None if a human may take ``action`` now, else why not (for a rule, the engine's
        own words): what a dimmed control says."""
        blocked = self._blocked()
        if blocked:
            return blocked
        try:
            self.state.check(action, player=self.state.current_player)
        except engine.IllegalAction as e:
            return str(e)
        return None

    def _blocked(self) -> str | None:
        """Why no human may act at all just now, if so."""
        seat = self.state.current_player
        if self._latest is not None:
            return (
                f"you are looking back at move {len(self.state.history)} of "
                f"{len(self._latest.history)}: go back to the game to play on, or branch from here"
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
            self._latest is None
            and not self.paused
            and not self.state.is_terminal()
            and self.human_to_act() is None
        )

    def advance(self) -> None:
        """Let chance and the bots move until a human is to act, the game ends or a pause;
        a page watching the board gets each move as a frame to show in turn."""
        frames = []
        while self._others_to_move():
            seat = self.state.current_player
            action = self.chance() if seat == engine.CHANCE else self.bots[seat].choose(self.state)
            self._step(seat, action, self.state.apply(action))
            if self.board.watched and self.board.pace:
                frames.append(self._frame())
        self.board.play(frames[:-1])  # the last is the game as it stands: the traits show it
        self.redraw()

    def chance(self) -> Any:
        """The next chance outcome: the one the teacher rigged (used once), else a fair one.
        A rigged outcome the rules refuse here is replaced by a fair one, and the table says so."""
        rigged, self.rigged = self.rigged, None
        if rigged is not None:
            try:
                self.state.check(rigged)
                return rigged
            except engine.IllegalAction as e:
                self.refuse(f"the rigged {rigged} does not fit here ({e}): a fair one was used")
        return self.state.sample_chance()

    def redraw(self) -> None:
        """Draw the game (not while covered), then let the classroom tools follow it in their
        order. While looking back, the table carries the class ``tt-looking-back`` (its own
        controls rest, dimmed)."""
        if self._latest is None:
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
        name = getattr(control, "description", "") or "that control"
        if self._covered:
            return f"{name} waits: the screen is covered until the next player takes it"
        if getattr(control, "disabled", False) or control.layout.display == "none":
            return f"{name} is not available now"
        if acts and self.board.watched and self.board.seen != self.board.move:
            return "that click came before the table showed the latest move: look again"
        return None

    def receive(self, content: object) -> bool:
        """A message from the board's page, which should be a click on a spot of the picture
        it shows. It is taken only if it passes the gate (``gate.read``: a kind of click of
        ``INTENTS``, well formed, with its move number), was made on the picture of the state
        on the table while the screen is not covered; then ``new-game`` deals the next game
        (at a teacher's table, or once the game is over), and any other click on a spot that
        picture offers goes to the game's ``clicked``. Anything else is refused with a
        note in the status line, never an exception. True if the click was taken."""
        try:
            click = gate.read(content, self.INTENTS)
        except gate.Refused as e:
            return self.note(str(e))
        assert isinstance(content, dict)  # gate.read accepts nothing else
        if click.move != len(self.state.history):
            return self.note(gate.STALE)
        if self._covered:
            return self.note("the screen is covered: the next player takes it first")
        if click.kind == "new-game":
            return self.new_game()
        if f'data-intent="{escape(content["intent"])}"' not in self.board.svg:
            return self.note(gate.NOTHING_THERE)
        if self.clicked(click.kind, click.value) is False:
            return self.note(gate.NOTHING_THERE)
        return True

    def on_intent(self, intent: str) -> bool:
        """A click on the spot ``intent`` of the picture on the table, as the page sends it
        (for scripts, tests and a test's twin table): through the same gate."""
        return self.receive({"intent": intent, "move": len(self.state.history)})

    def note(self, text: str) -> bool:
        """A short note in the status line (a click that was ignored), until the next move;
        False, for callers that return whether a click was taken. While the screen is
        covered the status line holds the note alone."""
        self._note = text
        if self._covered:
            self.board.status = f'<span class="tt-note">({escape(text)})</span>'
        else:
            self.board.status = self._status_html()
        return False

    # -- asking before a costly action
    def confirm(self, question: str, yes: str, do: Callable[[], Any]) -> None:
        """Ask ``question`` beside the controls; ``yes`` (the button's words) runs ``do()``,
        Cancel does nothing. For an action with a fixed cost: the question says the cost."""
        self._question.value = f'<span class="tt-question" role="alert">{escape(question)}</span>'
        self._yes.description = yes
        self._on_yes = do
        self.confirm_bar.layout.display = None
        self._yes.focus()

    def _confirmed(self) -> None:
        do = self._on_yes
        self._ask_done()
        do()

    def _ask_done(self) -> None:
        self.confirm_bar.layout.display = "none"
        self._on_yes = lambda: None

    # -- replacing the game: a branch, an undo, a save loaded, a new game
    def replace(self, state: engine.State, note: str) -> None:
        """Play on from ``state`` (this table's game, as many players): a branch from the
        replay, an undo, a loaded save. Raises ``ValueError`` and keeps the game otherwise.
        The log keeps the moves the two games share, then says ``note``."""
        if state.game != self.game:
            raise ValueError(f"this table plays {self.game}, not {state.game}")
        if state.num_players != self.state.num_players:
            raise ValueError(
                f"this table has {self.state.num_players} players, the game has {state.num_players}"
            )
        shared = _shared(self.latest.history, state.history)
        self._entries = [e for e in self._entries if e.move <= shared]
        self._log_note(len(state.history), note)
        self.state, self._latest, self.paused, self.rigged = state, None, False, None
        self._chance_known = False
        self.last = None
        self.message.value = ""
        self._ask_done()
        self.advance()

    def new_game(self) -> bool:
        """A new game at this table (the same players and options), if one may be dealt now:
        at a teacher's table at any time, at any other once the game is over (so no click
        throws away a hand). Its seed is the next one, at an exam table a new secret one.
        True if it was dealt."""
        s = self.latest
        if not (self.teacher or (s.is_terminal() and not self.looking_back)):
            return self.note("a new game is dealt once this one is over")
        seed = secrets.randbelow(engine.core.MAX_SEED) if self.exam else s.seed + 1
        self.replace(engine.new_game(s.game, s.num_players, seed, **s.options), "New game")
        return True

    def look(self, state: engine.State | None, before: engine.State | None = None) -> None:
        """Show an earlier state of this game, read-only (the replay), through the eyes now at
        the screen; ``before`` is the state one move earlier, so the table pauses there
        exactly where the game paused and marks the move that led to it. None: back to the
        game as it stands."""
        if state is None:
            if self._latest is not None:
                self.state, self._latest = self._latest, None
                self.paused, self.last = self._kept
        else:
            if self._latest is None:
                self._latest, self._kept = self.state, (self.paused, self.last)
                self._screen = self.viewer
            self.state = state
            self.paused = before is not None and self._pause_after(before, state)
            self.last = before.public(state.history[-1], self.viewer) if before else None
        self.message.value = ""
        self.redraw()

    def resume(self) -> None:
        """Continue after a pause."""
        self.paused = False
        self.advance()

    def last_chance(self) -> engine.State | None:
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

    def _step(self, seat: int | None, action: Any, new: engine.State) -> None:
        old, self.state = self.state, new
        if seat == engine.CHANCE:
            self._last_chance = old
        self._note = ""
        seen = {h: old.public(action, h) for h in self.humans}
        extra = self._events(old, new)
        actor = seen[self.humans[0]].seat  # who acted: a player, or None for chance alone
        self._entries.append(
            Entry(len(new.history), actor, {h: [self.say(e), *extra] for h, e in seen.items()})
        )
        self.last = seen[self.viewer]
        if self._pause_after(old, new):
            self.paused = True

    def _log_note(self, move: int, note: str) -> None:
        self._entries.append(Entry(move, None, {h: [note] for h in self.humans}))

    @property
    def log_lines(self) -> list[str]:
        """The whole log as the viewer reads it."""
        seat = self.viewer
        return [line for e in self._entries for line in e.lines[seat]]

    def _recent(self) -> tuple[str, list[str]]:
        """The title and lines of "Since your last move" for the viewer, up to the state on
        the table: every step after the viewer's last own action (that action first); before
        a player's first move, everything "So far"."""
        seat, move = self.viewer, len(self.state.history)
        entries = [e for e in self._entries if e.move <= move]
        start = next((k for k in range(len(entries) - 1, -1, -1) if entries[k].actor == seat), None)
        if start is None:
            if seat not in self.humans or not entries:
                return "", []
            return "So far", [line for e in entries for line in e.lines[seat]]
        name = self.names[seat]
        title = "Since your last move" if name == "You" else f"Since {name}'s last move"
        return title, [line for e in entries[start:] for line in e.lines[seat]]

    def refuse(self, reason: str) -> bool:
        """Show why something was not done (the table keeps its game); False, for callers
        that return whether an action was taken."""
        self.message.value = (
            f'<div class="tt-refused" role="alert">Not allowed: {escape(reason)}</div>'
        )
        return False

    def _add_coach(self, tooltip: str) -> None:
        """The Coach toggle (``self.coach_toggle``) and its panel (``self.coach``, which the
        game's ``refresh`` fills while the toggle is on); toggling redraws. At an exam table
        the toggle is not shown and stays off, whatever the page sends."""
        self.coach_toggle = widgets.ToggleButton(
            description="Coach", icon="graduation-cap", tooltip=tooltip
        )
        self.coach = widgets.HTML()
        if self.exam:
            self.coach_toggle.layout.display = "none"
        self.coach_toggle.observe(lambda _c: self._coach_switched(), "value")

    def _coach_switched(self) -> None:
        if self.exam and self.coach_toggle.value:
            self.coach_toggle.value = False  # this change redraws
            self.note("no coach at an exam table")
        else:
            self.redraw()

    # -- what the board shows
    def turn_line(self) -> str:
        """Whose turn it is, as the status line says it (plain text; a game may override:
        India names whose throw it is, Michigan hides who holds the next card)."""
        seat = self.state.current_player
        if self.state.is_terminal():
            return "Game over"
        if self.paused:
            return "Round over: look at the result, then Continue"
        if seat == engine.CHANCE:
            return "Dealing"
        hint = self.hint() if seat in self.humans else ""
        return f"{self.names[seat]} to move" + (f": {hint}" if hint else "")

    def _status_html(self) -> str:
        note = f' <span class="tt-note">({escape(self._note)})</span>' if self._note else ""
        return f"<b>{escape(self.turn_line())}</b>{note}"

    def _frame(self) -> dict[str, Any]:
        """The picture of the state on the table, for the page to show in turn."""
        svg, label = self.picture()
        return {
            "svg": svg,
            "label": label,
            "status": self._status_html(),
            "move": len(self.state.history),
            "lines": self._entries[-1].lines[self.viewer] if self._entries else [],
        }

    def _present(self) -> None:
        """Put the state on the table into the board's traits (the move number last)."""
        svg, label = self.picture()
        title, recent = self._recent()
        move = len(self.state.history)
        log = [line for e in self._entries if e.move <= move for line in e.lines[self.viewer]]
        with self.board.hold_sync():
            self.board.svg, self.board.label = svg, label
            self.board.status = self._status_html()
            self.board.recent_title, self.board.recent = title, recent
            self.board.log = log
            self.board.over = self._over_html() if self.state.is_terminal() else ""
            self.board.move = move
        self.continue_button.layout.display = None if self.paused else "none"

    def _over_html(self) -> str:
        """The game-over box: who won, everyone's final standing, a New game button."""
        s = self.state
        won = joined([self.names[w] for w in s.winners()]) or "Nobody"
        verb = says(won, "win") if len(s.winners()) <= 1 else f"{won} win"
        rows = "".join(
            f"<tr><td>{escape(self.names[seat])}</td><td>{escape(text)}</td></tr>"
            for seat, text in self.standing()
        )
        return (
            f'<div class="tt-over-box" role="status"><b>Game over: {escape(verb)}.</b>'
            f'<table class="tt-standings">{rows}</table>'
            '<button type="button" class="jupyter-button tt-new-game" data-intent="new-game">'
            "New game</button></div>"
        )

    def standing(self) -> list[tuple[int, str]]:
        """The final standings, best first: (seat, its result in the game's own words)."""
        returns = self.state.returns()
        order = sorted(range(len(returns)), key=lambda seat: -returns[seat])
        return [(seat, str(returns[seat])) for seat in order]

    # -- hooks for each game
    def _layout(self) -> tuple[widgets.Widget, ...]:
        raise NotImplementedError

    def picture(self) -> tuple[str, str]:
        """The board's picture of ``self.state`` through the viewer's eyes, marking
        ``self.last``: (SVG, its spoken label)."""
        raise NotImplementedError

    def _events(self, old: engine.State, new: engine.State) -> list[str]:
        """Public lines for the log beyond the action itself (a round's result, say)."""
        return []

    def hint(self) -> str:
        """What the human to move may do now, in a few words, for the status line."""
        return ""

    def _pause_after(self, old: engine.State, new: engine.State) -> bool:
        return False

    def clicked(self, kind: str, value: Any) -> bool | None:
        """A click on the board that passed the gate: a kind of ``INTENTS`` and its argument
        read. False if it means nothing now (the gate says so)."""
        return False

    def refresh(self) -> None:
        """Bring the controls and the coach up to ``self.state`` (the board is drawn from
        ``picture``)."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict | None:
        """The live widget, plus the table's picture for places no kernel runs (GitHub,
        nbviewer, a lesson opened before running it): JupyterLab prefers the live widget.
        The picture is an HTML image, not SVG, because JupyterLab shows SVG only in a trusted
        notebook, and a notebook a learner has just opened is not trusted."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            data = base64.b64encode(self.board.svg.encode()).decode()
            alt = escape(self.board.label, quote=True)
            bundle["text/html"] = f'<img alt="{alt}" src="data:image/svg+xml;base64,{data}">'
        return bundle

    def __repr__(self) -> str:
        s = self.state
        where = (
            "game over"
            if s.is_terminal()
            else ("paused" if self.paused else f"{self.names[s.current_player]} to move")
        )
        return (
            f"{type(self).__name__}({s.num_players} players, {self._seed_words()}, "
            f"humans {list(self.humans)}, {len(s.history)} actions, {where})"
        )

    def _seed_words(self) -> str:
        """The seed as the table's description gives it: never at an exam table (the deal
        follows from it), and a page receives the description along with the widget."""
        if self.exam:
            return "exam"
        return f"seed {self.state.seed}" + (", teacher" if self.teacher else "")


def _shared(a: engine.core.History, b: engine.core.History) -> int:
    """How many first actions two histories share."""
    if b.startswith(a):
        return len(a)
    if a.startswith(b):
        return len(b)
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), 0)
