"""The standing the coach shows, against what the players at mixed tables went on to get.

Each table seats an expert, a basic, a random or a noisy bot (``NoisyBot``: the basic bot's
choice, a random legal action one time in four: a stand-in for a beginner) at seat 0 and, at
half the tables, one kind at every other seat, else any kind at each, drawn by the game's
seed. The coach knows the bots' kinds; a noisy seat stands for a human, whose
play it does not know: it is shown to the coach as ``"human"`` (what the coach then assumes is
the thing checked).

(a) India (``--india GAMES``, default 600; two players in 3 tables of 5, else four): at each
decision with a choice, of every seat, the chance to win the coach shows for the move played
(what the Review's standing graph draws; for the expert, the Hint's), and whether that seat
won. Reliability tables (``engine.india.calibration.reliability``: tenths of the chance shown,
share won with Wilson's 95% interval at the effective decisions) over all decisions, by the
mover's kind, by the opponents' kinds and by both, each with the expected calibration error
and its 95% interval (2,000 bootstrap resamples of the games).

(b) Plates (``--plates GAMES``, default 150; 3 to 5 players): at each call with a choice, of
every seat, the expected dollars this round the coach shows for the call made, against the
money that seat made in the round; the bias (shown less made) a decision, with its 95% interval
(games as clusters: bootstrap), by the mover's kind, by the opponents' kinds and by both.

Seeds 930,000,000 up (India) and 940,000,000 up (plates), fresh: the India pace was fitted on
20,000,000 up (``scripts/fit_india_pace.py``), India's correction for the kinds seated on
21,000,000 up (``scripts/fit_india_kinds.py``) and plates' on 41,000,000 up
(``scripts/fit_plates_kinds.py``).

    python benchmarks/calibration.py [--india GAMES] [--plates GAMES] [--players-unknown]
        [--noise 0.25] [--jobs 1]

``--players-unknown`` shows what the coach showed before it weighed the players: every seat
taken as an expert (India) or as the model's basic player (plates). ``--noise``: the noisy
bots' share of random moves (the coach still assumes 0.25 of a human): how far off the
standing is for a player better or worse than assumed.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from _common import headline

import engine
from engine import CHANCE
from engine.bots import NoisyBot
from engine.india.calibration import reliability
from engine.india.expert import ExpertBot

KINDS = ("expert", "basic", "random", "noisy")
INDIA_SEEDS = 930_000_000
PLATES_SEEDS = 940_000_000
NOISE = 0.25
RESAMPLES = 2000


def seated(game: str, kinds: Sequence[str], seed: int) -> list[Any]:
    """The bots of ``kinds``, seat by seat."""
    bots = []
    for s, kind in enumerate(kinds):
        if kind == "noisy":
            base = engine.make_bot(game, "basic", seed=seed + s)
            bots.append(NoisyBot(base, NOISE, seed=seed * 7 + s))
        else:
            bots.append(engine.make_bot(game, kind, seed=seed + s))
    return bots


def as_coach_sees(kinds: Sequence[str]) -> tuple[str, ...]:
    """The players as the coach knows them: a noisy seat is a human's."""
    return tuple("human" if k == "noisy" else k for k in kinds)


def india_table(seed: int) -> tuple[Any, list[Any], tuple[str, ...]]:
    """A mixed India table: the new game, its bots and their kinds."""
    rng = random.Random(f"mixed india table:{seed}")
    players = 2 if rng.random() < 0.6 else 4
    kinds = tuple(rng.choice(KINDS) for _ in range(players))
    return engine.new_game("india", players=players, seed=seed), seated("india", kinds, seed), kinds


def plates_table(seed: int) -> tuple[Any, list[Any], tuple[str, ...]]:
    """A mixed plates table of 3 to 5 players: seat 0 any kind, and the others all of one
    kind (half the tables: the bias by opponent) or each any kind. The new game, its bots and
    their kinds."""
    rng = random.Random(f"mixed plates table:{seed}")
    players = rng.choice((3, 4, 5))
    if rng.random() < 0.5:
        kinds = (rng.choice(KINDS), *(rng.choice(KINDS),) * (players - 1))
    else:
        kinds = tuple(rng.choice(KINDS) for _ in range(players))
    game = engine.new_game("plates", players=players, seed=seed)
    return game, seated("plates", kinds, seed), kinds


