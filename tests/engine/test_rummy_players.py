"""Rummy's coach told the players seated (issue 35, item 3): its values are the model's (lines
fitted on basic players' deals) less what they were measured to over-state for the kinds
seated (``engine.rummy.expert.OVERSTATED``, fitted by ``scripts/fit_rummy_kinds.py``), and its
choices are the same told or not (but a random mover's, valued without the drops' floors).
``benchmarks/standing.py --rummy`` checks the calibration; these tests pin the plumbing and one
table's bias."""

from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest
from fits import KINDS, assert_committed

import engine
from engine.bots import HUMAN, NoisyBot
from engine.review import coach, looked, review
from engine.rummy import Declare, Draw, Drop
from engine.rummy.expert import (
    HELD,
    HINTS_PLAYED,
    KEPT_APART,
    KINDS_FIT,
    OVERSTATED,
    PARTS,
    UNFLOORED,
    UNSURE,
    YOU,
    ExpertBot,
)
from engine.rummy.melds import CAP


def positions(
    seed: int, count: int, kinds: tuple[str, ...] = ("basic", "basic")
) -> list[engine.State]:
    """The first ``count`` decisions with a choice, of every seat, in seeded deals of bots of
    ``kinds`` (the deal of ``seed``, then of the next seeds while more are wanted)."""
    found: list[engine.State] = []
    for g in range(seed, seed + 50):
        found += decisions(g, count - len(found), kinds)
        if len(found) == count:
            break
    return found


def decisions(seed: int, count: int, kinds: tuple[str, ...]) -> list[engine.State]:
    """The first ``count`` decisions with a choice in one seeded deal (fewer if it ends)."""
    state = engine.new_game("rummy", players=len(kinds), seed=seed)
    bots = [engine.make_bot("rummy", k, seed=seed + s) for s, k in enumerate(kinds)]
    rng = random.Random(seed)
    found = []
    while len(found) < count and not state.is_terminal():
        if state.current_player == engine.CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state)
        state = state.apply(bots[state.current_player].choose(state))
    return found


def test_the_numbers_per_part_of_the_turn_and_pairing_are_the_committed_fits():
    assert tuple(OVERSTATED) == PARTS
    for part in PARTS:
        assert_committed(OVERSTATED[part], KINDS_FIT, "scripts/fit_rummy_kinds.py", part)


def test_the_mover_is_weighed_against_the_mean_of_the_other_seats_and_his_part():
    """``over``: the mean of the mover's pairings with the other seats, in the table of the
    part of the turn; a human's own, as one who plays the Hints (``YOU``), unless the coach
    is made to value a beginner as he plays (``you``: the fit script's)."""
    found = {}
    for s in positions(3, 30):
        view = s.view(s.current_player)
        found.setdefault((view["seat"], view["phase"]), view)
    assert {phase for _, phase in found} == set(PARTS)
    for (seat, phase), view in found.items():
        assert ExpertBot().over(view) == 0.0  # not told: the model's own values
        two = ExpertBot(players=(HUMAN, "random"))
        table = OVERSTATED[phase]
        assert two.over(view) == (table[YOU]["random"] if seat == 0 else table["random"][HUMAN])
        beginner = ExpertBot(players=(HUMAN, "random"), you=HUMAN)
        assert (
            beginner.over(view)
            == table[HUMAN if seat == 0 else "random"]["random" if seat == 0 else HUMAN]
        )
    view = found[0, "draw"]
    three = ExpertBot(players=("basic", "expert", "a student's strategy"))  # unknown: a human
    draws = OVERSTATED["draw"]["basic"]
    assert three.over(view) == pytest.approx((draws["expert"] + draws[HUMAN]) / 2)


def test_not_told_the_players_nothing_changes():
    """The bots' own expert and a coach told nothing show what the expert showed before it
    could be told (pinned: the first best values of a seeded deal of basic bots)."""
    states = decisions(1, 3, ("basic", "basic"))
    assert [round(ExpertBot().advise(s).best.value, 2) for s in states] == [-3.82, -19.62, -10.0]
    for s in states:
        before = engine.make_bot("rummy", "expert").advise(s)
        assert coach("rummy").advise(s) == coach("rummy", None).advise(s) == before
        assert "At this table" not in before.more


def test_told_the_values_move_by_the_pairings_number_and_exact_ones_stay():
    """Told a table of a human and a basic bot, every option but a drop or a wrong show is
    worth the model's value less ``OVERSTATED[discard][YOU][basic]`` (where no floor holds it: a
    discard's, unless that would take the best hand kept within ``KEPT_APART`` of a wrong
    show's ``CAP``), the options but the exact ones keep their order, and the best is the best
    untold."""
    less = OVERSTATED["discard"][YOU]["basic"]
    moved = 0
    for s in positions(3, 30, ("expert", "expert")):
        players = (HUMAN, "basic") if s.current_player == 0 else ("basic", HUMAN)
        before = ExpertBot().advise(s)
        told = coach("rummy", players).advise(s)
        assert told.best.action == before.best.action
        assert played_on(told) == played_on(before)
        assert "At this table" in told.more
        kept = max(b.value for b in before.options if b.action in played_on(before))
        for b in before.options:
            t = told.judged(b.action)
            exact = b.action == Drop() or b.detail == "a wrong show"
            if exact:
                assert t.value == b.value
            elif (
                s.view(s.current_player)["phase"] == "discard" and kept - less >= -CAP + KEPT_APART
            ):
                assert t.value == pytest.approx(b.value - less)
                assert t.loss_interval == pytest.approx(b.loss_interval)
                moved += 1
    assert moved > 50


