"""Melds and the exact meld solver of 13-card Indian Rummy: what a group of cards is
(``meld_kind``), what a hand arranged by hand counts (``count_of``), and the best arrangement of
a hand (``best_arrangement``), found by an exact bitmask search.

A *sequence* is 3+ consecutive cards of one suit (ace low or high, never both), *pure* without a
joker, *impure* with exactly one; a *set* is 3 or 4 cards of one rank in different suits, or 2-3
of them and one joker; three identical cards (three packs) are a pure sequence. A hand has both
*lives* with two sequences, one pure, one of them 4+ cards long (``four_card_life``); its count
is then its unmelded cards, else every card, capped at 80.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.cards import RANKS, SUITS, Card

from .cards import RANK_NUMBER, by_suit, card_cost, points

CAP = 80


def meld_kind(cards: Sequence[Card], wild_rank: str | None) -> str | None:
    """What a group of cards is: ``"pure"`` or ``"impure"`` sequence, ``"set"``, or None.

    Tries every role of the wild cards (as themselves or as jokers); printed jokers are always
    jokers. A group that can be pure is pure.

    >>> from engine.cards import parse
    >>> meld_kind(parse("4H 5H 6H"), "5"), meld_kind(parse("4H JK 6H"), "5")
    ('pure', 'impure')
    >>> meld_kind(parse("QS KS AS"), "2"), meld_kind(parse("KS AS 2S"), "9")
    ('pure', None)
    >>> meld_kind(parse("7S 7H 5D"), "5"), meld_kind(parse("7S 7S 7H"), "5")
    ('set', None)
    """
    cards = list(cards)
    if len(cards) < 3:
        return None
    flexible = [k for k, c in enumerate(cards) if c.rank == wild_rank and not c.is_joker]
    found: set[str] = set()
    for roles in range(1 << len(flexible)):
        as_joker = {flexible[b] for b in range(len(flexible)) if roles >> b & 1}
        naturals = [c for k, c in enumerate(cards) if not c.is_joker and k not in as_joker]
        kind = _natural_meld(naturals, len(cards) - len(naturals))
        if kind:
            found.add(kind)
    for kind in ("pure", "impure", "set"):
        if kind in found:
            return kind
    return None


def _natural_meld(naturals: list[Card], jokers: int) -> str | None:
    size = len(naturals) + jokers
    if jokers > 1 or not naturals:
        return None
    ranks = [RANK_NUMBER[c.rank] for c in naturals]
    suits = {c.suit for c in naturals}
    if jokers == 0 and size == 3 and len(set(naturals)) == 1:
        return "pure"  # three identical cards (three packs)
    if len(set(ranks)) == 1 and len(suits) == len(naturals) and size in (3, 4):
        return "set" if len(naturals) >= 2 else None
    if len(suits) == 1 and len(set(ranks)) == len(ranks) and len(naturals) >= 2:
        for spread in (ranks, [14 if r == 1 else r for r in ranks]):
            if max(spread) - min(spread) + 1 <= size <= 13:
                return "impure" if jokers else "pure"
    return None


@dataclass(frozen=True)
class Meld:
    """A group laid down at a show: ``kind`` is "pure", "impure" or "set"; a sequence's cards
    run low to high with its joker where it stands in."""

    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(map(str, self.cards))}"


@dataclass(frozen=True)
class Arrangement:
    """The best arrangement of a hand.

    ``count`` is what the hand loses: the unmelded cards when it has both lives, else every card,
    capped at 80. ``melds`` are its groups (when it lacks the lives, the groups that leave the
    fewest points loose, as a guide), ``loose`` the cards left over, ``spare`` the jokers laid
    aside. ``deadwood`` is the points of ``loose``; ``lives`` whether the melds hold First and
    Second Life; ``valid_show`` whether the hand may be declared (lives and nothing loose).
    """

    melds: tuple[Meld, ...]
    loose: tuple[Card, ...]
    spare: tuple[Card, ...]
    count: int
    deadwood: int
    lives: bool
    valid_show: bool
    wild_rank: str

    @property
    def key(self) -> tuple[bool, int]:
        """How close the hand is to a show, lower better: having the lives first, then the
        points left loose."""
        return (not self.lives, self.deadwood)

    def groups(self) -> list[tuple[Card, ...]]:
        """Melds, then the spare jokers and the loose cards as one group each (if any)."""
        out = [m.cards for m in self.melds]
        return out + [g for g in (self.spare, self.loose) if g]

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.melds]
        if self.spare:
            parts.append(f"[spare {' '.join(map(str, self.spare))}]")
        if self.loose:
            parts.append(f"loose {' '.join(map(str, self.loose))}")
        show = "valid show" if self.valid_show else ("lives" if self.lives else "no lives")
        return f"{' '.join(parts)}: count {self.count} ({show})"

    def __repr__(self) -> str:
        return f"<arrangement {self}>"


def count_of(
    groups: Iterable[Sequence[Card]], wild_rank: str, *, four_card_life: bool = True
) -> tuple[int, bool]:
    """``(count, valid show)`` for cards arranged by hand into ``groups``: the groups that are
    melds count as melded, every other card is loose (jokers cost 0). Without both lives every
    card counts; the count stops at 80.

    >>> from engine.cards import parse
    >>> count_of([parse("AH 2H 3H 4H"), parse("9S 10S JK"), parse("KD KC KH"), parse("2C")], "5")
    (2, False)
    """
    melds: list[tuple[str, int]] = []
    loose: list[Card] = []
    for g in groups:
        kind = meld_kind(g, wild_rank)
        if kind:
            melds.append((kind, len(g)))
        else:
            loose.extend(g)
    seqs = [(kind, n) for kind, n in melds if kind != "set"]
    pure = [n for kind, n in seqs if kind == "pure"]
    lives = len(seqs) >= 2 and bool(pure) and (not four_card_life or max(n for _, n in seqs) >= 4)
    every = [c for g in groups for c in g]
    counted = loose if lives else every
    total = sum(card_cost(c, wild_rank) for c in counted)
    return min(CAP, total), lives and total == 0


# Feature of an arrangement, as one small number: sequences (0, 1, 2+), a pure one, a long one.
def _feature(seqs: int, pure: bool, long: bool) -> int:
    return min(seqs, 2) + 3 * pure + 6 * long


_COMBINE = [
    [
        _feature(a % 3 + b % 3, bool(a // 3 % 2 or b // 3 % 2), bool(a // 6 or b // 6))
        for b in range(12)
    ]
    for a in range(12)
]
_ABOVE = [
    [a % 3 >= b % 3 and a // 3 % 2 >= b // 3 % 2 and a // 6 >= b // 6 for b in range(12)]
    for a in range(12)
]
"""``_ABOVE[a][b]``: class ``a`` has at least everything class ``b`` has."""
_LOOSE, _SET, _PURE, _IMPURE = range(4)

_Meld = tuple[int, tuple[int, ...]]
"""A meld found for the search: its kind (``_SET``, ``_PURE``, ``_IMPURE``) and its card bits in
order."""
_Entry = tuple[int, int, int, tuple[int, ...], int]
"""The best way to play a set of free cards for one feature class: (least deadwood, bits of the
first group, its kind, its order, feature class of the rest)."""


def _has_lives(f: int, four_card_life: bool) -> bool:
    return f % 3 == 2 and f // 3 % 2 == 1 and (f // 6 == 1 or not four_card_life)


class _Solver:
    """Exact search for the best arrangement. Cards take one bit each: the non-wild naturals
    (sorted by suit, then rank), then the wild cards, then the printed jokers. From a set of
    cards left, the lowest natural is either loose or in one meld with later cards; each answer
    is remembered by the bits left, for every feature class. A natural that no meld of the
    whole hand can hold (no card of its suit within two ranks, none of its rank) is loose
    from the start."""

    def __init__(self, cards: Sequence[Card], wild_rank: str) -> None:
        wild = [c for c in cards if c.rank == wild_rank and not c.is_joker]
        nat = [c for c in cards if c.rank != wild_rank and not c.is_joker]
        nat.sort(key=by_suit)
        wild.sort(key=lambda c: SUITS.index(c.suit))
        self.cards = nat + wild + [c for c in cards if c.is_joker]
        self.nat_mask = (1 << len(nat)) - 1
        self.wild_rank, self.wild_number = wild_rank, RANK_NUMBER[wild_rank]
        self.at: dict[tuple[str, int], list[int]] = {}  # (suit, 1..14) -> natural bits
        for k, c in enumerate(nat):
            n = RANK_NUMBER[c.rank]
            self.at.setdefault((c.suit, n), []).append(k)
            if n == 1:
                self.at.setdefault((c.suit, 14), []).append(k)
        self.wild_bits: dict[str, list[int]] = {}
        for k, c in enumerate(wild, start=len(nat)):
            self.wild_bits.setdefault(c.suit, []).append(k)
            for n in (self.wild_number, 14) if self.wild_number == 1 else (self.wild_number,):
                self.at.setdefault((c.suit, n), []).append(k)
        self.printed = list(range(len(nat) + len(wild), len(self.cards)))
        self.joker_mask = ((1 << len(self.cards)) - 1) & ~self.nat_mask
        self.cost = [points(c) for c in nat]
        self.memo: dict[int, dict[int, _Entry]] = {}
        self.melded_memo: dict[int, frozenset[int]] = {}

    @staticmethod
    def _first(indices: Iterable[int], free: int) -> int:
        for k in indices:
            if free >> k & 1:
                return k
        return -1

    def _jokers(self, free: int) -> list[int]:
        """Joker cards worth trying: a printed joker if any is left (using one never costs a
        choice), else the first wild card of each suit."""
        k = self._first(self.printed, free)
        if k >= 0:
            return [k]
        firsts = (self._first(ks, free) for ks in self.wild_bits.values())
        return [k for k in firsts if k >= 0]

    def isolated(self, i: int) -> bool:
        """No meld of the whole hand can hold natural ``i``."""
        card = self.cards[i]
        rank = RANK_NUMBER[card.rank]
        if any(self.at.get((t, rank)) for t in SUITS if t != card.suit):
            return False
        if len(self.at[(card.suit, rank)]) >= 3:
            return False
        near = {rank + d for d in (-2, -1, 1, 2)} | ({12, 13} if rank == 1 else set())
        return not any(self.at.get((card.suit, q)) for q in near if 1 <= q <= 14)

    # -- what one card may join
    def melds_with(self, i: int, free: int) -> dict[int, _Meld]:
        """Every meld holding card ``i`` and other free cards: bits -> (kind, order)."""
        card = self.cards[i]
        suit, rank = card.suit, RANK_NUMBER[card.rank]
        out: dict[int, _Meld] = {}
        me = 1 << i
        free &= ~me
        jokers = free & self.joker_mask
        # sets: other suits of this rank, plus at most one joker
        others = [self._first(self.at.get((t, rank), ()), free) for t in SUITS if t != suit]
        others = [k for k in others if k >= 0]
        for pick in range(1, 1 << len(others)):
            chosen = [others[b] for b in range(len(others)) if pick >> b & 1]
            bits = me
            for k in chosen:
                bits |= 1 << k
            if len(chosen) >= 2:
                out[bits] = (_SET, (i, *chosen))
            elif jokers:
                for j in self._jokers(free & ~bits):
                    out[bits | 1 << j] = (_SET, (i, *chosen, j))
        # three identical cards
        same = [k for k in self.at[(suit, rank)] if free >> k & 1 and k < len(self.cost)]
        if len(same) >= 2:
            out[me | 1 << same[0] | 1 << same[1]] = (_PURE, (i, same[0], same[1]))
        # sequences through this card's place (ace low, or ace high at 14)
        for pos in (1, 14) if rank == 1 else (rank,):
            self._sequences(i, suit, pos, free, 1 if jokers else 0, out)
        return out

    def _sequences(
        self, i: int, suit: str, pos: int, free: int, spare: int, out: dict[int, _Meld]
    ) -> None:
        def natural(q: int) -> int:
            return self._first(self.at.get((suit, q), ()), free)

        have = {pos: i}
        lo, missing = pos, 0
        while lo > 1 and pos - lo < 12:
            k = natural(lo - 1)
            if k < 0:
                if missing == spare:
                    break
                missing += 1
            have[lo - 1] = k
            lo -= 1
        hi, missing = pos, 0
        while hi < 14 and hi - pos < 12:
            k = natural(hi + 1)
            if k < 0:
                if missing == spare:
                    break
                missing += 1
            have[hi + 1] = k
            hi += 1
        if hi - lo < 2:
            return
        for a in range(lo, pos + 1):
            for b in range(max(pos, a + 2), min(hi, a + 12) + 1):
                gaps = [q for q in range(a, b + 1) if have[q] < 0]
                if len(gaps) > spare:
                    continue
                bits = 0
                for q in range(a, b + 1):
                    if q not in gaps:
                        bits |= 1 << have[q]
                if not gaps:
                    order = tuple(have[q] for q in range(a, b + 1))
                    if out.get(bits, (_IMPURE,))[0] != _SET:
                        out[bits] = (_PURE, order)
                    if not spare:
                        continue
                    holes = [q for q in range(a, b + 1) if q != pos]
                else:
                    holes = gaps
                for q in holes:
                    rest = bits & ~(1 << have[q]) if have[q] >= 0 else bits
                    for j in self._jokers(free & ~rest):
                        order = tuple(j if p == q else have[p] for p in range(a, b + 1))
                        key = rest | 1 << j
                        if key not in out:
                            out[key] = (_IMPURE, order)

    # -- the search
    def solve(self, free: int) -> dict[int, _Entry]:
        """Feature class -> (least deadwood, meld bits, kind, order, feature of the rest)."""
        got = self.memo.get(free)
        if got is not None:
            return got
        low = free & self.nat_mask
        if not low:
            got = self._triples(free)
        else:
            i = (low & -low).bit_length() - 1
            got = {}
            options: list[tuple[int, int, tuple[int, ...], int]]
            options = [(1 << i, _LOOSE, (i,), self.cost[i])]
            options += [(b, k, o, 0) for b, (k, o) in self.melds_with(i, free).items()]
            for bits, kind, order, cost in options:
                sequence = kind in (_PURE, _IMPURE)
                mine = _feature(1, kind == _PURE, len(order) >= 4) if sequence else 0
                row = _COMBINE[mine]
                for f, entry in self.solve(free & ~bits).items():
                    total = entry[0] + cost
                    g = row[f]
                    best = got.get(g)
                    if best is None or total < best[0]:
                        got[g] = (total, bits, kind, order, f)
            if len(got) > 1:
                got = {
                    f: e
                    for f, e in got.items()
                    if not any(g != f and _ABOVE[g][f] and d[0] <= e[0] for g, d in got.items())
                }
        self.memo[free] = got
        return got

    def _triples(self, free: int) -> dict[int, _Entry]:
        """With only jokers left: three identical wild cards (three packs) still make a pure
        sequence, which can matter for the lives."""
        triples = [ks for ks in self.wild_bits.values() if sum(free >> k & 1 for k in ks) >= 3]
        got: dict[int, _Entry] = {0: (0, 0, _LOOSE, (), 0)}
        if triples:
            order = tuple(k for k in triples[0] if free >> k & 1)[:3]
            bits = sum(1 << k for k in order)
            for f, entry in self._triples(free & ~bits).items():
                g = _COMBINE[_feature(1, True, False)][f]
                got.setdefault(g, (entry[0], bits, _PURE, order, f))
        return got

    def melded(self, free: int) -> frozenset[int]:
        """The feature classes of the ways to meld every natural card in ``free`` (jokers may
        be left spare): the search of ``solve`` without the choice to leave a card loose."""
        got = self.melded_memo.get(free)
        if got is not None:
            return got
        low = free & self.nat_mask
        if not low:
            got = frozenset(self._triples(free))
        else:
            i = (low & -low).bit_length() - 1
            reach: set[int] = set()
            for bits, (kind, order) in self.melds_with(i, free).items():
                sequence = kind in (_PURE, _IMPURE)
                row = _COMBINE[_feature(1, kind == _PURE, len(order) >= 4) if sequence else 0]
                reach.update(row[f] for f in self.melded(free & ~bits))
            got = frozenset(reach)
        self.melded_memo[free] = got
        return got

    def valid_show(self, four_card_life: bool) -> bool:
        """Whether every natural card melds with both lives (a show with nothing loose)."""
        if any(self.isolated(i) for i in range(len(self.cost))):
            return False
        everything = (1 << len(self.cards)) - 1
        return any(_has_lives(f, four_card_life) for f in self.melded(everything))

    def arrangement(self, four_card_life: bool) -> Arrangement:
        everything = (1 << len(self.cards)) - 1
        alone = [i for i in range(len(self.cost)) if self.isolated(i)]
        start = everything & ~sum(1 << i for i in alone)
        table = self.solve(start)
        with_lives = [f for f in table if _has_lives(f, four_card_life)]
        total = sum(self.cost)
        f = min(with_lives or table, key=lambda g: (table[g][0], g))
        melds, loose, free = [], [self.cards[i] for i in alone], start
        while free:
            _, bits, kind, order, f = self.solve(free)[f]
            if bits == 0:
                break
            cards = tuple(self.cards[k] for k in order)
            if kind == _LOOSE:
                loose.extend(cards)
            else:
                melds.append(Meld(("", "set", "pure", "impure")[kind], cards))
            free &= ~bits
        spare = tuple(self.cards[k] for k in range(len(self.cards)) if free >> k & 1)
        loose.sort(key=by_suit)
        deadwood = sum(points(c) for c in loose)
        count = min(CAP, deadwood if with_lives else total)
        return Arrangement(
            tuple(melds),
            tuple(loose),
            spare,
            count,
            deadwood,
            bool(with_lives),
            bool(with_lives) and deadwood == 0,
            self.wild_rank,
        )


def best_arrangement(
    cards: Iterable[Card], wild_rank: str, *, four_card_life: bool = True
) -> Arrangement:
    """The arrangement of ``cards`` that loses the fewest points (exact).

    >>> from engine.cards import parse
    >>> a = best_arrangement(parse("3H 4H 5H 6H  9S 10S JS  7C 7D JK  KD KC 2S"), "2")
    >>> a.count, a.valid_show, a.lives
    (0, True, True)
    >>> str(best_arrangement(parse("3H 4H 5H 9S 10S JS 7C 7D 8D KD KC 5S 4C"), "2"))
    '[pure 9♠ 10♠ J♠] [pure 3♥ 4♥ 5♥] loose 5♠ 7♦ 8♦ K♦ 4♣ 7♣ K♣: count 80 (no lives)'
    """
    cards = list(cards)
    if wild_rank not in RANKS:
        raise ValueError(f"the wild rank is one of {' '.join(RANKS)}, not {wild_rank!r}")
    if not all(isinstance(c, Card) for c in cards):
        raise ValueError("best_arrangement takes a list of Card")
    if len(cards) > 21:
        raise ValueError(f"a hand holds 13 or 14 cards, not {len(cards)}")
    return _Solver(cards, wild_rank).arrangement(four_card_life)


def is_valid_show(cards: Iterable[Card], wild_rank: str, *, four_card_life: bool = True) -> bool:
    """Whether ``cards`` may be declared (``best_arrangement(...).valid_show``), found by a
    search that never leaves a card loose, and at once when some natural card can join no meld
    of the hand, as in most hands."""
    return _Solver(list(cards), wild_rank).valid_show(four_card_life)
