"""What the two packages import, and when (issue 15): ``import engine`` and
``import tabletop_widgets`` import no game and none of IPython, numpy and matplotlib; a game, a
table, a picture's renderer are imported when first used, and a state still draws itself in a
notebook's kernel. Each check runs in a fresh Python process, where nothing is imported yet.
The time an import takes is measured by ``benchmarks/imports.py``, never by a test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from fnmatch import fnmatch
from pathlib import Path

import pytest

import engine
import tabletop_widgets

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(engine.GAMES)
HEAVY = {"IPython", "numpy", "matplotlib"}
KERNEL = """\
from traitlets.config import Config
from IPython.core.interactiveshell import InteractiveShell
config = Config()
config.HistoryManager.enabled = False
shell = InteractiveShell.instance(config=config)
"""
"""A running IPython shell, as in a notebook's kernel."""


def fresh(code: str, tmp_path: Path, kernel: bool = False) -> dict:
    """Run ``code`` in a fresh Python process (with a ``shell`` running if ``kernel``), with
    ``modules()`` (the modules imported so far) defined; what it printed last, read as JSON."""
    prelude = "import json, sys\ndef modules():\n    return sorted(sys.modules)\n"
    prelude += KERNEL if kernel else ""
    env = os.environ | {"PYTHONPATH": str(ROOT), "IPYTHONDIR": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def games_in(modules: list[str]) -> set[str]:
    return {m.split(".")[1] for m in modules if m.startswith("engine.")} & set(GAMES)


def heavy_in(modules: list[str]) -> set[str]:
    return {m.split(".")[0] for m in modules} & HEAVY


def test_import_engine_imports_no_game_until_one_is_used(tmp_path):
    got = fresh(
        """
        import engine
        games = engine.GAMES
        known = (sorted(games), len(games), "rummy" in games, "go" in games)
        before = modules()
        same = engine.GAMES["plates"] is engine.plates.PlatesState is engine.PlatesState
        print(json.dumps({"known": known, "before": before, "after": modules(), "same": same}))
        """,
        tmp_path,
    )
    assert got["known"] == [GAMES, 5, True, False]
    assert games_in(got["before"]) == set()
    assert heavy_in(got["before"]) == set()
    assert got["same"]
    assert games_in(got["after"]) == {"plates"}


def test_import_tabletop_widgets_imports_no_game_and_no_ipython(tmp_path):
    got = fresh(
        """
        import tabletop_widgets
        before = modules()
        from tabletop_widgets import PlatesTable
        print(json.dumps({"before": before, "after": modules()}))
        """,
        tmp_path,
    )
    assert heavy_in(got["before"]) == set()
    assert "ipywidgets" not in got["before"]
    assert not [m for m in got["before"] if m.startswith("engine")]
    assert games_in(got["after"]) == {"plates"}  # one table: one game


def test_a_state_draws_itself_in_a_kernel(tmp_path):
    got = fresh(
        f"""
        import engine, tabletop_widgets
        at_import = modules()
        states = {{}}
        for game in {GAMES!r}:
            s = engine.new_game(game, seed=3)
            states[game] = s.apply(s.sample_chance())
        shown = {{"india": shell.display_formatter.format(states["india"])[0]}}
        one_shown = modules()
        shown |= {{g: shell.display_formatter.format(s)[0] for g, s in states.items()}}
        drawn = {{  # what PICTURES draws (imported last: it imports every renderer)
            g: shown[g].get("image/svg+xml") == tabletop_widgets.PICTURES[type(s)](s)
            for g, s in states.items()
        }}
        print(json.dumps({{"at_import": at_import, "one_shown": one_shown, "drawn": drawn}}))
        """,
        tmp_path,
        kernel=True,
    )
    assert games_in(got["at_import"]) == set()
    renderers = {m for m in got["one_shown"] if m.startswith("tabletop_widgets.render.")}
    assert renderers == {"tabletop_widgets.render.india", "tabletop_widgets.render.svg"}
    assert got["drawn"] == {game: True for game in GAMES}


def test_pictures_are_registered_under_their_types_own_names():
    """IPython finds a picture by its type's module and name: these must be the type's own."""
    named = [(kind.__module__, kind.__name__) for kind in tabletop_widgets.PICTURES]
    assert named == list(tabletop_widgets._PICTURES)


def test_every_public_name_is_there():
    names: dict = {}
    exec("from tabletop_widgets import *", names)
    assert set(tabletop_widgets.__all__) <= set(names)
    assert set(tabletop_widgets.__all__) <= set(dir(tabletop_widgets))
    assert list(names["TABLES"]) == ["plates", "india", "michigan", "rummy", "rupees"]
    assert names["TABLES"] is tabletop_widgets.TABLES
    assert set(dir(engine)) >= set(engine.__all__) | set(GAMES)


def test_the_engine_imports_nothing_of_class_play(tmp_path):
    """``engine/`` is rules, chance, odds, bots and experts: a game played to its end, reviewed
    and its India options read, imports neither ``classplay`` nor Tornado (issue 32)."""
    got = fresh(
        """
        import engine, engine.review, engine.stats
        for game in engine.GAMES:
            bots = [engine.make_bot(game, "basic") for _ in range(4)]
            engine.play(engine.new_game(game, players=4, seed=1), bots=bots)
        print(json.dumps(modules()))
        """,
        tmp_path,
    )
    assert not [m for m in got if m.split(".")[0] in ("classplay", "tornado")]


def test_no_engine_source_names_class_play():
    """No module of the engine imports from ``classplay`` (read from the source, so an import
    in a function that the test above does not run is caught too)."""
    offenders = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "engine").rglob("*.py")
        if "classplay" in path.read_text() or "tornado" in path.read_text()
    ]
    assert offenders == []


def test_every_data_file_of_the_engine_is_installed_with_it():
    """A non-editable install (Binder's postBuild runs ``pip install .``) carries only the files
    ``package-data`` names: every JSON file under ``engine/`` (a fit an expert loads at import,
    a practice bank) matches one of its patterns."""
    tomllib = pytest.importorskip("tomllib")
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = setup["package-data"]["engine"]
    files = [p.relative_to(ROOT / "engine").as_posix() for p in (ROOT / "engine").rglob("*.json*")]
    assert "rummy/kinds.json" in files
    assert [f for f in files if not any(fnmatch(f, p) for p in patterns)] == []
