"""Tiny, deterministic SVG writing: the same input always gives the same bytes."""

from __future__ import annotations

from html import escape
from typing import Any

from engine.core import BaseView

FONT = "DejaVu Sans, Verdana, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"


def attrs(**kw: object) -> str:
    """``fill_opacity=0.5`` -> `` fill-opacity="0.5"``; None values are left out."""
    return "".join(
        f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
        for k, v in kw.items()
        if v is not None
    )


def el(tag: str, body: str = "", **kw: object) -> str:
    return f"<{tag}{attrs(**kw)}>{body}</{tag}>" if body else f"<{tag}{attrs(**kw)}/>"


def text(x: float, y: float, s: str, size: float = 14, **kw: object) -> str:
    kw.setdefault("font_family", FONT)
    return el("text", escape(s), x=_n(x), y=_n(y), font_size=_n(size), **kw)


def group(body: str, x: float = 0, y: float = 0, scale: float = 1, **kw: object) -> str:
    transform = f"translate({_n(x)},{_n(y)})" + (f" scale({_n(scale)})" if scale != 1 else "")
    return el("g", body, transform=transform, **kw)


def document(width: int, height: int, body: str, title: str) -> str:
    """A standalone SVG with a text alternative (its ``<title>``) for screen readers."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>{body}</svg>"
    )


TEACHER_BANNER = "Teacher view: every hand is face up"
BANNER_H = 36


def bubble(x: float, y: float, words: str, size: float = 14) -> str:
    """A speech bubble centred on (x, y), marking what a seat just said or did."""
    w, h = len(words) * size * 0.62 + 22, size + 14
    return el(
        "g",
        el(
            "rect",
            x=x - w / 2,
            y=y - h / 2,
            width=w,
            height=h,
            rx=h / 2,
            fill="#fff3bf",
            stroke="#e09f3e",
            stroke_width=2.5,
        )
        + text(
            x,
            y + size * 0.36,
            words,
            size,
            text_anchor="middle",
            font_weight="bold",
            fill="#1d3557",
        ),
        class_="tt-last",
    )


REVIEW_H = 34


def review_strip(width: float, y: float, review: tuple[str, str | None]) -> str:
    """A reviewed move, marked under the table: what was played and the expert's choice."""
    played, expert = review
    words = [
        ("You: ", played, "#ffd166"),
        ("Expert: ", expert, "#95d5b2") if expert else ("", "the expert's choice too", "#95d5b2"),
    ]
    out = [el("rect", x=0, y=y, width=width, height=REVIEW_H - 4, rx=8, fill="#1d3557")]
    x = 12.0
    for lead, what, ink in words:
        line = lead + what
        out.append(text(x, y + 21, line, 15, fill=ink, font_weight="bold"))
        x += len(line) * 15 * 0.6 + 24
    return el("g", "".join(out), class_="tt-review-mark", role="note")


def table_document(
    width: int, height: int, body: str, title: str, view: BaseView, last: Any = None
) -> str:
    """``document`` for a table drawn from ``view``: a view taken with ``reveal=True``
    (teacher mode) gets a banner across the top saying every hand is face up; ``last`` (the
    action just taken, an ``engine.Event``) marked ``review`` (a review's row) a strip
    across the bottom saying what was played and what the expert preferred."""
    review = last.mark("review") if last is not None else None
    if review is not None:
        body += review_strip(width, height, review)
        height += REVIEW_H
        played, expert = review
        title = (
            f"You played {played}; "
            + (f"the expert would have played {expert}. " if expert else "so would the expert. ")
            + title
        )
    if not view.get("revealed"):
        return document(width, height, body, title)
    banner = el(
        "g",
        el("rect", x=0, y=0, width=width, height=BANNER_H - 4, rx=8, fill="#9b2226")
        + text(
            width / 2,
            22,
            TEACHER_BANNER,
            17,
            text_anchor="middle",
            fill="#ffffff",
            font_weight="bold",
        ),
        class_="tt-teacher-banner",
        role="note",
    )
    return document(
        width, height + BANNER_H, banner + group(body, 0, BANNER_H), f"{TEACHER_BANNER}. {title}"
    )


def _n(v: float) -> str:
    """Numbers written the same way on every machine: at most two decimals."""
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)
