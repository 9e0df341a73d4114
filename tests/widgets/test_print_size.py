"""Projector print: at 1920×1080 in Large print every word and number a player reads on a
board is at least 14 px on screen, in every picture a player is shown over whole games (each
bid, throw, trick, deal end and game over), for every game.

In Large print a board is drawn ``LARGE_H`` px high (board.css: ``--tt-board-h`` is the
screen's height less 360 px), so a text's size on screen is its font size, times the scale
of the groups around it, times ``LARGE_H`` over the picture's height (or ``WIDEST`` over its
width, if that is less). ``scripts/table_shots.py``
measures the same in Chromium. Decoration that is no word to read (the ₹ on a card's back) is
marked ``aria-hidden`` and left out, as screen readers leave it out.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import engine
from tabletop_widgets import IndiaTable, MichiganTable, PlatesTable, RummyTable, RupeesTable

LARGE_H = 720
"""The board's height in Large print at 1920×1080: 1080 − 360 px (board.css)."""
WIDEST = 1270
"""The widest a board is drawn at 1920 px with JupyterLab's file browser open: the notebook's
width less the prompt, the margins and the side panel beside the board (at least 200 px). A
picture too wide for LARGE_H high is drawn this wide instead."""
MIN_PX = 14
SVG = "{http://www.w3.org/2000/svg}"
TABLES = {
    "plates": lambda seed: PlatesTable(players=4, seed=seed, humans=(0,)),
    "india": lambda seed: IndiaTable(players=4, seed=seed, humans=(0,)),
    "michigan": lambda seed: MichiganTable(players=4, seed=seed, humans=(0,), deals=2),
    "rummy": lambda seed: RummyTable(players=3, seed=seed, humans=(0,)),
    "rupees": lambda seed: RupeesTable(players=4, seed=seed, humans=(0,)),
}


def small_texts(svg: str) -> list[tuple[float, str]]:
    """(size on screen in Large print, words) of every text of a board's picture under
    MIN_PX."""
    root = ET.fromstring(svg)
    _, _, width, height = map(float, root.get("viewBox", "").split())
    k = min(LARGE_H / height, WIDEST / width)
    out = []

    def walk(node: ET.Element, scale: float) -> None:
        if node.get("aria-hidden") == "true":
            return
        m = re.search(r"scale\(([\d.]+)", node.get("transform", ""))
        scale *= float(m[1]) if m else 1
        if node.tag == f"{SVG}text" and "".join(node.itertext()).strip():
            px = float(node.get("font-size", "16")) * scale * k
            if px < MIN_PX:
                out.append((round(px, 1), "".join(node.itertext())))
        for child in node:
            walk(child, scale)

    walk(root, 1.0)
    return out


def pictures(table, seed: int, steps: int = 400) -> list[str]:
    """Every picture the human at seat 0 is shown while playing a whole game with the basic
    bot's choices (Continue at each deal's end)."""
    bot = engine.make_bot(table.shown.game, "basic", seed=seed)
    rng = random.Random(seed)
    seen = [table.board.svg]
    for _ in range(steps):
        state = table.shown
        if state.is_terminal():
            break
        if table.paused:
            table.continue_button.click()
        elif state.current_player == engine.CHANCE:
            table.throw()  # India: the human throws
        else:
            legal = state.legal_actions()
            table.act(bot.choose(state) if rng.random() < 0.8 else rng.choice(legal))
            if table.confirm_bar.layout.display != "none":
                table.confirm_bar.children[1].click()  # a costly click asks first: yes
        seen.append(table.board.svg)
    return seen


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_text_on_a_board_reads_at_14_px_in_large_print(game):
    small: dict[str, float] = {}
    for seed in (1, 2):
        for svg in dict.fromkeys(pictures(TABLES[game](seed), seed)):
            for px, words in small_texts(svg):
                small[words] = min(px, small.get(words, px))
    assert not small, f"{game}: texts under {MIN_PX} px in Large print at 1920×1080: {small}"


def test_a_rupees_declarers_longest_hand_reads_at_14_px():
    """The longest hand a Rupees player holds is the declarer's with the widow taken in (6
    players: 18 cards and 2), drawn smallest to fit; every word on its cards still reads at
    14 px in Large print."""
    from engine.rupees import SETUPS
    from tabletop_widgets.render.rupees import table_svg

    players = max(SETUPS, key=lambda n: SETUPS[n].cards_each + SETUPS[n].widow)
    state = engine.new_game("rupees", players=players, seed=3)
    bots = [engine.make_bot("rupees", "basic", seed=s) for s in range(players)]
    while state.phase != "discard":
        mover = state.current_player
        state = state.apply(
            state.sample_chance() if mover == engine.CHANCE else bots[mover].choose(state)
        )
    view = state.view(state.declarer)
    assert len(view["hand"]) == SETUPS[players].cards_each + SETUPS[players].widow
    assert not small_texts(table_svg(view))
