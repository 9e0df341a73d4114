"""The class tournament: duplicate deals are fair (a strategy against itself comes out exactly
even), lineups give every seat to each strategy equally, the same call gives the same results,
and a broken strategy or a student's bad file is named."""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import multiprocessing
import random
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import engine
from classplay.sandbox import Limits, Sandbox, numbers_of, runs, takes_a_seed
from classplay.tournament import (
    Job,
    Match,
    StrategyError,
    StudentFile,
    Tournament,
    entrant,
    lineups,
    mean_interval,
    play_deal,
    play_duplicates,
    running_intervals,
    strategies_in,
    tournament,
)
from engine.stats import share_interval, wilson_interval
from engine.values import encode

GAMES = [
    ("india", 2, {}),
    ("plates", 4, {}),
    ("michigan", 4, {}),
    ("rummy", 2, {}),
    ("rupees", 4, {"target": 100_000}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_strategy_against_itself_is_exactly_even_on_duplicate_deals(game, players, options):
    t = tournament(
        {"a": "basic", "b": "basic"}, game, games=4, players=players, workers=0, **options
    )
    (m,) = t.matches
    assert m.margins == [0.0] * 4 and m.scores == [0.5] * 4


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_the_same_tournament_gives_the_same_results(game, players, options):
    runs = [
        tournament(
            ["basic", "random"], game, games=3, players=players, seed=5, workers=0, **options
        )
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
    def choose(self, seat):
        return "anything"


class Crasher:
    def choose(self, seat):
        raise ZeroDivisionError("oops")


@pytest.mark.parametrize(
    ("strategy", "words"),
    [(Cheater, "chose an illegal action: 'anything'"), (Crasher, "ZeroDivisionError")],
)
def test_a_broken_class_of_this_kernel_forfeits_and_is_named_with_its_deal(strategy, words):
    t = tournament([strategy, "basic"], "plates", games=1, workers=0)
    (line,) = t.problems[strategy.__name__]
    assert line.startswith("deal 0: ") and words in line
    assert t.match(strategy.__name__, "basic").scores == [0.0]


def test_play_deal_still_raises_for_a_broken_strategy():
    with pytest.raises(StrategyError, match="Crasher failed in deal 3"):
        play_deal("plates", [Crasher(), *(engine.make_bot("plates") for _ in range(3))], 3)


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
    with pytest.raises(ValueError, match="time limit"):
        tournament(["basic", "random"], "india", time_limit=0)


FIRST = """
import engine


class MyStrategy:
    def choose(self, seat):
        return engine.make_bot(seat.game, "basic").choose(seat)
"""
SEATS = """
import json


class Recorder:
    def choose(self, seat):
        with open({path!r}, "a") as out:
            out.write(json.dumps(seat.to_data()) + "\\n")  # in order: the view's keys too
        return seat.legal_actions()[-1]
"""
RAISES_IN_DEAL_1 = """
import engine


class Unlucky:
    def choose(self, seat):
        if seat.view["scores"] == [300, 300, 300, 300] and seat.move == 1:
            raise RuntimeError("unlucky")
        return engine.make_bot("plates", "basic").choose(seat)
"""


MAKINGS = {
    "seed": "class C:\n    def __init__(self, seed=0): pass",
    "another name": "class C:\n    def __init__(self, level=0): pass",
    "no __init__": "class C: pass",
    "positional only": "class C:\n    def __init__(self, seed, /): pass",
    "keyword only": "class C:\n    def __init__(self, *, seed=0): pass",
    "*args": "class C:\n    def __init__(self, *args, seed=0): pass",
    "**seed": "class C:\n    def __init__(self, **seed): pass",
    "seed first": "class C:\n    def __init__(seed): pass",
    "no first": "class C:\n    def __init__(*, seed): pass",
    "a local": "class C:\n    def __init__(self, a=0):\n        seed = a",
    "inherited": "class B:\n    def __init__(self, seed=0): pass\nclass C(B): pass",
    "wrapped": "class C:\n    @wraps\n    def __init__(self, seed=0): pass",
    "__new__": "class C:\n    def __new__(cls, seed=0): return object.__new__(cls)",
    "metaclass": "class C(metaclass=Meta):\n    def __init__(self): pass",
    "dataclass": "@dataclasses.dataclass\nclass C:\n    seed: int = 0",
    "__signature__": "class C:\n    __signature__ = inspect.signature(lambda seed: 0)\n"
    "    def __init__(self): pass",
    "an exception": "class C(Exception): pass",
    "a lambda": "class C:\n    __init__ = lambda self, seed=1: None",
    "partialmethod": "class C:\n    def _i(self, a, seed=0): pass\n"
    "    __init__ = functools.partialmethod(_i, 1)",
}


class _Meta(type):
    def __call__(cls, seed=0):  # type: ignore[no-untyped-def]
        return super().__call__()


def _wraps(f):  # type: ignore[no-untyped-def]
    @functools.wraps(f)
    def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
        return f(*args, **kwargs)

    return wrapper


@pytest.mark.parametrize("source", MAKINGS.values(), ids=MAKINGS)
def test_a_seats_process_gives_seed_as_inspect_says_the_class_takes_it(source):
    """``takes_a_seed`` (read from a plain class's code, quick in a fresh process) says what
    ``inspect.signature`` says, or fails as it does."""
    space = {"dataclasses": dataclasses, "functools": functools, "inspect": inspect}
    space |= {"Meta": _Meta, "wraps": _wraps}
    exec(source, space)
    made = space["C"]
    try:
        expected: object = "seed" in inspect.signature(made).parameters
    except ValueError as error:
        expected = type(error)
    try:
        found: object = takes_a_seed(made)
    except ValueError as error:
        found = type(error)
    assert found == expected


LEAN_FORK = """
import os, threading
from classplay.sandbox import _lean, _nothing
_lean()
assert threading._after_fork.__code__ is _nothing.__code__  # skipped in the child
pid = os.fork()
if pid == 0:
    seen = []
    worker = threading.Thread(target=lambda: seen.append(threading.current_thread().name))
    worker.start()
    worker.join()
    alone = threading.enumerate() == [threading.main_thread()]
    os._exit(0 if seen == ["Thread-1 (<lambda>)"] and alone and not worker.is_alive() else 1)
print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
"""


def test_a_seat_forked_without_threadings_after_fork_handler_still_has_threads():
    """``_lean`` (the template's: threading's after-fork handler skipped) leaves a forked
    child's threading whole: its main thread is the only one, and a thread starts, runs and
    ends (in a fresh interpreter: this one may run threads of its own)."""
    done = subprocess.run(
        [sys.executable, "-c", LEAN_FORK], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "0", done.stderr


def test_a_folder_of_students_files_is_read_each_in_its_own_process(tmp_path):
    (tmp_path / "asha.py").write_text(FIRST)
    (tmp_path / "ben.py").write_text("class A:\n    def choose(self, s): ...\nclass B(A): ...\n")
    (tmp_path / "carl.py").write_text("def choose(:\n")
    (tmp_path / "dev.py").write_text("x = 1\n")
    (tmp_path / "eve.py").write_text("import os\nos._exit(0)\n")
    found, problems = strategies_in(tmp_path)
    assert sorted(found) == ["asha", "ben:A", "ben:B"]
    assert sorted(problems) == ["carl.py", "dev.py", "eve.py"]
    assert "SyntaxError" in problems["carl.py"] and "choose" in problems["dev.py"]
    assert "its process ended (exit code 0)" in problems["eve.py"]
    assert found["asha"] == StudentFile("asha.py", FIRST, "MyStrategy")
    t = tournament({"asha": found["asha"], "random": "random"}, "india", games=2, players=2)
    assert t.match("asha", "random").games == 2 and not t.problems


def test_a_sandboxed_strategy_is_given_the_seat_this_process_would_give(tmp_path):
    """Its process records what it is given in a file of this test's (it may, at the
    teacher's word: ``isolation="none"``; a sandbox may write nowhere but its scratch)."""
    path = tmp_path / "seats.jsonl"
    (tmp_path / "recorder.py").write_text(SEATS.format(path=str(path)))
    found, _ = strategies_in(tmp_path)
    tournament(
        {"recorder": found["recorder"], "basic": "basic"},
        "rummy",
        games=1,
        players=2,
        workers=0,
        secret="s",
        isolation="none",
    )
    namespace: dict = {}
    exec(SEATS.format(path=str(tmp_path / "here.jsonl")), namespace)
    tournament(
        {"recorder": namespace["Recorder"], "basic": "basic"},
        "rummy",
        games=1,
        players=2,
        secret="s",
    )
    sent = path.read_text().splitlines()
    assert sent and sent == (tmp_path / "here.jsonl").read_text().splitlines()


def _match_data(t):
    return [(m.first, m.second, m.margins, m.scores, m.forfeits) for m in t.matches], t.problems


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    (folder / "first.py").write_text(FIRST)
    (folder / "unlucky.py").write_text(RAISES_IN_DEAL_1)
    (folder / "raiser.py").write_text(
        "class R:\n    def choose(self, seat):\n        raise ValueError('no')\n"
    )
    return strategies_in(folder)[0]


def class_tournament(found, **how):
    return tournament(
        {**found, "basic": "basic"}, "plates", games=4, players=4, secret="same", **how
    )


def test_withdrawal_is_at_the_nth_problem_in_the_tournaments_order(class_folder):
    t = class_tournament(class_folder, workers=0)
    assert len(t.problems["raiser"]) == 3 and "raiser" in t.withdrawn
    assert t.withdrawn["raiser"] == (  # 3 opponents, 4 deals each
        "after 3 problems (the last in deal 2): its 9 later deals forfeited"
    )
    forfeited = [f for m in t.matches for f in m.forfeits if "raiser" in f.split(", ")]
    assert len(forfeited) == 12
    assert t.problems["unlucky"]
    assert all(line.startswith(("deal 0:", "deal 1:", "deal 2:")) for line in t.problems["raiser"])


def test_the_results_are_the_same_whatever_plays_the_deals(class_folder):
    here = _match_data(class_tournament(class_folder, workers=0))
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert _match_data(class_tournament(class_folder, executor=pool)) == here
    with ThreadPoolExecutor(3) as threads:
        assert _match_data(class_tournament(class_folder, executor=threads)) == here
    assert _match_data(class_tournament(class_folder, workers=2)) == here


def test_the_results_are_the_same_on_a_dask_cluster(class_folder):
    distributed = pytest.importorskip(
        "distributed", reason="dask[distributed] is the optional 'cluster' extra"
    )
    here = _match_data(class_tournament(class_folder, workers=0))
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert _match_data(class_tournament(class_folder, executor=client.get_executor())) == here


def test_an_interrupted_tournament_keeps_the_deals_played_and_says_so():
    def stop(done, total):
        if done == 3:
            raise KeyboardInterrupt

    t = tournament(
        ["basic", "random", "expert"], "india", games=4, players=2, on_deal=stop, workers=0
    )
    assert t.interrupted and sum(m.games for m in t.matches) == 3
    assert str(t).startswith("Interrupted: the results of the 3 of 12 deals played.")


def test_a_secret_changes_the_deals_and_gives_the_same_ones_again():
    a, b, c = (
        tournament(["basic", "random"], "plates", games=3, workers=0, secret=s)
        for s in ("x", "x", "y")
    )
    assert a.match("basic", "random") == b.match("basic", "random") != c.match("basic", "random")


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
    t = tournament(["basic", "random"], "plates", games=3, workers=0)
    assert t.match("random", "basic").margins == [-x for x in t.match("basic", "random").margins]
    assert [r.name for r in t.standings()] == ["basic", "random"]
    assert str(t).splitlines()[1].startswith("basic")


CARELESS = """
import random
from random import choice


class Careless:
    def choose(self, seat):
        legal = seat.legal_actions()
        if random.random() < 0.5:
            return choice(legal[-3:])
        return legal[random.randrange(len(legal))]
"""
DIES_ON_SOME_PLATES = """
import os

import engine


class Fragile:
    def __init__(self, seed=0):
        self.basic = engine.make_bot("plates", "basic", seed=seed)

    def choose(self, seat):
        if seat.move == 1 and seat.view["my_plate"]["number"][0] in "012":
            os._exit(1)
        return self.basic.choose(seat)
"""


@pytest.mark.parametrize(
    ("source", "name"), [(CARELESS, "careless"), (DIES_ON_SOME_PLATES, "dies")]
)
def test_a_deal_played_in_step_with_others_plays_as_it_would_alone(tmp_path, source, name):
    """Unseeded random numbers are the deal's own; a deal in play when the process died in
    another deal's decision is played again from the start."""
    (tmp_path / f"{name}.py").write_text(source)
    found, _ = strategies_in(tmp_path)
    pair = {name: found[name], "basic": "basic"}
    together = tournament(
        pair, "plates", games=6, players=4, workers=0, withdraw_after=9, secret="s"
    )
    alone = [
        tournament(pair, "plates", games=1, seed=d, players=4, workers=0, secret="s")
        for d in range(6)
    ]
    m = together.match(name, "basic")
    assert m.margins == [x for t in alone for x in t.match(name, "basic").margins]
    assert m.forfeits == [f for t in alone for f in t.match(name, "basic").forfeits]
    if name == "dies":
        assert 0 < len(together.problems[name]) < 6
        assert all("its process ended (exit code 1)" in line for line in together.problems[name])


def test_deals_in_step_after_a_withdrawal_are_not_played(tmp_path):
    (tmp_path / "killer.py").write_text(
        "import os\nclass K:\n    def choose(self, seat):\n        os._exit(0)\n"
    )
    found, _ = strategies_in(tmp_path)
    killer, basic = entrant(found["killer"], "plates"), entrant("basic", "plates")
    jobs = [Job(d, "plates", 4, {}, True, killer, basic, d, "s", Limits()) for d in range(5)]
    played = play_duplicates(jobs, withdraw_after=2)
    assert [r.score if r else None for r in played] == [0.0, 0.0, None, None, None]
    assert all(r.score == 0.0 for r in play_duplicates(jobs[:3]))  # none withdrawn: all played


def test_legal_actions_go_as_runs_of_numbers_each_seat_numbering_the_unknown_afresh():
    assert runs([0, 1, 2, 5, 6, 9]) == [0, 3, 5, 7, 9, 10] and runs([]) == []
    assert numbers_of(runs([0, 1, 2, 5, 6, 9])) == [0, 1, 2, 5, 6, 9]
    box = Sandbox(Limits(), ("plates",))
    state = engine.new_game("plates", 4, 1)
    state = state.apply(state.sample_chance(random.Random(1)))
    legal = state.legal_actions()
    sent, new = box.encode_legal(legal, "0:0")
    assert numbers_of(sent) == [box.known.index[a] for a in legal] and new == {}
    assert len(sent) < len(legal) / 10  # a few runs
    assert box.encode_legal(list(legal), "1:2") == (sent, {})  # the same in every seat
    odd, odder = engine.plates.Bid(99, 3), engine.plates.Bid(98, 1)  # no deal offers these
    assert odd not in box.known.index and odder not in box.known.index
    known = len(box.known.data)
    assert box.encode_legal([odd, legal[0]], "0:0") == (
        runs([known, box.known.index[legal[0]]]),
        {known: encode(odd)},
    )
    assert box.encode_legal([odd], "0:0") == ([known, known + 1], {})  # sent to it before
    assert box.encode_legal([odder, odd], "1:2") == (  # another seat: its own numbers
        [known, known + 2],
        {known: encode(odder), known + 1: encode(odd)},
    )
    unknown = Sandbox(Limits())  # no game: every action is numbered by its seat
    new = {0: encode(legal[0]), 1: encode(legal[1])}
    assert unknown.encode_legal(legal[:2], "0:0") == ([0, 2], new)


SLOW_AT_THE_TENTH = """
import time


class Slow:
    def choose(self, seat):
        if seat.move == 9:
            time.sleep(30)
        return seat.legal_actions()[0]
"""


def _asked(box: Sandbox, moves: list[int]) -> list[dict]:
    """Questions to seats ``k:0`` of the Slow class, at ``moves``."""
    numbers, new = box.encode_legal([engine.plates.Agree()], "0:0")
    asks = [
        {"key": f"{k}:0", "seat": 0, "view": {}, "events": [], "move": m, "legal": numbers}
        for k, m in enumerate(moves)
    ]
    for k, ask in enumerate(asks):
        ask["new"] = new if k == 0 else {}
    return asks


def test_each_answer_is_due_one_time_limit_after_the_one_before():
    """Ten questions in one message, the tenth never answered: the time-out comes one limit
    after the ninth answer, not ten limits after the message, and is that seat's problem.
    (A limit of 2 s, not 0.5: ten fresh processes forked and answering within 0.5 s each
    failed once on a loaded machine.)"""
    box = Sandbox(Limits(time=2.0), ("plates",))
    seats = {f"{k}:0": 1 for k in range(10)}
    deal = {"do": "deals", "file": "slow.py", "source": SLOW_AT_THE_TENTH, "class": "Slow"}
    box.send({**deal, "deals": [{"seats": seats, "chance": "1"}]})
    assert box.answer() == {"ok": True}
    asks = _asked(box, list(range(10)))
    start = time.monotonic()
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": asks})
    assert [box.answer() for _ in range(9)] == [{"i": 0}] * 9
    assert box.answer() == {"problem": "no answer within 2 s"}
    assert time.monotonic() - start < 10.0  # not 20 s: ten limits


def test_every_hung_seat_of_a_message_is_stopped_within_one_limit_and_the_sandbox_plays_on():
    """Issue 33: a strategy that hangs in every deal played in step is stopped in all of
    them at once (each seat's answer a problem of its own, one limit after the message, not
    one limit after the other), and its sandbox (the same process) answers the next
    question: it is not ended and started again for each deal."""
    box = Sandbox(Limits(time=1.0), ("plates",))
    seats = {f"{k}:0": 1 for k in range(5)}
    deal = {"do": "deals", "file": "slow.py", "source": SLOW_AT_THE_TENTH, "class": "Slow"}
    box.send({**deal, "deals": [{"seats": seats, "chance": "1"}]})
    assert box.answer() == {"ok": True}
    assert box.process is not None
    started = box.process.pid
    start = time.monotonic()
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": _asked(box, [9, 1, 9, 9, 2])})
    answers = [box.answer() for _ in range(5)]
    took = time.monotonic() - start
    hung = {"problem": "no answer within 1 s"}
    assert answers == [hung, {"i": 0}, hung, hung, {"i": 0}]
    assert took < 2.5  # one limit for all three, not three
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": _asked(box, [3, 4])[1:]})
    assert box.answer() == {"i": 0}  # seat 1:0 of the same process, which plays on
    assert box.process is not None and box.process.pid == started
    box.kill()


SLOW_OR_GONE = """
import os
import time


class Slow:
    def choose(self, seat):
        if seat.move == 7:  # its answers' pipe closed, its process still running
            os.closerange(3, 1024)
            time.sleep(30)
        time.sleep(1)
        return seat.legal_actions()[0]
"""


def test_an_answer_that_came_in_time_is_taken_while_another_seat_is_waited_for():
    """The first seat answers after 1 s; the second closes its pipe and lives on, and the
    sandbox waits for its process (up to the limit) to say how it ended: the first seat's
    answer, in by then, is its answer, not a time-out."""
    box = Sandbox(Limits(time=2.0), ("plates",))
    seats = {"0:0": 1, "1:0": 1}
    deal = {"do": "deals", "file": "slow.py", "source": SLOW_OR_GONE, "class": "Slow"}
    box.send({**deal, "deals": [{"seats": seats, "chance": "1"}]})
    assert box.answer() == {"ok": True}
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": _asked(box, [1, 7])})
    assert box.answer() == {"i": 0}
    assert box.answer() == {"problem": "its process was ended by SIGKILL"}
    box.kill()


TRICKLER = """
import os
import time


class Slow:
    def choose(self, seat):
        while True:  # a byte at a time down every pipe it has, never a whole line
            for fd in range(3, 20):
                try:
                    os.write(fd, b"1")
                except OSError:
                    pass
            time.sleep(0.05)
"""


def test_an_answer_that_trickles_in_and_never_ends_is_a_time_out():
    box = Sandbox(Limits(time=1.0), ("plates",))
    deal = {"do": "deals", "file": "slow.py", "source": TRICKLER, "class": "Slow"}
    box.send({**deal, "deals": [{"seats": {"0:0": 1}, "chance": "1"}]})
    assert box.answer() == {"ok": True}
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": _asked(box, [1])})
    assert box.answer() == {"problem": "no answer within 1 s"}  # the sandbox's: no Fault
    box.kill()


def test_a_message_waiting_behind_a_hung_question_never_blocks_the_tournament():
    """The second message is far bigger than a pipe holds, and the process does not read it
    while its first question hangs: sending returns at once, the time-out is the first
    question's, and the second is answered after it."""
    box = Sandbox(Limits(time=0.5), ("plates",))
    seats = {"0:0": 1, "1:0": 1}
    deal = {"do": "deals", "file": "slow.py", "source": SLOW_AT_THE_TENTH, "class": "Slow"}
    box.send({**deal, "deals": [{"seats": seats, "chance": "1"}]})
    assert box.answer() == {"ok": True}
    numbers, new = box.encode_legal([engine.plates.Agree()], "0:0")
    ask = {"key": "0:0", "seat": 0, "events": [], "move": 9, "legal": numbers, "new": new}
    box.send({"do": "ask", "game": "plates", "players": 4, "asks": [{**ask, "view": {}}]})
    big = {**ask, "key": "1:0", "move": 1, "new": {}, "view": {"x": "y" * 1_000_000}}
    sender = threading.Thread(
        target=box.send, args=({"do": "ask", "game": "plates", "players": 4, "asks": [big]},)
    )
    sender.start()
    sender.join(10)
    assert not sender.is_alive()
    assert box.answer() == {"problem": "no answer within 0.5 s"}
    assert box.answer() == {"i": 0}
    box.kill()


def test_a_share_of_the_wins_is_shown_within_0_and_1():
    """Issue 35: a strategy that won 3 of 4 deals was shown "(0.26 to 1.24)", a normal
    interval past what a share can be; Wilson's stays within 0 and 1."""
    assert mean_interval([1, 1, 1, 0])[2] > 1  # the normal interval
    share, low, high = share_interval([1, 1, 1, 0])
    assert share == 0.75 and 0 < low < share < high < 1
    assert share_interval([1.0] * 5)[1:] == pytest.approx(wilson_interval(1.0, 5))
    t = tournament(["expert", "random"], "plates", games=6, players=4, seed=1, workers=0)
    for row in str(t).splitlines()[1:]:
        low, high = map(float, re.search(r"\((\S+) to (\S+)\)", row).groups())
        assert 0 <= low <= high <= 1, row
    for s in t.standings():
        assert 0 <= s.score[1] <= s.score[0] <= s.score[2] <= 1
    m = t.matches[0]
    assert m.interval("scores")[1] >= 0 and m.interval("scores")[2] <= 1


def test_a_match_of_split_deals_is_not_shown_as_uncertain_as_deals_won_or_lost():
    """Issue 35 item 4: four rummy deals in five split between the lineups (a share of 1/2);
    the share of the wins' interval, in the match and in the standings, counts that smaller
    variance (the deals' own normal interval), not Wilson's over deals won or lost outright."""
    scores = [1.0] * 38 + [0.0] * 22 + [0.5] * 240
    m = Match("expert", "basic", [0.0] * 300, scores)
    share, low, high = m.interval("scores")
    assert (low, high) == pytest.approx(mean_interval(scores)[1:], abs=1e-3)
    old = wilson_interval(share, 300)
    assert (old[1] - old[0]) > 2 * (high - low) and low > 0.5 > old[0]
    t = Tournament("rummy", 2, ["expert", "basic"], [m])
    assert [s.score for s in t.standings()] == [
        m.interval("scores"),
        m.reversed().interval("scores"),
    ]


def test_without_walls_students_files_run_only_at_the_teachers_word(tmp_path, monkeypatch):
    """No namespaces and no Landlock (macOS, Windows, a locked-down container): a student's
    file is refused, in words, before anything runs, unless ``isolation="none"``."""
    from classplay import isolation

    monkeypatch.setattr(isolation, "_namespaces", lambda: "")
    monkeypatch.setattr(isolation, "landlock_abi", lambda: 0)
    (tmp_path / "asha.py").write_text(FIRST)
    with pytest.raises(isolation.Unavailable, match="isolation='none'"):
        strategies_in(tmp_path)
    found, _ = strategies_in(tmp_path, isolation="none")
    with pytest.raises(isolation.Unavailable, match="neither user namespaces"):
        tournament({**found, "basic": "basic"}, "india", games=1, players=2)
    t = tournament(
        {**found, "basic": "basic"}, "india", games=1, players=2, workers=0, isolation="none"
    )
    assert not t.problems and t.isolation.startswith("NO SANDBOX (isolation='none')")
    with pytest.raises(ValueError, match="isolation is 'sandbox' or 'none'"):
        tournament({**found, "basic": "basic"}, "india", isolation="off")


def test_a_tournaments_sandboxes_are_all_asked_to_end_before_any_is_waited_for():
    """Each sandbox ends its seats and itself when asked: asked all at once, they end
    together (30 a worker at a class's end), not one after another."""
    from classplay import tournament as module

    calls = []

    class Box:
        def __init__(self, k: int) -> None:
            self.k = k

        def finish(self) -> None:
            calls.append(("finish", self.k))

        def kill(self, grace: float = 0.0) -> None:
            calls.append(("kill", self.k))

    boxes = module._sandboxes()
    for k in range(3):
        boxes[(k, k)] = Box(k)
    module.close_sandboxes()
    assert calls[:3] == [("finish", k) for k in range(3)]
    assert sorted(calls[3:]) == [("kill", k) for k in range(3)]
    assert not module._sandboxes()


def test_a_margin_of_one_deal_says_it_has_no_interval():
    t = tournament(["basic", "random"], "plates", games=1, players=4, workers=0)
    text = str(t)
    assert "inf" not in text
    assert text.count("(one deal: no interval)") == 2
