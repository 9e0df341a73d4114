"""The license-plate bidding game (Parker Brothers), as RULES.md §5 settles it.

Liar's dice with license plates. Each player sees only the plate in the window of his own
stand; the plates *in play* are every live player's window plate and the top plate of each
centre pile. Players bid on how often one digit shows on all of them ("three 7's"), and in turn
bid higher, *challenge* or *agree*. Once everyone but the bidder has challenged or agreed, the
plates are shown and fines change hands. When all agreed, the bidder raises or cancels.

Set-up (seed): 3 players: 10 plates each, two piles of 10, $250 each. 4: 8 each, 2 discarded,
two piles of 8, $300. 5: 8 each, 2 discarded, one pile of 8, $300. 6: 8 each, 2 discarded, no
pile, $350.

Decisions (RULES.md): 50 plates of 6 digits, each digit 0-9 on exactly 30 of the 300 places
(``digits="balanced"``, the default) or drawn independently (``digits="uniform"``); fines $5 to
$25, ten plates each. A new bid wipes out earlier challenges and agreements. A player who cannot
pay in full pays what he has to his creditors clockwise from his left and is out; his plates
leave play. Seat 0 opens the first round (option ``first_opener``). Bids go up to every
digit in play (six per plate). A cancelled round's plates are discarded unseen. The game also
ends when fewer than two players are left.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, ClassVar, NamedTuple

from .core import (
    CHANCE,
    Auction,
    IllegalAction,
    RandomBot,
    Shuffle,
    State,
    clockwise,
    seats_from_left,
    value,
)

DIGITS = range(10)
DIGITS_PER_PLATE = 6
FINES = (5, 10, 15, 20, 25)
DECK_SIZE = 50
PER_DIGIT = DECK_SIZE * DIGITS_PER_PLATE // 10  # 30 of each digit in the balanced deck
PER_FINE = DECK_SIZE // len(FINES)  # 10 plates of each fine


class Setup(NamedTuple):
    """The seed's set-up table for one player count."""

    plates_each: int
    discarded: int
    piles: int
    money: int


SETUP = {
    3: Setup(10, 0, 2, 250),
    4: Setup(8, 2, 2, 300),
    5: Setup(8, 2, 1, 300),
    6: Setup(8, 2, 0, 350),
}
"""Players -> plates per stand, plates discarded, centre piles (each as tall as a stand), money."""

_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()


# ---------------------------------------------------------------- cards and actions


@value
class Plate:
    """A license-plate card: six digits (letters are decoration) and a fine in dollars."""

    number: str
    fine: int

    def __post_init__(self) -> None:
        if not (
            isinstance(self.number, str)
            and len(self.number) == DIGITS_PER_PLATE
            and self.number.isdigit()
            and self.number.isascii()
        ):
            raise ValueError(f"a plate has six digits, not {self.number!r}")
        if type(self.fine) is not int or self.fine not in FINES:
            raise ValueError(f"a fine is one of ${', $'.join(map(str, FINES))}, not {self.fine!r}")

    def count(self, digit: int) -> int:
        """How many times ``digit`` shows on this plate."""
        return self.number.count(str(digit))

    @classmethod
    def from_str(cls, text: str) -> Plate:
        """``Plate.from_str("123 456 $10")``: the digits, then the fine."""
        *digits, fine = text.replace("$", " ").split()
        return cls("".join(digits), int(fine))

    def __str__(self) -> str:
        return f"{self.number[:3]} {self.number[3:]} ${self.fine}"


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


@value
class Challenge:
    """The standing bid is too high: there are fewer of its digit than it says."""

    def __str__(self) -> str:
        return "challenge"


@value
class Agree:
    """The standing bid is right, and I will not bid higher."""

    def __str__(self) -> str:
        return "agree"


@value
class Cancel:
    """Everyone agreed: the bidder calls the round off. Its plates are discarded, no money moves."""

    def __str__(self) -> str:
        return "cancel"


MAX_IN_PLAY = max(players + setup.piles for players, setup in SETUP.items())
_ALL_BIDS = tuple(Bid(c, d) for c in range(1, DIGITS_PER_PLATE * MAX_IN_PLAY + 1) for d in DIGITS)
"""Every bid there can be, in order."""


