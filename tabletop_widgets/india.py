"""Widgets for the Royal Game of India: animated dice, and a table that plays whole games.

On your turn click Throw; the dice tumble and land on the engine's throw. Then click one of your
pieces: green rings show where it may go (one ring per die or total it may use); click a ring to
move. A piece that cannot move says why. Two pieces standing together move the same, and the
rules give the move to the lower-numbered one: a click on either selects it. The coach gives,
for each legal move, the chance the moved piece is hit before your next turn (each opponent's
whole turn, rethrows after doubles included).

In a room (``tabletop_widgets.classplay.remote``) the server throws every seat's dice as soon
as its turn comes: there is no Throw to click, and the dice show the throw as it arrives.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

import engine
from engine import CHANCE
from engine.india import (
    BLUE,
    CORNER,
    HOME,
    PIECES,
    ROUTE,
    Enter,
    IndiaState,
    IndiaView,
    Move,
    Option,
    Position,
    Throw,
    board_from_view,
    square,
    turn_hit_risk,
)
from engine.india.rules import stands_for

from . import gate
from .board import STATIC
from .render.india import table_svg, used_dice
from .table import Table
from .words import YOU, percent, says


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
        self.values, self.used = values, used_dice(values, left) or [False, False]
        self.label = f"dice: {throw.a}-{throw.b}" if throw else "dice not thrown yet"
        self.throws = throws

    def __repr__(self) -> str:
        shown = "-".join(map(str, self.values)) or "not thrown"
        return f"Dice({shown}, used={self.used})"


class IndiaTable(Table):
    """A whole game of India: ``IndiaTable(players=4, seed=1, humans=(0,))``, or any state,
    a set position included: ``IndiaTable(engine.new_game("india", 2, start=...), humans=(0, 1))``.

    ``numbers=True`` writes the square numbers on the board. ``throw(Throw(5, 5))`` rigs the
    next throw of a human seat (for lessons). The dice beside the board show your own throw
    until you throw again; the board shows the others' throws and marks every move."""

    game = "india"
    shown: IndiaState
    COACH = "the risk behind each move"

    def __init__(self, state: engine.State[Any] | None = None, *, numbers: bool = False, **kw: Any):
        self.selected: int | None = None
        self.numbers = numbers
        self._own: dict[int, tuple[Throw, tuple[int, ...], int]] = {}
        """Human seat -> its last throw, the dice of it left, and the game's throw count."""
        super().__init__(state, **kw)

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self.dice = Dice()
        self.throw_button = widgets.Button(
            description="Throw", icon="dice", button_style="primary", tooltip="throw the dice"
        )
        self.press(self.throw_button, self.throw)
        if self.room is not None:  # the room's server throws the dice
            self.throw_button.layout.display = "none"
        self.move_list = widgets.VBox()
        self.move_list.add_class("tt-india-moves")
        self._buttons: list[widgets.Button] = []
        self._choices: list[Any] = []
        buttons = widgets.HBox([self.throw_button, self.coach_toggle])
        controls = widgets.VBox([self.dice, buttons, self.message, self.move_list, self.coach])
        controls.add_class("tt-india-controls")
        self.add_class("tt-india")
        self.board.layout.flex = "1 1 auto"  # the board and its side panel take what is left
        return (widgets.HBox([self.board, controls]),)

    def _seen(self, state: engine.State[Any] | None = None) -> IndiaView:
        """``state`` (default: the one on the table) as the table reads it: its view. India
        hides nothing, so any seat's view is the whole table; in a room it is what the server
        told this seat, so a table reads the same thing at home and in a room."""
        view: IndiaView = (self.shown if state is None else state).view(self.humans[0])
        return view

    # -- playing
    def _human_to_act(self) -> int | None:
        """Bots and their throws move by themselves; a human's throw waits for Throw (in a
        room the server throws: nobody waits for a click)."""
        s, turn = self.shown, self._seen()["turn"]
        if s.current_player in self.humans or (
            self.room is None and s.current_player == CHANCE and turn in self.humans
        ):
            return turn
        return None

    def throw(self, outcome: Throw | None = None) -> bool:
        """A human's throw: the engine's fair throw (or the teacher's rigged one), or
        ``outcome`` to rig it."""
        if self.room is not None:
            return self.refuse("in a room the dice are thrown for you when your turn comes")
        blocked = self._blocked()
        if blocked:
            return self.refuse(blocked)
        if self.shown.current_player != CHANCE:
            turn = self._seen()["turn"]
            return self.refuse(f"the dice are thrown: {self.names[turn]} must move first")
        return self.act(self.chance() if outcome is None else outcome)

    def act(self, action: Any) -> bool:
        self.selected = None
        return super().act(action)

    def replace(self, state: engine.State[Any], note: str) -> None:
        """A loaded game: the throw being played stays on the dice if it is a human's."""
        kept, self._own = self._own, {}
        if isinstance(state, IndiaState) and state.thrown and state.turn in self.humans:
            self._own[state.turn] = (state.thrown, state.dice, len(state.history))
        try:
            super().replace(state, note)
        except ValueError:
            self._own = kept  # refused: the table keeps its game, dice included
            raise

    def _moved(self, seen: dict[int, engine.Event], new: Any) -> None:
        """Also keep each human's own throw (numbered by its move: a new number tumbles the
        dice), and the dice of it still to use."""
        mover = self._seen()["turn"]
        super()._moved(seen, new)
        if mover not in self.humans:
            return
        thrown = seen[mover].mark("throw")
        if thrown is not None:
            self._own[mover] = (Throw(*thrown), tuple(thrown), len(new.history))
        elif mover in self._own:
            throw, _, count = self._own[mover]
            left = tuple(self._seen(new)["dice"]) if new.current_player == mover else ()
            self._own[mover] = (throw, left, count)

    INTENTS = gate.intents(
        Table.INTENTS,
        piece=gate.number(PIECES),
        move=gate.numbers(2, below=100),
        enter=gate.nothing,
    )
    """``piece:i`` picks a piece, ``move:i:steps`` moves it (or the piece standing with it
    that the rules move for it), ``enter`` enters one."""

    def clicked(self, kind: str, value: Any) -> bool:
        """Only while a human is to move."""
        if self.shown.current_player not in self.humans:
            return False
        if kind == "piece":
            self.pick(value)
            return True
        try:
            action: Enter | Move
            if kind == "enter":
                action = Enter()
            else:
                piece, steps = value
                if piece not in range(PIECES):
                    return False
                action = Move(stands_for(self._mine(), piece), steps)
        except engine.IllegalAction:
            return False
        self.act(action)
        return True

    def pick(self, piece: int) -> None:
        """Select one of your pieces (of two standing together, the one the rules move); if it
        has no legal move, say why."""
        blocked = self._blocked()
        if blocked:
            self.refuse(blocked)
            return
        self.selected = stands_for(self._mine(), piece)
        if self._targets(piece):
            self.message.value = ""
        else:
            self.refuse(self._why_stuck(piece))
        self.redraw()

    def _mine(self) -> tuple[int, ...]:
        """The pieces of the seat whose turn it is."""
        v = self._seen()
        return tuple(v["pieces"][v["turn"]])

    def _options_for(self, piece: int | None) -> list[Option]:
        mine = self._mine()
        if piece is None or not 0 <= piece < len(mine):
            return []
        return [
            o
            for o in self.shown.legal_options()
            if (isinstance(o.action, Enter) and mine[piece] == CORNER)
            or (isinstance(o.action, Move) and o.action.piece == stands_for(mine, piece))
        ]

    def _targets(self, piece: int | None) -> list[tuple[str, int]]:
        """``(intent, progress)`` of every place the piece may go."""
        out, turn = [], self._seen()["turn"]
        for o in self._options_for(piece):
            if isinstance(o.action, Enter):
                out.append(("enter", 0))
            else:
                to = o.pieces[turn][o.action.piece]
                out.append((f"move:{o.action.piece}:{o.action.steps}", to))
        return out

    def _why_stuck(self, piece: int) -> str:
        p, dice = self._mine()[piece], self._seen()["dice"]
        if p == HOME:
            return f"piece {piece} is home in INDIA already"
        tries = [Enter()] if p == CORNER else [Move(piece, d) for d in sorted({*dice, sum(dice)})]
        reasons = [self.why_not(a) for a in tries]
        return f"piece {piece} cannot move: " + "; ".join(dict.fromkeys(r for r in reasons if r))

    # -- the log
    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """A capture (whose piece goes back to its corner), and a rethrow after doubles."""
        assert self.last is not None, "the action just made, as the viewer saw it"
        before, after = self._seen(old), self._seen(new)
        who = self.names[before["turn"]]
        if self.last.mark("throw") is not None:
            return []
        lines = []
        captured = self.last.mark("captured")
        if captured:
            victim, k, _ = captured
            lines.append(
                f"{says(who, 'capture')} {_whose(self.names[victim])} piece {k}: back to its corner"
            )
        rethrow = new.current_player == CHANCE and after["turn"] == before["turn"]
        thrown = before["thrown"]
        if rethrow and thrown is not None and thrown[0] == thrown[1]:
            lines.append(f"doubles: {says(who, 'throw')} again")
        return lines

    # -- drawing
    def turn_line(self) -> str:
        """A throw, not a deal: whose it is."""
        s, turn = self.shown, self._seen()["turn"]
        if s.current_player != CHANCE or s.is_terminal():
            return super().turn_line()
        click = ": click Throw" if self.human_to_act() is not None else ""
        return f"{self.names[turn]} to throw" + click

    def hint(self) -> str:
        left = "-".join(map(str, self._seen()["dice"]))
        return f"{left} to use: click a piece, then a green ring"

    def _my_move(self) -> bool:
        return self.shown.current_player in self.humans

    def picture(self) -> tuple[str, str]:
        s, seat = self.shown, self.viewer
        view = s.view(seat, reveal=self.reveal)
        turn = view["turn"]
        mine = view["pieces"][turn]
        my_move = self._my_move()
        svg = table_svg(
            view,
            numbers=self.numbers,
            selected=self.selected if my_move else None,
            targets=self._targets(self.selected) if my_move else (),
            clickable=[i for i, p in enumerate(mine) if p != HOME] if my_move else (),
            names=self.names,
            last=self.last,
        )
        return svg, f"India board seen by {self.names[seat]}, {self.names[turn]}'s turn"

    def refresh(self) -> None:
        s = self.shown
        my_move = self._my_move()
        self._show_dice()
        my_throw = s.current_player == CHANCE and self.human_to_act() is not None
        self.throw_button.disabled = not my_throw
        why = self._blocked() or "the dice are thrown: move first, using them"
        self.throw_button.tooltip = "throw the dice" if my_throw else f"not now: {why}"
        self.move_list.children = self._move_buttons() if my_move else ()
        self.coach.value = self._coach_html() if self.coach_toggle.value and my_move else ""

    def _show_dice(self) -> None:
        """Your own last throw stays on the dice until you throw again (the board shows the
        others' throws); looking back, the throw of the move shown, as also on your move when
        the table did not see you throw (a room's table made or sent afresh mid-turn)."""
        own = None if self.looking_back else self._own.get(self.viewer)
        view = self._seen()
        thrown, left = view["thrown"], tuple(view["dice"])
        if own:
            self.dice.show(*own)
        elif thrown and (self.looking_back or self.shown.current_player == self.viewer):
            self.dice.show(Throw(*thrown), left, self.dice.throws)  # no tumble while scrubbing
        else:
            self.dice.show(None, (), self.dice.throws)

    def _hide(self, picture: str, label: str) -> None:
        super()._hide(picture, label)
        self.dice.show(None, (), self.dice.throws)
        self.move_list.children = ()

    def _choose(self, i: int) -> bool:
        """Take the move on button ``i``."""
        return self.act(self._choices[i])

    def _move_buttons(self) -> list[widgets.Button]:
        """One button per legal move, reused from redraw to redraw (a new widget for every
        move would pile up in the page over a long game)."""
        options = self.shown.legal_options()
        self._choices = [o.action for o in options]
        while len(self._buttons) < len(options):
            i = len(self._buttons)
            b = widgets.Button(layout=widgets.Layout(width="auto"))
            self.press(b, partial(self._choose, i))
            self._buttons.append(b)
        for b, o in zip(self._buttons[: len(options)], options, strict=True):
            b.description = self._describe(o)
        return self._buttons[: len(options)]

    def _describe(self, o: Option) -> str:
        """A legal move in what the board shows: the piece's number, the steps (the number
        in its green ring), and the kind of square it lands on."""
        v = self._seen()
        turn = v["turn"]
        if isinstance(o.action, Enter):
            return "enter a piece (on your entry square)"
        i = o.action.piece
        to = self._place(v["sides"][turn], o.pieces[turn][i])
        hit = f", capturing {_whose(self.names[o.captured[0]])} piece" if o.captured else ""
        return f"piece {i} moves {o.action.steps} to {to}{hit}"

    def _place(self, side: int, progress: int) -> str:
        """Where a piece lands, as the board shows it (square numbers only when drawn)."""
        if progress == HOME:
            return "INDIA"
        if progress > ROUTE:
            return f"red square {progress - ROUTE}"
        q = square(side, progress)
        if self.numbers:
            return f"square {q} (blue, safe)" if q in BLUE else f"square {q}"
        return "a blue square (safe)" if q in BLUE else "a white square"

    def _coach_html(self) -> str:
        seen = self._seen()
        board, turn = board_from_view(seen), seen["turn"]
        lines = []
        for o in self.shown.legal_options():
            moved = o.action.piece if isinstance(o.action, Move) else self._mine().index(CORNER)
            after = Position(o.pieces, board.sides, board.partners)
            risk = turn_hit_risk(after, turn, o.pieces[turn][moved])
            lines.append(
                f"{self._describe(o)}: hit before your next turn "
                f"<b>{percent(risk)}</b>{_exact(risk)}"
            )
        intro = (
            "Chance the moved piece is hit before you throw again (each opponent's whole turn, "
            "rethrows after doubles included; a double that misses moves his nearest piece on; "
            "blockades left out):"
        )
        return (
            f'<div class="tt-coach" aria-live="polite">{intro}<br>' + "<br>".join(lines) + "</div>"
        )

    def standing(self) -> list[tuple[int, str]]:
        """The winners first, then by place (with ``play_on``) and by pieces home."""
        s = self.shown
        returns, winners = s.returns(), s.winners()
        home = [sum(p == HOME for p in mine) for mine in self._seen()["pieces"]]
        order = sorted(range(s.num_players), key=lambda seat: (-returns[seat], -home[seat]))
        return [
            (seat, ("won: " if seat in winners else "") + f"{home[seat]} of {PIECES} pieces home")
            for seat in order
        ]

    def __repr__(self) -> str:
        s = self.shown
        if s.is_terminal():
            where = "game over"
        else:
            verb = "throw" if s.current_player == CHANCE else "move"
            where = f"{self.names[self._seen()['turn']]} to {verb}"
        return (
            f"{type(self).__name__}({s.num_players} players, {self._seed_words()}, "
            f"humans {list(self.humans)}, {len(s.history)} actions, {where})"
        )


def _whose(name: str) -> str:
    """ "your" for You, else "Bot 1's"."""
    return "your" if name == YOU else f"{name}'s"


def _exact(p: Fraction) -> str:
    """The exact fraction beside the percentage, when it is short enough to read."""
    return f" ({p})" if p and len(str(p)) <= 11 else ""


__all__ = ["Dice", "IndiaTable"]
