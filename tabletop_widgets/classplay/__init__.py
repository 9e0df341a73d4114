"""The widgets of class play (``classplay``): the tournament's progress and charts, a room's tables
and its form."""