def _is_bid(call: Any) -> bool:
    return isinstance(call, Bid)


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

    def to_dict(self) -> dict:
        return {
            "round": self.round,
            "opener": self.opener,
            "in_play": [[who, _plate_dict(p)] for who, p in self.in_play],
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

        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        head = f"round {self.round + 1}: {name(self.bidder)} bid {self.bid}"
        if self.cancelled:
            return head + "; all agreed and the bidder cancelled"
        verdict = "true" if self.bid_true else "false"
        paid = "; ".join(f"{name(a)} paid {name(b)} ${d}" for a, b, d in self.payments)
        return f"{head}; there were {self.count}: the bid was {verdict}. {paid or 'nobody paid'}"

    def __str__(self) -> str:
        return self.describe()


def _plate_dict(plate: Plate) -> dict:
    return {"number": plate.number, "fine": plate.fine}


def _seen_round(result: RoundResult, seat: int) -> dict:
    """A finished round as ``seat`` saw it: a scored round shows every plate in play; a
    cancelled round's plates are discarded face down, so the seat saw only his own."""
    out = result.to_dict()
    if result.cancelled:
        out["in_play"] = [[who, p] for who, p in out["in_play"] if who == f"seat {seat}"]
    return out


# ---------------------------------------------------------------- the deck


def _layout(players: int) -> tuple[list[range], list[range]]:
    """Where each deck position goes: stand slices (window first), then the discards, then
    the centre piles (top first)."""
    k, disc, piles, _ = SETUP[players]
    stands = [range(s * k, (s + 1) * k) for s in range(players)]
    start = players * k + disc
    return stands, [range(start + p * k, start + (p + 1) * k) for p in range(piles)]


def random_deck(rng: random.Random, digits: str = "balanced") -> tuple[Plate, ...]:
    """50 plates in a random order: balanced digits (30 of each) or independent uniform digits,
    and ten plates of each fine."""
    if digits == "balanced":
        pool = [d for d in DIGITS for _ in range(PER_DIGIT)]
        rng.shuffle(pool)
    else:
        pool = [rng.randrange(10) for _ in range(DECK_SIZE * DIGITS_PER_PLATE)]
    fines = [f for f in FINES for _ in range(PER_FINE)]
    rng.shuffle(fines)
    return tuple(
        Plate("".join(map(str, pool[i * 6 : i * 6 + 6])), fines[i]) for i in range(DECK_SIZE)
    )


def rigged_shuffle(
    players: int,
    stands: Sequence[Sequence[Plate | str]] = (),
    piles: Sequence[Sequence[Plate | str]] = (),
    digits: str = "balanced",
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` that deals the given plates (window first, pile tops first) and fills the
    rest of the 50-plate deck so that it stays legal (balanced digits, ten of each fine).

    ``rigged_shuffle(4, stands=[["444 123 $10"], ["440 000 $5"]])`` fixes the first plate of
    seats 0 and 1. Plates may be given as ``Plate`` or as text for ``Plate.from_str``.
    """
    stand_slots, pile_slots = _layout(players)
    fixed: dict[int, Plate] = {}
    for slots, given in ((stand_slots, stands), (pile_slots, piles)):
        if len(given) > len(slots):
            raise ValueError(f"{players} players have {len(slots)} of those, not {len(given)}")
        for where, plates in zip(slots, given, strict=False):
            if len(plates) > len(where):
                raise ValueError(f"a stand or pile holds {len(where)} plates, not {len(plates)}")
            for i, p in zip(where, plates, strict=False):
                fixed[i] = p if isinstance(p, Plate) else Plate.from_str(p)
    rng = random.Random(seed)
    fines = Counter({f: PER_FINE for f in FINES})
    fines.subtract(p.fine for p in fixed.values())
    free = DECK_SIZE - len(fixed)
    if digits == "balanced":
        pool = Counter({str(d): PER_DIGIT for d in DIGITS})
        pool.subtract("".join(p.number for p in fixed.values()))
        if min(pool.values()) < 0:
            raise ValueError("those plates use some digit more than 30 times")
        digit_pool = list(pool.elements())
    else:
        digit_pool = [str(rng.randrange(10)) for _ in range(free * DIGITS_PER_PLATE)]
    if min(fines.values()) < 0:
        raise ValueError("those plates use some fine on more than ten plates")
    fine_pool = list(fines.elements())
    rng.shuffle(digit_pool)
    rng.shuffle(fine_pool)
    fill = iter(Plate("".join(digit_pool[j * 6 : j * 6 + 6]), fine_pool[j]) for j in range(free))
    return Shuffle(tuple(fixed[i] if i in fixed else next(fill) for i in range(DECK_SIZE)))


# ---------------------------------------------------------------- the state


class PlatesState(State):
    """A game of license plates. Create it with ``engine.new_game("plates", players=4)``."""

    game = "plates"
    PLAYERS = (3, 4, 5, 6)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "digits": ("balanced", "uniform"),
        "first_opener": (0, 1, 2, 3, 4, 5),
    }

    deck: tuple[Plate, ...] | None
    stands: tuple[tuple[Plate, ...], ...]
    piles: tuple[tuple[Plate, ...], ...]
    money: tuple[int, ...]
    round: int
    opener: int
    auction: Auction
    to_move: int | None
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
    def current_player(self) -> int | None:
        return self.to_move

    @property
    def live(self) -> tuple[bool, ...]:
        """A player is in the game while he has money."""
        return tuple(m > 0 for m in self.money)

    @property
    def rounds_total(self) -> int:
        return SETUP[self.num_players].plates_each

    def in_play(self) -> list[tuple[str, Plate]]:
        """The plates this round is about: live players' window plates, then the pile tops."""
        seats = [(f"seat {s}", st[0]) for s, st in enumerate(self.stands) if st]
        return seats + [(f"pile {p}", pile[0]) for p, pile in enumerate(self.piles) if pile]

    def max_count(self) -> int:
        """The highest count anyone may bid: every digit of every plate in play."""
        return DIGITS_PER_PLATE * len(self.in_play())

    def standing_bid(self) -> tuple[int, Bid] | None:
        """``(bidder, bid)`` of the bid on the table, or None before the opening bid."""
        return self.auction.high(_is_bid)

    def responses(self) -> list[tuple[int, Any]]:
        """The challenges and agreements made since the standing bid."""
        return self.auction.since_high(_is_bid)

    def returns(self) -> list[int]:
        """Each seat's money (dollars)."""
        return list(self.money)

    def winners(self) -> list[int]:
        """The seats with the most money."""
        best = max(self.money)
        return [s for s, m in enumerate(self.money) if m == best]

    # -- legal actions
    def _bids_above(self, high: Bid | None) -> list[Bid]:
        start = (high.count - 1) * 10 + high.digit + 1 if high else 0
        return list(_ALL_BIDS[start : self.max_count() * 10])

    def _legal(self) -> list:
        if self.to_move == CHANCE:
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        standing = self.standing_bid()
        bids = self._bids_above(standing[1] if standing else None)
        if standing is None:
            return bids
        if standing[0] == self.to_move:
            return [*bids, Cancel()]
        return [*bids, Challenge(), Agree()]

    def _check(self, action: Any) -> None:
        if self.to_move == CHANCE:
            if not isinstance(action, Shuffle):
                raise IllegalAction("the plates must be shuffled and dealt first (a Shuffle)")
            self._check_deck(action.cards)
            return
        standing = self.standing_bid()
        if isinstance(action, Bid):
            top = self.max_count()
            if not (1 <= action.count <= top) or action.digit not in DIGITS:
                raise IllegalAction(
                    f"a bid names a count from 1 to {top} (six digits on each of the "
                    f"{top // 6} plates in play) and a digit 0-9, "
                    f"not {action.count} {action.digit}'s"
                )
            if standing and action.key <= standing[1].key:
                raise IllegalAction(
                    f"a bid must beat {standing[1]}: a higher count, or the same count of a "
                    "higher digit (0 is the lowest)"
                )
        elif isinstance(action, (Challenge, Agree)):
            verb = "challenge" if isinstance(action, Challenge) else "agree with"
            if standing is None:
                raise IllegalAction(f"there is no bid to {verb} yet: the opener must bid")
            if standing[0] == self.to_move:
                raise IllegalAction(
                    f"the bidder cannot {verb} his own bid: everyone agreed, so he bids higher "
                    "or cancels the round"
                )
        elif isinstance(action, Cancel):
            if standing is None or standing[0] != self.to_move:
                raise IllegalAction(
                    "only the bidder may cancel a round, and only after all the others agreed"
                )
        elif isinstance(action, Shuffle):
            raise IllegalAction("the plates are dealt already: a game has one shuffle")
        else:
            raise IllegalAction(
                f"{action!r} is not a plates action (Bid, Challenge, Agree or Cancel)"
            )

    def _check_deck(self, cards: tuple) -> None:
        if not (
            isinstance(cards, tuple)
            and len(cards) == DECK_SIZE
            and all(isinstance(p, Plate) for p in cards)
        ):
            raise IllegalAction(f"a shuffle holds the whole deck: a tuple of {DECK_SIZE} plates")
        fines = Counter(p.fine for p in cards)
        if any(fines[f] != PER_FINE for f in FINES):
            raise IllegalAction(f"the deck has {PER_FINE} plates of each fine")
        if self.options["digits"] == "balanced":
            digits = Counter("".join(p.number for p in cards))
            if any(digits[str(d)] != PER_DIGIT for d in DIGITS):
                raise IllegalAction(
                    f"a balanced deck shows each digit exactly {PER_DIGIT} times "
                    '(or play with digits="uniform")'
                )

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            stand_slots, pile_slots = _layout(self.num_players)
            self.deck = action.cards
            self.stands = tuple(tuple(self.deck[i] for i in r) for r in stand_slots)
            self.piles = tuple(tuple(self.deck[i] for i in r) for r in pile_slots)
            self.to_move = self.opener
            return
        me = self.to_move
        assert me is not None and me >= 0
        if isinstance(action, Cancel):
            bidder, bid = self.standing_bid()  # type: ignore[misc]
            self._end_round(bid, bidder, count=None)
            return
        self.auction = self.auction.add(me, action)
        standing = self.standing_bid()
        assert standing is not None
        bidder, bid = standing
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

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        return Shuffle(random_deck(rng, self.options["digits"]))

    # -- what one seat may see
    def view(self, seat: int, reveal: bool = False) -> dict:
        """Exactly what ``seat`` may see: his own window plate, never another's, and every
        plate shown at the end of earlier rounds. ``reveal=True`` (teacher): also ``shown``,
        every plate in play as a round's reveal lists them (``[["seat 1", plate], ...]``)."""
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")
        standing = self.standing_bid()
        mine = self.stands[seat][0] if self.stands[seat] else None
        out = {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "digits": self.options["digits"],
            "round": self.round,
            "rounds_total": self.rounds_total,
            "money": list(self.money),
            "live": list(self.live),
            "to_move": self.to_move,
            "opener": self.opener,
            "my_plate": _plate_dict(mine) if mine else None,
            "plates_in_play": len(self.in_play()),
            "stand_sizes": [len(st) for st in self.stands],
            "pile_sizes": [len(p) for p in self.piles],
            "calls": [[s, str(c)] for s, c in self.auction.calls],
            "standing_bid": (
                {"bidder": standing[0], "count": standing[1].count, "digit": standing[1].digit}
                if standing
                else None
            ),
            "answers": [[s, str(c)] for s, c in self.responses()] if standing else [],
            "rounds": [_seen_round(r, seat) for r in self.results],
        }
        if reveal:
            out["revealed"] = True
            out["shown"] = [[who, _plate_dict(p)] for who, p in self.in_play()]
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


# ---------------------------------------------------------------- exact odds


def count_pmf(plates: int, digits: str = "balanced", pool: Counter | None = None, digit: int = 0):
    """Distribution of how often one digit shows on ``plates`` plates nobody has seen.

    ``digits="uniform"``: each of the 6·plates digits is the digit with chance 1/10, so the
    count is binomial. ``"balanced"``: the plates' digits are drawn without replacement from
    the 300 of the deck (30 of each), so the count is hypergeometric; ``pool`` (a Counter of
    digit -> copies left, default 30 each) accounts for plates already seen.
    Returns ``{count: Fraction}``.
    """
    n = DIGITS_PER_PLATE * plates
    if digits == "uniform":
        return {k: Fraction(comb(n, k) * 9 ** (n - k), 10**n) for k in range(n + 1)}
    left = pool if pool is not None else Counter({d: PER_DIGIT for d in DIGITS})
    total, good = sum(left.values()), left[digit]
    if n > total:
        raise ValueError(f"only {total} digits are unseen, not {n}")
    return {
        k: Fraction(comb(good, k) * comb(total - good, n - k), comb(total, n))
        for k in range(min(n, good) + 1)
    }


def chance_at_least(pmf: dict[int, Fraction], count: int) -> Fraction:
    """P(X >= count) for a distribution ``{value: probability}``."""
    return sum((p for k, p in pmf.items() if k >= count), Fraction(0))


def unseen_pool(seen: Sequence[Plate]) -> Counter:
    """The balanced deck's digits not on any of the ``seen`` plates."""
    pool = Counter({d: PER_DIGIT for d in DIGITS})
    pool.subtract(int(ch) for p in seen for ch in p.number)
    return pool


def count_in_play_pmf(
    digit: int,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> dict[int, Fraction]:
    """Distribution of how often ``digit`` shows on all the plates in play, for a player who
    sees ``my_plate`` (in play) and, in earlier rounds, the ``seen`` plates (out of play, but
    no longer in the deck)."""
    known = [my_plate] if my_plate else []
    have = sum(p.count(digit) for p in known)
    pmf = count_pmf(plates_in_play - len(known), digits, unseen_pool([*known, *seen]), digit)
    return {have + k: p for k, p in pmf.items()}


def bid_chance(
    bid: Bid,
    my_plate: Plate | None,
    plates_in_play: int,
    digits: str = "balanced",
    seen: Sequence[Plate] = (),
) -> Fraction:
    """The chance ``bid`` is true for a player who sees ``my_plate`` and the ``seen`` plates."""
    pmf = count_in_play_pmf(bid.digit, my_plate, plates_in_play, digits, seen)
    return chance_at_least(pmf, bid.count)


def _what_seat_knows(view: dict) -> tuple[Plate | None, int, str, list[Plate]]:
    mine = Plate(**view["my_plate"]) if view["my_plate"] else None
    seen = [Plate(**p) for r in view["rounds"] for _, p in r["in_play"]]
    return mine, view["plates_in_play"], view["digits"], seen


def bid_chance_from_view(view: dict, bid: Bid | None = None) -> Fraction | None:
    """``bid_chance`` for the standing bid (or ``bid``) from what one seat sees; None if there
    is no bid to judge."""
    if bid is None:
        sb = view["standing_bid"]
        if sb is None:
            return None
        bid = Bid(sb["count"], sb["digit"])
    return bid_chance(bid, *_what_seat_knows(view))


def most_frequent_pmf(plates: int, digits: str = "balanced") -> dict[int, Fraction]:
    """Distribution of the highest count of any one digit on ``plates`` unseen plates.

    Counts the ways all ten digits stay at or below m with a generating function:
    uniform: n! [x^n] (sum_{j<=m} x^j/j!)^10 out of 10^n; balanced: [x^n]
    (sum_{j<=m} C(30,j) x^j)^10 out of C(300, n).
    """
    n = DIGITS_PER_PLATE * plates
    if digits == "uniform":
        from math import factorial

        term = [Fraction(1, factorial(j)) for j in range(n + 1)]
        total = Fraction(10**n, factorial(n))
    else:
        term = [Fraction(comb(PER_DIGIT, j)) for j in range(min(n, PER_DIGIT) + 1)]
        total = Fraction(comb(PER_DIGIT * 10, n))

    def at_most(m: int) -> Fraction:
        poly = [Fraction(1)]
        one = term[: m + 1]
        for _ in range(10):
            poly = _times(poly, one, n)
        return (poly[n] if n < len(poly) else Fraction(0)) / total

    pmf, below = {}, Fraction(0)
    for m in range(n + 1):
        cdf = at_most(m)
        if cdf != below:
            pmf[m], below = cdf - below, cdf
        if cdf == 1:
            break
    return pmf


def _times(a: list[Fraction], b: list[Fraction], cap: int) -> list[Fraction]:
    out = [Fraction(0)] * min(len(a) + len(b) - 1, cap + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: cap + 1 - i]):
                out[i + j] += x * y
    return out


# ---------------------------------------------------------------- bots


class BasicBot(RandomBot):
    """Plays the odds from its own view. Answers a bid by agreeing when it is at least as
    likely true as false, else challenging. Opens (or raises after all agreed) with the
    highest bid that is at least even money from its plate; cancels when it has none."""

    level = "basic"

    def choose(self, state: State) -> Any:
        view = state.view(state.current_player)  # type: ignore[arg-type]
        standing = view["standing_bid"]
        if standing and standing["bidder"] != view["seat"]:
            return Agree() if bid_chance_from_view(view) >= HALF else Challenge()
        above = (standing["count"], standing["digit"]) if standing else (0, 9)
        knows = _what_seat_knows(view)
        best = None
        for d in DIGITS:
            top = _highest_even_money(count_in_play_pmf(d, *knows))
            if top and (top, d) > max(above, best.key if best else above):
                best = Bid(top, d)
        if best:
            return best
        return Cancel() if standing else state.legal_actions()[0]


HALF = Fraction(1, 2)


def _highest_even_money(pmf: dict[int, Fraction]) -> int:
    """The highest count c >= 1 with P(X >= c) >= 1/2 (0 if there is none): the tail is
    summed once, from the top down."""
    tail = Fraction(0)
    for c in sorted(pmf, reverse=True):
        tail += pmf[c]
        if tail >= HALF:
            return c
    return 0


PlatesState.BOTS = {"random": RandomBot, "basic": BasicBot}
PlatesState.ACTIONS = (Shuffle, Plate, Bid, Challenge, Agree, Cancel)
