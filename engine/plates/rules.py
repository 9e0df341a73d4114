"""The rules of license plates: the calls (``Bid``, ``Challenge``, ``Agree``, ``Cancel``), a
round's result, the state machine (``PlatesState``) and what one seat may see (``PlatesView``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypedDict

from ..core import CHANCE, Auction, BaseView, Event, StandingBid, State, clockwise, seats_from_left
from ..values import Shuffle, every_value, interned, value
from .cards import (
    DECK_SIZE,
    DIGITS,
    DIGITS_PER_PLATE,
    FINES,
    PER_DIGIT,
    PER_FINE,
    SETUP,
    Plate,
    deal_slots,
    random_deck,
)

_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


# ---------------------------------------------------------------- the calls


@interned
@value
class Bid:
    """A claim: ``digit`` shows at least ``count`` times on the plates in play."""

    count: int
    digit: int

    def __post_init__(self) -> None:
        for name in ("count", "digit"):
            if isinstance(getattr(self, name), bool) or not isinstance(getattr(self, name), int):
                raise ValueError(f"a bid's {name} is a whole number, not {getattr(self, name)!r}")

    @property
    def key(self) -> tuple[int, int]:
        """Bids are ordered by count, then by digit (0 is the lowest)."""
        return (self.count, self.digit)

    def __str__(self) -> str:
        word = _WORDS[self.count] if 0 <= self.count < len(_WORDS) else str(self.count)
        return f"{word} {self.digit}" + ("" if self.count == 1 else "'s")


@every_value([()])
@interned
@value
class Challenge:
    """The standing bid is too high: there are fewer of its digit than it says."""

    def __str__(self) -> str:
        return "challenge"


@every_value([()])
@interned
@value
class Agree:
    """The standing bid is right, and I will not bid higher."""

    def __str__(self) -> str:
        return "agree"


@every_value([()])
@interned
@value
class Cancel:
    """Everyone agreed: the bidder calls the round off. Its plates are discarded, no money moves."""

    def __str__(self) -> str:
        return "cancel"


Call = Bid | Challenge | Agree | Cancel
"""What a player may say in his turn."""

MAX_IN_PLAY = max(players + setup.piles for players, setup in SETUP.items())
_ALL_BIDS = tuple(Bid(c, d) for c in range(1, DIGITS_PER_PLATE * MAX_IN_PLAY + 1) for d in DIGITS)
"""Every bid there can be, in order."""
_ALL_CALLS: tuple[Call, ...] = (*_ALL_BIDS, Challenge(), Agree(), Cancel())
_ANSWERS = (Challenge(), Agree())
_CANCEL = (Cancel(),)
_BY_WORDS = {str(c): c for c in _ALL_CALLS}


def _place(bid: Bid) -> int:
    """Where ``bid`` stands in ``_ALL_BIDS`` (-1 if it is none of them)."""
    k = (bid.count - 1) * 10 + bid.digit
    return k if 0 <= bid.digit <= 9 and 0 <= k < len(_ALL_BIDS) else -1


def call_from_words(words: str) -> Call:
    """The call a view names in words ("two 4's", "agree"): ``str`` read back."""
    try:
        return _BY_WORDS[words]
    except KeyError:
        raise ValueError(f"no plates call reads {words!r}") from None


def _is_bid(call: object) -> bool:
    return isinstance(call, Bid)


# ---------------------------------------------------------------- what a seat sees


class PlateFace(TypedDict):
    """A plate face up: its six digits and its fine."""

    number: str
    fine: int


class PlatesBid(StandingBid):
    """The standing bid: ``bid`` in words ("two 4's"), its ``count`` and its ``digit``."""

    count: int
    digit: int


class RoundSeen(TypedDict):
    """A finished round as one seat saw it. ``in_play`` lists ``[owner, PlateFace]`` ("seat 2",
    "pile 0") in the order of the reveal; of a cancelled round only the seat's own plate."""

    round: int
    opener: int
    in_play: list[list[Any]]
    bid: str
    bid_count: int
    bid_digit: int
    bidder: int
    challengers: list[int]
    agreers: list[int]
    count: int | None
    cancelled: bool
    bid_true: bool
    payments: list[list[int]]  # [payer, payee, dollars]
    went_out: list[int]


