"""Review and Hint never raise on a game reachable by clicks (issue 22).

Per game, a real table whose human clicks at random among everything the page offers: every
spot of the board carrying an intent, every enabled button, every choice of a list, and the
messages a page could send of its own (India: a move named by either of two pieces standing
together). Bots play the other seats. Along the game the expert is asked for a hint on some of
the human's turns; at the end the whole game is reviewed for every seat, in the engine and as a
lesson shows it, and the table's own Review opens. Nothing may raise.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets
import pytest

from engine.india import CORNER, HOME
from engine.india.rules import stands_for
from engine.review import review
from tabletop_widgets import TABLES
from tabletop_widgets.coaching import Coaching, review_html, standing_figure

SETUPS: dict[str, dict[str, Any]] = {
    "india": {"players": 2},
    "plates": {"players": 3},
    "michigan": {"players": 3, "deals": 1, "mistakes_allowed": True},
    "rummy": {"players": 2},
    "rupees": {"players": 4, "target": 100_000, "call_partner": True},
}
"""Short games of every kind (one deal, one hand), with the options that add decisions."""

MOVES = {"michigan": 40, "rupees": 40}
"""Where the expert takes long over each decision, the game is reviewed after this many
actions (the auction and the first tricks), not played to its end."""

CLICKS = 400
"""Clicks at most per game (a game usually ends well before)."""


def controls(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """Every button and list of ``widget`` a student can reach: shown and enabled."""
    if getattr(widget.layout, "display", None) == "none":
        return
    if isinstance(widget, (widgets.Button, widgets.Dropdown)) and not widget.disabled:
        yield widget
    for child in getattr(widget, "children", ()):
        yield from controls(child)


def page_messages(table: Any) -> list[str]:
    """Intents a page may send beside those on the board: India's moves named by any piece
    with any die or total of the throw (a piece standing with another included)."""
    s = table.shown
    if s.game != "india" or not s.dice:
        return []
    steps = {*s.dice, sum(s.dice)}
    return [f"move:{i}:{k}" for i in range(4) for k in steps] + [f"piece:{i}" for i in range(4)]


def stacked(state: Any, intent: str) -> bool:
    """Whether an India click names a piece of the human's standing with a lower-numbered one
    (the click that broke Review)."""
    kind, _, rest = intent.partition(":")
    if state.game != "india" or state.current_player != 0 or kind not in ("move", "piece"):
        return False
    i, mine = int(rest.split(":")[0]), state.pieces[0]
    return CORNER != mine[i] != HOME and stands_for(mine, i) != i


def click_at_random(table: Any, rng: random.Random) -> str | None:
    """One click: a spot of the board, a button, a choice in a list, or a page's message (the
    intent sent, if it was one)."""
    intents = re.findall(r'data-intent="([^"]+)"', table.board.svg) + page_messages(table)
    reachable = [w for part in table.game_widgets for w in controls(part)]
    options: list[Any] = [("intent", i) for i in intents] + [("widget", w) for w in reachable]
    if not options:
        return None
    kind, what = rng.choice(options)
    if kind == "intent":
        table.board._handle_custom_msg({"intent": what, "move": len(table.shown.history)}, [])
        return str(what)
    if isinstance(what, widgets.Dropdown):
        values = [o[1] if isinstance(o, tuple) else o for o in what.options]
        what.value = rng.choice(values)
    else:
        what.click()
    return None


@pytest.mark.parametrize(
    ("game", "seed"),
    [(g, 1) for g in sorted(SETUPS) if g != "india"] + [("india", 2), ("india", 5)],
)
def test_review_and_hint_never_raise_on_a_game_played_by_clicks(game, seed):
    table = TABLES[game](seed=seed, humans=(0,), **SETUPS[game])
    coaching = next(t for t in table.tools.children if isinstance(t, Coaching))
    rng = random.Random(f"{game}:{seed}")
    hints = stacks = 0
    for _ in range(CLICKS):
        played = table.latest
        if played.is_terminal() or len(played.history) >= MOVES.get(game, len(played.history) + 1):
            break
        if table.human_to_act() == played.current_player == 0 and rng.random() < 0.1:
            assert coaching.hint().startswith("<b>Hint:</b>")
            hints += 1
        intent = click_at_random(table, rng)
        stacks += intent is not None and stacked(played, intent)
    played = table.latest
    assert len(played.history) > 10 and hints
    assert stacks or game != "india", "no click on a piece standing with another"
    seen = review(played)  # every seat
    assert {d.seat for d in seen.decisions} == set(range(played.num_players))
    for d in seen.decisions:
        assert d.played in played.at(d.move).legal_actions()
        d.line()  # the judgement of the action played: never a KeyError
    assert review_html(seen) and standing_figure(seen)  # as a lesson's show_review shows it
    if coaching.show_review(wait=True) is not None:  # the table's Review (mid-game too: one human)
        assert coaching.review is not None and coaching.review.decisions
