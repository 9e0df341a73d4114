"""Every number typed into the text of lesson 03 (Michigan), recomputed from the engine and
from an independent count; and every reading of a simulation in the text checked against
what the simulation printed. Each test names the cell it guards."""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from math import comb, prod

from lesson_cells import Lesson, accepts, guide_says

import engine
from engine.cards import Card
from engine.michigan import (
    Exchange,
    Sell,
    all_boodles_live_chance,
    boodle_dead_chance,
    dead_chance,
    hand_sizes,
    next_card_dead_chance,
)
from engine.review import review
from tabletop_widgets import MichiganTable
from tabletop_widgets.lesson import share_interval

LESSON = Lesson("03_michigan.ipynb")
INTERVAL = re.compile(r"([+-]\d+\.\d+) ± (\d+\.\d+)")


def intervals(text: str) -> list[tuple[float, float]]:
    return [(float(m), float(b)) for m, b in INTERVAL.findall(text)]


def test_the_ante():  # cells michigan-ante, michigan-seats, michigan-seats-read
    LESSON.says("michigan-ante", "50 chips each: the dealer puts 2 on each boodle card")
    LESSON.says("michigan-seats", "The dealer (seat 0) antes 8 chips, the others 4")
    LESSON.says("michigan-seats-read", "his double ante costs him 4 chips more")
    g = engine.new_game("michigan", players=3, seed=1)
    assert g.chips == (50 - 2 * 4, 50 - 4, 50 - 4) and g.boodle == (2 + 1 + 1,) * 4
    assert 2 * 4 - 1 * 4 == 4


def test_the_deal_order_by_hand():  # cells michigan-by-hand, michigan-next-dead
    LESSON.says("michigan-by-hand", "the hands take turns dead, 1, 2, 3, 0")
    LESSON.says("michigan-next-dead", "you hold 11 cards, the dead hand 11")
    start = engine.new_game("michigan", players=4, seed=3)
    shuffle = start.sample_chance(random.Random(1))
    dealt = start.apply(shuffle)
    deck = shuffle.cards
    for hand, seat in enumerate(("dead", 1, 2, 3, 0)):
        held = dealt.dead if seat == "dead" else dealt.hands[seat]
        assert sorted(map(str, held)) == sorted(map(str, deck[hand::5]))
    assert hand_sizes(4) == [len(range(k, 52, 5)) for k in range(5)] == [11, 11, 10, 10, 10]
    assert boodle_dead_chance(4) == Fraction(len(range(0, 52, 5)), 52) == Fraction(11, 52)


def test_the_seats_and_the_exchange_say_what_the_deals_show():
    # cells michigan-seats-read, -exchange-read, -learned; their simulations are rerun on
    # fresh seeds by test_replication.py
    LESSON.says("michigan-seats-read", "**the first leader, seat 1, does best**")
    LESSON.says("michigan-seats-read", "**the dealer does worst**", "Seats 2 and 3 cannot be told")
    LESSON.says("michigan-exchange-read", "with four players as with three, **the interval of the")
    LESSON.says("michigan-exchange-read", "total holds zero**", "on its first 1,000 deals alone")
    LESSON.says("michigan-learned", "the first leader has the best seat and the dealer the worst")
    LESSON.says("michigan-learned", "whether a blind exchange costs the dealer, the deals do not")
    assert "def seat_study(deals=3000)" in LESSON.text("michigan-seat-table")
    assert "def exchange_study(deals=2000)" in LESSON.text("michigan-41")
    assert hand_sizes(4)[0] == 11 and hand_sizes(4)[-1] == 10 and set(hand_sizes(3)) == {13}
    seats = LESSON.run("michigan-02", "michigan-07", "michigan-34", "michigan-seat-table")
    seats["seat_study"](deals=3)  # what the buttons run, on fewer deals
    exchange = LESSON.run("michigan-02", "michigan-07", "michigan-40", "michigan-41")
    exchange["exchange_study"](deals=3)


