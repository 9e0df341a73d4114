"""What a page may ask of a table: every click checked before anything runs.

A message from the page is untrusted: any student can open the browser's console and send
anything on a widget's channel, for a control the page shows or not. The board sends one kind,
``{"intent": "kind:argument", "move": n}``: a click on a spot of the picture of move ``n``.
``read`` checks its form against a table's ``INTENTS`` (each kind of click with the reader of
its argument), ``check`` whether the seat at the screen could make it now; each raises
``Refused`` with the note to show, and nothing else, whatever it is sent. A button's click
(any other control's) passes ``control_refusal``. The table supplies the facts
(``Table.receive``, ``Table.unavailable``); the rules are all here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from html import escape
from types import MappingProxyType
from typing import Any

Reader = Callable[[str], Any]
"""Reads the argument of one kind of click (the text after the first colon) into its value;
raises ``ValueError`` for anything else."""

LONGEST = 40
"""The longest intent a board draws (``move:3:12``, ``card:R40k``), with room to spare."""

NOTHING_THERE = "nothing happens on a click there"
STALE = "that click was on an earlier picture: look again"
COVERED = "the screen is covered: the next player takes it first"


class Refused(ValueError):
    """A message that is not a click the table could take; its text is the note to show."""


@dataclass(frozen=True)
class Click:
    """A click that passed the gate: its intent as sent, its kind and its argument read, the
    move of the picture it was made on."""

    intent: str
    kind: str
    value: Any
    move: int


def read(content: object, intents: Mapping[str, Reader]) -> Click:
    """The click ``content`` asks for, checked: a message with exactly an intent and the move
    of its picture (a click without a move number is stale), an intent of a kind in
    ``intents`` whose argument its reader accepts."""
    if not isinstance(content, dict) or set(content) - {"move"} != {"intent"}:
        raise Refused("that message is not a click on the board")
    move, intent = content.get("move"), content["intent"]
    if type(move) is not int:
        raise Refused("that click did not say which picture it was made on: look again")
    if not isinstance(intent, str) or len(intent) > LONGEST:
        raise Refused(NOTHING_THERE)
    kind, _, arg = intent.partition(":")
    if kind not in intents:
        raise Refused(NOTHING_THERE)
    try:
        value = intents[kind](arg)
    except (ValueError, LookupError, TypeError):  # a reader may use a game's own parser
        raise Refused(NOTHING_THERE) from None
    return Click(intent, kind, value, move)


def intents(base: Mapping[str, Reader], **kinds: Reader) -> Mapping[str, Reader]:
    """``base`` with more kinds of click (a game's table extends its parent's), read-only."""
    return MappingProxyType({**base, **kinds})


def check(click: Click, moves: int, svg: str, covered: bool) -> None:
    """Whether ``click`` could be made now, on the picture ``svg`` of the state on the table
    (after ``moves`` actions): made on that picture, while the screen is not covered, on a
    spot the picture offers (``new-game``, from the game-over box, is the table's to judge)."""
    if click.move != moves:
        raise Refused(STALE)
    if covered:
        raise Refused(COVERED)
    if click.kind != "new-game" and f'data-intent="{escape(click.intent)}"' not in svg:
        raise Refused(NOTHING_THERE)


def control_refusal(control: Any, covered: bool, stale: bool) -> str | None:
    """Why a click on ``control`` (a button, a toggle, the slider) does nothing now, if so:
    the screen is ``covered`` (the page shows only the cover), the control is disabled or not
    shown, or the click is ``stale`` (made before the page showed the game as it stands)."""
    name = getattr(control, "description", "") or "that control"
    if covered:
        return f"{name} waits: the screen is covered until the next player takes it"
    if getattr(control, "disabled", False) or control.layout.display == "none":
        return f"{name} is not available now"
    if stale:
        return "that click came before the table showed the latest move: look again"
    return None


# -- readers of an intent's argument
def nothing(arg: str) -> None:
    """No argument: ``discard``, ``new-game``."""
    if arg:
        raise ValueError(f"nothing follows this kind of click, not {arg!r}")


def number(below: int) -> Reader:
    """A whole number from 0 to ``below - 1`` in plain digits: ``piece:2``, ``digit:7``."""

    def read(arg: str) -> int:
        if not (arg.isascii() and arg.isdigit() and len(arg) <= len(str(below))):
            raise ValueError(f"not a number below {below}: {arg!r}")
        if int(arg) >= below:
            raise ValueError(f"{arg} is not below {below}")
        return int(arg)

    return read


def numbers(count: int, below: int) -> Reader:
    """``count`` such numbers separated by colons: ``move:1:7``."""
    one = number(below)

    def read(arg: str) -> tuple[int, ...]:
        parts = arg.split(":")
        if len(parts) != count:
            raise ValueError(f"{count} numbers, not {arg!r}")
        return tuple(one(part) for part in parts)

    return read


def one_of(choices: Mapping[str, Any] | Iterable[str]) -> Reader:
    """One of the words of ``choices`` (``draw:stock``); for a mapping, the value it gives
    that word (Rupees' ``card:Y40k`` is that card)."""
    table = choices if isinstance(choices, Mapping) else {word: word for word in choices}

    def read(arg: str) -> Any:
        if arg not in table:
            raise ValueError(f"not one of the choices: {arg!r}")
        return table[arg]

    return read


def parsed(parse: Callable[[str], Any], fits: Callable[[Any], bool] = lambda _v: True) -> Reader:
    """What ``parse`` reads the argument as (a ``ValueError`` if it cannot), if it ``fits``:
    Michigan's ``card:10H``."""

    def read(arg: str) -> Any:
        value = parse(arg)
        if not fits(value):
            raise ValueError(f"not offered here: {arg!r}")
        return value

    return read


__all__ = [
    "LONGEST",
    "Click",
    "Reader",
    "Refused",
    "check",
    "control_refusal",
    "intents",
    "nothing",
    "number",
    "numbers",
    "one_of",
    "parsed",
    "read",
]
