"""Rummy: does breaking a meld without both lives really cost? The independent check behind
``tests/engine/test_rummy_blunders.py``'s ``CHECKED`` positions.

At each of that test's positions of another meld broken (the first discard of a seeded deal of
basic bots, two and four players, where the mover, without both lives, could throw away a card
that breaks a meld but gives up no pure sequence another discard would keep), the deal is
played on through the rules from basic's discard and from the blunder, basic bots at every
seat, on ``layouts`` fresh layouts of the cards the mover has not seen (``laid_out``: the other
hands but the cards they took from the open pile, and the stock). Basic's gain: points a deal,
with its 95% interval; clear when its near end is at least the costly 5, clearly not costly
when its far end is below it. The layouts come in batches of ``BATCH`` (a deal played on takes
a quarter to half a second), up to ``layouts``, and stop early as the review does
(``engine.review.WIDEN``): once the interval widened 1.7 times lies on one side of the costly
line. Beside it, what the expert's value gives up and whether the review marks it at each of
the experts' seeds; at the end, basic's gain on average a position.

    python benchmarks/rummy_blunders.py [layouts] [--part K/N] [--only I,J,...]

``--part K/N`` checks every N-th position from the K-th (to run in several processes);
``--only`` the positions of those numbers (from 0, in the test's order).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

import test_rummy_blunders as rummy
from blunders import SEEDS, relaid

import engine
from engine import CHANCE
from engine.review import WIDEN, settled
from engine.rummy import BasicBot
from engine.rummy.bots import sorted_hand
from engine.rummy.expert import COSTLY
from engine.stats import half_width

BATCH = 20


def laid_out(s: Any, rng: random.Random) -> Any:
    """``s`` with the cards the mover has not seen dealt again at random: the other hands
    still in (but the cards they took from the open pile, seen by all) and the stock."""
    me = s.current_player
    others = [h for h in range(s.num_players) if h != me and s.status[h] == "in"]
    unseen = {h: list(s.hands[h]) for h in others}
    for h in others:
        for card in s.shown[h]:
            unseen[h].remove(card)
    pool = [c for h in others for c in unseen[h]] + list(s.stock)
    rng.shuffle(pool)
    hands = list(s.hands)
    for h in others:
        n = len(unseen[h])
        hands[h] = sorted_hand([*s.shown[h], *pool[:n]])
        del pool[:n]
    return relaid(s, hands=tuple(hands), stock=tuple(pool))


def points_after(s: Any, action: Any, me: int) -> int:
    """The mover's points at the end of the deal after ``action``, basic bots at every seat."""
    bot = BasicBot()
    s = s.apply(action)
    while not s.is_terminal():
        s = s.apply(s.sample_chance() if s.current_player == CHANCE else bot.choose(s))
    return int(s.returns()[me])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("layouts", nargs="?", type=int, default=200)
    parser.add_argument("--part", default="0/1")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    k, n = (int(x) for x in args.part.split("/"))
    only = {int(x) for x in args.only.split(",") if x}
    experts = [engine.make_bot("rummy", "expert", seed=seed) for seed in SEEDS]
    means: list[float] = []
    for i, (s, blunder) in enumerate(rummy.positions(rummy.another_meld_card, False)):
        if i % n != k or (only and i not in only):
            continue
        me, sound = s.current_player, BasicBot().choose(s)
        gains: list[int] = []
        while len(gains) < args.layouts:
            for j in range(len(gains), min(len(gains) + BATCH, args.layouts)):
                table = laid_out(s, random.Random(j))
                gains.append(points_after(table, sound, me) - points_after(table, blunder, me))
            mean, half = sum(gains) / len(gains), WIDEN * half_width(gains)
            if mean - half >= COSTLY or mean + half < COSTLY:
                break
        mean, half = sum(gains) / len(gains), half_width(gains)
        means.append(mean)
        verdicts = [settled(expert, s, blunder) for expert in experts]
        marks = "".join("M" if a.is_costly(blunder) else "." for a in verdicts)
        print(
            f"{i} {s.num_players}p seed {s.seed}: {blunder} vs basic's {sound}: "
            f"{mean:+.1f} ± {half:.1f} ({len(gains)} layouts)"
            f"{' (clear)' if mean - half >= COSTLY else ''}; "
            f"the expert gives up {verdicts[0].loss(blunder):.1f} ± "
            f"{verdicts[0].judged(blunder).loss_interval:.1f}, marked {marks}",
            flush=True,
        )
    if len(means) > 1:
        print(
            f"{len(means)} positions: basic's gain {sum(means) / len(means):+.1f} ± "
            f"{half_width(means):.1f} on average a position"
        )


if __name__ == "__main__":
    main()
