"""India: does a passed-up capture really cost? The independent check behind
``tests/engine/test_india_blunders.py``.

At each of that test's positions (a throw of a seeded two-player game of basic bots where a
piece at least 30 squares along could be captured, and the mover moves as the basic bot would
were it not to capture), the game is played on through the rules from the capture (the
expert's best one) and from the move that passes it up, basic bots at both seats, the same
dice for both (one seeded stream a game), ``games`` times. The capture's gain: games won in
100 more, with its 95% interval; clear when the near end of the interval is at least the
costly 5. Beside it, what the expert's learned value gives up, and whether the review marks it
(``engine.review.settled``: near the line it looks again by playing on); then, for each move,
the share of the games won against the chance the value shows.

    python benchmarks/india_captures.py [games] [--part K/N] [--bots basic|expert]

``--part K/N`` checks every N-th position from the K-th (to run in several processes).
``--bots expert``: experts play the games on (the players the learned value was fitted to:
its chances should hold for them), instead of basic bots.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

import test_india_blunders as positions

import engine
from engine import CHANCE
from engine.india.expert import COSTLY
from engine.review import settled
from engine.stats import half_width


def won(s: Any, seat: int, bots: list[Any], rng: random.Random) -> int:
    """1 if ``seat`` wins the game played on from ``s`` (dice from ``rng``), else 0."""
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s = s.apply(s.sample_chance(rng))
        else:
            s = s.apply(bots[s.current_player].choose(s))
    return int(s.returns()[seat] > 0)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--part", default="0/1")
    parser.add_argument("--bots", choices=("basic", "expert"), default="basic")
    args = parser.parse_args()
    k, n = (int(x) for x in args.part.split("/"))
    expert = engine.make_bot("india", "expert")
    bots = [engine.make_bot("india", args.bots, seed=seat) for seat in range(2)]
    for i, (game, s, move) in enumerate(positions.found()):
        if i % n != k:
            continue
        advice = expert.advise(s)
        capture = next(o.action for o in advice.options if o.detail.startswith("captures"))
        seat = s.current_player
        took = [won(s.apply(capture), seat, bots, random.Random(j)) for j in range(args.games)]
        passed = [won(s.apply(move), seat, bots, random.Random(j)) for j in range(args.games)]
        gains = [a - b for a, b in zip(took, passed, strict=True)]
        mean, half = sum(gains) / len(gains), half_width(gains)
        clear = mean - half >= COSTLY
        marked = settled(expert, s, move).is_costly(move)
        shown = {o.action: o.value for o in advice.options}
        print(
            f"game {game}: the capture wins {100 * mean:+.1f} ± {100 * half:.1f} in 100"
            f"{' (clear)' if clear else ''}; the expert's value gives up "
            f"{100 * advice.loss(move):.1f}{', marked' if marked else ''}; "
            f"won after the capture {100 * sum(took) / len(took):.1f} ± "
            f"{100 * half_width(took):.1f} (shown {100 * shown[capture]:.1f}), after passing "
            f"it up {100 * sum(passed) / len(passed):.1f} ± {100 * half_width(passed):.1f} "
            f"(shown {100 * shown[move]:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
