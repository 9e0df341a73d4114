"""The plates expert: legal calls from its own view, advice on every call, and its values
checked against an exact enumeration: every count of the digit on the plates it cannot see,
each weighed by its exact chance and by how likely the others' calls are under the expert's
model (the answers asked of the basic bot itself), each played out by the engine with the basic
bot answering, the money counted."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest
from bot_games import basic_decisions

import engine
from engine import CHANCE
from engine.odds import hypergeometric
from engine.plates import (
    DIGITS,
    HALF,
    Agree,
    BasicBot,
    Bid,
    Cancel,
    Challenge,
    ExpertBot,
    Plate,
    bid_chance,
    bid_chance_from_view,
    call_from_words,
    rigged_shuffle,
)
from engine.plates.expert import SURPRISE, RoundInPlay, their_judgement

FINE = 10
"""The fine on every plate the expert cannot see, in the enumerations."""


def plate_with(k: int, digit: int, shift: int = 0, fine: int = FINE) -> Plate:
    """A plate with ``k`` of ``digit``, the other places other digits (from ``shift`` on)."""
    rest = [str(d) for d in DIGITS if d != digit]
    return Plate(str(digit) * k + "".join(rest[(shift + i) % 9] for i in range(6 - k)), fine)


def deal(stands, piles=(), players=3, digits="balanced", seed=0):
    s = engine.new_game("plates", players=players, seed=seed, digits=digits)
    return s.apply(rigged_shuffle(players, stands=stands, piles=piles, digits=digits, seed=seed))


def chance_of(counts: tuple[int, int, int], good: int, total: int, digits: str) -> Fraction:
    """The exact chance that two seats' plates and the two pile tops (as one lot of 12 digits)
    hold ``counts`` of the digit, dealt one after the other from ``good`` of it among ``total``
    unseen digits (balanced), or each digit a tenth (uniform)."""
    out = Fraction(1)
    for k, drawn in zip(counts, (6, 6, 12), strict=True):
        if digits == "uniform":
            out *= Fraction(comb(drawn, k) * 9 ** (drawn - k), 10**drawn)
        else:
            out *= hypergeometric(k, good, total, drawn)
            good, total = good - k, total - drawn
    return out


def top_count(plate: Plate, digit: int) -> int:
    """The highest count of ``digit`` the basic bot holding ``plate`` (round 1, 3 players)
    thinks at least even money: ``Fraction`` odds, a second way to ``their_judgement``."""
    return max((c for c in range(1, 31) if bid_chance(Bid(c, digit), plate, 5) >= HALF), default=0)


def said(call, state, digit: int) -> bool | None:
    """Whether the model's player would make ``call`` here (None: it says nothing of the
    digit). An answer is the basic bot's own choice; a bid is its highest even-money count."""
    seat = state.current_player
    plate = state.stands[seat][0]
    if isinstance(call, Bid):
        top = top_count(plate, digit)
        return (
            top == call.count if call.digit == digit else top <= call.count - (digit > call.digit)
        )
    if state.standing_bid()[1].digit != digit:
        return None
    return BasicBot().choose(state) == call


def enumerated(me, mine, calls, option, digit, digits="balanced"):
    """(value of ``option``, chance the bid it answers or makes is true), by enumeration of
    every count of ``digit`` on the others' plates, round 1 of a 3-player game."""
    seats = [s for s in range(3) if s != me]
    good, total = 30 - mine.count(digit), 300 - 6
    weight = value = true = Fraction(0)
    for counts in product(range(7), range(7), range(13)):
        chance = chance_of(counts, good, total, digits)
        if not chance:
            continue
        stands = [[mine]] * 3
        for shift, (s, k) in enumerate(zip(seats, counts, strict=False)):
            stands[s] = [plate_with(k, digit, shift)]
        lots = min(counts[2], 6), counts[2] - min(counts[2], 6)
        piles = [[plate_with(k, digit, 3 + i)] for i, k in enumerate(lots)]
        state = deal(stands, piles, digits=digits)
        for call in calls:
            if state.current_player != me and (says := said(call, state, digit)) is not None:
                chance *= Fraction(SURPRISE) + (1 - Fraction(SURPRISE)) * says
            state = state.apply(call)
        bid = option if isinstance(option, Bid) else state.standing_bid()[1]
        bidder = me if isinstance(option, Bid) else state.standing_bid()[0]
        state = state.apply(option)
        while state.round == 0 and state.current_player != bidder:
            state = state.apply(BasicBot().choose(state))
        weight += chance
        value += chance * (state.money[me] - 250)
        true += chance * (
            sum(p.count(digit) for _, p in deal(stands, piles).in_play()) >= bid.count
        )
    if isinstance(option, Challenge):  # what I win or lose is the others' fines: each a mean one
        value *= Fraction(50 * 15 - mine.fine, 49) / FINE
    return value / weight, true / weight


