"""Save and load, under every table: download the game as a JSON file, load one back.

Game-neutral: it speaks only the engine protocol (``to_json``, ``engine.from_json``, which
replays every action through the rules and checks the file's digest and, where the teacher's
key ``TABLETOP_SAVE_KEY`` is set, its signature) and the public ``Table`` API (``latest``,
``replace``, ``unavailable``, ``teacher``, ``exam``, ``watch``).

A saved game holds the whole deal, every hand and the order of the stock included, so a
student's table saves a game only once it is over; a teacher's table (``teacher=True``) saves
at any time. An exam table loads nothing (a load would replace the graded game). Nothing of
the game is kept in the page: the file is made when Save game is clicked and handed to the
browser in one message, and a loaded file arrives in one message too. A file that cannot be
loaded (not a saved game, edited, badly signed, illegal, another game or another number of
players) is refused in plain words next to the button, and the table keeps its game.
"""

from __future__ import annotations

from html import escape
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

import engine
from engine.saves import MAX_SAVE_CHARS, save_key

from .board import STATIC

MAX_BYTES = MAX_SAVE_CHARS
"""The largest file Load game reads (a long 8-player game saves in about 40 kB)."""


def save_name(state: engine.State[Any]) -> str:
    """The file name a game saves under: ``india-seed3-move41.json``."""
    return f"{state.game}-seed{state.seed}-move{len(state.history)}.json"


def why_not_saved(table: Any) -> str | None:
    """Why Save game makes no file now, if so: the file would hold every hand and the order of
    the stock, so only a teacher's table saves a game that is not over."""
    if table.teacher or table.latest.is_terminal():
        return None
    return (
        "a game is saved once it is over: until then the file would show every hand and the stock"
    )


