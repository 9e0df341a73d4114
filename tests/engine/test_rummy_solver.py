"""The rummy hand solver (``best_arrangement``) against an exhaustive search.

The reference below shares nothing with the solver but ``meld_kind`` (itself tested on
hand-made groups): it lists every group of cards that is a meld, then every way to split the
hand into melds and loose cards, and judges each split by the rules' own words (a pure sequence
and another sequence, one of the two 4+ cards long).
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.cards import RANKS, parse
from engine.rummy import CAP, best_arrangement, card_cost, full_pack, is_joker, meld_kind
from engine.rummy.melds import is_valid_show


def candidate_groups(cards, wild_rank):
    """Every set of card positions that is a meld: non-joker cards share a suit (a sequence)
    or a rank (a set), any jokers may join."""
    jokers = [k for k, c in enumerate(cards) if is_joker(c, wild_rank)]
    plain = [k for k, c in enumerate(cards) if k not in jokers]
    bases = [[k for k in plain if cards[k].suit == s] for s in "SHDC"]
    bases += [[k for k in plain if cards[k].rank == r] for r in RANKS]
    groups = {}
    for base in [*bases, []]:
        pool = base + jokers
        for size in range(3, len(pool) + 1):
            for combo in combinations(pool, size):
                mask = sum(1 << k for k in combo)
                if mask not in groups:
                    kind = meld_kind([cards[k] for k in combo], wild_rank)
                    if kind:
                        groups[mask] = (kind, size)
    return groups


def has_lives(melds, four_card_life=True):
    """A pure sequence (First Life) and another sequence (Second Life), one of them 4+ long."""
    seqs = [(kind, size) for kind, size in melds if kind != "set"]
    for a, (kind_a, size_a) in enumerate(seqs):
        for b, (_, size_b) in enumerate(seqs):
            if a != b and kind_a == "pure" and (max(size_a, size_b) >= 4 or not four_card_life):
                return True
    return False


def reference(cards, wild_rank, four_card_life=True):
    """(count, valid show) by trying every split of the hand."""
    groups = candidate_groups(cards, wild_rank)
    n = len(cards)
    best_lives = None

    def split(left, melds, loose):
        nonlocal best_lives
        if not left:
            if has_lives(melds, four_card_life) and (best_lives is None or loose < best_lives):
                best_lives = loose
            return
        k = (left & -left).bit_length() - 1
        split(left & ~(1 << k), melds, loose + card_cost(cards[k], wild_rank))
        for mask, meld in groups.items():
            if mask >> k & 1 and mask & left == mask:
                split(left & ~mask, [*melds, meld], loose)

    split((1 << n) - 1, [], 0)
    total = sum(card_cost(c, wild_rank) for c in cards)
    if best_lives is None:
        return min(total, CAP), False
    return min(best_lives, CAP), best_lives == 0


def check(cards, wild_rank, four_card_life=True):
    got = best_arrangement(cards, wild_rank, four_card_life=four_card_life)
    assert (got.count, got.valid_show) == reference(cards, wild_rank, four_card_life), (
        " ".join(map(str, cards)),
        wild_rank,
        str(got),
    )
    # the quick decision a Declare asks agrees with the full search
    assert is_valid_show(cards, wild_rank, four_card_life=four_card_life) == got.valid_show
    # the arrangement itself is real: the same cards, true melds, the count it claims
    shown = [c for g in got.groups() for c in g]
    assert sorted(map(str, shown)) == sorted(map(str, cards))
    for m in got.melds:
        assert meld_kind(m.cards, wild_rank) in (m.kind, "pure" if m.kind == "impure" else None)
    assert all(is_joker(c, wild_rank) for c in got.spare)
    assert got.deadwood == sum(card_cost(c, wild_rank) for c in got.loose)
    assert got.lives == has_lives([(m.kind, len(m.cards)) for m in got.melds], four_card_life)


# ---------------------------------------------------------------- meld_kind by hand


@pytest.mark.parametrize(
    ("cards", "wild", "kind"),
    [
        ("AH 2H 3H", "9", "pure"),  # ace low
        ("QH KH AH", "9", "pure"),  # ace high
        ("KH AH 2H", "9", None),  # no wrap
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "5", "pure"),
        ("5H 6H 7H", "6", "pure"),  # a wild card as itself keeps a sequence pure
        ("5H JK 7H", "9", "impure"),
        ("5H 6S 7H", "6", "impure"),  # 6♠ is wild: a joker
        ("JK JK 7H", "9", None),  # one joker per sequence
        ("5H JK 7H JK", "9", None),
        ("3S 3H 3D", "9", "set"),
        ("3S 3H 3D 3C", "9", "set"),
        ("3S 3H JK", "9", "set"),
        ("3S 3H 3D JK", "9", "set"),
        ("3S 3S 3D", "9", None),  # suits must differ
        ("3S JK JK", "9", None),
        ("3S 3H 3D 3C JK", "9", None),  # a set holds four cards at most
        ("7C 7C 7C", "9", "pure"),  # three identical cards (three packs)
        ("9C 9C 9C", "9", "pure"),  # also when they are wild
        ("JK JK JK", "9", None),
        ("2H 3H", "9", None),
    ],
)
def test_meld_kind(cards, wild, kind):
    assert meld_kind(parse(cards), wild) == kind


# ---------------------------------------------------------------- hand-made hands


@pytest.mark.parametrize(
    ("hand", "wild", "count", "valid"),
    [
        # four-card pure First Life, impure Second Life, a set with a joker
        ("AH 2H 3H 4H  9S 10S JK  7C 7D 7S  KD KC KH", "5", 0, True),
        # ace high, and the wild 5♦ used as itself inside a pure sequence
        ("QS KS AS  4D 5D 6D 7D  8C 8H 8S  2C 3C 9C", "5", 14, False),
        # the wild 5♣ stands in for A♣: an impure sequence completes the show
        ("QS KS AS  4D 5D 6D 7D  8C 8H 8S  2C 3C 5C", "5", 0, True),
        # one joker per sequence: the second joker goes to another sequence
        ("3H JK 5H JK 7H 8H  9S 10S JS QS  2D 2C 2H", "K", 0, True),
        # spare jokers are laid aside at no cost; two K♦ are no set
        ("3H 4H 5H 6H  9S 10S JS  KD KD  JK JK 4C 4C", "4", 20, False),
        # two sequences, no pure one: every card counts, capped at 80
        ("3H JK 5H  9S 10S JK 5S  KD KC KH  QH QD QC", "2", 80, False),
        # pure sequences of three only: no four-card life
        ("3H 4H 5H  9S 10S JS  KD KC KH  2C 3C 4C  6D", "8", 80, False),
        # sets give way to sequences when the lives need them
        ("2H 3H 4H  2S 2D 2C  3S 3D 3C  4S 4D 4C  5C", "9", 0, True),
        ("2H 2S 2D  3S 3D 3C  4S 4D 4C  5S 5D 5C  6C", "9", 0, True),
        # no sequence at all: the whole hand counts, here under the cap
        ("2H 2S 2D  3S 3D 3C  5H 5D 5C  7S 7D 7C  9C", "K", 60, False),
    ],
)
def test_hand_made(hand, wild, count, valid):
    cards = parse(hand)
    a = best_arrangement(cards, wild)
    assert (a.count, a.valid_show) == (count, valid), str(a)
    check(cards, wild)


def test_the_four_card_rule_is_an_option():
    cards = parse("3H 4H 5H  9S 10S JS  KD KC KH  2C 3C 4C  6D")
    assert best_arrangement(cards, "8").count == 80
    relaxed = best_arrangement(cards, "8", four_card_life=False)
    assert (relaxed.count, relaxed.lives) == (6, True)
    check(cards, "8", four_card_life=False)


def test_a_wild_card_as_itself_or_as_joker():
    # 5♥ is wild: as itself it would make 4♥ 5♥ 6♥ pure, but completing the kings is worth more
    cards = parse("4H 5H 6H  9S 10S JS QS  KD KC  2C 3C 4C  8D")
    a = best_arrangement(cards, "5")
    assert a.lives and a.count == 18
    assert [str(m) for m in a.melds][1] == "set K♦ K♣ 5♥"
    check(cards, "5")


def test_bad_input():
    with pytest.raises(ValueError, match="wild rank"):
        best_arrangement(parse("2H 3H 4H"), "1")
    with pytest.raises(ValueError, match="list of Card"):
        best_arrangement(["2H"], "9")


# ---------------------------------------------------------------- random hands


def random_hands(k, seed, packs=2, jokers_at_least=0):
    rng = random.Random(seed)
    pack = full_pack(packs)
    for _ in range(k):
        wild = rng.choice(RANKS)
        while True:
            hand = rng.sample(pack, 13)
            if sum(is_joker(c, wild) for c in hand) >= jokers_at_least:
                break
        yield hand, wild


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(4))
def test_random_hands_match_exhaustive_search(chunk):
    for hand, wild in random_hands(500, seed=chunk):
        check(hand, wild)


@pytest.mark.slow
def test_joker_rich_hands_match_exhaustive_search():
    for hand, wild in random_hands(150, seed=10, jokers_at_least=3):
        check(hand, wild)


@pytest.mark.slow
def test_three_pack_hands_match_exhaustive_search():
    for hand, wild in random_hands(200, seed=11, packs=3, jokers_at_least=2):
        check(hand, wild)
        check(hand, wild, four_card_life=False)


@pytest.mark.slow
def test_near_complete_hands_match_exhaustive_search():
    """Hands built from melds, then disturbed: where the lives and the choices are."""
    rng = random.Random(12)
    for _ in range(200):
        suit, start = rng.choice("SHDC"), rng.randrange(1, 10)
        run = [f"{RANKS[(start + d) % 13]}{suit}" for d in range(rng.choice((3, 4, 5)))]
        pool = [c for c in full_pack() if str(c) not in run]
        hand = parse(" ".join(run)) + tuple(rng.sample(pool, 13 - len(run)))
        wild = rng.choice(RANKS)
        check(list(hand), wild)


def test_fourteen_card_hands_match_exhaustive_search():
    """The widgets arrange a hand of 14 cards too, between a draw and a discard."""
    rng = random.Random(13)
    pack = full_pack()
    for _ in range(100):
        check(rng.sample(pack, 14), rng.choice(RANKS))


def valid_shows(k, seed):
    """Hands that are valid shows (a pure run of 4, a run of 3, two sets; now and then a joker
    in place of a card), some with one card swapped for another from the pack."""
    rng = random.Random(seed)
    pack = full_pack()
    for _ in range(k):
        suits = rng.sample("SHDC", 4)
        a, b = rng.randrange(0, 10), rng.randrange(0, 11)
        runs = [f"{RANKS[a + d]}{suits[0]}" for d in range(4)]
        runs += [f"{RANKS[b + d]}{suits[1]}" for d in range(3)]
        r1, r2 = rng.sample(RANKS, 2)
        sets = [f"{r1}{s}" for s in rng.sample("SHDC", 3)] + [f"{r2}{s}" for s in "SHDC"[:3]]
        hand = list(parse(" ".join(runs + sets)))
        if rng.random() < 0.5:
            hand[rng.randrange(4, 13)] = parse("JK")[0]
        if rng.random() < 0.5:
            hand[rng.randrange(13)] = rng.choice(pack)
        yield hand, rng.choice(RANKS)


@pytest.mark.slow
def test_valid_shows_and_near_misses_match_exhaustive_search():
    shows = 0
    for hand, wild in valid_shows(150, seed=14):
        check(hand, wild)
        check(hand, wild, four_card_life=False)
        shows += best_arrangement(hand, wild).valid_show
    assert 40 < shows < 150  # both answers are met many times
