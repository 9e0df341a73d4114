"""Pure rendering: engine objects -> deterministic SVG strings (no ids, no dates)."""

from . import plates, svg

__all__ = ["plates", "svg"]
