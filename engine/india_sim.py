"""Moved to ``engine.india.sim``; this name stays only while the India lesson imports it
(``from engine import india_sim as sim``)."""

from __future__ import annotations

from .india.sim import *  # noqa: F403
from .india.sim import __all__ as __all__
