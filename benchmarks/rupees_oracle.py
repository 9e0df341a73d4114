"""Rupees: where the standing the coach shows goes wrong, by the mover's part in the hand.

At every decision of the card play at ``standing.py``'s mixed tables (seeds 970,000,000 up),
three numbers for the move played: the value the coach shows (told the players seated), the
*oracle's* (the same playouts, the mover's option played out on the real deal, the cards as
they really lie, each seat as its kind: 16 streams of random moves, or one if none plays at
random), and what the mover's side made less the other side by the end of the hand. Shown
less oracle is what the layouts of the unseen cards cost (what the coach guesses of the
hidden hands), oracle less made what the playouts' players cost (the seats played out as
basic bots, an expert's own later play among them). Each a decision, with its 95% interval
(games resampled), for the declarer, his partner and the defenders.

Issue 35: before the layouts fitted the auction and the trumps (``engine.rupees.expert.Told``)
the declarer's partner was shown ₹81,000 a decision less than the oracle and the defenders
₹53,000 more, the oracle within its interval of what was made for each.

    python benchmarks/rupees_oracle.py [GAMES] [FIRST] [--no-fit-calls]

``--no-fit-calls``: the layouts not fitted to the calls and trumps, as before the fix
(``engine.rupees.expert.FIT_CALLS``, on by default since issue 35's round five).
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any

from _common import headline
from calibration import as_coach_sees, mean_interval_by_game, played_on
from standing import SEEDS, deal_of, made, role, table

from engine import CHANCE
from engine.bots import AtRandom, noise_at
from engine.review import coach
from engine.rupees import expert
from engine.rupees.expert import HandPlayout

STREAMS = 16
"""Streams of random moves the oracle averages (when a seat plays at random)."""


def oracle(state: Any, action: Any, seat: int, noise: tuple[float, ...] | None) -> float:
    """The playouts' value of ``action`` on the real deal (``noise``: the seats' chances of a
    random move)."""
    real = HandPlayout(state.view(seat), [list(h) for h in state.hands])
    values = []
    for k in range(STREAMS if noise else 1):
        t = real.copy()
        if noise:
            t.table = AtRandom(noise, k)  # an int: the same streams in every process
        t.do(action)
        t.finish()
        values.append(t.net(seat)[0])
    return statistics.fmean(values)


def game_rows(seed: int) -> list[tuple[str, float, float, float]]:
    """Each decision of the card play of the table of ``seed``: the mover's part, the value
    shown, the oracle's, what was made."""
    state, bots, kinds = table("rupees", seed)
    players = as_coach_sees(kinds)
    expert, noise = coach("rupees", players), noise_at(players)
    rng = random.Random(f"rupees mixed standing:{seed}")
    while state.current_player == CHANCE:
        state = state.apply(state.sample_chance(rng))
    first, shown = deal_of("rupees", state), []

    def note(seat: int, now: Any, action: Any) -> None:
        if now.phase == "play":
            value = expert.advise(now).judged(action).value
            shown.append((seat, value, oracle(now, action, seat, noise), now))

    end = played_on(state, bots, rng, note, lambda s: deal_of("rupees", s) == first)
    return [(role(then, s), v, o, made("rupees", then, end, s)) for s, v, o, then in shown]


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--no-fit-calls"]
    expert.FIT_CALLS = "--no-fit-calls" not in sys.argv
    games = int(args[0]) if args else 40
    first = int(args[1]) if len(args) > 1 else 0
    found = [
        (seed, *row)
        for seed in range(SEEDS["rupees"] + first, SEEDS["rupees"] + first + games)
        for row in game_rows(seed)
    ]
    lines = ["| mover | decisions | shown less made | oracle less made | shown less oracle |"]
    lines.append("|---|---|---|---|---|")
    result = {}
    for part in ("declarer", "partner", "defender", None):
        rows = [r for r in found if part is None or r[1] == part]
        cells = []
        for a, b in ((2, 4), (3, 4), (2, 3)):
            mean, low, high = mean_interval_by_game([(r[a], r[b], r[0], "", "") for r in rows])
            cells.append(f"{mean:+,.0f} ({low:+,.0f} to {high:+,.0f})")
            result[f"{part or 'all'} {a}{b}"] = round(mean)
        lines.append(f"| {part or 'every decision'} | {len(rows):,} | " + " | ".join(cells) + " |")
    headline("rupees_oracle", "\n".join(lines), result)


if __name__ == "__main__":
    main()
