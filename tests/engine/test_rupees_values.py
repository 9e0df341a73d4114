"""The Rupees expert's values, pinned to the float: a change made for speed must leave every
value, interval and detail as it was (``rupees_values.json``, made by the expert before the
playouts were made faster, issue 35). Positions of seeded basic-bot games at three tables, the
expert told the players seated (a human, a random bot: played out with random moves) and not
told; its default deals, and the Hint's 128 on a few.

Regenerate only for a change of judgement made on purpose (say so in the commit):
``python -c "import sys; sys.path.insert(0, 'tests/engine'); import json, test_rupees_values as t;
json.dump(t.judged_now(), open(t.PINNED, 'w'), indent=0)"``
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fits import UNCORRECTED

import engine
from engine import CHANCE
from engine.review import coach, looked
from engine.rupees.expert import PARTS

PINNED = Path(__file__).with_name("rupees_values.json")
TABLES = [({}, 3), ({"call_partner": True}, 4), ({"specials_any_time": True}, 5)]
"""Each table's options and the seed of its game."""
PLAYERS = ("human", "basic", "random", "basic")


def _positions(options: dict[str, Any], seed: int) -> list[Any]:
    """Every fifth decision with a choice past the auction of the game's first hand, and the
    last two of that hand (few cards left: valued on every layout when not told the players)."""
    state = engine.new_game("rupees", 4, seed, **options)
    bots = [engine.make_bot("rupees", "basic", seed=seed * 10 + s) for s in range(4)]
    rng, chosen = random.Random(seed), []
    while not state.is_terminal() and state.view(0)["hand_no"] == 0:
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and state.phase != "bid":
            chosen.append(state)
        state = state.apply(bots[seat].choose(state))
    return chosen[::5] + chosen[-2:]


def judged_now() -> list[list[Any]]:
    """Each position's advice, told and not told the players: the options in order, each with
    its value, detail and intervals, and the advice's deals and exactness."""
    out = []
    for options, seed in TABLES:
        for told in (None, PLAYERS):
            expert = coach("rupees", told)
            expert.overstated = UNCORRECTED  # the playouts' values; the correction's own test
            expert.by_part = dict.fromkeys(PARTS, 0.0)
            for n, state in enumerate(_positions(options, seed)):
                advice = looked(expert, state) if n % 3 == 1 else expert.advise(state)
                out.append(
                    [
                        advice.deals,
                        advice.exact,
                        advice.why,
                        [
                            [str(o.action), o.value, o.detail, o.interval, o.loss_interval]
                            for o in advice.options
                        ],
                    ]
                )
    return out


def test_the_expert_judges_as_it_did_before_its_playouts_were_made_faster():
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    assert judged_now() == pinned
