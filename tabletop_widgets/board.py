"""The one anywidget every game's table uses: an SVG from Python with clickable spots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"


class Board(anywidget.AnyWidget):
    """Shows ``svg``. A click (or Enter/Space) on an element with ``data-intent="..."`` sends
    that intent to Python, where ``on_intent`` decides; the board itself decides nothing."""

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    svg = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_intent: Callable[[str], None] | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._on_intent = on_intent
        self.on_msg(self._receive)

    def _receive(self, _widget: object, content: dict, _buffers: list) -> None:
        intent = content.get("intent") if isinstance(content, dict) else None
        if isinstance(intent, str) and self._on_intent:
            self._on_intent(intent)

    def __repr__(self) -> str:
        return f"Board({self.label!r})"
