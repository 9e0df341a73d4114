"""India's chances against the winners, and the CPU time of a Hint.

(a) Calibration: games between experts on fresh seeds (900,000,000 up, apart from the training
seeds, 10,000,000 up, and the strength benchmark's, 0 up): at each decision, the chance to win
the expert shows for its choice (what the Hint says), and whether the mover then won
(``engine.india.calibration.reliability``: tenths of the chance shown, the share won with
Wilson's 95% interval at the effective decisions, games as clusters; expected calibration
error, Brier score). Two players (``games``, default 1,000), three and four players and
partnerships (``games // 2`` each, or ``--others``). Writes the tables to
``engine/india/calibration.json`` (the lesson draws them) and the reliability diagrams to
``benchmarks/results/india_calibration.png``.

(b) Hint speed: CPU time of ``advise`` (the Hint) on 1,000 positions with a choice from fresh
games of each table, in one process (p50, p99, max); and the slowest exact endgames, each in a
fresh process with nothing remembered (the first Hint of a session).

    python benchmarks/india_calibration.py [games] [--others GAMES] [--estimate] [--no-write]

``--estimate`` judges with the race estimate the learning started from (the expert before it
learned), and writes nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _common import headline

import engine
from engine import CHANCE
from engine.india.calibration import CALIBRATION, plot_reliability, reliability
from engine.india.expert import ExpertBot
from engine.india.value import Estimate, learned

SEEDS = 900_000_000
TABLES = {
    "2 players": (2, False, 1.0),
    "3 players": (3, False, 0.5),
    "4 players": (4, False, 0.5),
    "partners": (4, True, 0.5),
}
"""Table -> players, partnership, share of ``games``."""
SLOW_ENDGAMES = (
    ("r1 r1 r2 h / r5 h h h", 2, (1, 2)),
    ("r1 r1 r1 h / r5 h h h", 2, (1, 2)),
    ("r1 r2 r3 r4 / r7 h h h", 2, (1, 2)),
    ("r1 r1 r1 r2 / r6 h h h", 2, (1, 2)),
    ("r1 r1 h h / r1 r2 h h", 2, (1, 1)),
    ("r1 r2 h h / r1 h h h / r2 h h h / r3 h h h", 4, (1, 2)),
)
"""Races on the red paths near the largest the expert solves exactly (``EXACT_STATES``)."""
RESULTS = Path(__file__).with_name("results")


def expert(estimate: bool) -> ExpertBot:
    return ExpertBot(estimator=Estimate() if estimate else None)


def shown_and_won(
    players: int, partners: bool, games: int, estimate: bool, start: int
) -> tuple[list[float], list[bool], list[int], list[bool]]:
    """Games between experts: at each decision the chance shown for the expert's choice,
    whether the mover's side won, the game, and whether the chance was exact."""
    shown, won, game, exact = [], [], [], []
    bot = expert(estimate)
    for seed in range(start, start + games):
        state = engine.new_game("india", players=players, seed=seed, partners=partners)
        rng = random.Random(f"india calibration:{seed}")
        movers = []
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            advice = bot.advise(state)
            movers.append(seat)
            shown.append(advice.best.value)
            exact.append(advice.exact)
            state = state.apply(advice.best.action)
        winners = set(state.winners())
        won += [s in winners for s in movers]
        game += [seed] * len(movers)
    return shown, won, game, exact


def calibration(games: int, estimate: bool, others: int | None = None) -> dict[str, Any]:
    """``reliability`` at each table: ``games`` two-player games, ``others`` (by default
    ``TABLES``' share of ``games``) at each other table."""
    tables = {}
    for k, (table, (players, partners, share)) in enumerate(TABLES.items()):
        n = max(1, round(games * share) if others is None or players == 2 else others)
        shown, won, game, exact = shown_and_won(
            players, partners, n, estimate, SEEDS + k * 10_000_000
        )
        r = reliability(shown, won, game)
        r["exact_share"] = round(sum(exact) / len(exact), 3)
        tables[table] = r
    return tables


