"""A game review, move by move, as a strong engine gives one after a chess game: each of a
player's decisions beside the expert's choice, the value of every option, the costly mistakes
marked, and the player's standing after each decision.

>>> import engine
>>> game = engine.play(engine.new_game("india", players=2, seed=3),
...                    [engine.make_bot("india", "basic"), engine.make_bot("india", "random")])
>>> r = review(game, seats=[1])
>>> r.decisions[0].seat
1

The expert asks ``state.view(seat)`` only, so a review uses nothing the player could not see at
the time. Decisions with one legal action are not reviewed: there was nothing to choose.

The Hint and the review judge a decision alike (``looked``): where the values come from
sampled deals, both ask the expert on ``REVIEW_DEALS[0]`` deals, the same ones (an expert's
deals are seeded by its seed and the move), so the move the Hint names is the best of the
review's first look, and a student who plays it is never marked costly.

A review is not in a hurry: from that first look, it asks the expert
again on more deals (``settled``) until the interval of the move's loss lies clear of the
costly line, or ``REVIEW_DEALS`` is reached; only a loss beyond the line by more than its
interval is marked costly. So two experts of different seeds mark the same moves, where the
first few deals alone would mark different ones. Values from a model, not sampled (India's
learned value), are taken as they come, but for a move whose loss lies within the model's
``Advice.unsure`` of the line: that one is asked again on sampled play before it is marked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import State, from_json, make_bot
from .advice import Advice, Judged

REVIEW_DEALS = (128, 3_200)
"""The fewest and the most sampled deals a review judges a decision on: a few deals can
mislead (one rich trick won or lost weighs heavily), so a sampled decision is judged on at
least 128 before it is settled."""
GROWTH = 4
"""Each time a decision is not yet settled, the review asks for this many times the deals."""
WIDEN = 1.7
"""Before its most deals, a decision is settled only when the interval of its loss widened
this much (from 95% to about 99.9%) lies clear of the costly line: each look at the deals
so far is another chance to stop on a lucky run, and two reviews should stop alike."""


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: the game before it (``move`` actions in), the seat, the action
    played and the expert's ``advice`` on it."""

    move: int
    seat: int
    played: Any
    advice: Advice

    @property
    def judged(self) -> Judged:
        """The expert's judgement of the action played."""
        return self.advice.judged(self.played)

    @property
    def loss(self) -> float:
        """What the action played gave up against the expert's choice."""
        return self.advice.loss(self.played)

    @property
    def costly(self) -> bool:
        """A costly mistake: it gave up at least the advice's ``costly``, beyond the interval."""
        return self.advice.is_costly(self.played)

    @property
    def agreed(self) -> bool:
        """The expert would have played an option worth as much."""
        return self.loss <= 0

    @property
    def standing(self) -> float:
        """Where the move played left the player: what he held plus the value of the move
        (a chance to win, or an expected result in the advice's unit)."""
        return self.advice.held + self.judged.value

    def line(self) -> str:
        """One line of the review: the move, the action played, its value, the expert's."""
        a = self.advice
        played = f"move {self.move}: {a.shown(self.judged)}"
        if self.agreed:
            return f"{played}, as the expert would"
        mark = "costly mistake! " if self.costly else ""
        return f"{played}, {mark}expert: {a.shown(a.best)}"


@dataclass(frozen=True)
class Review:
    """Every reviewed decision of ``seats`` in ``game``, in order; while a review is under
    way (``reviewing``), the decisions judged so far and how many are ``pending``."""

    game: State[Any]
    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    pending: int = 0

    @property
    def mistakes(self) -> list[Decision]:
        """The costly mistakes."""
        return [d for d in self.decisions if d.costly]

    @property
    def measure(self) -> str:
        """What the values measure (from the first decision's advice)."""
        return self.decisions[0].advice.measure if self.decisions else ""

    def summary(self) -> str:
        """How often the expert agreed, and the costly mistakes, in one sentence."""
        n = len(self.decisions)
        if not n and not self.pending:
            return "No decisions to review: every move was forced."
        same = sum(d.agreed for d in self.decisions)
        bad = len(self.mistakes)
        if self.pending:
            total = n + self.pending
            return (
                f"{n} of {total} decisions reviewed so far: the expert agreed with {same}; "
                f"{bad} costly mistake{'s' * (bad != 1)} so far."
            )
        return (
            f"{n} decision{'s' * (n != 1)} reviewed: the expert agreed with {same}; "
            f"{bad} costly mistake{'s' * (bad != 1)}."
        )

    def __str__(self) -> str:
        return "\n".join([self.summary(), *(d.line() for d in self.decisions)])


