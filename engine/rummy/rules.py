"""The rules of 13-card Indian Rummy (docs/rules.md §3): the state of a deal, what each action does
to it and what each seat may see of it. The ruleset is stated in the package's docstring
(``engine.rummy``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar

from engine.cards import Card
from engine.core import CHANCE, ChanceTable, Event, State, clockwise, replaced
from engine.values import Shuffle

from .actions import Declare, Discard, Draw, Drop, Miss, Result, Toss
from .cards import HAND, by_suit, full_pack, is_joker, pack_count, packs_for, wild_rank_of
from .melds import CAP, Arrangement, best_arrangement, is_valid_show
from .view import RummyView

_STOCK, _OPEN, _DROP, _MISS = Draw("stock"), Draw("open"), Drop(), Miss()
WRONG_SHOW = 80
MISSES_ALLOWED = 3
MISSES_PENALTY = 40


# ---------------------------------------------------------------- the state


def drop_cost(options: Mapping[str, Any], draws: int) -> int:
    """What a drop costs a seat that has drawn ``draws`` cards: a first drop before he has
    drawn one, else a middle drop (options ``first_drop`` and ``middle_drop``). A view holds
    both (``view["options"]``, ``view["draws"][seat]``)."""
    pts: int = options["first_drop" if draws == 0 else "middle_drop"]
    return pts


@cache
def toss(players: int) -> ChanceTable:
    """The toss for who plays first: each seat with chance 1/``players``."""
    return ChanceTable([(Toss(s), Fraction(1, players)) for s in range(players)])


class RummyState(State[RummyView]):
    """A deal of 13-card Indian Rummy. ``engine.new_game("rummy", players=4)``."""

    game = "rummy"
    PLAYERS = (2, 3, 4, 5, 6, 7, 8, 9)
    ACTIONS: ClassVar[tuple[type, ...]] = (Shuffle, Card, Toss, Draw, Discard, Declare, Drop, Miss)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "four_card_life": (True, False),
        "first_drop": (10, 20),
        "middle_drop": (30, 40),
        "first_turn_show": ("drop", "deal"),
        "turn_timer": (False, True),
        "point_value": (1, 2, 5, 10, 25, 50, 100),
    }

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top first
    pile: tuple[Card, ...]  # top last
    cut: Card | None
    status: tuple[str, ...]  # "in", "dropped", "wrong show", "missed"
    lost: tuple[int | None, ...]
    draws: tuple[int, ...]
    misses: tuple[int, ...]
    shown: tuple[tuple[Card, ...], ...]  # cards each seat took from the open pile, still held
    out_of_play: tuple[Card, ...]
    to_move: int | None
    up_next: int  # who plays once the toss or a reshuffle is done
    phase: str  # "toss", "deal", "draw", "discard", "reshuffle", "over"
    taken: Card | None
    first_open: bool
    result: Result | None

    def _setup(self) -> None:
        n = self.num_players
        self.hands = ((),) * n
        self.stock, self.pile, self.cut = (), (), None
        self.status = ("in",) * n
        self.lost = (None,) * n
        self.draws = self.misses = (0,) * n
        self.shown = ((),) * n
        self.out_of_play = ()
        self.to_move, self.phase = CHANCE, "toss"
        self.up_next = 0
        self.taken, self.first_open, self.result = None, False, None

    # -- what everyone can see
    @property
    def packs(self) -> int:
        return packs_for(self.num_players)

    @property
    def wild_rank(self) -> str | None:
        return wild_rank_of(self.cut) if self.cut else None

    @property
    def live(self) -> tuple[bool, ...]:
        return tuple(st == "in" for st in self.status)

    def arrange(self, seat: int) -> Arrangement:
        """The best arrangement of ``seat``'s hand (13 cards, or 14 before a discard)."""
        if self.cut is None:
            raise ValueError("the cards are not dealt yet: there is no hand to arrange")
        return best_arrangement(
            self.hands[seat],
            wild_rank_of(self.cut),
            four_card_life=self.options["four_card_life"],
        )

    def valid_show(self, card: Card) -> bool:
        """Whether ``Declare(card)`` is a valid show: the seat to move, discarding ``card``,
        melds the other 13 cards with both lives. Raises ``IllegalAction`` unless he may
        declare so now."""
        self.check(Declare(card))
        rest = list(self.hands[self._mover()])
        rest.remove(card)
        return self._shows(rest)

    def _shows(self, cards: Sequence[Card]) -> bool:
        """Whether ``cards`` (13, after the discard) are a valid show at this deal."""
        assert self.cut is not None, "a declare comes after the deal"
        four = self.options["four_card_life"]
        return is_valid_show(cards, wild_rank_of(self.cut), four_card_life=four)

    def drop_cost(self, seat: int) -> int:
        """What dropping costs ``seat`` now (``drop_cost``)."""
        self.check_seat(seat)
        return drop_cost(self.options, self.draws[seat])

    def arrangements(self) -> dict[int, Arrangement]:
        """Every hand holding cards, by seat, in its best arrangement (the one it is scored by)."""
        return {s: self.arrange(s) for s in range(self.num_players) if self.hands[s]}

    def _mover(self) -> int:
        """The seat to move, on a player's turn."""
        seat = self.to_move
        assert seat is not None and seat >= 0, "only asked on a player's turn"
        return seat

    def returns(self) -> list[int]:
        """Settlement: the winner collects what the others lose, times the point value."""
        if self.result is None:
            return [0] * self.num_players
        value_ = self.options["point_value"]
        return [
            value_ * (sum(self.result.lost) if s == self.result.winner else -pts)
            for s, pts in enumerate(self.result.lost)
        ]

    def winners(self) -> list[int]:
        """The one seat that won the deal (by a valid show, or left alone in it); [] while it is
        on. Not the best returns: an opponent whose count is 0 loses nothing, yet did not win."""
        return [self.result.winner] if self.result else []

    def open_top_takeable(self) -> str | None:
        """None if the open pile's top may be drawn, else why not."""
        if not self.pile:
            return "the open pile is empty"
        if is_joker(self.pile[-1], self.wild_rank) and not self.first_open:
            return "a joker on the open pile may not be taken (only as the very first open card)"
        return None

    # -- legal actions
    def _legal(self) -> list[Any]:
        if self.phase == "toss":
            return [Toss(s) for s in range(self.num_players)]
        if self.phase in ("deal", "reshuffle"):
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        if self.phase == "draw":
            return self._draws()
        cards = [c for c in sorted(set(self.hands[self._mover()]), key=by_suit) if self._goes(c)]
        return [Discard(c) for c in cards] + [Declare(c) for c in cards]

    def _draws(self) -> list[Any]:
        """What a turn may start with: a draw from the stock (unless it is empty) or the open
        pile (unless its top may not be taken), a drop, and with a turn timer a miss."""
        out: list[Any] = [_STOCK] if self.stock else []
        if self.open_top_takeable() is None:
            out.append(_OPEN)
        out.append(_DROP)
        if self.options["turn_timer"]:
            out.append(_MISS)
        return out

    def _goes(self, card: Card) -> bool:
        """Whether the mover may discard ``card`` (or declare, discarding it): a card of his
        hand, but not one he just took from the open pile."""
        return card != self.taken and card in self.hands[self._mover()]

    def _deck(self) -> Counter[Card]:
        """The cards a shuffle deals: the whole pack, or for a new stock the open pile but its
        top card."""
        return pack_count(self.packs) if self.phase == "deal" else Counter(self.pile[:-1])

    def chance_outcomes(self) -> list[tuple[Any, Fraction]] | None:
        """The toss: each seat plays first with chance 1/n. None at a shuffle."""
        return toss(self.num_players).pairs() if self.phase == "toss" else None

    def _chance_table(self) -> ChanceTable | None:
        return toss(self.num_players) if self.phase == "toss" else None

    def _allows(self, action: Any) -> bool:
        if self.phase == "toss":
            return type(action) is Toss and action.seat in range(self.num_players)
        if self.phase in ("deal", "reshuffle"):
            return isinstance(action, Shuffle) and action.holds(self._deck())
        if self.phase == "draw":
            return action in self._draws()
        return type(action) in (Discard, Declare) and self._goes(action.card)

    def _why(self, action: Any) -> str:
        if self.phase == "toss":
            return (
                f"a toss decides who plays first: Toss(seat) with a seat 0-{self.num_players - 1}"
            )
        if self.to_move == CHANCE:
            what = "deal" if self.phase == "deal" else "new stock"
            if not isinstance(action, Shuffle):
                return f"the cards must be shuffled for the {what} first (a Shuffle)"
            size = sum(self._deck().values())
            if self.phase == "deal":
                return f"a shuffle holds the whole pack of {size} cards"
            return f"the new stock is the open pile but its top card: {size} cards"
        if isinstance(action, (Toss, Shuffle)):
            return "no chance event is due: it is a player's turn"
        if isinstance(action, (Draw, Drop, Miss)):
            if self.phase != "draw":
                return (
                    f"a turn starts with a draw (or a drop): you have drawn, now discard or "
                    f"declare, not {action}"
                )
            if isinstance(action, Miss):
                return "a turn can be missed only at a table with a turn timer"
            if action == _STOCK:
                return "the stock is empty: draw from the open pile"
            why = self.open_top_takeable()
            assert why is not None, "a draw from the open pile refused"
            return why
        if isinstance(action, (Discard, Declare)):
            if self.phase != "discard":
                return f"draw a card first (stock or open pile), then {action}"
            if action.card == self.taken:
                return (
                    f"a card taken from the open pile ({self.taken}) may not be discarded in the "
                    "same turn"
                )
            return f"you can only discard a card from your hand, not {action.card}"
        return f"{action!r} is not a rummy action (Draw, Discard, Declare, Drop, Miss)"

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Toss):
            self.up_next, self.phase = action.seat, "deal"
            return
        if isinstance(action, Shuffle):
            if self.phase == "deal":
                self._deal(action.cards)
            else:
                self.stock, self.pile = action.cards, self.pile[-1:]
                self.phase = "draw"
                self.to_move = self.up_next
            return
        me = self._mover()
        if isinstance(action, Draw):
            self._draw(me, action.source)
        elif isinstance(action, Drop):
            self._leave(me, "dropped", self.drop_cost(me))
        elif isinstance(action, Miss):
            self.misses = replaced(self.misses, me, self.misses[me] + 1)
            if self.misses[me] == MISSES_ALLOWED:
                self._leave(me, "missed", MISSES_PENALTY)
            else:
                self._next_turn(me)
        elif isinstance(action, Discard):
            self._discard(me, action.card)
            self._next_turn(me)
        elif isinstance(action, Declare):
            first_turn = self.draws[me] == 1
            self._discard(me, action.card)
            if self._shows(self.hands[me]):
                self._valid_show(me, first_turn)
            else:
                self._wrong_show(me)

    def _deal(self, deck: tuple[Card, ...]) -> None:
        n = self.num_players
        self.hands = tuple(tuple(deck[s * HAND : (s + 1) * HAND]) for s in range(n))
        self.pile = (deck[n * HAND],)
        self.cut = deck[n * HAND + 1]
        self.stock = tuple(deck[n * HAND + 2 :])
        self.first_open = True
        self.to_move, self.phase = self.up_next, "draw"

    def _draw(self, me: int, source: str) -> None:
        if source == "stock":
            card, self.stock = self.stock[0], self.stock[1:]
            self.taken = None
        else:
            card, self.pile = self.pile[-1], self.pile[:-1]
            self.taken = card
            self.shown = replaced(self.shown, me, (*self.shown[me], card))
        self.first_open = False
        self.hands = replaced(self.hands, me, (*self.hands[me], card))
        self.draws = replaced(self.draws, me, self.draws[me] + 1)
        self.misses = replaced(self.misses, me, 0)
        self.phase = "discard"

    def _discard(self, me: int, card: Card) -> None:
        hand = list(self.hands[me])
        hand.remove(card)
        self.hands = replaced(self.hands, me, tuple(hand))
        shown = list(self.shown[me])
        if card in shown:
            shown.remove(card)
        self.shown = replaced(self.shown, me, tuple(shown))
        self.pile = (*self.pile, card)
        self.taken = None

    def _leave(self, seat: int, status: str, pts: int) -> None:
        """``seat`` is out of the deal, losing ``pts``; his cards leave play."""
        self.status = replaced(self.status, seat, status)
        self.lost = replaced(self.lost, seat, pts)
        if status != "wrong show":  # a wrong show's hand stays face up where it was shown
            self.out_of_play = (*self.out_of_play, *self.hands[seat])
            self.hands = replaced(self.hands, seat, ())
        self.shown = replaced(self.shown, seat, ())
        left = [s for s in range(self.num_players) if self.status[s] == "in"]
        if len(left) == 1:
            self._finish(left[0], {})
        else:
            self._next_turn(seat)

    def _wrong_show(self, seat: int) -> None:
        self._leave(seat, "wrong show", WRONG_SHOW)

    def _valid_show(self, winner: int, first_turn: bool) -> None:
        owed: dict[int, tuple[int, str]] = {}
        for s in range(self.num_players):
            if s == winner or self.status[s] != "in":
                continue
            a = self.arrange(s)
            played = self.draws[s] > 0
            if not first_turn:
                owed[s] = (a.count, f"count {a.count}")
            elif self.options["first_turn_show"] == "drop":
                if not a.lives:
                    owed[s] = (CAP, "first-turn show, no lives")
                elif played:
                    owed[s] = (40, "first-turn show, had a turn")
                else:
                    owed[s] = (20, "first-turn show, no turn yet")
            else:  # "deal": no lives costs the whole 80 (seed), halved like any count
                count = a.count if a.lives else CAP
                if played:
                    owed[s] = (count, f"first-turn show, count {count}")
                else:
                    owed[s] = (-(-count // 2), f"first-turn show, half of count {count}")
        self._finish(winner, owed, first_turn)

    def _finish(
        self, winner: int, owed: dict[int, tuple[int, str]], first_turn: bool = False
    ) -> None:
        reasons = {"dropped": "drop", "wrong show": "wrong show", "missed": "three misses"}
        lost: list[int] = []
        why: list[str] = []
        for s in range(self.num_players):
            if s == winner:
                lost.append(0)
                why.append("winner")
            elif s in owed:
                lost.append(owed[s][0])
                why.append(owed[s][1])
            else:
                pts = self.lost[s]
                assert pts is not None
                lost.append(pts)
                kind = reasons[self.status[s]]
                if kind == "drop":
                    kind = "first drop" if pts == self.options["first_drop"] else "middle drop"
                why.append(kind)
        self.lost = tuple(lost)
        self.result = Result(winner, tuple(lost), tuple(why), first_turn)
        self.to_move, self.phase = None, "over"

    def _next_turn(self, seat: int) -> None:
        nxt = clockwise(seat, self.num_players, self.live)
        self.phase = "draw"
        self.to_move = nxt
        if not self.stock and len(self.pile) > 1:
            self.up_next, self.to_move, self.phase = nxt, CHANCE, "reshuffle"

    def _public(self, action: Any, seat: int) -> Event:
        """Every action is seen by all, but the card drawn from the stock: only the drawer
        learns it ("a card from the stock" to the others). The deal shows the open card and
        the cut card; a new stock, how many cards it holds, never their order. A show is laid
        face up, so whether it is valid is public. Raises ``IllegalAction`` for an action the
        rules refuse here."""
        self.check(action)
        if isinstance(action, Toss):
            return Event(
                None, "", "the toss decides who plays first", marks=(("first", action.seat),)
            )
        if isinstance(action, Shuffle):
            if self.phase == "reshuffle":
                return Event(
                    None,
                    "",
                    "the stock is empty: the open pile but its top card is shuffled into a new "
                    f"stock of {len(action.cards)} cards",
                )
            n = self.num_players
            opened, cut = action.cards[n * HAND], action.cards[n * HAND + 1]
            return Event(
                None,
                "",
                f"the cards are dealt, {HAND} each; {opened} starts the open pile, and the cut "
                f"card {cut} makes the {wild_rank_of(cut)}s wild",
            )
        me = self._mover()
        if isinstance(action, Draw) and action.source == "stock":
            if seat != me:
                return Event(me, "draw", "a card from the stock", marks=(("draw", "stock"),))
            card = str(self.stock[0])
            return Event(
                me, "draw", f"{card} from the stock", marks=(("draw", "stock"), ("card", card))
            )
        if isinstance(action, Draw):
            top = str(self.pile[-1])
            return Event(
                me, "take", f"{top} from the open pile", marks=(("draw", "open"), ("card", top))
            )
        if isinstance(action, Discard):
            return Event(me, "discard", str(action.card), marks=(("discard", str(action.card)),))
        if isinstance(action, Declare):
            valid = self.valid_show(action.card)
            verdict = (
                "a valid show" if valid else f"not a valid show: −{WRONG_SHOW}, out of the deal"
            )
            return Event(
                me,
                "declare",
                f"discarding {action.card}: {verdict}",
                marks=(("discard", str(action.card)), ("show", "valid" if valid else "wrong")),
            )
        if isinstance(action, Drop):
            kind = "first" if self.draws[me] == 0 else "middle"
            pts = self.drop_cost(me)
            return Event(
                me, "drop", f"out of the deal: −{pts} (a {kind} drop)", marks=(("drop", pts),)
            )
        missed = self.misses[me] + 1
        what = f"the turn ({missed} of {MISSES_ALLOWED})"
        if missed == MISSES_ALLOWED:
            what += f": out of the deal, −{MISSES_PENALTY}"
        return Event(me, "miss", what, third="misses", marks=(("miss", missed),))

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        cards = list(full_pack(self.packs) if self.phase == "deal" else self.pile[:-1])
        rng.shuffle(cards)
        return Shuffle(tuple(cards))

    # -- what one seat may see
    def _view(self, seat: int, reveal: bool) -> RummyView:
        """Exactly what ``seat`` may see: his own hand, the open pile, the cut card, the size of
        every hand and the stock, the cards others took from the open pile (seen by all), the
        hands shown at a wrong show, and every hand still in play once the deal is over.
        ``reveal=True`` (teacher): every hand, in ``hands``."""
        view: RummyView = {
            **self._base_view(seat, reveal),
            "packs": self.packs,
            "options": dict(self.options),
            "phase": self.phase,
            "hand": [str(c) for c in self.hands[seat]],
            "cut": str(self.cut) if self.cut else None,
            "wild_rank": self.wild_rank,
            "open_pile": [str(c) for c in self.pile],
            "open_takeable": self.open_top_takeable() is None if self.pile else False,
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "status": list(self.status),
            "lost": list(self.lost),
            "draws": list(self.draws),
            "misses": list(self.misses),
            "taken": str(self.taken) if self.taken and self.to_move == seat else None,
            "known": [[str(c) for c in cards] for cards in self.shown],
            "hands": [
                [str(c) for c in hand] if self._seen(s, seat, reveal) else None
                for s, hand in enumerate(self.hands)
            ],
            "result": None,
        }
        if self.result is not None:
            view["result"] = {
                "winner": self.result.winner,
                "lost": list(self.result.lost),
                "reasons": list(self.result.reasons),
                "returns": self.returns(),
            }
        return view

    def _seen(self, s: int, viewer: int, reveal: bool) -> bool:
        """Whether ``viewer`` sees seat ``s``'s hand: his own, one shown at a wrong show, those
        still in play once the deal is over; in a teacher's view, every hand."""
        status = self.status[s]
        over = self.result is not None
        return s == viewer or reveal or status == "wrong show" or (over and status == "in")

    def __str__(self) -> str:
        if self.phase in ("toss", "deal"):
            return f"Indian Rummy, {self.num_players} players: the cards are not dealt yet"
        if self.result:
            turn = "deal over: " + str(self.result)
        elif self.to_move == CHANCE:
            turn = "the open pile is being shuffled into a new stock"
        else:
            turn = f"seat {self.to_move} to {self.phase}"
        lines = [
            f"Indian Rummy, {self.num_players} players, cut {self.cut} ({self.wild_rank}s wild): "
            + turn,
            f"  stock {len(self.stock)}, open pile top {self.pile[-1] if self.pile else '-'}",
        ]
        for s, hand in enumerate(self.hands):
            cards = " ".join(str(c) for c in sorted(hand, key=by_suit))
            state = "" if self.status[s] == "in" else f" ({self.status[s]}, -{self.lost[s]})"
            lines.append(f"  seat {s}: {cards}{state}")
        return "\n".join(lines)
