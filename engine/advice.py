"""What an expert thinks of one decision: every legal option with its value, the one it would
choose, and why, in one short sentence. Each game's ``expert`` bot answers ``advise(state)``
with an ``Advice``; the game review, the Hint button and the lessons read it.

An expert decides from its seat's ``view`` and the legal actions only, so an ``Advice`` holds
nothing the mover could not see.

Values that come from sampled deals carry their uncertainty: ``Advice.deals`` says how many,
``Judged.interval`` is half the width of a value's 95% interval, and ``Judged.loss_interval``
half the width of the interval of what the option gives up against the best. Every option is
judged on the same deals, so that difference is measured deal by deal (``judged_on_deals``)
and its interval is far narrower than either value's: most of the luck of a deal falls on
every option alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .stats import half_width

LOSES_LEAST = "every choice loses here; this one loses least"
"""What a negative best value means, in words."""
RACE_FROM = 32
"""A race stops no action before this many deals: on fewer, a rare rich swing not yet drawn
can make a good action look clearly worse."""


@dataclass(frozen=True)
class Judged:
    """One option: the action, its value to the mover (in the advice's ``measure``; higher is
    better) and a few plain words on where the value comes from ("hit by 11 throws in 36").
    ``interval`` and ``loss_interval``: half the widths of the 95% intervals of the value and
    of the best option's value less this one's (0: exact, or not sampled)."""

    action: Any
    value: float
    detail: str = ""
    interval: float = 0.0
    loss_interval: float = 0.0


D = TypeVar("D")


def judged_on_deals(
    actions: Sequence[Any],
    deals: Sequence[D],
    outcome: Callable[[D, int], Sequence[float]],
    describe: Callable[[int, list[float]], str] = lambda i, tallies: "",
    keep: Any = None,
    first: int = 0,
    every: bool = False,
) -> list[Judged]:
    """Each action judged by its mean over sampled ``deals``: ``outcome(deal, i)`` plays action
    ``i`` on a deal and gives its value there, then anything else to tally (averaged, and
    handed to ``describe(i, means)`` for the action's detail). Every action is played on the
    same deals, so its loss against the best is measured deal by deal, and its 95% interval
    is that of the mean of those differences.

    A race, when ``first`` is less than the deals: every action is played on the first
    ``first`` deals (``RACE_FROM`` at the least); there, and each time the deals played
    double, an action clearly worse than the best (its loss above 0 even at the near end of
    its interval) stops, except ``keep``. A stopped action's value is the best's less the loss
    measured on the deals it was played on (never above the best). ``every``: the deals are
    every one there is, so the means are exact: no intervals."""
    n = len(deals)
    if not n:
        raise ValueError("no deals to judge on")
    live = list(range(len(actions)))
    rows: list[list[Sequence[float]]] = [[] for _ in actions]
    stop_at = max(first, RACE_FROM) if 0 < first < n else n
    for k, deal in enumerate(deals):
        for i in live:
            rows[i].append(outcome(deal, i))
        if k + 1 == stop_at and k + 1 < n:
            live = _still_racing(rows, live, actions, keep)
            stop_at *= 2
    best = max(live, key=lambda i: sum(r[0] for r in rows[i]))
    top = [r[0] for r in rows[best]]
    value = sum(top) / n
    out = []
    for i, action in enumerate(actions):
        mine = [r[0] for r in rows[i]]
        m = len(mine)
        tallies = [sum(col) / m for col in zip(*rows[i], strict=True)]
        losses = [b - x for b, x in zip(top, mine, strict=False)]
        loss = sum(losses) / m
        if i in live:
            own = tallies[0]
        else:  # stopped early: the best's value less the loss where both were played
            loss = max(loss, 0.0)
            own = value - loss
        out.append(
            Judged(
                action,
                own,
                describe(i, tallies),
                0.0 if every else half_width(mine),
                0.0 if every or i == best else half_width(losses),
            )
        )
    return out


def _still_racing(
    rows: list[list[Sequence[float]]], live: list[int], actions: Sequence[Any], keep: Any
) -> list[int]:
    """The actions still in the race: the best so far, ``keep``, and those not clearly worse
    than the best (deal by deal)."""
    means = {i: sum(r[0] for r in rows[i]) / len(rows[i]) for i in live}
    best = max(live, key=means.__getitem__)
    top = [r[0] for r in rows[best]]
    out = []
    for i in live:
        losses = [b - r[0] for b, r in zip(top, rows[i], strict=True)]
        behind = means[best] - means[i] - half_width(losses) > 0
        if i == best or actions[i] == keep or not behind:
            out.append(i)
    return out


@dataclass(frozen=True)
class Advice:
    """An expert's judgement of a decision of ``seat``.

    ``options`` judges every legal action; the advice ranks them best first itself (equal
    values keep the order given, so an expert gives its tie-breaks by its order). ``measure``
    names what the values are ("chance to win the race", "expected chips this deal");
    ``percent`` says they are chances (shown as percentages), else ``unit`` is theirs ("₹",
    "$", "chips", "points"); ``exact`` whether they are exact or estimated; ``deals`` how many
    sampled deals they rest on (0: none sampled). ``why`` is one short sentence on why the
    first option is best, with one number and its unit; ``more`` the detail behind it, for
    whoever unfolds it. A choice that loses at least ``costly`` against the best, beyond the
    interval of that loss, is a costly mistake. ``held``: what the mover has already, in the
    values' unit (chips, dollars), so ``held + value`` is where an option leaves him;
    ``holding`` says what that is, in a few words ("your chips at the end of the deal").
    ``unsure``: for values from a model (no deals), how far a loss may be off; a choice whose
    loss lies within that of ``costly`` is ``near_the_line``, and a review looks at it again
    on sampled deals before it marks it. ``sampled`` names the samples ("deals"; India's
    "games played on")."""

    seat: int
    options: tuple[Judged, ...]
    measure: str
    why: str
    costly: float
    exact: bool = False
    percent: bool = False
    unit: str = ""
    deals: int = 0
    more: str = ""
    held: float = 0.0
    holding: str = ""
    unsure: float = 0.0
    sampled: str = "deals"

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("advice needs at least one option")
        ranked = tuple(sorted(self.options, key=lambda o: -o.value))
        object.__setattr__(self, "options", ranked)

    @property
    def best(self) -> Judged:
        """The expert's choice."""
        return self.options[0]

    def judged(self, action: Any) -> Judged:
        """The judgement of ``action``; ``KeyError`` if it was not among the options."""
        for option in self.options:
            if option.action == action:
                return option
        raise KeyError(f"{action} was not an option here")

    def loss(self, action: Any) -> float:
        """How much ``action`` gives up against the expert's choice (0 for an equal option)."""
        return self.best.value - self.judged(action).value

    def is_costly(self, action: Any) -> bool:
        """A costly mistake: ``action`` gives up at least ``costly`` even at the near end of
        the 95% interval of its loss."""
        return self.loss(action) - self.judged(action).loss_interval >= self.costly

    def near_the_line(self, action: Any) -> bool:
        """Whether ``action``, not the best, loses within ``unsure`` of ``costly`` (values
        from a model, not sampled: a review looks again before marking it)."""
        loss = self.loss(action)
        return not self.deals and loss > 0 and abs(loss - self.costly) < self.unsure

    def is_settled(self, action: Any, widen: float = 1.0) -> bool:
        """Whether the interval of ``action``'s loss (its half width times ``widen``) lies on
        one side of ``costly``: a costly mistake, or clearly not one."""
        loss, half = self.loss(action), widen * self.judged(action).loss_interval
        return loss - half >= self.costly or loss + half < self.costly

    def show(self, value: float, sign: bool = True) -> str:
        """A value with its unit: ``62%``, ``+₹13,333``, ``+3.5 chips``, ``−$2.50``
        (``sign=False``: a size, ``₹13,333``)."""
        if self.percent:
            return f"{100 * value:.0f}%"
        size = abs(value)
        if size < 0.05:
            number, size = "0", 0.0
        elif self.unit == "$":
            number = f"{size:,.2f}"
        elif size >= 100 or size == round(size):
            number = f"{size:,.0f}"
        else:
            number = f"{size:.1f}"
        mark = ("−" if value < 0 else "+") if sign and size else ""
        if self.unit in ("₹", "$"):
            return f"{mark}{self.unit}{number}"
        return f"{mark}{number}" + (f" {self.unit}" if self.unit else "")

    def shown(self, option: Judged) -> str:
        """An option with its value: ``enter (40%)``."""
        return f"{option.action} ({self.show(option.value)})"

    def sure(self, option: Judged) -> str:
        """How sure its value is: "exact", or its 95% interval and the sampled deals behind
        it ("±1.1, 95%, 200 deals"); "" for a value neither (a fixed cost)."""
        if self.exact:
            return "exact"
        if not option.interval:
            return ""
        half = self.show(option.interval, sign=False).removesuffix(f" {self.unit}")
        return f"±{half}, 95%" + (f", {self.deals:,} {self.sampled}" if self.deals else "")

    def versus(self, action: Any) -> str:
        """The move played against the best, in one sentence: what it gave up, and how sure."""
        played = self.judged(action)
        loss = self.loss(action)
        if loss <= 0:
            return f"{action}: the expert's choice too"
        gap = self.show(loss, sign=False)
        if not self.percent:
            said = f"{self.best.action} is worth {gap} more than {action}"
        elif gap == "0%":
            said = f"{self.best.action} wins a little more often than {action}"
        else:
            games = "game" if gap == "1%" else "games"
            said = f"{self.best.action} wins {gap[:-1]} more {games} in 100 than {action}"
        if played.loss_interval:
            half = self.show(played.loss_interval, sign=False).removesuffix(f" {self.unit}")
            said += f" (±{half})"
        return said

    def line(self) -> str:
        """The hint: the expert's choice and why, in one sentence."""
        return f"{self.best.action}: {self.why}"

    @property
    def loses_anyway(self) -> bool:
        """Whether even the best choice is expected to lose (its value shows below 0)."""
        return not self.percent and self.show(self.best.value).startswith("−")
