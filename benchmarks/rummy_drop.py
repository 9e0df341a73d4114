"""When does a first drop beat playing on? Two-player deals between basic bots, where seat 0
never drops; its starting hand is sorted by the basic bot's rule (``hopeless``: no pure sequence
and no joker) and its settlement is averaged for each kind of hand. A first drop settles at
−10, so playing on a hand pays when its average settlement is above −10.

``fit`` gives the expert bot's model (``engine.rummy.expert``): at every draw of basic bots'
deals, the hand's lives, points loose and draws so far, against what the player settled at; a
least-squares line for hands with and without both lives (draws after the first), and one for
first hands in terms of their points loose; each with the covariance of its coefficients,
clustered by deal (the turns of one deal share its luck), from which the expert's intervals
come.

    python benchmarks/rummy_drop.py [deals per kind] [deals to fit]
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from _common import headline

import engine
from engine import CHANCE
from engine.rummy import BasicBot, Drop, Toss, hopeless, wild_rank_of
from engine.rummy.bots import arranged, sorted_hand
from engine.rummy.expert import jokers_in, kept_of
from engine.rummy.odds import cards_in, unseen_cards


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


def turns(deals: int, seed: int = 0) -> list[tuple[Any, ...]]:
    """(deal, draws so far, the hand as the expert sees it (``Kept``), settlement) at every
    draw of each player that did not drop, in ``deals`` two-player deals between basic bots.
    The deals are shared between two processes."""
    with ProcessPoolExecutor(2) as pool:
        return [
            r for rows in pool.map(_turns, range(deals), [seed] * deals, chunksize=20) for r in rows
        ]


def _turns(k: int, seed: int) -> list[tuple[Any, ...]]:
    """``turns`` of deal ``k``."""
    bots = [BasicBot(seed=k * 2), BasicBot(seed=k * 2 + 1)]
    s, rng, seen = engine.new_game("rummy", players=2, seed=k), random.Random(seed + k), []
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s = s.apply(s.sample_chance(rng))
            continue
        p = s.current_player
        if s.phase == "draw":
            v = s.view(p)
            hand, wild = sorted_hand(cards_in(v["hand"])), v["wild_rank"]
            kept = kept_of(arranged(hand, wild, True), wild, unseen_cards(v), jokers_in(hand, wild))
            seen.append((p, v["draws"][p], kept))
        s = s.apply(bots[p].choose(s))
    settled = s.returns()
    return [(k, d, kept, settled[p]) for p, d, kept in seen if s.status[p] != "dropped"]


def fit(deals: int) -> dict:
    """Least-squares lines of the settlement on the terms of ``Kept.terms`` that ``LINES``
    names, with and without both lives (draws after the first); and for first hands,
    settlement ~ worth − a·loose."""
    return fit_rows(turns(deals), deals)


def fit_rows(rows: list[tuple[Any, ...]], deals: int) -> dict:
    """``fit`` of the rows ``turns`` gives."""
    out: dict = {"deals": deals, "turns": len(rows)}
    for name, lives in (("with_lives", True), ("without_lives", False)):
        some = [(k, d, kept, r) for k, d, kept, r in rows if kept.lives == lives and d > 0]
        used = [TERMS.index(t) for t in LINES[name]]
        line = _line(
            [tuple(kept.terms(d)[i] for i in used) for _, d, kept, _ in some],
            [r for *_, r in some],
            [k for k, *_ in some],
        )
        out[name] = _padded(line, used)
    first = [(k, kept.loose, r) for k, d, kept, r in rows if d == 0]
    out["first_hand"] = _line(
        [(1, -dw) for _, dw, _ in first], [r for *_, r in first], [k for k, *_ in first]
    )
    return out


TERMS = ("worth", "loose", "draws", "jokers", "cards", "pure", "reach", "second")
"""The terms of ``Kept.terms``, by name."""
LINES = {
    "with_lives": ("worth", "loose", "draws", "jokers"),
    "without_lives": ("worth", "loose", "draws", "jokers", "cards", "pure", "second"),
}
"""The terms each line of the expert is fitted on (the others 0): with both lives, the cards
loose and the live outs' share fitted 4.1 and 29 but the expert played worse by them; without
them, the jokers are the free ones (a card of the wild rank a pure sequence holds as itself is
none there), and a second sequence beside the pure one is a term (issue 35)."""


def _padded(line: dict, used: list[int]) -> dict:
    """A line fitted on the ``used`` terms, with 0 for the others (and their covariance)."""
    n = len(TERMS)
    where = {t: i for i, t in enumerate(used)}
    coefficients = [line["coefficients"][where[t]] if t in where else 0.0 for t in range(n)]
    covariance = [
        [
            line["covariance"][where[a]][where[b]] if a in where and b in where else 0.0
            for b in range(n)
        ]
        for a in range(n)
    ]
    return {"coefficients": coefficients, "covariance": covariance}


def _line(x: list[tuple[int, ...]], y: list[int], deal: list[int]) -> dict:
    """The least-squares coefficients of ``y`` on the columns of ``x``, and their covariance
    clustered by ``deal`` (the sandwich: (X'X)^-1 (sum over deals of X'e e'X) (X'X)^-1)."""
    a, b = np.array(x, float), np.array(y, float)
    coefficients = np.linalg.lstsq(a, b, rcond=None)[0]
    residual = b - a @ coefficients
    inverse = np.linalg.inv(a.T @ a)
    scores: dict[int, np.ndarray] = {}
    for i, k in enumerate(deal):
        scores[k] = scores.get(k, 0) + a[i] * residual[i]
    meat = sum(np.outer(score, score) for score in scores.values())
    covariance = inverse @ meat @ inverse
    return {
        "coefficients": [round(float(c), 2) for c in coefficients],
        "covariance": [[float(f"{v:.3g}") for v in row] for row in covariance],
    }


def main(deals: int = 60, fitted: int = 0) -> dict:
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
    if fitted:
        headline("rummy_drop_fit", "the expert's model, fitted", fit(fitted))
    return result


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