class PlatesView(BaseView):
    """What one seat may see. ``scores``: each seat's money, in dollars. ``hands``: per seat
    the plate in its window, or None where the viewer may not see it (a seat sees its own, also
    as ``my_plate``); ``pile_tops``: per centre pile its top plate, None while face down. A
    teacher's view shows every window and pile top. ``calls`` and ``answers`` are
    ``[seat, call in words]``."""

    digits: str
    round: int
    rounds_total: int
    scores: list[int]
    live: list[bool]
    opener: int
    my_plate: PlateFace | None
    hands: list[PlateFace | None]
    pile_tops: list[PlateFace | None]
    plates_in_play: int
    stand_sizes: list[int]
    pile_sizes: list[int]
    calls: list[list[Any]]
    standing_bid: PlatesBid | None
    answers: list[list[Any]]
    rounds: list[RoundSeen]


def _face(plate: Plate) -> PlateFace:
    return {"number": plate.number, "fine": plate.fine}


# ---------------------------------------------------------------- a round's result


@dataclass(frozen=True)
class RoundResult:
    """What everyone saw when a round ended."""

    round: int
    opener: int
    in_play: tuple[tuple[str, Plate], ...]  # (owner: "seat 2" or "pile 1", plate)
    bid: Bid
    bidder: int
    challengers: tuple[int, ...]
    agreers: tuple[int, ...]
    count: int | None  # None when cancelled
    payments: tuple[tuple[int, int, int], ...]  # (payer, payee, dollars)
    went_out: tuple[int, ...]

    @property
    def cancelled(self) -> bool:
        return self.count is None

    @property
    def bid_true(self) -> bool:
        return self.count is not None and self.count >= self.bid.count

    def to_dict(self) -> RoundSeen:
        return {
            "round": self.round,
            "opener": self.opener,
            "in_play": [[who, _face(p)] for who, p in self.in_play],
            "bid": str(self.bid),
            "bid_count": self.bid.count,
            "bid_digit": self.bid.digit,
            "bidder": self.bidder,
            "challengers": list(self.challengers),
            "agreers": list(self.agreers),
            "count": self.count,
            "cancelled": self.cancelled,
            "bid_true": self.bid_true,
            "payments": [list(p) for p in self.payments],
            "went_out": list(self.went_out),
        }

    def describe(self, names: Sequence[str] | None = None) -> str:
        """One line on the round, naming seats by ``names`` (default "seat 0", ...)."""
        return describe_round(self.to_dict(), names)

    def __str__(self) -> str:
        return self.describe()


def describe_round(seen: RoundSeen, names: Sequence[str] | None = None) -> str:
    """One line on a finished round as a view holds it, naming seats by ``names`` (default
    "seat 0", ...)."""

    def name(seat: int) -> str:
        return names[seat] if names else f"seat {seat}"

    head = f"round {seen['round'] + 1}: {name(seen['bidder'])} bid {seen['bid']}"
    if seen["cancelled"]:
        return head + "; all agreed and the bidder cancelled"
    verdict = "true" if seen["bid_true"] else "false"
    paid = "; ".join(f"{name(a)} paid {name(b)} ${d}" for a, b, d in seen["payments"])
    return f"{head}; there were {seen['count']}: the bid was {verdict}. {paid or 'nobody paid'}"


def _seen_round(result: RoundResult, seat: int) -> RoundSeen:
    """A finished round as ``seat`` saw it: a scored round shows every plate in play; a
    cancelled round's plates are discarded face down, so the seat saw only his own."""
    out = result.to_dict()
    if result.cancelled:
        out["in_play"] = [[who, p] for who, p in out["in_play"] if who == f"seat {seat}"]
    return out


# ---------------------------------------------------------------- the state