def collected(
    name: str,
    seeds: range,
    per_game: Callable[[int], list[Any]],
    cache: Path | None,
    jobs: int = 1,
) -> list[Any]:
    """``per_game(seed)``'s rows for every seed of ``seeds`` (in ``jobs`` processes: then
    ``per_game`` is a module's function, or a partial of one), read from ``cache`` (a folder)
    when a fit has collected them before, else made and written there (JSON)."""
    path = cache / f"{name}_{len(seeds)}.json" if cache else None
    if path and path.exists():
        return list(json.loads(path.read_text()))
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            games = list(pool.map(per_game, seeds, chunksize=8))
    else:
        games = [per_game(seed) for seed in seeds]
    data = [row for game in games for row in game]
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
    return data


def opponents(kinds: Sequence[str], seat: int) -> str:
    """The opponents' kinds in words: one kind ("basic"), or "mixed"."""
    theirs = {k for s, k in enumerate(kinds) if s != seat}
    return theirs.pop() if len(theirs) == 1 else "mixed"


Row = tuple[float, float, int, str, str]
"""One decision: the value shown, the outcome (won 1/0, or dollars made), the game, the
mover's kind, the opponents'."""


def india_rows(games: int, known: bool, jobs: int = 1) -> list[Row]:
    """Every decision with a choice at ``games`` mixed tables: the chance shown for the move
    played, whether its seat won (the games shared among ``jobs`` processes, the rows in the
    order of the games)."""
    seeds = range(INDIA_SEEDS, INDIA_SEEDS + games)
    if jobs <= 1:
        return india_games(seeds, known)
    parts = [seeds[k::jobs] for k in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        done = list(pool.map(india_games, parts, [known] * jobs, [NOISE] * jobs))
    return sorted((r for part in done for r in part), key=lambda r: r[2])


def india_games(seeds: Sequence[int], known: bool, noise: float = NOISE) -> list[Row]:
    """``india_rows`` of the games of ``seeds``, the noisy bots at ``noise``."""
    global NOISE
    NOISE = noise
    return [row for seed in seeds for row in india_game(seed, known)]


def india_game(seed: int, known: bool) -> list[Row]:
    """``india_rows`` of the game of ``seed``."""
    state, bots, kinds = india_table(seed)
    coach = ExpertBot(players=as_coach_sees(kinds) if known else None)
    rng = random.Random(f"india mixed calibration:{seed}")
    shown: list[tuple[int, float]] = []
    state = played_on(
        state, bots, rng, lambda seat, s, action: shown.append((seat, judged(coach, s, action)))
    )
    winners = set(state.winners())
    return [(v, float(s in winners), seed, kinds[s], opponents(kinds, s)) for s, v in shown]


def played_on(
    state: Any,
    bots: Sequence[Any],
    rng: random.Random,
    each: Callable[[int, Any, Any], None],
    going: Callable[[Any], bool] = lambda state: True,
) -> Any:
    """Play ``state`` on with ``bots`` (chance drawn from ``rng``) to its end, or while
    ``going(state)``, calling ``each(seat, state, action)`` at every decision with a choice
    before the action is made; the state it stops at."""
    while not state.is_terminal() and going(state):
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        action = bots[seat].choose(state)
        if len(state.legal_actions()) > 1:
            each(seat, state, action)
        state = state.apply(action)
    return state


def india_throws(
    state: Any, bots: Sequence[Any], rng: random.Random, every: int
) -> tuple[list[Any], int]:
    """Play an India game on to its end with ``bots`` (throws from ``rng``): the view (seat
    0's) before every ``every``-th throw, and the winner."""
    views, throws = [], 0
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            throws += 1
            if throws % every == 0:
                views.append(state.view(0))
            state = state.apply(state.sample_chance(rng))
            continue
        state = state.apply(bots[seat].choose(state))
    (winner,) = state.winners()
    return views, winner


def pairing_design(data: Sequence[dict[str, Any]], kinds: Sequence[str]) -> tuple[Any, Any]:
    """A fit per pairing's features (the fit scripts'): for each decision, for the mover's
    kind the share of each kind among the other seats (a number per pairing of ``kinds``),
    and its value shown less made."""
    import numpy as np

    x = np.zeros((len(data), len(kinds) ** 2))
    for i, r in enumerate(data):
        mover = kinds.index(r["kinds"][r["seat"]])
        others = [k for s, k in enumerate(r["kinds"]) if s != r["seat"]]
        for k in others:
            x[i, len(kinds) * mover + kinds.index(k)] += 1 / len(others)
    y = np.array([r["shown"] - r["made"] for r in data])
    return x, y


def resampled(x: Any, y: Any, games: Any, resamples: int) -> Any:
    """The least-squares coefficients of ``y`` on ``x`` fitted again on the games resampled
    (``games``: each row's game) ``resamples`` times (numpy's seed 1), a row each."""
    import numpy as np

    rng = np.random.default_rng(1)
    ids = np.unique(games)
    rows = {g: np.flatnonzero(games == g) for g in ids}
    boots = []
    for _ in range(resamples):
        pick = np.concatenate([rows[g] for g in rng.choice(ids, len(ids))])
        boots.append(np.linalg.lstsq(x[pick], y[pick], rcond=None)[0])
    return np.array(boots)


def pairing_interval(x: Any, y: Any, games: Any, resamples: int) -> tuple[Any, Any]:
    """The 95% interval of each least-squares coefficient of ``y`` on ``x`` (``resampled``)."""
    import numpy as np

    low, high = np.percentile(resampled(x, y, games, resamples), [2.5, 97.5], axis=0)
    return low, high


def judged(coach: ExpertBot, state: Any, action: Any) -> float:
    """The chance to win the coach shows for ``action`` (``advise(state).judged(action)``'s
    value, without the words)."""
    return next(j.value for j in coach.ranked(state)[1] if j.option.action == action)


def ece_interval(
    rows: Sequence[Row], seed: int = 1, by_kind: bool = False
) -> tuple[float, float, float]:
    """The expected calibration error of ``rows`` (tenths of the chance shown; with
    ``by_kind``, tenths of each kind of mover apart, so that one kind shown too much cannot
    hide another shown too little in the same tenth) and its 95% interval by resampling the
    games."""
    cells = 10 * len(KINDS) if by_kind else 10
    per_game: dict[int, list[list[float]]] = defaultdict(lambda: [[0.0] * 3 for _ in range(cells)])
    for shown, won, game, mover, _ in rows:
        k = min(int(shown * 10), 9) + (10 * KINDS.index(mover) if by_kind else 0)
        b = per_game[game][k]
        b[0] += 1
        b[1] += shown
        b[2] += won
    games = list(per_game.values())

    def ece(sample: Sequence[list[list[float]]]) -> float:
        total = [[sum(g[k][i] for g in sample) for i in range(3)] for k in range(cells)]
        n = sum(t[0] for t in total)
        return sum(abs(t[1] - t[2]) for t in total if t[0]) / n

    rng = random.Random(seed)
    boots = sorted(ece(rng.choices(games, k=len(games))) for _ in range(RESAMPLES))
    return ece(games), boots[int(0.025 * RESAMPLES)], boots[int(0.975 * RESAMPLES)]


def mean_interval_by_game(rows: Sequence[Row], seed: int = 1) -> tuple[float, float, float]:
    """The mean of shown less outcome over ``rows``, and its 95% interval by resampling the
    games (the decisions of one game share its deals)."""
    per_game: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for shown, made, game, *_ in rows:
        per_game[game][0] += 1
        per_game[game][1] += shown - made
    games = list(per_game.values())

    def mean(sample: Sequence[list[float]]) -> float:
        return sum(g[1] for g in sample) / sum(g[0] for g in sample)

    rng = random.Random(seed)
    boots = sorted(mean(rng.choices(games, k=len(games))) for _ in range(RESAMPLES))
    return mean(games), boots[int(0.025 * RESAMPLES)], boots[int(0.975 * RESAMPLES)]


def groups(rows: Sequence[Row]) -> dict[str, list[Row]]:
    """The rows all together, by the mover's kind, by the opponents' kinds, and by both (each
    pairing of a mover's kind with opponents all of one kind, or mixed)."""
    out: dict[str, list[Row]] = {"all": list(rows)}
    for key in (lambda r: f"mover {r[3]}", lambda r: f"against {r[4]}"):
        for k in (*KINDS, "mixed"):
            picked = [r for r in rows if key(r).endswith(f" {k}")]
            if picked:
                out[key(picked[0])] = picked
    for mover in KINDS:
        for against in (*KINDS, "mixed"):
            picked = [r for r in rows if r[3] == mover and r[4] == against]
            if picked:
                out[f"{mover} against {against}"] = picked
    return out


def india_report(rows: Sequence[Row]) -> tuple[dict[str, Any], list[str]]:
    """Per group: the reliability table and the ECE with its interval; the lines to print."""
    out: dict[str, Any] = {}
    e, low, high = ece_interval(rows, by_kind=True)
    out["by_kind"] = {"ece": round(e, 4), "ece_low": round(low, 4), "ece_high": round(high, 4)}
    lines = [
        f"India, every decision, tenths of each kind of mover apart: ECE {e:.3f} "
        f"({low:.3f}–{high:.3f})",
        "",
        "| India: decisions of | games | decisions | shown | won | ECE (95%) |",
    ]
    lines.append("|---|---|---|---|---|---|")
    for name, rs in groups(rows).items():
        r = reliability([x[0] for x in rs], [bool(x[1]) for x in rs], [x[2] for x in rs])
        e, low, high = ece_interval(rs)
        r["ece_low"], r["ece_high"] = round(low, 4), round(high, 4)
        out[name] = r
        shown = sum(x[0] for x in rs) / len(rs)
        won = sum(x[1] for x in rs) / len(rs)
        lines.append(
            f"| {name} | {r['games']:,} | {r['decisions']:,} | {shown:.3f} | {won:.3f} "
            f"| {e:.3f} ({low:.3f}–{high:.3f}) |"
        )
    for name in ("all", *(f"mover {k}" for k in KINDS)):
        if name not in out:
            continue
        lines.append(f"\n{name}: tenth shown | decisions | mean shown | won (95%)")
        for b in out[name]["bins"]:
            lines.append(
                f"  {b['low']:.1f}-{b['high']:.1f} | {b['decisions']:5d} | {b['shown']:.3f} "
                f"| {b['won']:.3f} ({b['won_low']:.3f}-{b['won_high']:.3f})"
            )
    return out, lines


def plates_rows(games: int, known: bool) -> list[Row]:
    """Every call with a choice at ``games`` mixed plates tables: the expected dollars this
    round the coach shows for the call made, and the dollars its seat made in the round."""
    return [
        row
        for seed in range(PLATES_SEEDS, PLATES_SEEDS + games)
        for row in plates_game(seed, known)
    ]


def plates_game(seed: int, known: bool) -> list[Row]:
    """``plates_rows`` of the table of ``seed``."""
    state, bots, kinds = plates_table(seed)
    coach = engine.make_bot("plates", "expert")
    if known:
        coach.players = as_coach_sees(kinds)
    rng = random.Random(f"plates mixed calibration:{seed}")
    shown = round_by_round(
        state, bots, rng, lambda seat, s, action: coach.advise(s).judged(action).value
    )
    return [(v, made, seed, kinds[s], opponents(kinds, s)) for s, v, made in shown]


def round_by_round(
    state: Any,
    bots: Sequence[Any],
    rng: random.Random,
    value: Callable[[int, Any, Any], float | None],
) -> list[tuple[int, float, int]]:
    """Play a plates table on to its end with ``bots`` (chance from ``rng``): each decision
    with a choice that ``value(seat, state, action)`` values (None: left out), as its seat,
    that value and the dollars the seat made in that round."""
    out: list[tuple[int, float, int]] = []
    pending: list[tuple[int, float]] = []
    money, rnd = _money(state), _round(state)
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance(rng))
        else:
            action = bots[seat].choose(state)
            if len(state.legal_actions()) > 1:
                v = value(seat, state, action)
                if v is not None:
                    pending.append((seat, v))
            state = state.apply(action)
        if _round(state) != rnd or state.is_terminal():
            after = _money(state)
            out += [(s, v, after[s] - money[s]) for s, v in pending]
            pending, money, rnd = [], after, _round(state)
    return out


