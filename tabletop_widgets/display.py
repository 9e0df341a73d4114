"""Large print for projectors: one toggle that enlarges a table's picture and its controls.

The toggle only puts the CSS class ``tt-large`` on the table; ``static/board.css`` holds what
it enlarges (the board, the dice, the buttons and lists, the status line and the log). Works
for every game alike.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

LARGE = "tt-large"
"""The CSS class a table carries while in large print."""


class Display(widgets.ToggleButton):
    """The "Large print" toggle under a table (``Display(table)``): on, the table's picture
    and controls are drawn larger, for the back of a classroom."""

    def __init__(self, table: Any) -> None:
        super().__init__(
            description="Large print",
            icon="search-plus",
            tooltip="draw this table and its controls larger (for a projector)",
        )
        self.table = table
        self.observe(lambda _c: self._apply(), "value")

    def _apply(self) -> None:
        if self.value:
            self.table.add_class(LARGE)
        else:
            self.table.remove_class(LARGE)

    def __repr__(self) -> str:
        return f"Display(large print {'on' if self.value else 'off'})"


__all__ = ["LARGE", "Display"]
