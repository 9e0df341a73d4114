"""The classroom tools shown under every table, for every game alike (they speak only the
engine protocol and the ``Table`` API: ``state``, ``replace``, ``look``, ``reveal``,
``rigged``, ``watchers``)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

TOOLS: list[type] = []
"""Tool classes, each built as ``Tool(table)`` and shown under the table in this order."""


def tools_for(table: Any) -> tuple[widgets.Widget, ...]:
    """One of each tool for ``table``."""
    return tuple(tool(table) for tool in TOOLS)
