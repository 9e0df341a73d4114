"""A room played in this process, its tables fed as the server would feed them: each seat's
table sends its action, the room checks and applies it, and every table (the onlooker's
too) receives its own seat's steps. For the tests of the room tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import engine
from classplay.rooms.room import Refused, Room
from tabletop_widgets.classplay.remote import room_table

ONLOOKER = "onlooker"


class Played:
    """A room and its tables: ``tables[seat]`` for each player's seat, ``tables[ONLOOKER]``
    for the projector's."""

    def __init__(
        self,
        game: str,
        players: int,
        bots: dict[int, str] | None = None,
        seed: int = 0,
        hints: bool = False,
        **options: Any,
    ) -> None:
        room = Room.create(
            "TEST", game, players, bots=bots, seed=seed, hints=hints, options=options
        )
        self._seat(room, [s for s in range(players) if s not in (bots or {})])

    @classmethod
    def around(cls, room: Room) -> Played:
        """The tables of a room made by hand (a rigged deal): every open seat a player's."""
        played = cls.__new__(cls)
        played._seat(room, [s for s, sitter in enumerate(room.sitters) if sitter.kind == "open"])
        return played

    def _seat(self, room: Room, humans: list[int]) -> None:
        self.room, self.humans = room, humans
        for seat in self.humans:
            self.room.sit(f"user{seat}", seat, name=f"Student {seat}")
        self.sent: list[tuple[Any, dict[str, Any]]] = []
        self.tables: dict[Any, Any] = {}
        for seat in self.humans:
            self.tables[seat] = room_table(self.room.table(seat), self._sender(seat))
        self.tables[ONLOOKER] = room_table(self.room.table(None), self._sender(None))

    def _sender(self, seat: int | None):
        def send(message: dict[str, Any]) -> None:
            self.sent.append((seat, message))
            if message["do"] == "table":
                self.tables[ONLOOKER if seat is None else seat].source.receive(
                    self.room.table(seat)
                )
                return
            if message["do"] == "pause":
                self.room.pause(seat, message["on"])  # type: ignore[arg-type]
                for table in self.tables.values():
                    table.source.receive(self.room.sitters_message())
                return
            try:
                steps = self.room.act(seat, message["move"], message["action"])  # type: ignore[arg-type]
            except Refused as e:
                self.tables[seat].source.receive({"type": "refused", "reason": str(e)})
                return
            self.broadcast(steps)

        return send

    def broadcast(self, steps: list[Any]) -> None:
        for key, table in self.tables.items():
            table.source.receive(self.room.steps(None if key == ONLOOKER else key, steps))

    def play(
        self,
        level: str = "basic",
        limit: int = 5000,
        before: Callable[[int], None] | None = None,
    ) -> int:
        """Play to the end: each seat to move decides with a bot of ``level`` reading only
        its table's ``shown`` (what the table holds), and acts through the table; ``before``
        (a test's check) is called with the seat first. Returns the number of decisions."""
        decisions = 0
        while not self.room.state.is_terminal() and decisions < limit:
            seat = self.room.state.current_player
            if before is not None:
                before(seat)
            table = self.tables[seat]
            while table.paused:  # Continue, as often as the game paused
                table.resume()
            bot = engine.make_bot(self.room.state.game, level, seed=decisions)
            action = bot.choose(table.shown)
            assert table.act(action), table.message.value
            decisions += 1
        return decisions

    def seats(self) -> Iterable[int]:
        return self.humans
