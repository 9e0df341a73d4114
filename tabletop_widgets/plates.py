"""Widgets for the license-plate game: a bidding panel and a table that plays whole games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

import engine
from engine.plates import (
    HALF,
    Agree,
    Bid,
    Cancel,
    Challenge,
    PlatesView,
    RoundSeen,
    bid_chance_from_view,
    describe_round,
)

from . import gate
from .render.plates import table_svg
from .table import Table
from .words import YOU, percent, says, sentence


class BiddingPanel(widgets.VBox):
    """Digit and count pickers and the Bid / Challenge / Agree / Cancel buttons. Only legal
    choices are enabled: the count list holds just the counts that beat the standing bid for
    the chosen digit. ``on_action`` receives the action a click asks for; ``press(button,
    do)`` (a table's ``press``) ties each click to the picture it was made on."""

    def __init__(
        self,
        on_action: Callable[[Any], Any],
        press: Callable[[widgets.Button, Callable[[], Any]], None] | None = None,
    ) -> None:
        super().__init__()
        self._on_action = on_action
        self.digit = widgets.ToggleButtons(
            options=[(str(d), d) for d in range(10)],
            value=0,
            description="Digit",
            style={"button_width": "34px"},
            tooltips=[f"bid on {d}'s" for d in range(10)],
        )
        self.count = widgets.Dropdown(
            description="Count",
            options=[1],
            value=1,
            layout=widgets.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.bid = widgets.Button(description="Bid", button_style="primary", icon="gavel")
        self.challenge = widgets.Button(description="Challenge", button_style="danger")
        self.agree = widgets.Button(description="Agree", button_style="success")
        self.cancel = widgets.Button(description="Cancel round", button_style="warning")
        bind = press or (lambda button, do: button.on_click(lambda _b: do()))
        bind(self.bid, lambda: on_action(Bid(self.count.value, self.digit.value)))
        bind(self.challenge, lambda: on_action(Challenge()))
        bind(self.agree, lambda: on_action(Agree()))
        bind(self.cancel, lambda: on_action(Cancel()))
        self.digit.observe(lambda _c: self._fill_counts(), "value")
        self._legal: list[Any] = []
        self._answers = (
            (self.challenge, Challenge()),
            (self.agree, Agree()),
            (self.cancel, Cancel()),
        )
        self._tips = {
            "Challenge": "the standing bid is too high",
            "Agree": "the standing bid is right, and you will not bid higher",
            "Cancel round": "everyone agreed: call the round off, no money moves",
        }
        self.children = [
            self.digit,
            widgets.HBox([self.count, self.bid, self.challenge, self.agree, self.cancel]),
        ]
        self.add_class("tt-bidding")

    def update(self, legal: list[Any], why_not: Callable[[Any], str | None]) -> None:
        """Enable exactly what ``legal`` allows; a dimmed button's tooltip says why
        (``why_not(action)`` gives the reason)."""
        self._legal = legal
        for button, action in self._answers:
            button.disabled = action not in legal
            reason = why_not(action) if button.disabled else None
            button.tooltip = f"not now: {reason}" if reason else self._tips[button.description]
        self._digits_disabled(not any(isinstance(a, Bid) for a in legal))
        self._fill_counts()

    def _digits_disabled(self, disabled: bool) -> None:
        """Disable or enable the ten digits, on the page too. A ToggleButtons view sets its
        buttons' ``disabled`` only when it rebuilds them, and rebuilds them only when their
        labels or icons change (ipywidgets issue 2847); the digits' labels "0" to "9" are their
        own positions, which the view takes for unchanged. So the icons change with it (empty
        icons, none shown: ``[""]`` each when disabled, none when enabled, as the digits
        start) and the view rebuilds."""
        if disabled == self.digit.disabled:
            return
        with self.digit.hold_sync():
            self.digit.icons = [""] * len(self.digit.options) if disabled else []
            self.digit.disabled = disabled

    def _fill_counts(self) -> None:
        counts = [
            a.count for a in self._legal if isinstance(a, Bid) and a.digit == self.digit.value
        ]
        keep = self.count.value if self.count.value in counts else (counts[0] if counts else None)
        self.count.options = counts or ["-"]
        self.count.value = keep if counts else "-"
        self.count.disabled = self.bid.disabled = not counts

    def __repr__(self) -> str:
        enabled = [
            b.description
            for b in (self.bid, self.challenge, self.agree, self.cancel)
            if not b.disabled
        ]
        return (
            f"BiddingPanel(digit={self.digit.value}, count={self.count.value!r}, enabled={enabled})"
        )


class PlatesTable(Table):
    """A whole game of license plates: ``PlatesTable(players=4, seed=1, humans=(0,))``.

    Click a digit on your own plate (or use the pickers) to choose what to bid on. After each
    round every plate is shown with the bid digit marked, and who paid whom; Continue starts
    the next round. The coach shows the chance the standing bid is true from what you see.
    """

    game = "plates"
    COACH = "show the odds behind your decision"
    INTENTS = gate.intents(Table.INTENTS, digit=gate.number(10))
    """``digit:N``: a digit of your own plate, to bid on."""

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self.panel = BiddingPanel(self.act, self.press)
        self.panel.digit.observe(lambda _c: self.redraw(), "value")  # the digit marked
        return (
            self.board,
            widgets.HBox([self.panel, self.continue_button, self.coach_toggle]),
            self.confirm_bar,
            self.message,
            self.coach,
        )

    def clicked(self, kind: str, value: Any) -> bool:
        if self.panel.digit.disabled:
            return False
        self.panel.digit.value = value  # marked on the board at once (the observer redraws)
        return True

    def _rounds(self, game: engine.State[Any]) -> Sequence[RoundSeen | None]:
        """The finished rounds, as this screen's first human saw them (what the log and the
        pauses read: the same at a local table and at a room's)."""
        view: PlatesView = game.view(self.humans[0])
        return view["rounds"]

    def _pause_after(self, old: engine.State[Any], new: engine.State[Any]) -> bool:
        return len(self._rounds(new)) > len(self._rounds(old)) and not new.is_terminal()

    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """A scored round's reveal and payments, who went out (a cancelled round's plates
        stay unseen: its line says so)."""
        lines = []
        for r in self._rounds(new)[len(self._rounds(old)) :]:
            if r is None:  # a cancelled round at the onlooker's table: each saw his own plate
                continue
            if not r["cancelled"]:
                shown = ", ".join(f"{self._owner(who)} {p['number']}" for who, p in r["in_play"])
                lines.append(f"Reveal: {shown}")
                lines.append(sentence(describe_round(r, self.names)))
            lines += [f"{self.names[s]} is out of money and leaves the game" for s in r["went_out"]]
        return lines

    def _owner(self, who: str) -> str:
        kind, seat = who.split()
        return self.names[int(seat)] if kind == "seat" else who

    def hint(self) -> str:
        standing = self.shown.view(self.viewer)["standing_bid"]
        if standing is None:
            return "open the bidding: pick a digit and a count"
        if standing["bidder"] == self.shown.current_player:
            return "everyone agreed with your bid: raise it, or cancel the round"
        return "bid higher, challenge or agree"

    def _my_turn(self) -> bool:
        return self.shown.current_player in self.humans and not self.paused

    def picture(self) -> tuple[str, str]:
        s, seat = self.shown, self.viewer
        view = s.view(seat, reveal=self.reveal)
        reveal = view["rounds"][-1] if (self.paused or s.is_terminal()) and view["rounds"] else None
        choosing = self._my_turn() and not self.panel.digit.disabled
        svg = table_svg(
            view,
            self.names,
            reveal=reveal,
            highlight=self.panel.digit.value if choosing else None,
            clickable=self._my_turn(),
            last=self.last,
        )
        return svg, f"license-plate table seen by {self.names[seat]}"

    def standing(self) -> list[tuple[int, str]]:
        money = self.shown.returns()
        return [(s, f"${money[s]}") for s in sorted(range(len(money)), key=lambda s: -money[s])]

    def refresh(self) -> None:
        s = self.shown
        view = s.view(self.viewer, reveal=self.reveal)
        self.panel.update(s.legal_actions() if self._my_turn() else [], self.why_not)
        self.coach.value = self._coach_html(view) if self.coach_toggle.value else ""

    def _coach_html(self, view: PlatesView) -> str:
        lines = []
        sb = view["standing_bid"]
        if sb and sb["bidder"] == view["seat"] and not self.paused:
            lines.append(
                "Everyone agreed with your bid. Raise to a bid that is still more likely true "
                "than not (the others may challenge it), or cancel the round."
            )
        elif sb and not self.paused and not self.shown.is_terminal():
            standing = bid_chance_from_view(view)
            assert standing is not None  # there is a standing bid
            if standing > HALF:
                advice = "agree: more likely true than false"
            elif standing < HALF:
                advice = "challenge: more likely false than true"
            else:
                advice = "a coin flip: agreeing and challenging are worth the same"
            name = self.names[view["seat"]]
            who = "you see" if name == YOU else says(name, "see")
            lines.append(
                f"Chance that <b>{sb['bid']}</b> is true, from what {who}: "
                f"<b>{percent(standing)}</b>{_exact(standing)}. Rule of thumb: {advice}."
            )
        if not self.panel.bid.disabled:
            mine = Bid(self.panel.count.value, self.panel.digit.value)
            p = bid_chance_from_view(view, mine)
            assert p is not None  # a bid is judged
            lines.append(f"Your bid <b>{mine}</b> would be true with chance <b>{percent(p)}</b>.")
        inner = "<br>".join(lines) or "The coach speaks when there is a bid to judge."
        return f'<div class="tt-coach" aria-live="polite">{inner}</div>'


def _exact(p: Fraction) -> str:
    """The exact fraction, when it is short enough to read."""
    return f" (exactly {p})" if p.denominator < 10**6 else ""


__all__ = ["BiddingPanel", "PlatesTable"]
