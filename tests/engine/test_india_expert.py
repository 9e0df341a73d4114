"""India's expert bot: legal and deterministic at every seat and player count, its advice
judges every legal move once, best first, and its chances are checked against exact
enumeration over ``ALL_THROWS`` (a closed form, and a value iteration over the rules' own
states) where the race can be solved; elsewhere they come from the committed learned value,
whose calibration on fresh games is committed with it.

The strength against ``basic`` (1,000 duplicate games) is measured by
``benchmarks/india_expert.py``, the calibration and the Hint's CPU time by
``benchmarks/india_calibration.py``."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from statistics import NormalDist

import pytest
from bot_games import basic_decisions

import engine
from classplay.tournament import play_deal
from engine import CHANCE
from engine.india import ALL_THROWS, Enter, Move, Throw, land_chance, parse_position
from engine.india.calibration import measured, plot_reliability, reliability
from engine.india.expert import EXACT_STATES, ExpertBot, race_chances, race_size
from engine.india.value import (
    FEATURES,
    WEIGHTS,
    Estimate,
    Value,
    learned,
    load,
    racer_features,
    weights_version,
)
from engine.stats import wilson_interval


def advise(state):
    return engine.make_bot("india", "expert").advise(state)


def decisions(players, seed, every, **options):
    """Every ``every``-th decision of a seeded game between basic bots."""
    for k, (s, _) in enumerate(basic_decisions("india", players, range(seed, seed + 1), **options)):
        if k % every == 0:
            yield s


# ---------------------------------------------------------------- legal, complete, repeatable


@pytest.mark.parametrize(
    ("players", "options", "seat"),
    [
        (2, {}, 0),
        (2, {}, 1),
        (3, {}, 2),
        (4, {}, 1),
        (4, {"partners": True}, 3),
        (3, {"play_on": True}, 0),
    ],
    ids=["2p-0", "2p-1", "3p-2", "4p-1", "partners-3", "play-on-0"],
)
def test_the_expert_plays_legally(players, options, seat):
    """Whole games with the expert in a seat (basic bots elsewhere): every choice is legal
    (``play_deal`` checks each) and the game ends."""
    bots = [engine.make_bot("india", "basic", seed=k) for k in range(players)]
    bots[seat] = engine.make_bot("india", "expert", seed=seat)
    assert play_deal("india", bots, seed=seat, **options).is_terminal()


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"partners": True})])
def test_advice_judges_every_legal_move_once_best_first(players, options):
    checked = 0
    for s in decisions(players, 3, 2, **options):
        advice = advise(s)
        actions = [o.action for o in advice.options]
        assert sorted(map(str, actions)) == sorted(map(str, s.legal_actions()))
        assert len(set(actions)) == len(actions)
        values = [o.value for o in advice.options]
        assert values == sorted(values, reverse=True)
        assert all(0 <= v <= 1 for v in values)
        assert advice.seat == s.current_player and advice.percent
        assert advice.why and advice.measure == "chance to win the race"
        checked += 1
    assert checked > 40


def test_the_same_seed_gives_the_same_advice():
    """Asked again, by the same bot or a new one, the expert says the same."""
    bot = engine.make_bot("india", "expert", seed=5)
    for s in decisions(2, 7, 9):
        first = bot.advise(s)
        assert bot.advise(s) == first == ExpertBot(seed=5).advise(s)
        assert bot.choose(s) == first.best.action


def test_the_expert_reads_only_the_table():
    """India hides nothing; the expert decides from the view: a game set up afresh from what
    the view shows (the position, whose turn, the throw) gets the same advice."""
    compared = 0
    for s in decisions(4, 2, 3):
        view = s.view(s.current_player)
        if len(view["dice"]) < 2:
            continue
        start = " / ".join(" ".join(row) for row in view["squares"])
        fresh = engine.new_game("india", players=4, start=start, first_player=view["turn"])
        fresh = fresh.apply(Throw(*view["thrown"]))
        assert advise(fresh) == advise(s)
        compared += 1
    assert compared > 20


# ---------------------------------------------------------------- exact values


def exact_chances(state):
    """Each seat's chance to win from ``state``, by value iteration over every state the rules
    reach from it (each throw of ``ALL_THROWS``, each legal move), each mover choosing the move
    best for himself. For small races only."""
    key = _key(state)
    states, edges = {key: state}, {}
    todo = [state]
    while todo:
        s = todo.pop()
        if s.is_terminal():
            continue
        nexts = (
            [s.apply(t) for t in ALL_THROWS]
            if s.current_player == CHANCE
            else [s.apply(a) for a in s.legal_actions()]
        )
        edges[_key(s)] = [_key(x) for x in nexts]
        for x in nexts:
            if _key(x) not in states:
                states[_key(x)] = x
                todo.append(x)
    n = state.num_players
    won = {k: tuple(float(w in x.winners()) for w in range(n)) for k, x in states.items()}
    value = {k: won[k] if states[k].is_terminal() else (0.0,) * n for k in states}
    # sweep the states nearest the end first: only lost turns lead back, so a few sweeps settle
    order = sorted(edges, key=lambda k: -sum(map(sum, k[0])))
    chance = {k: states[k].current_player == CHANCE for k in order}
    mover = {k: states[k].current_player for k in order}
    for _ in range(1_000):
        change = 0.0
        for k in order:
            nexts = edges[k]
            if chance[k]:
                new = tuple(sum(value[x][w] for x in nexts) / 36 for w in range(n))
            else:
                new = max((value[x] for x in nexts), key=lambda v: v[mover[k]])
            change = max(change, max(abs(a - b) for a, b in zip(new, value[k], strict=True)))
            value[k] = new
        if change < 1e-13:
            return value[key]
    raise AssertionError("value iteration did not settle")


def _key(s):
    doubles = s.thrown is not None and s.thrown.doubles
    return s.pieces, s.turn, s.dice, s.current_player, doubles


def turn_ends(s, seen=None):
    """Every way the rules let the turn of ``s`` end: positions to throw, or games over."""
    if s.is_terminal() or s.current_player == CHANCE:
        return {_turn(s): s}
    seen = {} if seen is None else seen
    if _key(s) not in seen:
        found = {}
        for a in s.legal_actions():
            found.update(turn_ends(s.apply(a), seen))
        seen[_key(s)] = found
    return seen[_key(s)]


def race_iteration(state):
    """``exact_chances`` for a larger race on the red paths, by value iteration over its
    turns: from each
    position with a seat to throw, each distinct throw (2 ways in 36, doubles 1) played by the
    rules' own states in every legal way to the end of the turn, the mover choosing the end
    best for himself. ``state`` is in the middle of a throw; the chances of each way its turn
    can end."""
    n = state.num_players
    roots = turn_ends(state)
    won = {
        k: tuple(float(w in x.winners()) for w in range(n))
        for k, x in roots.items()
        if x.is_terminal()
    }
    turns = {k: None for k, x in roots.items() if not x.is_terminal()}
    todo = [roots[k] for k in turns]
    seen = {}
    while todo:
        s = todo.pop()
        throws = []
        for t in ALL_THROWS:
            if t.a <= t.b:
                after = turn_ends(s.apply(t), seen)
                throws.append((2 - t.doubles, list(after)))
                for k, x in after.items():
                    if x.is_terminal():
                        won[k] = tuple(float(w in x.winners()) for w in range(n))
                    elif k not in turns:
                        turns[k] = None
                        todo.append(x)
        turns[_turn(s)] = (s.turn, throws)
    value = {**won, **{k: (0.0,) * n for k in turns}}
    # every move takes a piece nearer the centre: a position leads only to ones nearer the end,
    # or (a lost turn) to itself with another seat to throw. So solve the positions nearest
    # the end first, each one's seats to throw together, by iteration until they settle.
    for _, same in itertools.groupby(
        sorted(turns, key=lambda k: (-sum(map(sum, k[0])), k[0])), key=lambda k: k[0]
    ):
        group = list(same)
        for _ in range(1_000):
            change = 0.0
            for k in group:
                mover, throws = turns[k]
                new = [0.0] * n
                for ways, after in throws:
                    best = max((value[x] for x in after), key=lambda v: v[mover])
                    new = [a + ways * b / 36 for a, b in zip(new, best, strict=True)]
                change = max(change, max(abs(a - b) for a, b in zip(new, value[k], strict=True)))
                value[k] = tuple(new)
            if change < 1e-14:
                break
        else:
            raise AssertionError("value iteration did not settle")
    return {k: value[k] for k in roots}


def _turn(s):
    return s.pieces, s.turn, s.is_terminal()


def test_a_lone_piece_race_has_its_closed_form():
    """Each seat with one piece on the last red square: the thrower wins at once with a 1
    (11 throws in 36), else the other is in the same place: ``V = p + (1 - p)(1 - V)``, so
    ``V = 1 / (2 - p)``; round three seats, the first 1 wins: ``p / (1 - (1 - p)^3)``."""
    p = land_chance(1)
    two = race_chances(parse_position("r7 h h h / r7 h h h", 2), 0)
    assert two[0] == pytest.approx(float(1 / (2 - p)), abs=1e-12)
    three = race_chances(parse_position("r7 h h h / r7 h h h / r7 h h h", 3), 0)
    q = 1 - p
    assert three == pytest.approx([float(p * q**k / (1 - q**3)) for k in range(3)], abs=1e-12)
    assert p == Fraction(11, 36)


@pytest.mark.parametrize(
    ("start", "players", "throw"),
    [
        ("r3 r5 h h / r2 r6 h h", 2, Throw(2, 4)),
        ("r6 r7 h h / r4 h h h", 2, Throw(1, 1)),
        ("r1 h h h / r5 h h h", 2, Throw(6, 3)),
        ("r5 h h h / r6 h h h / r4 h h h", 3, Throw(3, 2)),
    ],
)
def test_the_advice_on_a_race_is_the_exact_chance(start, players, throw):
    """Every piece out on a red path: each move's value is the exact chance to win after it,
    enumerated over all throws to the end by the rules' own states."""
    s = engine.new_game("india", players=players, start=start).apply(throw)
    advice = advise(s)
    assert advice.exact
    for judged in advice.options:
        exact = exact_chances(s.apply(judged.action))[0]
        assert judged.value == pytest.approx(exact, abs=1e-9), judged.action


