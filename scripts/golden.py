"""Golden playthroughs: one seeded game per line of ``PLAYTHROUGHS``, written out in full.

    python scripts/golden.py            # rewrite tests/golden/*.txt
    python scripts/golden.py --check    # exit 1 if a committed file differs from a fresh one

Each file holds a whole game played by seeded bots: for every step, who moves, the legal
actions, the action (in table notation and as its saved JSON) and the text picture after it;
then the returns. ``tests/engine/test_golden.py`` replays the saved actions through the rules
and compares every picture (a rules regression shows there), and plays the game again from the
seed (a change of dealing, dice or bots shows there), as python-chess replays its perft files
and OpenSpiel its playthroughs. Regenerate only for a deliberate change, and say which.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.values import encode  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"

PLAYTHROUGHS: dict[str, dict[str, Any]] = {
    "plates-4p": {"game": "plates", "players": 4, "seed": 3},
    "plates-3p-uniform": {"game": "plates", "players": 3, "seed": 8, "digits": "uniform"},
    "india-2p": {"game": "india", "players": 2, "seed": 1},
    "india-4p-partners": {"game": "india", "players": 4, "seed": 2, "partners": True},
    "michigan-4p": {"game": "michigan", "players": 4, "seed": 5, "deals": 2},
    "michigan-3p-mistakes": {
        "game": "michigan",
        "players": 3,
        "seed": 6,
        "deals": 2,
        "mistakes_allowed": True,
    },
    "rummy-4p": {"game": "rummy", "players": 4, "seed": 4},
    "rummy-7p-three-packs": {"game": "rummy", "players": 7, "seed": 9},
    "rupees-4p-call-partner": {
        "game": "rupees",
        "players": 4,
        "seed": 7,
        "target": 250000,
        "call_partner": True,
        "show_widow": True,
    },
    "rupees-6p-options": {
        "game": "rupees",
        "players": 6,
        "seed": 2,
        "target": 250000,
        "specials_any_time": True,
        "opener_may_pass": True,
        "discards_to_last_trick": True,
    },
}
"""File name -> game set-up. Seats alternate basic and random bots, so both play a part."""


LISTED = 12
"""A longer list of legal actions is written as its first and last ``LISTED``."""


def bots_for(game: str, players: int, seed: int) -> list[Any]:
    """Even seats basic, odd seats random, each seeded by the game's seed and its seat."""
    levels = ("basic", "random")
    return [engine.make_bot(game, levels[s % 2], seed=seed * 100 + s) for s in range(players)]


def setup(spec: dict[str, Any]) -> tuple[str, int, int, dict[str, Any]]:
    options = {k: v for k, v in spec.items() if k not in ("game", "players", "seed")}
    return spec["game"], spec["players"], spec["seed"], options


def header(name: str, spec: dict[str, Any]) -> list[str]:
    game, players, seed, options = setup(spec)
    return [
        f"# golden playthrough {name}: {game}, {players} players, seed {seed}, "
        f"options {json.dumps(options, sort_keys=True)}",
        "# seats: even basic bots, odd random bots. Regenerate: python scripts/golden.py",
    ]


def step_lines(k: int, state: engine.State, action: Any, after: engine.State) -> list[str]:
    """One step: move number, who moves and what was legal; the action; the picture after."""
    seat = state.current_player
    if seat == engine.CHANCE:
        outcomes = state.chance_outcomes()
        who = f"chance ({len(outcomes)} outcomes)" if outcomes else "chance (a shuffle)"
    else:
        legal = [str(a) for a in state.legal_actions()]
        if len(legal) > 2 * LISTED:
            legal = [*legal[:LISTED], "…", *legal[-LISTED:]]
        who = f"seat {seat}, legal ({len(state.legal_actions())}): " + " | ".join(legal)
    picture = "\n".join("    " + line for line in str(after).splitlines())
    return [
        f"move {k}: {who}",
        f"  action: {action}",
        f"  json: {json.dumps(encode(action), ensure_ascii=False, separators=(',', ':'))}",
        picture,
    ]


def playthrough(name: str) -> str:
    """The golden text of ``PLAYTHROUGHS[name]``, played now from its seed."""
    spec = PLAYTHROUGHS[name]
    game, players, seed, options = setup(spec)
    state = engine.new_game(game, players=players, seed=seed, **options)
    bots = bots_for(game, players, seed)
    lines = [*header(name, spec), "start:", *("    " + x for x in str(state).splitlines())]
    k = 0
    while not state.is_terminal():
        seat = state.current_player
        action = state.sample_chance() if seat == engine.CHANCE else bots[seat].choose(state)
        after = state.apply(action)
        k += 1
        lines += step_lines(k, state, action, after)
        state = after
    lines.append(f"returns: {json.dumps(state.returns())}")
    return "\n".join(lines) + "\n"


def path_of(name: str) -> Path:
    return GOLDEN / f"{name}.txt"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    GOLDEN.mkdir(parents=True, exist_ok=True)
    stale = []
    for name in PLAYTHROUGHS:
        text = playthrough(name)
        path = path_of(name)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: {text.count(chr(10) + 'move ')} moves")
    if stale:
        print("stale golden playthroughs:", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
