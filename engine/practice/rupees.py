"""Make-A-Million Rupees puzzles (``engine.rupees.cards``). ``winner``: who holds the trick so
far (the Tiger, else the highest trump, else the highest card of the colour led; of two
identical cards the first). ``worth``: what the trick holds so far in Money (the later of Lion
and Bear doubles it or makes it worthless)."""

from __future__ import annotations

from typing import Any

from ..core import State
from ..rupees.cards import played, rupees, trick_value, trick_winner
from .bank import Found, GameKinds


def find(state: State[Any], seat: int) -> list[Found]:
    view: Any = state.view(seat)
    if view["phase"] != "play" or len(view["trick"]) < 2 or view["trump"] is None:
        return []
    cards = played(view["trick"])
    trump = view["trump"]
    winner, card = cards[trick_winner([c for _, c in cards], trump)]
    worth = trick_value([c for _, c in cards])
    found = [
        Found(
            "winner",
            f"Trumps are {trump}. Which seat holds this trick so far?",
            winner,
            f"Seat {winner}'s {card.code} holds it: the Tiger wins, else the highest trump, "
            "else the highest card of the colour led.",
            2 if len(cards) < 3 else 3,
        )
    ]
    if any(c.is_money for _, c in cards):
        found.append(
            Found(
                "worth",
                "How many rupees is this trick worth so far?",
                worth,
                f"Its Money comes to {rupees(worth)} (the later of Lion and Bear doubles it or "
                "cancels it).",
                3 if any(c.is_special for _, c in cards) else 1,
            )
        )
    return found


def seen(view: dict[str, Any]) -> list[str]:
    """The cards one seat sees at once: its hand, the widow and discards if shown, the trick
    on the table and this hand's finished tricks (not ``last_trick``, kept from an earlier
    hand)."""
    me = view["seat"]
    cards = [*view["hand"], *(view["widow"] or []), *view["discards"]]
    cards += [str(c) for _, c in view["trick"]]
    cards += [str(c) for t in view["tricks"] for _, c in t["cards"]]
    cards += [c for s, h in enumerate(view["hands"]) if s != me and h for c in h]
    return cards


KINDS = GameKinds("rupees", find, str, seen, players=4, every=2)
