"""Michigan, rummy and Rupees: the expected value the coach shows, against what the mover
went on to make, at mixed tables.

The coach of these three values each option by playing the deal out; told the players seated
(as here, ``engine.review.coach``), Michigan's and Rupees' play each seat as its kind (a random
bot at random, a human one move in four); rummy's values, lines fitted on basic bots' deals, are
lowered by what they over-stated for the mover's kind among the others', a draw's and a
discard's apart (``engine.rummy.expert.OVERSTATED``, fitted on seeds 61,000,000 up). This
checks what the values shown are worth to a student at a table of other kinds. Rummy's coach
values a human's own play as the Hints play it (``engine.rummy.expert.YOU``): its noisy movers'
decisions are a beginner's, reported apart (``assumed``), and a human who plays the Hints is
valued as an expert mover is. Each table seats an
expert, a basic, a random or a noisy bot (``calibration.py``'s kinds and tables: seat 0 any
kind, the others all one kind at half the tables, else each any kind) and is played for one
deal (Michigan, rummy) or one hand (Rupees).
At every decision with a choice, of every seat, the row is the value the coach shows for the
move played (what a Hint or a Review row reads) and what that seat made from then to the end
of the deal: chips (Michigan), points (rummy: the settlement, the winner collecting what the
others lose), ₹ of its side less the other side's (Rupees). The bias (shown less made) a
decision, with its 95% interval by resampling the games, by the mover's kind and by the
opponents'.

Seeds 950,000,000 up (Michigan), 960,000,000 up (rummy), 970,000,000 up (Rupees); with
``--first K``, from the K-th game on (fresh games: the usual ones are those the fits were
checked on).

With ``--phases``, each phase's part of the bias as well (issue 35: Rupees' auction or play;
rummy's draws apart where a floor holds their value, "draw held");
``--roles``, Rupees' by the mover's part in the hand (the declarer, his partner, a defender; the
auction's decisions apart); ``--no-fit-calls``: Rupees' layouts not fitted to the calls and
trumps, as before issue 35 (``engine.rupees.expert.FIT_CALLS``, on by default since round five);
``--players-unknown``: the coach told no players (each seat played out as the basic bot);
``--jobs``: processes for the games.

    python benchmarks/standing.py [--michigan GAMES] [--rummy GAMES] [--rupees GAMES] [--phases]
        [--roles] [--no-fit-calls] [--jobs 1] [--players-unknown] [--first 0]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from _common import headline
from calibration import (
    KINDS,
    Row,
    as_coach_sees,
    mean_interval_by_game,
    opponents,
    plates_report,
    played_on,
    seated,
    timed,
)

import engine
from engine import CHANCE
from engine.review import coach
from engine.rummy.expert import held
from engine.rupees import expert as rupees_expert

SEEDS = {"michigan": 950_000_000, "rummy": 960_000_000, "rupees": 970_000_000}


def table(game: str, seed: int) -> tuple[Any, list[Any], tuple[str, ...]]:
    """A mixed table of the game's default size: the new game, its bots and their kinds."""
    rng = random.Random(f"mixed {game} table:{seed}")
    state = engine.new_game(game, seed=seed)
    n = state.num_players
    if rng.random() < 0.5:
        kinds = (rng.choice(KINDS), *(rng.choice(KINDS),) * (n - 1))
    else:
        kinds = tuple(rng.choice(KINDS) for _ in range(n))
    return state, seated(game, kinds, seed), kinds


def made(game: str, before: Any, after: Any, seat: int) -> float:
    """What ``seat`` made from ``before`` to the end of its deal (``after``: the first state
    past it), in the coach's measure."""
    gain = [b - a for a, b in zip(before.returns(), after.returns(), strict=True)]
    if game == "michigan" and not after.is_terminal():  # the next deal's antes are paid
        for kind, payer, _, chips, *_ in after.view(0)["events"]:
            gain[payer] += chips if kind == "ante" else 0
    if game == "rupees":  # the side's lead: partners sit across, the other side beside
        return float(gain[seat] - gain[(seat + 1) % after.num_players])
    return float(gain[seat])


