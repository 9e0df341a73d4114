"""What the expert benchmarks share: the strength match against ``basic`` on duplicate deals
(``engine.tournament.play_match``) and the CPU time of a decision, each bot asked in turn on
the same positions (expert, then basic: interleaved, so both see the same machine)."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import engine
from engine import CHANCE
from engine.tournament import entrant, lineups, play_match


def strength(game: str, count: int, players: int, **options: Any) -> dict:
    """Expert against basic on ``count`` duplicate deals (seeds 0..count-1, every lineup): the
    expert's share of the wins and margin per deal with 95% intervals, and after how many deals
    it was ahead for good."""
    match = play_match(
        game, entrant("expert", game), entrant("basic", game), range(count), players, **options
    )
    share, margin = match.interval("scores"), match.interval("margins")
    return {
        "deals": count,
        "players": players,
        "options": options,
        "lineups_per_deal": len(lineups(players)),
        "expert_share_of_wins": [round(x, 3) for x in share],
        "expert_margin_per_deal": [round(x, 2) for x in margin],
        "ahead_after_deals": match.ahead_after(),
    }


def speed(game: str, games: int, players: int, **options: Any) -> dict:
    """CPU ms per decision with a choice (more than one legal action) of a fresh expert and a
    fresh basic bot on the same positions of ``games`` seeded games between the two, and of
    ``advise`` (what the Hint and the review ask)."""
    expert, basic = [], []
    for seed in range(games):
        state = engine.new_game(game, players=players, seed=seed, **options)
        bots = [engine.make_bot(game, ("basic", "expert")[s % 2], seed=s) for s in range(players)]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if len(state.legal_actions()) > 1:
                for level, times in (("expert", expert), ("basic", basic)):
                    bot = engine.make_bot(game, level, seed=seed)
                    t = time.process_time()
                    bot.advise(state) if level == "expert" else bot.choose(state)
                    times.append(time.process_time() - t)
            state = state.apply(bots[seat].choose(state))
    median = statistics.median
    return {
        "decisions_with_a_choice": len(expert),
        "expert_median_ms": round(1000 * median(expert), 2),
        "expert_p90_ms": round(1000 * statistics.quantiles(expert, n=10)[-1], 2),
        "basic_median_ms": round(1000 * median(basic), 3),
        "expert_over_basic": round(median(expert) / median(basic), 1),
    }


def line(r: dict, unit: str) -> str:
    """The headline: the margin and share with intervals, and the cost of a decision."""
    s, t = r["strength"], r["speed"]
    m, w = s["expert_margin_per_deal"], s["expert_share_of_wins"]
    return (
        f"the expert wins {m[0]:+,.2f} {unit} a deal against basic ({m[1]:+,.2f} to "
        f"{m[2]:+,.2f}), {w[0]:.0%} of the wins ({w[1]:.0%} to {w[2]:.0%}), ahead for good "
        f"after {s['ahead_after_deals']} deals; a decision {t['expert_median_ms']} ms median "
        f"({t['expert_over_basic']}x basic)"
    )
