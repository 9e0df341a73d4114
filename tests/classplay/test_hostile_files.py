"""A class tournament of hostile and careless students' files: each runs in a process of its
own, so the tournament finishes, the honest strategies have the results they would have had
without the culprits, each culprit is named with what it did, and the teacher's engine (this
process) is unchanged. One tournament, played once for the module (small time limits)."""

from __future__ import annotations

import pytest

import engine
from classplay.tournament import strategies_in, tournament
from engine.bots import RandomBot
from engine.core import State
from engine.plates import BasicBot, ExpertBot, PlatesState
from engine.seat import Seat

HONEST = """
import engine
from engine.plates import Agree, Challenge, bid_chance_from_view


class MyStrategy:
    def __init__(self, seed=0):
        self.basic = engine.make_bot("plates", "basic", seed=seed)

    def choose(self, seat):
        print("thinking out loud")  # its output goes nowhere, and breaks nothing
        standing = seat.view["standing_bid"]
        if standing is None or standing["bidder"] == seat.seat:
            return self.basic.choose(seat)
        return Agree() if bid_chance_from_view(seat.view) > 0.4 else Challenge()
"""

CULPRITS = {
    "raiser": ("return 1 / 0", "ZeroDivisionError in choose, line 3"),
    "junk": ('return "agree"', "chose 'agree', which is not one of seat.legal_actions()"),
    "sleeper": ("import time\n        time.sleep(30)", "no answer within 2 s"),
    "spinner": ("while True:\n            pass", "no answer within 2 s"),
    "quitter": ("import sys\n        sys.exit(0)", "sys.exit in choose, line 4"),
    "killer": ("import os\n        os._exit(0)", "its process ended (exit code 0)"),
    "crasher": ("import ctypes\n        ctypes.string_at(0)", "ended by SIGSEGV"),
    "hog": ("x = bytearray(6 * 2**30)", "MemoryError in choose, line 3: over its memory limit"),
}
"""File name -> the body of its choose, and what the tournament says of it. Each answer is due
within the tournament's time limit of wall-clock time: a limit of 0.5 s lets a culprit's fresh
process, starved of a core on a loaded machine, time out ("no answer within 0.5 s") before it
can do what it is named for, so the limit is 2 s (and a process whose answers ended is waited
for as long: ``test_a_slow_exit_is_named_as_an_exit``)."""

PATCHER = """
import engine
from engine.bots import RandomBot
from engine.core import State
from engine.plates import BasicBot, ExpertBot, PlatesState

basic = engine.make_bot("plates", "basic")
honest = BasicBot.choose
PlatesState.returns = lambda self: [1000300, 300, 1000300, 300]
State.apply = lambda self, action, player=None: self
RandomBot.choose = lambda self, state: None


class Patcher:
    def choose(self, seat):
        BasicBot.choose = ExpertBot.choose = lambda self, state: None
        engine.play = None
        return honest(basic, seat)
"""

HUNTER = """
import gc
import sys

import engine
from engine.core import History, State


class Hunter:
    def __init__(self):
        self.basic = engine.make_bot("plates", "basic")

    def choose(self, seat):
        if seat.move > 1:
            return self.basic.choose(seat)
        found = [o for o in gc.get_objects() if isinstance(o, (State, History))]
        frame = sys._getframe()
        while frame:
            found += [v for v in frame.f_locals.values() if hasattr(v, "sample_chance")]
            frame = frame.f_back
        if found:
            raise RuntimeError("found the game")
        if seat.view.get("hands") and sum(h is not None for h in seat.view["hands"]) > 1:
            raise RuntimeError("saw another hand")
        return self.basic.choose(seat)
"""

BAD_AT_IMPORT = {
    "exits.py": ("import sys\nsys.exit(1)\n", "sys.exit in <module>, line 2"),
    "dies.py": ("import os\nos._exit(3)\n", "its process ended (exit code 3)"),
    "hangs.py": ("while True:\n    pass\n", "no answer within 2 s"),
    "typo.py": ("def choose(:\n", "SyntaxError, line 1"),
    "empty.py": ("x = 1\n", "no class with a choose(seat) method"),
}


def culprit(body: str) -> str:
    return f"class MyStrategy:\n    def choose(self, seat):\n        {body}\n"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("submissions")
    (path / "honest.py").write_text(HONEST)
    for name, (body, _) in CULPRITS.items():
        (path / f"{name}.py").write_text(culprit(body))
    (path / "badinit.py").write_text(
        "class MyStrategy:\n    def __init__(self):\n        raise ValueError('no')\n"
        "    def choose(self, seat):\n        return seat.legal_actions()[0]\n"
    )
    (path / "patcher.py").write_text(PATCHER)
    (path / "hunter.py").write_text(HUNTER)
    for name, (source, _) in BAD_AT_IMPORT.items():
        (path / name).write_text(source)
    return path


