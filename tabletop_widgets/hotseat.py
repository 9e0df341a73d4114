"""Hot seat: several human seats share one screen, passed from player to player.

When the next human to act is not the one the screen was last shown to, the table is covered
by a "pass the screen" notice: nobody's hand shows until the next player clicks
"I am Player 2: show my hand". With one human seat the tool does nothing. It speaks only the
``Table`` API (``humans``, ``human_to_act``, ``screen``, ``cover``, ``show_to``, ``watch``),
so it works for every game alike. A covered table keeps nothing of the last player's in its
pictures, texts or controls (``Table.cover`` clears them).
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from .render.svg import document, text


def cover_svg(name: str) -> str:
    """The board's picture while the screen is covered: no game on it, just who is next."""
    body = text(240, 50, f"Pass the screen to {name}", 22, text_anchor="middle", fill="#1d3557")
    return document(480, 80, body, f"screen covered: pass it to {name}")


class HotSeat(widgets.HTML):
    """The hot-seat tool of a table (``HotSeat(table)``): a line naming the seats that share
    the screen, and the cover it puts over the table between two human turns.

    ``cover`` is the notice with its button; ``due`` the seat the screen must pass to (None
    while the table shows)."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.due: int | None = None
        self.note = widgets.HTML()
        self.show_button = widgets.Button(
            button_style="primary",
            icon="eye",
            layout=widgets.Layout(width="auto"),
        )
        self.show_button.on_click(lambda _b: self.show_hand())
        self.cover = widgets.VBox([self.note, self.show_button])
        self.cover.add_class("tt-cover")
        shared = len(table.humans) > 1
        names = " and ".join(table.names[s] for s in table.humans)
        self.value = (
            f'<div class="tt-hotseat">Hot seat: {escape(names)} share this screen; it is '
            "covered between their turns.</div>"
            if shared
            else ""
        )
        self.layout.display = None if shared else "none"
        if shared:
            table.watch(self.follow, order=100)

    def follow(self) -> None:
        """After each redraw: cover the table if the screen must pass to another human,
        uncover it if not (looking back in the replay and a paused round never cover)."""
        t = self.table
        seat = t.human_to_act()
        if t.screen is None and seat is not None:
            t.show_to(seat)  # the first human to act finds the table uncovered
            return
        passing = seat is not None and seat != t.screen and not t.looking_back and not t.paused
        if passing:
            self._cover(seat)
        elif self.due is not None:  # the seat at the screen is to act again: no cover needed
            self.due = None
            t.show_to(t.screen)

    def _cover(self, seat: int) -> None:
        t = self.table
        name, before = t.names[seat], t.names[t.screen]
        self.due = seat
        self.note.value = (
            f'<div class="tt-cover-note" role="alert"><b>Pass the screen to {escape(name)}.</b>'
            f"<br>{escape(before)}'s hand is hidden. {escape(name)}: click the button when only "
            "you can see the screen.</div>"
        )
        self.show_button.description = f"I am {name}: show my hand"
        self.show_button.tooltip = f"show {name}'s hand (nobody else should look)"
        t.cover(self.cover, cover_svg(name), f"screen covered: pass it to {name}")
        self.show_button.focus()

    def show_hand(self) -> None:
        """The next player took the screen: show the table from their seat."""
        if self.due is not None:
            seat, self.due = self.due, None
            self.table.show_to(seat)

    def __repr__(self) -> str:
        t = self.table
        if len(t.humans) < 2:
            return "HotSeat(one human seat)"
        where = f"covered for {t.names[self.due]}" if self.due is not None else "table shown"
        return f"HotSeat({', '.join(t.names[s] for s in t.humans)}: {where})"


def take_screen(table: Any) -> None:
    """The next human takes the screen, as a click on the cover's button would (for scripts
    and tests that play several human seats in a row); nothing if the table is not covered."""
    for tool in table.tools.children:
        if isinstance(tool, HotSeat):
            tool.show_hand()


__all__ = ["HotSeat", "cover_svg", "take_screen"]
