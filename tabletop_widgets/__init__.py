"""Pictures and interactive widgets for the tabletop lessons.

Importing this package registers the SVG pictures with IPython, so a plate or a game state at
the end of a cell draws itself (and the picture stays in the saved notebook, for GitHub).
"""

from __future__ import annotations

from engine.cards import Card
from engine.india import IndiaState
from engine.michigan import MichiganState
from engine.plates import Plate, PlatesState
from engine.rummy import Arrangement, RummyState
from engine.rupees import RupeeCard, RupeesState

from .board import Board
from .india import Dice, IndiaTable
from .michigan import DeadHandPanel, MichiganTable
from .plates import BiddingPanel, PlatesTable
from .render.cards import card_svg
from .render.india import state_svg as india_svg
from .render.michigan import state_svg as michigan_svg
from .render.plates import plate_svg, state_svg
from .render.rummy import arrangement_svg
from .render.rummy import state_svg as rummy_svg
from .render.rupees import card_svg as rupee_card_svg
from .render.rupees import state_svg as rupees_svg
from .rummy import RummyTable
from .rupees import RupeesBiddingPanel, RupeesTable
from .table import Table

PICTURES = {
    Card: card_svg,
    Plate: plate_svg,
    PlatesState: state_svg,
    RummyState: rummy_svg,
    Arrangement: arrangement_svg,
    IndiaState: india_svg,
    MichiganState: michigan_svg,
    RupeeCard: rupee_card_svg,
    RupeesState: rupees_svg,
}
"""Engine type -> function drawing it as SVG."""

TABLES: dict[str, type[Table]] = {
    t.game: t for t in (PlatesTable, IndiaTable, MichiganTable, RummyTable, RupeesTable)
}
"""Game name -> the table that plays it: ``TABLES["india"](players=4, seed=1)``."""


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
    "TABLES",
    "BiddingPanel",
    "Board",
    "DeadHandPanel",
    "Dice",
    "IndiaTable",
    "MichiganTable",
    "PlatesTable",
    "RummyTable",
    "RupeesBiddingPanel",
    "RupeesTable",
    "Table",
    "register",
]