@pytest.mark.slow
def test_the_slowest_hint_is_the_exact_chance():
    """The Hint that took 3 s of CPU: seat 0 on r1 r1 r2 against a lone piece on r5, a throw
    of 1-2. Its race is among the largest solved exactly, and each move's value is the chance
    the value iteration over the rules' own states finds."""
    s = engine.new_game("india", players=2, start="r1 r1 r2 h / r5 h h h").apply(Throw(1, 2))
    assert race_size(s.pieces) <= EXACT_STATES < 2 * race_size(s.pieces)
    advice = advise(s)
    assert advice.exact and len(advice.options) == 6
    ends = race_iteration(s)  # every way the throw can end, and its chances
    for judged in advice.options:
        best = max(ends[k][0] for k in turn_ends(s.apply(judged.action)))
        assert judged.value == pytest.approx(best, abs=1e-9), judged.action


def test_which_piece_stands_where_does_not_change_a_race():
    """The exact race is solved with each seat's pieces in order: the same pieces in another
    order, and the same race on other board sides, have the same chances."""
    for start in ("r3 r1 h r2 / r6 r4 h h", "r1 r2 r3 h / r4 r4 h h"):
        pieces = parse_position(start, 2)
        turned = tuple(tuple(reversed(m)) for m in pieces)
        assert race_chances(pieces, 1) == race_chances(turned, 1)
    three = parse_position("r6 h h h / r1 r2 h h / r3 h h h", 3)
    assert sum(race_chances(three, 2)) == pytest.approx(1, abs=1e-12)


