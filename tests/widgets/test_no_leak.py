"""Nothing hidden on screen or in the page: two games that differ only in cards a seat never
sees give that seat the same views, the same public descriptions, and a table whose every
synced trait (picture, status, log, "Since your last move", replay line, coach, controls) and
every frame sent to the page are the same, step by step. See ``no_leak.py``."""

from __future__ import annotations

import pytest
from no_leak import record, scripted_table, steps, synced, twins

import engine
from engine.plates import Agree, Cancel


class Agreeable:
    """A plates player who opens with the lowest bid, agrees with every bid and cancels his
    own: every round is cancelled, so its plates are discarded unseen."""

    def choose(self, state: engine.State) -> object:
        standing = state.standing_bid()
        if standing is None:
            return state.legal_actions()[0]
        return Cancel() if standing[0] == state.current_player else Agree()


GAMES = {
    "plates": (4, {}, None),
    "plates-cancelled": (4, {}, [Agreeable()] * 4),
    # one hand, declared by a bot in each seed: its discards are face down to seat 0
    "rupees": (4, {"target": 100_000}, None),
}
"""Name -> players, options and bots (None: basic and random) of the recorded games; each
game adds itself here."""
SEEDS = (1, 2, 3)


def cases():
    for name, (players, options, bots) in GAMES.items():
        for seed in SEEDS:
            game = name.split("-")[0]
            yield pytest.param(game, players, options | {"bots": bots}, seed, id=f"{name}-{seed}")


@pytest.mark.parametrize(("game", "players", "options", "seed"), list(cases()))
def test_a_seat_sees_the_same_game_whatever_it_cannot_see(game, players, options, seed):
    end = record(game, players, seed, **options)
    found = list(twins(end, seat=0, seed=seed))[:3]
    assert found, f"{game}: no hidden card could be swapped in a legal game"
    for twin in found:
        a, b = end.at(0), twin.at(0)
        for k, (x, y) in enumerate(zip(end.history, twin.history, strict=True)):
            assert a.view(0) == b.view(0), f"move {k}: the view differs"
            assert a.public(x, 0) == b.public(y, 0), f"move {k}: {x} is described differently"
            a, b = a.apply(x), b.apply(y)
        assert a.view(0) == b.view(0) and a.returns() == b.returns()


@pytest.mark.parametrize(("game", "players", "options", "seed"), list(cases()))
def test_a_table_shows_the_same_game_whatever_it_cannot_see(game, players, options, seed):
    end = record(game, players, seed, **options)
    twin = next(twins(end, seat=0, seed=seed))
    tables = [scripted_table(game, g, seat=0) for g in (end, twin)]
    sent: list[list] = [[], []]
    for table, out in zip(tables, sent, strict=True):
        table.board.send = out.append
        table.board.seen = 0  # a page watches: the frames are sent too
        if hasattr(table, "coach_toggle"):
            table.coach_toggle.value = True
    for k, _ in enumerate(zip(steps(tables[0], end), steps(tables[1], twin), strict=True)):
        assert synced(tables[0]) == synced(tables[1]), f"human turn {k}: a trait differs"
    assert sent[0] == sent[1], "a frame sent to the page differs"


@pytest.mark.parametrize(("game", "players", "options", "seed"), list(cases()))
def test_bots_never_peek(game, players, options, seed):
    """Every bot level of the game, at every turn of a seat, chooses the same in two games that
    differ only in cards that seat never sees (a fresh bot of the same seed each time)."""
    end = record(game, players, seed, **options)
    levels = sorted(engine.GAMES[game].BOTS)
    compared = 0
    for seat in range(players):
        for twin in list(twins(end, seat=seat, seed=seed))[:2]:
            a, b = end.at(0), twin.at(0)
            for x, y in zip(end.history, twin.history, strict=True):
                if a.current_player == seat:
                    for level in levels:
                        mine = engine.make_bot(game, level, seed=seed).choose(a)
                        theirs = engine.make_bot(game, level, seed=seed).choose(b)
                        assert mine == theirs, f"{level} bot at seat {seat} peeked"
                        compared += 1
                a, b = a.apply(x), b.apply(y)
    assert compared, f"{game}: no bot decision was compared"
