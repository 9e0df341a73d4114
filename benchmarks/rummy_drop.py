"""When does a first drop beat playing on? Two-player deals between basic bots, where seat 0
never drops; its starting hand is sorted by the basic bot's rule (``hopeless``: no pure sequence
and no joker) and its settlement is averaged for each kind of hand. A first drop settles at
−10, so playing on a hand pays when its average settlement is above −10.

    python benchmarks/rummy_drop.py [deals per kind]
"""

from __future__ import annotations

import random
import sys

from _common import headline

import engine
from engine.rummy import BasicBot, Drop, Toss, hopeless, wild_rank_of


class PlaysOn(BasicBot):
    """The basic bot, without its first drop."""

    def choose(self, state):
        action = super().choose(state)
        return state.legal_actions()[0] if action == Drop() else action


def deal_for(kind_hopeless: bool, rng: random.Random, seed: int):
    """A 2-player deal, seat 0 first, whose seat-0 hand is (or is not) hopeless."""
    while True:
        s = engine.new_game("rummy", players=2, seed=seed).apply(Toss(0))
        s = s.apply(s.sample_chance(rng))
        if hopeless(s.hands[0], wild_rank_of(s.cut)) == kind_hopeless:
            return s


def settle(kind_hopeless: bool, deals: int, seed: int = 0) -> list[int]:
    """Seat 0's settlement in each of ``deals`` seeded deals of that kind."""
    rng, out = random.Random(seed), []
    for k in range(deals):
        s = deal_for(kind_hopeless, rng, seed=k)
        end = engine.play(s, [PlaysOn(seed=k), BasicBot(seed=k + 1)])
        out.append(end.returns()[0])
    return out


def main(deals: int = 60) -> dict:
    result = {"deals_per_kind": deals, "first_drop_settlement": -10}
    for name, kind in (("hopeless", True), ("other", False)):
        got = settle(kind, deals, seed=1 if kind else 2)
        mean = sum(got) / deals
        sd = (sum((x - mean) ** 2 for x in got) / (deals - 1)) ** 0.5
        result[f"{name}_play_on_mean"] = round(mean, 2)
        result[f"{name}_play_on_stderr"] = round(sd / deals**0.5, 2)
    headline(
        "rummy_drop",
        f"playing on settles at {result['hopeless_play_on_mean']:+.1f} "
        f"(± {result['hopeless_play_on_stderr']:.1f}) with a hopeless hand and "
        f"{result['other_play_on_mean']:+.1f} (± {result['other_play_on_stderr']:.1f}) with "
        "another, against -10 for a first drop",
        result,
    )
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60)