def test_exercise_solutions():  # cells michigan-solution-1 to -4
    LESSON.says("michigan-solution-1", "dealt first, gets 9", "**9/52 ≈ 0.173**")
    assert hand_sizes(5)[0] == len(range(0, 52, 6)) == 9
    assert boodle_dead_chance(5) == Fraction(9, 52) and round(9 / 52, 3) == 0.173
    LESSON.says("michigan-solution-2", "about **0.304**")
    by_product = prod(Fraction(39 - i, 52 - i) for i in range(4))
    assert all_boodles_live_chance(3) == Fraction(comb(48, 13), comb(52, 13)) == by_product
    assert round(float(by_product), 3) == 0.304
    LESSON.says("michigan-solution-3", "3 + 5 + 2 = **10** chips")
    LESSON.says("michigan-solution-4", "$u = 52 - 10 - 4 - 2 = 36$", "9/36 = **1/4**")
    assert dead_chance(52 - 10 - 4 - 2, 11 - 2) == Fraction(9, 36) == Fraction(1, 4)
    guide_says("(1) 9/52 ≈ 0.173, (2) 6327/20825 ≈ 0.304, (3) 10 chips,", "(4) 9/36 = 1/4")
    guide_says("(5) about 2,240 deals")
    assert math.ceil(1.96**2 * 0.37 * 0.63 / 0.02**2) in range(2230, 2250)
    LESSON.says("michigan-sim-solution", "needs about 2,240 deals", "\\approx 0.374$")
    assert round(float(all_boodles_live_chance(4)), 3) == 0.374
    assert by_product == Fraction(6327, 20825)


def test_what_we_learned():  # cell michigan-learned
    LESSON.says("michigan-learned", "from under a third (3 players) to about three in five")
    assert all_boodles_live_chance(3) < Fraction(1, 3)
    assert round(float(all_boodles_live_chance(8)), 1) == 0.6


def test_the_first_table_in_the_guide():  # cell michigan-play, and the guide's section 03
    guide_says("The student's hand is 5♠ Q♠ A♠ 5♥ 6♥ Q♥ 5♦ A♦ 3♣ 9♣.")
    guide_says("Bot 1, on the dealer's left, leads 6♦: his lowest diamond.")
    guide_says("Bot 2 buys it for 1 chip", "the first run stops after 7♦ because 8♦ is")
    guide_says("the next after 8♠ (9♠ dead), the next at A♥")
    guide_says("the diamond run goes on to J♦, and the student must play the next card, Q♦")
    guide_says("after auctioning, the student goes out first and collects 6 chips")
    guide_says("after exchanging, Bot 3 goes out and collects 8")
    outcomes = {}
    for choice in (Sell(), Exchange()):
        table = MichiganTable(players=4, seed=5, humans=(0,))
        assert " ".join(table.shown.view(0)["hand"]) == "5♠ Q♠ A♠ 5♥ 6♥ Q♥ 5♦ A♦ 3♣ 9♣"
        table.act(choice)
        lines = table.log_lines
        assert lines[lines.index("Bot 1 leads 6♦") - 1].startswith(("Bot 2 buys", "You exchange"))
        if choice == Sell():
            assert "Bot 2 buys the dead hand for 1 (to You)" in lines
            stops = [line for line in lines if line.startswith("Stop")]
            assert [s.split(":")[0] for s in stops] == [
                "Stop after 7♦",
                "Stop after 8♠",
                "Stop after A♥",
            ]
            assert "8♦, is in the dead hand" in stops[0] and "9♠, is in the dead hand" in stops[1]
        else:
            assert lines[-1] == "Bot 2 plays J♦"
            assert [str(a) for a in table.shown.legal_actions()] == ["play Q♦"]
        while not table.shown.is_terminal():  # the student plays the first card offered
            if table.paused:
                table.resume()
            else:
                table.act(table.shown.legal_actions()[0])
        result = table.shown.results[0]
        outcomes[str(choice)] = (
            result.winner,
            sum(c for _, _, c, why in result.payments if why == "cards"),
        )
    assert outcomes == {"auction the dead hand": (0, 6), "exchange for the dead hand": (3, 8)}