def hint_speed(positions: int, estimate: bool) -> dict[str, Any]:
    """CPU ms of ``advise`` on ``positions`` decisions with a choice, from fresh games between
    experts of each table (seeds after the calibration's)."""
    out = {}
    for k, (table, (players, partners, _)) in enumerate(TABLES.items()):
        bot, times = expert(estimate), []
        seed = SEEDS + k * 10_000_000 + 5_000_000
        while len(times) < positions:
            state = engine.new_game("india", players=players, seed=seed, partners=partners)
            rng = random.Random(f"india hint speed:{seed}")
            while not state.is_terminal() and len(times) < positions:
                if state.current_player == CHANCE:
                    state = state.apply(state.sample_chance(rng))
                    continue
                t = time.process_time()
                advice = bot.advise(state)
                if len(state.legal_actions()) > 1:
                    times.append(time.process_time() - t)
                state = state.apply(advice.best.action)
            seed += 1
        q = statistics.quantiles(times, n=100)
        out[table] = {
            "positions": len(times),
            "p50_ms": round(1000 * statistics.median(times), 2),
            "p99_ms": round(1000 * q[98], 2),
            "max_ms": round(1000 * max(times), 1),
        }
    return out


def cold_endgames(estimate: bool) -> list[dict[str, Any]]:
    """Each of ``SLOW_ENDGAMES`` advised in a fresh process (nothing remembered): CPU ms."""
    out = []
    for start, players, dice in SLOW_ENDGAMES:
        code = (
            "import time, engine, json\n"
            "from engine.india import Throw\n"
            "from engine.india.expert import ExpertBot\n"
            "from engine.india.value import Estimate\n"
            f"s = engine.new_game('india', players={players}, start={start!r})"
            f".apply(Throw(*{dice!r}))\n"
            f"bot = ExpertBot(estimator=Estimate() if {estimate} else None)\n"
            "t = time.process_time()\n"
            "a = bot.advise(s)\n"
            "print(json.dumps([time.process_time() - t, a.best.value, a.exact]))\n"
        )
        run = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        cpu, best, exact = json.loads(run.stdout)
        out.append(
            {
                "position": f"{start}, throw {dice[0]}-{dice[1]}",
                "cpu_ms": round(1000 * cpu, 1),
                "best": round(best, 4),
                "exact": exact,
            }
        )
    return out


def plot(tables: dict[str, Any], path: Path) -> None:
    """The reliability diagrams of ``tables`` side by side, as a PNG."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(4.2 * len(tables), 4.6))
    for k, table in enumerate(tables):
        plot_reliability(table, fig.add_subplot(1, len(tables), k + 1), tables)
    fig.tight_layout()
    path.parent.mkdir(exist_ok=True)
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=1000)
    parser.add_argument("--estimate", action="store_true")
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--others", type=int, help="games at each other table (games // 2)")
    args = parser.parse_args()
    t0 = time.process_time()
    tables = calibration(args.games, args.estimate, args.others)
    result: dict[str, Any] = {
        "judged_by": "estimate" if args.estimate else f"learned value {learned().version}",
        "calibration": tables,
        "hint_speed": hint_speed(args.positions, args.estimate),
        "cold_endgames": cold_endgames(args.estimate),
    }
    result["cpu_seconds"] = round(time.process_time() - t0, 1)
    name = "india_calibration_estimate" if args.estimate else "india_calibration"
    plot(tables, RESULTS / f"{name}.png")
    if not (args.estimate or args.no_write):
        committed = {
            "weights_version": learned().version,
            "made_by": "benchmarks/india_calibration.py",
            "games": {t: r["games"] for t, r in tables.items()},
            "seeds": f"{SEEDS:,} up (two players), fresh",
            "tables": tables,
        }
        CALIBRATION.write_text(json.dumps(committed, indent=1) + "\n", encoding="utf-8")
    speed = result["hint_speed"]
    worst = max(
        max(t["max_ms"] for t in speed.values()), *(c["cpu_ms"] for c in result["cold_endgames"])
    )
    headline("india_calibration", summary(tables, speed, worst), result)


def summary(tables: dict[str, Any], speed: dict[str, Any], worst: float) -> str:
    """The headline, and a markdown table of the figures (for ``benchmarks/README.md``)."""
    rows = [
        "| table | games | decisions | calibration error | worst tenth (≥ 200 decisions) "
        "| Brier | saying 50% | the share of wins | Hint p99 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for table, r in tables.items():
        rows.append(
            f"| {table} | {r['games']:,} | {r['decisions']:,} | {r['ece']:.3f} | "
            f"{r['worst_gap']:.3f} | {r['brier']:.3f} | 0.250 | {r['brier_knowing_nothing']:.3f} "
            f"| {speed[table]['p99_ms']} ms |"
        )
    two = tables["2 players"]
    return (
        f"two players, {two['games']:,} games, {two['decisions']:,} decisions: calibration "
        f"error {two['ece']:.3f}, worst tenth {two['worst_gap']:.3f}, Brier {two['brier']:.3f} "
        f"(saying 50%: 0.250); slowest Hint {worst:.0f} ms\n" + "\n".join(rows)
    )


if __name__ == "__main__":
    main()
