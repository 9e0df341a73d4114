"""Golden playthroughs: one seeded game per line of ``PLAYTHROUGHS``, written out in full.

    python scripts/golden.py            # rewrite tests/golden/*.txt
    python scripts/golden.py --check    # exit 1 if a committed file differs from a fresh one

Each file holds a whole game played by seeded bots: every seat's view at the start; then for
every step, who moves, the legal actions, the action (in table notation and as its saved JSON),
how each seat saw it (``public``), what changed in each seat's view, and the text picture
after it; then the returns. ``tests/engine/test_golden.py`` replays the saved actions through
the rules and compares every picture, every seat's view and every public description (a rules
regression, or a seat shown what it may not see, shows there), and plays the game again from
the seed (a change of dealing, dice or bots shows there), as python-chess replays its perft
files and OpenSpiel its playthroughs (which pin each player's observation at every step).
Regenerate only for a deliberate change, and say which.

Seats that see the same are written once: ``public 0,2,3: {...}``, ``view 1,2: {...}``. A view
line holds only the top-level keys whose values changed for those seats (all of them at the
start); a key a view no longer has is written as ``"(gone)"``.
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


GONE = "(gone)"
"""What a view line writes for a key the view no longer has."""


def compact(data: Any) -> str:
    """JSON on one line, as the golden files write it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def by_seat(tag: str, texts: list[str]) -> list[str]:
    """``tag seats: text`` lines, one for each different text, naming the seats that have it
    (in seat order, by the first seat of each)."""
    seats: dict[str, list[int]] = {}
    for seat, text in enumerate(texts):
        seats.setdefault(text, []).append(seat)
    return [f"  {tag} {','.join(map(str, who))}: {text}" for text, who in seats.items()]


def event_data(event: engine.Event) -> dict[str, Any]:
    """An action's public description for one seat, as JSON data (defaults left out)."""
    data: dict[str, Any] = {"seat": event.seat, "verb": event.verb, "what": event.what}
    if event.third is not None:
        data["third"] = event.third
    if event.marks:
        data["marks"] = [list(mark) for mark in event.marks]
    return data


def views(state: engine.State) -> list[dict[str, Any]]:
    """Every seat's view of ``state``, as JSON would read it back."""
    return [json.loads(json.dumps(state.view(s))) for s in range(state.num_players)]


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The top-level keys of view ``new`` whose values differ from ``old``'s."""
    changed = {key: value for key, value in new.items() if old.get(key, GONE) != value}
    return changed | {key: GONE for key in old if key not in new}


def seen_lines(state: engine.State, action: Any, after: engine.State) -> list[str]:
    """How each seat saw ``action`` taken at ``state`` (its public description) and what
    changed in each seat's view."""
    public = [compact(event_data(state.public(action, s))) for s in range(state.num_players)]
    before, now = views(state), views(after)
    changed = [compact(changes(old, new)) for old, new in zip(before, now, strict=True)]
    return by_seat("public", public) + by_seat("view", changed)


def start_lines(state: engine.State) -> list[str]:
    """The picture of the game before its first action, and every seat's whole view."""
    picture = ["    " + line for line in str(state).splitlines()]
    return ["start:", *picture, *by_seat("view", [compact(v) for v in views(state)])]


def step_lines(k: int, state: engine.State, action: Any, after: engine.State) -> list[str]:
    """One step: move number, who moves and what was legal; the action; how each seat saw it
    and what changed in its view; the picture after."""
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
        f"  json: {compact(encode(action))}",
        *seen_lines(state, action, after),
        picture,
    ]


def playthrough(name: str) -> str:
    """The golden text of ``PLAYTHROUGHS[name]``, played now from its seed."""
    spec = PLAYTHROUGHS[name]
    game, players, seed, options = setup(spec)
    state = engine.new_game(game, players=players, seed=seed, **options)
    bots = bots_for(game, players, seed)
    lines = [*header(name, spec), *start_lines(state)]
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
