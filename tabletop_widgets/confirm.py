"""The confirm bar of a table: a costly action asks first.

A question beside the controls, a button that does it (its words say what, the question what it
costs) and Cancel. Nothing is asked while ``question`` is empty and the bar hidden; ``yes`` then
does nothing, whatever a page sends.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

Press = Callable[..., None]
"""A table's ``press(button, do, acts=True)``: the gate every button's click passes."""


class ConfirmBar(widgets.HBox):
    """``ask(question, yes, do)`` shows the bar; its ``yes`` button runs ``do()``, ``no``
    (Cancel) does nothing; either closes it. Clicks go through ``press``."""

    def __init__(self, press: Press) -> None:
        super().__init__()
        self.question = widgets.HTML()
        self.yes = widgets.Button(
            description="Yes", button_style="danger", layout={"width": "auto"}
        )
        self.no = widgets.Button(
            description="Cancel", icon="times", tooltip="do not do it", layout={"width": "auto"}
        )
        self._do: Callable[[], Any] = lambda: None
        press(self.yes, self._confirmed)
        press(self.no, self.close, acts=False)
        self.children = (self.question, self.yes, self.no)
        self.add_class("tt-confirm")
        self.layout.display = "none"

    def ask(self, question: str, yes: str, do: Callable[[], Any]) -> None:
        """Ask ``question``; the button ``yes`` (its words) runs ``do()``."""
        self.question.value = f'<span class="tt-question" role="alert">{escape(question)}</span>'
        self.yes.description = yes
        self._do = do
        self.layout.display = None
        self.yes.focus()

    @property
    def asking(self) -> bool:
        """Whether a question waits for an answer."""
        return bool(self.layout.display != "none")

    def close(self) -> None:
        """Hide the bar; nothing is asked any more."""
        self.layout.display = "none"
        self.question.value = ""
        self._do = lambda: None

    def _confirmed(self) -> None:
        do = self._do
        self.close()
        do()

    def __repr__(self) -> str:
        return f"ConfirmBar({'asking' if self.asking else 'closed'})"


__all__ = ["ConfirmBar"]
