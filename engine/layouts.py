"""Dealing out the cards a seat has not seen, as its view allows: each card to one of the places
it may lie (another player's hand, the widow, the dead hand, face-down discards), every place
filled to its size. The Rupees and Michigan experts judge their options on such *layouts*.

>>> import random
>>> deal = Unseen("abc", [2, 1], [[0], [0, 1], [0, 1]])  # "a" may lie in place 0 only
>>> sorted(deal.every(10))
[[['a', 'b'], ['c']], [['a', 'c'], ['b']]]
>>> deal.sample(random.Random(1))[0][0] in "abc"
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:  # numpy is imported by ``draws`` alone: Michigan's expert never asks it
    import numpy as np
    import numpy.typing as npt

C = TypeVar("C", bound=Hashable)
Layout = list[list[C]]
"""The cards in each place, in the order of the places."""

ENUMERATE = 5_000
"""Layouts are listed one by one only when at most this many exist without the constraints."""
TRIES = 50
"""Random layouts tried before a search (a dead end: a card with no place left for it)."""


class Unseen(Generic[C]):
    """The unseen ``cards`` (equal cards may repeat: two decks), the ``rooms`` of the places
    they lie in, and for each card the places that may hold it (``allowed[k]``, default any).
    ``exists``: a layout keeping every constraint surely exists (the real deal is one);
    otherwise a view that no layout fits (a player's slip the rules let pass) is dealt as
    though it said nothing of where the cards lie."""

    def __init__(
        self,
        cards: Sequence[C],
        rooms: Sequence[int],
        allowed: Sequence[Sequence[int]] | None = None,
        exists: bool = True,
    ) -> None:
        if sum(rooms) != len(cards):
            raise ValueError(f"{len(cards)} unseen cards for {sum(rooms)} places")
        self.cards, self.rooms, self.exists = list(cards), list(rooms), exists
        every_place = list(range(len(rooms)))
        self.allowed = [list(a) for a in allowed] if allowed is not None else None
        self._places = self.allowed or [every_place] * len(self.cards)
        self._choices = [len(p) for p in self._places]
        anywhere = len(self.rooms)
        self._tied = [k for k, n in enumerate(self._choices) if n < anywhere]
        """The cards (their indices) some place may not hold, and those any place may:
        ``draw``."""
        self._loose = [k for k, n in enumerate(self._choices) if n == anywhere]
        self._classes = [
            [k for k in self._tied if self._choices[k] == n]
            for n in sorted({self._choices[k] for k in self._tied})
        ]
        """The tied cards by how many places may hold them, the fewest first: ``draws``."""

    def ways(self) -> int:
        """How many layouts there are without the constraints (a multinomial)."""
        out, n = 1, 0
        for room in self.rooms:
            n += room
            out *= math.comb(n, room)
        return out

    def every(self, most: int) -> list[Layout[C]] | None:
        """Every layout the constraints allow, each once, if there are at most ``most``
        (and at most ``ENUMERATE`` without the constraints); else None."""
        if self.ways() > ENUMERATE:
            return None
        found = list(itertools.islice(self._search(self.cards, self._places), most + 1))
        return found if len(found) <= most else None

    def deal(self, count: int, rng: random.Random, every: int = 0) -> tuple[list[Layout[C]], bool]:
        """All the layouts if there are at most ``every`` (and whether that was so: then an
        average over them is exact), else ``count`` drawn at random."""
        found = self.every(every) if every else None
        if found:
            return found, True
        return [self.sample(rng) for _ in range(count)], False

    def sample(self, rng: random.Random) -> Layout[C]:
        """A random layout: the cards in random order, the most constrained first, each to a
        place that may hold it, chosen in proportion to the room left there (with no
        constraints, every layout equally likely). Tried again at a dead end; after
        ``TRIES``, the first layout a search finds from a shuffled order."""
        cards, choices = self.cards, self._choices
        for _ in range(TRIES):
            order = list(range(len(cards)))
            rng.shuffle(order)
            order.sort(key=choices.__getitem__)
            room = self.rooms[:]
            out: Layout[C] = [[] for _ in room]
            if self._placed(order, room, out, rng.randrange):
                return out
        return self._searched(rng)

    def draw(self, rng: random.Random) -> Layout[C]:
        """A random layout with ``sample``'s chances, drawn faster: the cards bound to some
        places are placed as ``sample`` places them, then those that may lie anywhere are
        shuffled into the room left (every way as likely, as ``sample``'s one by one), every
        choice from one uniform draw. Other layouts than ``sample``'s from the same stream."""
        rooms, uniform = self.rooms, rng.random
        tied, loose = self._tied, [self.cards[k] for k in self._loose]

        def below(n: int) -> int:
            return int(uniform() * n)

        for _ in range(TRIES):
            order = sorted(tied, key=lambda _: uniform())
            order.sort(key=self._choices.__getitem__)
            room = rooms[:]
            out: Layout[C] = [[] for _ in room]
            if self._placed(order, room, out, below):
                shuffled = sorted(loose, key=lambda _: uniform())
                start = 0
                for place, left in zip(out, room, strict=True):
                    place += shuffled[start : start + left]
                    start += left
                return out
        return self._searched(rng)

    def draws(self, gen: np.random.Generator, count: int) -> npt.NDArray[np.int64]:
        """``count`` layouts at once with ``draw``'s chances (numpy, from ``gen``): row b,
        column k, the place of card k in the b-th layout. A row that met a dead end (no room
        left for a card) is left out, as ``draw`` tries again: the rows kept have ``draw``'s
        chances of a layout that met none (``draw`` searches after ``TRIES`` dead ends in a
        row; here a caller given no row at all draws one by one)."""
        import numpy as np

        places = len(self.rooms)
        allowed = np.zeros((places, len(self.cards)), dtype=np.int64)
        for k, ways in enumerate(self._places):
            allowed[ways, k] = 1
        rows = np.arange(count)
        where = np.zeros((count, len(self.cards)), dtype=np.int64)
        room = np.tile(np.array(self.rooms, dtype=np.int64), (count, 1))
        alive = np.ones(count, dtype=bool)
        for same in self._classes:  # the least free first, in random order within each class
            members = np.array(same, dtype=np.int64)
            sets = {tuple(self._places[k]) for k in members}
            if len(sets) == 1:  # one set of places for the whole class: placed at once
                alive &= self._spread(members, list(sets.pop()), room, where, gen)
                continue
            order = members[np.argsort(gen.random((count, len(members))), axis=1)]
            free = room.T.copy()  # place by place (each a row): faster along the layouts
            for k, uniform in zip(order.T, gen.random((len(members), count)), strict=True):
                cum = np.cumsum(free * allowed[:, k], axis=0)  # each row's next card: to a
                left = cum[-1]  # place in proportion to its room
                dead = left <= 0
                alive &= ~dead
                pick = (uniform * left).astype(np.int64)
                place = np.minimum((cum <= pick).sum(axis=0), places - 1)
                where[rows, k] = place
                free[place, rows] -= ~dead
            room = free.T.copy()
        loose = np.array(self._loose, dtype=np.int64)
        if len(loose):  # the cards any place may hold, shuffled into the room left, in order
            shuffled = gen.permuted(np.tile(loose, (count, 1)), axis=1)
            room[~alive] = 0  # (a row left out: any room that fills it)
            room[~alive, 0] = len(loose)
            at = np.repeat(np.tile(np.arange(places), count), room.ravel()).reshape(count, -1)
            where[rows[:, None], shuffled] = at
        return where[alive]

    def _spread(
        self,
        members: npt.NDArray[np.int64],
        ways: list[int],
        room: npt.NDArray[np.int64],
        where: npt.NDArray[np.int64],
        gen: np.random.Generator,
    ) -> npt.NDArray[np.bool_]:
        """``draws``' placing of ``members``, cards that the same places (``ways``) may hold,
        for every row at once: card after card, each to a place in proportion to its room
        left, is each to a free seat among those places, none taken twice, every way alike; so
        the cards take the seats with the smallest of random keys (in the keys' order). Fills
        ``where`` and ``room``; whether each row had room for them all."""
        import numpy as np

        count, most = len(room), max(self.rooms)
        if len(members) > len(ways) * most:  # more cards than those places hold in any row
            return np.zeros(count, dtype=bool)
        free = np.arange(most)[None, None, :] < room[:, ways][:, :, None]  # row, place, seat
        keys = np.where(free, gen.random(free.shape), 2.0).reshape(count, -1)
        chosen = np.argpartition(keys, len(members) - 1, axis=1)[:, : len(members)]
        chosen = np.take_along_axis(
            chosen, np.argsort(np.take_along_axis(keys, chosen, axis=1), axis=1), axis=1
        )
        place = np.array(ways, dtype=np.int64)[chosen // most]
        where[:, members] = place
        ok: npt.NDArray[np.bool_] = free.sum(axis=(1, 2)) >= len(members)
        for i in ways:
            room[:, i] -= (place == i).sum(axis=1) * ok
        return ok

    def _placed(
        self, order: list[int], room: list[int], out: Layout[C], below: Callable[[int], int]
    ) -> bool:
        """Place the cards ``order`` lists, each to a place that may hold it in proportion to
        the ``room`` left there (into ``out``; ``below(n)``: a random whole number under n);
        False at a dead end."""
        cards, places = self.cards, self._places
        for k in order:
            ways = places[k]
            left = 0
            for i in ways:
                left += room[i]
            if not left:
                return False
            pick = below(left)
            for i in ways:  # a full place takes nothing from ``pick``: never chosen
                pick -= room[i]
                if pick < 0:
                    break
            out[i].append(cards[k])
            room[i] -= 1
        return True

    def _searched(self, rng: random.Random) -> Layout[C]:
        """After ``TRIES`` dead ends: the first layout a search finds from a shuffled order
        (with no layout that keeps the constraints, one that keeps none)."""
        cards, places = self.cards, self._places
        if not self.exists:
            return Unseen(cards, self.rooms).sample(rng)
        order = list(range(len(cards)))
        rng.shuffle(order)
        return next(self._search([cards[k] for k in order], [places[k] for k in order]))

    def _search(self, cards: Sequence[C], places: Sequence[list[int]]) -> Iterator[Layout[C]]:
        """Every layout of ``cards`` (``places[k]``: where card k may lie), each once: equal
        cards are not told apart."""
        rooms = self.rooms

        def fill(i: int, left: tuple[int, ...]) -> Iterator[Layout[C]]:
            if i == len(rooms):
                yield []
                return
            fits = [k for k in left if i in places[k]]
            seen = set()
            for chosen in itertools.combinations(fits, rooms[i]):
                these = tuple(cards[k] for k in chosen)
                if these in seen:  # identical cards (two decks): the same layout
                    continue
                seen.add(these)
                rest = tuple(k for k in left if k not in chosen)
                for tail in fill(i + 1, rest):
                    yield [list(these), *tail]

        return fill(0, tuple(range(len(cards))))
