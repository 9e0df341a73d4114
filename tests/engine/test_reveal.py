"""Teacher mode in the engine: ``view(seat, reveal=True)`` shows every hand, for every game;
the default view is unchanged (the hiding itself is tested game by game)."""

from __future__ import annotations

import json

import pytest

import engine


def _cards(cards) -> list[str]:
    return [getattr(c, "code", None) or str(c) for c in cards]


EVERY_HAND = {
    "plates": lambda s: {
        "hands": [{"number": st[0].number, "fine": st[0].fine} if st else None for st in s.stands],
        "pile_tops": [{"number": p[0].number, "fine": p[0].fine} if p else None for p in s.piles],
    },
    "india": lambda s: {},
    "michigan": lambda s: {
        "hands": [_cards(h) for h in s.hands],
        "dead_hand": _cards(s.dead),
    },
    "rummy": lambda s: {"hands": [_cards(h) for h in s.hands]},
    "rupees": lambda s: {"hands": [_cards(h) for h in s.hands], "widow": _cards(s.widow)},
}
"""What a teacher's view holds beyond a seat's own: every hand, in the game's own form."""

CHANGED = {
    "michigan": {"hands", "dead_hand", "last_stop", "barred"},
    "plates": {"hands", "pile_tops"},
    "rummy": {"hands"},
    "rupees": {"hands", "widow", "discards", "partner"},
}
"""Keys of the ordinary view that a teacher's view may fill in further."""


def positions(game: str) -> list[engine.State]:
    """A seeded game just after the deal, and the same game half-way through."""
    state = engine.new_game(game, seed=11)
    bots = [engine.make_bot(game, "random", seed=s) for s in range(state.num_players)]
    end = engine.play(state, bots)
    first = next(k for k in range(len(end.history)) if end.at(k).current_player != engine.CHANCE)
    return [end.at(first), end.at((first + len(end.history)) // 2)]


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_reveal_shows_every_hand_and_keeps_the_rest(game: str) -> None:
    assert set(EVERY_HAND) == set(engine.GAMES)
    for state in positions(game):
        for seat in range(state.num_players):
            plain, shown = state.view(seat), state.view(seat, reveal=True)
            assert plain == state.view(seat, reveal=False)
            assert "revealed" not in plain and shown["revealed"] is True
            for key, value in EVERY_HAND[game](state).items():
                assert shown[key] == value, (key, seat)
            may_change = CHANGED.get(game, set())
            for key, value in plain.items():
                if key not in may_change:
                    assert shown[key] == value, key
            json.dumps(shown)  # JSON-ready, like any view