def advice_for(calls, stands, digits="balanced"):
    state = deal(stands, [["000 000 $10"], ["000 000 $10"]], digits=digits)
    for call in calls:
        state = state.apply(call)
    return state, ExpertBot().advise(state)


POSITIONS = [
    # (the expert's seat, its plate, the calls before it, options to check, digits)
    (1, "447 124 $15", [Bid(4, 4)], [Agree(), Challenge(), Bid(5, 4), Bid(4, 7)], "balanced"),
    (2, "407 128 $20", [Bid(5, 4), Agree()], [Agree(), Challenge(), Bid(6, 4)], "balanced"),
    (2, "447 128 $5", [Bid(3, 4), Challenge()], [Agree(), Challenge()], "balanced"),
    (0, "447 124 $15", [], [Bid(3, 4), Bid(5, 4), Bid(2, 9)], "balanced"),
    (1, "447 124 $15", [Bid(4, 4)], [Agree(), Challenge(), Bid(5, 4)], "uniform"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("me", "mine", "calls", "options", "digits"), POSITIONS)
def test_values_are_the_exact_enumeration_of_the_hidden_plates(me, mine, calls, options, digits):
    mine = Plate.from_str(mine)
    stands = [[plate_with(1, 0)]] * 3
    stands[me] = [mine]
    state, advice = advice_for(calls, stands, digits)
    assert state.current_player == me
    known = RoundInPlay(state.view(me))
    for option in options:
        digit = (option if isinstance(option, Bid) else state.standing_bid()[1]).digit
        value, true = enumerated(me, mine, calls, option, digit, digits)
        count = (option if isinstance(option, Bid) else state.standing_bid()[1]).count
        assert advice.judged(option).value == pytest.approx(float(value), abs=1e-9)
        assert known.odds(digit).true(count) == pytest.approx(float(true), abs=1e-12)
        assert advice.judged(option).detail == f"true {float(true):.0%}"


@pytest.mark.parametrize("players", [3, 5])
@pytest.mark.parametrize("digits", ["balanced", "uniform"])
def test_with_no_call_to_read_the_chance_a_bid_is_true_is_the_plain_odds(players, digits):
    """An opener knows only his plate and the plates seen in earlier rounds (in these 5-player
    games some were cancelled): the chance is ``bid_chance``, exactly, in every round."""
    openings = [s for s, _ in basic_decisions("plates", players, range(2), digits=digits)]
    openings = [s for s in openings if s.standing_bid() is None and s.round > 0]
    assert players == 3 or any(r.cancelled for r in openings[-1].results)
    for state in openings:
        view = state.view(state.current_player)
        known = RoundInPlay(view)
        for bid in (Bid(2, 4), Bid(5, 4), Bid(4, 7), Bid(9, 0)):
            assert known.odds(bid.digit).true(bid.count) == pytest.approx(
                float(bid_chance_from_view(view, bid)), abs=1e-12
            )


@pytest.mark.parametrize("digits", ["balanced", "uniform"])
def test_the_others_judge_bids_as_the_basic_bot_does(digits):
    """``their_judgement`` against ``bid_chance`` in ``Fraction``s, for a player holding k of a
    digit after some plates were shown, as the basic bot would judge from its own view."""
    shown = [Plate.from_str(p) for p in ("444 123 $5", "404 567 $10", "999 999 $15")]
    for digit in (4, 9, 1):
        tops, even = their_judgement(5, digits, sum(p.count(digit) for p in shown), 3)
        for k in range(7):
            plate = plate_with(k, digit)
            chance = [bid_chance(Bid(c, digit), plate, 5, digits, shown) for c in range(1, 31)]
            assert [c >= HALF for c in chance] == list(even[k][1:])
            assert tops[k] == max((c for c in range(1, 31) if chance[c - 1] >= HALF), default=0)


def test_a_bid_says_the_bidder_holds_more_of_its_digit():
    """Bayes: "five 4's" is the basic bot's highest even-money bid only when it holds three
    4's, so after it the bid is likelier true than the plain odds say."""
    state, _ = advice_for([Bid(5, 4)], [[plate_with(1, 0)], ["123 456 $10"], [plate_with(1, 0)]])
    view = state.view(1)
    assert RoundInPlay(view).odds(4).true(5) > float(bid_chance_from_view(view)) + 0.05


# ---------------------------------------------------------------- scripted positions


def test_never_challenges_a_bid_its_own_plate_makes_true():
    """Holding six 4's, "six 4's" is sure: agreeing wins, and seven 4's (true 88%) wins more."""
    _, advice = advice_for([Bid(6, 4)], [[plate_with(1, 0)], ["444 444 $10"], [plate_with(1, 0)]])
    assert advice.judged(Agree()).detail == "true 100%" and advice.judged(Agree()).value > 0
    assert advice.loss(Challenge()) >= advice.costly
    assert advice.best.action == Bid(7, 4)
    assert advice.line().startswith("seven 4's: it is true 88% of the time")


def test_challenges_a_bid_that_cannot_be_true():
    _, advice = advice_for([Bid(20, 9)], [[plate_with(1, 0)], ["000 000 $10"], [plate_with(1, 0)]])
    assert advice.best.action == Challenge() and advice.best.value > 0
    assert advice.judged(Agree()).detail == "true 0%"


def test_cancels_rather_than_raise_a_bid_nobody_believes():
    state, advice = advice_for([Bid(20, 9), Agree(), Agree()], [["000 000 $10"]] * 3)
    assert state.current_player == 0
    assert advice.best.action == Cancel() and advice.best.value == 0


def test_a_surprising_call_rules_nothing_out():
    """Thirty 9's is no call the model's player makes: the answer is still valued."""
    _, advice = advice_for([Bid(30, 9)], [[plate_with(1, 0)]] * 3)
    assert advice.best.action == Challenge() and advice.judged(Agree()).detail == "true 0%"


# ---------------------------------------------------------------- advice and games


def test_a_view_s_calls_read_back():
    """The expert reads the calls of a view, which are words: ``call_from_words``."""
    for call in (*deal([]).legal_actions(), Challenge(), Agree(), Cancel()):
        assert call_from_words(str(call)) == call
    with pytest.raises(ValueError, match="seven 11's"):
        call_from_words("seven 11's")


def expert_games(players: int, digits: str, seed: int):
    """Every decision of a game with experts at alternate seats (the others basic or random)."""
    other = "random" if seed % 2 else "basic"
    levels = [("expert", other)[(s + seed) % 2] for s in range(players)]
    bots = [engine.make_bot("plates", lv, seed=seed * 10 + s) for s, lv in enumerate(levels)]
    state = engine.new_game("plates", players=players, seed=seed, digits=digits)
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance())
            continue
        action = bots[seat].choose(state)
        assert action in state.legal_actions(), (levels[seat], action)
        yield state, levels[seat]
        state = state.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("digits", ["balanced", "uniform"])
def test_the_expert_plays_legal_calls_and_advises_on_every_one(players, digits):
    checked = 0
    for seed in range(2):
        for state, level in expert_games(players, digits, seed):
            if level != "expert" or checked % 3:
                checked += 1
                continue
            checked += 1
            advice = ExpertBot(seed=seed).advise(state)
            legal = state.legal_actions()
            assert sorted(map(str, (o.action for o in advice.options))) == sorted(map(str, legal))
            assert len(advice.options) == len(legal)
            assert advice.seat == state.current_player
            assert advice.measure == "expected dollars this round" and advice.exact
            assert advice.why and advice.line().startswith(str(advice.best.action))
            assert ExpertBot(seed=seed + 1).advise(state) == advice  # no chance in it
            assert ExpertBot().choose(state) == advice.best.action
    assert checked


@pytest.mark.slow
def test_the_expert_beats_the_basic_bot_on_a_few_duplicate_deals():
    """The benchmark's match in small (``benchmarks/plates_expert.py`` plays 1,000 deals)."""
    from classplay.tournament import entrant, play_match

    match = play_match(
        "plates", entrant("expert", "plates"), entrant("basic", "plates"), range(6), 4
    )
    assert sum(match.margins) > 0