class Files(anywidget.AnyWidget):
    """The Save game and Load game buttons (``static/files.js``). The file itself only ever
    travels in a message: ``download(name, text)`` hands one to the browser; a chosen file
    reaches ``on_file(content, name)``, a too large one ``on_too_big(name, size)``."""

    _esm = STATIC / "files.js"
    name = traitlets.Unicode("").tag(sync=True)
    """The name the next save gets (game, seed and move number), "" while none is made."""
    max_bytes = traitlets.Int(MAX_BYTES).tag(sync=True)
    not_now = traitlets.Unicode("").tag(sync=True)
    """Why Save game is dimmed ("" while it saves)."""
    loads = traitlets.Bool(True).tag(sync=True)
    """Whether Load game is offered (not at an exam table)."""

    def __init__(self, on_save: Any, on_file: Any, on_too_big: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_save, self._on_file, self._on_too_big = on_save, on_file, on_too_big
        self.on_msg(self._receive)

    def download(self, name: str, text: str) -> None:
        """Hand ``text`` to the browser as a file download named ``name``."""
        self.send({"download": {"name": name, "text": text}})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page changes none of these traits: they are Python's to set."""

    def _receive(self, _widget: object, content: Any, buffers: list[Any]) -> None:
        if not isinstance(content, dict):
            return
        if content.get("save") is True:
            self._on_save()
        elif isinstance(content.get("load"), dict) and len(buffers) == 1:
            self._on_file(bytes(buffers[0]), str(content["load"].get("name", "the file")))
        elif isinstance(content.get("too_big"), dict):
            big = content["too_big"]
            size = big.get("size")
            self._on_too_big(str(big.get("name", "the file")), size if type(size) is int else 0)

    def __repr__(self) -> str:
        return f"Files({self.name})"


class SaveLoad(widgets.HBox):
    """Save game (a download of the game as it stands, made when clicked) and Load game (a
    ``.json`` file saved from any table of the same game and number of players), with a line
    beside them saying what happened."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.files = Files(
            self.save, self.load_file, self._too_big, loads=not (table.exam or table.room)
        )
        self.files.layout.flex = "none"
        self.note = widgets.HTML()
        self.children = (self.files, self.note)
        self.add_class("tt-saveload")
        table.watch(self.follow, order=20)
        self.follow()

    def follow(self) -> None:
        """After every redraw: Save game is offered or dimmed, and the next save's name
        follows the game (no name, and so no seed, while nothing is saved); an old note goes."""
        why_not = why_not_saved(self.table)
        self.files.not_now = why_not or ""
        self.files.name = "" if why_not else save_name(self.table.latest)
        self.note.value = ""

    def save_file(self) -> tuple[str, str]:
        """The file Save game downloads now: its name and its text (the game as it stands,
        also while looking back), signed where the teacher's key is set. ``ValueError`` if
        no file is made now (``why_not_saved``), or the key is too short to sign with."""
        why_not = why_not_saved(self.table)
        if why_not:
            raise ValueError(why_not)
        game = self.table.latest
        return save_name(game), game.to_json()

    def save(self) -> bool:
        """What a click on Save game does: the browser downloads ``save_file()`` (or the note
        beside the button says why not). True if a file was sent."""
        try:
            why_not = self.table.unavailable(self.files, acts=False)
            if why_not:
                raise ValueError(why_not)
            self.files.download(*self.save_file())
        except ValueError as e:  # not now, or engine.SaveError: a key too short to sign with
            return self._not_done("saved", str(e))
        return True

    # -- loading
    def load_file(self, content: bytes, name: str) -> bool:
        """What Load game does with a chosen file: check that a file may be loaded now, its
        size and its encoding, then ``load_text``. True if the game was loaded."""
        if len(content) > MAX_BYTES:
            return self._too_big(name, len(content))
        try:
            text = bytes(content).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            return self.refuse(name, f"it is not UTF-8 text (byte {e.start + 1} cannot be read)")
        return self.load_text(text, name)

    def load_text(self, text: str, name: str = "the text") -> bool:
        """Load the saved game ``text`` (named ``name`` in messages) and play on from it, if
        a game may be loaded now. A refusal says why and leaves the table's game, picture and
        log as they were. Where the teacher's key is set, only a save signed with it loads."""
        why_not = self._why_no_load()
        if why_not:
            return self._not_done("loaded", why_not)
        if not text.strip():
            return self.refuse(name, "the file is empty")
        try:
            state = engine.from_json(text)
            self.table.replace(state, f"Loaded {name}: move {len(state.history)}")
        except ValueError as e:  # SaveError, or replace: another game or number of players
            return self.refuse(name, str(e))
        signed = " (its signature checked)" if save_key() is not None else ""
        self.note.value = (
            f'<div class="tt-loaded" aria-live="polite">Loaded {escape(_short(name))}: '
            f"move {len(state.history)}{signed}.</div>"
        )
        return True

    def _why_no_load(self) -> str | None:
        """Why no game is loaded now: never at an exam table, and not while the table takes
        no clicks (the screen is covered)."""
        if self.table.exam:
            return "an exam table loads no game (it would replace the game being graded)"
        if self.table.room:
            return f"this table plays room {self.table.room}'s game, which its server holds"
        why: str | None = self.table.unavailable(self.files, acts=False)
        return why

    def _too_big(self, name: str, size: int) -> bool:
        why_not = self._why_no_load()
        if why_not:
            return self._not_done("loaded", why_not)
        return self.refuse(
            name, f"the file has {size:,} bytes; a saved game has at most {MAX_BYTES:,}"
        )

    def refuse(self, name: str, reason: str) -> bool:
        """Say, next to the buttons, why ``name`` was not loaded; False."""
        self.note.value = (
            f'<div class="tt-refused" role="alert">This file ({escape(_short(name))}) is not a '
            f"saved game of this table: {escape(reason)}. The table keeps its game.</div>"
        )
        return False

    def _not_done(self, done: str, reason: str) -> bool:
        """Say, next to the buttons, why nothing was ``done`` ("saved", "loaded"); False."""
        self.note.value = (
            f'<div class="tt-refused" role="alert">Not {done}: {escape(reason)}.</div>'
        )
        return False

    def __repr__(self) -> str:
        return f"SaveLoad({self.files.name})"


def _short(name: str) -> str:
    return name if len(name) <= 60 else name[:57] + "..."
