"""What a page can send a table: the messages a student could forge from the browser's console,
sent the way the kernel receives them, and what a table holds for the page to read.

Each helper goes through the widget's own message handler (``_handle_custom_msg`` for a custom
message such as a button's click, ``set_state`` for a change of a synced trait), so a test
drives exactly what a forged message would.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets

import engine
from tabletop_widgets.render.rupees import card_name as rupee_name


def click_board(table: Any, intent: Any, move: Any = "latest", **extra: Any) -> None:
    """The board's click message: ``intent`` on the picture of ``move`` (by default the one
    on the table; ``None`` leaves the move out)."""
    content = {"intent": intent, **extra}
    if move is not None:
        content["move"] = len(table.shown.history) if move == "latest" else move
    table.board._handle_custom_msg(content, [])


def click(button: widgets.Button) -> None:
    """The message a click on ``button`` sends (whether the page shows it or not)."""
    button._handle_custom_msg({"event": "click"}, [])


def change(control: widgets.Widget, **state: Any) -> None:
    """The message a page sends when it changes ``control``'s synced traits."""
    control.set_state(state)


def widgets_of(table: Any) -> Iterator[widgets.Widget]:
    """Every widget of ``table`` and its tools, shown or not (the page holds them all)."""
    todo: list[Any] = [table, *table.game_widgets, table.tools]
    seen: set[int] = set()
    while todo:
        w = todo.pop()
        if id(w) in seen or not isinstance(w, widgets.Widget):
            continue
        seen.add(id(w))
        yield w
        todo.extend(getattr(w, "children", ()))


def page_text(table: Any) -> str:
    """Every synced text of ``table`` and its tools: what the page holds to read."""
    texts = []
    for w in widgets_of(table):
        for key, value in w.get_state().items():
            if key not in ("_esm", "_css") and isinstance(value, (str, list)):
                texts.append(value if isinstance(value, str) else " ".join(map(str, value)))
    return "\n".join(texts)


def play_one(table: Any, bot: Any) -> None:
    """One step by whoever is to act: Continue after a round, a human's throw, or a move."""
    if table.paused:
        table.resume()
    elif table.shown.current_player == engine.CHANCE:
        assert table.throw()
    else:
        assert table.act(bot.choose(table.shown))


def hidden_marks(table: Any) -> list[str]:
    """Text that only a picture with every hand face up holds: the other seats' cards."""
    s, me = table.shown, table.viewer
    if table.game == "plates":
        return [f"FINE ${p.fine}" for who, p in s.in_play() if who != f"seat {me}"][:1]
    if table.game in ("michigan", "rummy"):
        per_line = 5 if table.game == "rummy" else 7  # how many cards a line of the box holds
        return [" ".join(map(str, h[:per_line])) for k, h in enumerate(s.hands) if k != me and h]
    if table.game == "rupees":
        return [  # each other hand in words, and named for a screen reader
            f'aria-label="cards: {", ".join(map(rupee_name, h))}"'
            for k, h in enumerate(s.hands)
            if k != me and h
        ]
    return []
