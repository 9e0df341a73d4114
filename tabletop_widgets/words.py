"""Player-facing wording, in one place: names of seats, verbs that agree with them, and
numbers written for people.

>>> says("You", "agree"), says("Bot 2", "agree"), says("Bot 2", "go", "goes")
('You agree', 'Bot 2 agrees', 'Bot 2 goes')
>>> from fractions import Fraction
>>> percent(Fraction(1, 3))
'33.3%'
>>> joined(["You", "Bot 1", "Bot 3"])
'You, Bot 1 and Bot 3'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

YOU = "You"
"""What the table calls its one human seat."""


def says(name: str, verb: str, third: str | None = None) -> str:
    """``name`` and ``verb`` in agreement: "You agree", "Bot 2 agrees". ``third`` is the
    third-person form where adding an s is wrong ("goes", "has", "wins")."""
    if name == YOU:
        return f"{name} {verb}"
    return f"{name} {third or verb + 's'}"


def percent(p: Fraction | float, places: int = 1) -> str:
    """A probability as a percentage: ``"33.3%"``."""
    return f"{float(p) * 100:.{places}f}%"


def joined(names: Sequence[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def sentence(text: str) -> str:
    """``text`` as a line of the log: its first letter a capital ("Round 1: ...")."""
    return text[:1].upper() + text[1:]


__all__ = ["YOU", "joined", "percent", "says", "sentence"]