def test_a_move_that_wins_is_worth_all_of_it():
    """One throw from the end: pieces on r6 and r7 (two from the centre and one) and a throw
    of 2-1 bring both home in either order, which wins: 100%, exact, whatever the opponent
    holds. A 1-1 brings one home and leaves the other on r7: less, and estimated."""
    start = "r6 r7 h h / 20 30 h h"
    advice = advise(engine.new_game("india", players=2, start=start).apply(Throw(2, 1)))
    assert {o.action for o in advice.options} == {Move(0, 2), Move(1, 1)}
    assert all(o.value == 1.0 and "reaches the centre" in o.detail for o in advice.options)
    assert advice.exact
    advice = advise(engine.new_game("india", players=2, start=start).apply(Throw(1, 1)))
    assert advice.best.value < 1 and not advice.exact


def test_the_risk_shown_is_the_exact_count_of_hitting_throws():
    """Seat 0's piece on 6 throws 4-3 with seat 1's blockade on 12 in front: it can use one
    die only, to 10 or to 9, three or two squares in front of seat 1's piece on 7. Each move's
    detail counts the throws that let seat 1 capture it, enumerated over ``ALL_THROWS`` by the
    rules: a 3 (or a 2) on a die, or that total."""
    s = engine.new_game("india", players=2, start="6 h h h / 7 12 12 h").apply(Throw(4, 3))
    advice = advise(s)
    for steps, behind in ((4, 3), (3, 2)):
        after = s.apply(Move(0, steps))
        assert after.current_player == CHANCE and after.turn == 1
        hitting = sum(any(o.captured for o in after.apply(t).legal_options()) for t in ALL_THROWS)
        assert hitting == land_chance(behind) * 36
        assert f"hit by {hitting} throws in 36" in advice.judged(Move(0, steps)).detail