def engine_now():
    """What the teacher's engine is: its classes' attributes and a canary game's returns."""
    classes = (State, RandomBot, PlatesState, BasicBot, ExpertBot, Seat)
    bots = [engine.make_bot("plates", "basic", seed=k) for k in range(4)]
    canary = engine.play(engine.new_game("plates", players=4, seed=5), bots)
    return {c: dict(vars(c)) for c in classes}, canary.returns(), engine.play


@pytest.fixture(scope="module")
def played(folder):
    before = engine_now()
    found, problems = strategies_in(folder, time_limit=2.0)
    honest = found.pop("honest")
    entrants = {"honest": honest, "basic": "basic", **found}
    t = tournament(
        entrants,
        "plates",
        games=1,
        players=4,
        workers=0,
        time_limit=2.0,  # a culprit's fresh process answers within it on a busy machine too
        withdraw_after=1,  # withdrawn at once: the culprits do not meet each other
        secret="class",
    )
    return {**found, "honest": honest}, problems, t, before


def test_the_files_that_cannot_be_loaded_are_listed_with_why(played):
    found, problems, _, _ = played
    assert sorted(found) == sorted([*CULPRITS, "badinit", "patcher", "hunter", "honest"])
    assert sorted(problems) == sorted(BAD_AT_IMPORT)
    for name, (_, why) in BAD_AT_IMPORT.items():
        assert why in problems[name], (name, problems[name])


@pytest.mark.parametrize("name", list(CULPRITS))
def test_each_culprit_is_named_with_what_it_did(played, name):
    _, _, t, _ = played
    lines = t.problems[name]
    assert lines and all(CULPRITS[name][1] in line for line in lines), lines
    assert lines[0].startswith("deal 0: ") and "(against honest, seat " in lines[0]
    assert name in t.withdrawn
    assert all(f in ("", name) or name in f.split(", ") for f in t.match(name, "basic").forfeits)


def test_an_init_that_raises_is_named(played):
    _, _, t, _ = played
    assert t.problems["badinit"][0].startswith("deal 0: ValueError in __init__, line 3: no")


def test_the_honest_strategies_play_on_as_if_the_culprits_were_not_there(played):
    found, _, t, _ = played
    assert "honest" not in t.problems and "basic" not in t.problems
    assert "patcher" not in t.problems and "hunter" not in t.problems
    alone = tournament(
        {"honest": found["honest"], "basic": "basic"},
        "plates",
        games=1,
        players=4,
        workers=0,
        secret="class",
    )
    assert t.match("honest", "basic") == alone.match("honest", "basic")
    for name in CULPRITS:
        m = t.match("honest", name)
        assert m.margins == [] and m.scores == [1.0], name


def test_the_teachers_engine_is_unchanged(played):
    *_, before = played
    assert engine_now() == before


def test_the_results_table_shows_the_withdrawn_and_the_problems(played):
    _, _, t, _ = played
    text = str(t)
    assert "raiser (withdrawn)" in text and "forfeits" in text.splitlines()[0]
    assert "raiser was withdrawn after 1 problem (the last in deal 0): its 11 later" in text
    assert "Problems (t.problems lists each): " in text


def test_the_hunter_finds_the_game_in_this_process_but_not_in_its_own(folder):
    """The same class, played as a class of this kernel (as a lesson's MyStrategy is), finds
    the game: only its own process keeps a student's file from it."""
    namespace: dict = {}
    exec(HUNTER, namespace)
    t = tournament({"hunter": namespace["Hunter"], "basic": "basic"}, "plates", games=1, players=4)
    assert "RuntimeError in choose, line" in t.problems["hunter"][0]
    assert "found the game" in t.problems["hunter"][0]


SLOW_EXIT = """
import os
import time


class SlowExit:
    def choose(self, seat):
        os.closerange(3, 1 << 16)  # its answers end here: the tournament sees that at once
        time.sleep(1.5)  # as an exit on a loaded machine can take its time
        os._exit(0)
"""


def test_a_slow_exit_is_named_as_an_exit(tmp_path):
    """A process whose answers ended is waited for (as long as an answer may take) and named
    by how it ended, not killed after a second and called killed."""
    (tmp_path / "slow_exit.py").write_text(SLOW_EXIT)
    found, _ = strategies_in(tmp_path)
    t = tournament(
        {**found, "basic": "basic"}, "plates", games=1, players=4, workers=0, time_limit=3.0
    )
    assert t.problems["slow_exit"][0].startswith("deal 0: its process ended (exit code 0)")
