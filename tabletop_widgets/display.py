"""How a table is shown: large print for projectors, and the pace at which the bots' moves
appear.

Large print only puts the CSS class ``tt-large`` on the table; ``static/board.css`` holds what
it enlarges (the board, the dice, the buttons and lists, the status line and the log). The
pace is the board's ``pace``: milliseconds between two moves shown in turn (0: at once). Works
for every game alike.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from .board import PACE

LARGE = "tt-large"
"""The CSS class a table carries while in large print."""

PACES = (("Slow (1 s a move)", 1000), ("Normal (½ s)", PACE), ("Fast", 200), ("Instant", 0))
"""The pace control's choices: label, milliseconds between two moves."""


class Display(widgets.HBox):
    """The "Large print" toggle and the "Pace" of the bots' moves, under a table
    (``Display(table)``)."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.large = widgets.ToggleButton(
            description="Large print",
            icon="search-plus",
            tooltip="draw this table and its controls larger (for a projector)",
        )
        self.large.observe(lambda _c: self._apply(), "value")
        self.pace = widgets.Dropdown(
            description="Pace",
            options=PACES,
            value=table.board.pace,
            tooltip="how fast the other players' moves appear, one after another",
            layout=widgets.Layout(width="230px"),
            style={"description_width": "initial"},
        )
        self.pace.observe(lambda change: setattr(table.board, "pace", change["new"]), "value")
        self.children = (self.large, self.pace)
        self.add_class("tt-display")

    @property
    def value(self) -> bool:
        """Whether large print is on."""
        return bool(self.large.value)

    def _apply(self) -> None:
        if self.large.value:
            self.table.add_class(LARGE)
        else:
            self.table.remove_class(LARGE)

    def __repr__(self) -> str:
        pace = dict((ms, label) for label, ms in PACES).get(self.table.board.pace, "custom")
        return f"Display(large print {'on' if self.large.value else 'off'}, pace {pace})"


__all__ = ["LARGE", "PACES", "Display"]
