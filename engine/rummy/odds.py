"""Exact odds of 13-card Indian Rummy, for its lesson and the coach: jokers in a dealt hand, a
pure sequence dealt, the points of a whole hand, the chance the next stock card completes a
meld, and the risk a discard helps the next player. Answers are ``Fraction``s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import comb

from engine.cards import JOKER, RANKS, SUITS, Card
from engine.core import clockwise
from engine.odds import hypergeometric_pmf, none_drawn

from .cards import HAND, RANK_NUMBER, by_suit, card_cost, full_pack, is_joker, wild_rank_of
from .melds import meld_kind
from .view import RummyView


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
    return hypergeometric_pmf(good=jokers_in_play(packs), total=53 * packs - 1, drawn=hand)


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
    total: Counter[int] = Counter()
    cuts = {Card(r, "S"): 4 * packs for r in RANKS}
    cuts[Card(JOKER, "")] = packs
    for cut, n_cut in cuts.items():  # the suit of the cut card does not matter
        wild = wild_rank_of(cut)
        rest = Counter(pack)
        rest[cut] -= 1
        by_cost: Counter[int] = Counter()
        for c, n in rest.items():
            by_cost[card_cost(c, wild)] += n
        ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards, points) -> ways
        for cost, n in by_cost.items():
            nxt: Counter[tuple[int, int]] = Counter()
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


def unseen_cards(view: RummyView) -> Counter[Card]:
    """The cards ``view``'s seat has not seen: the pack less his hand, the cut card, the open
    pile, the cards others took from the open pile and the hands shown. By symmetry the top of
    the stock is equally likely to be any of them."""
    seen = Counter(cards_in(view["hand"]))
    seen.update(cards_in(view["open_pile"]))
    if view["cut"]:
        seen[Card.from_str(view["cut"])] += 1
    for s, (known, hand) in enumerate(zip(view["known"], view["hands"], strict=True)):
        if s != view["seat"]:
            seen.update(cards_in(hand if hand is not None else known))
    return Counter(full_pack(view["packs"])) - seen


def completion_chance(
    connector: Sequence[Card], wild_rank: str, unseen: Counter[Card], pure: bool = False
) -> Fraction:
    """The chance the next stock card completes ``connector``, the stock top being any of the
    ``unseen`` cards with equal chance."""
    size = sum(unseen.values())
    if size == 0:
        return Fraction(0)
    good = completing_cards(connector, wild_rank, pure)
    wanted = sum(unseen[c] for c in set(good))
    return Fraction(wanted, size)


def useful_to(card: Card, wild_rank: str | None) -> list[Card]:
    """Cards that make a two-card start of a meld with ``card``: its neighbours in suit (one or
    two ranks away, ace low or high) and its rank in other suits."""
    if is_joker(card, wild_rank):
        return []
    r = RANK_NUMBER[card.rank]
    out = [Card(card.rank, s) for s in SUITS if s != card.suit]
    for q in {r - 2, r - 1, r + 1, r + 2} | ({12, 13} if r == 1 else set()):
        if 1 <= q <= 14 and q != r:
            out.append(Card(RANKS[(q - 1) % 13], card.suit))
    return sorted(set(out), key=by_suit)


def discard_danger(card: Card, view: RummyView) -> Fraction:
    """The chance that discarding ``card`` hands the next player a useful card: that his hand
    holds a card of ``useful_to(card)``, his hidden cards being a random draw from what
    ``view``'s seat has not seen. A joker cannot be taken from the open pile, so it is safe."""
    wild = view["wild_rank"]
    live = [status == "in" for status in view["status"]]
    nxt = clockwise(view["seat"], view["players"], live)
    if is_joker(card, wild) or nxt == view["seat"]:
        return Fraction(0)
    useful = set(useful_to(card, wild))
    if any(c in useful for c in cards_in(view["known"][nxt])):
        return Fraction(1)
    unseen = unseen_cards(view)
    size = sum(unseen.values())
    hidden = view["hand_sizes"][nxt] - len(view["known"][nxt])
    good = sum(unseen[c] for c in useful)
    if hidden <= 0 or size == 0:
        return Fraction(0)
    return 1 - none_drawn(good=good, total=size, drawn=hidden)


def cards_in(texts: Iterable[str]) -> list[Card]:
    """Cards written in a view (``"10♥"``, ``"JK"``) as ``Card``s."""
    return [Card.from_str(c) for c in texts]
