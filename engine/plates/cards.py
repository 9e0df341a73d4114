"""The license-plate cards and how they are dealt: a ``Plate``, the make-up of the 50-plate
deck, the seed's set-up table, a fair deck (``random_deck``) and a rigged one
(``rigged_shuffle``) for lessons and tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from ..values import Shuffle, value

DIGITS = range(10)
DIGITS_PER_PLATE = 6
FINES = (5, 10, 15, 20, 25)
DECK_SIZE = 50
PER_DIGIT = DECK_SIZE * DIGITS_PER_PLATE // 10  # 30 of each digit in the balanced deck
PER_FINE = DECK_SIZE // len(FINES)  # 10 plates of each fine


@value
class Plate:
    """A license-plate card: six digits (letters are decoration) and a fine in dollars."""

    number: str
    fine: int

    def __post_init__(self) -> None:
        if not (
            isinstance(self.number, str)
            and len(self.number) == DIGITS_PER_PLATE
            and self.number.isdigit()
            and self.number.isascii()
        ):
            raise ValueError(f"a plate has six digits, not {self.number!r}")
        if type(self.fine) is not int or self.fine not in FINES:
            raise ValueError(f"a fine is one of ${', $'.join(map(str, FINES))}, not {self.fine!r}")

    def count(self, digit: int) -> int:
        """How many times ``digit`` shows on this plate."""
        return self.number.count(str(digit))

    @classmethod
    def from_str(cls, text: str) -> Plate:
        """``Plate.from_str("123 456 $10")``: the digits, then the fine."""
        *digits, fine = text.replace("$", " ").split()
        return cls("".join(digits), int(fine))

    def __str__(self) -> str:
        return f"{self.number[:3]} {self.number[3:]} ${self.fine}"


class Setup(NamedTuple):
    """The seed's set-up table for one player count."""

    plates_each: int
    discarded: int
    piles: int
    money: int


SETUP = {
    3: Setup(10, 0, 2, 250),
    4: Setup(8, 2, 2, 300),
    5: Setup(8, 2, 1, 300),
    6: Setup(8, 2, 0, 350),
}
"""Players -> plates per stand, plates discarded, centre piles (each as tall as a stand), money."""


def deal_slots(players: int) -> tuple[list[range], list[range]]:
    """Where each deck position goes: stand slices (window first), then the discards, then
    the centre piles (top first)."""
    k, discarded, piles, _ = SETUP[players]
    stands = [range(s * k, (s + 1) * k) for s in range(players)]
    start = players * k + discarded
    return stands, [range(start + p * k, start + (p + 1) * k) for p in range(piles)]


def random_deck(rng: random.Random, digits: str = "balanced") -> tuple[Plate, ...]:
    """50 plates in a random order: balanced digits (30 of each) or independent uniform digits,
    and ten plates of each fine."""
    if digits == "balanced":
        pool = [str(d) for d in DIGITS for _ in range(PER_DIGIT)]
        rng.shuffle(pool)
    else:
        pool = [str(rng.randrange(10)) for _ in range(DECK_SIZE * DIGITS_PER_PLATE)]
    fines = [f for f in FINES for _ in range(PER_FINE)]
    rng.shuffle(fines)
    return _plates("".join(pool), fines)


def _plates(digits: str, fines: Sequence[int]) -> tuple[Plate, ...]:
    """Plates from a run of digits, six each, and their fines, both drawn from a deck's own
    (so each plate is good as made, and is not checked again: a deck holds 50)."""
    return tuple(
        _dealt(digits[k : k + DIGITS_PER_PLATE], fine)
        for k, fine in zip(range(0, len(digits), DIGITS_PER_PLATE), fines, strict=True)
    )


def _dealt(number: str, fine: int) -> Plate:
    plate = object.__new__(Plate)
    object.__setattr__(plate, "number", number)
    object.__setattr__(plate, "fine", fine)
    return plate


def rigged_shuffle(
    players: int,
    *,
    stands: Sequence[Sequence[Plate | str]] = (),
    piles: Sequence[Sequence[Plate | str]] = (),
    digits: str = "balanced",
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` that deals the given plates (window first, pile tops first) and fills the
    rest of the 50-plate deck so that it stays legal (balanced digits, ten of each fine).

    ``rigged_shuffle(4, stands=[["444 123 $10"], ["440 000 $5"]])`` fixes the first plate of
    seats 0 and 1. Plates may be given as ``Plate`` or as text for ``Plate.from_str``.
    """
    stand_slots, pile_slots = deal_slots(players)
    fixed: dict[int, Plate] = {}
    for slots, given in ((stand_slots, stands), (pile_slots, piles)):
        if len(given) > len(slots):
            raise ValueError(f"{players} players have {len(slots)} of those, not {len(given)}")
        for where, plates in zip(slots, given, strict=False):
            if len(plates) > len(where):
                raise ValueError(f"a stand or pile holds {len(where)} plates, not {len(plates)}")
            for i, p in zip(where, plates, strict=False):
                fixed[i] = p if isinstance(p, Plate) else Plate.from_str(p)
    rng = random.Random(seed)
    fines = Counter({f: PER_FINE for f in FINES})
    fines.subtract(p.fine for p in fixed.values())
    free = DECK_SIZE - len(fixed)
    if digits == "balanced":
        pool = Counter({str(d): PER_DIGIT for d in DIGITS})
        pool.subtract("".join(p.number for p in fixed.values()))
        if min(pool.values()) < 0:
            raise ValueError("those plates use some digit more than 30 times")
        digit_pool = list(pool.elements())
    else:
        digit_pool = [str(rng.randrange(10)) for _ in range(free * DIGITS_PER_PLATE)]
    if min(fines.values()) < 0:
        raise ValueError("those plates use some fine on more than ten plates")
    fine_pool = list(fines.elements())
    rng.shuffle(digit_pool)
    rng.shuffle(fine_pool)
    fill = iter(_plates("".join(digit_pool), fine_pool))
    return Shuffle(tuple(fixed[i] if i in fixed else next(fill) for i in range(DECK_SIZE)))
