"""A class at one table: each student on their own screen, the teacher's projector watching.

``room`` holds the game and says to each seat only what it may see; ``server`` carries the
rooms' messages over websockets and keeps them in SQLite; ``client`` is the other end, used
by the widgets (``tabletop_widgets.classplay.rooms``), the tests and the load benchmark.
"""