def coach(game: str, players: Sequence[str] | None = None) -> Any:
    """The game's expert as the coach asks it: told the players seated (``players``, each
    seat's ``engine.bots.kind_of``; every game's expert weighs them), its values are for them,
    a human seat's play assumed as that game's expert says; None: as before (experts at every
    seat in India, the basic bot's play elsewhere)."""
    expert = make_bot(game, "expert")
    if players is not None and hasattr(expert, "players"):
        expert.players = tuple(players)
    return expert


def looked(
    expert: Any, state: State[Any], keep: Any = None, fewest: int = REVIEW_DEALS[0]
) -> Advice:
    """The coach's first look at a decision, the one the Hint shows: the expert's advice, on at
    least ``fewest`` sampled deals when its values are sampled (on its own default deals a rare
    rich layout not yet drawn can rank a costly move first). ``keep``: a review's move played,
    which the expert plays on every deal; for the move this look ranks best it changes nothing
    (that move is never stopped), so a review of the Hint's move finds it the best."""
    advice: Advice = expert.advise(state)
    if advice.deals and advice.deals < fewest:
        advice = expert.advise(state, deals=fewest, keep=keep)
    return advice


def settled(
    expert: Any,
    state: State[Any],
    played: Any,
    deals: tuple[int, int] = REVIEW_DEALS,
    first: Advice | None = None,
) -> Advice:
    """The expert's advice on ``state``, from its first look (``looked``, or ``first`` when
    already made, as the Hint's) asked on ``GROWTH`` times as many sampled deals each time, at
    most ``deals[1]``, until ``played`` is clearly a costly mistake or clearly not; the expert
    plays ``played`` on every deal (``keep``), and at most the expert's ``most_deals`` when
    it has one. Advice not sampled (exact, or from a model) is taken as it comes, unless the
    model's loss for ``played`` lies near the costly line (``Advice.near_the_line``): then it
    is asked on sampled deals as above."""
    fewest, most = deals
    most = min(most, getattr(expert, "most_deals", most))  # an expert that looks no further
    advice = first or looked(expert, state, played, fewest)
    if advice.near_the_line(played):
        advice = expert.advise(state, deals=fewest, keep=played)
    n = advice.deals
    while n and n < most and not advice.is_settled(played, WIDEN):
        n = min(most, max(fewest, GROWTH * n))
        advice = expert.advise(state, deals=n, keep=played)
        n = advice.deals
    return advice


def reviewing(
    game: State[Any] | str | bytes,
    seats: int | Iterable[int] | None = None,
    expert: Any = None,
    looks: Mapping[int, Advice] | None = None,
) -> Iterator[Review]:
    """A review as it grows, decision by decision, to show each row as soon as it is ready:
    first the review with nothing judged yet (every decision ``pending``), then after each
    decision is settled the review with one more; the last is the whole review. The
    arguments are ``review``'s."""
    if isinstance(game, (str, bytes)):
        game = from_json(game)
    if seats is None:
        chosen = tuple(range(game.num_players))
    else:
        chosen = (seats,) if isinstance(seats, int) else tuple(sorted(set(seats)))
        for seat in chosen:
            game.check_seat(seat)
    expert = expert or make_bot(game.game, "expert")
    state, todo = game.at(0), []
    for move, action in enumerate(game.history):
        mover = state.current_player
        if mover is not None and mover in chosen and len(state.legal_actions()) > 1:
            todo.append((move, mover, action, state))
        state = state.apply(action)
    decisions: list[Decision] = []
    yield Review(game, chosen, (), len(todo))
    for move, seat, action, before in todo:
        first = (looks or {}).get(move)
        if first is not None and first.best.action != action:
            first = None
        decisions.append(Decision(move, seat, action, settled(expert, before, action, first=first)))
        yield Review(game, chosen, tuple(decisions), len(todo) - len(decisions))


def review(
    game: State[Any] | str | bytes,
    seats: int | Iterable[int] | None = None,
    expert: Any = None,
    on_decision: Callable[[int, int], None] | None = None,
    looks: Mapping[int, Advice] | None = None,
) -> Review:
    """Review ``game`` (a state, or a saved game's JSON text): every decision of ``seats``
    (default: every seat) that had a choice, judged by ``expert`` (default: the game's
    ``expert`` bot) until settled. ``on_decision(done, total)`` follows the progress.
    ``looks``: first looks already made by this expert (the Hints shown), by move; one is
    taken where its best is the move played (for another move the review looks again,
    keeping that move on every deal)."""
    steps = reviewing(game, seats, expert, looks)
    r = next(steps)
    for r in steps:
        if on_decision:
            on_decision(len(r.decisions), len(r.decisions) + r.pending)
    return r
