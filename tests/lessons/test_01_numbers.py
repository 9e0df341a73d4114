"""Every number typed into the text of lesson 01 (license plates), recomputed from the engine
and from an independent count. Each test names the cell it guards; the numbers the lesson's
code cells print are checked by nbval instead."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from math import comb

from lesson_cells import Lesson, accepts, guide_says

import engine
from classplay.tournament import lineups, tournament
from engine.plates import (
    SETUP,
    Agree,
    Bid,
    Challenge,
    Plate,
    bid_chance,
    bid_chance_from_view,
    chance_at_least,
    count_in_play_pmf,
    count_pmf,
    rigged_shuffle,
)
from engine.review import review
from engine.stats import mean_interval
from tabletop_widgets import PlatesTable

LESSON = Lesson("01_license_plates.ipynb")
FIRST_DEAL = rigged_shuffle(
    4,
    stands=[["447 120 $10", "281 593 $5"], ["904 417 $5", "880 217 $20"],
            ["388 265 $20", "164 039 $10"], ["735 049 $15", "578 402 $25"]],
    piles=[["612 974 $25", "936 150 $15"], ["580 336 $10", "472 691 $20"]],
)  # fmt: skip


def hypergeometric_at_least(k: int, good: int, total: int, drawn: int) -> Fraction:
    """P(at least k good among `drawn` cards from `total` holding `good`), by its formula."""
    return sum(
        (Fraction(comb(good, j) * comb(total - good, drawn - j), comb(total, drawn))
         for j in range(max(k, 0), min(good, drawn) + 1)),
        Fraction(0),
    )  # fmt: skip


def test_plates_in_play_with_four_players():  # cell plates-words
    LESSON.says("plates-words", "4 stands + 2 piles = **6 plates, 36 digits**")
    LESSON.says("plates-words", "the count of 4's is 4")
    g = engine.new_game("plates", players=4, seed=3)
    g = g.apply(g.sample_chance())
    assert 4 + SETUP[4].piles == len(g.in_play()) == 6
    assert sum(len(p.number) for _, p in g.in_play()) == 36
    assert Plate.from_str("447 120 $10").count(4) + Plate.from_str("904 417 $5").count(4) == 4


def test_a_four_player_game_lasts_eight_rounds():  # cell plates-rounds
    LESSON.says("plates-rounds", "a 4-player game lasts 8 rounds")
    assert SETUP[4].plates_each == 8
    bots = [engine.make_bot("plates", "basic", seed=k) for k in range(4)]
    end = engine.play(engine.new_game("plates", players=4, seed=5), bots)
    assert all(end.live) and end.round == 8


def test_what_agreeing_with_the_false_bid_cost():  # cell plates-false-bid
    LESSON.says("plates-false-bid", "His fine, 25 dollars, to each of two challengers: 50 dollars")
    LESSON.says("plates-false-bid", "seat 1's fine, 20 dollars")
    g = engine.new_game("plates", players=4, seed=1).apply(FIRST_DEAL)
    for call in (Bid(2, 4), Bid(3, 4), Challenge(), Bid(4, 4), Agree(), Challenge(), Challenge()):
        g = g.apply(call)
    before = g
    g = g.apply(Bid(5, 8)).apply(Challenge()).apply(Agree()).apply(Challenge())
    assert sum(d for payer, _, d in g.results[-1].payments if payer == 3) == 50
    other = before.apply(Bid(5, 8)).apply(Challenge()).apply(Challenge()).apply(Challenge())
    assert sum(d for payer, payee, d in other.results[-1].payments if payee == 3) == 20
    # by the rule: seat 3's own fine to each of two challengers; the bidder's fine to him
    assert 2 * Plate.from_str("578 402 $25").fine == 50 == 2 * 25
    assert Plate.from_str("880 217 $20").fine == 20


def test_agree_up_to_three_more_than_you_hold():  # cells plates-rule-of-thumb, plates-learned
    LESSON.says("plates-rule-of-thumb", "agree up to three more than you hold")
    LESSON.says("plates-learned", '"up to three more than you hold"')
    half = Fraction(1, 2)
    for h, text in enumerate(["123 456 $5", "712 345 $5", "771 234 $5", "777 123 $5"]):
        plate = Plate.from_str(text)
        by_engine = max(k for k in range(1, 37) if bid_chance(Bid(k, 7), plate, 6) >= half)
        by_count = max(
            k for k in range(1, 37) if hypergeometric_at_least(k - h, 30 - h, 294, 30) >= half
        )
        assert by_engine == by_count == h + 3


def test_exercise_1_at_least_two_sevens():  # cell plates-solution-1
    LESSON.says("plates-solution-1", "1 - 0.0225 - 0.0901 = 0.8874")
    guide_says("(1) about 0.8874")
    p = chance_at_least(count_pmf(6, "uniform", digit=7), 2)
    none, one = 0.9**36, 36 * 0.1 * 0.9**35
    assert (round(none, 4), round(one, 4)) == (0.0225, 0.0901)
    assert round(float(p), 4) == round(1 - none - one, 4) == 0.8874


def test_exercise_2_six_fives_with_three_in_hand():  # cell plates-solution-2
    LESSON.says("plates-solution-2", "is about 0.538: **agree**")
    guide_says("(2) agree (about 0.538)")
    p = bid_chance(Bid(6, 5), Plate.from_str("558 035 $10"), 6)
    assert round(float(p), 3) == round(float(hypergeometric_at_least(3, 27, 294, 30)), 3) == 0.538


def test_exercise_3_sevens_expected_with_one_in_hand():  # cell plates-solution-4
    LESSON.says("plates-solution-4", "$1 + 30 \\cdot 29/294 = 194/49 \\approx 3.959$")
    LESSON.says("plates-solution-4", "against 3.6 (36 × 1/10)")
    guide_says("(3) 194/49 ≈ 3.959")
    pmf = count_in_play_pmf(7, Plate.from_str("712 345 $5"), 6)
    mean = sum(k * p for k, p in pmf.items())
    assert mean == 1 + 30 * Fraction(29, 294) == Fraction(194, 49)
    assert round(float(mean), 3) == 3.959
    blind = sum(k * p for k, p in count_pmf(6, "balanced", digit=7).items())
    assert blind == Fraction(36, 10)


def test_who_pays_when_money_runs_out():  # cell plates-out
    LESSON.says(
        "plates-out",
        "seat 1 had 25 dollars and owed 20 to seat 2, 20 to seat 3 and 15 to seat 0",
        "seat 3 got the last 5 dollars",
    )
    unlucky = rigged_shuffle(
        4,
        stands=[["712 345 $25", "170 263 $10", "974 510 $25", "457 912 $25", "327 094 $15"],
                ["736 918 $5", "571 384 $20", "607 452 $5", "817 236 $10", "270 689 $10"],
                ["147 205 $25", "627 390 $10", "275 608 $25", "479 150 $15", "715 234 $20"],
                ["674 013 $25", "387 516 $5", "107 829 $25", "705 341 $25", "963 872 $20"]],
    )  # fmt: skip
    b = engine.new_game("plates", players=4, seed=2).apply(unlucky)
    a, c = Agree(), Challenge()
    for calls in ([Bid(4, 7), c, a, a], [Bid(9, 7), c, c, c], [Bid(4, 7), a, a, c],
                  [Bid(4, 7), a, c, a]):  # fmt: skip
        for call in calls:
            b = b.apply(call)
    assert b.money[1] == 25
    for call in (Bid(4, 7), c, a, a):
        b = b.apply(call)
    assert b.results[-1].payments == ((1, 2, 20), (1, 3, 5))
    # owed by the rule: the fines of the agreers' and the bidder's plates of round 5
    assert [Plate.from_str(p).fine for p in ("715 234 $20", "963 872 $20", "327 094 $15")] == [
        20,
        20,
        15,
    ]


def test_the_first_table_answers_of_play_and_find_out():  # cell plates-play, and the guide
    LESSON.says("plates-play", "Your plate shows the digit 2 twice.")
    guide_says("The student's plate is `261 728`, fine 20 dollars.")
    guide_says("*Bid three 2's.* All three bots agree.", "*Bid five 2's.* All three bots challenge")
    guide_says("there were five 2's: the bid was true", "the student wins 60 dollars")
    table = PlatesTable(players=4, seed=8, humans=(0,))
    assert table.shown.view(0)["my_plate"] == {"number": "261728", "fine": 20}
    table.act(Bid(3, 2))
    assert table.log_lines[-3:] == ["Bot 1 agrees", "Bot 2 agrees", "Bot 3 agrees"]
    assert table.shown.current_player == 0  # back to the bidder: bid higher or cancel
    table = PlatesTable(players=4, seed=8, humans=(0,))
    table.act(Bid(5, 2))
    result = table.shown.results[0]
    assert result.challengers == (1, 2, 3) and result.count == 5
    assert result.payments == ((1, 0, 20), (2, 0, 20), (3, 0, 20))
    # by hand: the six plates in play (the table's reveal), their 2's counted
    plates = ["261728", "506360", "756283", "689280", "846878", "990792"]
    assert [p.number for _, p in result.in_play] == plates
    assert sum(p.count("2") for p in plates) == 5 and 3 * 20 == 60


def test_the_guide_on_the_explorer():  # the guide's section 01
    guide_says('Four players and one 7 on your plate: "four 7\'s" is the highest bid')
    guide_says("with three 7's on your plate, \"six 7's\"")
    guide_says("six plates are in play in each case (5 stands + 1 pile, 6 stands + no pile)")
    half = Fraction(1, 2)
    for held, text, top in ((1, "712 345 $5", 4), (3, "777 123 $5", 6)):
        plate = Plate.from_str(text)
        assert plate.count(7) == held
        assert max(k for k in range(1, 37) if bid_chance(Bid(k, 7), plate, 6) > half) == top
    assert [p + SETUP[p].piles for p in (4, 5, 6)] == [6, 6, 6]


def test_the_guide_on_try_it():  # the guide's section 01, cells plates-77 and plates-78
    guide_says("the 95% interval of the difference holds zero: these games cannot tell the two")
    names = LESSON.run("plates-02", "plates-35", "plates-46", "plates-75", "plates-77")
    games = int(re.search(r"games=(\d+)", LESSON.text("plates-77"))[1])
    mine = [names["money_won"](names["MyStrategy"], s) for s in range(games)]
    basic = [
        names["money_won"](lambda: engine.make_bot("plates", "basic"), s) for s in range(games)
    ]
    _, low, high = mean_interval([a - b for a, b in zip(mine, basic, strict=True)])
    assert low < 0 < high and "Play 200 games twice" in LESSON.text("plates-78") and games == 200


def test_the_checkers_accept_every_correct_form():
    # folded cell plates-expected; check cells plates-51, -54, -57, -60
    expected = LESSON.expected_answers(
        "plates-expected",
        checks=("plates-51", "plates-54", "plates-60"),
        spoilers=("0.887", '"agree"', "194", "0.498"),
        setup=("plates-02", "plates-25", "plates-27", "plates-35", "plates-40", "plates-46"),
    )
    p1 = 1 - Fraction(9, 10) ** 36 - 36 * Fraction(1, 10) * Fraction(9, 10) ** 35
    accepts(expected[1], [p1, 0.887, "0.887", "88.7%", "88.74%"], [0.89, 0.8874 + 0.001, "89%"])
    accepts(expected[2], ["agree", " Agree"], ["challenge", 1])
    accepts(expected[3], [Fraction(194, 49), "194/49", 3.96, "3.959"], [3.6, 4])
    assert expected[4] == chance_at_least(count_pmf(6, "balanced", digit=7), 4)


def test_the_simulation_exercise_and_its_solution(capsys):  # cells plates-sim-*
    LESSON.says("plates-sim-ex", "no wider than ±0.02")
    LESSON.says("plates-sim-solution", "$n \\ge (1.96 \\cdot 0.5 / 0.02)^2 = 2401$")
    LESSON.says("plates-sim-solution", "the exact chance, 0.4987")
    assert round(float(chance_at_least(count_pmf(6, "balanced", digit=7), 4)), 4) == 0.4987
    assert math.ceil((1.96 * 0.5 / 0.02) ** 2) == 2401
    source = LESSON.text("plates-sim-check")
    assert "n = 100" in source and "estimate = ..." in source and "plus_minus = ..." in source
    names = LESSON.run(
        "plates-02",
        "plates-25",
        "plates-27",
        "plates-29",
        "plates-35",
        "plates-40",
        "plates-46",
        "plates-expected",
    )
    solved = "".join(LESSON.cells["plates-sim-check"]["source"])
    solved = solved.replace("n = 100", "n = 2401").replace(
        "estimate = ...", "estimate = sum(true_in) / n"
    )
    solved = solved.replace(
        "plus_minus = ...", "plus_minus = 1.96 * sqrt(estimate * (1 - estimate) / n)"
    )
    capsys.readouterr()
    exec(solved, names)
    assert capsys.readouterr().out.startswith("✓ Your interval")


def test_what_the_expert_reads_in_the_bid_of_section_1():  # cells plates-expert-*
    LESSON.says("plates-expert-intro", "holds two 2's, and a player who challenges that bid")
    LESSON.says("plates-expert-intro", "holds fewer than two")
    LESSON.says("plates-expert-why", "Seat 2 holds one 2.", "the bid needs only two more")
    LESSON.says("plates-expert-why", "among the four other plates", "seat 1 holds fewer than two")
    LESSON.says("plates-expert-why", "Seat 3 holds one 2 as well", "You did hold two 2's")
    half = Fraction(1, 2)
    # the basic bot bids up to three more than it holds, and agrees "five" holding two or more
    for held, text in enumerate(["134 567 $5", "123 456 $5", "122 345 $5", "222 345 $5"]):
        plate = Plate.from_str(text)
        assert max(k for k in range(1, 37) if bid_chance(Bid(k, 2), plate, 6) >= half) == held + 3
        assert (bid_chance(Bid(5, 2), plate, 6) >= half) == (held >= 2)
    first = engine.new_game("plates", players=4, seed=8)
    first = first.apply(first.sample_chance())
    assert first.history == PlatesTable(players=4, seed=8, humans=(0,)).shown.history
    plates = dict(first.in_play())
    assert [plates[f"seat {s}"].count(2) for s in range(4)] == [2, 0, 1, 1]
    assert len(plates) - 2 == 4  # the plates besides yours and seat 2's
    expert, basic = engine.make_bot("plates", "expert"), engine.make_bot("plates", "basic")
    position, calls = first.apply(Bid(5, 2)), {}
    for seat in (1, 2, 3):
        p = bid_chance(Bid(5, 2), plates[f"seat {seat}"], 6)
        calls[seat] = (p > half, expert.advise(position).best.action)
        position = position.apply(basic.choose(position))
    assert calls == {1: (False, Challenge()), 2: (False, Agree()), 3: (False, Challenge())}
    assert position.results[0].count == 5  # the bid was true


def test_the_experts_opening_in_the_deal_of_section_1():  # cell plates-expert-opening-why
    LESSON.says("plates-expert-opening-why", '"Three 2\'s" is almost surely true')
    LESSON.says("plates-expert-opening-why", "within three of what anyone holds")
    LESSON.says("plates-expert-opening-why", '"Four 2\'s" lies between')
    LESSON.says("plates-expert-opening-why", "for every player who holds no 2, who challenges it")
    first = engine.new_game("plates", players=4, seed=8)
    advice = engine.make_bot("plates", "expert").advise(first.apply(first.sample_chance()))
    assert advice.best.action == Bid(4, 2) and advice.judged(Bid(3, 2)).value == 0
    half = Fraction(1, 2)
    none, one = Plate.from_str("134 567 $5"), Plate.from_str("123 456 $5")
    assert bid_chance(Bid(4, 2), none, 6) < half <= bid_chance(Bid(4, 2), one, 6)


def test_the_class_tournament_tables(capsys):  # cell plates-tournament-intro
    LESSON.says("plates-tournament-intro", "a table of four, two players of each sitting")
    LESSON.says("plates-tournament-intro", "Each deal is played twice")
    LESSON.says("plates-tournament-intro", "on twice as many deals")
    assert lineups(4) == [(0, 1, 0, 1), (1, 0, 1, 0)] and lineups(4, duplicate=False) == [
        (0, 1, 0, 1)
    ]
    code = LESSON.text("plates-tournament")
    assert "def class_tournament(games=40)" in code and "games=games, players=4" in code
    assert "games=2 * games, duplicate=False" in code
    names = LESSON.run("plates-02", "plates-35", "plates-46", "plates-75", "plates-tournament")
    names["class_tournament"](games=2)  # what the button runs, on fewer deals
    out = capsys.readouterr().out
    assert "duplicate deals: 2 deals × 2 seating(s) = 4 games" in out
    assert "each deal once: 4 deals × 1 seating(s) = 4 games" in out


def test_the_costliest_mistake_of_the_review():  # cell plates-costliest-why
    LESSON.says("plates-costliest-why", "so seat 1 held two 9's, and seat 3 had agreed")
    bots = [engine.make_bot("plates", "basic", seed=k) for k in range(4)]
    game = engine.play(engine.new_game("plates", players=4, seed=1), bots)
    worst = max(review(game, seats=0).decisions, key=lambda d: d.loss)
    before = game.at(worst.move)
    assert worst.played == Challenge() and worst.advice.best.action == Agree()
    assert before.view(0)["calls"] == [[1, "five 9's"], [2, "challenge"], [3, "agree"]]
    assert dict(before.in_play())["seat 1"].count(9) == 2
    assert bid_chance_from_view(before.view(0)) < Fraction(1, 2)  # the rule: challenge


def test_the_guide_on_the_opening_and_the_tournament():  # the guide's section 01, 6e and 6f
    guide_says("In a duplicate tournament of 100 deals against the basic bot alone")
    guide_says("the strategy as written loses to the basic bot by a little, and with `+ 2`")
    guide_says("the game's default is three players, which plays each deal in six lineups")
    names = LESSON.run("plates-02", "plates-35", "plates-46", "plates-75")
    three_more = names["opening_bid"]  # the lesson's: three more than it holds
    for plus, sign in ((3, -1), (2, 1)):
        names["opening_bid"] = lambda plate, plus=plus: Bid(
            three_more(plate).count - 3 + plus, three_more(plate).digit
        )
        match = tournament(
            {"MyStrategy": names["MyStrategy"], "basic": "basic"}, "plates", games=100, players=4
        ).match("MyStrategy", "basic")
        _, low, high = match.interval()
        assert sign * low > 0 and sign * high > 0, (plus, match.interval())
    assert engine.new_game("plates").num_players == 3
    assert (len(lineups(3)), len(lineups(4))) == (6, 2)


def test_the_guide_on_the_review():  # the guide's section 01, 6h
    guide_says("(four basic bots, seed 1, seat 0 reviewed)", "seat 1's \"five 9's\" in round 2")
    bots = [engine.make_bot("plates", "basic", seed=k) for k in range(4)]
    game = engine.play(engine.new_game("plates", players=4, seed=1), bots)
    worst = max(review(game, seats=0).decisions, key=lambda d: d.loss)
    result = game.results[len(game.at(worst.move).results)]
    assert str(result).startswith("round 2: seat 1 bid five 9's") and result.bid_true
