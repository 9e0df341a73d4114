"""Pictures and interactive widgets for the tabletop lessons.

Importing this package in a notebook registers the SVG pictures with IPython, so a plate or a
game state at the end of a cell draws itself (and the picture stays in the saved notebook, for
GitHub).

Everything here is imported on first use: ``import tabletop_widgets`` imports neither the
widgets (ipywidgets, anywidget) nor the games, ``from tabletop_widgets import PlatesTable``
imports the plates table and game only, and a picture's renderer is imported when a first
object of its kind is drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import Board
    from .classplay.contest import plot_match, tournament
    from .coaching import Coaching, show_review
    from .india import Dice, IndiaTable
    from .michigan import DeadHandPanel, MichiganTable
    from .plates import BiddingPanel, PlatesTable
    from .practice_table import Practice, PracticePage, practice
    from .rummy import RummyTable
    from .rupees import RupeesBiddingPanel, RupeesTable
    from .table import Table

    PICTURES: dict[type, Callable[[Any], str]]
    TABLES: dict[str, type[Table]]

_WIDGETS = {
    "Board": "board",
    "Dice": "india",
    "IndiaTable": "india",
    "DeadHandPanel": "michigan",
    "MichiganTable": "michigan",
    "BiddingPanel": "plates",
    "PlatesTable": "plates",
    "RummyTable": "rummy",
    "RupeesBiddingPanel": "rupees",
    "RupeesTable": "rupees",
    "Table": "table",
    "Coaching": "coaching",
    "show_review": "coaching",
    "tournament": "classplay.contest",
    "plot_match": "classplay.contest",
    "Practice": "practice_table",
    "practice": "practice_table",
    "PracticePage": "practice_table",
}
"""Widget class -> the module of this package defining it."""

_TABLES = ("PlatesTable", "IndiaTable", "MichiganTable", "RummyTable", "RupeesTable")

_PICTURES = {
    ("engine.cards", "Card"): ("cards", "card_svg"),
    ("engine.plates.cards", "Plate"): ("plates", "plate_svg"),
    ("engine.plates.rules", "PlatesState"): ("plates", "state_svg"),
    ("engine.rummy.rules", "RummyState"): ("rummy", "state_svg"),
    ("engine.rummy.melds", "Arrangement"): ("rummy", "arrangement_svg"),
    ("engine.india.rules", "IndiaState"): ("india", "state_svg"),
    ("engine.michigan.rules", "MichiganState"): ("michigan", "state_svg"),
    ("engine.rupees.cards", "RupeeCard"): ("rupees", "card_svg"),
    ("engine.rupees.rules", "RupeesState"): ("rupees", "state_svg"),
}
"""Engine type (its module and name) -> the function drawing it as SVG (its module under
``render`` and name). ``PICTURES`` is this table with both sides imported."""


def __getattr__(name: str) -> Any:
    """The widget classes, ``TABLES`` (game name -> the table that plays it:
    ``TABLES["india"](players=4, seed=1)``) and ``PICTURES`` (engine type -> function drawing
    it as SVG), each imported when first asked for."""
    if name in _WIDGETS:
        found = getattr(import_module(f"{__name__}.{_WIDGETS[name]}"), name)
    elif name == "TABLES":
        found = {t.game: t for t in map(__getattr__, _TABLES)}
    elif name == "PICTURES":
        found = {
            getattr(import_module(module), kind): _renderer(draw)
            for (module, kind), draw in _PICTURES.items()
        }
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = found  # asked for once: the same object every time after
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _renderer(draw: tuple[str, str]) -> Callable[[Any], str]:
    module, function = draw
    found: Callable[[Any], str] = getattr(import_module(f"{__name__}.render.{module}"), function)
    return found


def _draw(draw: tuple[str, str], thing: Any) -> str:
    """``thing`` as SVG, by the renderer ``draw`` names, imported now if it is not yet."""
    return _renderer(draw)(thing)


def register(ip: Any = None) -> None:
    """Make IPython show engine objects as pictures: done on import when an IPython shell runs
    (a notebook's kernel). Nothing is imported for it: each type is named by its module and
    name, and its renderer is imported when a first object of the type is shown."""
    if ip is None:
        ipython = sys.modules.get("IPython")  # no IPython loaded: no shell to show pictures
        ip = ipython.get_ipython() if ipython is not None else None
    if ip is None:
        return
    svg = ip.display_formatter.formatters["image/svg+xml"]
    for (module, kind), draw in _PICTURES.items():
        svg.for_type_by_name(module, kind, partial(_draw, draw))


register()

__all__ = [
    "PICTURES",
    "TABLES",
    "BiddingPanel",
    "Board",
    "Coaching",
    "DeadHandPanel",
    "Dice",
    "IndiaTable",
    "MichiganTable",
    "PlatesTable",
    "Practice",
    "PracticePage",
    "RummyTable",
    "RupeesBiddingPanel",
    "RupeesTable",
    "Table",
    "plot_match",
    "practice",
    "register",
    "show_review",
    "tournament",
]
