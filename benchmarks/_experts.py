"""What the expert benchmarks share: the strength match against ``basic`` on duplicate deals
(``classplay.tournament.play_match``) and the CPU time of a decision, each bot asked in turn on
the same positions (expert, then basic: interleaved, so both see the same machine)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import engine
from classplay.tournament import entrant, lineups, play_match
from engine import CHANCE


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


def fast_path(
    game: str,
    games: int,
    players: int,
    dealt_as_is: Callable[[Any], AbstractContextManager[None]],
    **options: Any,
) -> dict:
    """The expert's own copy of the rules against the rules engine, on the same work: at every
    play decision with a choice of ``games`` seeded basic-bot games, every legal option played
    out to the end, once by the expert on the real layout alone (``dealt_as_is(state)``: a
    context in which its layouts are the cards as they really lie) and once through the
    engine with basic bots, in alternating rounds of one game's positions each. CPU seconds
    of each and their ratio (the copy is kept only while it is clearly cheaper)."""
    basic = engine.make_bot(game, "basic")
    expert = engine.make_bot(game, "expert")
    fast, slow, positions = [], [], 0
    for seed in range(games):
        state, rng, found = engine.new_game(game, players, seed, **options), random.Random(seed), []
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(state.sample_chance(rng))
                continue
            if state.phase == "play" and len(state.legal_actions()) > 1:
                found.append(state)
            state = state.apply(basic.choose(state))
        positions += len(found)
        t = time.process_time()
        for s in found:
            with dealt_as_is(s):
                expert.advise(s)
        fast.append(time.process_time() - t)
        t = time.process_time()
        for s in found:
            for action in s.legal_actions():
                engine.play(s.apply(action), [basic] * players)
        slow.append(time.process_time() - t)
    return {
        "positions": positions,
        "copy_cpu_s": round(sum(fast), 2),
        "engine_cpu_s": round(sum(slow), 2),
        "copy_over_engine": round(sum(fast) / sum(slow), 3),
    }


def line(r: dict, unit: str) -> str:
    """The headline: the margin and share with intervals, and the cost of a decision."""
    s, t = r["strength"], r["speed"]
    m, w = s["expert_margin_per_deal"], s["expert_share_of_wins"]
    copy = r.get("fast_path")
    return (
        f"the expert wins {m[0]:+,.2f} {unit} a deal against basic ({m[1]:+,.2f} to "
        f"{m[2]:+,.2f}), {w[0]:.0%} of the wins ({w[1]:.0%} to {w[2]:.0%}), ahead for good "
        f"after {s['ahead_after_deals']} deals; a decision {t['expert_median_ms']} ms median "
        f"({t['expert_over_basic']}x basic)"
        + (
            f"; its playout copy costs {copy['copy_over_engine']:.2f} of the engine's"
            if copy
            else ""
        )
    )
