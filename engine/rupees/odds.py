"""Exact odds of Make-A-Million Rupees (docs/rules.md §6), as ``Fraction``s: Money in a hand or a
side, the widow, the specials, colour lengths, and the Money a seat has not seen yet. The
shared arithmetic (hypergeometric, at-least, expectation) is ``engine.odds``.

>>> widow_has_no_money()
Fraction(119, 477)
>>> declarer_gets_tiger(), side_makes_pmf(400_000) == money_pmf(26)[400_000]
(Fraction(16, 55), True)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

from ..odds import chance_at_least, hypergeometric_pmf, none_drawn
from .cards import CARDS, MONEY, MONEY_PER_DECK, SETUPS, money_of, played
from .view import RupeesView


def money_pmf(cards: int, decks: int = 1) -> dict[int, Fraction]:
    """Distribution of the Money (₹) in ``cards`` cards dealt from the full deck: sums over how
    many of each Money rank (4 per deck of each) are among them."""
    total = 55 * decks
    per = 4 * decks
    plain = total - per * len(MONEY)
    ways: Counter[int] = Counter()
    for counts in product(range(per + 1), repeat=len(MONEY)):
        n = sum(counts)
        if n > cards:
            continue
        w = comb(plain, cards - n)
        for c in counts:
            w *= comb(per, c)
        if w:
            ways[sum(c * v for c, v in zip(counts, MONEY.values(), strict=True))] += w
    return {m: Fraction(w, comb(total, cards)) for m, w in sorted(ways.items())}


def widow_has_no_money() -> Fraction:
    """The chance the 3-card widow holds no Money card: C(35,3)/C(55,3)."""
    return none_drawn(good=20, total=55, drawn=3)


def declarer_gets_tiger() -> Fraction:
    """The chance a declarer (chosen without looking at the cards) holds the Tiger after taking
    the widow: his 13 cards plus the 3 of the widow, 16 of 55."""
    return Fraction(13 + 3, 55)


def specials_in_hand_pmf(cards: int = 13) -> dict[int, Fraction]:
    """Distribution of how many of the three specials are among ``cards`` cards."""
    return hypergeometric_pmf(good=3, total=55, drawn=cards)


def colour_length_pmf(cards: int = 13) -> dict[int, Fraction]:
    """Distribution of how many cards of one given colour (13 of 55) a hand of ``cards`` holds."""
    return hypergeometric_pmf(good=13, total=55, drawn=cards)


def side_makes_pmf(contract: int) -> Fraction:
    """The chance that a side's 26 dealt cards hold at least ``contract`` in Money."""
    return chance_at_least(money_pmf(26), contract)


def unseen_money(view: RupeesView) -> int:
    """Money that ``view``'s seat has not seen played, in his hand or discarded: still out."""
    pairs = [*(pair for t in view["tricks"] for pair in t["cards"]), *view["trick"]]
    seen = [CARDS[c] for c in view["hand"] + view["discards"]] + [c for _, c in played(pairs)]
    decks = SETUPS[view["players"]].decks
    return MONEY_PER_DECK * decks - money_of(seen)
