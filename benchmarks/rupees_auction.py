"""Rupees: where the standing the coach shows in the auction goes wrong (issue 35, round five).

At every decision of the auction at ``standing.py``'s mixed tables (seeds 970,000,000 up),
for the call played: the value the coach shows (fit on, as the default; and with the fit
off), the *oracle's*
(the same playouts on the real deal: the real hands and widow, the mover declaring at his
bid, or for a pass the standing bidder at his, each seat played out as its kind), the
oracle *at the auction's end* (the real deal again, but the declarer and contract the auction
really came to), and what the mover's side made less the other side by the end of the hand.
So shown less oracle is what the layouts of the unseen cards cost, oracle less its end what
the coach's auction (the auction taken to stop at this call) costs, and the end's oracle
less made what the playouts' players cost. Each a decision, with its 95% interval (games
resampled), by the call, by the mover's kind and by what the earlier seats told.

Then the layouts themselves: for each other seat whose calls the fit reads, its
``hand_strength`` in the coach's layouts (fitted, as shown; not fitted) against its real one,
by its kind and
its last call; and how often each kind's calls are not the basic bot's (the slip ``Told``
assumes).

    python benchmarks/rupees_auction.py [GAMES] [FIRST]
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from _common import headline
from calibration import as_coach_sees, mean_interval_by_game, played_on
from standing import SEEDS, deal_of, made, table

from engine import CHANCE
from engine.bots import AtRandom, noise_at
from engine.review import coach
from engine.rupees import expert
from engine.rupees.actions import Bid
from engine.rupees.bots import hand_strength
from engine.rupees.expert import DEALS, HandPlayout, Told, _rescore, _shape, slips_of
from engine.rupees.scoring import team_of

STREAMS = 16
"""Streams of random moves the oracle averages (when a seat plays at random)."""


def played_out(state: Any, seat: int, declarer: int, contract: int, noise: Any, k: int) -> float:
    """The playout's value for ``seat`` of ``declarer`` taking the real widow and playing the
    real deal at ``contract`` (``noise``: the seats' chances of a random move; ``k``: the
    stream they come from)."""
    t = HandPlayout(state.view(seat), [list(h) for h in state.hands])
    if noise:
        t.table = AtRandom(noise, k)
    t.declare(declarer, list(state.widow), 0)
    t.finish()
    return float(_rescore([_shape(t, seat)], contract)[0][0])


def real_value(state: Any, seat: int, declarer: int, contract: int, noise: Any) -> float:
    """``played_out`` averaged over the streams of random moves."""
    streams = range(STREAMS if noise else 1)
    return statistics.fmean(played_out(state, seat, declarer, contract, noise, k) for k in streams)


def continued(state: Any, seat: int, action: Any, players: Sequence[str], noise: Any) -> float:
    """The playouts' value of ``action`` on the real deal with the rest of the auction called
    as the coach's playouts call it (``engine.rupees.expert.auction_end`` on the real hands),
    then the hand played out (a new deal: 0)."""
    view, strengths = state.view(seat), [hand_strength(h) for h in state.hands]
    values = []
    for k in range(STREAMS):
        end = expert.auction_end(view, action, strengths, players, random.Random(k))
        values.append(0.0 if end is None else played_out(state, seat, *end, noise, k))
    return statistics.fmean(values)


def shown_off(off: Any, state: Any, action: Any) -> float:
    """The value shown for ``action`` with the layouts not fitted (``FIT_CALLS`` off for this
    coach's call alone)."""
    expert.FIT_CALLS = False
    try:
        return float(off.advise(state).judged(action).value)
    finally:
        expert.FIT_CALLS = True


def strengths(bot: Any, seat: int) -> list[float]:
    """Each seat's mean ``hand_strength`` in the layouts ``bot`` judged its latest auction
    decision on (``seat``'s own: its real hand)."""
    drawn = bot._dealt[1]
    tables = drawn.tables[:DEALS]
    n = len(tables[0].hands)
    return [statistics.fmean(hand_strength(t.hands[s]) for t in tables) for s in range(n)]


def shown_continued(bot: Any, view: Any, action: Any, players: Sequence[str], noise: Any) -> float:
    """The value ``bot`` shows for ``action`` with its playouts calling the rest of the
    auction (``engine.rupees.expert.auction_end``) on the layouts it judged the decision on
    (since round six the coach's own value, but for the random calls' streams), the hand
    then played out by the auction's winner at its contract (the same random moves on a
    layout whatever the declarer)."""
    seat, values = view["seat"], []
    for k, layout in enumerate(bot._dealt[1].tables[:DEALS]):
        strengths = [hand_strength(h) for h in layout.hands]
        end = expert.auction_end(view, action, strengths, players, random.Random(k))
        if end is None:
            values.append(0.0)
            continue
        declarer, contract = end
        t = layout.copy()
        if noise:
            t.table = AtRandom(noise, k)
        t.declare(declarer, t.widow, 0)
        t.finish()
        values.append(_rescore([_shape(t, seat)], contract)[0][0])
    return statistics.fmean(values)


Row = dict[str, Any]
STRENGTHS = ("real", "fit", "off", "over")
"""A fitted seat's strength: real, in the fitted layouts, in the unfitted ones; real less the
lowest bid at its last call."""


def game_rows(seed: int) -> tuple[list[Row], list[Row]]:
    """The auction's decisions of the table of ``seed`` (``Row``s of values), and the layouts'
    strengths of each seat whose calls were fitted at each decision."""
    state, bots, kinds = table("rupees", seed)
    players = as_coach_sees(kinds)
    on, off, noise = coach("rupees", players), coach("rupees", players), noise_at(players)
    slips = slips_of(players, len(kinds))
    rng = random.Random(f"rupees mixed standing:{seed}")
    while state.current_player == CHANCE:
        state = state.apply(state.sample_chance(rng))
    first, shown, fitted = deal_of("rupees", state), [], []
    final: dict[str, tuple[int, int]] = {}  # the declarer and contract the auction came to

    def note(seat: int, now: Any, action: Any) -> None:
        view = now.view(seat)
        if view["phase"] != "bid":
            final.setdefault("declared", (now.declarer, now.contract))
            return
        standing = view["standing_bid"]
        if isinstance(action, Bid):
            oracle = real_value(now, seat, seat, action.amount, noise)
        elif standing is None:
            oracle = 0.0
        else:
            oracle = real_value(now, seat, standing["bidder"], standing["amount"], noise)
        told = Told(view, slips)
        n = view["players"]
        bidder = standing["bidder"] if standing else None
        row = {
            "game": seed,
            "seat": seat,
            "kind": kinds[seat],
            "call": "bid" if isinstance(action, Bid) else "pass",
            "amount": action.amount if isinstance(action, Bid) else 0,
            "standing": (
                "none"
                if bidder is None
                else "partner"
                if bidder in team_of(seat, n)
                else "opponent"
            ),
            "told": "+".join(sorted({"bid" if b else "pass" for _, _, b in told.calls}))
            or "nothing",
            "on": float(on.advise(now).judged(action).value),
            "on, continued": shown_continued(on, view, action, players, noise),
            "expert bid": any(b and kinds[s] == "expert" for s, _, b in told.calls),
            "off": shown_off(off, now, action),
            "oracle": oracle,
            "continued": continued(now, seat, action, players, noise),
            "state": now,
        }
        shown.append(row)
        fit = strengths(on, seat)
        expert.FIT_CALLS = False
        try:
            plain = coach("rupees", players)
            plain.advise(now)
            unfitted = strengths(plain, seat)
        finally:
            expert.FIT_CALLS = True
        for other, calls in told.asked.items():
            low, bid = calls[-1]
            real = hand_strength(now.hands[other])
            fitted.append(
                {
                    "game": seed,
                    "kind": kinds[other],
                    "call": "bid" if bid else "pass",
                    "real": float(real),
                    "over": float(real - low),
                    "slips": statistics.fmean((real >= lo) != b for lo, b in calls),
                    "fit": fit[other],
                    "off": unfitted[other],
                }
            )

    end = played_on(state, bots, rng, note, lambda s: deal_of("rupees", s) == first)
    for row in shown:
        then, seat = row.pop("state"), row["seat"]
        row["made"] = made("rupees", then, end, seat)
        row["end"] = real_value(then, seat, *final["declared"], noise)
        declarer, contract = final["declared"]
        if row["call"] == "pass":
            row["went"] = ""
        elif (declarer, contract) == (seat, row["amount"]):
            row["went"] = "the auction ended at it"
        elif declarer == seat:
            row["went"] = "the mover declared higher"
        else:
            mate = declarer in team_of(seat, len(kinds))
            row["went"] = f"his {'partner' if mate else 'opponent'} declared"
    return shown, fitted


def cell(rows: Sequence[Row], a: str, b: str) -> str:
    """The mean of ``a`` less ``b`` a row, with its 95% interval (games resampled)."""
    if not rows:
        return "—"
    mean, low, high = mean_interval_by_game([(r[a], r[b], r["game"], "", "") for r in rows])
    return f"{mean:+,.0f} ({low:+,.0f} to {high:+,.0f})"


def table_of(rows: list[Row], groups: dict[str, Callable[[Row], bool]]) -> list[str]:
    """Lines: for each group, shown less made, shown less oracle, oracle less its end, the
    end less made; the auction continued (``continued``) less the end; with the fit off,
    shown less made and less the oracle; shown fit on less off; shown with the auction
    continued in the playouts (``shown_continued``, the fix proposed) less made."""
    lines = [
        "| decisions | count | shown less made | shown less oracle | oracle less the end "
        "| the end less made | continued less the end | fit off: shown less made "
        "| fit off: shown less oracle | shown, fit on less off "
        "| shown with the auction continued, less made |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, keep in groups.items():
        part = [r for r in rows if keep(r)]
        cells = [
            cell(part, a, b)
            for a, b in (
                ("on", "made"),
                ("on", "oracle"),
                ("oracle", "end"),
                ("end", "made"),
                ("continued", "end"),
                ("off", "made"),
                ("off", "oracle"),
                ("on", "off"),
                ("on, continued", "made"),
            )
        ]
        lines.append(f"| {name} | {len(part):,} | " + " | ".join(cells) + " |")
    return lines


def main() -> None:
    args = sys.argv[1:]
    games = int(args[0]) if args else 40
    first = int(args[1]) if len(args) > 1 else 0
    expert.FIT_CALLS = True
    rows: list[Row] = []
    fitted: list[Row] = []
    for seed in range(SEEDS["rupees"] + first, SEEDS["rupees"] + first + games):
        shown, strong = game_rows(seed)
        rows += shown
        fitted += strong
    groups: dict[str, Callable[[Row], bool]] = {"every auction decision": lambda r: True}
    for call in ("bid", "pass"):
        groups[f"a {call}"] = lambda r, c=call: r["call"] == c
    for standing in ("none", "partner", "opponent"):
        groups[f"the standing bid: {standing}"] = lambda r, s=standing: r["standing"] == s
    for told in sorted({r["told"] for r in rows}):
        groups[f"earlier seats told: {told}"] = lambda r, t=told: r["told"] == t
    for went in sorted({r["went"] for r in rows if r["went"]}):
        groups[f"a bid over a standing bid, {went}"] = lambda r, w=went: (
            r["went"] == w and r["standing"] != "none"
        )
    for yes in (True, False):
        groups[f"an expert's bid fitted: {yes}"] = lambda r, y=yes: r["expert bid"] == y
    for kind in ("expert", "basic", "random", "noisy"):
        groups[f"a mover {kind}"] = lambda r, k=kind: r["kind"] == k
    for call in ("bid", "pass"):
        for standing in ("none", "partner", "opponent"):
            groups[f"a {call}, standing {standing}"] = lambda r, c=call, s=standing: (
                r["call"] == c and r["standing"] == s
            )
    lines = table_of(rows, groups)
    lines += [
        "",
        "| a seat whose calls are fitted | count | real strength | in the layouts, fitted "
        "| not fitted | real less the lowest bid | its calls not the basic bot's |",
        "|---|---|---|---|---|---|---|",
    ]
    by: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in fitted:
        by[r["kind"], r["call"]].append(r)
        by["every kind", r["call"]].append(r)
    for (kind, call), part in sorted(by.items()):
        means = [statistics.fmean(r[k] for r in part) / 1000 for k in STRENGTHS]
        lines.append(
            f"| {kind}, last {call} | {len(part):,} | "
            + " | ".join(f"{m:,.1f}k" for m in means)
            + f" | {statistics.fmean(r['slips'] for r in part):.0%} |"
        )
    went = Counter(r["went"] for r in rows if r["went"] and r["standing"] != "none")
    said = ", ".join(f"{w} {c}" for w, c in sorted(went.items()))
    lines += ["", f"After a bid over a standing bid: {said}."]
    result = {
        "decisions": len(rows),
        "bias": round(statistics.fmean(r["on"] - r["made"] for r in rows)),
    }
    headline("rupees_auction", "\n".join(lines), result)


if __name__ == "__main__":
    main()
