"""Whole games over the network: four headless players (or three and a server bot) on their
own connections, an onlooker watching; every client sees every move, and they agree on the
end: the returns, and the finished game, which replays through the rules."""

from __future__ import annotations

import asyncio

import pytest
from serving import run, seated

from classplay.rooms.client import Client, create_room, room_info
from classplay.rooms.room import replay

GAMES = {
    "plates": {},
    "rupees": {"2": "basic"},
    "india": {},
    "michigan": {"1": "basic"},
    "rummy": {},
}
"""Each game at four seats, with the seats a server bot plays."""


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_over_the_network(server, game):
    bots = {int(seat): level for seat, level in GAMES[game].items()}
    code, _ = create_room(server.url, game, 4, bots=bots)

    async def main():
        players = await seated(server.url, code, 4 - len(bots), game)
        onlooker = Client()
        await onlooker.connect(server.url, code, watch=True)
        ends = await asyncio.gather(*(p.play() for p in players))
        while onlooker.latest["record"] is None:
            assert (await onlooker.receive())["type"] != "closed"
        for p in players:
            assert not p.refused
            await p.client.close()
        await onlooker.close()
        return ends, onlooker.latest

    ends, watched = run(main())
    moves = watched["move"]
    assert len(watched["events"]) == moves
    for end in ends:
        assert end["move"] == moves and len(end["events"]) == moves
        assert end["returns"] == watched["returns"]
        assert end["record"] == watched["record"]
    game_over = replay(watched["record"])
    assert len(game_over.history) == moves
    assert game_over.returns() == watched["returns"]
    info = room_info(server.url, code)
    assert info["over"] and info["move"] == moves
    assert [s["kind"] for s in info["sitters"]].count("player") == 4 - len(bots)
