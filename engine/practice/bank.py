"""The puzzle bank's shared part: a puzzle, how one is found in seeded bot games, and how its
position is stripped of what the seat could not see.

A puzzle's position is the engine's own save (``engine.from_json`` loads it), but not the
game it came from: every card the seat has not seen is dealt again in one fixed order (the
unseen cards sorted, on the deck places they held) and the seed is 0, so the save tells no
more than the seat's view (but for one thing: with two packs, where the twin of a card the seat
has seen lies). The re-dealt game is replayed through the rules and kept only if
the seat saw exactly the same things in it (every event, and the view at the end).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import CHANCE, MAX_SEED, State
from ..seat import Onlookers
from ..values import Shuffle, decode, encode

KINDS_VERSION = 1
"""Changes whenever the bank's file format changes (a shipped bank of another version is made
afresh). A change in one game's kinds remakes that game's file (``python -m engine.practice
GAME``); the slow test checks every shipped file against a fresh making."""


@dataclass(frozen=True)
class Found:
    """A decision a game's module found in a position: its kind, the question, the answer
    (an action, or a whole number), why, and how hard (1 easy to 5 hard)."""

    kind: str
    question: str
    answer: Any
    why: str
    difficulty: int


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: a seat's decision with one certain answer. ``position`` is the save JSON
    (``engine.from_json``); ``answer`` is an action's JSON (a dict) or a whole number."""

    id: str
    game: str
    kind: str
    seat: int
    position: str
    question: str
    answer: Any
    why: str
    difficulty: int

    def state(self) -> State[Any]:
        """The position, replayed through the rules. Not by ``engine.from_json`` where a
        teacher's save key is set (``TABLETOP_SAVE_KEY``): the key guards students' saves,
        and the shipped bank's positions are the package's own, unsigned."""
        from .. import GAMES

        data = json.loads(self.position)
        game = GAMES[data["game"]]
        state: State[Any] = game.new(data["players"], data["seed"], **data["options"])
        for action in decode(data["history"], game.kinds()):
            state = state.apply(action)
        return state

    def is_action(self) -> bool:
        """Whether the answer is an action (given by a click) rather than a number."""
        return isinstance(self.answer, dict)

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "seat": self.seat,
            "position": self.position,
            "question": self.question,
            "answer": self.answer,
            "why": self.why,
            "difficulty": self.difficulty,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Puzzle:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__})


Finder = Callable[[State[Any], int], list[Found]]
"""A game's finder: the puzzles in a position for the seat to move (often none)."""
Code = Callable[[Any], str]
"""A game's card (a deck's entry in a ``Shuffle``) -> the text its views show it as."""
Seen = Callable[[dict[str, Any]], list[str]]
"""A game's view -> every card in it, as text, once per copy shown."""


@dataclass(frozen=True)
class GameKinds:
    """What the bank needs of one game: its finder, how its cards read, who plays."""

    game: str
    find: Finder
    code: Code
    seen: Seen
    players: int
    level: str = "basic"
    every: int = 1
    """Look for a puzzle at most once in this many decisions of a seat (variety)."""


def grade(gap: Any, edges: Sequence[Any]) -> int:
    """A difficulty from how far the best answer stands from the next (or from the line
    between two answers): 5 under the first of the four ``edges``, 1 past the last."""
    return 5 - sum(1 for edge in edges if gap >= edge)


def answer_data(answer: Any) -> Any:
    """An answer as JSON data: an action's ``encode``d form, or the whole number itself."""
    if isinstance(answer, bool) or not isinstance(answer, int):
        return encode(answer)
    return answer


