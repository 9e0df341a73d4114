"""13-card Indian Rummy (points rummy), as RULES.md §3 settles it.

Two to six players share two 52-card packs and 2 printed jokers (106 cards); seven to nine use
three packs and 3 printed jokers. Each player gets 13 cards; the next card starts the open pile,
and one card turned from the stock (the *cut card*, out of play) makes every card of its rank a
wild joker (aces when a printed joker is cut). In turn each player draws the top of the stock or
of the open pile and discards one card. Melds: *sequences* (3+ consecutive cards of one suit, ace
low or high, never both), *pure* when no joker stands in for a card, *impure* with exactly one
joker; *sets* (3 or 4 cards of one rank in different suits, or 2-3 of them and one joker); three
identical cards (three packs) are a pure sequence. A *valid show* melds all 13 cards (spare
jokers aside) with two sequences, one pure (First Life) and a second (Second Life), one of them
4+ cards long (option ``four_card_life``). A wrong show costs 80 and the deal goes on; a first
drop costs 10, a middle drop 30; the others lose their count (unmelded cards; everything
without both lives) up to 80; the winner collects what the losers lose.

Decisions (RULES.md): a game is one deal. A toss picks the first player. A joker (printed, or a
card of the wild rank) on the open pile may not be taken unless it is the very first open card;
a card taken from the open pile (or one equal to it) may not be discarded the same turn; an empty
stock is refilled by shuffling the open pile but its top card. A player drops only at the start
of his turn, before drawing. A declarer's discard goes on the open pile; a wrong show's hand is
shown and leaves play, a dropped hand leaves play unseen. The engine scores every hand by its
best arrangement (``best_arrangement``): nobody loses points by arranging badly. On a show in
the declarer's first turn, ``first_turn_show="drop"`` charges 20 to those who have not yet
drawn, 40 to those who have, 80 to anyone without both lives; ``"deal"`` charges the count (80
without both lives, as the seed says), halved (rounded up) for those who have not yet drawn.
With ``turn_timer=True`` a ``Miss`` (the timer ran out) passes the turn; three misses in a row
drop the player with 40.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, ClassVar

from .cards import JOKER, RANKS, SUITS, Card, parse
from .core import CHANCE, IllegalAction, RandomBot, Shuffle, State, clockwise, value

HAND = 13
CAP = 80
WRONG_SHOW = 80
MISSES_ALLOWED = 3
MISSES_PENALTY = 40
RANK_NUMBER = {r: k for k, r in enumerate(RANKS, start=1)}  # A=1 ... K=13 (ace high is 14)


def points(card: Card) -> int:
    """What an unmelded card costs, wild cards aside: A, K, Q, J 10; 2-10 face value; joker 0."""
    if card.is_joker:
        return 0
    return 10 if card.rank in ("A", "J", "Q", "K") else int(card.rank)


def packs_for(players: int) -> int:
    """Two packs for 2-6 players, three for 7-9."""
    return 2 if players <= 6 else 3


def full_pack(packs: int = 2) -> tuple[Card, ...]:
    """``packs`` standard packs and one printed joker per pack (106 cards for two)."""
    return (
        tuple(Card(r, s) for _ in range(packs) for s in SUITS for r in RANKS)
        + (Card(JOKER, ""),) * packs
    )


def wild_rank_of(cut: Card) -> str:
    """The wild rank the cut card makes: its own rank, or aces when it is a printed joker."""
    return "A" if cut.is_joker else cut.rank


def is_joker(card: Card, wild_rank: str) -> bool:
    """A printed joker or a card of the wild rank."""
    return card.is_joker or card.rank == wild_rank


def card_cost(card: Card, wild_rank: str) -> int:
    """Points of an unmelded card: jokers (printed or wild) cost nothing."""
    return 0 if is_joker(card, wild_rank) else points(card)


# ---------------------------------------------------------------- melds


def meld_kind(cards: Sequence[Card], wild_rank: str) -> str | None:
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

    @property
    def is_sequence(self) -> bool:
        return self.kind != "set"

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
    melds, loose = [], []
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
        nat.sort(key=lambda c: (SUITS.index(c.suit), RANK_NUMBER[c.rank]))
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
        self.memo: dict[int, dict[int, tuple]] = {}

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
    def melds_with(self, i: int, free: int) -> dict[int, tuple]:
        """Every meld holding card ``i`` and other free cards: bits -> (kind, order)."""
        card = self.cards[i]
        suit, rank = card.suit, RANK_NUMBER[card.rank]
        out: dict[int, tuple] = {}
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

    def _sequences(self, i: int, suit: str, pos: int, free: int, spare: int, out: dict) -> None:
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
    def solve(self, free: int) -> dict[int, tuple]:
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

    def _triples(self, free: int) -> dict[int, tuple]:
        """With only jokers left: three identical wild cards (three packs) still make a pure
        sequence, which can matter for the lives."""
        triples = [ks for ks in self.wild_bits.values() if sum(free >> k & 1 for k in ks) >= 3]
        got = {0: (0, 0, _LOOSE, (), 0)}
        if triples:
            order = tuple(k for k in triples[0] if free >> k & 1)[:3]
            bits = sum(1 << k for k in order)
            for f, entry in self._triples(free & ~bits).items():
                g = _COMBINE[_feature(1, True, False)][f]
                got.setdefault(g, (entry[0], bits, _PURE, order, f))
        return got

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
        loose.sort(key=lambda c: (SUITS.index(c.suit), RANK_NUMBER[c.rank]))
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


# ---------------------------------------------------------------- actions


@value
class Toss:
    """The chance outcome of the toss: who plays first."""

    seat: int

    def __str__(self) -> str:
        return f"toss: seat {self.seat} plays first"


@value
class Draw:
    """Take the top card of the ``"stock"`` or of the ``"open"`` pile."""

    source: str

    def __post_init__(self) -> None:
        if self.source not in ("stock", "open"):
            raise ValueError(f'draw from "stock" or "open", not {self.source!r}')

    def __str__(self) -> str:
        return "draw from the stock" if self.source == "stock" else "draw from the open pile"


@value
class Discard:
    """Put ``card`` from the hand on the open pile, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@value
