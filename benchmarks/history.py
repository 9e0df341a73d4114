"""History in constant time per action, saves that load fast, a replay bar linear in memory.

    python benchmarks/history.py

- ``apply`` on an India game with 30,000 actions behind it (lost throws: nobody throws a 5),
  against ``apply`` on a fresh game, interleaved in CPU time: the issue asks for at most 2×
  (it was about 50× when every state copied its whole history).
- Loading a 16,000-action save (``engine.from_json``: JSON, digest, every action replayed
  through the rules) in CPU seconds, against the baseline of reading the same text with
  ``json.loads``: the issue asks for under 2 s.
- The memory a replay bar keeps for every move of a long Rupees game (``tracemalloc``), for the
  game's first half and for all of it: linear means about twice as much for twice the moves.
"""

from __future__ import annotations

import json
import time
import tracemalloc

from _common import headline, interleave

import engine
from engine.india import Throw
from tabletop_widgets import RupeesTable
from tabletop_widgets.replay import ReplayBar

LOST = Throw(1, 2)
"""A throw with no 5: nobody can enter, so every throw is lost and the turn passes on."""


def lost_throws(n: int) -> engine.State:
    state = engine.new_game("india", players=2, seed=0)
    for _ in range(n):
        state = state.apply(LOST)
    return state


def apply_ratio(rounds: int = 12, per_round: int = 2000) -> dict:
    """Play on: ``per_round`` throws a round, from a fresh game and at the end of the long
    line (which keeps growing: 30,000 actions, then more)."""
    line = [lost_throws(30_000)]

    def fresh(_k: int) -> None:
        state = engine.new_game("india", players=2, seed=0)
        for _ in range(per_round):
            state = state.apply(LOST)

    def long(_k: int) -> None:
        state = line[0]
        for _ in range(per_round):
            state = state.apply(LOST)
        line[0] = state

    t = interleave(rounds, fresh, long)
    low, high = t.spread(1, 1)
    return {
        "fresh_apply_us": round(sum(t.base) / (rounds * per_round) * 1e6, 2),
        "apply_after_30000_us": round(sum(t.work) / (rounds * per_round) * 1e6, 2),
        "ratio": round(t.ratio(1, 1), 2),
        "rounds_low_high": [round(low, 2), round(high, 2)],
    }


def load_time(actions: int = 16_000, rounds: int = 3) -> dict:
    text = lost_throws(actions).to_json()
    t = interleave(rounds, lambda _k: json.loads(text), lambda _k: engine.from_json(text))
    return {
        "save_chars": len(text),
        "load_cpu_s": round(sum(t.work) / rounds, 3),
        "json_loads_cpu_s": round(sum(t.base) / rounds, 4),
        "load_in_json_loads": round(t.ratio(1, 1), 1),
    }


def replay_memory() -> dict:
    """Bytes the replay bar keeps per move, for half of a long game and for all of it."""
    bots = [engine.make_bot("rupees", "random", seed=k) for k in range(8)]
    game = engine.play(engine.new_game("rupees", players=8, seed=1), bots)
    out = {"moves": len(game.history)}
    for name, moves in (("half", len(game.history) // 2), ("whole", len(game.history))):
        table = RupeesTable(game.at(moves), players=8, seed=1)
        (bar,) = [w for w in table.tools.children if isinstance(w, ReplayBar)]
        bar._line = []  # forget what the bar kept while the table was built: measure it afresh
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        bar.at(moves - 1)  # every state of the line replayed once and kept
        out[f"{name}_kept_kb"] = round((tracemalloc.get_traced_memory()[0] - before) / 1024)
        tracemalloc.stop()
    out["whole_over_half"] = round(out["whole_kept_kb"] / max(out["half_kept_kb"], 1), 2)
    return out


def main() -> None:
    t0 = time.process_time()
    result = {"apply": apply_ratio(), "load": load_time(), "replay": replay_memory()}
    result["cpu_seconds"] = round(time.process_time() - t0, 1)
    a, ld, r = result["apply"], result["load"], result["replay"]
    headline(
        "history",
        f"apply after 30,000 actions {a['ratio']}× a fresh one (target ≤ 2); a 16,000-action "
        f"save loads in {ld['load_cpu_s']} s CPU (target < 2); replay memory for the whole "
        f"game {r['whole_over_half']}× its first half (linear: about 2)",
        result,
    )


if __name__ == "__main__":
    main()
