"""Rupees' fitted layouts (``engine.rupees.expert.Told``): drawn many at once (``Unseen.draws``
and ``Kept``, what ``Drawn.draw`` does) against one by one (``Unseen.draw`` then
``Told.fits``, rejection sampling as before issue 35's round five), at the decisions of the
card play of seeded basic-bot games as a lesson's table sees them (a human at seat 0, basic
bots elsewhere). On ``layouts`` kept layouts a decision each way: the declarer's trumps held
(the Tiger among them) and his Money in the unseen hand, each seat with calls its
``hand_strength`` as dealt, the mean under each way and their difference with its 95%
interval (pooled over the decisions), and the CPU milliseconds a kept layout each way.

    python benchmarks/rupees_fitted.py [decisions] [layouts]
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from typing import Any

from _common import headline

import engine
from engine import CHANCE
from engine.rupees.bots import hand_strength
from engine.rupees.cards import TIGER
from engine.rupees.expert import TRIES, Drawn, parted_of, slips_of

PLAYERS = ("human", "basic", "basic", "basic")


def decisions(count: int) -> list[Any]:
    """Views of the card play with something told (every third decision, from seed 0 up)."""
    views: list[Any] = []
    seed = 0
    slips = slips_of(PLAYERS, 4)
    while len(views) < count:
        state = engine.new_game("rupees", 4, seed)
        bots = [engine.make_bot("rupees", "basic", seed=seed * 10 + s) for s in range(4)]
        rng = random.Random(seed)
        k = 0
        while not state.is_terminal() and len(views) < count:
            seat = state.current_player
            if seat == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            view = state.view(seat)
            if view["phase"] == "play" and len(state.legal_actions()) > 1:
                k += 1
                if k % 3 == 1 and Drawn(view, rng, slips).told:
                    views.append(view)
            state = state.apply(bots[seat].choose(state))
        seed += 1
    return views


def measures(view: Any, drawn: Drawn, layout: list[list[Any]]) -> dict[str, list[float]]:
    """What a kept layout gives the hands the calls and trumps speak of."""
    told = drawn.told
    assert told is not None
    hands = {slot.seat: cards for slot, cards in zip(drawn.slots, layout, strict=True)}
    out: dict[str, list[float]] = {"the callers' strength (₹k)": []}
    if told.declarer is not None and view["trump"]:
        hand = hands.get(told.declarer, [])
        trumps = sum(c.colour == view["trump"] or c.rank == TIGER for c in hand)
        out["the declarer's trumps"] = [trumps]
        out["the declarer's Money (₹k)"] = [sum(c.money for c in hand) / 1000]
    for seat in told.asked:
        if seat != told.declarer:
            dealt = hands.get(seat, []) + told.played[seat]
            out["the callers' strength (₹k)"].append(hand_strength(dealt) / 1000)
    return out


def one_by_one(drawn: Drawn) -> list[list[Any]]:
    """Rejection sampling as before: ``Unseen.draw`` then ``Told.fits`` (``_one_by_one``; the
    declarer's face-down discards parted from his hand first, ``Parting``)."""
    return drawn._one_by_one()


def main(count: int, layouts: int) -> dict:
    views = decisions(count)
    sums: dict[str, list[list[float]]] = {}
    cpu = {"batched": 0.0, "one by one": 0.0}
    for k, view in enumerate(views):
        for way in cpu:
            parted = parted_of(PLAYERS, 4)  # a basic declarer's face-down discards parted
            drawn = Drawn(view, random.Random(k), slips_of(PLAYERS, 4), parted)
            draw = drawn.draw if way == "batched" else (lambda d=drawn: one_by_one(d))
            t = time.process_time()
            kept = [draw() for _ in range(layouts)]
            cpu[way] += time.process_time() - t
            for layout in kept:
                for name, values in measures(view, drawn, layout).items():
                    sums.setdefault(name, [[], []])[way != "batched"].extend(values)
    table = {}
    for name, (batched, single) in sums.items():
        if len(batched) < 2 or len(single) < 2:
            continue
        diff = statistics.fmean(batched) - statistics.fmean(single)
        se = math.sqrt(
            statistics.variance(batched) / len(batched) + statistics.variance(single) / len(single)
        )
        table[name] = {
            "batched": round(statistics.fmean(batched), 3),
            "one by one": round(statistics.fmean(single), 3),
            "difference": round(diff, 3),
            "95% interval": [round(diff - 1.96 * se, 3), round(diff + 1.96 * se, 3)],
            "layouts": [len(batched), len(single)],
        }
    result = {
        "decisions": len(views),
        "layouts a decision": layouts,
        "tries": TRIES,
        "measures": table,
        "ms a kept layout": {w: round(1000 * t / layouts / len(views), 3) for w, t in cpu.items()},
    }
    inside = sum(v["95% interval"][0] <= 0 <= v["95% interval"][1] for v in table.values())
    headline(
        "rupees_fitted",
        f"{inside} of {len(table)} measures' differences hold 0; a kept layout "
        + " / ".join(f"{w} {v} ms" for w, v in result["ms a kept layout"].items()),
        result,
    )
    return result


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 12,
        int(sys.argv[2]) if len(sys.argv) > 2 else 2_000,
    )
