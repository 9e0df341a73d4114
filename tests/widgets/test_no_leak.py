"""Nothing hidden on screen or in the page: two games that differ only in cards a seat never
sees give that seat the same views, the same public descriptions, and a table whose every
synced trait (picture, status, log, "Since your last move", replay line, coach, controls) and
every frame sent to the page are the same, step by step. See ``no_leak.py``."""

from __future__ import annotations

import pytest
from no_leak import record, scripted_table, steps, synced, twins

import engine
from engine.michigan import Withhold
from engine.plates import Agree, Cancel


class Agreeable:
    """A plates player who opens with the lowest bid, agrees with every bid and cancels his
    own: every round is cancelled, so its plates are discarded unseen."""

    def choose(self, seat: engine.Seat) -> object:
        standing = seat.view["standing_bid"]
        if standing is None:
            return seat.legal_actions()[0]
        return Cancel() if standing["bidder"] == seat.seat else Agree()


GAMES = {
    "plates": (4, {}, None),
    "plates-cancelled": (4, {}, [Agreeable()] * 4),
    "rummy": (4, {}, None),
    "michigan": (4, {"deals": 1}, None),
    # one hand, declared by a bot in each seed: its discards are face down to seat 0
    "rupees": (4, {"target": 100_000}, None),
}
"""Name -> players, options and bots (None: basic and random) of the recorded games; each
game adds itself here. (India has no hidden card to swap: ``test_india_hides_nothing``.)"""
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


@pytest.mark.parametrize("options", [{}, {"partners": True}], ids=["india", "india-partners"])
def test_india_hides_nothing(options):
    """India has nothing to swap: every seat's view is the same board, and every throw and
    move is described the same to every seat (so a table shows any seat the same game)."""
    end = record("india", 4, 1, **options)
    state = end.at(0)
    for action in [*end.history, None]:
        views = [state.view(seat) | {"seat": 0} for seat in range(4)]
        assert all(v == views[0] for v in views)
        if action is not None:
            assert len({state.public(action, seat) for seat in range(4)}) == 1
            state = state.apply(action)


class Withholder:
    """A Michigan player in the teaching mode who withholds each card he must play while he
    holds seven cards or more, and otherwise plays as the basic bot (never misleading)."""

    def __init__(self) -> None:
        self.basic = engine.make_bot("michigan", "basic")

    def choose(self, seat: engine.Seat) -> object:
        if Withhold() in seat.legal_actions() and len(seat.view["hand"]) >= 7:
            return Withhold()
        return self.basic.choose(seat)


def _withholders(end: engine.State) -> list[int | None]:
    state, out = end.at(0), []
    for action in end.history:
        if isinstance(action, Withhold):
            out.append(state.current_player)
        state = state.apply(action)
    return out


def _public_chips(end: engine.State) -> list:
    return [e for e in end.events if e.kind in ("penalty", "boodle", "sold")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_michigan_withhold_passes_for_a_dead_card(seed):
    """The teaching mode (RULES notes): while a deal is played, seat 0 cannot tell who
    withheld, nor a withhold from a dead card: games that differ only in cards seat 0 never
    sees, one of them moving a withheld card to another holder, look the same to it, on its
    table too. The deal's last action is left out: the settlement names the withholder (he
    pays), as do, by the rules, a lead not the lowest (a penalty, paid aloud) and a boodle a
    barred player does not collect; twins that differ in those are not the same game to
    seat 0, and are skipped."""
    bots = [engine.make_bot("michigan", "basic"), Withholder(), Withholder(), Withholder()]
    end = record("michigan", 4, seed, bots=bots, deals=1, mistakes_allowed=True)
    cut = end.at(len(end.history) - 1)
    assert _withholders(cut)
    same = [t for t in twins(cut, seat=0, seed=seed) if _public_chips(t) == _public_chips(cut)]
    moved = [t for t in same if _withholders(t) != _withholders(cut)]
    assert moved, "no twin moves a withheld card to another holder"
    for twin in [moved[0], *same[:2]]:
        a, b = cut.at(0), twin.at(0)
        for k, (x, y) in enumerate(zip(cut.history, twin.history, strict=True)):
            assert a.view(0) == b.view(0), f"move {k}: the view differs"
            assert a.public(x, 0) == b.public(y, 0), f"move {k}: {x} is described differently"
            a, b = a.apply(x), b.apply(y)
    tables = [scripted_table("michigan", g, seat=0) for g in (cut, moved[0])]
    sent: list[list] = [[], []]
    for table, out in zip(tables, sent, strict=True):
        table.board.send = out.append
        table.board.seen = 0
        table.coach_toggle.value = True
    for k, _ in enumerate(zip(steps(tables[0], cut), steps(tables[1], moved[0]), strict=True)):
        assert synced(tables[0]) == synced(tables[1]), f"human turn {k}: a trait differs"
    assert sent[0] == sent[1], "a frame sent to the page differs"
