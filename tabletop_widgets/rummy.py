"""Widgets for Indian Rummy: a table against bots with a hand you arrange yourself.

Click cards to select them; group the selection into a meld and see it labelled (pure, impure,
set, invalid) with the count of your groups beside the best arrangement's; sort by suit or rank,
or let "Suggest" lay out the best arrangement. Draw by clicking the stock or the open pile;
discard the card you clicked last (the Discard button names it) with the Discard button or by
clicking the open pile: a card clicked before it stays selected for a group, not for a
discard. Declare and Drop are enabled only when the engine
allows them; Declare says whether the hand is a valid show, and a wrong show or a drop asks
first, saying what it costs. The card you just drew is tagged NEW. After the show every hand
is revealed, arranged, with the points it lost.

The table reads the deal from the viewer's view (``state.view(seat)``), so it reads the same
thing at home and in a room, where the view is what the server told this seat; the hand's
groups are the player's own, kept on this screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

import engine
from engine.cards import SUITS, Card
from engine.rummy import (
    RANK_NUMBER,
    WRONG_SHOW,
    Arrangement,
    Declare,
    Discard,
    Draw,
    Drop,
    RummyState,
    RummyView,
    best_arrangement,
    by_suit,
    describe_result,
    discard_danger,
    drop_cost,
)
from engine.rummy.melds import is_valid_show
from engine.rummy.odds import cards_in

from . import gate
from .render.rummy import group_label, laid_out, table_svg
from .table import Table
from .words import percent, says


def by_rank(card: Card) -> tuple[int, int]:
    """Sort key: ace to king, suits in the order of ``SUITS`` within a rank, jokers last."""
    return (14, 0) if card.is_joker else (RANK_NUMBER[card.rank], SUITS.index(card.suit))


class RummyTable(Table):
    """A deal of Indian Rummy: ``RummyTable(players=4, seed=1, humans=(0,))``.

    ``groups`` are the groups you made (lists of cards), ``loose`` the cards in none, and
    ``selected`` the positions of the selected cards, counted through the groups, then the
    loose cards. The coach shows your best
    arrangement and, for each card you might discard, the chance it is useful to the next
    player.
    """

    game = "rummy"
    shown: RummyState
    COACH = "your best arrangement and the risk of each discard"

    def _layout(self) -> tuple[widgets.Widget, ...]:
        self.groups: list[list[Card]] = []
        self.loose: list[Card] = []
        self.selected: list[int] = []
        self._hand_of: int | None = None
        self._kept_hand: tuple[list[list[Card]], list[Card], list[int], int | None] = (
            [],
            [],
            [],
            None,
        )  # your arrangement, kept while you look back

        def button(
            description: str, tip: str, do: Callable[[], Any], style: str = ""
        ) -> widgets.Button:
            b = widgets.Button(
                description=description,
                tooltip=tip,
                button_style=style,
                layout=widgets.Layout(width="auto"),
            )
            self.press(b, do)
            return b

        self.sort_suit = button("Sort by suit", "put all your cards in suit order", self.sort)
        self.sort_rank = button(
            "Sort by rank", "put all your cards in rank order", lambda: self.sort(by_rank)
        )
        self.group_button = button("Group", "make the selected cards one group", self.group)
        self.ungroup = button(
            "Ungroup", "send the selected cards back to the loose cards", self.loosen
        )
        self.suggest = button(
            "Suggest", "lay out the best arrangement of your hand", self.suggest_groups
        )
        self.discard = button(
            "Discard", "discard the selected card", self.discard_selected, "primary"
        )
        self.declare = button(
            "Declare",
            "discard the selected card and show the rest",
            self.declare_selected,
            "success",
        )
        self.drop = button("Drop", "leave this deal", self.drop_out, "danger")
        arrange = [self.sort_suit, self.sort_rank, self.group_button, self.ungroup, self.suggest]
        play = [self.discard, self.declare, self.drop, self.coach_toggle]
        self.sort_suit.layout.margin = "2px 2px 2px 18px"  # the hand's tools apart from play
        self.coach_toggle.layout.width = "auto"
        return (
            self.board,
            widgets.HBox([*play, *arrange], layout=widgets.Layout(flex_flow="row wrap")),
            self.confirm_bar,
            self.message,
            self.coach,
        )

    # -- your hand, as you arrange it
    def _seen(self, state: engine.State[Any] | None = None) -> RummyView:
        """``state`` (default: the one on the table) as the viewer sees it."""
        view: RummyView = (self.shown if state is None else state).view(self.viewer)
        return view

    def _hand(self) -> list[Card]:
        """The viewer's hand, once dealt (none on the projector's table)."""
        view = self._seen()
        return cards_in(view["hand"]) if view["cut"] and view["hand"] else []

    def _best(self) -> Arrangement:
        """The best arrangement of the viewer's hand."""
        view = self._seen()
        assert view["wild_rank"] is not None, "asked once the cards are dealt"
        four = view["options"]["four_card_life"]
        return best_arrangement(self._hand(), view["wild_rank"], four_card_life=four)

    def _valid_show(self, card: Card) -> bool:
        """Whether declaring with ``card`` discarded is a valid show (the other 13 cards meld
        with both lives)."""
        view, rest = self._seen(), self._hand()
        rest.remove(card)
        four = view["options"]["four_card_life"]
        return is_valid_show(rest, view["wild_rank"] or "", four_card_life=four)

    def _sync_hand(self) -> None:
        """Keep ``groups`` and ``loose`` the viewer's hand: cards gone leave their group, new
        cards join the loose cards."""
        hand = self._hand()
        if self._hand_of != self.viewer:
            self._hand_of = self.viewer
            self.groups, self.loose, self.selected = [], sorted(hand, key=by_suit), []
            return
        have = Counter(hand)

        def keep(cards: list[Card]) -> list[Card]:
            out = []
            for c in cards:
                if have[c] > 0:
                    have[c] -= 1
                    out.append(c)
            return out

        groups = [g for g in (keep(g) for g in self.groups) if g]
        loose = keep(self.loose)
        loose += list(have.elements())
        if (groups, loose) != (self.groups, self.loose):
            self.groups, self.loose, self.selected = groups, loose, []

    def look(
        self, state: engine.State[Any] | None, before: engine.State[Any] | None = None
    ) -> None:
        """Looking back (the replay) shows the hand of that move in suit order; back at the
        game, your own arrangement of your hand is there again."""
        if state is None and self.looking_back:
            self.groups, self.loose, self.selected, self._hand_of = self._kept_hand
        elif state is not None:
            if not self.looking_back:
                groups = [list(g) for g in self.groups]
                self._kept_hand = (groups, list(self.loose), list(self.selected), self._hand_of)
            self._hand_of = None  # laid out afresh
        super().look(state, before)

    def cards_in_order(self) -> list[Card]:
        """The hand as shown: the groups in order, then the loose cards."""
        return [c for g in self.groups for c in g] + list(self.loose)

    def selected_cards(self) -> list[Card]:
        order = self.cards_in_order()
        return [order[k] for k in self.selected if k < len(order)]

    def select(self, k: int) -> None:
        """Select card ``k`` (counted through the groups, then the loose cards), or unselect
        it."""
        if 0 <= k < len(self.cards_in_order()):
            if k in self.selected:
                self.selected = [m for m in self.selected if m != k]
            else:
                self.selected = [*self.selected, k]
        self.redraw()

    def sort(self, key: Callable[[Card], Any] = by_suit) -> None:
        """All groups undone; the hand in suit (or ``by_rank``) order."""
        self.groups, self.loose = [], sorted(self.cards_in_order(), key=key)
        self.selected = []
        self.redraw()

    def _take_selected(self) -> list[Card]:
        """Remove the selected cards from where they are and return them."""
        chosen, picked, k = set(self.selected), list[Card](), 0
        groups = []
        for g in self.groups:
            left: list[Card] = []
            for c in g:
                (picked if k in chosen else left).append(c)
                k += 1
            if left:
                groups.append(left)
        loose: list[Card] = []
        for c in self.loose:
            (picked if k in chosen else loose).append(c)
            k += 1
        self.groups, self.loose, self.selected = groups, loose, []
        return picked

    def group(self) -> None:
        """The selected cards become a new group, after the others."""
        picked = self._take_selected()
        if picked:
            self.groups.append(picked)
        self.redraw()

    def loosen(self) -> None:
        """The selected cards go back to the loose cards."""
        self.loose += self._take_selected()
        self.redraw()

    def suggest_groups(self) -> None:
        """Lay the hand out as the engine's best arrangement."""
        if self._hand():
            groups, loose = laid_out(self._best())
            self.groups, self.loose = [list(g) for g in groups], list(loose)
        self.selected = []
        self.redraw()

    def labels(self) -> list[str]:
        """The label of each group, then "loose" for the loose cards (if any)."""
        wild = self._seen()["wild_rank"]
        if wild is None:
            return []
        return [group_label(g, wild) for g in self.groups] + ["loose"] * bool(self.loose)

    # -- playing
    def to_discard(self) -> Card | None:
        """The card a discard or a declare gives up: the one selected last (None: none)."""
        order = self.cards_in_order()
        return order[self.selected[-1]] if self.selected else None

    def discard_selected(self) -> bool:
        card = self.to_discard()
        if card is None:
            return self.refuse("click the card to discard first")
        return self.act(Discard(card))

    def declare_selected(self) -> bool:
        """Declare, discarding the card selected last; a show that is not valid is asked about
        first, with what it costs."""
        card = self.to_discard()
        if card is None:
            return self.refuse("click the card to discard as you declare first")
        if self.why_not(Declare(card)) is None and not self._valid_show(card):
            self.confirm(
                f"Without {card} your hand is not a valid show: a wrong show costs "
                f"{WRONG_SHOW} points and puts you out of the deal. Declare anyway?",
                "Declare anyway",
                lambda: self.act(Declare(card)),
            )
            return False
        return self.act(Declare(card))

    def drop_out(self) -> bool:
        """Drop, after saying what it costs and asking."""
        if self.why_not(Drop()) is not None:
            return self.act(Drop())  # refused, with the reason
        self.confirm(
            f"Drop out of this deal? {self._drop_cost()}.", "Drop", lambda: self.act(Drop())
        )
        return False

    def _drop_cost(self) -> str:
        """What a drop costs the human to act now, in words."""
        seat = self.human_to_act()
        assert seat is not None, "asked on a human's turn"
        view = self._seen()
        draws = view["draws"][seat]
        kind = "a first drop" if draws == 0 else "a middle drop"
        return f"It costs {drop_cost(view['options'], draws)} points ({kind})"

    INTENTS = gate.intents(
        Table.INTENTS,
        card=gate.number(100),
        draw=gate.one_of(("stock", "open")),
        discard=gate.nothing,
    )
    """``card:k`` (select), ``draw:stock`` or ``draw:open`` (draw), ``discard`` (the selected
    card, on the open pile)."""

    def clicked(self, kind: str, value: Any) -> bool:
        if kind == "card" and value < len(self.cards_in_order()):
            self.select(value)
        elif kind == "draw":
            self.act(Draw(value))
        elif kind == "discard":
            self.discard_selected()
        else:
            return False
        return True

    def _events(self, old: engine.State[Any], new: engine.State[Any]) -> list[str]:
        """Who the toss sends first, and the deal's result."""
        assert self.last is not None, "the action just made, as the viewer saw it"
        lines = []
        first = self.last.mark("first")
        if first is not None:
            lines.append(f"{says(self.names[first], 'play')} first")
        r = self._seen(new)["result"]
        if r and not self._seen(old)["result"]:
            lines.append(describe_result(r["winner"], r["lost"], r["reasons"], self.names, says))
        return lines

    def hint(self) -> str:
        if self._seen()["phase"] == "draw":
            return "draw from the stock or the open pile (or drop)"
        return "select a card, then discard it (or declare)"

    def standing(self) -> list[tuple[int, str]]:
        """The winner first, then the others by the points they lost, with why."""
        r = self._seen()["result"]
        assert r is not None, "asked once the deal is over"
        winner, lost, reasons = r["winner"], r["lost"], r["reasons"]
        order = sorted(range(len(lost)), key=lambda s: (s != winner, lost[s]))
        return [
            (s, f"won {sum(lost)}" if s == winner else f"lost {lost[s]} ({reasons[s]})")
            for s in order
        ]

    def _hide(self, picture: str, label: str) -> None:
        """Also forget the buttons' words about the hand (its cards, whether it shows)."""
        super()._hide(picture, label)
        self.declare.description, self.declare.tooltip = "Declare", ""
        self.discard.tooltip = self.drop.tooltip = ""

    def refresh(self) -> None:
        s = self.shown
        self._sync_hand()
        my_turn = s.current_player in self.humans and not self.paused and not s.is_terminal()
        legal = s.legal_actions() if my_turn else []
        card = self.to_discard()
        self._enable(
            self.discard,
            card is not None and Discard(card) in legal,
            Discard(card) if card else None,
            "click the card to discard",
        )
        self.discard.description = (
            f"Discard {card}" if card and not self.discard.disabled else "Discard"
        )
        self._enable(
            self.declare,
            card is not None and Declare(card) in legal,
            Declare(card) if card else None,
            "select the card to discard as you declare",
        )
        self.declare.description, self.declare.button_style = "Declare", "success"
        if card is not None and not self.declare.disabled:
            if self._valid_show(card):
                self.declare.description = "Declare: valid show"
            else:
                self.declare.description = f"Declare: not a valid show, costs {WRONG_SHOW}"
                self.declare.button_style = "warning"
                self.declare.tooltip = (
                    f"careful: without {card} your hand is not a valid show "
                    f"(a wrong show costs {WRONG_SHOW})"
                )
        self._enable(self.drop, Drop() in legal, Drop(), "")
        if not self.drop.disabled:
            self.drop.tooltip = f"leave this deal: {self._drop_cost()}"
        self.group_button.disabled = self.ungroup.disabled = not self.selected
        playing = bool(self.cards_in_order()) and not s.is_terminal()
        for b in (self.sort_suit, self.sort_rank, self.suggest):
            b.disabled = not playing
        self.coach.value = self._coach_html() if self.coach_toggle.value and playing else ""

    def picture(self) -> tuple[str, str]:
        s, seat = self.shown, self.viewer
        self._sync_hand()  # a frame is drawn before the controls follow the game
        view = s.view(seat, reveal=self.reveal)
        if s.is_terminal():
            return table_svg(view, self.names, reveal=s.arrangements()), "every hand revealed"
        svg = table_svg(
            view,
            self.names,
            self.groups,
            self.loose,
            self.selected,
            clickable=bool(self.cards_in_order()),
            last=self.last,
            best=self._best() if self._hand() else None,
        )
        return svg, f"rummy table seen by {self.names[seat]}"

    def _enable(self, button: widgets.Button, ok: bool, action: Any, hint: str) -> None:
        button.disabled = not ok
        if ok:
            button.tooltip = str(action)
            return
        reason = self.why_not(action) if action is not None else None
        button.tooltip = f"not now: {reason or hint}"

    def _coach_html(self) -> str:
        s, seat, view = self.shown, self.viewer, self._seen()
        hand, wild = self._hand(), view["wild_rank"]
        assert wild is not None, "the coach speaks once the cards are dealt"
        four = view["options"]["four_card_life"]
        lines = [f"Best arrangement now: {escape(str(self._best()))}"]
        if view["phase"] == "discard" and s.current_player == seat:
            rows = []
            for card in sorted(set(hand), key=by_suit):
                if str(card) == view["taken"]:
                    continue
                rest = list(hand)
                rest.remove(card)
                after = best_arrangement(rest, wild, four_card_life=four)
                risk = discard_danger(card, view)
                rows.append(
                    f"<tr><td>{escape(str(card))}</td><td>{after.count}</td>"
                    f"<td>{percent(risk, 0)}</td></tr>"
                )
            lines.append(
                "<table><tr><th>discard</th><th>your count after</th>"
                "<th>chance it is useful to the next player</th></tr>" + "".join(rows) + "</table>"
            )
        inner = "<br>".join(lines)
        return f'<div class="tt-coach" aria-live="polite">{inner}</div>'


__all__ = ["RummyTable", "by_rank", "by_suit"]
