"""What a seat cannot see must not change anything it is shown: the tools for checking it.

A game is recorded once; then two cards that one seat never sees in any of its views are
swapped everywhere in the record (in every deal and every action that names them: a face-down
discard, a card never shown). If the swapped record is still a legal game, it is the same game
as far as that seat can know, so the seat's views, the engine's public descriptions for it,
and every synced trait of a table showing it must be the same, step by step. A difference is a
leak: something on screen, or in the page, that came from a hidden card.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets

import engine
from classplay.rooms.room import onlooker_view
from engine.values import decode, encode
from tabletop_widgets import TABLES

TOKEN: dict[str, Callable[[Any], str]] = {
    "plates": lambda plate: plate.number,
    "rupees": lambda card: getattr(card, "code", card),  # a Rupees deal holds card codes
}
"""How a card shows in a view (default ``str(card)``, as "10♥")."""


def token(game: str, card: Any) -> str:
    return TOKEN.get(game, str)(card)


def record(
    game: str, players: int, seed: int, bots: list[Any] | None = None, **options: Any
) -> engine.State:
    """A seeded game played to the end by ``bots`` (default: basic and random bots)."""
    state = engine.new_game(game, players=players, seed=seed, **options)
    levels = ("basic", "random")
    if bots is None:
        bots = [engine.make_bot(game, levels[s % 2], seed=seed + s) for s in range(players)]
    return engine.play(state, bots)


def never_seen(end: engine.State, seat: int | None) -> list[Any]:
    """The cards dealt in ``end``'s game that ``seat`` (None: a room's onlooker) sees in none
    of its views."""
    game = end.game

    def view(state: engine.State) -> Any:
        return onlooker_view(state) if seat is None else state.view(seat)

    state, seen = end.at(0), []
    for action in end.history:
        seen.append(json.dumps(view(state), ensure_ascii=False))
        state = state.apply(action)
    seen.append(json.dumps(view(state), ensure_ascii=False))
    text = "\n".join(seen)
    dealt = {c for a in end.history if isinstance(a, engine.Shuffle) for c in a.cards}
    return sorted((c for c in dealt if token(game, c) not in text), key=repr)


def swapped(end: engine.State, x: Any, y: Any) -> engine.State | None:
    """``end``'s game with cards ``x`` and ``y`` swapped everywhere, replayed through the
    rules; None if the swapped game is not legal."""
    game = end.game
    ex, ey, tx, ty = encode(x), encode(y), token(game, x), token(game, y)

    def swap(data: Any) -> Any:
        if data == ex:
            return ey
        if data == ey:
            return ex
        if isinstance(data, str):
            return ty if data == tx else tx if data == ty else data
        if isinstance(data, list):
            return [swap(d) for d in data]
        if isinstance(data, dict):
            return {k: swap(v) for k, v in data.items()}
        return data

    try:
        history = decode(swap(encode(end.history)), type(end).kinds())
        state = end.at(0)
        for action in history:
            state = state.apply(action)
    except engine.IllegalAction:
        return None
    return state


def twins(
    end: engine.State, seat: int | None, tries: int = 40, seed: int = 0
) -> Iterator[engine.State]:
    """Legal games that differ from ``end`` only in cards ``seat`` never sees."""
    hidden = never_seen(end, seat)
    rng = random.Random(seed)
    for _ in range(tries):
        if len(hidden) < 2:
            return
        x, y = rng.sample(hidden, 2)
        if token(end.game, x) == token(end.game, y):
            continue
        twin = swapped(end, x, y)
        if twin is not None and twin.history != end.history:
            yield twin


# ---------------------------------------------------------------- a table on a script


def scripted_table(game: str, end: engine.State, seat: int, **kw: Any) -> Any:
    """A table of ``game`` whose chance and bots replay ``end``'s record, with ``seat`` the
    human (who also replays it, by ``act``), stopped at every human turn by ``steps``."""
    base = TABLES[game]
    record = end.history

    class Script:
        level = "script"

        def choose(self, seat: engine.Seat) -> Any:
            return record[seat.move]

    class Scripted(base):  # type: ignore[misc, valid-type]
        def chance(self) -> Any:
            return record[len(self.shown.history)]

    start = end.at(0)
    table = Scripted(
        start, humans=(seat,), bots=dict.fromkeys(range(start.num_players), Script()), **kw
    )
    return table


def steps(table: Any, end: engine.State) -> Iterator[None]:
    """Play the table along ``end``'s record, yielding before each human action and at the
    end (a human's own throw is an action too)."""
    while len(table.latest.history) < len(end.history):
        yield
        if table.paused:
            table.resume()
        else:
            table.act(end.history[len(table.shown.history)])
    yield


def synced(table: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every synced trait of every widget in the table (its tools included), in tree order:
    what the page holds. Widget ids, which differ between two tables, are left out."""
    out = []

    def walk(w: Any) -> None:
        state = {
            k: v
            for k, v in w.get_state().items()
            if (not k.startswith("_") or k == "_options_labels")
            and k not in ("layout", "style", "children", "seen")
            and not (isinstance(v, str) and v.startswith("IPY_MODEL_"))
        }
        out.append((type(w).__name__, state))
        for child in getattr(w, "children", ()):
            if isinstance(child, widgets.Widget):
                walk(child)

    walk(table)
    return out
