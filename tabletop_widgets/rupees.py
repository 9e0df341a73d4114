"""Widgets for Make-A-Million Rupees: a bidding panel and a table that plays whole games.

The table shows the hand of the human to move; a click on one of its cards plays it (or, while
discarding, selects it). Cards that may not be played are dimmed and a click on one says which
rule forbids it. Only legal bids are offered, trumps are named with four buttons, and a coach
panel tells what is still out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

import engine
from engine.rupees import (
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    SETUPS,
    SPECIAL_NAMES,
    SPECIALS,
    Bid,
    CallPartner,
    Discard,
    NameTrump,
    Pass,
    Play,
    RupeeCard,
    known_side,
    rupees,
    unseen_money,
)
from engine.rupees.rules import discard_order, why_not_discard
from engine.rupees.scoring import money_in_play, teams
from engine.rupees.view import RupeesView

from . import gate
from .render.rupees import SHAPE, card_name, result_lines, table_svg, winners_win
from .table import Table
from .words import joined, says


class RupeesBiddingPanel(widgets.HBox):
    """A list of the legal bids, a Bid button and a Pass button; only legal choices are
    enabled, and a dimmed button's tooltip says why. ``on_action`` receives the action a click
    asks for; ``press(button, do)`` (a table's ``press``) ties each click to the picture it was
    made on."""

    def __init__(
        self,
        on_action: Callable[[Any], Any],
        press: Callable[[widgets.Button, Callable[[], Any]], None] | None = None,
    ) -> None:
        super().__init__()
        self.amount = widgets.Dropdown(
            description="Bid", options=["-"], layout=widgets.Layout(width="190px")
        )
        self.bid = widgets.Button(description="Bid", button_style="primary", icon="gavel")
        self.pass_ = widgets.Button(description="Pass", tooltip="leave the auction (final)")
        bind = press or (lambda button, do: button.on_click(lambda _b: do()))
        bind(self.bid, lambda: on_action(Bid(self.amount.value)))
        bind(self.pass_, lambda: on_action(Pass()))
        self.children = [self.amount, self.bid, self.pass_]
        self.add_class("tt-bidding")

    def update(self, legal: list[Any], why_not: Callable[[Any], str | None]) -> None:
        amounts = [a.amount for a in legal if isinstance(a, Bid)]
        keep = self.amount.value if self.amount.value in amounts else None
        self.amount.options = [(rupees(a), a) for a in amounts] or ["-"]
        self.amount.value = keep or (amounts[0] if amounts else "-")
        self.amount.disabled = self.bid.disabled = not amounts
        self.pass_.disabled = Pass() not in legal
        reason = why_not(Pass()) if self.pass_.disabled else None
        self.pass_.tooltip = f"not now: {reason}" if reason else "leave the auction (final)"

    def __repr__(self) -> str:
        on = [b.description for b in (self.bid, self.pass_) if not b.disabled]
        return f"RupeesBiddingPanel(amount={self.amount.value!r}, enabled={on})"


PROMPTS = {
    "discard": "Click {widow} cards to lay aside face down:",
    "trump": "Name trumps:",
    "call": "Call a card; its holder is your secret partner:",
    "play": "Click a card in your hand to play it.",
}
"""What the controls row says in each step of the human's turn (bidding has its panel)."""

HINTS = {
    "bid": "bid or pass",
    "discard": "choose {widow} cards to discard",
    "trump": "name trumps",
    "call": "call your partner's card",
    "play": "click a card to play it",
}
"""The status line's hint for the human to move, in each step."""


class RupeesTable(Table):
    """A whole game of Make-A-Million Rupees: ``RupeesTable(seed=1, humans=(0,))``; seat 0's
    partner is seat 2. ``humans=(0, 2)`` puts two people on one side.

    Bid with the panel; as declarer click three cards and Discard, then name trumps; in play
    click a card. After each hand the result stays on the table until Continue.
    """

    game = "rupees"
    COACH = "what is still out"

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self.selection: list[str] = []
        self.panel = RupeesBiddingPanel(self.act, self.press)
        self.prompt = widgets.HTML()
        self.prompt.add_class("tt-prompt")
        self.discard_button = widgets.Button(
            description="Discard", button_style="warning", icon="trash"
        )
        self.press(self.discard_button, self.discard)
        self.trump_buttons = []
        for c in COLOURS:
            b = widgets.Button(
                description=f"{SHAPE[c]} {COLOUR_NAMES[c]}",
                tooltip=f"trumps {COLOUR_NAMES[c]}",
                layout=widgets.Layout(width="auto"),
            )
            self.press(b, partial(self.act, NameTrump(c)))
            self.trump_buttons.append(b)
        self.call = widgets.Dropdown(options=["-"], layout=widgets.Layout(width="190px"))
        self.call_button = widgets.Button(description="Call partner", icon="handshake")
        self.press(self.call_button, lambda: self._act_on(lambda: CallPartner(self.call.value)))
        self.controls = widgets.HBox([self.panel])
        return (
            self.board,
            widgets.HBox([self.controls, self.continue_button, self.coach_toggle]),
            self.confirm_bar,
            self.message,
            self.coach,
        )

    def _act_on(self, make: Callable[[], Any]) -> bool:
        """Take the action ``make()`` builds from the controls; controls that hold no action
        now (an empty list) are refused with the reason, nothing raised."""
        try:
            action = make()
        except engine.IllegalAction as e:
            return self.refuse(str(e))
        return self.act(action)

    # -- clicks
    INTENTS = gate.intents(Table.INTENTS, card=gate.one_of(CARDS))
    """``card:CODE``: play that card, or (discarding) choose it or put it back."""

    def clicked(self, kind: str, card: Any) -> bool:
        blocked = self._blocked()
        phase = self._seen()["phase"]
        if blocked:
            self.refuse(blocked)
        elif phase == "discard":
            self.select(card)
            self.redraw()
        elif phase == "play":
            self.act(Play(card))
        else:
            self.refuse(f"now is the {phase} step, not the time to play a card")
        return True

    def select(self, card: RupeeCard) -> bool:
        """Choose ``card`` for the discard (or put it back). A card that may not go says why."""
        if card.code in self.selection:
            self.selection.remove(card.code)
            self.message.value = ""
            return True
        view = self._seen()
        if len(self.selection) == view["widow_size"]:
            return self.refuse("you have chosen enough cards: click one to put it back")
        rest = Counter(view["hand"])
        rest.subtract(self.selection)
        why = why_not_discard([CARDS[c] for c in rest.elements()], card)
        if why:
            return self.refuse(why)
        self.selection.append(card.code)
        self.message.value = ""
        return True

    def _seen(self) -> RupeesView:
        """What the seat at the screen sees (the table reads the game through it, the same
        at a local table and at a room's)."""
        view: RupeesView = self.shown.view(self.viewer)
        return view

    def discard(self) -> bool:
        """Discard the selected cards."""
        need = self._seen()["widow_size"]
        if len(self.selection) != need:
            return self.refuse(f"choose {need} cards to discard (you chose {len(self.selection)})")
        chosen, self.selection = self.selection, []
        return all(self.act(Discard(card.code)) for card in discard_order(CARDS[c] for c in chosen))

    # -- the game's rhythm
    def _pause_after(self, old: engine.State[Any], new: engine.State[Any]) -> bool:
        seat = self.humans[0]
        ended = len(new.view(seat)["results"]) > len(old.view(seat)["results"])
        return ended and not new.is_terminal()

    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """Public lines beyond the action: the declarer taking the widow, a redeal when all
        passed, a trick won, a hand scored, the game's end."""
        lines = []
        before, view = old.view(self.humans[0]), new.view(self.humans[0])
        if view["declarer"] is not None and before["declarer"] is None:
            lines.append(f"{says(self.names[view['declarer']], 'take')} the widow")
        if before["phase"] == "bid" and view["phase"] == "deal":
            lines.append(f"Everyone passed: {says(self.names[view['dealer']], 'deal')} again")
        t = view["last_trick"]
        if t != before["last_trick"] and t is not None:
            won = f"{says(self.names[t['winner']], 'win')} {rupees(t['value'])}"
            lines.append(f"Trick {t['number']}: {won}")
        for r in view["results"][len(before["results"]) :]:
            lines.append("; ".join(result_lines(r, self.names)))
        if new.is_terminal() and not old.is_terminal():
            won = winners_win([self.names[s] for s in new.winners()])
            lines.append(f"Game over: {won} with {rupees(max(view['scores']))}")
        return lines

    def _phase(self) -> str:
        """The step of the human's turn (``bid``, ``discard``, ...), or ``wait``."""
        mine = self.shown.current_player in self.humans and not self.paused
        return self._seen()["phase"] if mine else "wait"

    def hint(self) -> str:
        view = self._seen()
        return HINTS.get(view["phase"], "").format(widow=view["widow_size"])

    def standing(self) -> list[tuple[int, str]]:
        """Each side's score in ₹, best first: one line a team, named by its first seat with
        its partners beside the score (with ``call_partner``, one line a player)."""
        view = self._seen()
        scores = view["scores"]
        lines = []
        sides = teams(view["players"], view["options"]["call_partner"])
        for side in sorted(sides, key=lambda side: (-scores[side[0]], side[0])):
            first, mates = side[0], [self.names[p] for p in side[1:]]
            partners = f", with {joined(mates)}" if mates else ""
            lines.append((first, rupees(scores[first]) + partners))
        return lines

    # -- drawing
    def refresh(self) -> None:
        s, phase = self.shown, self._phase()
        self.panel.update(s.legal_actions() if phase == "bid" else [], self.why_not)
        if phase != "discard":
            self.selection = []
        widow = self._seen()["widow_size"]
        self.discard_button.description = (
            f"Discard {len(self.selection)}/{widow}" if phase == "discard" else "Discard"
        )
        self.discard_button.disabled = phase != "discard" or len(self.selection) != widow
        for b in self.trump_buttons:
            b.disabled = phase != "trump"
        legal = s.legal_actions() if phase == "call" else []
        calls: list[tuple[str, str] | str] = [(card_name(a.card), a.card.code) for a in legal]
        self.call.options = calls or ["-"]
        self.call.disabled = self.call_button.disabled = not calls
        self.prompt.value = escape(PROMPTS.get(phase, "").format(widow=widow))
        rows: dict[str, list[widgets.Widget]] = {
            "bid": [self.panel],
            "discard": [self.prompt, self.discard_button],
            "trump": [self.prompt, *self.trump_buttons],
            "call": [self.prompt, self.call, self.call_button],
            "play": [self.prompt],
        }
        self.controls.children = rows.get(phase, [])
        view = s.view(self.viewer, reveal=self.reveal)
        self.coach.value = self._coach_html(view) if self.coach_toggle.value else ""

    def picture(self) -> tuple[str, str]:
        s, seat, phase = self.shown, self.viewer, self._phase()
        view = s.view(seat, reveal=self.reveal)
        playable = None
        if phase in ("play", "discard"):  # the cards it may play, or discard
            playable = [a.card.code for a in s.legal_actions() if isinstance(a, (Play, Discard))]
        result = view["results"][-1] if self.paused and view["results"] else None
        svg = table_svg(
            view,
            self.names,
            playable=playable,
            selected=self.selection,
            clickable=phase in ("play", "discard"),
            result=result,
            last=self.last,
        )
        return svg, f"Rupees table seen by {self.names[seat]}"

    def _hide(self, picture: str, label: str) -> None:
        """The cover also clears the discard choice and the list of cards to call (both
        come from the last player's hand)."""
        super()._hide(picture, label)
        self.selection = []
        self.call.options = ["-"]
        self.prompt.value = ""

    def _coach_html(self, view: RupeesView) -> str:
        """The Money not seen yet, the specials played and still out, and what the declaring
        side still needs against the Money still in play."""
        decks = SETUPS[view["players"]].decks
        pairs = [*(pair for t in view["tricks"] for pair in t["cards"]), *view["trick"]]
        played = [RupeeCard(str(code)) for _, code in pairs]
        lines = [
            f"Money you have not seen yet (other hands, the widow, face-down discards): "
            f"<b>{rupees(unseen_money(view))}</b>."
        ]
        out = Counter({x: decks for x in SPECIALS})
        out.subtract(c.rank for c in played if c.is_special)
        gone = [SPECIAL_NAMES[c.rank] for c in played if c.is_special]
        left = [SPECIAL_NAMES[x] for x in SPECIALS for _ in range(out[x])]
        lines.append(
            f"Specials played: {', '.join(gone) or 'none'}; still out: {', '.join(left) or 'none'}."
        )
        if view["declarer"] is not None and view["phase"] == "play":
            side = known_side(view, view["declarer"])
            got = sum(view["captured"][s] for s in side)
            need = view["contract"] - got
            names = escape(" + ".join(self.names[s] for s in side))
            if need <= 0:
                lines.append(f"{names} have made the contract ({rupees(got)} taken).")
            else:
                lines.append(
                    f"{names} have {rupees(got)}: they need <b>{rupees(need)}</b> more, "
                    f"with {rupees(money_in_play(view))} of Money still in play (a Lion can "
                    "double a trick)."
                )
        return '<div class="tt-coach" aria-live="polite">' + "<br>".join(lines) + "</div>"


__all__ = ["RupeesBiddingPanel", "RupeesTable"]