def played_on(advice) -> list[object]:
    """The options in the advice's order, but the exact ones (a drop, a wrong show: the
    correction may take a hand played on, not the best, below one)."""
    return [o.action for o in advice.options if o.detail != "a wrong show" and o.action != Drop()]


def test_the_expert_chooses_alike_told_any_players():
    """The correction changes the values shown, never the choice (of a mover who drops by
    choice, every kind but ``UNFLOORED``): at decisions of deals among bots of several kinds,
    told the pairings with the largest and the smallest corrections in either part of the turn
    (and two basic bots), the best is the untold best."""
    movers = [k for k in KINDS if k not in UNFLOORED]
    told = {("basic", "basic")}
    for table in OVERSTATED.values():
        pairings = sorted(itertools.product(movers, KINDS), key=lambda p: table[p[0]][p[1]])
        told |= {*pairings[:2], *pairings[-2:]}
    for seed, kinds in enumerate([("random", "random"), ("basic", "random"), ("expert", "basic")]):
        for s in positions(100 + seed, 10, kinds):
            best = ExpertBot().advise(s).best.action
            for mover, other in sorted(told):
                players = (mover, other) if s.current_player == 0 else (other, mover)
                assert coach("rummy", players).advise(s).best.action == best, (seed, players)


def test_a_random_mover_is_valued_as_he_plays_on_with_no_floor():
    """Told the mover plays at random, a hand played on is valued with no floor: the options
    played on keep the untold order, but a draw may be worth less than the drop (he drops by
    chance, not when the hand goes bad), and then the drop is his best."""
    assert {"random"} == UNFLOORED
    below = 0
    for s in positions(7, 40, ("random", "basic")):
        players = ("random", "expert") if s.current_player == 0 else ("expert", "random")
        before = ExpertBot().advise(s)
        told = coach("rummy", players).advise(s)
        assert played_on(told) == played_on(before)
        view = s.view(s.current_player)
        if view["phase"] == "draw" and view["draws"][s.current_player] > 0:
            drop = -float(view["options"]["middle_drop"])
            assert before.judged(Draw("stock")).value >= drop  # untold: floored
            if told.judged(Draw("stock")).value < drop:
                assert told.best.action == Drop()
                below += 1
    assert below > 0


def test_a_list_of_players_that_does_not_fit_the_table_is_refused():
    with pytest.raises(ValueError, match="2 seats"):
        coach("rummy", ("basic",) * 3).advise(positions(1, 1)[0])


def test_told_the_players_the_hint_and_the_review_still_agree():
    """A student who plays the told coach's Hint at every decision is never marked costly by
    a review from the same coach."""
    players = (HUMAN, "random")
    told = coach("rummy", players)

    class HintFollower:
        def choose(self, seat):
            return looked(told, seat).best.action

    reviewed = 0
    for seed in range(4):
        bots = [HintFollower(), engine.make_bot("rummy", "basic", seed=seed)]
        end = engine.play(engine.new_game("rummy", 2, seed), bots)
        r = review(end, seats=0, expert=told)
        assert r.mistakes == [] and all(d.agreed for d in r.decisions)
        reviewed += len(r.decisions)
    assert reviewed > 10


def shown_less_made(games: int, seed: int, student: str) -> dict[str, tuple[float, float]]:
    """A human (``student``: a noisy bot, a beginner; or the expert, one who plays the Hints)
    against a basic bot, seeded deals: the points the coach shows for each of the human's moves
    but the exact ones (a drop, a wrong show), less what he made by the deal's end; for the
    coach told the players and not, the mean a deal and the half-width of its 95% interval
    (deals as the units)."""
    coaches = {"told": coach("rummy", (HUMAN, "basic")), "not told": coach("rummy")}
    per_deal: dict[str, list[float]] = {name: [] for name in coaches}
    for g in range(seed, seed + games):
        state = engine.new_game("rummy", players=2, seed=g)
        basic = engine.make_bot("rummy", "basic", seed=g)
        human = NoisyBot(basic, seed=g) if student == "noisy" else ExpertBot(seed=g)
        bots = [human, engine.make_bot("rummy", "basic", seed=g + 1)]
        rng = random.Random(g)
        shown: dict[str, list[float]] = {name: [] for name in coaches}
        while not state.is_terminal():
            if state.current_player == engine.CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            action = bots[seat].choose(state)
            if seat == 0 and len(state.legal_actions()) > 1 and not isinstance(action, Drop):
                for name, c in coaches.items():
                    judged = c.advise(state).judged(action)
                    if not (isinstance(action, Declare) and judged.detail == "a wrong show"):
                        shown[name].append(judged.value)
            state = state.apply(action)
        made = state.returns()[0]
        for name, values in shown.items():
            if values:
                per_deal[name].append(statistics.fmean(v - made for v in values))
    return {
        name: (statistics.fmean(d), 2.0 * statistics.stdev(d) / len(d) ** 0.5)
        for name, d in per_deal.items()
    }


