"""Class play: what a class does with the games together, built on the engine's public
protocol (``engine.new_game``, ``State``, ``engine.Seat``) and nothing of Jupyter.

- ``classplay.tournament``: students' strategies against each other on duplicate deals.
- ``classplay.sandbox``: the process a student's file runs in.
- ``classplay.rooms``: the room server (a JupyterHub service) and its client, for a class at
  one table.

``engine`` imports nothing from here."""
