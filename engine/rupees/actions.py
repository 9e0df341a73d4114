"""The actions of Make-A-Million Rupees, named as the rules name them: ``Bid``, ``Pass``,
``Discard``, ``NameTrump``, ``CallPartner`` and ``Play``. Small frozen values with a saved form;
whether one is legal now is for ``rules`` to say.

>>> Bid(185_000), str(Bid(185_000)), str(Play("R40k"))
(Bid(amount=185000), 'bid ₹185,000', 'play Red ₹40k')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..values import every_value, interned, value
from .cards import CARDS, COLOUR_NAMES, COLOURS, RupeeCard, rupees


@interned
@value
class Bid:
    """A bid in ₹ for the right to name trumps: ``Bid(185000)``."""

    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int):
            raise ValueError(f"a bid is a whole number of Rupees, not {self.amount!r}")

    def __str__(self) -> str:
        return f"bid {rupees(self.amount)}"


@every_value([()])
@interned
@value
class Pass:
    """Leave the auction (a pass is final)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class _OneCard:
    """An action about one card, saved by the card's code: ``Play("R40k")`` (given a
    ``RupeeCard``, it keeps its code). ``action.card`` is the ``RupeeCard``; ``str`` gives the
    subclass's ``verb`` and the card."""

    code: str
    verb: ClassVar[str]

    def __post_init__(self) -> None:
        given: Any = self.code  # a RupeeCard is accepted too
        code = given.code if isinstance(given, RupeeCard) else given
        if not isinstance(code, str) or code not in CARDS:
            raise ValueError(f"no such Rupee card: {given!r} (codes: R40k, Y11, B5k, Tiger)")
        object.__setattr__(self, "code", code)

    @property
    def card(self) -> RupeeCard:
        return CARDS[self.code]

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"


@every_value((code,) for code in CARDS)
@interned
@value
class Discard(_OneCard):
    """The declarer lays one card aside (three in all, after taking the widow)."""

    verb = "discard"


@every_value((c,) for c in COLOURS)
@interned
@value
class NameTrump:
    """The declarer names the trump colour."""

    colour: str

    def __post_init__(self) -> None:
        if self.colour not in COLOURS:
            raise ValueError(f"trumps are one of the colours R, Y, B, G, not {self.colour!r}")

    def __str__(self) -> str:
        return f"trumps {COLOUR_NAMES[self.colour]}"


@every_value((code,) for code in CARDS)
@interned
@value
class CallPartner(_OneCard):
    """``call_partner`` option: the declarer names a card; its holder is his secret partner."""

    verb = "call"


@every_value((code,) for code in CARDS)
@interned
@value
class Play(_OneCard):
    """Play a card to the trick."""

    verb = "play"
