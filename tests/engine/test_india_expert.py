"""India's expert bot: legal and deterministic at every seat and player count, its advice
judges every legal move once, best first, and its chances are checked against exact
enumeration over ``ALL_THROWS`` (a closed form, and a value iteration over the rules' own
states) where the race can be solved.

The strength against ``basic`` (1,000 duplicate games) is measured by
``benchmarks/india_expert.py``."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bot_games import basic_decisions

import engine
from engine import CHANCE
from engine.india import ALL_THROWS, Enter, Move, Throw, land_chance, parse_position
from engine.india.expert import ExpertBot, race_chances
from engine.tournament import play_deal


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
    for _ in range(10_000):
        change = 0.0
        for k, nexts in edges.items():
            s = states[k]
            if s.current_player == CHANCE:
                new = tuple(sum(value[x][w] for x in nexts) / 36 for w in range(n))
            else:
                new = max((value[x] for x in nexts), key=lambda v: v[s.current_player])
            change = max(change, max(abs(a - b) for a, b in zip(new, value[k], strict=True)))
            value[k] = new
        if change < 1e-13:
            return value[key]
    raise AssertionError("value iteration did not settle")


def _key(s):
    doubles = s.thrown is not None and s.thrown.doubles
    return s.pieces, s.turn, s.dice, s.current_player, doubles


def test_a_lone_piece_race_has_its_closed_form():
    """Each seat with one piece on the last red square: the thrower wins at once with a 1
    (11 throws in 36), else the other is in the same place: ``V = p + (1 - p)(1 - V)``, so
    ``V = 1 / (2 - p)``; round three seats, the first 1 wins: ``p / (1 - (1 - p)^3)``."""
    p = land_chance(1)
    two = race_chances(parse_position("r7 h h h / r7 h h h", 2), 0, (0, 2))
    assert two[0] == pytest.approx(float(1 / (2 - p)), abs=1e-12)
    three = race_chances(parse_position("r7 h h h / r7 h h h / r7 h h h", 3), 0, (0, 3, 2))
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
    assert advice.judged(Move(0, 7)).value < advice.best.value - 0.01