class Declare:
    """Discard ``card`` and show the other 13 arranged in melds."""

    card: Card

    def __str__(self) -> str:
        return f"declare, discarding {self.card}"


@value
class Drop:
    """Leave the deal before drawing: a first drop before any card was drawn, else a middle
    drop."""

    def __str__(self) -> str:
        return "drop"


@value
class Miss:
    """The turn timer ran out (only with ``turn_timer=True``): the turn passes."""

    def __str__(self) -> str:
        return "miss the turn"


@dataclass(frozen=True)
class Result:
    """How the deal ended: the ``winner``, each seat's ``lost`` points and the reason."""

    winner: int
    lost: tuple[int, ...]
    reasons: tuple[str, ...]
    first_turn_show: bool

    def describe(self, names: Sequence[str] | None = None) -> str:
        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        def says(seat: int, verb: str) -> str:  # "seat 2 wins", but "You win"
            who = name(seat)
            return f"{who} {verb}" if who == "You" else f"{who} {verb}s"

        parts = [
            f"{says(s, 'lose')} {pts} ({why})"
            for s, (pts, why) in enumerate(zip(self.lost, self.reasons, strict=True))
            if s != self.winner
        ]
        return f"{says(self.winner, 'win')} {sum(self.lost)}: " + "; ".join(parts)

    def __str__(self) -> str:
        return self.describe()


