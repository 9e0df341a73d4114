"""The lessons' explorer: redraws on every change, keeps its picture in the saved output, and
its text (what nbval compares) depends only on the values shown."""

from __future__ import annotations

import ipywidgets as widgets

from tabletop_widgets.explorer import Explorer


def bars(ax, n):
    ax.bar(range(n), [1] * n)
    return f"{n} bars"


def test_a_change_redraws_the_plot_and_its_line():
    slider = widgets.IntSlider(value=2, min=1, max=9)
    explorer = Explorer(bars, "Bars", n=slider)
    first = bytes(explorer.picture.value)
    assert first.startswith(b"\x89PNG") and "2 bars" in explorer.caption.value
    slider.value = 7
    assert bytes(explorer.picture.value) != first and "7 bars" in explorer.caption.value
    assert repr(explorer) == "Explorer('Bars', n=7)"


def test_the_saved_output_carries_the_picture():
    explorer = Explorer(bars, "Bars", n=widgets.IntSlider(value=3))
    bundle = explorer._repr_mimebundle_()
    assert bundle["text/plain"] == "Explorer('Bars', n=3)"
    assert bundle["image/png"]


def test_the_same_values_draw_the_same_picture():
    one = Explorer(bars, "Bars", n=widgets.IntSlider(value=4))
    two = Explorer(bars, "Bars", n=widgets.IntSlider(value=4))
    assert bytes(one.picture.value) == bytes(two.picture.value)
