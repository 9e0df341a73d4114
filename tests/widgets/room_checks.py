"""The checks every game's room tables pass (``test_room_<game>.py`` give each its games,
seeds and rigged deals): whole games, fidelity to a local table (at a look back, or at the
room's state), no leak (twin rooms), refusals, pauses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from no_leak import record, twins
from room_play import ONLOOKER, Played

import engine
from classplay.rooms.room import Room, Sitter
from engine.values import encode
from tabletop_widgets import TABLES
from tabletop_widgets.classplay.remote import room_table

TRAITS = ("svg", "status", "recent", "log")
"""The board's traits a page receives: what a seat's screen shows."""
SYNCED = ("svg", "label", "status", "recent_title", "recent", "log", "over")
"""Every synced trait of the board."""


def board(table: Any) -> tuple[Any, ...]:
    return tuple(getattr(table.board, trait) for trait in SYNCED)


def settle(played: Played) -> None:
    """Continue at every table as often as it paused, so each draws the game as it stands."""
    for table in played.tables.values():
        while table.paused:
            table.resume()


def whole_game(game: str, players: int, bots: dict[int, str], seed: int, **options: Any) -> None:
    """A whole game through the room's tables: it ends; each table (the onlooker's too) logs
    every move, holds the real final State and names the room's winners in its over box."""
    played = Played(game, players, bots=bots, seed=seed, **options)
    played.play()
    finished(played)


def finished(played: Played) -> None:
    """The game is over; every table (the onlooker's too) logged every move, holds the real
    final State, and its over box names the room's winners."""
    settle(played)
    state = played.room.state
    assert state.is_terminal()
    moves = list(range(1, len(state.history) + 1))
    for key, table in played.tables.items():
        assert [e.move for e in table.move_log.entries] == moves, key
        assert type(table.shown) is type(state), key
        assert table.shown.history == state.history, key
        assert table.board.over and all(table.names[w] in table.board.over for w in state.winners())


def local_look(table: Any, state: engine.State, move: int, continued: bool = False) -> Any:
    """A local table for ``table``'s seat (its seats named alike) on ``state``'s game,
    looking at ``move`` with the move before it given; ``continued``: Continue was clicked
    there (the pause is over, the last move still marked)."""
    local = TABLES[state.game](state=state.at(move), humans=table.humans)
    local.names = list(table.names)
    local.look(state.at(move), state.at(move - 1) if move else None)
    if continued:
        local.paused = False
        local.redraw()
    return local


def faithful(
    game: str, players: int, bots: dict[int, str], seed: int, decisions: int = 50, **options: Any
) -> int:
    """Plays a game through the room's tables; each time a seat is to act (or its table
    pauses), its board picture equals the one a local table draws for that seat when it
    looks at the same state, the move before given (``look(state, before)``: the same eyes,
    the same last move marked, the same pause). Fair: the local table holds the real State
    and draws it as it always does; the room's table only what the server told that seat.
    Stops after ``decisions`` (a deal's end and its pause among them). Returns how many
    pictures were compared."""
    played = Played(game, players, bots=bots, seed=seed, **options)
    room = played.room
    compared = 0
    for _ in range(decisions):
        if room.state.is_terminal():
            break
        seat = room.state.current_player
        table = played.tables[seat]
        continued = False
        while True:
            k = len(table.shown.history)
            local = local_look(table, room.state, k, continued)
            assert table.board.svg == local.board.svg, f"move {k} of seat {seat}"
            compared += 1
            if not table.paused:
                break
            table.resume()
            continued = len(table.shown.history) == k
        action = engine.make_bot(game, "basic", seed=compared).choose(table.shown)
        assert table.act(action), table.message.value
    return compared


def same_picture(
    played: Played, seat: int, lay_out: Callable[[Any], None] = lambda t: None
) -> None:
    """Seat ``seat``'s room table draws the board a local table of the game draws for that
    seat at the room's state. The local table is made at that state and given the room
    table's names (who sits where) and its last action as the room told it, and ``lay_out``
    puts both in the same screen state (a rummy hand sorted alike): so what differs is only
    where the table reads the game from, the seat's messages or the real ``State``."""
    table = played.tables[seat]
    local = TABLES[played.room.state.game](played.room.state, humans=(seat,))
    local.names, local.last = list(table.names), table.last
    for t in (table, local):
        lay_out(t)
        t.redraw()
    for trait in ("svg", "label", "status"):
        assert getattr(table.board, trait) == getattr(local.board, trait), (seat, trait)


