"""The random bot every game has, and how the engine's bots read a ``Seat`` as well as a
``State``, so a student's strategy can ask them:
``engine.make_bot("rupees", "basic").choose(seat)``."""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # only a marker for type checkers: at run time it changes nothing

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


from .advice import Judged
from .core import State

T = TypeVar("T")

HUMAN = "human"
"""The kind of a seat whose player the engine does not know: a person, or a student's
strategy. The coach assumes how such a player plays (each expert says what)."""
KINDS = ("random", "basic", "expert")
"""The engine's own bots, whose play the coach knows."""
NOISE = {"expert": 0.0, "basic": 0.0, "random": 1.0, HUMAN: 0.25}
"""What the coach assumes of each kind of player when told the players seated: the chance that
a move is made at random (a legal one, uniformly) rather than as the model's player makes it
(the basic bot, in the games whose expert plays the deal out). A human is taken for a beginner:
``NoisyBot``'s default, the basic move three times in four."""


def kind_of(player: Any) -> str:
    """What the coach knows of the player at a seat: an engine bot's level (``KINDS``), else
    ``HUMAN``."""
    level = getattr(type(player), "level", None)
    known = type(player).__module__.startswith("engine.") and level in KINDS
    return str(level) if known else HUMAN


Overstated = Mapping[str, Mapping[str, float]]
"""What a coach's values over-state, by the mover's kind and another seat's kind
(``table[mover][other]``): a fit's table (``OVERSTATED`` in rummy, Michigan and plates)."""


@functools.cache
def _fit(path: Path) -> dict[str, Any]:
    """A fit script's output, read once (each of its tables and ends is taken from it)."""
    return dict(json.loads(path.read_text()))


def fitted_kinds(
    path: Path, part: str | None = None, key: str = "overstated"
) -> dict[str, dict[str, float]]:
    """A fit's ``Overstated`` table as its script wrote it (``"overstated"`` in a JSON file;
    ``key``: its 95% interval's ``"low"`` or ``"high"`` ends), or its table for ``part`` (one
    fitted apart for each part)."""
    table = _fit(path)[key]
    table = table if part is None else table[part]
    return {m: {o: float(v) for o, v in row.items()} for m, row in table.items()}


def fitted_parts(path: Path, key: str = "by_part") -> dict[str, float]:
    """A fit's ``by_part`` as its script wrote it (``"by_part"`` in a JSON file; ``key``: its
    95% interval's ``"by_part_low"`` or ``"by_part_high"`` ends): what the values over-state
    besides, by the mover's part (the first part's 0)."""
    return {p: float(v) for p, v in _fit(path)[key].items()}


def fitted_unsure(path: Path, part: str | None = None) -> dict[str, dict[str, float]]:
    """Half the width of the 95% interval of each number of a fit's table (``fitted_kinds``,
    from its low and high ends)."""
    low, high = fitted_kinds(path, part, "low"), fitted_kinds(path, part, "high")
    return {m: {o: (high[m][o] - low[m][o]) / 2 for o in high[m]} for m in high}


def fitted_parts_unsure(path: Path) -> dict[str, float]:
    """Half the width of the 95% interval of each number of a fit's ``by_part``
    (``fitted_parts``, from its low and high ends)."""
    low, high = fitted_parts(path, "by_part_low"), fitted_parts(path, "by_part_high")
    return {p: (high[p] - low[p]) / 2 for p in high}


def lowered(judged: Sequence[Judged], less: float, unsure: float) -> list[Judged]:
    """Each option lowered by a correction ``less`` that is itself a fit, its 95% interval
    ±``unsure``: each value's interval widened by it (the two in quadrature), the losses
    between the options as they were (every option moves alike)."""
    return [
        replace(j, value=j.value - less, interval=math.hypot(j.interval, unsure)) for j in judged
    ]


def overstated_at(table: Overstated, players: Sequence[str] | None, seat: int) -> float:
    """What the values over-state for ``seat`` at a table of ``players``: the mean over the
    other seats of ``table[seat's kind][their kind]`` (a kind the table does not know: a
    human's); 0 when the players are not known."""
    if players is None:
        return 0.0
    kinds = [k if k in table else HUMAN for k in players]
    mine = table[kinds[seat]]
    others = [mine[k] for s, k in enumerate(kinds) if s != seat]
    return sum(others) / len(others)


EVERY_WAY = "Every way the cards can lie was played out, so the values are not corrected."
"""Told the players, the advice's words where every layout was played out: a fitted correction
(``overstated_at``) is for sampled values and is not taken off exact ones."""


