"""India: is a lead in turns early in the race, or a capture, worth what the learned value says,
in the games of the experts it was fitted to? The check behind the diagnosis of
``tests/engine/test_india_blunders.py`` (issue 35).

Two-player games between experts (seeds 980,000,000 up, apart from the training's and every
other benchmark's): after every move whose race is not exact, the racer ahead by the race
estimate's turns and the chance the value shows him, against who won. Printed: by the stage
of the race (both racers' turns together) and the lead (whole turns), the decisions, the
chance shown and the share won (95% interval, the decisions of a game as one cluster);
then the positions just after a capture, of a piece at least 30 squares along or of one
nearer the corner, the capturer's chance shown and share won.

    python benchmarks/india_leads.py [games] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine import CHANCE
from engine.india.board import CORNER
from engine.india.expert import ExpertBot
from engine.india.value import seat_turns

SEEDS = 980_000_000
ALONG = 30
"""A capture of a piece at least this far along is a far one."""
STAGES = ((45, 55), (55, 65), (65, 75))
LEADS = (1, 2, 3, 4, 5)

Seen = tuple[float, float, float, float, str, int]
"""Stage, lead (turns), the leader's chance shown, 1 if he won, the capture ("far", "near" or
""), the game."""


def captured(before: Any, after: Any, seat: int) -> int | None:
    """How far along the piece of ``seat`` sent back to the corner stood, or None."""
    was, now = sorted(before[seat]), sorted(after[seat])
    if now.count(CORNER) <= was.count(CORNER):
        return None
    gone = [p for p in was if was.count(p) > now.count(p)]
    return max(gone, default=CORNER)


def game(seed: int) -> list[Seen]:
    """One game between experts: every decision whose chosen move leaves a race not exact."""
    state = engine.new_game("india", players=2, seed=seed)
    bot = ExpertBot()
    rng = random.Random(f"india leads:{seed}")
    seen: list[tuple[float, float, int, float, str]] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        race, ranked = bot.ranked(state)
        best, mover = ranked[0], state.current_player
        if not best.exact:
            need = seat_turns(best.after, best.next, race.sides, False, race.out)
            ahead = min(need, key=lambda s: (need[s], s))
            victim = captured(race.pieces, best.after, 1 - mover)
            kind = "" if victim is None else "far" if victim >= ALONG else "near"
            chance, _ = race.value(best.after, best.next)
            lead = need[1 - ahead] - need[ahead]
            stage = sum(need.values())
            seen.append((stage, lead, ahead if not kind else mover, chance[0], kind))
        state = state.apply(best.option.action)
    (winner,) = state.winners()
    out = []
    for stage, lead, seat, first, kind in seen:
        shown = first if seat == 0 else 1 - first
        out.append((stage, lead, shown, float(winner == seat), kind, seed))
    return out


def _games(seeds: list[int]) -> list[Seen]:
    return [row for seed in seeds for row in game(seed)]


def table(rows: list[Seen]) -> Iterator[str]:
    """The lines of the report."""
    for low, high in STAGES:
        for lead in LEADS:
            cell = [r for r in rows if low <= r[0] < high and lead <= r[1] < lead + 1 and not r[4]]
            yield line(f"stage {low}-{high}, ahead {lead}-{lead + 1} turns", cell)
    for kind in ("far", "near"):
        yield line(f"just after a {kind} capture (the capturer)", [r for r in rows if r[4] == kind])


def line(name: str, cell: list[Seen]) -> str:
    if not cell:
        return f"{name}: none"
    shown = sum(c[2] for c in cell) / len(cell)
    won = sum(c[3] for c in cell) / len(cell)
    games = len({c[5] for c in cell})
    low, high = pooled_interval(cell)
    return (
        f"{name}: {len(cell):,} decisions of {games} games, shown {shown:.3f}, won {won:.3f} "
        f"({low:.3f} to {high:.3f})"
    )


def pooled_interval(cell: list[Seen]) -> tuple[float, float]:
    """The share won's 95% interval, the decisions of a game counted as one cluster."""
    by_game: dict[int, list[float]] = {}
    for c in cell:
        by_game.setdefault(c[5], []).append(c[3])
    won = sum(c[3] for c in cell) / len(cell)
    n = len(cell)
    spread = sum((sum(v) - won * len(v)) ** 2 for v in by_game.values())
    half = 1.96 * (spread**0.5) / n
    return max(0.0, won - half), min(1.0, won + half)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=600)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = list(range(SEEDS, SEEDS + args.games))
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = pool.map(_games, [seeds[k :: args.jobs * 4] for k in range(args.jobs * 4)])
        rows = sorted((r for part in parts for r in part), key=lambda r: r[5])
    for text in table(rows):
        print(text, flush=True)


if __name__ == "__main__":
    main()
