"""The classroom tools shown under every table, for every game alike (they speak only the
engine protocol and the public ``Table`` API: ``latest``, ``shown``, ``looking_back``, ``look``,
``replace``, ``refuse``, ``watch``, ``press``, ``cover``, ``show_to``, ``reveal``, ``rigged``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from .coaching import Coaching
from .display import Display
from .hotseat import HotSeat
from .replay import ReplayBar
from .saves import SaveLoad
from .teacher import TeacherTools

TOOLS: list[type] = [ReplayBar, Coaching, SaveLoad, Display, TeacherTools, HotSeat]
"""Tool classes, each built as ``Tool(table)`` and shown under the table in this order. Each
watches the table with its own ``order``: the hot seat watches last, to cover whatever was
just drawn."""

TEACHERS_ONLY = (TeacherTools,)
"""Tools built only under a teacher's table (``teacher=True``): under any other they do not
exist, so no click or page message can reach them."""


def tool_classes(table: Any) -> list[type]:
    """The tools ``table`` has (the teacher's tools only under a teacher's table)."""
    return [tool for tool in TOOLS if table.teacher or tool not in TEACHERS_ONLY]


def tools_for(table: Any) -> tuple[widgets.Widget, ...]:
    """One of each tool for ``table``."""
    return tuple(tool(table) for tool in tool_classes(table))