def test_the_guide_on_the_explorer():  # the guide's section 03
    guide_says("With N = 100 the error bars reach about ±0.08 to ±0.1; with N = 1,000 about ±0.03")
    guide_says("All four boodles are live more often than not from 6 players on.")
    bar = [1.96 * (float(p) * (1 - float(p)) / n) ** 0.5 for n in (100, 1000)
           for p in (boodle_dead_chance(4), all_boodles_live_chance(4))]  # fmt: skip
    assert 0.075 < bar[0] < bar[1] < 0.1 and 0.02 < bar[2] < bar[3] < 0.035
    guide_says("at N = 1,000 the intervals of 3 and 4 players overlap", "at N = 5,000 they")
    three, four = float(boodle_dead_chance(3)), float(boodle_dead_chance(4))
    for n, apart in ((1000, False), (5000, True)):
        low3, _ = share_interval(three * n, n)
        _, high4 = share_interval(four * n, n)
        assert (high4 < low3) == apart  # the exact shares, dealt exactly, at each N
    live = {n: all_boodles_live_chance(n) for n in range(3, 9)}
    assert [n for n in live if live[n] > Fraction(1, 2)] == [6, 7, 8]


def test_the_guide_on_try_it():  # the guide's section 03, cell michigan-try-it (its button)
    # the verdicts are rerun on fresh seeds by test_replication.py
    guide_says("about as good as the basic bot's rule: the interval of the difference holds zero")
    guide_says('"Never exchange" is a closer call')
    names = LESSON.run("michigan-02", "michigan-34", "michigan-58", "michigan-try-it")
    names["try_it"](deals=3)  # what the button runs, on fewer deals


def test_the_checkers_accept_every_correct_form():
    # folded cell michigan-expected; check cells michigan-46, -49, -52, -55
    expected = LESSON.expected_answers(
        "michigan-expected",
        checks=("michigan-46", "michigan-49", "michigan-52", "michigan-55"),
        spoilers=("9/52", "0.304", "10,", "1/4", "Fraction(", "0.374"),
        setup=("michigan-02", "michigan-24", "michigan-26", "michigan-32"),
    )
    assert expected[5] == all_boodles_live_chance(4)
    accepts(expected[1], [Fraction(9, 52), "9/52", 0.173], [0.17, Fraction(9, 51)])
    accepts(expected[2], [Fraction(6327, 20825), "6327/20825", 0.304], [0.3, (39 / 52) ** 4])
    accepts(expected[3], [10, "10"], [9, 11])
    accepts(expected[4], [Fraction(1, 4), "9/36", 0.25], [Fraction(11, 36), 0.3])


def out_first(detail: str) -> float:
    """The share of layouts where the mover goes out first, from an option's detail."""
    return float(re.search(r"out first (\d+)%", detail)[1]) / 100


def test_the_expert_at_a_lead():  # cells michigan-expert-lead, -lead-read, and the guide
    LESSON.says("michigan-expert-lead-read", "leading A♦ and then Q♥ takes this player out in")
    LESSON.says("michigan-expert-lead-read", "exactly the cards left in the other hands")
    LESSON.says("michigan-expert-lead-read", "share for Q♥ is a little above that chance")
    LESSON.says("michigan-expert-lead-read", "(one card each here) and led Q♥")
    guide_says("worth exactly the 7 cards left in the other hands (3 + 1 + 3)")
    guide_says("wins when K♥ is dead (1/8)", "share (18%) is above 1/8")
    bots = [engine.make_bot("michigan", "basic", seed=k) for k in range(4)]
    game = engine.play(engine.new_game("michigan", players=4, seed=18, deals=1), bots)
    late = game.at(35)
    view = late.view(late.current_player)
    assert view["hand"] == ["Q♥", "A♦"] and str(game.history[35]) == "play Q♥"
    ace, queen = engine.make_bot("michigan", "expert").advise(late).options
    others = sum(view["hand_sizes"]) - len(view["hand"])
    assert str(ace.action) == "play A♦" and ace.value == others == 3 + 1 + 3
    assert out_first(ace.detail) == 1
    k_over_u = next_card_dead_chance(view, Card("Q", "H"))
    assert k_over_u == Fraction(1, 8) < out_first(queen.detail) == 0.18 < 2 * k_over_u