def rooms_along(end: engine.State, start: int, seat: int | None) -> Any:
    """``end``'s game replayed in a room from its move ``start`` on, every seat a player's:
    yields the table of ``seat`` (None: the onlooker's) after each action, made through the
    room as a client would send it."""
    state = end.at(start)
    sitters = [Sitter("player", f"Student {s}", f"user{s}") for s in range(state.num_players)]
    room = Room("TWIN", state, sitters)
    table = room_table(room.table(seat), lambda message: None)
    yield table
    for action in end.history[start:]:
        mover = room.state.current_player
        steps = room.act(mover, len(room.state.history), encode(action))
        table.source.receive(room.steps(seat, steps))
        yield table


def first_deal(end: engine.State) -> engine.State:
    """``end``'s game up to its second deal (a room deals that one itself)."""
    shuffles = [k for k, a in enumerate(end.history) if isinstance(a, engine.Shuffle)]
    return end.at(shuffles[1] if len(shuffles) > 1 else len(end.history))


def twin_deals(game: str, players: int, seat: int) -> tuple[engine.State, engine.State]:
    """A recorded first deal and a twin of it whose deal differs in cards ``seat`` never
    sees (``no_leak.twins``), from the first seed that has one."""
    for seed in range(20):
        end = first_deal(record(game, players, seed=seed))
        twin = next((t for t in twins(end, seat) if t.history[0] != end.history[0]), None)
        if twin is not None:
            return end, twin
    raise AssertionError(f"no twin deal for seat {seat}")


def no_leak(end: engine.State, twin: engine.State, seat: int) -> int:
    """Two rooms, every seat a player's, replaying ``end`` and its ``twin`` (the same game
    but for cards ``seat`` never sees: ``no_leak.twins``): ``seat``'s table shows the same
    board traits in both, move after move, and so does the onlooker's until the game is
    over (then it holds the whole game). Played as long as the room moves as the record
    did (a room deals a later deal itself). Returns the moves compared."""
    rooms = [
        Played.around(Room("TWIN", g.at(0), [Sitter() for _ in range(g.num_players)]))
        for g in (end, twin)
    ]
    moves = 0
    for k in range(len(end.history)):
        for played, game in zip(rooms, (end, twin), strict=True):
            room = played.room
            if room.state.history != game.history[:k]:
                return moves
            settle(played)
            if room.state.current_player == engine.CHANCE:
                played.broadcast([room._apply(game.history[k])])
            else:
                assert played.tables[room.state.current_player].act(game.history[k])
        viewers = [seat] if rooms[0].room.state.is_terminal() else [seat, ONLOOKER]
        for viewer in viewers:
            a, b = (played.tables[viewer].board for played in rooms)
            for trait in TRAITS:
                assert getattr(a, trait) == getattr(b, trait), (viewer, trait, k)
        moves += 1
    return moves


def refusals(played: Played, illegal: Any) -> None:
    """Out of turn, a stale move and an illegal action are refused with the reason, and
    leave the table as it was."""
    room = played.room
    settle(played)
    seat = room.state.current_player
    other = next(s for s in played.humans if s != seat)
    cases = [
        (played.tables[other], lambda t: t.act(illegal), "not your turn"),
        (played.tables[seat], lambda t: t.act(illegal), "not a legal action"),
        (
            played.tables[seat],
            lambda t: t.source.send({"do": "act", "move": 0, "action": None}),
            "the table has moved on",
        ),
    ]
    for table, do, reason in cases:
        before = [getattr(table.board, trait) for trait in TRAITS]
        history = room.state.history
        do(table)
        assert reason in table.message.value
        assert [getattr(table.board, trait) for trait in TRAITS] == before
        assert room.state.history == history
    # sent past the table's own check, as a forged message would be: the room refuses it
    move = len(room.state.history)
    played._sender(seat)({"do": "act", "move": move, "action": encode(illegal)})
    assert "Not allowed" in played.tables[seat].message.value
    assert len(room.state.history) == move
    assert played.tables[ONLOOKER].act(illegal) is False


def pauses(game: str, players: int, seed: int, **options: Any) -> None:
    """At the end of a round a seat's table waits for Continue, as a local table does: it
    refuses to act, holds the server's later steps, and draws them once Continue is
    clicked."""
    played = Played(game, players, bots={}, seed=seed, **options)
    room = played.room
    while True:
        table = played.tables[room.state.current_player]
        if any(t.paused for s, t in played.tables.items() if s != ONLOOKER):
            break
        table.act(engine.make_bot(game, "basic", seed=0).choose(table.shown))
    waiting = next(t for s, t in played.tables.items() if s != ONLOOKER and t.paused)
    at = len(waiting.shown.history)
    assert "Continue" in waiting.board.status
    assert waiting.continue_button.layout.display is None
    assert not waiting.act(room.state.legal_actions()[0] if room.state.legal_actions() else None)
    assert "click Continue" in waiting.message.value
    settle(played)
    assert len(waiting.shown.history) == len(room.state.history) >= at
    assert waiting.continue_button.layout.display == "none"
