"""Pictures and interactive widgets for the tabletop lessons.

Importing this package registers the SVG pictures with IPython, so a plate or a game state at
the end of a cell draws itself (and the picture stays in the saved notebook, for GitHub).
"""

from __future__ import annotations

from engine.cards import Card
from engine.india import IndiaState
from engine.michigan import MichiganState
from engine.plates import Plate, PlatesState

from .board import Board
from .india import Dice, IndiaTable
from .michigan import DeadHandPanel, MichiganTable
from .plates import BiddingPanel, PlatesTable
from .render.cards import card_svg
from .render.india import state_svg as india_svg
from .render.michigan import state_svg as michigan_svg
from .render.plates import plate_svg, state_svg
from .table import Table

PICTURES = {
    Card: card_svg,
    Plate: plate_svg,
    PlatesState: state_svg,
    IndiaState: india_svg,
    MichiganState: michigan_svg,
}
"""Engine type -> function drawing it as SVG."""


def register(ip=None) -> None:
    """Make IPython show engine objects as pictures (done on import, when IPython runs)."""
    if ip is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return
        ip = get_ipython()
    if ip is None:
        return
    svg = ip.display_formatter.formatters["image/svg+xml"]
    for kind, draw in PICTURES.items():
        svg.for_type(kind, draw)


register()

__all__ = [
    "PICTURES",
    "BiddingPanel",
    "Board",
    "DeadHandPanel",
    "Dice",
    "IndiaTable",
    "MichiganTable",
    "PlatesTable",
    "Table",
    "register",
]
