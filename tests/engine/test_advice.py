"""Advice and its uncertainty: options judged on the same sampled deals carry the 95% interval
of their value and, far narrower, of their loss against the best; a race stops options clearly
worse than the best but never the move a review keeps; a move is marked costly only when its
loss passes the line beyond its interval; and a review asks for more deals until each verdict
is settled, or its most deals are reached."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from engine.advice import Advice, Judged, judged_on_deals
from engine.review import GROWTH, REVIEW_DEALS, settled
from engine.stats import half_width, t95


def test_t95_is_students_for_few_values_and_the_normals_for_many():
    assert t95(2) == 12.71 and t95(4) == 3.18
    assert t95(31) == pytest.approx(2.04, abs=0.01) and t95(10_000) == pytest.approx(1.96, 0.001)
    assert math.isinf(t95(1)) and math.isinf(half_width([3.0]))
    assert half_width([1.0, 3.0]) == pytest.approx(12.71 * math.sqrt(2 / 2))


def _deals(n: int, seed: int = 0) -> list[float]:
    """Each deal's luck, shared by every option: large beside the options' differences."""
    rng = random.Random(seed)
    return [rng.gauss(0, 100) for _ in range(n)]


def test_the_loss_interval_is_measured_deal_by_deal():
    luck = _deals(400)
    edge = [0.0, -5.0, -30.0]  # what each option is worth beside the others
    rng = random.Random(1)
    judged = judged_on_deals("abc", luck, lambda d, i: (d + edge[i] + rng.gauss(0, 2),))
    a, b, c = judged
    assert a.value == pytest.approx(sum(luck) / 400, abs=0.5)
    assert a.loss_interval == 0  # the best
    assert a.interval > 8 and b.interval > 8  # the luck of the deals
    assert b.loss_interval < 0.5 and c.loss_interval < 0.5  # ... cancels in the differences
    assert a.value - b.value == pytest.approx(5, abs=0.5)
    assert a.value - c.value == pytest.approx(30, abs=0.5)


def test_every_deal_there_is_gives_exact_values():
    judged = judged_on_deals("ab", [1.0, 2.0, 6.0], lambda d, i: (d * (1 + i),), every=True)
    assert [j.value for j in judged] == [3.0, 6.0]
    assert all(j.interval == j.loss_interval == 0 for j in judged)


def test_a_race_stops_the_clearly_worse_but_keeps_the_move_played():
    luck = _deals(640)
    edge = [0.0, -1.0, -50.0, -60.0]
    played: list[int] = [0, 0, 0, 0]

    def outcome(d: float, i: int) -> tuple[float, float]:
        played[i] += 1
        return d + edge[i], 1.0

    judged = judged_on_deals("abcd", luck, outcome, lambda i, m: f"{m[1]:.0f}", keep="d", first=40)
    assert played[0] == played[3] == 640  # the best, and the move kept
    assert played[2] == 40  # clearly worse at the first look (RACE_FROM or more deals)
    values = {j.action: j.value for j in judged}
    assert values["c"] == pytest.approx(values["a"] - 50) and values["c"] < values["a"]
    assert values["d"] == pytest.approx(values["a"] - 60)
    assert all(j.detail == "1" for j in judged)


def _advice(options, costly=5.0, deals=100, **kw) -> Advice:
    return Advice(0, tuple(options), "points", "why", costly, deals=deals, **kw)


def test_advice_ranks_its_options_itself_ties_in_the_order_given():
    a = _advice([Judged("x", 1.0), Judged("y", 3.0), Judged("z", 3.0)])
    assert [o.action for o in a.options] == ["y", "z", "x"] and a.best.action == "y"
    with pytest.raises(ValueError):
        _advice([])


def test_a_costly_mistake_loses_more_than_the_line_beyond_its_interval():
    a = _advice(
        [
            Judged("best", 10.0),
            Judged("near", 4.0, loss_interval=2.0),
            Judged("far", 2.0, loss_interval=2.0),
            Judged("sure", 4.9),
        ]
    )
    assert a.loss("near") == 6.0 and not a.is_costly("near")  # 6 - 2 < 5
    assert a.is_costly("far") and a.is_costly("sure")  # 8 - 2 >= 5; 5.1, no interval
    assert not a.is_settled("near") and a.is_settled("far") and a.is_settled("best")
    assert not a.is_settled("far", widen=2.0)  # 8 - 4 < 5 < 8 + 4


class Sampling:
    """An expert whose loss for the move played is 6 with an interval 40 / sqrt(deals)."""

    def __init__(self, loss: float = 6.0) -> None:
        self.asked: list[int | None] = []
        self.loss = loss

    def advise(self, state, deals=None, keep=None):
        self.asked.append(deals)
        n = deals or 20
        half = 40 / math.sqrt(n)
        return _advice([Judged("best", 0.0), Judged("played", -self.loss, 1, half)], deals=n)


def test_a_review_asks_for_more_deals_until_the_verdict_is_settled():
    fewest, most = REVIEW_DEALS
    expert = Sampling()
    advice = settled(expert, None, "played")
    assert expert.asked[:2] == [None, fewest]
    assert all(b == min(most, GROWTH * a) for a, b in itertools.pairwise(expert.asked[1:]))
    assert advice.is_settled("played", 1.7) or advice.deals == most
    clear = Sampling(loss=500.0)
    assert settled(clear, None, "played").is_costly("played") and clear.asked == [None, fewest]


def test_advice_not_sampled_is_taken_as_it_comes():
    class Exact:
        def advise(self, state, deals=None, keep=None):
            assert deals is None
            return _advice([Judged("a", 1.0), Judged("b", 0.0)], deals=0, exact=True)

    assert settled(Exact(), None, "b").loss("b") == 1.0


class Modelled:
    """An expert whose model values the move played 4 below the best, unsure by 2.5; on
    sampled deals the move gives up 8 (± 1), at most ``most_deals``."""

    most_deals = 128

    def __init__(self) -> None:
        self.asked: list[int | None] = []

    def advise(self, state, deals=None, keep=None):
        self.asked.append(deals)
        if deals is None:
            return _advice([Judged("best", 0.0), Judged("played", -4.0)], deals=0, unsure=2.5)
        n = min(deals, self.most_deals)
        return _advice([Judged("best", 0.0), Judged("played", -8.0, 1, 1.0)], deals=n)


def test_a_models_loss_near_the_line_is_looked_at_again_on_sampled_deals():
    expert = Modelled()
    advice = settled(expert, None, "played")
    assert advice.is_costly("played") and advice.deals == 128
    assert expert.asked == [None, REVIEW_DEALS[0]]  # never past the expert's most deals
    hinted = Modelled()  # the Hint's move: no loss, never near the line
    assert not settled(hinted, None, "best").is_costly("best") and hinted.asked == [None]
    far = _advice([Judged("best", 0.0), Judged("played", -9.0)], deals=0, unsure=2.5)
    near = _advice([Judged("best", 0.0), Judged("played", -7.4)], deals=0, unsure=2.5)
    assert not far.near_the_line("played") and near.near_the_line("played")


@pytest.mark.parametrize(
    ("unit", "value", "shown"),
    [
        ("₹", -13_333.4, "−₹13,333"),
        ("$", 2.5, "+$2.50"),
        ("chips", 3.46, "+3.5 chips"),
        ("points", 0.01, "0 points"),
        ("", 120.0, "+120"),
    ],
)
def test_a_value_is_shown_with_its_unit(unit, value, shown):
    assert _advice([Judged("a", value)], unit=unit).show(value) == shown


def test_the_move_played_is_compared_with_the_best():
    a = _advice([Judged("K♣", 1.0), Judged("7♥", -5.4, loss_interval=1.1)], unit="points")
    assert a.versus("7♥") == "K♣ is worth 6.4 points more than 7♥ (±1.1)"
    assert a.versus("K♣") == "K♣: the expert's choice too"
    chance = _advice([Judged("enter", 0.4), Judged("move", 0.33)], percent=True)
    assert chance.versus("move") == "enter wins 7 more games in 100 than move"
    close = _advice([Judged("enter", 0.404), Judged("move", 0.401)], percent=True)
    assert close.versus("move") == "enter wins a little more often than move"
    one = _advice([Judged("enter", 0.41), Judged("move", 0.40)], percent=True)
    assert one.versus("move") == "enter wins 1 more game in 100 than move"
