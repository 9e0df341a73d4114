"""Save and load, under every table: download the game as a JSON file, load one back.

Game-neutral: it speaks only the engine protocol (``to_json``, ``engine.from_json``, which
replays every action through the rules and checks the file's digest) and the ``Table`` API
(``latest``, ``replace``, ``watch``, ``refuse``). A file that cannot be loaded
(not a saved game, edited, illegal, another game or another number of players) is refused with
the reason, and the table keeps its game.
"""

from __future__ import annotations

import base64
from typing import Any

import ipywidgets as widgets

import engine

MAX_BYTES = 1_000_000
"""The largest file Load game reads (a long 8-player game saves in about 40 kB)."""


def save_name(state: engine.State) -> str:
    """The file name a game saves under: ``india-seed3-move41.json``."""
    return f"{state.game}-seed{state.seed}-move{len(state.history)}.json"


def save_link(state: engine.State) -> str:
    """HTML of the Save game link: a download of ``state.to_json()`` named by ``save_name``."""
    data = base64.b64encode(state.to_json().encode()).decode()
    name = save_name(state)
    return (
        f'<a class="jupyter-button tt-save" download="{name}" '
        f'href="data:application/json;base64,{data}" '
        f'title="download this game (set-up and every move) as {name}" '
        f'aria-label="Save game: download {name}">'
        '<i class="fa fa-download" aria-hidden="true"></i> Save game</a>'
    )


class SaveLoad(widgets.HBox):
    """Save game (a download of the game so far, kept current as it is played) and Load game
    (a ``.json`` file saved from any table of the same game and number of players)."""

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.saved: engine.State | None = None
        self.save = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description="Load game",
            tooltip="load a game saved as a .json file (it replaces the game on this table)",
        )
        self.upload.observe(self._uploaded, "value")
        self.children = (self.save, self.upload)
        self.add_class("tt-saveload")
        table.watch(self.refresh, order=20)
        self.refresh()

    def refresh(self) -> None:
        """Point Save game at the game as it stands (while looking back: the whole game)."""
        game = self.table.latest
        if game is not self.saved:
            self.saved = game
            self.save.value = save_link(game)

    # -- loading
    def load_file(self, content: bytes, name: str) -> bool:
        """What Load game does with an uploaded file: check its size and encoding, then
        ``load_text``. True if the game was loaded."""
        if len(content) > MAX_BYTES:
            return self._refuse(
                name, f"the file has {len(content):,} bytes; a saved game has at most {MAX_BYTES:,}"
            )
        try:
            text = bytes(content).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            return self._refuse(
                name,
                f"not a saved game: the file is not UTF-8 text (byte {e.start + 1} cannot be read)",
            )
        return self.load_text(text, name)

    def load_text(self, text: str, name: str = "the text") -> bool:
        """Load the saved game ``text`` (named ``name`` in messages) and play on from it. A
        refusal says why and leaves the table's game, picture and log as they were."""
        if not text.strip():
            return self._refuse(name, "the file is empty")
        if len(text) > MAX_BYTES:
            return self._refuse(name, f"a saved game has at most {MAX_BYTES:,} characters")
        try:
            state = engine.from_json(text)
            self.table.replace(state, f"Loaded {name}: move {len(state.history)}")
        except ValueError as e:  # SaveError, or replace: another game or number of players
            return self._refuse(name, str(e))
        except RecursionError:
            return self._refuse(name, "not a saved game: its JSON is nested too deeply")
        return True

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:  # the reset below
            return
        upload = files[0]
        self.upload.value = ()  # so the same file can be chosen again
        self.load_file(upload["content"], upload["name"])

    def _refuse(self, name: str, reason: str) -> bool:
        short = name if len(name) <= 60 else name[:57] + "..."
        return self.table.refuse(f"loading {short}: {reason}; the table keeps its game")

    def __repr__(self) -> str:
        return f"SaveLoad({save_name(self.saved)})"
