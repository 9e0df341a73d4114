"""Draw the welcome notebook's gallery: one picture of each game's table, a few moves into a
seeded game between basic bots, written to ``notebooks/pictures/<game>.svg``.

    python scripts/draw_gallery.py           # (re)draw every picture
    python scripts/draw_gallery.py --check   # exit 1 if a committed picture is not what it draws

The pictures are the engine objects' own SVG (``tabletop_widgets.PICTURES``), deterministic to
the byte, scaled down to a thumbnail by the outer ``width``/``height`` only (the ``viewBox``
keeps the drawing). ``tests/test_gallery.py`` checks that the committed files are fresh.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import engine
from tabletop_widgets import PICTURES

ROOT = Path(__file__).resolve().parents[1]
PICTURES_DIR = ROOT / "notebooks" / "pictures"
THUMBNAIL_WIDTH = 300
"""Width in pixels of a gallery picture (three fit side by side in a notebook)."""


@dataclass(frozen=True)
class Entry:
    """One game in the gallery: where its lesson is, and which position to draw."""

    lesson: str
    title: str
    alt: str
    players: int
    seed: int
    moves: int


GALLERY: dict[str, Entry] = {
    "plates": Entry(
        "01_license_plates.ipynb",
        "01 · License plates",
        "The license-plate table: four stands and two piles of plates, a bid under way",
        players=4,
        seed=3,
        moves=4,
    ),
    "india": Entry(
        "02_royal_game_of_india.ipynb",
        "02 · The Royal Game of India",
        "The India board: a cross-shaped track with pieces of four colours racing home",
        players=4,
        seed=3,
        moves=60,
    ),
    "michigan": Entry(
        "03_michigan.ipynb",
        "03 · Michigan",
        "The Michigan table: four hands, the boodle cards with chips, a run being played",
        players=4,
        seed=3,
        moves=12,
    ),
    "rummy": Entry(
        "04_indian_rummy.ipynb",
        "04 · Indian Rummy",
        "The rummy table: a 13-card hand grouped into melds, the stock and the open pile",
        players=4,
        seed=3,
        moves=12,
    ),
    "rupees": Entry(
        "05_make_a_million_rupees.ipynb",
        "05 · Make-A-Million Rupees",
        "The Rupees table: four hands, trumps named, a trick being played",
        players=4,
        seed=3,
        moves=24,
    ),
}
"""Game name -> its gallery entry, in lesson order."""


def position(game: str) -> engine.State:
    """The seeded game a few moves in: basic bots choose, chance draws from the game's seed."""
    entry = GALLERY[game]
    state = engine.new_game(game, players=entry.players, seed=entry.seed)
    bots = [engine.make_bot(game, "basic", seed=k) for k in range(state.num_players)]
    for _ in range(entry.moves):
        seat = state.current_player
        state = state.apply(
            state.sample_chance() if seat == engine.CHANCE else bots[seat].choose(state)
        )
    return state


def draw(game: str) -> str:
    """The gallery picture of ``game``: its table's SVG, shown as a thumbnail."""
    state = position(game)
    svg = PICTURES[type(state)](state)
    size = re.match(r'<svg [^>]*?width="([\d.]+)" height="([\d.]+)"', svg)
    if size is None:
        raise ValueError(f"the {game} picture has no width and height")
    width, height = float(size[1]), float(size[2])
    thumb = f'width="{THUMBNAIL_WIDTH}" height="{round(height * THUMBNAIL_WIDTH / width)}"'
    return svg[: size.start(1) - 7] + thumb + svg[size.end(2) + 1 :] + "\n"


def path_of(game: str) -> Path:
    """Where the picture of ``game`` is kept."""
    return PICTURES_DIR / f"{game}.svg"


def markdown() -> str:
    """The welcome notebook's gallery cell: each picture linking to its lesson, with alt text."""
    rows = []
    for games in (list(GALLERY)[:3], list(GALLERY)[3:]):
        entries = [GALLERY[g] for g in games]
        rows.append("| " + " | ".join(f"[{e.title}]({e.lesson})" for e in entries) + " |")
        rows.append("|" + ":-:|" * len(entries))
        rows.append(
            "| "
            + " | ".join(
                f"[![{e.alt}](pictures/{g}.svg)]({e.lesson})"
                for g, e in zip(games, entries, strict=True)
            )
            + " |"
        )
        rows.append("")
    return "\n".join(rows).rstrip() + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    PICTURES_DIR.mkdir(parents=True, exist_ok=True)
    for game in GALLERY:
        svg, path = draw(game), path_of(game)
        if check:
            if not path.exists() or path.read_text(encoding="utf-8") != svg:
                stale.append(path.relative_to(ROOT))
            continue
        path.write_text(svg, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(svg):,} bytes")
    if stale:
        print("stale pictures (run python scripts/draw_gallery.py):", *stale)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