def _money(state: Any) -> list[int]:
    """Each seat's money now."""
    return list(state.view(0)["scores"])


def _round(state: Any) -> int:
    """How many rounds have been played (scored or cancelled)."""
    return len(state.view(0)["rounds"])


def plates_report(rows: Sequence[Row]) -> tuple[dict[str, Any], list[str]]:
    """Per group: the bias a decision (shown less made) with its interval; lines to print."""
    out, lines = {}, []
    lines.append("| plates: calls of | games | decisions | shown $ | made $ | bias $ (95%) |")
    lines.append("|---|---|---|---|---|---|")
    for name, rs in groups(rows).items():
        bias, low, high = mean_interval_by_game(rs)
        shown = sum(x[0] for x in rs) / len(rs)
        made = sum(x[1] for x in rs) / len(rs)
        out[name] = {
            "games": len({x[2] for x in rs}),
            "decisions": len(rs),
            "shown": round(shown, 2),
            "made": round(made, 2),
            "bias": round(bias, 2),
            "bias_low": round(low, 2),
            "bias_high": round(high, 2),
        }
        lines.append(
            f"| {name} | {out[name]['games']} | {len(rs):,} | {shown:+.2f} | {made:+.2f} "
            f"| {bias:+.2f} ({low:+.2f} to {high:+.2f}) |"
        )
    return out, lines


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    """The work's result and the CPU seconds it took, of this process and its children."""

    def cpu() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + children.ru_utime + children.ru_stime

    t = cpu()
    return work(), cpu() - t


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--india", type=int, default=600)
    parser.add_argument("--plates", type=int, default=150)
    parser.add_argument("--players-unknown", action="store_true")
    parser.add_argument("--noise", type=float, default=0.25)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the India games")
    args = parser.parse_args()
    global NOISE
    NOISE = args.noise
    known = not args.players_unknown
    result: dict[str, Any] = {"players_known": known, "noise": NOISE}
    lines: list[str] = []
    if args.india:
        rows, cpu = timed(lambda: india_rows(args.india, known, args.jobs))
        result["india"], more = india_report(rows)
        result["india_cpu_seconds"] = round(cpu, 1)
        lines += more
    if args.plates:
        rows, cpu = timed(lambda: plates_rows(args.plates, known))
        result["plates"], more = plates_report(rows)
        result["plates_cpu_seconds"] = round(cpu, 1)
        lines += ["", *more]
    parts = []
    if "india" in result:
        a = result["india"]["by_kind"]
        parts.append(
            f"India ECE by kind of mover {a['ece']:.3f} ({a['ece_low']:.3f}–{a['ece_high']:.3f}): "
            + ", ".join(
                f"{k} {g['ece']:.3f} ({g['ece_low']:.3f}–{g['ece_high']:.3f})"
                for k in KINDS
                if (g := result["india"].get(f"mover {k}"))
            )
        )
    if "plates" in result:
        a = result["plates"]["all"]
        parts.append(
            f"plates bias ${a['bias']:+.2f} ({a['bias_low']:+.2f} to {a['bias_high']:+.2f}): "
            + ", ".join(
                f"{side} {k} {g['bias']:+.2f} ({g['bias_low']:+.2f} to {g['bias_high']:+.2f})"
                for side in ("mover", "against")
                for k in KINDS
                if (g := result["plates"].get(f"{side} {k}"))
            )
        )
    headline("calibration", "; ".join(parts) + "\n" + "\n".join(lines), result)


if __name__ == "__main__":
    main()