class PlatesState(State[PlatesView]):
    """A game of license plates. Create it with ``engine.new_game("plates", players=4)``."""

    game = "plates"
    PLAYERS = (3, 4, 5, 6)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "digits": ("balanced", "uniform"),
        "first_opener": (0, 1, 2, 3, 4, 5),
    }
    ACTIONS: ClassVar[tuple[type, ...]] = (Shuffle, Plate, Bid, Challenge, Agree, Cancel)

    deck: tuple[Plate, ...] | None
    stands: tuple[tuple[Plate, ...], ...]
    piles: tuple[tuple[Plate, ...], ...]
    money: tuple[int, ...]
    round: int
    opener: int
    auction: Auction
    results: tuple[RoundResult, ...]

    def _setup(self) -> None:
        self.deck = None
        self.stands = ((),) * self.num_players
        self.piles = ()
        self.money = (SETUP[self.num_players].money,) * self.num_players
        self.round = 0
        self.opener = self.options["first_opener"]
        if self.opener >= self.num_players:
            raise ValueError(
                f"option first_opener must be a seat of the {self.num_players} players, "
                f"not {self.opener}"
            )
        self.auction = Auction()
        self.to_move = CHANCE
        self.results = ()

    # -- what everyone can see
    @property
    def live(self) -> tuple[bool, ...]:
        """A player is in the game while he has money."""
        return tuple([m > 0 for m in self.money])

    @property
    def rounds_total(self) -> int:
        return SETUP[self.num_players].plates_each

    def in_play(self) -> list[tuple[str, Plate]]:
        """The plates this round is about: live players' window plates, then the pile tops."""
        seats = [(f"seat {s}", st[0]) for s, st in enumerate(self.stands) if st]
        return seats + [(f"pile {p}", pile[0]) for p, pile in enumerate(self.piles) if pile]

    def plates_in_play(self) -> int:
        """How many plates this round is about: live players' window plates and pile tops."""
        stands, piles = self.stands, self.piles
        return len(stands) - stands.count(()) + len(piles) - piles.count(())

    def max_count(self) -> int:
        """The highest count anyone may bid: every digit of every plate in play."""
        return DIGITS_PER_PLATE * self.plates_in_play()

    def standing_bid(self) -> tuple[int, Bid] | None:
        """``(bidder, bid)`` of the bid on the table, or None before the opening bid."""
        return self.auction.high(_is_bid)

    def responses(self) -> list[tuple[int, Challenge | Agree]]:
        """The challenges and agreements made since the standing bid."""
        return self.auction.since_high(_is_bid)

    def returns(self) -> list[int]:
        """Each seat's money (dollars): the most money wins."""
        return list(self.money)

    # -- legal actions
    def _calls(self) -> tuple[range, tuple[Call, ...]]:
        """The calls legal now: the bids ``_ALL_BIDS[k]`` for k in the range (those above the
        standing bid, up to every digit of every plate in play), and the answers: to the
        standing bid, challenge or agree; for its bidder, whom all agreed with, cancel."""
        standing = self.standing_bid()
        start = _place(standing[1]) + 1 if standing else 0
        bids = range(start, DIGITS_PER_PLATE * 10 * self.plates_in_play())
        if standing is None:
            return bids, ()
        return bids, _CANCEL if standing[0] == self.to_move else _ANSWERS

    def _legal(self) -> list[Call]:
        if self.to_move == CHANCE:
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        bids, answers = self._calls()
        return [*_ALL_BIDS[bids.start : bids.stop], *answers]

    def _allows(self, action: Any) -> bool:
        if self.to_move == CHANCE:
            return isinstance(action, Shuffle) and self._deck_problem(action.cards) is None
        bids, answers = self._calls()
        if type(action) is Bid:
            return _place(action) in bids
        return action in answers

    def _why(self, action: Any) -> str:
        if self.to_move == CHANCE:
            problem = self._deck_problem(action.cards) if isinstance(action, Shuffle) else None
            return problem or "the plates must be shuffled and dealt first (a Shuffle)"
        standing = self.standing_bid()
        if isinstance(action, Bid):
            top = self.max_count()
            if not (1 <= action.count <= top) or action.digit not in DIGITS:
                return (
                    f"a bid names a count from 1 to {top} (six digits on each of the "
                    f"{top // 6} plates in play) and a digit 0-9, "
                    f"not {action.count} {action.digit}'s"
                )
            assert standing is not None, "any bid in range opens the round"
            return (
                f"a bid must beat {standing[1]}: a higher count, or the same count of a "
                "higher digit (0 is the lowest)"
            )
        if isinstance(action, (Challenge, Agree)):
            verb = "challenge" if isinstance(action, Challenge) else "agree with"
            if standing is None:
                return f"there is no bid to {verb} yet: the opener must bid"
            return (
                f"the bidder cannot {verb} his own bid: everyone agreed, so he bids higher "
                "or cancels the round"
            )
        if isinstance(action, Cancel):
            return "only the bidder may cancel a round, and only after all the others agreed"
        if isinstance(action, Shuffle):
            return "the plates are dealt already: a game has one shuffle"
        return f"{action!r} is not a plates action (Bid, Challenge, Agree or Cancel)"

    def _deck_problem(self, cards: tuple[Any, ...]) -> str | None:
        """Why ``cards`` are not a deck of this game, if they are not: 50 plates, ten of each
        fine and, unless ``digits="uniform"``, each digit 30 times."""
        if not (
            isinstance(cards, tuple)
            and len(cards) == DECK_SIZE
            and all(isinstance(p, Plate) for p in cards)
        ):
            return f"a shuffle holds the whole deck: a tuple of {DECK_SIZE} plates"
        fines = Counter(p.fine for p in cards)
        if any(fines[f] != PER_FINE for f in FINES):
            return f"the deck has {PER_FINE} plates of each fine"
        if self.options["digits"] == "balanced":
            digits = Counter("".join(p.number for p in cards))
            if any(digits[str(d)] != PER_DIGIT for d in DIGITS):
                return (
                    f"a balanced deck shows each digit exactly {PER_DIGIT} times "
                    '(or play with digits="uniform")'
                )
        return None

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            stand_slots, pile_slots = deal_slots(self.num_players)
            deck: tuple[Plate, ...] = action.cards
            self.deck = deck
            self.stands = tuple(tuple(deck[i] for i in r) for r in stand_slots)
            self.piles = tuple(tuple(deck[i] for i in r) for r in pile_slots)
            self.to_move = self.opener
            return
        me = self.to_move
        assert me is not None and me >= 0  # a checked call comes from the seat to move
        if not isinstance(action, Cancel):
            self.auction = self.auction.add(me, action)
        standing = self.standing_bid()
        assert standing is not None  # checked: a call other than a bid answers a standing bid
        bidder, bid = standing
        if isinstance(action, Cancel):
            self._end_round(bid, bidder, count=None)
            return
        answers = self.responses()
        if len(answers) < sum(self.live) - 1:
            self.to_move = clockwise(me, self.num_players, self.live)
        elif any(isinstance(c, Challenge) for _, c in answers):
            count = sum(p.count(bid.digit) for _, p in self.in_play())
            self._end_round(bid, bidder, count)
        else:
            self.to_move = bidder  # everyone agreed: raise or cancel

    def _end_round(self, bid: Bid, bidder: int, count: int | None) -> None:
        answers = self.responses() if count is not None else []
        challengers = tuple(s for s, c in answers if isinstance(c, Challenge))
        agreers = tuple(s for s, c in answers if isinstance(c, Agree))
        if count is None:
            payments: list[tuple[int, int, int]] = []
        else:
            payments = self._settle(bidder, challengers, agreers, count >= bid.count)
        money = list(self.money)
        for payer, payee, dollars in payments:
            money[payer] -= dollars
            money[payee] += dollars
        was_live = self.live
        self.money = tuple(money)
        went_out = tuple(s for s in range(self.num_players) if was_live[s] and not self.live[s])
        self.results = (
            *self.results,
            RoundResult(
                self.round,
                self.opener,
                tuple(self.in_play()),
                bid,
                bidder,
                challengers,
                agreers,
                count,
                tuple(payments),
                went_out,
            ),
        )
        # every plate used is discarded; a player who is out takes his stand out of play
        self.stands = tuple(st[1:] if self.live[s] else () for s, st in enumerate(self.stands))
        self.piles = tuple(pile[1:] for pile in self.piles)
        self.round += 1
        self.auction = Auction()
        if sum(self.live) < 2 or not any(self.stands):
            self.to_move = None
        else:
            self.opener = clockwise(self.opener, self.num_players, self.live)
            self.to_move = self.opener

    def _settle(
        self, bidder: int, challengers: tuple[int, ...], agreers: tuple[int, ...], true: bool
    ) -> list[tuple[int, int, int]]:
        """Who pays whom. A true bid: each challenger pays the bidder the fine on the bidder's
        plate and each agreer the fine on the agreer's plate. A false bid: the bidder and each
        agreer pay the fine on their own plate to every challenger. A payer pays his creditors
        clockwise from his left while his money lasts."""
        fine = {s: st[0].fine for s, st in enumerate(self.stands) if st}
        debts: list[tuple[int, int, int]] = []
        if true:
            for c in challengers:
                debts += [
                    (c, s, fine[s])
                    for s in seats_from_left(c, self.num_players)
                    if s == bidder or s in agreers
                ]
        else:
            for payer in (bidder, *agreers):
                debts += [
                    (payer, s, fine[payer])
                    for s in seats_from_left(payer, self.num_players)
                    if s in challengers
                ]
        left = list(self.money)
        payments = []
        for payer, payee, owed in debts:
            paid = min(owed, left[payer])
            left[payer] -= paid
            if paid:
                payments.append((payer, payee, paid))
        return payments

    def _public(self, action: Any, seat: int) -> Event:
        """Every call is made aloud; the deal is public as an event (who holds what is not);
        a cancelled round's plates go to the discards unseen."""
        if isinstance(action, Shuffle):
            return Event(None, "", "the plates are shuffled and dealt")
        me = self.to_move
        if isinstance(action, Bid):
            return Event(me, "bid", str(action), marks=(("call", str(action)),))
        if isinstance(action, Cancel):
            return Event(
                me,
                "cancel",
                "the round: its plates are discarded unseen",
                marks=(("call", "cancel"),),
            )
        word = str(action)  # challenge, agree
        return Event(me, word, "", marks=(("call", word),))

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        return Shuffle(random_deck(rng, self.options["digits"]))

    # -- what one seat may see
    def _view(self, seat: int, reveal: bool) -> PlatesView:
        """Exactly what ``seat`` may see: his own window plate, never another's, and every
        plate shown at the end of earlier rounds. A teacher's view (``reveal``) also shows
        every window plate in ``hands`` and the pile tops in ``pile_tops``."""
        standing = self.standing_bid()
        mine = self.stands[seat][0] if self.stands[seat] else None
        out: PlatesView = {
            **self._base_view(seat, reveal),
            "digits": self.options["digits"],
            "round": self.round,
            "rounds_total": self.rounds_total,
            "scores": list(self.money),
            "live": list(self.live),
            "opener": self.opener,
            "my_plate": _face(mine) if mine else None,
            "hands": [
                _face(st[0]) if st and (reveal or s == seat) else None
                for s, st in enumerate(self.stands)
            ],
            "pile_tops": [_face(pile[0]) if pile and reveal else None for pile in self.piles],
            "plates_in_play": self.plates_in_play(),
            "stand_sizes": [len(st) for st in self.stands],
            "pile_sizes": [len(p) for p in self.piles],
            "calls": [[s, str(c)] for s, c in self.auction.calls],
            "standing_bid": (
                {
                    "bidder": standing[0],
                    "bid": str(standing[1]),
                    "count": standing[1].count,
                    "digit": standing[1].digit,
                }
                if standing
                else None
            ),
            "answers": [[s, str(c)] for s, c in self.responses()] if standing else [],
            "rounds": [_seen_round(r, seat) for r in self.results],
        }
        return out

    def __str__(self) -> str:
        if self.to_move == CHANCE:
            return f"License plates, {self.num_players} players: the plates are not dealt yet"
        turn = "game over" if self.to_move is None else f"seat {self.to_move} to move"
        rounds = min(self.round + 1, self.rounds_total)
        lines = [f"License plates, round {rounds} of {self.rounds_total}: {turn}"]
        for s, st in enumerate(self.stands):
            plate = f"[{st[0]}]" if st else "(out)" if not self.live[s] else "(no plates)"
            lines.append(f"  seat {s}  ${self.money[s]:>4}  {plate}")
        for p, pile in enumerate(self.piles):
            lines.append(f"  pile {p}         [{pile[0]}]" if pile else f"  pile {p}  (empty)")
        if self.auction.calls:
            lines.append("  calls: " + ", ".join(f"seat {s} {c}" for s, c in self.auction.calls))
        if self.results:
            lines.append("  last: " + str(self.results[-1]))
        return "\n".join(lines)