def test_a_student_who_plays_the_hints_is_shown_what_she_makes():
    """Fresh seeds (the fit's are 61,000,000 up): told the table, the points shown a human who
    plays the Hints (the expert's moves) against a basic bot are what she made, within the
    interval (30 deals: +4.7 ± 18.8 a deal)."""
    told, half = shown_less_made(30, 990_000_000, "expert")["told"]
    assert abs(told) < half


def test_a_beginner_is_shown_what_the_hints_make_and_told_so():
    """A beginner (a noisy bot) who does not play the Hints makes less than he is shown, told
    the table or not (his own play is valued as the Hints play it, ``YOU``), and the advice
    says so (``HINTS_PLAYED``); a basic bot's advice does not (30 deals: told +48.3 ± 21.3 a
    deal, not told +47.1 ± 21.3)."""
    found = shown_less_made(30, 990_000_000, "noisy")
    for told, half in found.values():
        assert told > half
    state = positions(3, 1)[0]
    seat = state.current_player
    players = (HUMAN, "basic") if seat == 0 else ("basic", HUMAN)
    assert HINTS_PLAYED in coach("rummy", players).advise(state).more
    assert HINTS_PLAYED not in coach("rummy", players[::-1]).advise(state).more


def test_a_human_advised_is_valued_as_an_expert_mover():
    """A human at the seat advised is valued as an expert there would be (the same values,
    intervals and choice: the standing's expert movers check hers), and a human at another
    seat is still a beginner (the others' pairing with ``HUMAN``)."""
    for s in positions(5, 30, ("basic", "basic")):
        seat = s.current_player
        for other in ("expert", "random", HUMAN):
            human = [other, other]
            human[seat] = HUMAN
            expert = list(human)
            expert[seat] = "expert"
            a, b = coach("rummy", tuple(human)).advise(s), coach("rummy", tuple(expert)).advise(s)
            assert a.options == b.options
            assert a.more == f"{b.more} {HINTS_PLAYED}"


def test_a_draw_held_at_the_drop_floor_says_so():
    """Told the players, a later draw whose hand played on the correction would take below a
    middle drop is shown at the drop's cost, and the advice says so (``HELD``: the value is
    the floor's, not what such hands made); a draw above the floor, a discard, and advice told
    nothing say nothing of the kind."""
    seen = set()
    for s in positions(3, 40, ("expert", "expert")):
        seat, view = s.current_player, s.view(s.current_player)
        assert HELD not in ExpertBot().advise(s).more
        for mover, other in ((HUMAN, "expert"), ("basic", "basic")):
            players = (mover, other) if seat == 0 else (other, mover)
            told = ExpertBot(players=players, you=HUMAN).advise(s)  # a beginner, as he plays
            if view["phase"] == "discard":
                assert HELD not in told.more
            elif view["draws"][seat]:
                floor = -view["options"]["middle_drop"]
                held = HELD in told.more
                assert held == (told.judged(Draw("stock")).value == floor)
                seen.add(held)
    assert seen == {True, False}


def test_told_a_value_carries_the_uncertainty_of_its_correction():
    """Told the players, a value the correction moves is as unsure as its line and the
    correction together (``UNSURE``: half the width of the pairing's 95% interval, the two
    added in quadrature); a loss against an exact drop carries the correction's uncertainty
    too, and a loss between two options the correction moves alike does not."""
    checked = dropped = 0
    for s in positions(3, 30, ("expert", "expert")):
        seat, phase = s.current_player, s.view(s.current_player)["phase"]
        players = (HUMAN, "basic") if seat == 0 else ("basic", HUMAN)
        less, unsure = OVERSTATED[phase][YOU]["basic"], UNSURE[phase][YOU]["basic"]
        before, told = ExpertBot().advise(s), coach("rummy", players).advise(s)
        if told.best.value != pytest.approx(before.best.value - less):
            continue  # held by a floor, or a discard's correction cut short
        assert told.best.interval == pytest.approx(math.hypot(before.best.interval, unsure))
        for b in before.options:
            t = told.judged(b.action)
            if b.action == Drop():
                assert t.loss_interval == pytest.approx(math.hypot(b.loss_interval, unsure))
                dropped += 1
            elif t.value == pytest.approx(b.value - less):
                assert t.loss_interval == pytest.approx(b.loss_interval)
                checked += 1
    assert checked > 30 and dropped > 0