def test_the_expert_for_the_dealer():  # cells michigan-expert-dealer, -dealer-read, the guide
    LESSON.says("michigan-expert-dealer-read", "the expert exchanges the first two hands,")
    LESSON.says("michigan-expert-dealer-read", "although each holds an ace, and auctions the")
    LESSON.says("michigan-expert-dealer-read", "which holds two boodle cards")
    LESSON.says("michigan-expert-dealer-read", "the expert's boodle figure is lower")
    LESSON.says("michigan-expert-dealer-read", "In the first two hands the gap is smaller than")
    LESSON.says("michigan-expert-dealer-read", "its interval: close")
    guide_says("both close calls: each gap lies within its 95% interval")
    guide_says("chance 11/42 (3b's k/u), about 5.2 chips on average")
    guide_says("`MyDealer` as written auctions all three")
    my_dealer = LESSON.run("michigan-02", "michigan-58")["MyDealer"]()
    expert = engine.make_bot("michigan", "expert")
    close = []
    for seed, best in ((5, Exchange()), (8, Exchange()), (11, Sell())):
        dealt = engine.new_game("michigan", players=4, seed=seed, deals=1)
        dealt = dealt.apply(dealt.sample_chance())
        view = dealt.view(0)
        boodles = {b["card"] for b in view["boodle"]} & set(view["hand"])
        assert any(c.startswith("A") for c in view["hand"]) and not my_dealer.wants_dead_hand(view)
        assert len(boodles) == (2 if seed == 11 else 0)
        advice = expert.advise(dealt)
        assert advice.best.action == best
        exchange, sell = advice.judged(Exchange()), advice.judged(Sell())
        assert out_first(exchange.detail) < out_first(sell.detail)
        on_dead = sum(b["chips"] for b in view["boodle"] if b["card"] not in boodles) * Fraction(
            11, 42
        )
        boodle = float(re.search(r"boodle (\d+\.\d)", exchange.detail)[1])
        assert boodle < on_dead and (seed == 11 or round(float(on_dead), 1) == 5.2)
        runner = advice.options[1]
        assert advice.versus(runner.action) in LESSON.output("michigan-expert-dealer")
        close.append(advice.loss(runner.action) < runner.loss_interval)
    assert close == [True, True, False]  # the first two hands are close calls


def test_the_review_of_a_random_dealer():  # cells michigan-review, -review-worst, -read
    LESSON.says("michigan-review-read", "It came first: the random dealer exchanged a hand")
    LESSON.says("michigan-review-read", "holding two boodle cards, like the third hand")
    guide_says("4 decisions, 2 costly mistakes; the costliest is the first, exchanging a hand")
    guide_says("holds A♥ and J♠ (+1.1 against +12.1 chips for the auction)")
    assert LESSON.output("michigan-review-worst").startswith("move 1: exchange for the dead hand")
    bots = [engine.make_bot("michigan", "random", seed=4)]
    bots += [engine.make_bot("michigan", "basic", seed=k) for k in (1, 2, 3)]
    game = engine.play(engine.new_game("michigan", players=4, seed=4, deals=1), bots)
    r = review(game, seats=0)
    assert (len(r.decisions), len(r.mistakes)) == (4, 2)
    worst = max(r.decisions, key=lambda d: d.loss)
    assert worst is r.decisions[0] and worst.played == Exchange()
    assert {"A♥", "J♠"} <= set(game.at(1).view(0)["hand"])
    assert (worst.advice.show(worst.judged.value), worst.advice.show(worst.advice.best.value)) == (
        "+1.1 chips",
        "+12.1 chips",
    )
