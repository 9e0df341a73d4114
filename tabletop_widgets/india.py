"""Widgets for the Royal Game of India: animated dice, and a table that plays whole games.

On your turn click Throw; the dice tumble and land on the engine's throw. Then click one of your
pieces: green rings show where it may go (one ring per die or total it may use); click a ring to
move. A piece that cannot move says why. The coach gives, for each legal move, the chance the
moved piece is hit before your next turn.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

import engine
from engine import CHANCE
from engine.india import (
    CORNER,
    HOME,
    Enter,
    IndiaState,
    Move,
    Option,
    Position,
    Throw,
    hit_risk,
    label,
)

from .board import STATIC
from .render.india import board_svg
from .table import Table
from .words import joined, percent, says


class Dice(anywidget.AnyWidget):
    """Two dice showing ``values``. Raising ``throws`` makes them tumble, then land on
    ``values``; ``used`` greys the dice already played."""

    _esm = STATIC / "dice.js"
    _css = STATIC / "dice.css"
    values = traitlets.List(traitlets.Int(), default_value=[]).tag(sync=True)
    used = traitlets.List(traitlets.Bool(), default_value=[False, False]).tag(sync=True)
    throws = traitlets.Int(0).tag(sync=True)
    label = traitlets.Unicode("dice not thrown yet").tag(sync=True)

    def show(self, throw: Throw | None, left: tuple[int, ...], throws: int) -> None:
        """Show ``throw`` with only the ``left`` dice still to play; tumble if ``throws`` is a
        new count."""
        values = [throw.a, throw.b] if throw else []
        rest = list(left)
        used = []
        for v in reversed(values):  # the dice left are the last ones shown
            used.insert(0, v not in rest)
            if v in rest:
                rest.remove(v)
        self.values, self.used = values, used or [False, False]
        self.label = f"dice: {throw.a}-{throw.b}" if throw else "dice not thrown yet"
        self.throws = throws

    def __repr__(self) -> str:
        shown = "-".join(map(str, self.values)) or "not thrown"
        return f"Dice({shown}, used={self.used})"


class IndiaTable(Table):
    """A whole game of India: ``IndiaTable(players=4, seed=1, humans=(0,))``, or any state,
    a set position included: ``IndiaTable(engine.new_game("india", 2, start=...), humans=(0, 1))``.

    ``numbers=True`` writes the square numbers on the board. ``throw(Throw(5, 5))`` rigs the
    next throw of a human seat (for lessons)."""

    game = "india"

    def __init__(self, state: engine.State | None = None, *, numbers: bool = False, **kw: Any):
        self.selected: int | None = None
        self.numbers = numbers
        super().__init__(state, **kw)

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self.dice = Dice()
        self.throw_button = widgets.Button(
            description="Throw", icon="dice", button_style="primary", tooltip="throw the dice"
        )
        self.throw_button.on_click(lambda _b: self.throw())
        self.move_list = widgets.VBox()
        self._add_coach("the risk behind each move")
        side = widgets.VBox(
            [
                widgets.HBox([self.dice, self.throw_button, self.coach_toggle]),
                self.message,
                self.move_list,
                self.coach,
                self.moves,
            ],
            layout=widgets.Layout(width="400px"),
        )
        return (self.status, widgets.HBox([self.board, side]))

    # -- playing
    def human_to_act(self) -> int | None:
        """Bots and their throws move by themselves; a human's throw waits for Throw."""
        s = self.state
        if s.current_player in self.humans or (
            s.current_player == CHANCE and s.turn in self.humans
        ):
            return s.turn
        return None

    def throw(self, outcome: Throw | None = None) -> bool:
        """A human's throw: the engine's fair throw, or ``outcome`` to rig it."""
        s = self.state
        if s.is_terminal() or s.current_player != CHANCE or s.turn not in self.humans:
            who = "nobody: the game is over" if s.is_terminal() else self.names[s.turn]
            if not s.is_terminal() and s.current_player != CHANCE:
                return self.refuse(f"the dice are thrown: {who} must move first")
            return self.refuse(f"it is not your throw: waiting for {who}")
        throw = outcome or self.chance()
        try:
            new = s.apply(throw)
        except engine.IllegalAction as e:
            return self.refuse(str(e))
        self.message.value = ""
        self.selected = None
        self._step(CHANCE, throw, new)
        self.advance()
        return True

    def act(self, action: Any) -> bool:
        self.selected = None
        return super().act(action)

    def on_intent(self, intent: str) -> None:
        kind, _, arg = intent.partition(":")
        if kind == "piece" and arg.isdigit():
            self.pick(int(arg))
        elif kind == "move":
            piece, _, steps = arg.partition(":")
            if piece.isdigit() and steps.isdigit():
                self.act(Move(int(piece), int(steps)))
        elif kind == "enter":
            self.act(Enter())

    def pick(self, piece: int) -> None:
        """Select one of your pieces; if it has no legal move, say why."""
        blocked = self._blocked()
        if blocked:
            self.refuse(blocked)
            return
        self.selected = piece
        if self._targets(piece):
            self.message.value = ""
        else:
            self.refuse(self._why_stuck(piece))
        self.refresh()

    def _options_for(self, piece: int) -> list[Option]:
        s = self.state
        mine = s.pieces[s.turn]
        if piece is None or not 0 <= piece < len(mine):
            return []
        return [
            o
            for o in s.legal_options()
            if (isinstance(o.action, Enter) and mine[piece] == CORNER)
            or (isinstance(o.action, Move) and mine[o.action.piece] == mine[piece])
        ]

    def _targets(self, piece: int | None) -> list[tuple[str, int]]:
        """``(intent, progress)`` of every place the piece may go."""
        out = []
        for o in self._options_for(piece):
            if isinstance(o.action, Enter):
                out.append(("enter", 0))
            else:
                to = o.pieces[self.state.turn][o.action.piece]
                out.append((f"move:{piece}:{o.action.steps}", to))
        return out

    def _why_stuck(self, piece: int) -> str:
        s = self.state
        p = s.pieces[s.turn][piece]
        if p == HOME:
            return f"piece {piece} is home in INDIA already"
        tries = (
            [Enter()] if p == CORNER else [Move(piece, d) for d in sorted({*s.dice, sum(s.dice)})]
        )
        reasons = [self.why_not(a) for a in tries]
        return f"piece {piece} cannot move: " + "; ".join(dict.fromkeys(r for r in reasons if r))

    # -- the log
    def _events(self, old: engine.State, new: engine.State) -> list[str]:
        assert isinstance(old, IndiaState) and isinstance(new, IndiaState)
        action, who = new.history[-1], self.names[old.turn]
        lines = []
        if isinstance(action, Throw):
            lines.append(f"{says(who, 'throw')} {action.a}-{action.b}")
            if new.current_player == CHANCE:
                lines.append(f"{who} cannot use the throw: the turn is lost")
            return lines
        for seat, (before, after) in enumerate(zip(old.pieces, new.pieces, strict=True)):
            for i, (p, q) in enumerate(zip(before, after, strict=True)):
                if seat != old.turn and q == CORNER and p != CORNER:
                    where = label(old.sides[seat], p)
                    victim = f"{self.names[seat]}'s".replace("You's", "your")
                    lines.append(f"{says(who, 'capture')} {victim} piece {i} on {where}")
                if seat == old.turn and q != p:
                    where = f"{label(old.sides[seat], p)} → {label(new.sides[seat], q)}"
                    lines[:0] = [f"↳ piece {i}: {where}"]
        if new.is_terminal():
            lines.append(f"Game over: {joined([self.names[w] for w in new.winners()])} won")
        elif new.current_player == CHANCE and new.turn == old.turn and old.thrown.doubles:
            lines.append(f"doubles: {says(who, 'throw')} again")
        return lines

    # -- drawing
    def refresh(self) -> None:
        super().refresh()
        s = self.state
        view = s.view(self.viewer, reveal=self.reveal)
        my_move = s.current_player in self.humans
        my_throw = s.current_player == CHANCE and s.turn in self.humans
        if s.is_terminal():
            turn = f"Game over: {joined([self.names[w] for w in s.winners()])} won"
        elif s.current_player == CHANCE:
            turn = f"{self.names[s.turn]} to throw"
        else:
            left = "-".join(map(str, s.dice))
            turn = f"{self.names[s.turn]} to move: {s.thrown.a}-{s.thrown.b}, left {left}"
        self.status.value = f'<div class="tt-status" aria-live="polite"><b>{turn}</b></div>'
        mine = s.pieces[s.turn]
        self.board.svg = board_svg(
            view,
            numbers=self.numbers,
            selected=self.selected if my_move else None,
            targets=self._targets(self.selected) if my_move else (),
            clickable=[i for i, p in enumerate(mine) if p != HOME] if my_move else (),
            names=self.names,
        )
        self.board.label = f"India board, {self.names[s.turn]}'s turn"
        self.dice.show(s.thrown, s.dice, s.throws)
        self.throw_button.disabled = not my_throw
        self.move_list.children = self._move_buttons() if my_move else ()
        self.coach.value = self._coach_html() if self.coach_toggle.value and my_move else ""

    def _move_buttons(self) -> list[widgets.Button]:
        buttons = []
        for o in self.state.legal_options():
            b = widgets.Button(description=self._describe(o), layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, a=o.action: self.act(a))
            buttons.append(b)
        return buttons

    def _describe(self, o: Option) -> str:
        s = self.state
        side = s.sides[s.turn]
        if isinstance(o.action, Enter):
            return f"enter (to {label(side, 0)})"
        i = o.action.piece
        to = label(side, o.pieces[s.turn][i])
        hit = " capturing" if o.captured else ""
        return f"piece {i} moves {o.action.steps}: {label(side, s.pieces[s.turn][i])} → {to}{hit}"

    def _coach_html(self) -> str:
        s = self.state
        lines = []
        for o in s.legal_options():
            moved = o.action.piece if isinstance(o.action, Move) else s.pieces[s.turn].index(CORNER)
            after = Position(o.pieces, s.sides, s.partners)
            risk = hit_risk(after, s.turn, o.pieces[s.turn][moved])
            lines.append(
                f"{self._describe(o)}: hit before your next turn "
                f"<b>{percent(risk)}</b>{_exact(risk)}"
            )
        intro = (
            "Chance the moved piece is hit on each opponent's first throw, a lower bound of the "
            "risk before you throw again (rethrows after doubles and blockades left out):"
        )
        return (
            f'<div class="tt-coach" aria-live="polite">{intro}<br>' + "<br>".join(lines) + "</div>"
        )

    def __repr__(self) -> str:
        s = self.state
        if s.is_terminal():
            where = "game over"
        else:
            verb = "throw" if s.current_player == CHANCE else "move"
            where = f"{self.names[s.turn]} to {verb}"
        return (
            f"IndiaTable({s.num_players} players, seed {s.seed}, humans {list(self.humans)}, "
            f"{len(s.history)} actions, {where})"
        )


def _exact(p: Fraction) -> str:
    return f" ({p})" if p else ""


__all__ = ["Dice", "IndiaTable"]