# ---------------------------------------------------------------- clear choices


def test_the_expert_captures_a_piece_far_along():
    """Seat 1's piece on 10 has come 40 squares from its entry (38); a 3 takes seat 0's piece
    from 7 onto it. The alternative moves nothing of value."""
    s = engine.new_game("india", players=2, start="7 c c c / 10 c c c").apply(Throw(3, 6))
    assert ExpertBot().choose(s) == Move(0, 3)


def test_the_expert_enters_on_a_five():
    """A 5-2 with one piece out: entering and moving the 2 (in either order) beats moving the
    piece out 7; the order does not matter, so both are judged the same."""
    s = engine.new_game("india", players=2, start="20 c c c / 50 c c c").apply(Throw(5, 2))
    advice = advise(s)
    assert advice.best.value == advice.judged(Enter()).value == advice.judged(Move(0, 2)).value
    assert advice.judged(Move(0, 7)).value < advice.best.value


# ---------------------------------------------------------------- the learned value


def test_the_expert_judges_with_the_committed_weights():
    """The learned value is read from ``value.json``, whose version is the hash of its
    features and networks: the same file, the same chances, in any bot."""
    weights = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert weights["version"] == weights_version(weights) == learned().version
    assert ExpertBot().estimator is learned()
    again = Value(weights)
    for players, options in ((2, {}), (3, {}), (4, {}), (4, {"partners": True})):
        for s in decisions(players, 11, 15, **options):
            pieces, sides = s.pieces, s.sides
            racing = tuple(k for k in range(players) if not s.home(k))
            chances = learned().chances(pieces, s.turn, sides, s.partners, racing)
            assert chances == again.chances(pieces, s.turn, sides, s.partners, racing)
            racers = chances[:2] if s.partners else [chances[k] for k in racing]
            assert sum(racers) == pytest.approx(1, abs=1e-9)
            assert all(0 < c < 1 for c in racers)
            if s.partners:  # partners share their team's chance
                assert chances[:2] == chances[2:]


def test_the_learned_value_reads_the_race():
    """Clear cases: far ahead is nearly won, far behind nearly lost; the first throw of the
    game is worth a little more than even to the thrower; a piece that can be hit costs."""
    value, sides = learned(), (0, 2)
    ahead = value.chances(parse_position("r1 r2 r3 r4 / c c c c", 2), 1, sides, False, (0, 1))
    behind = value.chances(parse_position("c c c c / r1 r2 r3 r4", 2), 0, sides, False, (0, 1))
    assert ahead[0] > 0.95 and behind[0] < 0.05
    start = parse_position("c c c c / c c c c", 2)
    assert 0.5 < value.chances(start, 0, sides, False, (0, 1))[0] < 0.6
    safe = parse_position("16 c c c / 10 c c c", 2)  # on a blue square
    open_ = parse_position("15 c c c / 10 c c c", 2)  # 5 squares ahead of seat 1's piece
    assert (
        value.chances(open_, 1, sides, False, (0, 1))[0]
        < (value.chances(safe, 1, sides, False, (0, 1))[0])
    )


