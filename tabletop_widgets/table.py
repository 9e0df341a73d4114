"""A table that plays a whole game: human seats click, bots and chance move by themselves.

Game-neutral: it speaks only the engine protocol. A game's table subclasses it to add its
controls and its picture. The table holds the current state and view settings only; every
rule question goes to the engine, and a refused action shows the engine's reason.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from typing import Any, ClassVar

import ipywidgets as widgets

import engine

from .board import Board


class Table(widgets.VBox):
    """Base class of the game tables. ``humans`` are the seats clicked on this screen; the
    other seats are bots of ``level``. Bots answer at once; the table pauses where a human
    should look (``_pause_after``) until Continue is clicked.

    The classroom tools under every table use only this public API: ``latest`` (the game as it
    stands) and ``state`` (the state on the table: an earlier move while ``looking_back``),
    ``look``, ``replace``, ``refuse``, ``watch``, ``cover``/``show_to``/``screen`` (hot
    seat), ``reveal`` and ``rigged`` (teacher mode), ``humans``, ``names``, ``viewer``,
    ``human_to_act``, ``paused``."""

    game: ClassVar[str]

    def __init__(
        self,
        state: engine.State | None = None,
        *,
        players: int | None = None,
        seed: int = 0,
        humans: tuple[int, ...] = (0,),
        level: str = "basic",
        **options: Any,
    ) -> None:
        super().__init__()
        self.state = state or engine.new_game(self.game, players, seed, **options)
        n = self.state.num_players
        if not humans or any(not (0 <= h < n) for h in humans):
            raise ValueError(f"human seats must be among 0..{n - 1}, not {humans!r}")
        self.humans = tuple(sorted(set(humans)))
        self.bots = {
            s: engine.make_bot(self.game, level, seed=seed * 97 + s)
            for s in range(n)
            if s not in self.humans
        }
        self.names = [self._name(s) for s in range(n)]
        self.paused = False
        """Waiting for Continue after a round (also true of an earlier move shown by ``look``
        where the game paused)."""
        self._latest: engine.State | None = None
        """While looking back at an earlier move: the game as it stands."""
        self._paused_latest = False
        """While looking back: whether the game itself was paused."""
        self.reveal = False
        """Teacher mode: every hand face up (games draw ``view(seat, reveal=self.reveal)``)."""
        self.rigged: Any = None
        """Teacher mode: the next chance outcome (a throw, a deal) instead of a fair one."""
        self._screen: int | None = None
        self._covered = False
        self._last_chance: engine.State | None = None
        self._chance_known = not self.state.history
        """Whether ``_last_chance`` is known for the game as it stands (not after a replace)."""
        self._watchers: list[tuple[int, int, Callable[[], None]]] = []
        self.log_lines: list[str] = []
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.board = Board(on_intent=self.on_intent)
        self.moves = widgets.HTML()
        self.continue_button = widgets.Button(
            description="Continue", icon="play", tooltip="show the next round"
        )
        self.continue_button.on_click(lambda _b: self.resume())
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
        self.board.svg, self.board.label = picture, label
        self.status.value = self.message.value = self.moves.value = ""
        if hasattr(self, "coach"):
            self.coach.value = ""

    # -- playing
    def act(self, action: Any) -> bool:
        """A human's action for the seat to move. A refused one leaves the game as it was and
        shows the engine's reason."""
        blocked = self._blocked()
        if blocked:
            return self.refuse(blocked)
        seat = self.state.current_player
        try:
            new = self.state.apply(action, player=seat)
        except engine.IllegalAction as e:
            return self.refuse(str(e))
        self.message.value = ""
        self._step(seat, action, new)
        self.advance()
        return True

    def why_not(self, action: Any) -> str | None:
        """None if a human may take ``action`` now, else why not (for a rule, the engine's
        own words): what a dimmed control says."""
        blocked = self._blocked()
        if blocked:
            return blocked
        try:
            self.state.apply(action, player=self.state.current_player)
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

    def advance(self) -> None:
        """Let chance and the bots move until a human is to act, the game ends or a pause."""
        while self._latest is None and not self.paused and not self.state.is_terminal():
            if self.human_to_act() is not None:
                break
            seat = self.state.current_player
            action = self.chance() if seat == engine.CHANCE else self.bots[seat].choose(self.state)
            self._step(seat, action, self.state.apply(action))
        self.redraw()

    def chance(self) -> Any:
        """The next chance outcome: the one the teacher rigged (used once), else a fair one.
        A rigged outcome the rules refuse here is replaced by a fair one, and the table says so."""
        rigged, self.rigged = self.rigged, None
        if rigged is not None:
            try:
                self.state.apply(rigged)
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
        for _order, _k, watcher in self._watchers:
            watcher()

    def watch(self, watcher: Callable[[], None], order: int = 50) -> None:
        """Call ``watcher()`` after every redraw, lowest ``order`` first (ties in the order
        they were added): a tool follows the game this way. A tool that covers the table
        watches last (``order=100``), to cover whatever was just drawn."""
        self._watchers.append((order, len(self._watchers), watcher))
        self._watchers.sort(key=lambda w: w[:2])

    # -- replacing the game: a branch, an undo, a save loaded
    def replace(self, state: engine.State, note: str) -> None:
        """Play on from ``state`` (this table's game, as many players): a branch from the
        replay, an undo, a loaded save. Raises ``ValueError`` and keeps the game otherwise."""
        if state.game != self.game:
            raise ValueError(f"this table plays {self.game}, not {state.game}")
        if state.num_players != self.state.num_players:
            raise ValueError(
                f"this table has {self.state.num_players} players, the game has {state.num_players}"
            )
        self.state, self._latest, self.paused, self.rigged = state, None, False, None
        self._chance_known = False
        self.message.value = ""
        self.log_lines.append(note)
        self.advance()

    def look(self, state: engine.State | None, before: engine.State | None = None) -> None:
        """Show an earlier state of this game, read-only (the replay), through the eyes now at
        the screen; ``before`` is the state one move earlier, so the table pauses there
        exactly where the game paused. None: back to the game as it stands."""
        if state is None:
            if self._latest is not None:
                self.state, self._latest = self._latest, None
                self.paused = self._paused_latest
        else:
            if self._latest is None:
                self._latest, self._paused_latest = self.state, self.paused
                self._screen = self.viewer
            self.state = state
            self.paused = before is not None and self._pause_after(before, state)
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
        if seat != engine.CHANCE:
            self.log_lines.append(f"{self.names[seat]}: {action}")
        self.log_lines.extend(self._events(old, new))
        if self._pause_after(old, new):
            self.paused = True

    def refuse(self, reason: str) -> bool:
        """Show why something was not done (the table keeps its game); False, for callers
        that return whether an action was taken."""
        self.message.value = (
            f'<div class="tt-refused" role="alert">Not allowed: {escape(reason)}</div>'
        )
        return False

    def _add_coach(self, tooltip: str) -> None:
        """The Coach toggle (``self.coach_toggle``) and its panel (``self.coach``, which the
        game's ``refresh`` fills while the toggle is on); toggling redraws."""
        self.coach_toggle = widgets.ToggleButton(
            description="Coach", icon="graduation-cap", tooltip=tooltip
        )
        self.coach = widgets.HTML()
        self.coach_toggle.observe(lambda _c: self.redraw(), "value")

    # -- hooks for each game
    def _layout(self) -> tuple[widgets.Widget, ...]:
        raise NotImplementedError

    def _events(self, old: engine.State, new: engine.State) -> list[str]:
        """Lines for the log beyond the action itself (a round's result, say)."""
        return []

    def _pause_after(self, old: engine.State, new: engine.State) -> bool:
        return False

    def on_intent(self, intent: str) -> None:
        """A click on the board."""

    def refresh(self) -> None:
        """Redraw everything from ``self.state``."""
        seat = self.state.current_player
        if self.state.is_terminal():
            turn = "Game over"
        elif self.paused:
            turn = "Round over: look at the reveal, then Continue"
        else:
            turn = f"{escape(self.names[seat])} to move"
        self.status.value = f'<div class="tt-status" aria-live="polite"><b>{turn}</b></div>'
        self.continue_button.layout.display = None if self.paused else "none"
        recent = [escape(line) for line in self.log_lines[-12:]] or ["(no moves yet)"]
        self.moves.value = (
            '<div class="tt-log" aria-label="move log">' + "<br>".join(recent) + "</div>"
        )

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
            f"{type(self).__name__}({s.num_players} players, seed {s.seed}, "
            f"humans {list(self.humans)}, {len(s.history)} actions, {where})"
        )
