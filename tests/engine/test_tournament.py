"""The class tournament: duplicate deals are fair (a strategy against itself comes out exactly
even), lineups give every seat to each strategy equally, the same call gives the same results,
and a broken strategy or a student's bad file is named."""

from __future__ import annotations

import math
import random
import statistics

import pytest

import engine
from engine.tournament import (
    Match,
    StrategyError,
    entrant,
    lineups,
    mean_interval,
    play_deal,
    running_intervals,
    strategies_in,
    tournament,
)

GAMES = [
    ("india", 2, {}),
    ("plates", 4, {}),
    ("michigan", 4, {}),
    ("rummy", 2, {}),
    ("rupees", 4, {"target": 100_000}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_strategy_against_itself_is_exactly_even_on_duplicate_deals(game, players, options):
    t = tournament({"a": "basic", "b": "basic"}, game, games=4, players=players, **options)
    (m,) = t.matches
    assert m.margins == [0.0] * 4 and m.scores == [0.5] * 4


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_same_tournament_gives_the_same_results(game, players, options):
    runs = [
        tournament(["basic", "random"], game, games=3, players=players, seed=5, **options)
        for _ in range(2)
    ]
    assert runs[0].matches == runs[1].matches and str(runs[0]) == str(runs[1])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_lineups_give_every_seat_to_each_strategy_equally_often(players):
    ups = lineups(players)
    assert len(set(ups)) == len(ups)
    for seat in range(players):
        assert sum(u[seat] for u in ups) * 2 == len(ups)
    assert lineups(players, duplicate=False) == [tuple(s % 2 for s in range(players))]


def test_every_lineup_of_a_deal_gets_the_same_cards():
    a = [engine.make_bot("plates", "basic", seed=s) for s in range(4)]
    b = [engine.make_bot("plates", "random", seed=s) for s in range(4)]
    ends = [play_deal("plates", players, seed=9) for players in (a, b)]
    shuffles = [[x for x in end.history if isinstance(x, engine.Shuffle)] for end in ends]
    assert shuffles[0][0] == shuffles[1][0]


class Cheater:
    def choose(self, state):
        return "anything"


class Crasher:
    def choose(self, state):
        raise ZeroDivisionError("oops")


@pytest.mark.parametrize(("strategy", "words"), [(Cheater, "illegal"), (Crasher, "failed")])
def test_a_broken_strategy_is_named_with_its_deal(strategy, words):
    with pytest.raises(StrategyError, match=f"{strategy.__name__} .*{words}.* deal 0"):
        tournament([strategy, "basic"], "plates", games=1)


def test_strategies_are_levels_or_classes_and_bad_ones_are_refused():
    assert entrant("basic", "india").name == "basic"
    assert entrant(Cheater, "india").name == "Cheater"
    with pytest.raises(ValueError, match="levels"):
        entrant("grandmaster", "india")
    with pytest.raises(ValueError, match="choose"):
        entrant(42, "india")
    with pytest.raises(ValueError, match="two or more"):
        tournament(["basic", "basic"], "india")
    with pytest.raises(ValueError, match="whole number"):
        tournament(["basic", "random"], "india", games=0)


def test_a_folder_of_students_files_is_read_and_bad_files_are_reported(tmp_path):
    (tmp_path / "asha.py").write_text(
        "class MyStrategy:\n    def choose(self, seat):\n        return seat.legal_actions()[0]\n"
    )
    (tmp_path / "ben.py").write_text("class A:\n    def choose(self, s): ...\nclass B(A): ...\n")
    (tmp_path / "carl.py").write_text("def choose(:\n")
    (tmp_path / "dev.py").write_text("x = 1\n")
    found, problems = strategies_in(tmp_path)
    assert sorted(found) == ["asha", "ben:A", "ben:B"]
    assert sorted(problems) == ["carl.py", "dev.py"]
    assert "SyntaxError" in problems["carl.py"] and "choose" in problems["dev.py"]
    t = tournament({"asha": found["asha"], "random": "random"}, "india", games=2, players=2)
    assert t.match("asha", "random").games == 2


def test_intervals_agree_with_the_statistics_module():
    rng = random.Random(1)
    values = [rng.gauss(1, 3) for _ in range(50)]
    mean, low, high = mean_interval(values)
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(50)
    assert math.isclose(mean, statistics.fmean(values))
    assert math.isclose(high - mean, half) and math.isclose(mean - low, half)
    for n, running in enumerate(running_intervals(values), 2):
        direct = mean_interval(values[:n])
        assert all(math.isclose(x, y, abs_tol=1e-9) for x, y in zip(running, direct, strict=True))


def test_ahead_after_is_where_the_interval_leaves_zero_for_good():
    assert Match("a", "b", [1.0, 1.0, 1.0]).ahead_after() == 2
    assert Match("a", "b", [1.0, -1.0, 1.0, -1.0]).ahead_after() is None
    m = Match("a", "b", [3.0, -2.0] + [1.0] * 30)
    k = m.ahead_after()
    runs = running_intervals(m.margins)
    assert k is not None and all(low > 0 for _, low, _ in runs[k - 2 :])
    assert runs[k - 3][1] <= 0


def test_the_results_table_reads_from_either_side():
    t = tournament(["basic", "random"], "plates", games=3)
    assert t.match("random", "basic").margins == [-x for x in t.match("basic", "random").margins]
    assert [r.name for r in t.standings()] == ["basic", "random"]
    assert str(t).splitlines()[1].startswith("basic")
