"""Class play: what a class does with the games together, built on the engine's public
protocol (``engine.new_game``, ``State``, ``engine.Seat``) and nothing of Jupyter.

- ``classplay.tournament``: students' strategies against each other on duplicate deals.
- ``classplay.sandbox``: a student's file's sandbox: a clean template forking a process per
  seat of each deal.
- ``classplay.isolation``: the operating system's walls round it (bubblewrap or unshare,
  Landlock, resource limits, control groups), and which are in force here.
- ``classplay.rooms``: the room server (a JupyterHub service) and its client, for a class at
  one table.

``engine`` imports nothing from here."""
