"""Teacher mode, under a teacher's table only (``XTable(..., teacher=True)``): show every
hand, rig the next chance event, undo, deal a new game.

It is built only under a table made with the teacher switch in code (``classroom.tools_for``):
under a student's or an exam table it does not exist, so no click and no page message can
reach it. Game-neutral: it speaks only the engine protocol (``view(seat, reveal=True)``,
``chance_outcomes``, ``sample_chance``, ``Shuffle``, ``at``) and the public ``Table`` API
(``reveal``, ``rigged``, ``replace``, ``new_game``, ``last_chance``, ``latest``, ``press``,
``watch``). A rigged outcome is an ordinary chance action: the engine checks it like any
other.
"""

from __future__ import annotations

import random
from collections import Counter
from html import escape
from typing import Any

import ipywidgets as widgets

import engine

PER_LINE = 10
"""Cards per line in the deal editor."""


def deal_text(cards: tuple[Any, ...]) -> str:
    """A deck in the game's own notation, in dealing order, ``PER_LINE`` cards a line."""
    lines = [cards[i : i + PER_LINE] for i in range(0, len(cards), PER_LINE)]
    return ",\n".join(", ".join(str(c) for c in line) for line in lines)


def read_deal(text: str, deck: tuple[Any, ...]) -> engine.Shuffle:
    """The deal written in ``text`` (cards separated by commas or new lines), checked to be an
    order of exactly the cards of ``deck``; a ``ValueError`` says what is wrong."""
    names = [t.strip() for t in text.replace("\n", ",").split(",") if t.strip()]
    cards = []
    for k, name in enumerate(names, start=1):
        try:
            cards.append(_read_card(name, deck))
        except (ValueError, KeyError, IndexError) as e:
            raise ValueError(
                f"card {k} ({name!r}) cannot be read ({e}); write cards like {deck[0]}"
            ) from None
    have, want = Counter(cards), Counter(deck)
    extra = sorted((str(c) for c in (have - want).elements()), key=str)
    missing = sorted((str(c) for c in (want - have).elements()), key=str)
    if extra or missing:
        parts = [f"the deal must hold the {len(deck)} cards of the deck, each once"]
        if extra:
            parts.append("not in the deck (or too often): " + ", ".join(extra))
        if missing:
            parts.append("missing: " + ", ".join(missing))
        raise ValueError("; ".join(parts))
    return engine.Shuffle(tuple(cards))


def _read_card(name: str, deck: tuple[Any, ...]) -> Any:
    """One card in the deck's notation: its class's ``from_str``, or a code (Rupees)."""
    kind = type(deck[0])
    if kind is not str:
        return kind.from_str(name)
    if name not in deck:
        raise ValueError("no such card in this deck")
    return name


