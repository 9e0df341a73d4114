"""Widgets for Michigan: the dead-hand controls (exchange, auction) and a table that plays whole
deals, click-to-play, with a coach."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

import engine
from engine.cards import Card
from engine.michigan import (
    BOODLE,
    NEXT_UP,
    Decline,
    Exchange,
    Offer,
    Play,
    Sell,
    Withhold,
    boodle_dead_chance,
    dead_hand_value,
    hand_value,
    next_card_dead_chance,
)
from engine.michigan.view import MichiganView, SeenDeal, SeenEvent

from . import gate
from .render.michigan import STOP_WORDS, Row, table_svg
from .table import Table
from .words import percent, says


class DeadHandPanel(widgets.HBox):
    """The dealer's Exchange / Auction buttons, then the auction's offer picker with Offer and
    Pass. Only legal choices are enabled; a dimmed button's tooltip says why.
    ``on_action`` receives the action a click asks for; ``press(button, do)`` (a table's
    ``press``) ties each click to the picture it was made on."""

    def __init__(
        self,
        on_action: Callable[[Any], Any],
        press: Callable[[widgets.Button, Callable[[], Any]], None] | None = None,
    ) -> None:
        super().__init__()
        self.exchange = widgets.Button(description="Exchange", button_style="primary")
        self.sell = widgets.Button(description="Auction it")
        self.chips = widgets.Dropdown(
            description="Offer", options=["-"], value="-", layout=widgets.Layout(width="150px")
        )
        self.offer = widgets.Button(description="Offer", button_style="success")
        self.decline = widgets.Button(description="Pass")
        bind = press or (lambda button, do: button.on_click(lambda _b: do()))
        bind(self.exchange, lambda: on_action(Exchange()))
        bind(self.sell, lambda: on_action(Sell()))
        bind(self.offer, lambda: on_action(Offer(self.chips.value)))
        bind(self.decline, lambda: on_action(Decline()))
        self._tips = {
            self.exchange: "take the dead hand unseen and leave yours in its place",
            self.sell: "keep your hand and auction the dead hand: the price is paid to you",
            self.offer: "offer that many chips for the right to exchange",
            self.decline: "pass: a pass is final",
        }
        self.children = [self.exchange, self.sell, self.chips, self.offer, self.decline]
        self.add_class("tt-deadhand")

    def update(self, legal: list[Any], why_not: Callable[[Any], str | None]) -> None:
        offers = [a.chips for a in legal if isinstance(a, Offer)]
        keep = self.chips.value if self.chips.value in offers else (offers[0] if offers else "-")
        self.chips.options = offers or ["-"]
        self.chips.value = keep
        self.chips.disabled = not offers
        probe = Offer(offers[0]) if offers else Offer(1)
        for button, action in (
            (self.exchange, Exchange()),
            (self.sell, Sell()),
            (self.offer, probe),
            (self.decline, Decline()),
        ):
            button.disabled = action not in legal
            reason = why_not(action) if button.disabled else None
            button.tooltip = f"not now: {reason}" if reason else self._tips[button]

    def __repr__(self) -> str:
        enabled = [
            b.description
            for b in (self.exchange, self.sell, self.offer, self.decline)
            if not b.disabled
        ]
        return f"DeadHandPanel(offer={self.chips.value!r}, enabled={enabled})"


class MichiganTable(Table):
    """Whole deals of Michigan: ``MichiganTable(players=4, seed=1, humans=(0,), deals=4)``.

    Click a card of your hand to play it: only the obligatory card (or, at a lead, the lowest
    card of each suit you may lead) is raised; a dimmed card says why not. With
    ``mistakes_allowed=True`` the mistakes are offered too, marked ⚠, and the Withhold button
    appears. After each deal the payments are shown until Continue. The coach shows what you
    know of the dead hand and the chance the next card up is dead.
    """

    game = "michigan"
    COACH = "show the odds behind the play"

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self._last_move: tuple[Any, Any] = (None, None)
        """The game on the table and the one just before it (at a deal's end, the hands
        the deal ended with)."""
        self.panel = DeadHandPanel(self.act, self.press)
        self.withhold = widgets.Button(
            description="Withhold (a mistake!)",
            button_style="warning",
            icon="exclamation-triangle",
            tooltip="keep back the card you must play: the seed's penalties follow",
        )
        self.press(self.withhold, lambda: self.act(Withhold()))
        if not self.shown.options["mistakes_allowed"]:
            self.withhold.layout.display = "none"
        return (
            self.board,
            widgets.HBox([self.panel, self.continue_button, self.withhold, self.coach_toggle]),
            self.confirm_bar,
            self.message,
            self.coach,
        )

    INTENTS = gate.intents(
        Table.INTENTS, card=gate.parsed(Card.from_str, lambda card: not card.is_joker)
    )
    """``card:7H``: play that card."""

    def clicked(self, kind: str, card: Any) -> bool:
        self.act(Play(card))  # a card the rules refuse is refused with the engine's reason
        return True

    def _moved(self, seen: dict[int, engine.Event], new: Any) -> None:
        self._last_move = (new, self.shown)
        super()._moved(seen, new)

    def _pause_after(self, old: engine.State[Any], new: engine.State[Any]) -> bool:
        seat = self.humans[0]
        ended = len(new.view(seat)["results"]) > len(old.view(seat)["results"])
        return ended and not new.is_terminal()

    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """What the action set off, as every human at this screen may read it: boodles won,
        a stop and why (a withhold passes for a dead card to all but its withholder: read
        through the eyes of a human who did not act, if there is one), the deal's payments."""
        actor = old.current_player
        seat = next((h for h in self.humans if h != actor), self.humans[0])
        before, view = old.view(seat), new.view(seat)
        done, now = len(_events_of(before)), _events_of(view)
        if len(view["results"]) > len(before["results"]):  # a deal ended: its last events,
            last = _events_of(view["results"][-1])  # then the next deal's
            seen = last[done:] + (now if now != last else [])
        else:
            seen = now[done:]
        return [line for e in seen if e and (line := self._say(e))]

    def _say(self, event: Row) -> str | None:
        kind, seat, card, chips, other, note = event
        n = self.names
        if kind == "stop":
            why = STOP_WORDS[note].format(nxt=NEXT_UP[Card.from_str(card)])
            return f"Stop after {card}: {why}"
        lines: dict[str, Callable[[], str]] = {
            "leave": lambda: f"{n[seat]} cannot ante: out of the game",
            "sold": lambda: f"{says(n[seat], 'buy')} the dead hand for {chips} (to {n[other]})",
            "unsold": lambda: "Nobody bids: the dead hand stays dead",
            "boodle": lambda: f"{says(n[seat], 'collect')} {chips} chips from the {card} boodle",
            "penalty": lambda: f"{says(n[seat], 'pay')} {n[other]} 1 chip: not the lowest card",
            "win": lambda: f"{says(n[seat], 'win')} the deal, out of cards first",
            "cards": lambda: f"{says(n[seat], 'pay')} {n[other]} {chips} (cards left)",
            "withheld": lambda: (
                f"{says(n[seat], 'pay')} {n[other]} {chips}: chips left on the boodle of the "
                "suit withheld"
            ),
        }
        return lines[kind]() if kind in lines else None

    def hint(self) -> str:
        view = self.shown.view(self.viewer)
        if view["phase"] == "exchange":
            return "exchange for the dead hand, or auction it"
        if view["phase"] == "auction":
            return "offer chips for the dead hand, or pass"
        need = _next_up(view)
        if need:
            mistake = " (or withhold it: a mistake)" if view["mistakes_allowed"] else ""
            return f"play {need}" + mistake
        return "lead the lowest card of a suit: click it in your hand"

    def turn_line(self) -> str:
        """Whose turn it is; in the teaching mode a run waiting for its next card names no
        holder to anyone but him (a withhold must pass for a dead card: RULES notes)."""
        view = self.shown.view(self.viewer)
        need = _next_up(view) if view["mistakes_allowed"] else None
        if need is None or self.shown.current_player in self.humans:
            return super().turn_line()
        return f"Waiting for {need}: whoever holds it plays it"

    def _my_turn(self) -> bool:
        return self.shown.current_player in self.humans and not self.paused

    def picture(self) -> tuple[str, str]:
        s, seat = self.shown, self.viewer
        view = s.view(seat, reveal=self.reveal)
        legal = s.legal_actions() if self._my_turn() else []
        plays = [a.card for a in legal if isinstance(a, Play)]
        mistakes = [c for c in plays if view["run"] is None and c != _lowest(view, c.suit)]
        over = self.paused or s.is_terminal()
        reveal = view["results"][-1] if over and view["results"] else None
        svg = table_svg(
            view,
            self.names,
            legal=[str(c) for c in plays],
            mistakes=[str(c) for c in mistakes],
            clickable=self._my_turn() and view["phase"] == "play",
            reveal=reveal,
            last=self.last,
            left=self._left_holding(seat) if reveal else None,
        )
        return svg, f"Michigan table seen by {self.names[seat]}"

    def _left_holding(self, seat: int) -> list[str] | None:
        """The cards ``seat`` was left holding when the last deal ended (he pays one chip for
        each): his hand just before the action that ended the deal, none if that action was
        his (a deal ends when its player's last card is played). The game just before is
        the one the table last moved from, else (looking back, a game loaded) replayed. None
        where the view holds no hand (a room's onlooker)."""
        s = self.shown
        after, before = self._last_move
        if after is not s:
            before = s.at(len(s.history) - 1)
        hand = before.view(seat)["hand"]
        return [] if hand is not None and before.current_player == seat else hand

    def standing(self) -> list[tuple[int, str]]:
        chips = self.shown.returns()
        order = sorted(range(len(chips)), key=lambda s: -chips[s])
        return [(s, f"{chips[s]} chip" + ("" if chips[s] == 1 else "s")) for s in order]

    def refresh(self) -> None:
        s, seat = self.shown, self.viewer
        view = s.view(seat, reveal=self.reveal)
        legal = s.legal_actions() if self._my_turn() else []
        self.panel.update(legal, self.why_not)
        self.panel.layout.display = None if view["phase"] in ("exchange", "auction") else "none"
        self.withhold.disabled = Withhold() not in legal
        plays = [a.card for a in legal if isinstance(a, Play)]
        self.coach.value = self._coach_html(view, plays) if self.coach_toggle.value else ""

    def _coach_html(self, view: MichiganView, plays: list[Card]) -> str:
        lines = []
        hand = [Card.from_str(c) for c in view["hand"]]
        boodle = [b["chips"] for b in view["boodle"]]
        if view["phase"] in ("exchange", "auction") and hand:
            mine = hand_value(hand, boodle)
            dead = dead_hand_value(hand, view["dead_size"], boodle)
            lines.append(
                f"Your hand's value (chips on your boodle cards + 2 per ace − 1 per card): "
                f"<b>{mine}</b>; an unseen dead hand's expected value: <b>{float(dead):.1f}</b>. "
                + (
                    f"The dead hand is worth about {float(dead - mine):.1f} more."
                    if dead > mine
                    else "Your hand is at least as good: keep it."
                )
            )
        known = view["known_dead"]
        who = "you exchanged, so you know" if view["dead_hand"] else "stops have shown"
        if known:
            lines.append(f"Dead cards ({who}): {escape(' '.join(known))}")
        unseen = [b for b in BOODLE if str(b) not in view["hand"] + known]
        if view["phase"] != "play":
            chance = boodle_dead_chance(view["players"])
            lines.append(
                f"Chance any one boodle card's duplicate is dead: <b>{percent(chance)}</b>"
            )
        elif view["run"] and view["seat"] != view["to_move"]:
            p = next_card_dead_chance(view)
            nxt = NEXT_UP[Card.from_str(view["run"]["card"])]
            if p is not None and nxt is not None:
                lines.append(f"Chance that {nxt} is dead (the run stops): <b>{percent(p)}</b>")
        for card in plays[:4]:
            top = card
            while (up := NEXT_UP[top]) is not None and up in hand:
                top = up
            p = next_card_dead_chance(view, top)
            after = NEXT_UP[top]
            if after is None:
                lines.append(f"Play {card}: you run up to the ace and keep the lead for sure")
            elif p is not None:
                lines.append(
                    f"Play {card}: you hold up to {top}; {after} is dead (you keep the lead) "
                    f"with chance <b>{percent(p)}</b>"
                )
        if unseen and view["phase"] == "play":
            names = " ".join(str(b) for b in unseen)
            lines.append(f"Boodle duplicates you have not seen: {names}")
        inner = "<br>".join(lines) or "The coach speaks when there is a decision to make."
        return f'<div class="tt-coach" aria-live="polite">{inner}</div>'


def _events_of(deal: SeenDeal | None) -> list[SeenEvent]:
    """A deal's events as a view holds them; none where a room's onlooker cannot tell them
    (a withheld card passes for a dead one to all but its withholder)."""
    return deal["events"] if deal else []


def _next_up(view: MichiganView) -> Card | None:
    """The card the run on the table needs next (None at a lead)."""
    return NEXT_UP[Card.from_str(view["run"]["card"])] if view["run"] else None


def _lowest(view: MichiganView, suit: str) -> Card | None:
    """The lowest card of ``suit`` in the viewer's hand (the hand is in order)."""
    return next((c for c in map(Card.from_str, view["hand"]) if c.suit == suit), None)


__all__ = ["DeadHandPanel", "MichiganTable"]