def rigged_shuffle(
    players: int,
    hands: Sequence[Sequence[Card] | str] = (),
    open_card: Card | str | None = None,
    cut: Card | str | None = None,
    stock: Sequence[Card] | str = (),
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` that deals the given cards (cards as ``Card`` or as text for
    ``engine.cards.parse``) and fills the rest of the pack in a seeded random order.

    ``rigged_shuffle(2, hands=["2H 3H 4H"], cut="9C", stock="5H")``: seat 0 holds 2♥ 3♥ 4♥
    (and ten more), nines are wild, and 5♥ is the top of the stock.
    """
    pack = Counter(full_pack(packs_for(players)))
    layout: list[Card | None] = [None] * sum(pack.values())

    def cards_of(given: Any) -> list[Card]:
        return list(parse(given) if isinstance(given, str) else given)

    def place(start: int, given: list[Card], room: int) -> None:
        if len(given) > room:
            raise ValueError(f"at most {room} cards there, not {len(given)}")
        for k, c in enumerate(given):
            layout[start + k] = c

    if len(hands) > players:
        raise ValueError(f"{players} players hold {players} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        place(seat * HAND, cards_of(hand), HAND)
    if open_card is not None:
        place(
            players * HAND, cards_of([open_card] if isinstance(open_card, Card) else open_card), 1
        )
    if cut is not None:
        place(players * HAND + 1, cards_of([cut] if isinstance(cut, Card) else cut), 1)
    place(players * HAND + 2, cards_of(stock), len(layout) - players * HAND - 2)
    fixed = Counter(c for c in layout if c is not None)
    if fixed - pack:
        extra = ", ".join(map(str, sorted(fixed - pack, key=str)))
        raise ValueError(f"the pack has no more of: {extra}")
    rest = list((pack - fixed).elements())
    random.Random(seed).shuffle(rest)
    fill = iter(rest)
    return Shuffle(tuple(c if c is not None else next(fill) for c in layout))


# ---------------------------------------------------------------- the state


class RummyState(State):
    """A deal of 13-card Indian Rummy. ``engine.new_game("rummy", players=4)``."""

    game = "rummy"
    PLAYERS = (2, 3, 4, 5, 6, 7, 8, 9)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "four_card_life": (True, False),
        "first_drop": (10, 20),
        "middle_drop": (30, 40),
        "first_turn_show": ("drop", "deal"),
        "turn_timer": (False, True),
        "point_value": (1, 2, 5, 10, 25, 50, 100),
    }

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top first
    pile: tuple[Card, ...]  # top last
    cut: Card | None
    status: tuple[str, ...]  # "in", "dropped", "wrong show", "missed"
    lost: tuple[int | None, ...]
    draws: tuple[int, ...]
    misses: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]  # cards each seat took from the open pile, still held
    out_of_play: tuple[Card, ...]
    to_move: int | None
    up_next: int  # who plays once the toss or a reshuffle is done
    phase: str  # "toss", "deal", "draw", "discard", "reshuffle", "over"
    taken: Card | None
    first_open: bool
    result: Result | None

    def _setup(self) -> None:
        n = self.num_players
        self.hands = ((),) * n
        self.stock, self.pile, self.cut = (), (), None
        self.status = ("in",) * n
        self.lost = (None,) * n
        self.draws = self.misses = (0,) * n
        self.shown = ((),) * n
        self.out_of_play = ()
        self.to_move, self.phase = CHANCE, "toss"
        self.up_next = 0
        self.taken, self.first_open, self.result = None, False, None

    # -- what everyone can see
    @property
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def packs(self) -> int:
        return packs_for(self.num_players)

    @property
    def wild_rank(self) -> str | None:
        return wild_rank_of(self.cut) if self.cut else None

    @property
    def live(self) -> tuple[bool, ...]:
        return tuple(st == "in" for st in self.status)

    def arrange(self, seat: int) -> Arrangement:
        """The best arrangement of ``seat``'s hand (13 cards, or 14 before a discard)."""
        return best_arrangement(
            self.hands[seat], self.wild_rank, four_card_life=self.options["four_card_life"]
        )

    def returns(self) -> list[int]:
        """Settlement: the winner collects what the others lose, times the point value."""
        if self.result is None:
            return [0] * self.num_players
        value_ = self.options["point_value"]
        return [
            value_ * (sum(self.result.lost) if s == self.result.winner else -pts)
            for s, pts in enumerate(self.result.lost)
        ]

    def open_top_takeable(self) -> str | None:
        """None if the open pile's top may be drawn, else why not."""
        if not self.pile:
            return "the open pile is empty"
        if is_joker(self.pile[-1], self.wild_rank) and not self.first_open:
            return "a joker on the open pile may not be taken (only as the very first open card)"
        return None

    # -- legal actions
    def _legal(self) -> list:
        if self.phase == "toss":
            return [Toss(s) for s in range(self.num_players)]
        if self.phase in ("deal", "reshuffle"):
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        if self.phase == "draw":
            out = [Draw("stock")] if self.stock else []
            if self.open_top_takeable() is None:
                out.append(Draw("open"))
            out.append(Drop())
            if self.options["turn_timer"]:
                out.append(Miss())
            return out
        hand = self.hands[self.to_move]
        cards = sorted(set(hand), key=_card_order)
        cards = [c for c in cards if c != self.taken]
        return [Discard(c) for c in cards] + [Declare(c) for c in cards]

    def chance_outcomes(self) -> list[tuple[Any, Fraction]] | None:
        if self.phase == "toss":
            return [(Toss(s), Fraction(1, self.num_players)) for s in range(self.num_players)]
        return None

    def _check(self, action: Any) -> None:
        if self.to_move == CHANCE:
            self._check_chance(action)
            return
        if isinstance(action, (Toss, Shuffle)):
            raise IllegalAction("no chance event is due: it is a player's turn")
        if isinstance(action, (Draw, Drop, Miss)):
            if self.phase != "draw":
                raise IllegalAction(
                    f"a turn starts with a draw (or a drop): you have drawn, now discard or "
                    f"declare, not {action}"
                )
            if isinstance(action, Miss) and not self.options["turn_timer"]:
                raise IllegalAction("a turn can be missed only at a table with a turn timer")
            if isinstance(action, Draw):
                if action.source == "stock" and not self.stock:
                    raise IllegalAction("the stock is empty: draw from the open pile")
                why = self.open_top_takeable() if action.source == "open" else None
                if why:
                    raise IllegalAction(why)
            return
        if isinstance(action, (Discard, Declare)):
            if self.phase != "discard":
                raise IllegalAction(f"draw a card first (stock or open pile), then {action}")
            if not isinstance(action.card, Card) or action.card not in self.hands[self.to_move]:
                raise IllegalAction(
                    f"you can only discard a card from your hand, not {action.card}"
                )
            if action.card == self.taken:
                raise IllegalAction(
                    f"a card taken from the open pile ({self.taken}) may not be discarded in the "
                    "same turn"
                )
            return
        raise IllegalAction(
            f"{action!r} is not a rummy action (Draw, Discard, Declare, Drop, Miss)"
        )

    def _check_chance(self, action: Any) -> None:
        if self.phase == "toss":
            if not (isinstance(action, Toss) and action.seat in range(self.num_players)):
                raise IllegalAction(
                    "a toss decides who plays first: "
                    f"Toss(seat) with a seat 0-{self.num_players - 1}"
                )
            return
        if not isinstance(action, Shuffle):
            what = "deal" if self.phase == "deal" else "new stock"
            raise IllegalAction(f"the cards must be shuffled for the {what} first (a Shuffle)")
        want = Counter(full_pack(self.packs) if self.phase == "deal" else self.pile[:-1])
        if not all(isinstance(c, Card) for c in action.cards) or Counter(action.cards) != want:
            raise IllegalAction(
                f"a shuffle holds the whole pack of {sum(want.values())} cards"
                if self.phase == "deal"
                else f"the new stock is the open pile but its top card: {sum(want.values())} cards"
            )

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Toss):
            self.up_next, self.phase = action.seat, "deal"
            return
        if isinstance(action, Shuffle):
            if self.phase == "deal":
                self._deal(action.cards)
            else:
                self.stock, self.pile = action.cards, self.pile[-1:]
                self.phase = "draw"
                self.to_move = self.up_next
            return
        me = self.to_move
        assert me is not None and me >= 0
        if isinstance(action, Draw):
            self._draw(me, action.source)
        elif isinstance(action, Drop):
            self._leave(me, "dropped", self._drop_points(me))
        elif isinstance(action, Miss):
            self.misses = _put(self.misses, me, self.misses[me] + 1)
            if self.misses[me] == MISSES_ALLOWED:
                self._leave(me, "missed", MISSES_PENALTY)
            else:
                self._next_turn(me)
        elif isinstance(action, Discard):
            self._discard(me, action.card)
            self._next_turn(me)
        elif isinstance(action, Declare):
            first_turn = self.draws[me] == 1
            self._discard(me, action.card)
            if self.arrange(me).valid_show:
                self._valid_show(me, first_turn)
            else:
                self._wrong_show(me)

    def _deal(self, deck: tuple[Card, ...]) -> None:
        n = self.num_players
        self.hands = tuple(tuple(deck[s * HAND : (s + 1) * HAND]) for s in range(n))
        self.pile = (deck[n * HAND],)
        self.cut = deck[n * HAND + 1]
        self.stock = tuple(deck[n * HAND + 2 :])
        self.first_open = True
        self.to_move, self.phase = self.up_next, "draw"

    def _draw(self, me: int, source: str) -> None:
        if source == "stock":
            card, self.stock = self.stock[0], self.stock[1:]
            self.taken = None
        else:
            card, self.pile = self.pile[-1], self.pile[:-1]
            self.taken = card
            self.shown = _put(self.shown, me, (*self.shown[me], card))
        self.first_open = False
        self.hands = _put(self.hands, me, (*self.hands[me], card))
        self.draws = _put(self.draws, me, self.draws[me] + 1)
        self.misses = _put(self.misses, me, 0)
        self.phase = "discard"

    def _discard(self, me: int, card: Card) -> None:
        hand = list(self.hands[me])
        hand.remove(card)
        self.hands = _put(self.hands, me, tuple(hand))
        shown = list(self.shown[me])
        if card in shown:
            shown.remove(card)
        self.shown = _put(self.shown, me, tuple(shown))
        self.pile = (*self.pile, card)
        self.taken = None

    def _drop_points(self, seat: int) -> int:
        return self.options["first_drop" if self.draws[seat] == 0 else "middle_drop"]

    def _leave(self, seat: int, status: str, pts: int) -> None:
        """``seat`` is out of the deal, losing ``pts``; his cards leave play."""
        self.status = _put(self.status, seat, status)
        self.lost = _put(self.lost, seat, pts)
        if status != "wrong show":  # a wrong show's hand stays face up where it was shown
            self.out_of_play = (*self.out_of_play, *self.hands[seat])
            self.hands = _put(self.hands, seat, ())
        self.shown = _put(self.shown, seat, ())
        left = [s for s in range(self.num_players) if self.status[s] == "in"]
        if len(left) == 1:
            self._finish(left[0], {})
        else:
            self._next_turn(seat)

    def _wrong_show(self, seat: int) -> None:
        self._leave(seat, "wrong show", WRONG_SHOW)

    def _valid_show(self, winner: int, first_turn: bool) -> None:
        owed = {}
        for s in range(self.num_players):
            if s == winner or self.status[s] != "in":
                continue
            a = self.arrange(s)
            played = self.draws[s] > 0
            if not first_turn:
                owed[s] = (a.count, f"count {a.count}")
            elif self.options["first_turn_show"] == "drop":
                if not a.lives:
                    owed[s] = (CAP, "first-turn show, no lives")
                elif played:
                    owed[s] = (40, "first-turn show, had a turn")
                else:
                    owed[s] = (20, "first-turn show, no turn yet")
            else:  # "deal": no lives costs the whole 80 (seed), halved like any count
                count = a.count if a.lives else CAP
                if played:
                    owed[s] = (count, f"first-turn show, count {count}")
                else:
                    owed[s] = (-(-count // 2), f"first-turn show, half of count {count}")
        self._finish(winner, owed, first_turn)

    def _finish(self, winner: int, owed: dict, first_turn: bool = False) -> None:
        reasons = {"dropped": "drop", "wrong show": "wrong show", "missed": "three misses"}
        lost, why = [], []
        for s in range(self.num_players):
            if s == winner:
                lost.append(0)
                why.append("winner")
            elif s in owed:
                lost.append(owed[s][0])
                why.append(owed[s][1])
            else:
                pts = self.lost[s]
                assert pts is not None
                lost.append(pts)
                kind = reasons[self.status[s]]
                if kind == "drop":
                    kind = "first drop" if pts == self.options["first_drop"] else "middle drop"
                why.append(kind)
        self.lost = tuple(lost)
        self.result = Result(winner, tuple(lost), tuple(why), first_turn)
        self.to_move, self.phase = None, "over"

    def _next_turn(self, seat: int) -> None:
        nxt = clockwise(seat, self.num_players, self.live)
        self.phase = "draw"
        self.to_move = nxt
        if not self.stock and len(self.pile) > 1:
            self.up_next, self.to_move, self.phase = nxt, CHANCE, "reshuffle"

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        cards = list(full_pack(self.packs) if self.phase == "deal" else self.pile[:-1])
        rng.shuffle(cards)
        return Shuffle(tuple(cards))

    # -- what one seat may see
    def view(self, seat: int, reveal: bool = False) -> dict:
        """Exactly what ``seat`` may see: his own hand, the open pile, the cut card, the size of
        every hand and the stock, the cards others took from the open pile (seen by all), the
        hands shown at a wrong show, and every hand once the deal is over. ``reveal=True``
        (teacher): every hand holding cards is in ``shown_hands``, as after the deal."""
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")
        over = self.result is not None
        shown_hands = {
            s: [str(c) for c in self.hands[s]]
            for s in range(self.num_players)
            if (over and self.status[s] == "in")
            or self.status[s] == "wrong show"
            or (reveal and self.hands[s])
        }
        return {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "packs": self.packs,
            "options": dict(self.options),
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [str(c) for c in self.hands[seat]],
            "cut": str(self.cut) if self.cut else None,
            "wild_rank": self.wild_rank,
            "open_pile": [str(c) for c in self.pile],
            "open_takeable": self.open_top_takeable() is None if self.pile else False,
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "status": list(self.status),
            "lost": list(self.lost),
            "draws": list(self.draws),
            "misses": list(self.misses),
            "taken": str(self.taken) if self.taken and self.to_move == seat else None,
            "known": [[str(c) for c in cards] for cards in self.shown],
            "shown_hands": {str(s): h for s, h in shown_hands.items()},
            "result": (
                {
                    "winner": self.result.winner,
                    "lost": list(self.result.lost),
                    "reasons": list(self.result.reasons),
                    "returns": self.returns(),
                }
                if over
                else None
            ),
        } | ({"revealed": True} if reveal else {})

    def __str__(self) -> str:
        if self.phase in ("toss", "deal"):
            return f"Indian Rummy, {self.num_players} players: the cards are not dealt yet"
        if self.result:
            turn = "deal over: " + str(self.result)
        elif self.to_move == CHANCE:
            turn = "the open pile is being shuffled into a new stock"
        else:
            turn = f"seat {self.to_move} to {self.phase}"
        lines = [
            f"Indian Rummy, {self.num_players} players, cut {self.cut} ({self.wild_rank}s wild): "
            + turn,
            f"  stock {len(self.stock)}, open pile top {self.pile[-1] if self.pile else '-'}",
        ]
        for s, hand in enumerate(self.hands):
            cards = " ".join(str(c) for c in sorted(hand, key=_card_order))
            state = "" if self.status[s] == "in" else f" ({self.status[s]}, -{self.lost[s]})"
            lines.append(f"  seat {s}: {cards}{state}")
        return "\n".join(lines)


def _put(items: tuple, k: int, new: Any) -> tuple:
    return (*items[:k], new, *items[k + 1 :])


def _card_order(card: Card) -> tuple[int, int]:
    """Suits in the order of ``SUITS``, ace to king, printed jokers last."""
    if card.is_joker:
        return (len(SUITS), 0)
    return (SUITS.index(card.suit), RANK_NUMBER[card.rank])


# ---------------------------------------------------------------- exact odds


def jokers_in_play(packs: int = 2) -> int:
    """Jokers in play after the cut: the printed jokers and the wild-rank cards, less the cut
    card itself. A cut 7 leaves 2 printed jokers and 7 sevens; a cut printed joker leaves 1
    printed joker and 8 aces: 9 either way with two packs (14 with three)."""
    return 5 * packs - 1


def jokers_in_hand_pmf(packs: int = 2, hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the jokers in one dealt hand. Dealing the hand and turning the cut card
    pick 14 cards at random in some order, so the chance is the same as cutting first: then the
    hand is 13 of the other ``53·packs − 1`` cards, of which ``jokers_in_play`` are jokers
    (hypergeometric)."""
    total, good = 53 * packs - 1, jokers_in_play(packs)
    return {
        k: Fraction(comb(good, k) * comb(total - good, hand - k), comb(total, hand))
        for k in range(min(good, hand) + 1)
    }


def _no_run_ways(packs: int) -> list[int]:
    """Ways to pick k cards of one suit (``packs`` copies of each rank) with no pure sequence:
    no three consecutive ranks present (ace low or high) and no rank three times."""
    copies = [comb(packs, c) for c in range(min(packs, 2) + 1)]  # 0, 1 or 2 copies of a rank
    # state (ace present, present ranks in a row so far, capped at 2) -> polynomial in k
    states: dict[tuple[bool, int], list[int]] = {}
    for c, ways in enumerate(copies):
        states.setdefault((c > 0, 1 if c else 0), [0] * 14 * packs)[c] += ways
    for _rank in range(2, 14):
        nxt: dict[tuple[bool, int], list[int]] = {}
        for (ace, run), poly in states.items():
            for c, ways in enumerate(copies):
                row = run + 1 if c else 0
                if row == 3:
                    continue
                out = nxt.setdefault((ace, row), [0] * len(poly))
                for k, n in enumerate(poly):
                    if n and k + c < len(out):
                        out[k + c] += n * ways
        states = nxt
    total = [0] * 14 * packs
    for (ace, run), poly in states.items():
        if not (ace and run == 2):  # Q K A
            total = [a + b for a, b in zip(total, poly, strict=True)]
    return total


def pure_sequence_chance(packs: int = 2, hand: int = HAND) -> Fraction:
    """The chance a dealt hand already holds a pure sequence (three consecutive cards of one
    suit, or with three packs three identical cards; wild cards count as themselves).

    Exact: count the hands with none, suit by suit (``_no_run_ways``), times any choice of the
    printed jokers, out of all C(53·packs, 13) hands."""
    suit = _no_run_ways(packs)
    ways = [1]
    for poly in (suit, suit, suit, suit, [comb(packs, j) for j in range(packs + 1)]):
        ways = [
            sum(ways[i] * poly[k - i] for i in range(len(ways)) if 0 <= k - i < len(poly))
            for k in range(hand + 1)
        ]
    return 1 - Fraction(ways[hand], comb(53 * packs, hand))


def has_pure_sequence(cards: Iterable[Card]) -> bool:
    """Whether the cards hold a pure sequence, every card taken as itself."""
    have = Counter(cards)
    for c, n in have.items():
        if c.is_joker:
            continue
        if n >= 3:
            return True
        r = RANK_NUMBER[c.rank]
        for d in (1, 2):
            q = r + d
            rank = RANKS[(q - 1) % 13]
            if q > 14 or (q == 14 and r == 1) or Card(rank, c.suit) not in have:
                break
        else:
            return True
    return False


def hand_points_pmf(packs: int = 2, hand: int = HAND) -> dict[int, Fraction]:
    """Distribution of the points of a whole dealt hand, jokers and wild cards at 0: what a
    hand without both lives would lose before the 80 cap. Exact, averaging over the cut card
    (cut first, then the hand from the rest, as in ``jokers_in_hand_pmf``)."""
    pack = full_pack(packs)
    total = Counter()
    cuts = {Card(r, "S"): 4 * packs for r in RANKS}
    cuts[Card(JOKER, "")] = packs
    for cut, n_cut in cuts.items():  # the suit of the cut card does not matter
        wild = wild_rank_of(cut)
        rest = Counter(pack)
        rest[cut] -= 1
        by_cost = Counter()
        for c, n in rest.items():
            by_cost[card_cost(c, wild)] += n
        ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards, points) -> ways
        for cost, n in by_cost.items():
            nxt: Counter = Counter()
            for (k, pts), w in ways.items():
                for j in range(min(n, hand - k) + 1):
                    nxt[(k + j, pts + j * cost)] += w * comb(n, j)
            ways = nxt
        for (k, pts), w in ways.items():
            if k == hand:
                total[pts] += n_cut * w
    norm = len(pack) * comb(len(pack) - 1, hand)
    return {pts: Fraction(w, norm) for pts, w in sorted(total.items())}


def completing_cards(connector: Sequence[Card], wild_rank: str, pure: bool = False) -> list[Card]:
    """The cards that would make ``connector`` (two or more cards) a meld; with ``pure``, a pure
    sequence only. Jokers complete any connector that can take one."""
    out = []
    for card in full_pack(1):
        kind = meld_kind([*connector, card], wild_rank)
        if kind and (kind == "pure" or not pure):
            out.append(card)
    return out


def unseen_cards(view: dict) -> Counter:
    """The cards ``view``'s seat has not seen: the pack less his hand, the cut card, the open
    pile, the cards others took from the open pile and the hands shown. By symmetry the top of
    the stock is equally likely to be any of them."""
    seen = Counter(_parse_all(view["hand"]))
    seen.update(_parse_all(view["open_pile"]))
    if view["cut"]:
        seen[Card.from_str(view["cut"])] += 1
    for s, known in enumerate(view["known"]):
        if s != view["seat"]:
            seen.update(_parse_all(known))
    for s, hand in view["shown_hands"].items():
        if int(s) != view["seat"]:
            seen.update(_parse_all(hand))
    return Counter(full_pack(view["packs"])) - seen


def completion_chance(
    connector: Sequence[Card], wild_rank: str, unseen: Counter, pure: bool = False
) -> Fraction:
    """The chance the next stock card completes ``connector``, the stock top being any of the
    ``unseen`` cards with equal chance."""
    size = sum(unseen.values())
    if size == 0:
        return Fraction(0)
    good = completing_cards(connector, wild_rank, pure)
    wanted = sum(unseen[c] for c in set(good))
    return Fraction(wanted, size)


def useful_to(card: Card, wild_rank: str) -> list[Card]:
    """Cards that make a two-card start of a meld with ``card``: its neighbours in suit (one or
    two ranks away, ace low or high) and its rank in other suits."""
    if is_joker(card, wild_rank):
        return []
    r = RANK_NUMBER[card.rank]
    out = [Card(card.rank, s) for s in SUITS if s != card.suit]
    for q in {r - 2, r - 1, r + 1, r + 2} | ({12, 13} if r == 1 else set()):
        if 1 <= q <= 14 and q != r:
            out.append(Card(RANKS[(q - 1) % 13], card.suit))
    return sorted(set(out), key=_card_order)


def discard_danger(card: Card, view: dict) -> Fraction:
    """The chance that discarding ``card`` hands the next player a useful card: that his hand
    holds a card of ``useful_to(card)``, his hidden cards being a random draw from what
    ``view``'s seat has not seen. A joker cannot be taken from the open pile, so it is safe."""
    wild = view["wild_rank"]
    n = view["players"]
    nxt = next(
        (view["seat"] + k) % n
        for k in range(1, n + 1)
        if view["status"][(view["seat"] + k) % n] == "in"
    )
    if is_joker(card, wild) or nxt == view["seat"]:
        return Fraction(0)
    useful = set(useful_to(card, wild))
    if any(c in useful for c in _parse_all(view["known"][nxt])):
        return Fraction(1)
    unseen = unseen_cards(view)
    size = sum(unseen.values())
    hidden = view["hand_sizes"][nxt] - len(view["known"][nxt])
    good = sum(unseen[c] for c in useful)
    if hidden <= 0 or size == 0:
        return Fraction(0)
    return 1 - Fraction(comb(size - good, hidden), comb(size, hidden))


def _parse_all(cards: Iterable[str]) -> list[Card]:
    return [Card.from_str(c) for c in cards]


# ---------------------------------------------------------------- bots


def hopeless(cards: Sequence[Card], wild_rank: str) -> bool:
    """The basic bot's first-drop rule: no pure sequence and no joker in the starting hand."""
    return not has_pure_sequence(cards) and not any(is_joker(c, wild_rank) for c in cards)


class BasicBot(RandomBot):
    """Plays from its own view by the best arrangement. Drops at once a hopeless hand (see
    ``hopeless``); draws the open card when it makes the best 13 it can keep better than its
    hand now (lives first, then fewer points loose), else the stock; declares when a discard
    leaves a valid show; otherwise discards the card whose loss hurts least (the highest of
    equals). Never drops later."""

    level = "basic"

    def choose(self, state: State) -> Any:
        view = state.view(state.current_player)  # type: ignore[arg-type]
        legal = state.legal_actions()
        hand = _parse_all(view["hand"])
        wild, four = view["wild_rank"], view["options"]["four_card_life"]
        if view["phase"] == "draw":
            if Drop() in legal and view["draws"][view["seat"]] == 0 and hopeless(hand, wild):
                return Drop()
            if Draw("open") in legal:
                top = Card.from_str(view["open_pile"][-1])
                now = best_arrangement(hand, wild, four_card_life=four).key
                if self._best_discard([*hand, top], wild, four, top)[0] < now:
                    return Draw("open")
            return Draw("stock") if Draw("stock") in legal else legal[0]
        taken = Card.from_str(view["taken"]) if view["taken"] else None
        _, card, valid = self._best_discard(hand, wild, four, taken)
        return Declare(card) if valid else Discard(card)

    @staticmethod
    def _best_discard(
        cards: list[Card], wild: str, four: bool, keep: Card | None
    ) -> tuple[tuple, Card, bool]:
        """(key of the 13 kept, the card to discard, whether the 13 are a valid show)."""
        best = None
        for card in sorted(set(cards), key=_card_order):
            if card == keep:
                continue
            rest = list(cards)
            rest.remove(card)
            a = best_arrangement(rest, wild, four_card_life=four)
            rank = (not a.valid_show, a.key, -card_cost(card, wild))
            if best is None or rank < best[0]:
                best = (rank, card, a.valid_show)
        assert best is not None
        return best[0][1], best[1], best[2]


RummyState.BOTS = {"random": RandomBot, "basic": BasicBot}
RummyState.ACTIONS = (Shuffle, Card, Toss, Draw, Discard, Declare, Drop, Miss)
