"""The replay scrubber shown under every table: step back and forward through the game, jump to
any move, go back to the game, or play on from an earlier move (a branch).

States are immutable, so a replay is a view over the game's ``history``: the bar keeps the
states it has replayed (``State.at(0)`` and then one ``apply`` per move, each computed once) and
shows them with ``table.look``; a branch is ``table.replace``. An exam table has no branch (it
would take moves back). While the hot-seat cover is on, the bar shows and takes nothing: a look
back would show the last player's hand. It speaks only the engine protocol and the ``Table``
API, so it works for every game alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

import engine


class ReplayBar(widgets.VBox):
    """Step through ``table``'s game: a slider over moves 0..n (it follows the game as it
    grows), First / Back / Forward / Latest, "Back to the game" and "Play on from here" while
    looking back, and a line saying which move is shown and who made it. While looking back the
    table is read-only and shows that move through the same eyes."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self._line: list[engine.State[Any]] = []
        """``_line[k]``: the game after its first k actions, replayed once and kept."""
        self._syncing = False
        self.slider = widgets.IntSlider(
            min=0,
            max=0,
            value=0,
            description="Move",
            tooltip="the move shown: drag, or focus and use the arrow keys, or type a number",
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        self.slider.observe(lambda change: self._slid(change["new"]), "value")
        self.first = self._button("First", "fast-backward", "the start of the game", lambda: 0)
        self.back = self._button("Back", "step-backward", "one move back", lambda: self.move - 1)
        self.forward = self._button(
            "Forward", "step-forward", "one move forward", lambda: self.move + 1
        )
        self.latest = self._button("Latest", "fast-forward", "the latest move", lambda: self.moves)
        self.back_to_game = widgets.Button(
            description="Back to the game",
            icon="reply",
            button_style="info",
            tooltip="stop looking back: show the game as it stands and play on",
            layout={"width": "auto"},
        )
        table.press(self.back_to_game, lambda: self.show(self.moves), acts=False)
        self.branch = widgets.Button(
            description="Play on from here",
            icon="code-branch",
            button_style="warning",
            tooltip="branch: a new game from the move shown (the later moves are dropped)",
            layout={"width": "auto"},
        )
        table.press(self.branch, self.play_on)
        self.where = widgets.HTML()
        # an exam table takes no move back; a room's game is its server's
        branch = () if table.exam or table.room else (self.branch,)
        self.children = (
            widgets.HBox([self.first, self.back, self.slider, self.forward, self.latest]),
            widgets.HBox([self.where, self.back_to_game, *branch]),
        )
        self.add_class("tt-replay")
        table.watch(self._follow, order=10)
        self._follow()

    def _button(self, label: str, icon: str, tip: str, target: Callable[[], int]) -> widgets.Button:
        """A button that shows the move ``target()`` gives when clicked."""
        button = widgets.Button(description=label, icon=icon, tooltip=tip, layout={"width": "auto"})
        self.table.press(button, lambda: self.show(target()), acts=False)
        return button

    # -- where we are
    @property
    def game(self) -> engine.State[Any]:
        """The game as it stands (not the earlier move shown while looking back)."""
        latest: engine.State[Any] = self.table.latest
        return latest

    @property
    def moves(self) -> int:
        """How many actions the game has had."""
        return len(self.game.history)

    @property
    def move(self) -> int:
        """The move shown: the number of actions of the state on the table."""
        return len(self.table.shown.history)

    def at(self, move: int) -> engine.State[Any]:
        """The game after its first ``move`` actions, replayed once and then kept."""
        game = self.game
        if isinstance(move, bool) or not isinstance(move, int) or not 0 <= move <= self.moves:
            raise ValueError(f"move must be 0 to {self.moves}, not {move!r}")
        self._keep_prefix(game)
        line = self._line
        while len(line) <= move:
            k = len(line)
            line.append(game if k == self.moves else line[-1].apply(game.history[k - 1]))
        return self._line[move]

    def _keep_prefix(self, game: engine.State[Any]) -> None:
        """Drop kept states that are not on ``game``'s line (after a branch, undo or load)."""
        line = self._line
        if not line or _setup(line[0]) != _setup(game):
            self._line = [game.at(0)]
            return
        last = line[-1].history
        if game.history.startswith(last):
            return
        same = next(
            (i for i, (a, b) in enumerate(zip(last, game.history, strict=False)) if a != b),
            min(len(last), len(game.history)),
        )
        del line[same + 1 :]

    def describe(self, move: int) -> str:
        """Who did what at ``move``, as the seat at the screen saw it ("Bot 2 plays 7♠", "Bot 1
        discards a card face down"): the engine's public description for that seat."""
        if move == 0:
            return "the start, before anything is played"
        before, action = self.at(move - 1), self.game.history[move - 1]
        said: str = self.table.say(before.public(action, self.table.viewer))
        return said

    # -- moving through the game
    def show(self, move: int, review: tuple[str, str | None] | None = None) -> None:
        """Show the game after ``move`` actions (clamped to 0..n); the latest move is the game
        itself, any other is shown read-only. ``review``: the move that led there and the
        expert's choice instead (None: the same), marked on the board (a review's row)."""
        move = max(0, min(int(move), self.moves))
        if move == self.moves:
            if self.table.looking_back:
                self.table.look(None)
        else:
            self.table.look(self.at(move), self.at(move - 1) if move else None)
        last = self.table.last
        if review is not None and last is not None:
            self.table.last = dataclasses.replace(last, marks=(*last.marks, ("review", review)))
            self.table.redraw()

    def play_on(self) -> None:
        """Branch: a new game from the move shown, the later moves dropped; the bots play on.
        Not at an exam table."""
        if not self.table.looking_back or self.table.exam or self.table.room:
            return
        move, moves = self.move, self.moves
        self.table.replace(self.table.shown, f"Branch: play on from move {move} of {moves}")

    def _slid(self, move: int) -> None:
        if self._syncing or move == self.move:
            return
        why_not = self.table.unavailable(self.slider, acts=False)
        if why_not:
            self.table.note(why_not)
            self._follow()  # the slider back where the table is
        else:
            self.show(move)

    def _follow(self) -> None:
        """After every redraw: the slider spans the game and marks the move shown."""
        looking = self.table.looking_back
        move, moves = self.move, self.moves
        self._syncing = True
        try:
            if moves > self.slider.max:
                self.slider.max = moves
            self.slider.value = move
            self.slider.max = moves
        finally:
            self._syncing = False
        self.first.disabled = self.back.disabled = move == 0
        self.forward.disabled = self.latest.disabled = move == moves
        self.back_to_game.layout.display = None if looking else "none"
        branches = looking and not (self.table.exam or self.table.room)
        self.branch.layout.display = None if branches else "none"
        if self.table.covered:
            self.where.value = '<div class="tt-replay-where">The screen is covered.</div>'
            return
        what = escape(self.describe(move))
        if looking:
            text = (
                f"<b>Looking back</b> at move {move} of {moves}: {what}. "
                "The table is read-only here."
            )
        else:
            text = f"Move {move} of {moves}: {what}"
        self.where.value = f'<div class="tt-replay-where" aria-live="polite">{text}</div>'

    def __repr__(self) -> str:
        looking = " (looking back)" if self.table.looking_back else ""
        return f"ReplayBar(move {self.move} of {self.moves}{looking})"


def _setup(state: engine.State[Any]) -> tuple[Any, ...]:
    """What a game starts from: two states with the same set-up replay the same way."""
    return state.game, state.num_players, state.seed, state.options


__all__ = ["ReplayBar"]
