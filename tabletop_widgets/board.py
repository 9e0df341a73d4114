"""The one anywidget every game's table uses: an SVG from Python with clickable spots, the
status line above it, and beside it "Since your last move" and the move log. It plays the
moves that follow a player's action one at a time (``play``), at ``pace`` milliseconds a
step, and decides nothing itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

STATIC = Path(__file__).parent / "static"

PACE = 500
"""Milliseconds between two moves shown one after the other (0: at once)."""


class Board(anywidget.AnyWidget):
    """Shows ``svg`` under ``status``, with ``recent`` and ``log`` beside it and ``over`` (a
    game-over box) above it. A click (or Enter/Space) on an element with ``data-intent="..."``
    sends ``{"intent": ..., "move": ...}`` (the move number of the picture it was made on);
    every message from the page goes to ``on_message(content)`` in Python as it came, for the
    table's gate to check. The page may change only the traits of ``PAGE_TRAITS``.

    Every value here is visible to the whole class: a table fills it from one seat's view.
    """

    _esm = STATIC / "board.js"
    _css = STATIC / "board.css"
    svg = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    focus = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    """HTML of the status line (whose turn, a note on a click that was ignored)."""
    recent = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The lines of "Since your last move": what happened since the viewer last acted."""
    recent_title = traitlets.Unicode("").tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    """The whole move log (up to the move shown, while looking back)."""
    over = traitlets.Unicode("").tag(sync=True)
    """HTML of the game-over box: winners, standings, a New game button ("" while playing)."""
    move = traitlets.Int(0).tag(sync=True)
    """The move number of the picture in the traits."""
    seen = traitlets.Int(-1).tag(sync=True)
    """The move of the last picture the page drew in full (-1: no page has drawn it)."""
    playing = traitlets.Bool(False).tag(sync=True)
    """True while the page plays moves one at a time."""
    pace = traitlets.Int(PACE).tag(sync=True)

    PAGE_TRAITS = frozenset({"seen", "playing"})
    """The traits the page reports (what it has drawn, whether it is playing moves); a page's
    change to any other is ignored, so Python's picture, move number and pace stay its own."""

    def __init__(self, on_message: Callable[[object], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_message = on_message
        self._more = False
        self.on_msg(self._receive)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state update from the page: only its own traits are taken."""
        super().set_state({k: v for k, v in sync_data.items() if k in self.PAGE_TRAITS})

    @property
    def watched(self) -> bool:
        """Whether a page has drawn this board (frames are worth sending)."""
        return self.seen >= 0

    def play(self, frames: list[dict[str, Any]], reset: bool = False, more: bool = False) -> None:
        """Send pictures for the page to show one at a time before the traits (each a dict of
        ``svg``, ``label``, ``status``, ``move`` and ``lines``, the log lines it adds).
        ``reset``: a player's own action, so "Since your last move" starts afresh. ``more``:
        other moves follow in the next message (the page keeps playing, and Skip skips them
        too); after it, the next message is always sent, even with no frames."""
        if frames or reset or more or self._more:
            self.send({"frames": frames, "reset": reset, "more": more})
            self._more = more

    def _receive(self, _widget: object, content: Any, _buffers: list[Any]) -> None:
        if isinstance(content, dict) and set(content) == {"ping"}:
            self._answer_ping(content["ping"])
        elif self._on_message is not None:
            self._on_message(content)

    def _answer_ping(self, number: object) -> None:
        """The page numbers each click, choice or key that acts on the table and sends the
        number behind it; answering it says the kernel has got past that click (the page
        shows "Waiting for the notebook's running cells…" until then)."""
        if type(number) is int and 0 <= number < 2**53:
            self.send({"pong": number})

    def __repr__(self) -> str:
        return f"Board({self.label!r})"
