"""Who scores together and what a hand scored: the sides (teams in alternating seats, or the
declarer and his called partner), as the state knows them and as one seat's view shows them,
the Money still to be won, and ``HandResult``, the record of a scored hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, TypedDict

from .cards import CARDS, COLOUR_NAMES, MONEY_PER_DECK, SETUPS, money_of, played, rupees

if TYPE_CHECKING:
    from .view import RupeesView


class ResultView(TypedDict):
    """A scored hand as a view shows it (``HandResult.to_dict``)."""

    hand: int
    dealer: int
    declarer: int
    contract: int
    trump: str
    partners: list[int]
    captured: list[int]
    side_capture: int
    made: bool
    points: list[int]
    discarded_money: list[str]


@dataclass(frozen=True)
class HandResult:
    """What everyone saw when a hand was scored."""

    hand: int
    dealer: int
    declarer: int
    contract: int
    trump: str
    partners: tuple[int, ...]  # the declarer's side, declarer first
    captured: tuple[int, ...]  # ₹ captured by each seat this hand
    side_capture: int  # the declarer's side
    made: bool
    points: tuple[int, ...]  # the score change of each seat
    discarded_money: tuple[str, ...]

    def to_dict(self) -> ResultView:
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "declarer": self.declarer,
            "contract": self.contract,
            "trump": self.trump,
            "partners": list(self.partners),
            "captured": list(self.captured),
            "side_capture": self.side_capture,
            "made": self.made,
            "points": list(self.points),
            "discarded_money": list(self.discarded_money),
        }

    def describe(self, names: Sequence[str] | None = None) -> str:
        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        side = " and ".join(name(s) for s in self.partners)
        verdict = "made it" if self.made else "was set back"
        return (
            f"hand {self.hand + 1}: {name(self.declarer)} bid {rupees(self.contract)} "
            f"({COLOUR_NAMES[self.trump]} trumps); {side} took {rupees(self.side_capture)} "
            f"and {verdict}"
        )

    def __str__(self) -> str:
        return self.describe()


@cache
def team_of(seat: int, players: int) -> tuple[int, ...]:
    """The seats of ``seat``'s team: the players sit in two teams, in alternating seats."""
    return tuple(range(seat % 2, players, 2))


def teams(players: int, call_partner: bool) -> list[tuple[int, ...]]:
    """Who shares a score over the game: the two teams, or with ``call_partner`` (where each
    hand makes its own sides) every seat on its own."""
    if call_partner:
        return [(s,) for s in range(players)]
    return [team_of(s, players) for s in range(2)]


def side_of(
    seat: int, players: int, call_partner: bool, declarer: int | None, partner: int | None
) -> tuple[int, ...]:
    """The seats scoring with ``seat``: its team (alternating seats); with ``call_partner`` the
    declarer and his partner, or the other seats together once the partner is known, else
    ``seat`` alone (no declarer yet, or a partner not known)."""
    if not call_partner:
        return team_of(seat, players)
    if declarer is None:
        return (seat,)
    side = (declarer,) if partner is None else tuple(sorted({declarer, partner}))
    if seat in side:
        return side
    if partner is None:
        return (seat,)
    return tuple(s for s in range(players) if s not in side)


def known_side(view: RupeesView, seat: int) -> tuple[int, ...]:
    """The seats that ``view``'s seat knows to score with ``seat`` this hand: ``side_of`` as
    far as that view shows (a called partner stays unknown until his card is played)."""
    call_partner = view["options"]["call_partner"]
    return side_of(seat, view["players"], call_partner, view["declarer"], view["partner"])


def money_in_play(view: RupeesView) -> int:
    """The Money still to be won this hand (what a side that needs more can hope for): the
    deck's, but that of the tricks taken and that discarded (discarded Money is shown to all)."""
    taken = [card for t in view["tricks"] for _, card in played(t["cards"])]
    discarded = [CARDS[c] for c in view["discards"]]
    decks = SETUPS[view["players"]].decks
    return MONEY_PER_DECK * decks - money_of(taken) - money_of(c for c in discarded if c.is_money)


def hand_points(
    captured: Sequence[int], side: Sequence[int], declarer: int, contract: int, call_partner: bool
) -> tuple[int, ...]:
    """What each seat scores for a hand: the declarer's ``side`` its capture if it reached the
    ``contract``, else minus the contract (with ``call_partner`` only the declarer loses it, his
    partner scores nothing); the defenders always their capture. Teams (alternating seats)
    score together; with ``call_partner`` each seat scores its side's capture."""
    got = sum(captured[s] for s in side)
    made = got >= contract
    if call_partner:
        others = sum(captured) - got
        lost = [-contract if s == declarer else 0 for s in range(len(captured))]
        return tuple(
            (got if made else lost[s]) if s in side else others for s in range(len(captured))
        )
    players = len(captured)
    team = [sum(captured[t] for t in team_of(s, players)) for s in range(players)]
    return tuple((team[s] if made else -contract) if s in side else team[s] for s in range(players))
