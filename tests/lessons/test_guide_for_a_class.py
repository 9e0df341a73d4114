"""The teacher's guide on running a class (its *How to use this guide*): the tables' kinds and
the class tournament, with the names it tells a teacher to type and the limits it quotes,
checked against the engine and the widgets themselves."""

from __future__ import annotations

import inspect

from lesson_cells import guide_says

import classplay.tournament
import tabletop_widgets
from classplay.tournament import Tournament, strategies_in, tournament


def test_the_tournament_as_the_guide_tells_it():
    guide_says("the cell that defines it starts with `%%writefile asha.py`")
    guide_says('`strategies, problems = classplay.tournament.strategies_in("submissions/")`')
    guide_says(
        '`t = tabletop_widgets.tournament({**strategies, "basic": "basic"}, "plates", players=4)`'
    )
    guide_says("each strategy plays about 100 duplicate deals in all", "2 against each in a class")
    guide_says("with 5 seconds for each decision and 1 GB of memory (`time_limit=`, `memory=`)")
    guide_says("forfeits only its own deal, nobody else's, and at its third problem it is")
    guide_says('`t.problems["asha"]` lists', "`tournament(..., secret=t.secret)` plays the same")
    guide_says('`plot_match(t, "asha", "basic")`')
    assert classplay.tournament.strategies_in is strategies_in
    assert callable(tabletop_widgets.tournament) and callable(tabletop_widgets.plot_match)
    limits = inspect.signature(tournament).parameters
    assert limits["time_limit"].default == 5.0 and limits["memory"].default == 1 << 30
    assert limits["withdraw_after"].default == 3 and "secret" in limits
    assert limits["games"].default is None and classplay.tournament.DEALS == 100
    assert classplay.tournament.MOST_DEALS == 1_000
    assert classplay.tournament.deals_a_pair(31) == 2  # 30 students' files and the basic bot
    assert inspect.signature(tabletop_widgets.tournament).parameters["games"].default is None
    assert {"problems", "secret"} <= set(dir(Tournament))
    assert set(inspect.signature(tabletop_widgets.tournament).parameters) >= {"games", "players"}


def test_the_kinds_of_table_as_the_guide_tells_them():
    guide_says("offers *Save game* and *New game* only once the game is over")
    guide_says("build the table with `exam=True`: no coach, no hint, no *Load game*")
    guide_says("deals from a **secret seed**, a new one for each new game, never shown")
    guide_says("**Teacher mode**, only on a table you make for your own screen with `teacher=True`")
    student = tabletop_widgets.PlatesTable(players=4)
    exams = [tabletop_widgets.PlatesTable(players=4, exam=True) for _ in range(2)]
    teacher = tabletop_widgets.PlatesTable(players=4, teacher=True)
    assert (student.exam, student.teacher, teacher.teacher) == (False, False, True)
    seeds = [t.shown.seed for t in (*exams, student)]
    assert all(t.exam for t in exams) and seeds[0] != seeds[1] and seeds[2] == 0