def test_the_learned_chance_grows_with_each_square_a_racer_gains():
    """No contact left (seat 1's pieces on its red path or home, none in its corner): each
    square seat 0's last piece on the track gains raises seat 0's chance, each square seat 1
    gains lowers it, and throwing next is worth something; every chance lies in (0, 1)."""
    value, sides = learned(), (0, 2)
    for theirs in ("r1 r1 r2 h", "r7 h h h", "r1 r1 r1 r1"):
        for thrower in (0, 1):
            mine = [
                value.chances(
                    parse_position(f"r1 r2 r3 {sq} / {theirs}", 2), thrower, sides, False, (0, 1)
                )
                for sq in range(4, 68)  # seat 0's route: entry square 4 to its blue square 67
            ]
            assert all(0 < c[0] < 1 and c[0] + c[1] == pytest.approx(1) for c in mine)
            assert all(a[0] < b[0] for a, b in itertools.pairwise(mine)), (theirs, thrower)
    route = [*range(38, 68), *range(34)]  # seat 1's, from its entry square 38
    for thrower in (0, 1):
        against = [
            value.chances(
                parse_position(f"r1 r2 r3 h / r1 r2 r3 {sq}", 2), thrower, sides, False, (0, 1)
            )[0]
            for sq in route
        ]
        assert all(a > b for a, b in itertools.pairwise(against)), thrower
    for sq in (10, 30, 60):
        pieces = parse_position(f"r1 r2 r3 {sq} / r1 r1 r2 h", 2)
        assert (
            value.chances(pieces, 0, sides, False, (0, 1))[0]
            > value.chances(pieces, 1, sides, False, (0, 1))[0]
        )


def test_a_race_won_is_worth_1_and_lost_0_exactly():
    """Where the race is decided the chances are exact, not learned: a move that brings the
    last piece home is worth 1 to the mover and 0 to the other seat."""
    s = engine.new_game("india", players=2, start="r6 r7 h h / 20 30 h h").apply(Throw(2, 1))
    race, ranked = ExpertBot().ranked(s)
    for j in ranked:
        chances, exact = race.value(j.after, j.next)
        assert exact and chances == (1.0, 0.0)


def test_a_corrupt_weights_file_is_refused_clearly(tmp_path):
    """``load`` refuses a file that is not the weights, weights of another shape, and weights
    changed after their version was taken, each with a ``ValueError`` naming the file and how
    to make it again; the committed file loads to the committed value."""
    good = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert load(WEIGHTS).version == learned().version
    path = tmp_path / "value.json"
    bad_shape = json.loads(json.dumps(good))
    bad_shape["networks"]["2"]["mean"] = [0.0]
    tampered = json.loads(json.dumps(good))
    tampered["networks"]["2"]["linear_w"][0] += 1
    not_finite = json.loads(json.dumps(good))
    not_finite["networks"]["3"]["out_w"][0] = float("nan")
    other = dict(good, features=["order", "turns"])
    for text in (
        "{ not json",
        "[]",
        json.dumps({"features": list(FEATURES)}),
        json.dumps(bad_shape),
        json.dumps(tampered),
        json.dumps(not_finite),
        json.dumps(other),
    ):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=r"value\.json.*train it again"):
            load(path)
    with pytest.raises(ValueError, match=r"value\.json is not a learned value"):
        load(tmp_path / "missing" / "value.json")


def test_wilson_interval():
    """Wilson's interval: 1,000 of 2,000 is 0.478 to 0.522; 0 of 2,000 is not "exactly 0"."""
    assert [round(x, 3) for x in wilson_interval(0.5, 2000)] == [0.478, 0.522]
    low, high = wilson_interval(0.0, 2000)
    assert low == pytest.approx(0, abs=1e-12) and 0.0015 < high < 0.0025


def test_decisions_of_one_game_count_as_fewer():
    """A tenth's interval counts the decisions of a game, which share its winner, as fewer:
    ten decisions from each of 40 games are worth 40 decisions, not 400; one decision from
    each of 400 games is worth 400."""
    won = [g % 2 == 0 for g in range(40) for _ in range(10)]
    games = [g for g in range(40) for _ in range(10)]
    clustered = reliability([0.55] * 400, won, games)["bins"][0]
    alone = reliability([0.55] * 400, won, list(range(400)))["bins"][0]
    assert clustered["effective_decisions"] == pytest.approx(40, rel=0.05)
    assert alone["effective_decisions"] == pytest.approx(400, rel=0.01)
    assert clustered["won_high"] - clustered["won_low"] > 2.5 * (
        alone["won_high"] - alone["won_low"]
    )