def for_the_table(
    less: float, unit: str | Callable[[float], str], but: str = "", exact: bool = False
) -> str:
    """The correction ``overstated_at`` makes, in words (``unit``: "chips", or how to write
    an amount; ``but``: the options it leaves alone, "a drop", say; ``exact``: every layout
    was played out, so none is made, ``EVERY_WAY``)."""
    if exact:
        return EVERY_WAY

    def written(amount: float) -> str:
        return unit(amount) if callable(unit) else f"{amount:.1f} {unit}"

    amount = written(abs(less))
    if amount == written(0.0):  # nothing to take off, as written
        return "At this table of players, such values were what they made."
    side = "over" if less > 0 else "under"
    which = f"each option (but {but})" if but else "each option"
    return (
        f"At this table of players such values {side}-stated what they made by "
        f"{amount}, so {which} is {'lowered' if less > 0 else 'raised'} by that."
    )


def noise_at(players: Sequence[str] | None) -> tuple[float, ...] | None:
    """Each seat's chance of a random move (``NOISE``; a kind it does not know, a human's),
    for ``players`` each seat's kind; None when they are not known or none plays at random:
    then every seat plays as the model's player."""
    if players is None:
        return None
    noise = tuple(NOISE.get(kind, NOISE[HUMAN]) for kind in players)
    return noise if any(noise) else None


class AtRandom:
    """Who plays at random in a playout, and the stream the random moves come from: each seat's
    chance (``noise_at``), and a generator seeded by the playout (its layout), so the same
    layout plays out alike for every option."""

    __slots__ = ("noise", "rng")

    def __init__(self, noise: Sequence[float], seed: int) -> None:
        self.noise, self.rng = noise, random.Random(seed)

    def now(self, seat: int) -> bool:
        """Whether ``seat``'s move is made at random this time."""
        chance = self.noise[seat]
        return bool(chance) and self.rng.random() < chance

    def pick(self, options: Sequence[T]) -> T:
        """A legal move at random, each as likely."""
        return self.rng.choice(options)


def played_as(players: Sequence[str] | None) -> str:
    """How the coach plays the seats out, in words (for an advice's detail): every seat as the
    basic bot does, but those ``NOISE`` says play at random."""
    noise = noise_at(players)
    if players is None or noise is None:
        return "every seat playing as the basic bot does"
    said = []
    for kind in dict.fromkeys(k if k in NOISE else HUMAN for k in players):
        chance = NOISE[kind]
        if chance == 1:
            said.append(f"a {kind} bot at random")
        elif chance:
            who = "a human (you, or a player the coach does not know)" if kind == HUMAN else kind
            said.append(f"{who} at random one move in {round(1 / chance)}")
    return "every seat playing as the basic bot does, but " + " and ".join(said)


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    The engine's bots (this class and its subclasses in ``engine``) read a ``State``; their
    ``choose`` and ``advise`` also accept a ``Seat`` (``engine.seat``), read as a
    ``SeatState``, so a student's strategy can ask them."""

    level: ClassVar[str] = "random"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("engine."):
            _seat_or_state(cls)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Any:
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _seat_or_state(cls: type) -> None:
    """Make ``cls``'s own ``choose`` and ``advise`` accept a Seat as well as a State. Each is
    marked ``reads_a_state``: ``engine.seat.decide`` gives it the State."""
    for name in ("choose", "advise"):
        method = vars(cls).get(name)
        if method is not None:
            setattr(cls, name, _reads_a_seat(method))


def _reads_a_seat(method: Callable[..., T]) -> Callable[..., T]:
    @functools.wraps(method)
    def either(self: Any, state: Any, *args: Any, **kwargs: Any) -> T:
        if not isinstance(state, State):
            from .seat import Seat, SeatState

            if isinstance(state, Seat):
                state = SeatState(state)
        return method(self, state, *args, **kwargs)

    either.reads_a_state = True  # type: ignore[attr-defined]
    return either


_seat_or_state(RandomBot)


class NoisyBot(RandomBot):
    """A stand-in for a beginner, to check what the coach assumes of a human seat: plays as
    ``base`` (a bot) does, except that with chance ``noise`` it plays a legal action at
    random instead."""

    level: ClassVar[str] = "noisy"

    def __init__(self, base: Any, noise: float = NOISE[HUMAN], seed: int = 0) -> None:
        if not 0 <= noise <= 1:
            raise ValueError(f"noise is a chance from 0 to 1, not {noise!r}")
        super().__init__(seed)
        self.base, self.noise = base, noise

    def choose(self, state: State[Any]) -> Any:
        if self.rng.random() < self.noise:
            return self.rng.choice(state.legal_actions())
        return self.base.choose(state)

    def __repr__(self) -> str:
        return f"NoisyBot({self.base!r}, noise={self.noise})"
