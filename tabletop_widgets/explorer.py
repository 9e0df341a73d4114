"""Explorers, in the manner of Seeing Theory: move a parameter, watch the exact answer and a
seeded simulation move together in one plot.

A lesson gives the controls (ipywidgets sliders, dropdowns) and a ``draw(ax, **values)`` that
draws the exact curve and the simulation for those values on a matplotlib ``Axes`` and returns a
line of text (the two numbers side by side, say). The explorer redraws on every change. Its
saved output carries the picture of the values it was shown with, so the notebook reads on
GitHub and nbval compares only its text, which is deterministic.

>>> import ipywidgets as widgets
>>> def draw(ax, n):
...     ax.bar(range(n), [1] * n)
...     return f"{n} bars"
>>> Explorer(draw, "Bars", n=widgets.IntSlider(value=3, min=1, max=9))
Explorer('Bars', n=3)
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from html import escape
from io import BytesIO
from typing import Any

import ipywidgets as widgets

SIZE = (6.4, 3.2)
"""Inches, at 100 dpi: 640 × 320 pixels, beside or under a lesson's text."""


class Explorer(widgets.VBox):
    """``Explorer(draw, title, **controls)``: the controls above one plot titled ``title``;
    ``draw(ax, **values)`` draws it (the exact answer and a seeded simulation) and may return a
    line of text shown under it."""

    def __init__(self, draw: Callable[..., str | None], title: str, **controls: Any) -> None:
        self.draw, self.title, self.controls = draw, title, controls
        self.picture = widgets.Image(format="png", layout=widgets.Layout(width="640px"))
        self.picture.add_class("tt-explorer-picture")
        self.caption = widgets.HTML()
        for control in controls.values():
            control.observe(lambda _c: self.redraw(), "value")
            control.style = {"description_width": "initial"}
        super().__init__([widgets.HBox(list(controls.values())), self.picture, self.caption])
        self.add_class("tt-explorer")
        self.redraw()

    @property
    def values(self) -> dict[str, Any]:
        """The controls' values, by the names ``draw`` takes them."""
        return {name: control.value for name, control in self.controls.items()}

    def redraw(self) -> None:
        """Draw the plot for the values now set (a figure of its own, never pyplot's)."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=SIZE, dpi=100)
        ax = fig.add_subplot()
        line = self.draw(ax, **self.values)
        ax.set_title(self.title)
        fig.tight_layout()
        out = BytesIO()
        fig.savefig(out, format="png", metadata={"Software": None})
        self.picture.value = out.getvalue()
        self.caption.value = (
            f'<div class="tt-explorer-caption" aria-live="polite">{escape(line)}</div>'
            if line
            else ""
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live widget, plus its picture for places no kernel runs (GitHub, nbviewer)."""
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            bundle["image/png"] = base64.b64encode(self.picture.value).decode()
        return bundle

    def __repr__(self) -> str:
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"Explorer({self.title!r}, {values})"


__all__ = ["Explorer"]
