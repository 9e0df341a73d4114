"""Progress for long simulations: the result never depends on the piece size or the clock,
the widget says how far it got and how long is left, and nothing is printed."""

from __future__ import annotations

import itertools

import pytest

import engine
from tabletop_widgets.progress import Progress, running_mean, simulate, time_left


def random_trials(game: str):
    """A trial: game number i between random bots, seeded by i; the seats' returns."""

    def trial(i: int) -> tuple:
        state = engine.new_game(game, seed=i)
        bots = [engine.make_bot(game, "random", seed=i * 8 + k) for k in range(state.num_players)]
        return tuple(engine.play(state, bots).returns())

    return trial


@pytest.fixture
def shown(monkeypatch) -> list[Progress]:
    """The widgets ``simulate`` displays (as IPython's ``display`` would show them)."""
    out: list[Progress] = []
    monkeypatch.setattr("IPython.display.display", out.append)
    return out


def fake_clock(step: float):
    """A clock that moves on ``step`` seconds at every reading."""
    ticks = itertools.count()
    return lambda: next(ticks) * step


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_the_result_is_the_same_whatever_the_piece_size(game, capsys):
    trial = random_trials(game)
    whole = [trial(i) for i in range(5)]
    for piece in (1, 2, 5, None):
        assert simulate(trial, 5, piece=piece, what="games", show=False) == whole
    assert capsys.readouterr().out == ""  # timings live in the widget only


def test_the_running_result_arrives_piece_by_piece(shown):
    seen: list[int] = []

    def running(results: list[int]) -> str:
        seen.append(len(results))
        return f"mean so far {sum(results) / len(results):.1f}"

    out = simulate(lambda i: i, 10, piece=4, running=running, show=True, what="games")
    assert out == list(range(10))
    assert seen == [4, 8, 10]
    (progress,) = shown
    assert repr(progress) == "Progress(10 games)"
    assert progress.bar.value == progress.bar.max == 10
    assert progress.partial.value == "mean so far 4.5"
    assert progress.status.value.startswith("10 of 10 games · done in")


def test_the_status_line_estimates_the_time_left():
    p = Progress(100_000, "games")
    assert p.status.value == "0 of 100,000 games · starting"
    p.advance(12_000, 1.2)
    assert p.status.value == "12,000 of 100,000 games · about 9 s left"
    assert p.bar.value == 12_000
    p.advance(100_000, 10.0)
    assert p.status.value == "100,000 of 100,000 games · done in 10 s"
    assert p.bar.bar_style == "success"
    assert p.bar.description == "Progress" and "100,000" in p.bar.tooltip


def test_a_fake_clock_drives_the_estimate(shown):
    simulate(lambda i: i, 4, piece=1, show=True, clock=fake_clock(2.0))
    assert shown[0].status.value == "4 of 4 trials · done in 8 s"


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (0.2, "under a second"),
        (59.4, "about 59 s"),
        (61, "about 1 min 1 s"),
        (7300, "about 2 h 1 min"),
    ],
)
def test_time_left_is_said_the_way_a_person_says_it(seconds, said):
    assert time_left(seconds) == said


def draws(shown, step: float) -> list[int]:
    """How many results each redrawn plot showed, with a clock moving ``step`` s a reading."""
    drawn: list[int] = []

    def plot(results, ax):
        drawn.append(len(results))
        ax.plot(results)

    simulate(lambda i: i % 3, 6, piece=2, plot=plot, show=True, clock=fake_clock(step))
    return drawn


def test_a_plot_is_redrawn_after_each_slow_piece(shown):
    assert draws(shown, step=1.0) == [2, 4, 6]
    assert bytes(shown[0].picture.value).startswith(b"\x89PNG")
    assert shown[0].picture.layout.display is None


def test_fast_pieces_are_not_all_redrawn_but_the_end_is(shown):
    assert draws(shown, step=0.1) == [6]


def test_an_interrupted_run_says_how_far_it_got(shown):
    def trial(i: int) -> int:
        if i == 5:
            raise KeyboardInterrupt
        return i

    with pytest.raises(KeyboardInterrupt):
        simulate(trial, 10, piece=2, show=True, what="deals")
    assert shown[0].status.value == "stopped after 5 of 10 deals"  # trials 0 to 4


@pytest.mark.parametrize(
    ("n", "piece", "message"),
    [
        (-1, None, "the number of trials must be a whole number, 0 or more, not -1"),
        (2.5, None, "the number of trials must be a whole number, 0 or more, not 2.5"),
        (10, 0, "a piece must be a whole number of trials, 1 or more, not 0"),
    ],
)
def test_bad_sizes_are_refused_with_a_precise_message(n, piece, message):
    with pytest.raises(ValueError) as e:
        simulate(lambda i: i, n, piece=piece, show=False)
    assert str(e.value) == message


@pytest.mark.parametrize(
    ("results", "said"),
    [
        ([], "average: nothing yet"),
        ([3], "average 3.000"),
        ([True, False], "average 0.500 ± 0.980 (95%)"),
        ([1, 0] * 50, "average 0.500 ± 0.098 (95%)"),
    ],
)
def test_running_mean_gives_the_estimate_and_its_95_percent_interval(results, said):
    assert running_mean(results) == said


def test_nothing_to_do_is_done_at_once():
    assert simulate(lambda i: i, 0, show=False) == []
