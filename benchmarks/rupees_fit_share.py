"""Rupees: how much of the fitted layouts really fit, at the card play (issue 35, round five).

At every card-play decision of the declarer's partner and of the defenders at ``standing.py``'s
mixed tables (seeds 970,000,000 up), 32 layouts drawn as the coach draws them (fitted to the
calls and trumps, ``Told``, with the slips of the players seated): the share of them that fit
what the seats told with no slip (the declarer's widow drawn among his cards, as the fit does;
the rest kept by a slip, or as the last of ``TRIES``), and
the declarer's trumps (the Tiger among them) and Money in hand in the layouts against the real
ones (and in the layouts that fit alone; and the trumps among his face-down discards, which
the fit does not read), by the declarer's kind.

    python benchmarks/rupees_fit_share.py [GAMES] [FIRST]
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from _common import headline
from calibration import as_coach_sees, played_on
from standing import SEEDS, deal_of, role, table

from engine import CHANCE
from engine.rupees.cards import TIGER, RupeeCard
from engine.rupees.expert import FACE_DOWN, Drawn, Told, parted_of, slips_of

LAYOUTS = 32
COLUMNS = ("fit", "trumps", "money", "fitting", "buried")


def holding(cards: Sequence[RupeeCard], trump: str) -> tuple[int, int]:
    """Trumps held (the Tiger among them) and Money in hand."""
    return sum(c.colour == trump or c.rank == TIGER for c in cards), sum(c.money for c in cards)


def game_rows(seed: int) -> list[dict[str, Any]]:
    """Each card-play decision of a seat not the declarer at the table of ``seed``."""
    state, bots, kinds = table("rupees", seed)
    slips = slips_of(as_coach_sees(kinds), len(kinds))
    parted = parted_of(as_coach_sees(kinds), len(kinds))
    rng = random.Random(f"rupees mixed standing:{seed}")
    while state.current_player == CHANCE:
        state = state.apply(state.sample_chance(rng))
    first, rows = deal_of("rupees", state), []

    def note(seat: int, now: Any, action: Any) -> None:
        view = now.view(seat)
        if view["phase"] != "play" or role(now, seat) == "declarer":
            return
        drawn = Drawn(view, random.Random(f"fit share:{seed}:{len(now.history)}"), slips, parted)
        declarer, trump = now.declarer, now.trump
        strict = Told(view, [1.0 if s >= 1 else 0.0 for s in slips])  # no slip
        widows = random.Random(0)  # the declarer's widow among his cards, unseen
        at = next(i for i, slot in enumerate(drawn.slots) if slot.seat == declarer)
        down = next((i for i, slot in enumerate(drawn.slots) if slot.seat == FACE_DOWN), None)
        fit, trumps, money, buried = [], [], [], []
        for _ in range(LAYOUTS):
            layout = drawn.draw()
            fit.append(strict.fits(drawn.slots, layout, widows))
            held = holding(layout[at], trump)
            trumps.append(held[0])
            money.append(held[1])
            buried.append(holding(layout[down], trump)[0] if down is not None else 0)
        real = holding(now.hands[declarer], trump)
        fitting = [t for t, f in zip(trumps, fit, strict=True) if f]
        rows.append(
            {
                "kind": kinds[declarer],
                "role": role(now, seat),
                "fit": statistics.fmean(fit),
                "trumps": statistics.fmean(trumps) - real[0],
                "money": (statistics.fmean(money) - real[1]) / 1000,
                "fitting": statistics.fmean(fitting) - real[0] if fitting else 0.0,
                "buried": statistics.fmean(buried)
                - (holding(now.discards, trump)[0] if down is not None else 0),
            }
        )

    played_on(state, bots, rng, note, lambda s: deal_of("rupees", s) == first)
    return rows


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else 20
    first = int(args[1]) if len(args) > 1 else 0
    rows = [
        r
        for seed in range(SEEDS["rupees"] + first, SEEDS["rupees"] + first + games)
        for r in game_rows(seed)
    ]
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[f"declarer {r['kind']}, mover his {r['role']}"].append(r)
        by[f"declarer {r['kind']}"].append(r)
        by["every decision"].append(r)
    lines = [
        "| decisions | count | layouts that fit with no slip | declarer's trumps, layouts "
        "less real | his Money in hand, layouts less real (₹ thousands) | his trumps, the layouts "
        "that fit less real | trumps in his face-down discards, layouts less real |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, part in sorted(by.items()):
        means = [statistics.fmean(r[k] for r in part) for k in COLUMNS]
        lines.append(
            f"| {name} | {len(part):,} | {means[0]:.0%} | {means[1]:+.2f} | {means[2]:+.1f} "
            f"| {means[3]:+.2f} | {means[4]:+.2f} |"
        )
    headline("rupees_fit_share", "\n".join(lines), {"decisions": len(rows)})


if __name__ == "__main__":
    main()