def test_the_estimate_learning_starts_from_is_the_normal_race():
    """Two racers: the estimate is the normal chance of the margin (its turns behind, a half
    turn of tempo, in spreads); the learned chance, fitted to who won, is less sure of so small
    a lead so early."""
    pieces, sides = parse_position("20 c c c / 50 c c c", 2), (0, 2)
    racers, rows = racer_features(pieces, 0, sides, False, (0, 1))
    margin = rows[0][FEATURES.index("margin")]
    estimate = Estimate().chances(pieces, 0, sides, False, (0, 1))
    assert racers == [(0,), (1,)] and estimate[0] == pytest.approx(NormalDist().cdf(margin))
    assert 0.5 < learned().chances(pieces, 0, sides, False, (0, 1))[0] < estimate[0]


def test_the_committed_calibration_is_of_these_weights_and_holds():
    """``calibration.json`` was measured with the committed weights (the benchmark writes it
    again after every fit) on fresh games, and says the chances hold: two players, expected
    calibration error at most 0.03, and every tenth with 200 decisions or more within 0.05."""
    m = measured()
    assert m["weights_version"] == learned().version
    two = m["tables"]["2 players"]
    assert two["games"] >= 300 and two["ece"] <= 0.03
    assert two["brier"] < two["brier_knowing_nothing"] and two["worst_gap"] <= 0.05
    for b in two["bins"]:
        if b["decisions"] >= 200:
            assert abs(b["shown"] - b["won"]) <= 0.05, b


def test_reliability_bins_the_chances_shown():
    """Decisions by tenths of the chance shown: a chance of 0.25 won once in four, 0.8 won four
    times in five, hold exactly; the Brier score is the mean squared distance."""
    shown = [0.25] * 4 + [0.8] * 5
    won = [True, False, False, False, True, True, True, True, False]
    r = reliability(shown, won, [1, 1, 2, 2, 3, 3, 4, 4, 5])
    assert r["ece"] == 0 and r["decisions"] == 9 and r["games"] == 5
    assert [(b["low"], b["decisions"], b["won"]) for b in r["bins"]] == [
        (0.2, 4, 0.25),
        (0.8, 5, 0.8),
    ]
    brier = (0.75**2 + 3 * 0.25**2 + 4 * 0.2**2 + 0.8**2) / 9
    assert r["brier"] == pytest.approx(brier, abs=1e-4)
    assert r["bins"][0]["won_low"] <= 0.25 <= r["bins"][0]["won_high"]
    with pytest.raises(ValueError, match="as many outcomes"):
        reliability([0.5], [], [])


def test_the_reliability_diagram_draws_the_committed_tenths():
    table = measured()["tables"]["2 players"]
    ax = plot_reliability("2 players")
    dots = ax.lines[1].get_data()
    assert list(dots[0]) == [b["shown"] for b in table["bins"]]
    assert list(dots[1]) == [b["won"] for b in table["bins"]]
    assert f"{table['games']:,} games" in ax.get_title()


def test_a_look_by_playing_on_says_its_samples_are_games_played_on():
    """India's review may look again by playing on (``advise`` with ``deals``): its values say
    how sure in games played on, not deals (a dice race has none)."""
    state, rng = engine.new_game("india", players=2, seed=5), random.Random(5)
    bots = [engine.make_bot("india", "basic", seed=s) for s in range(2)]
    expert = engine.make_bot("india", "expert", seed=0)
    while state.current_player == engine.CHANCE or len(state.legal_actions()) < 2:
        state = (
            state.apply(state.sample_chance(rng))
            if state.current_player == engine.CHANCE
            else state.apply(bots[state.current_player].choose(state))
        )
    first = expert.advise(state)
    again = expert.advise(state, deals=8)
    assert not first.exact and first.sure(first.best) == ""
    assert again.deals == 8 and again.sure(again.best).endswith(", 8 games played on")
