"""Every number the Indian Rummy lesson (notebooks/04_indian_rummy.ipynb) states in its text,
recomputed from the engine and from a count of our own. Each test names the cell it guards;
numbers a cell prints itself are checked by strict nbval."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb

import numpy as np
from lesson_cells import Lesson, accepts, guide_says

import engine
from engine.cards import RANKS, Card, parse
from engine.rummy import (
    Draw,
    Drop,
    Toss,
    best_arrangement,
    completion_chance,
    count_of,
    full_pack,
    hand_points_pmf,
    jokers_in_hand_pmf,
    pure_sequence_chance,
    rigged_shuffle,
)
from engine.rummy.expert import FIRST_HAND, PLAYED_ON

LESSON = Lesson("04_indian_rummy.ipynb")


def value(card: Card, wild: str = "") -> int:
    """Our own card points: jokers 0, ace and pictures 10, the others their number."""
    if card.is_joker or card.rank == wild:
        return 0
    return 10 if card.rank in ("A", "J", "Q", "K") else int(card.rank)


def completes(pair: tuple[Card, ...], card: Card, wild: str, pure: bool) -> bool:
    """Our own test of a three-card sequence: the same suit and three ranks in a row (no ace
    in these examples), or, for any meld, a joker standing in."""
    if not pure and (card.is_joker or card.rank == wild):
        return True
    if card.is_joker or {c.suit for c in pair} != {card.suit}:
        return False
    ranks = sorted(RANKS.index(c.rank) for c in (*pair, card))
    return ranks == list(range(ranks[0], ranks[0] + 3))


def chance_by_count(pair: str, seen: str, wild: str, pure: bool) -> Fraction:
    """The chance that the next card completes ``pair``, counted card by card over the unseen."""
    unseen = Counter(full_pack()) - Counter(parse(seen))
    good = sum(n for card, n in unseen.items() if completes(parse(pair), card, wild, pure))
    return Fraction(good, sum(unseen.values()))


def test_the_rules_examples_add_up():
    # cells c9ff7d11 and 96a081e6: the counts worked by hand in the rules section
    names = LESSON.run("cec8eddc", "116c2f83", "c5bd5c76", "32cbc7ef", "3c979543", "c1d256da")
    hand = parse("2H 3H 4H 5H 9S 10S JK QC QD QS 6C 8C KD")
    assert sum(value(c) for c in hand) == 87
    assert "2+3+4+5+9+10+10+10+10+6+8+10 = 87" in LESSON.text("c9ff7d11")
    assert count_of([hand[:4], hand[7:10], hand[4:6], hand[6:7], hand[10:]], "7") == (80, False)
    end = names["g"]
    seat2 = end.hands[2]
    assert sum(value(c) for c in seat2) == 120 and "every card counts, 120 points" in (
        LESSON.text("96a081e6")
    )
    loose = best_arrangement(end.hands[1], "7").loose
    assert sorted(value(c) for c in loose) == [2, 3, 4, 6, 10]
    assert "(2+3+4+6+10 = 25)" in LESSON.text("96a081e6")
    assert end.returns() == [105, -25, -80]


def test_spare_jokers_are_laid_aside():
    # cells rummy-spare-text and rummy-spare-own: three jokers, one used, two laid aside
    hand = parse("2S 3S 4S 5S  JS JH JC  3C 4C 5C  JK JK 7D")
    assert sum(c.is_joker or c.rank == "7" for c in hand) == 3
    shown = best_arrangement(hand, "7")
    assert shown.valid_show and shown.count == 0 and len(shown.spare) == 2
    assert "three jokers" in LESSON.text("rummy-spare-text")
    assert "the other two are laid aside" in LESSON.text("rummy-spare-own")


def test_jokers_in_a_hand():
    # cells 59d6a541, ee72e6b2 and cd75e70f: 7 hands in 10 hold a joker, 3 in 10 two or more,
    # and the one dot outside its bar is the one the text names; 39/35 a hand
    pmf = jokers_in_hand_pmf()
    ours = {k: Fraction(comb(9, k) * comb(96, 13 - k), comb(105, 13)) for k in range(10)}
    assert pmf == ours
    assert round(float(1 - ours[0]), 1) == 0.7
    assert round(float(1 - ours[0] - ours[1]), 1) == 0.3
    text = LESSON.text("59d6a541")
    assert "Seven hands in ten hold a joker, and about three in ten two or more" in text
    assert "One dot, at two jokers, misses its bar" in text
    assert "misses the exact value: 1 of 7, k = [2]" in LESSON.output("ee72e6b2")
    assert sum(k * p for k, p in ours.items()) == Fraction(13 * 9, 105) == Fraction(39, 35)
    assert "39/35 \\approx 1.114" in LESSON.text("cd75e70f")


def no_run_suit() -> list[int]:
    """Ways to hold k cards of one suit (two copies of each rank) without three ranks in a row,
    Q K A counting as a row: every set of ranks held, each held once (2 ways) or twice."""
    ways = [0] * 27
    for held in product((0, 1), repeat=13):
        rows = [*held, held[0]]  # the ace again above the king
        if any(rows[r] and rows[r + 1] and rows[r + 2] for r in range(12)):
            continue
        poly = [1]
        for h in held:
            if h:
                longer = [0] * (len(poly) + 2)
                for k, n in enumerate(poly):
                    longer[k + 1] += 2 * n  # one copy, from either pack
                    longer[k + 2] += n  # both copies
                poly = longer
        for k, n in enumerate(poly):
            ways[k] += n
    return ways


def test_pure_sequence_chance():
    # cell aa2523d1: "only about 37%" of hands start with a pure sequence
    suit = no_run_suit()
    hands = [1]
    for poly in (suit, suit, suit, suit, [1, 2, 1]):  # four suits, then 0-2 printed jokers
        hands = [
            sum(hands[i] * poly[k - i] for i in range(len(hands)) if 0 <= k - i < len(poly))
            for k in range(14)
        ]
    ours = 1 - Fraction(hands[13], comb(106, 13))
    assert ours == pure_sequence_chance()
    assert round(100 * float(ours)) == 37
    assert "Only about **37%**" in LESSON.text("aa2523d1")
    assert "about 37% of hands start with one" in LESSON.text("46e117a2")


def test_the_cap_bites_two_hands_in_three():
    # cell ac28e221: about two hands in three hold more than 80 points
    over = float(sum(p for k, p in hand_points_pmf().items() if k > 80))
    rng, n = np.random.default_rng(4), 20_000
    pack = full_pack()
    held = 0
    for _ in range(n):
        deal = [pack[i] for i in rng.choice(len(pack), 14, replace=False)]
        wild = "A" if deal[13].is_joker else deal[13].rank
        held += sum(value(c, wild) for c in deal[:13]) > 80
    assert abs(held / n - over) < 4 * (over * (1 - over) / n) ** 0.5
    assert abs(over - 2 / 3) < 0.02
    text = LESSON.text("ac28e221")
    assert "About two hands in three hold more than 80 points" in text
    assert "would lose the full 80 about two times in three" in text and round(over, 2) == 0.68


def test_completing_a_connector_given_what_you_see():
    # cells rummy-count-text, 4cf64b6b, rummy-twice-text: 3/101 and 1/101 (three times),
    # 4/103 and 2/103 (twice), 12/101 and 10/101 with the jokers; the cut 9 is seen
    four = "5H 6H 5H 7H 9C"
    assert chance_by_count("5H 6H", four, "9", pure=True) == Fraction(3, 101)
    assert chance_by_count("5H 7H", four, "9", pure=True) == Fraction(1, 101)
    assert chance_by_count("5H 6H", "5H 6H 9C", "9", pure=True) == Fraction(4, 103)
    assert chance_by_count("5H 7H", "5H 7H 9C", "9", pure=True) == Fraction(2, 103)
    for pair, want in (("5H 6H", Fraction(12, 101)), ("5H 7H", Fraction(10, 101))):
        assert chance_by_count(pair, four, "9", pure=False) == want
        unseen = Counter(full_pack()) - Counter(parse(four))
        assert completion_chance(parse(pair), "9", unseen) == want
    assert "only one 7♥ (the other is in your hand)" in LESSON.text("rummy-count-text")
    assert "**three times** the gap's here" in LESSON.text("4cf64b6b")
    text = LESSON.text("rummy-twice-text")
    assert "**twice** a gap's chance only when you hold none" in text
    assert "counting any meld, 12/101 against 10/101" in text
    ratio = chance_by_count("5H 6H", four, "9", False) / chance_by_count("5H 7H", four, "9", False)
    assert ratio == Fraction(6, 5)


def test_exercises():
    # folded cell d5ffe3eb, its check cells, and the solutions 72db5856, d4b24348, cd75e70f,
    # b1ea6679
    expected = LESSON.expected_answers(
        "d5ffe3eb",
        checks=("24397d37", "bc7dddd0", "4a1456e5", "6c2a5805"),
        spoilers=("50", '"yes"', "39", "11/103", "Fraction"),
        setup=("cec8eddc", "e3386d60", "rummy-unseen", "rummy-count", "650d258a"),
    )
    loose = parse("KC KH 5C 5H 10D JS")
    assert expected[1] == sum(value(c) for c in loose) == 50
    assert "are loose: **50**" in LESSON.text("72db5856")
    assert expected[2] == "yes" and "**Yes**" in LESSON.text("d4b24348")
    assert expected[3] == Fraction(39, 35)
    # Exercise 4: two 10♦, seven fours (the eighth is the cut card, seen) and two printed jokers
    assert expected[4] == Fraction(2 + 7 + 2, 106 - 3) == Fraction(11, 103)
    assert expected[4] == chance_by_count("9D JD", "9D JD 4S", "4", pure=False)
    text = LESSON.text("b1ea6679")
    assert "106 − 3 = 103" in text and "2 + 7 + 2 = 11" in text and "11/103 ≈ 0.107" in text
    assert "12/104" in text and Fraction(12, 104) != expected[4]
    accepts(
        expected[4], ("11/103", Fraction(11, 103), 0.107, 0.1068), (Fraction(3, 26), 0.115, 0.1)
    )


def test_the_drop_study_and_try_it_say_what_the_deals_show():
    # cells 4528b87e, 09f279ad, 551bd29c, rummy-try-text, 17550dcb: the studies run behind
    # buttons; their conclusions are rerun on fresh seeds by test_replication.py
    LESSON.says("551bd29c", "**playing on a hopeless hand averages below −10**")
    LESSON.says("551bd29c", "its whole interval lies below the price of a drop")
    LESSON.says("551bd29c", "**Any other hand averages above −10**")
    assert "def drop_study(deals=40)" in LESSON.text("09f279ad")
    assert "def try_it(players=PLAYERS, deals=200)" in LESSON.text("17550dcb")
    names = LESSON.run("cec8eddc", "5131ceae", "92eaa42e", "09f279ad")
    names["drop_study"](deals=2)  # what the buttons run, on fewer deals
    names = LESSON.run("cec8eddc", "5131ceae", "92eaa42e", "45b7d369", "rummy-try-defs", "17550dcb")
    names["try_it"]({**names["PLAYERS"], "PlaysOn": names["PlaysOn"]}, deals=4)
    LESSON.says("e4bf1de3", '`try_it({**PLAYERS, "PlaysOn": PlaysOn})`')


def test_spare_joker_is_a_safe_discard():
    # cell rummy-spare-after: nobody may take a joker from the open pile
    import engine
    from engine.rummy import Discard, Draw, Toss, rigged_shuffle

    deal = rigged_shuffle(2, hands=["JK 2S 3S"], open_card="KD", cut="7C", stock="4H 5H")
    g = engine.new_game("rummy", players=2, seed=1).apply(Toss(0)).apply(deal)
    g = g.apply(Draw("stock")).apply(Discard(Card("JK", "")))
    assert Draw("open") not in g.legal_actions()
    assert "nobody may take a joker from the open pile" in LESSON.text("rummy-spare-after")


def test_what_we_learned():
    # cell 46e117a2: 9 jokers in play, about 1.1 in a hand, two packs
    text = LESSON.text("46e117a2")
    cut = Card("7", "H")
    jokers = sum(c.is_joker or c.rank == cut.rank for c in full_pack()) - 1
    assert jokers == 9 and "9 in play with two packs, about 1.1 in a hand" in text
    assert round(float(sum(k * p for k, p in jokers_in_hand_pmf().items())), 1) == 1.1
    assert "[05 · Make-A-Million Rupees](05_make_a_million_rupees.ipynb)" in text


def test_the_expert_at_the_stock_or_the_open_card():
    # cells rummy-expert-draw-text, -draw and -draw-read, and the guide's answer: 12 or 13 of
    # the 91 unseen cards complete 5♥ 6♥, the stock's detail counts them, a drop costs 10
    names = LESSON.run("cec8eddc", "rummy-expert")
    LESSON.says("rummy-expert-draw-text", "`5♥ 6♥ K♦ 8♣ 3♠ J♣` are loose")
    LESSON.says("rummy-expert-draw-read", "here the cards that complete `5♥ 6♥`, as in 3c")
    guide_says("12 of 91 instead of 13 of 91", "106 − 13 − 1 − 1 = 91")
    hand = "10S JS QS KS  2C 3C 4C  5H 6H  KD 8C 3S JC"
    mine = best_arrangement(parse(hand), "9")
    assert mine.lives and sorted(map(str, mine.loose)) == sorted("5♥ 6♥ K♦ 8♣ 3♠ J♣".split())
    assert mine.count == sum(value(c) for c in mine.loose) == 42
    for top, good in (("7H", 12), ("QH", 13)):
        s = engine.new_game("rummy", players=2, seed=1).apply(Toss(0))
        s = s.apply(rigged_shuffle(2, hands=[hand], open_card=top, cut="9C", seed=1))
        seen = f"{hand} {top} 9C"
        assert chance_by_count("5H 6H", seen, "9", pure=False) == Fraction(good, 91)
        advice = names["expert"].advise(s)
        assert f"{good} of 91 unseen meld" in advice.judged(Draw("stock")).detail
        assert advice.judged(Drop()).value == -10
        assert f"open card {parse(top)[0]}: {good} of 91 unseen" in LESSON.output(
            "rummy-expert-draw"
        )


def test_the_price_of_a_drop_moves_only_the_drop():
    # cell rummy-expert-drop-read's self-check, answered in the guide: with first_drop=20 only
    # the drop's value changes
    names = LESSON.run("cec8eddc", "92eaa42e", "rummy-expert")
    LESSON.says("rummy-expert-drop-read", "Played with `first_drop=20`")
    guide_says("only the drop's line changes, to −20")
    for kind in (True, False):
        s = names["first_hand"](kind, 0)
        dear = engine.new_game("rummy", players=2, seed=0, first_drop=20).apply(s.history[0])
        dear = dear.apply(s.history[1])
        assert dear.hands == s.hands
        cheap, costly = (names["expert"].advise(x) for x in (s, dear))
        assert costly.judged(Drop()).value == -20 and cheap.judged(Drop()).value == -10
        for option in cheap.options:
            if option.action != Drop():
                assert costly.judged(option.action).value == option.value


def test_the_expert_plays_on_past_the_line():
    # cell rummy-expert-drop-read: the fitted first-hand line is below −10 "past 61 points
    # loose", and a hand that is not hopeless is never valued below that drop
    base, per_point = FIRST_HAND
    assert base - per_point * 61 >= -10 > base - per_point * 62
    assert PLAYED_ON == -10
    LESSON.says("rummy-expert-drop-read", "below −10, past 61 points loose")


def test_the_guide_says_what_the_review_found():
    # cell rummy-review (its output checked by strict nbval) and the teacher's guide's
    # lesson-4 section: the expert agrees with every one of the basic bot's 14 decisions in
    # the reviewed deal
    shown = [
        o.get("data", {}).get("text/html", "") for o in LESSON.cells["rummy-review"]["outputs"]
    ]
    said = "14 decisions reviewed: the expert agreed with 14; 0 costly mistakes"
    assert any(said in "".join(html) for html in shown)
    guide_says("the expert agrees with all 14 of the basic bot's decisions")