def game_seed(seed: int, k: int) -> int:
    """The seed of the ``k``-th game of a bank made from ``seed``."""
    digest = hashlib.sha256(f"practice {seed} {k}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def generate(kinds: GameKinds, seed: int, count: int) -> list[Puzzle]:
    """``count`` puzzles of one game from seeded games of its bots (the same seed, the same
    puzzles)."""
    from .. import make_bot, new_game

    out: list[Puzzle] = []
    k = 0
    while len(out) < count:
        gseed = game_seed(seed, k)
        state: State[Any] = new_game(kinds.game, players=kinds.players, seed=gseed)
        bots = [make_bot(kinds.game, kinds.level, seed=gseed + s) for s in range(kinds.players)]
        decisions = 0
        while not state.is_terminal() and len(out) < count:
            seat = state.current_player
            assert seat is not None
            if seat == CHANCE:
                state = state.apply(state.sample_chance())
                continue
            decisions += 1
            if decisions % kinds.every == 0:
                out.extend(_puzzles_at(kinds, state, seat, f"{kinds.game}-{seed}-{k}"))
            state = state.apply(bots[seat].choose(state))
        k += 1
    return out[:count]


def _puzzles_at(kinds: GameKinds, state: State[Any], seat: int, name: str) -> list[Puzzle]:
    found = kinds.find(state, seat)
    if not found:
        return []
    hidden = hide(state, seat, kinds.code, kinds.seen)
    if hidden is None:
        return []
    position = hidden.to_json()
    return [
        Puzzle(
            id=f"{name}-{len(state.history)}-{f.kind}",
            game=kinds.game,
            kind=f.kind,
            seat=seat,
            position=position,
            question=f.question,
            answer=answer_data(f.answer),
            why=f.why,
            difficulty=f.difficulty,
        )
        for f in found
    ]


def hide(
    state: State[Any], seat: int, code: Code, seen: Seen, twin: random.Random | None = None
) -> State[Any] | None:
    """``state`` with every card ``seat`` has not seen dealt again in a fixed order, and seed
    0; None if that game does not look the same to ``seat`` (then no puzzle is made of it).
    With ``twin`` the unseen cards are shuffled by it instead (a test's twin game)."""
    history = list(state.history)
    shuffles = [i for i, a in enumerate(history) if isinstance(a, Shuffle)]
    if shuffles:
        replay = state.at(0)
        counts: list[Counter[str]] = [Counter() for _ in shuffles]
        part = -1
        for i, action in enumerate(history):
            if part + 1 < len(shuffles) and i == shuffles[part + 1]:
                part += 1
            replay = replay.apply(action)
            if part >= 0:
                shown = Counter(seen(dict(replay.view(seat))))
                counts[part] |= shown  # the most copies of each card seen at once
        for part, i in enumerate(shuffles):
            history[i] = Shuffle(_redealt(history[i].cards, counts[part], code, twin))
    try:
        redealt = type(state).new(state.num_players, 0, **state.options)
        for action in history:
            redealt = redealt.apply(action)
    except ValueError:  # an action the re-dealt cards make illegal: no puzzle here
        return None
    return redealt if looks_same(state, redealt, seat) else None


def _redealt(
    cards: Sequence[Any], seen: Counter[str], code: Code, twin: random.Random | None
) -> tuple[Any, ...]:
    """The deck with the cards not seen sorted onto the places they held. Every copy of a
    card seen stays where it is (of two copies, which one the seat saw the deck alone cannot
    tell: two-pack rummy keeps where the twin of a card you have seen lies)."""
    free = [i for i, card in enumerate(cards) if seen[code(card)] == 0]
    moved = sorted((cards[i] for i in free), key=code)
    if twin is not None:
        twin.shuffle(moved)
    out = list(cards)
    for i, card in zip(free, moved, strict=True):
        out[i] = card
    return tuple(out)


def looks_same(a: State[Any], b: State[Any], seat: int) -> bool:
    """Whether ``seat`` saw the same in both games: every event, and its view now."""
    if len(a.history) != len(b.history) or a.view(seat) != b.view(seat):
        return False
    return Onlookers(a).events_of(seat) == Onlookers(b).events_of(seat)


def picture(state: State[Any], seat: int) -> str:
    """What a puzzle shows: the seat's view and every event as it saw them, as JSON text."""
    events = [e.__dict__ for e in Onlookers(state).events_of(seat)]
    return json.dumps({"view": state.view(seat), "events": events}, default=list, sort_keys=True)


def sample(puzzles: Sequence[Puzzle], every: int) -> Iterator[Puzzle]:
    """Every ``every``-th puzzle (a test checks a sample of a slow kind)."""
    return iter(puzzles[::every])
