"""``python -m engine.practice [game ...]``: make the shipped puzzle banks afresh."""

import sys

from . import GAMES, write_bank

for game in sys.argv[1:] or GAMES:
    write_bank(game)
    print(f"wrote the {game} bank")