class TeacherTools(widgets.VBox):
    """The "Teacher mode" toggle and, while it is on, the teacher's controls for ``table`` (a
    teacher's table): Show every hand, Rig the next chance (a throw from a list, a deal to
    edit), Undo, New game."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        if not table.teacher:
            raise ValueError("Teacher mode is only for a teacher's table (teacher=True)")
        self.table = table
        self.toggle = widgets.ToggleButton(
            description="Teacher mode",
            icon="user",
            tooltip="the teacher's controls: every hand face up, rig the dice or the deal, undo",
        )
        self.reveal = widgets.ToggleButton(
            description="Show every hand",
            icon="eye",
            tooltip="turn every hand face up on the table (a banner says so)",
        )
        self.outcome = widgets.Dropdown(
            description="Next outcome",
            options=[],
            style={"description_width": "initial"},
        )
        self.deal = widgets.Textarea(
            description="Next deal",
            placeholder="cards in dealing order, separated by commas",
            rows=6,
            layout=widgets.Layout(width="98%"),
            style={"description_width": "initial"},
        )
        self.rig_button = widgets.Button(
            description="Rig the next one",
            icon="random",
            tooltip="the next chance event (a throw, a deal) uses this outcome, once",
        )
        self.now_button = widgets.Button(
            description="Use it now",
            icon="history",
            tooltip="go back to the last chance event and use this outcome there "
            "(the moves made since are undone)",
        )
        self.undo_button = widgets.Button(
            description="Undo",
            icon="undo",
            tooltip="take back the last human action and what followed it",
        )
        self.new_button = widgets.Button(
            description="New game",
            icon="refresh",
            tooltip="deal a new game now (this one is dropped)",
        )
        self.note = widgets.HTML()
        self.hint = widgets.HTML()
        for control in (
            self.toggle,
            self.reveal,
            self.rig_button,
            self.now_button,
            self.undo_button,
            self.new_button,
        ):
            control.layout.width = "auto"
        self.toggle.observe(lambda _c: self._switch(), "value")
        self.reveal.observe(lambda _c: self._show_hands(), "value")
        table.press(self.rig_button, self.rig)
        table.press(self.now_button, self.use_now)
        table.press(self.undo_button, self.undo)
        table.press(self.new_button, table.new_game)
        self.controls = widgets.VBox(
            [
                widgets.HBox([self.reveal, self.undo_button, self.new_button]),
                widgets.HTML("<b>Rig the next chance</b>"),
                self.hint,
                self.outcome,
                self.deal,
                widgets.HBox([self.rig_button, self.now_button]),
                self.note,
            ]
        )
        self.controls.layout.display = "none"
        self._node: engine.State[Any] | None = None
        self._deck: tuple[Any, ...] = ()
        self._rig_said = False
        self.children = [widgets.HBox([self.toggle]), self.controls]
        self.add_class("tt-teacher")
        table.watch(self.follow, order=30)

    # -- the controls
    def _switch(self) -> None:
        """Teacher mode on: show the controls; off: hide them and the hands again."""
        self.controls.layout.display = None if self.toggle.value else "none"
        if not self.toggle.value:
            self.reveal.value = False
        self.follow()

    def _show_hands(self) -> None:
        self.table.reveal = self.reveal.value
        self.table.redraw()

    @property
    def game(self) -> engine.State[Any]:
        """The game itself, also while the table looks back at an earlier move."""
        latest: engine.State[Any] = self.table.latest
        return latest

    def follow(self) -> None:
        """After every redraw: offer the outcomes of the chance event to rig (refilled only
        when that event changes, so the teacher's edits stay), and say what is rigged."""
        if not self.toggle.value:
            return
        node = self.table.last_chance()
        if node != self._node:
            self._node = node
            self._fill(node)
        rigged = self.table.rigged
        if rigged is not None:
            self._say_rigged(rigged)
        elif self._rig_said:  # used up (or dropped by a branch, an undo, a load)
            self.note.value, self._rig_said = "", False

    def _fill(self, node: engine.State[Any] | None) -> None:
        outcomes = node.chance_outcomes() if node is not None else None
        self.outcome.layout.display = None if outcomes else "none"
        self.deal.layout.display = None if node is not None and not outcomes else "none"
        self.rig_button.disabled = self.now_button.disabled = node is None
        if node is None:
            self._say("This game has had no throw or deal to rig.")
            return
        self.hint.value = (
            "Choose the outcome of the next throw or draw."
            if outcomes
            else "The next deal, card by card in the order it is dealt: swap cards to arrange it."
        )
        # Never the outcome a fair draw will give: the controls may be on the projector.
        if outcomes:
            self.outcome.options = [(str(o), o) for o, _p in outcomes]
            self.outcome.value = outcomes[0][0]
        else:  # the deck of the deal (due now, or the last one), in an order of its own
            due = node is self.game
            self._deck = (
                node.sample_chance() if due else self.game.history[len(node.history)]
            ).cards
            fresh = list(self._deck)
            random.Random(f"teacher:{len(self.game.history)}").shuffle(fresh)
            self.deal.value = deal_text(tuple(fresh))
        self.note.value = ""

    def chosen(self) -> Any:
        """The outcome set in the controls; a ``ValueError`` says what is wrong with it."""
        node = self._node
        if node is None:
            raise ValueError("this game has had no throw or deal to rig")
        if node.chance_outcomes():
            return self.outcome.value
        return read_deal(self.deal.value, self._deck)

    def rig(self) -> bool:
        """Rig the next chance event (``table.rigged``); bad input changes nothing."""
        try:
            outcome = self.chosen()
        except ValueError as e:
            return self._refuse(str(e))
        self.table.rigged = outcome
        self._say_rigged(outcome)
        return True

    def _say_rigged(self, outcome: Any) -> None:
        self._say(f"Rigged for the next chance event: <b>{escape(_describe(outcome))}</b>.")
        self._rig_said = True

    def use_now(self) -> bool:
        """Go back to the last chance event (or the one due now) and use the chosen outcome."""
        try:
            outcome = self.chosen()
            node = self._node
            assert node is not None  # chosen() refuses when there is no chance event
            new = node.apply(outcome)
        except ValueError as e:  # engine.IllegalAction is a ValueError
            return self._refuse(str(e))
        k = len(node.history)
        self.table.replace(new, f"Teacher: {_describe(outcome)} at move {k + 1}")
        self._say(f"Used now, at move {k + 1}: <b>{escape(_describe(outcome))}</b>.")
        return True

    def undo(self) -> bool:
        """Back to before the last human action (the last action, if no human acted)."""
        game = self.game
        if not game.history:
            return self._refuse("nothing to undo: no move has been made yet")
        state, k = game.at(0), None
        for i, action in enumerate(game.history):
            if state.current_player in self.table.humans:
                k = i
            state = state.apply(action)
        k = len(game.history) - 1 if k is None else k
        action = game.history[k]
        self.table.replace(game.at(k), f"Teacher: undo {action} (move {k + 1})")
        self._say(f"Undone: <b>{escape(str(action))}</b> and what followed it.")
        return True

    def _say(self, html: str) -> None:
        self._rig_said = False
        self.note.value = f'<div class="tt-coach" aria-live="polite">{html}</div>'

    def _refuse(self, reason: str) -> bool:
        self._rig_said = False
        self.note.value = f'<div class="tt-refused" role="alert">Not done: {escape(reason)}</div>'
        return False

    def __repr__(self) -> str:
        rigged = self.table.rigged
        return (
            f"TeacherTools(on={self.toggle.value}, every_hand={self.reveal.value}, "
            f"rigged={_describe(rigged) if rigged is not None else None!r})"
        )


def _describe(outcome: Any) -> str:
    """A throw by its name; a deal by its first cards."""
    if isinstance(outcome, engine.Shuffle):
        first = ", ".join(str(c) for c in outcome.cards[:5])
        return f"a deal of {len(outcome.cards)} cards starting {first}, …"
    return str(outcome)


__all__ = ["TeacherTools", "deal_text", "read_deal"]