def deal_of(game: str, state: Any) -> int:
    """Which deal (hand) the game is in."""
    if game == "rummy":
        return 0
    return int(state.view(0)["deal" if game == "michigan" else "hand_no"])


def rows(game: str, games: int, jobs: int = 1, known: bool = True, first: int = 0) -> list[Row]:
    """Every decision with a choice of the first deal of ``games`` mixed tables: the value
    the coach shows for the move played (told the players seated, unless not ``known``), and
    what its seat made by the deal's end (the games shared among ``jobs`` processes, the rows
    in the order of the games)."""
    return [row for row, *_ in phased(game, games, jobs, known, first)]


Part = tuple[Row, str, str]
"""A decision's row, the phase of the deal it was made in (Rupees: the auction ``bid``, the
declarer's ``discard``, ``trump`` and ``call``, the card ``play``) and its mover's part in the
hand (Rupees: ``declarer``, ``partner``, ``defender``, or ``auction`` before there is one)."""


def phased(game: str, games: int, jobs: int = 1, known: bool = True, first: int = 0) -> list[Part]:
    """``rows``, each with its phase and its mover's part (``Part``)."""
    seeds = range(SEEDS[game] + first, SEEDS[game] + first + games)
    if jobs <= 1:
        return [pair for seed in seeds for pair in table_rows(game, seed, known)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(table_rows, [game] * games, seeds, [known] * games)
        return [pair for part in parts for pair in part]


def role(state: Any, seat: int) -> str:
    """``seat``'s part in the hand (``Part``)."""
    declarer = getattr(state, "declarer", None)
    if declarer is None:
        return "auction"
    if seat == declarer:
        return "declarer"
    return "partner" if seat in state.side_of(declarer) else "defender"


Asked = tuple[int, Any, Any, Any]
"""A decision the coach was asked about: the seat, the coach's advice, the state, the action."""


def first_deal(
    game: str, seed: int, label: str, coach_for: Callable[[tuple[str, ...]], Any]
) -> tuple[tuple[str, ...], list[Asked], Any]:
    """The table of ``seed`` (``table``) played to the end of its first deal, chance drawn from
    a stream named ``label``, the coach ``coach_for(kinds seated)`` asked at every decision
    with a choice: the kinds seated, each decision (``Asked``), and the first state past the
    deal (the standing's and the fit scripts' collection)."""
    state, bots, kinds = table(game, seed)
    expert = coach_for(kinds)
    rng = random.Random(label)
    while state.current_player == CHANCE:
        state = state.apply(state.sample_chance(rng))
    first, asked = deal_of(game, state), []

    def note(seat: int, state: Any, action: Any) -> None:
        asked.append((seat, expert.advise(state), state, action))

    end = played_on(state, bots, rng, note, lambda state: deal_of(game, state) == first)
    return kinds, asked, end


def table_rows(game: str, seed: int, known: bool = True) -> list[Part]:
    """``phased`` of the table of ``seed``."""
    kinds, asked, end = first_deal(
        game,
        seed,
        f"{game} mixed standing:{seed}",
        lambda kinds: coach(game, as_coach_sees(kinds) if known else None),
    )
    return [
        (
            (advice.judged(a).value, made(game, then, end, s), seed, kinds[s], opponents(kinds, s)),
            str(then.view(s).get("phase", "play")) + " held" * held(advice, a),
            role(then, s),
        )
        for s, advice, then, a in asked
    ]


def assumed(game: str, found: list[Part]) -> tuple[list[Part], list[Row]]:
    """The decisions of players as the coach assumes them, and apart the rows of those it does
    not: in rummy a human's own play is valued as the Hints play it (``YOU``), which a noisy
    mover does not (his decisions are a beginner's; as an opponent he is still the human the
    coach assumes). A human who plays the Hints is valued as an expert mover is (the same row
    and floors), so the expert movers' rows are hers."""
    if game != "rummy":
        return found, []
    return [f for f in found if f[0][3] != "noisy"], [f[0] for f in found if f[0][3] == "noisy"]


def by_part(found: list[tuple[Row, str]], unit: str, part: str = "phase") -> list[str]:
    """Lines: each part's (phase's, role's) bias a decision of its own, and its share of every
    decision's bias (its decisions' bias over all decisions: the shares add up to the whole),
    each with its 95% interval by resampling the games."""
    lines = [
        f"| {part} | decisions | bias {unit} a decision of its own | share of every decision's |",
        "|---|---|---|---|",
    ]
    for phase in dict.fromkeys(p for _, p in found):
        own = mean_interval_by_game([r for r, p in found if p == phase])
        share = mean_interval_by_game([r if p == phase else (0.0, 0.0, *r[2:]) for r, p in found])
        count = sum(p == phase for _, p in found)
        f = ",.0f" if unit == "₹" else ".2f"
        lines.append(
            f"| {phase} | {count:,} | {own[0]:+{f}} ({own[1]:+{f}} to {own[2]:+{f}}) "
            f"| {share[0]:+{f}} ({share[1]:+{f}} to {share[2]:+{f}}) |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser()
    for game, default in (("michigan", 120), ("rummy", 200), ("rupees", 40)):
        parser.add_argument(f"--{game}", type=int, default=default)
    parser.add_argument("--phases", action="store_true", help="the bias by phase of the deal")
    parser.add_argument("--roles", action="store_true", help="Rupees' bias by the mover's part")
    parser.add_argument(
        "--no-fit-calls", action="store_true", help="Rupees' layouts not fitted to the calls"
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes for the games")
    parser.add_argument("--players-unknown", action="store_true", help="the coach as before")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    args = parser.parse_args()
    rupees_expert.FIT_CALLS = not args.no_fit_calls  # with --jobs, in forked processes alike
    result: dict[str, Any] = {}
    lines: list[str] = []
    parts = []
    for game in SEEDS:
        n = getattr(args, game)
        if not n:
            continue
        work: Callable[[], list[Part]] = partial(
            phased, game, n, args.jobs, not args.players_unknown, args.first
        )
        found, cpu = timed(work)
        found, beginners = assumed(game, found)
        report, more = plates_report([row for row, *_ in found])
        result[game] = report | {"cpu_seconds": round(cpu, 1)}
        unit = {"michigan": "chips", "rummy": "points", "rupees": "₹"}[game]
        head = more[0].replace("plates: calls", f"{game}: decisions").replace("$", unit)
        lines += ["", head, *more[1:]]
        if beginners:
            bias, low, high = mean_interval_by_game(beginners)
            report["beginner"] = {"decisions": len(beginners), "bias": round(bias, 2)}
            report["beginner"] |= {"bias_low": round(low, 2), "bias_high": round(high, 2)}
            lines.append(
                f"A beginner's own decisions (a noisy mover, valued as one who plays the Hints): "
                f"{len(beginners):,}, bias {bias:+.2f} ({low:+.2f} to {high:+.2f}) {unit}"
            )
        if args.phases:
            lines += ["", *by_part([(row, phase) for row, phase, _ in found], unit)]
        if args.roles:
            lines += ["", *by_part([(row, part) for row, _, part in found], unit, "role")]
        a = report["all"]
        low, high = a["bias_low"], a["bias_high"]
        parts.append(f"{game} bias {a['bias']:+.2f} ({low:+.2f} to {high:+.2f}) {unit}")
    headline("standing", "; ".join(parts) + "\n" + "\n".join(lines), result)


if __name__ == "__main__":
    main()
