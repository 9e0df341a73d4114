"""The engine's speed beside OpenSpiel's: the CPU cost of one player action in a random playout
of each game (4 players), as a ratio to one action of OpenSpiel's own pure-Python
``python_tic_tac_toe``, played in rounds interleaved with ours (see ``_common.py``).

A playout is a whole game: every seat's own ``random`` bot chooses uniformly among the legal
actions (Declare included in rummy; the Rupees random bot bids low, as its docstring says, so
that games reach the target), and chance is sampled by the engine. Its CPU time, chance and
bookkeeping included, is divided by the number of player actions; so is the peer's. The
figure is that ratio, per game (issue 15's targets: plates, Michigan and Rupees 0.8, India
1.5, rummy 2.0). OpenSpiel's C++ ``tic_tac_toe`` is timed the same way, for scale.

OpenSpiel is a benchmark-only dependency: when it is missing, the script installs it with pip
into its own cache (``benchmarks/.cache/``, ignored by git), never into the project's
environment.

    python benchmarks/vs_openspiel.py [rounds]
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _common import headline, interleave

import engine

CACHE = Path(__file__).parent / ".cache" / "open_spiel"
PEER = ("open_spiel==2.0.2", "absl-py", "ml-collections")
"""OpenSpiel and what its ``games`` package imports (numpy comes from the project's own)."""
TARGETS = {"plates": 0.8, "michigan": 0.8, "rupees": 0.8, "india": 1.5, "rummy": 2.0}
PLAYERS = 4
PEER_GAMES = 60  # tic-tac-toe games a round (about 460 actions, some 20 ms)
OUR_ACTIONS = 400  # player actions a round, at least (whole games)


def open_spiel():
    """``pyspiel``, installed into the cache on first use."""
    if not (CACHE / "pyspiel.so").exists():
        print(f"installing {', '.join(PEER)} into {CACHE} (benchmark only)", file=sys.stderr)
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", CACHE, *PEER],
            check=True,
        )
    sys.path.append(str(CACHE))
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  registers python_tic_tac_toe

    return pyspiel


def peer_round(game, seed: int) -> int:
    """``PEER_GAMES`` random tic-tac-toe games; the number of actions taken."""
    rng, actions = random.Random(seed), 0
    for _ in range(PEER_GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return actions


def our_game(name: str, seed: int) -> int:
    """One random playout of ``name``; the number of player actions taken."""
    bots = [engine.make_bot(name, "random", seed=seed * 10 + s) for s in range(PLAYERS)]
    state, actions = engine.new_game(name, players=PLAYERS, seed=seed), 0
    while not state.is_terminal():
        seat = state.current_player
        if seat == engine.CHANCE:
            state = state.apply(state.sample_chance())
        else:
            state = state.apply(bots[seat].choose(state))
            actions += 1
    return actions


def compare(name: str, peer, rounds: int) -> dict:
    """Interleaved rounds of the peer's games and ours: the cost of one of our player actions
    in peer actions, in the median round (the figure: a round in which another process took
    the machine's caches does not move it), over all rounds pooled, and in the cheapest and
    dearest round (how steady the machine was)."""
    ours, theirs, seed = [], [], 0

    def work(_k: int) -> None:
        nonlocal seed
        done = 0
        while done < OUR_ACTIONS:
            done += our_game(name, seed)
            seed += 1
        ours.append(done)

    t = interleave(rounds, lambda k: theirs.append(peer_round(peer, k)), work)
    each = [(w / a) / (b / p) for w, a, b, p in zip(t.work, ours, t.base, theirs, strict=True)]
    return {
        "ratio": round(statistics.median(each), 2),
        "pooled": round((sum(t.work) / sum(ours)) / (sum(t.base) / sum(theirs)), 2),
        "rounds_low_high": [round(min(each), 2), round(max(each), 2)],
        "us_per_action": round(sum(t.work) / sum(ours) * 1e6, 1),
        "peer_us_per_action": round(sum(t.base) / sum(theirs) * 1e6, 1),
        "games": seed,
        "player_actions": sum(ours),
        "target": TARGETS[name],
    }


def cpp_scale(pyspiel, rounds: int) -> float:
    """How many times dearer the peer's Python tic-tac-toe is than its C++ one."""
    py, cc = pyspiel.load_game("python_tic_tac_toe"), pyspiel.load_game("tic_tac_toe")
    n_py, n_cc = [], []
    t = interleave(
        rounds, lambda k: n_cc.append(peer_round(cc, k)), lambda k: n_py.append(peer_round(py, k))
    )
    return (sum(t.work) / sum(n_py)) / (sum(t.base) / sum(n_cc))


def main(rounds: int = 40) -> dict:
    pyspiel = open_spiel()
    peer = pyspiel.load_game("python_tic_tac_toe")
    t0 = time.process_time()
    result = {name: compare(name, peer, rounds) for name in TARGETS}
    result["python_over_cpp_tic_tac_toe"] = round(cpp_scale(pyspiel, rounds), 1)
    result["cpu_seconds"] = round(time.process_time() - t0, 1)
    line = "; ".join(
        f"{name} {r['ratio']}x ({'ok' if r['ratio'] <= r['target'] else 'over'} {r['target']})"
        for name, r in result.items()
        if isinstance(r, dict)
    )
    headline("vs_openspiel", f"one player action in python_tic_tac_toe actions: {line}", result)
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
