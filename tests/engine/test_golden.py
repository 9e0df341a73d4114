"""Golden playthroughs (``tests/golden/*.txt``, written by ``scripts/golden.py``).

Three checks per file: the saved actions replayed through the rules list as many legal actions
before each move as recorded (a perft-like count) and give every recorded picture and the
recorded returns (a change of any rule shows here, whatever the bots or the dice do); replayed,
they give every seat the recorded view and the recorded public description of each action
(what each seat may see, as OpenSpiel's playthroughs pin each player's observation); and the
game played again from its seed gives the same file, byte for byte (a change of dealing, dice
or bot play shows here). Regenerate with ``python scripts/golden.py`` only for a change
made on purpose, and say so in the commit.
"""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path

import pytest

import engine
from engine.saves import _renamed
from engine.values import decode

ROOT = Path(__file__).resolve().parents[2]
golden = runpy.run_path(str(ROOT / "scripts" / "golden.py"), run_name="golden")
NAMES = list(golden["PLAYTHROUGHS"])


def recorded(name: str) -> tuple[list[tuple[object, str, str]], list]:
    """The saved (action, picture after it, what was listed before it) of a golden file, and
    its returns. Actions are read as a saved game reads them (a class renamed since is found by
    its old name); what was listed is the count before the list ("seat 1, legal (7)", "chance
    (36 outcomes)", "chance (a shuffle)")."""
    game = engine.GAMES[golden["PLAYTHROUGHS"][name]["game"]]
    steps: list[tuple[object, list[str], str]] = []
    returns, listed = None, ""
    for line in golden["path_of"](name).read_text(encoding="utf-8").splitlines():
        if line.startswith("move "):
            listed = re.match(r"move \d+: ([^(]*\([^)]*\))", line)[1]
        elif line.startswith("  json: "):
            data = _renamed(json.loads(line[len("  json: ") :]), game.RENAMED)
            steps.append((decode(data, game.kinds()), [], listed))
        elif line.startswith("    ") and steps:
            steps[-1][1].append(line[4:])
        elif line.startswith("returns: "):
            returns = json.loads(line[len("returns: ") :])
    return [(a, "\n".join(p), n) for a, p, n in steps], returns


def seen(name: str) -> list[list[str]]:
    """The recorded ``public`` and ``view`` lines of a golden file: first those of the start
    (every seat's whole view), then those of each move in turn."""
    blocks: list[list[str]] = []
    for line in golden["path_of"](name).read_text(encoding="utf-8").splitlines():
        if line == "start:" or line.startswith("move "):
            blocks.append([])
        elif line.startswith(("  public ", "  view ")):
            blocks[-1].append(line)
    return blocks


def counted(state: engine.State) -> str:
    """What the rules list at ``state``, counted as a golden file writes it."""
    seat = state.current_player
    if seat == engine.CHANCE:
        outcomes = state.chance_outcomes()
        return f"chance ({len(outcomes)} outcomes)" if outcomes else "chance (a shuffle)"
    return f"seat {seat}, legal ({len(state.legal_actions())})"


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_replay_every_recorded_picture(name):
    """The recorded actions replayed through the rules list as many legal actions before each
    move as recorded (a perft count along the game) and give every recorded picture."""
    game, players, seed, options = golden["setup"](golden["PLAYTHROUGHS"][name])
    state = engine.new_game(game, players=players, seed=seed, **options)
    steps, returns = recorded(name)
    assert steps, f"{name}: no moves recorded"
    for k, (action, picture, listed) in enumerate(steps, start=1):
        assert counted(state) == listed, f"{name}: what was legal before move {k} differs"
        state = state.apply(action)
        assert str(state) == picture, f"{name}: the picture after move {k} ({action}) differs"
    assert state.is_terminal()
    assert state.returns() == returns


@pytest.mark.parametrize("name", NAMES)
def test_the_rules_replay_what_every_seat_saw(name):
    """The recorded actions replayed through the rules give each seat, at the start and after
    every move, the recorded view (what changed in it), and describe each action to each seat
    as recorded: a seat shown a card it may not see, or a description changed, shows here."""
    game, players, seed, options = golden["setup"](golden["PLAYTHROUGHS"][name])
    state = engine.new_game(game, players=players, seed=seed, **options)
    start, *moves = seen(name)
    assert start == golden["start_lines"](state)[-len(start) :], f"{name}: a view at the start"
    steps, _ = recorded(name)
    assert len(moves) == len(steps), f"{name}: a move without its views"
    for k, ((action, _, _), lines) in enumerate(zip(steps, moves, strict=True), start=1):
        after = state.apply(action)
        assert golden["seen_lines"](state, action, after) == lines, (
            f"{name}: what a seat saw of move {k} ({action}) differs"
        )
        state = after


@pytest.mark.parametrize("name", NAMES)
def test_the_seeded_game_is_played_the_same_way(name):
    assert golden["path_of"](name).read_text(encoding="utf-8") == golden["playthrough"](name), (
        f"{name}: the seeded game changed; if on purpose, run python scripts/golden.py"
    )


def test_the_playthroughs_cover_every_game():
    assert {spec["game"] for spec in golden["PLAYTHROUGHS"].values()} == set(engine.GAMES)
