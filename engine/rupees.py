"""Make-A-Million Rupees (the Rupee edition of Parker Brothers' Make-A-Million), as RULES.md §1
settles it.

A partnership trick-taking game for four (partners opposite: seats 0+2 against 1+3). The deck
has 55 cards: four colours (Red, Yellow, Black, Green) of 13 cards ranked
``₹40k > ₹30k > ₹15k > 11 > ₹10k > 9 > 8 > 7 > ₹5k > 4 > 3 > 2 > 1`` (no 6), whose five ₹ cards
are *Money* (₹100,000 a colour, ₹400,000 in all), and three specials: the Bengal Tiger (the
highest trump), the Lion of India (doubles a trick's Money) and the Bear (cancels it).

A hand: the dealer deals 13 cards each and 3 to the *widow*. From the dealer's left, players
bid for the right to name trumps: the opener bids at least ₹175,000, each raise is ₹10,000 or
more, in multiples of ₹5,000, up to ₹400,000; a pass is final; the last bidder left is the
*declarer* and his bid the *contract*. He takes the widow, discards three cards (never a
special; Money only when nothing else can go, and then shown), names trumps and leads. Players
follow the colour led when they can (the Tiger is a trump); the Lion and the Bear may not be
led while the leader holds another card, and may be played only by a player who cannot follow,
or as his last card. The Tiger wins a trick, else the highest trump, else the highest card of
the colour led. A trick is worth its Money; the later of Lion and Bear in it doubles it or makes
it worthless. The declarer's side scores its capture if it reached the contract, else loses the
contract; the defenders always score their capture. The deal passes left; the first side to
₹1,000,000 wins (the higher score if both reach it in one hand; another hand on an exact tie).

Options (RULES.md): ``specials_any_time`` (the seed's variation), ``show_widow``,
``opener_may_pass`` (all pass: the next dealer redeals), ``discards_to_last_trick``, ``target``
(None: the rules' ₹1,000,000, ₹2,000,000 with two decks), ``call_partner`` (4 players: the
declarer calls a card; its holder is his secret partner; scores per player), and 6 or 8 players
with two decks (teams in alternating seats; 18 cards each and a 2-card widow, or 13 each and a
6-card widow; opening ₹350,000; identical cards: the one played first ranks higher).

>>> import engine
>>> s = engine.new_game("rupees", seed=7)
>>> s = s.apply(s.sample_chance())  # the deal is a chance action
>>> s.current_player, s.legal_actions()[0]
(1, RupeeBid(amount=175000))
>>> str(RupeePlay("R40k")), trick_value(parse("R40k Lion G5k Y1"))
('play Red ₹40k', 90000)

Decisions beyond RULES.md: a leader holding only Lions and Bears must lead one of them; before
any colour is set in a trick (a Lion or Bear was led) the followers may play any card; with
``specials_any_time`` the lead restriction on the Lion and the Bear still holds; with two decks
bids go up to ₹800,000; with ``discards_to_last_trick`` the discarded Money counts plainly (no
Lion or Bear acts on it) for the winner of the last trick.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb
from typing import Any, ClassVar

from .core import CHANCE, Auction, IllegalAction, RandomBot, Shuffle, State, clockwise, value

COLOURS = ("R", "Y", "B", "G")
COLOUR_NAMES = {"R": "Red", "Y": "Yellow", "B": "Black", "G": "Green"}
RANKS = ("40k", "30k", "15k", "11", "10k", "9", "8", "7", "5k", "4", "3", "2", "1")
"""The ranks of a colour, high to low (there is no 6)."""
MONEY = {"40k": 40_000, "30k": 30_000, "15k": 15_000, "10k": 10_000, "5k": 5_000}
TIGER, LION, BEAR = "Tiger", "Lion", "Bear"
SPECIALS = (TIGER, LION, BEAR)
SPECIAL_NAMES = {TIGER: "Bengal Tiger", LION: "Lion of India", BEAR: "Bear"}
MONEY_PER_DECK = 4 * sum(MONEY.values())  # ₹400,000

STEP = 5_000
RAISE = 10_000


@dataclass(frozen=True)
class Setup:
    """What the player count fixes: decks, cards each, widow, opening bid, highest bid, target."""

    decks: int
    hand: int
    widow: int
    opening: int
    top_bid: int
    target: int


SETUPS = {
    4: Setup(1, 13, 3, 175_000, 400_000, 1_000_000),
    6: Setup(2, 18, 2, 350_000, 800_000, 2_000_000),
    8: Setup(2, 13, 6, 350_000, 800_000, 2_000_000),
}


# ---------------------------------------------------------------- cards


@value
class RupeeCard:
    """A Rupee card by its short code: ``RupeeCard("R40k")`` (Red ₹40,000), ``RupeeCard("Y11")``,
    ``RupeeCard("Tiger")``. Its colour, rank, power and Money are worked out once."""

    code: str
    colour: ClassVar[str]
    rank: ClassVar[str]
    power: ClassVar[int]
    """Rank within its colour: 12 for ₹40k down to 0 for the 1 (0 for a special)."""
    money: ClassVar[int]
    """Its value in ₹ (0 for a card that is not Money)."""

    def __post_init__(self) -> None:
        code = self.code if isinstance(self.code, str) else ""
        colour, rank = ("", code) if code in SPECIALS else (code[:1], code[1:])
        if not (rank in SPECIALS if not colour else colour in COLOURS and rank in RANKS):
            raise ValueError(f"no such Rupee card: {self.code!r} (codes: R40k, Y11, B5k, Tiger)")
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "power", 12 - RANKS.index(rank) if colour else 0)
        object.__setattr__(self, "money", MONEY.get(rank, 0))

    @property
    def is_special(self) -> bool:
        return not self.colour

    @property
    def is_money(self) -> bool:
        return self.money > 0

    @classmethod
    def from_str(cls, text: str) -> RupeeCard:
        """``R40k``, ``Y11``, ``Red ₹40k``, ``tiger``, ``Lion``, ``bear``."""
        t = text.strip().replace("₹", "").replace(",000", "k").replace(" ", "")
        for special in SPECIALS:
            if t.lower() in (special.lower(), SPECIAL_NAMES[special].lower().replace(" ", "")):
                return cls(special)
        for c, name in COLOUR_NAMES.items():
            for head in (name, c):
                if t.lower().startswith(head.lower()) and t[len(head) :].lower() in RANKS:
                    return cls(c + t[len(head) :].lower())
        raise ValueError(f"not a Rupee card: {text!r} (write e.g. R40k, Y11, B5k, Tiger)")

    def __str__(self) -> str:
        if self.is_special:
            return self.rank
        face = "₹" + self.rank if self.is_money else self.rank
        return f"{COLOUR_NAMES[self.colour]} {face}"


def parse(text: str) -> tuple[RupeeCard, ...]:
    """Cards from short forms separated by spaces or commas: ``parse("R40k Y11 Tiger")``."""
    return tuple(RupeeCard.from_str(t) for t in text.replace(",", " ").split())


def rupee_deck(decks: int = 1) -> tuple[RupeeCard, ...]:
    """The 55 cards (colour by colour, high to low, then Tiger, Lion, Bear), ``decks`` times."""
    one = tuple(RupeeCard(c + r) for c in COLOURS for r in RANKS)
    one += tuple(RupeeCard(s) for s in SPECIALS)
    return one * decks


CARDS = {c.code: c for c in rupee_deck()}
"""Code -> card, for the 55 cards."""


def as_card(card: RupeeCard | str) -> RupeeCard:
    """A card given as a ``RupeeCard`` or by its code."""
    return card if isinstance(card, RupeeCard) else CARDS[card]


def _sort_key(card: RupeeCard) -> tuple[int, int]:
    if card.is_special:
        return (0, SPECIALS.index(card.rank))
    return (1 + COLOURS.index(card.colour), -card.power)


def sort_hand(cards: Iterable[RupeeCard]) -> tuple[RupeeCard, ...]:
    """Specials first, then colour by colour, high to low."""
    return tuple(sorted(cards, key=_sort_key))


def money_of(cards: Iterable[RupeeCard]) -> int:
    return sum(c.money for c in cards)


# ---------------------------------------------------------------- actions


@value
class RupeeBid:
    """A bid in ₹ for the right to name trumps: ``RupeeBid(185000)``."""

    amount: int

    def __post_init__(self) -> None:
        if isinstance(self.amount, bool) or not isinstance(self.amount, int):
            raise ValueError(f"a bid is a whole number of Rupees, not {self.amount!r}")

    def __str__(self) -> str:
        return f"bid {rupees(self.amount)}"


@value
class RupeePass:
    """Leave the auction (a pass is final)."""

    def __str__(self) -> str:
        return "pass"


class _OneCard:
    """An action about one card, saved by the card's code: ``RupeePlay("R40k")`` (given a
    ``RupeeCard``, it keeps its code). ``action.card`` is the ``RupeeCard``."""

    code: str

    def __post_init__(self) -> None:
        code = self.code.code if isinstance(self.code, RupeeCard) else self.code
        if not isinstance(code, str) or code not in CARDS:
            raise ValueError(f"no such Rupee card: {self.code!r} (codes: R40k, Y11, B5k, Tiger)")
        object.__setattr__(self, "code", code)

    @property
    def card(self) -> RupeeCard:
        return CARDS[self.code]


@value
class RupeeDiscard(_OneCard):
    """The declarer lays one card aside (three in all, after taking the widow)."""

    code: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@value
class NameTrump:
    """The declarer names the trump colour."""

    colour: str

    def __post_init__(self) -> None:
        if self.colour not in COLOURS:
            raise ValueError(f"trumps are one of the colours R, Y, B, G, not {self.colour!r}")

    def __str__(self) -> str:
        return f"trumps {COLOUR_NAMES[self.colour]}"


@value
class CallPartner(_OneCard):
    """``call_partner`` option: the declarer names a card; its holder is his secret partner."""

    code: str

    def __str__(self) -> str:
        return f"call {self.card}"


@value
class RupeePlay(_OneCard):
    """Play a card to the trick."""

    code: str

    def __str__(self) -> str:
        return f"play {self.card}"


def rupees(amount: int) -> str:
    """``rupees(185000)`` -> ``'₹185,000'`` (a minus sign in front when negative)."""
    return ("-" if amount < 0 else "") + f"₹{abs(amount):,}"


def _is_bid(call: Any) -> bool:
    return isinstance(call, RupeeBid)


# ---------------------------------------------------------------- tricks and hands


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, who won it and what it is worth."""

    number: int  # 1 for the first trick of a hand
    leader: int
    cards: tuple[tuple[int, RupeeCard], ...]
    winner: int
    value: int

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "leader": self.leader,
            "cards": [[s, c.code] for s, c in self.cards],
            "winner": self.winner,
            "value": self.value,
        }


def colour_led(cards: Sequence[RupeeCard], trump: str) -> str | None:
    """The colour of the first card that is coloured or the Tiger (the Tiger counts as trump);
    None while only Lions and Bears have been played."""
    for c in cards:
        if c.colour:
            return c.colour
        if c.rank == TIGER:
            return trump
    return None


def trick_winner(cards: Sequence[RupeeCard], trump: str) -> int:
    """Index of the winning card: the Tiger, else the highest trump, else the highest card of
    the colour led. Of two identical cards the one played first wins. Lions and Bears never
    win."""
    led = colour_led(cards, trump)
    best, key = -1, (-1, -1)
    for i, c in enumerate(cards):
        if c.rank == TIGER:
            k = (3, 0)
        elif c.colour == trump:
            k = (2, c.power)
        elif c.colour and c.colour == led:
            k = (1, c.power)
        else:
            continue
        if k > key:
            best, key = i, k
    return best


def trick_value(cards: Sequence[RupeeCard]) -> int:
    """The Money in the trick; the later of Lion and Bear played in it doubles it (Lion) or
    makes it worthless (Bear)."""
    total = money_of(cards)
    for c in reversed(cards):
        if c.rank == LION:
            return 2 * total
        if c.rank == BEAR:
            return 0
    return total


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

    def to_dict(self) -> dict:
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


# ---------------------------------------------------------------- the state


class RupeesState(State):
    """A game of Make-A-Million Rupees: ``engine.new_game("rupees", players=4, seed=7)``."""

    game = "rupees"
    PLAYERS = (4, 6, 8)
    OPTIONS: ClassVar[dict[str, tuple[Any, ...]]] = {
        "specials_any_time": (False, True),
        "show_widow": (False, True),
        "opener_may_pass": (False, True),
        "discards_to_last_trick": (False, True),
        "target": (None, 100_000, 250_000, 500_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000),
        "call_partner": (False, True),
    }

    setup: Setup
    target: int
    hand_no: int
    dealer: int
    phase: str  # "deal", "bid", "discard", "trump", "call", "play", "over"
    hands: tuple[tuple[RupeeCard, ...], ...]
    widow: tuple[RupeeCard, ...]
    auction: Auction
    declarer: int | None
    contract: int
    discards: tuple[RupeeCard, ...]
    trump: str | None
    called: RupeeCard | None
    partner: int | None
    revealed: bool
    trick: tuple[tuple[int, RupeeCard], ...]
    tricks: tuple[Trick, ...]
    last_trick: Trick | None  # the latest trick closed, kept after its hand is scored
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    to_move: int | None

    def _setup(self) -> None:
        self.setup = SETUPS[self.num_players]
        self.target = self.options["target"] or self.setup.target
        if self.options["call_partner"] and self.num_players != 4:
            raise ValueError("option call_partner is for 4 players (one deck)")
        self.hand_no = 0
        self.dealer = 0
        self.scores = (0,) * self.num_players
        self.results = ()
        self.last_trick = None
        self._new_hand()

    def _new_hand(self) -> None:
        self.phase = "deal"
        self.to_move = CHANCE
        self.hands = ((),) * self.num_players
        self.widow = ()
        self.auction = Auction()
        self.declarer, self.contract = None, 0
        self.discards = ()
        self.trump = None
        self.called, self.partner, self.revealed = None, None, False
        self.trick, self.tricks = (), ()

    # -- what everyone can see
    @property
    def current_player(self) -> int | None:
        return self.to_move

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that score with ``seat`` this hand: its team (alternating seats), or with
        ``call_partner`` the declarer and his partner (the defenders together)."""
        if self.options["call_partner"]:
            if self.declarer is None:
                return (seat,)
            side = {self.declarer, self.partner} - {None}
            if seat in side:
                return tuple(sorted(side))  # type: ignore[arg-type]
            return tuple(s for s in range(self.num_players) if s not in side)
        return tuple(s for s in range(self.num_players) if s % 2 == seat % 2)

    def standing_bid(self) -> tuple[int, RupeeBid] | None:
        return self.auction.high(_is_bid)

    def passed(self) -> set[int]:
        return self.auction.seats_that(RupeePass)

    def min_bid(self) -> int:
        """The lowest bid allowed now: the opening bid, or ₹10,000 above the standing bid."""
        standing = self.standing_bid()
        return standing[1].amount + RAISE if standing else self.setup.opening

    def captured(self) -> tuple[int, ...]:
        """₹ captured so far this hand by each seat (discards included once the last trick is
        won, with ``discards_to_last_trick``)."""
        out = [0] * self.num_players
        for t in self.tricks:
            out[t.winner] += t.value
        if self.options["discards_to_last_trick"] and len(self.tricks) == self.setup.hand:
            out[self.tricks[-1].winner] += money_of(self.discards)
        return tuple(out)

    def returns(self) -> list[int]:
        """Each seat's score in ₹ (partners share their side's score)."""
        return list(self.scores)

    def winners(self) -> list[int]:
        """The seats with the highest score."""
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]

    # -- legal actions
    def _legal(self) -> list:
        if self.to_move == CHANCE:
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        if self.phase == "bid":
            bids = [RupeeBid(a) for a in range(self.min_bid(), self.setup.top_bid + 1, STEP)]
            return bids if self._must_open() else [*bids, RupeePass()]
        if self.phase == "discard":
            return [RupeeDiscard(c) for c in _unique(self.discardable())]
        if self.phase == "trump":
            return [NameTrump(c) for c in COLOURS]
        if self.phase == "call":
            mine = set(self.hands[self.to_move]) | set(self.discards)  # type: ignore[index]
            return [CallPartner(c) for c in rupee_deck() if c not in mine]
        return [RupeePlay(c) for c in _unique(self.playable(self.to_move))]  # type: ignore[arg-type]

    def _must_open(self) -> bool:
        return not self.options["opener_may_pass"] and self.standing_bid() is None

    def discardable(self) -> list[RupeeCard]:
        """Never a special; Money only when nothing else is left to discard."""
        hand = self.hands[self.to_move]  # type: ignore[index]
        plain = [c for c in hand if not c.is_special and not c.is_money]
        return plain or [c for c in hand if c.is_money]

    def playable(self, seat: int) -> list[RupeeCard]:
        """The cards ``seat`` may play to the current trick."""
        hand = self.hands[seat]
        trump = self.trump or ""
        free = self.options["specials_any_time"]
        if not self.trick:
            ordinary = [c for c in hand if c.rank not in (LION, BEAR)]
            return ordinary or list(hand)  # only Lions and Bears left: one must be led
        led = colour_led([c for _, c in self.trick], trump)
        if led is None:
            return list(hand)

        def follows(c: RupeeCard) -> bool:
            return c.colour == led or (c.rank == TIGER and led == trump)

        if not any(follows(c) for c in hand):
            return list(hand)  # cannot follow (a last Lion or Bear never can): any card
        return [c for c in hand if follows(c) or (free and c.is_special)]

    def why_not_play(self, seat: int, card: RupeeCard) -> str | None:
        """None if ``seat`` may play ``card`` now, else the rule that forbids it."""
        hand = self.hands[seat]
        if card not in hand:
            return f"{card} is not in the hand of seat {seat}"
        if card in self.playable(seat):
            return None
        if not self.trick:
            return f"the {SPECIAL_NAMES[card.rank]} may not lead while you hold another card"
        led = colour_led([c for _, c in self.trick], self.trump or "")
        name = COLOUR_NAMES[led]  # type: ignore[index]
        if card.rank in (LION, BEAR):
            return (
                f"the {SPECIAL_NAMES[card.rank]} may be played only when you cannot follow "
                f"{name}, or as your last card"
            )
        only_tiger = not any(c.colour == led for c in hand)
        if led == self.trump and only_tiger and card.rank != TIGER:
            return f"trumps ({name}) were led and the Tiger is your only trump: you must play it"
        return f"you must follow the colour led ({name})"

    def _check(self, action: Any) -> None:
        if self.to_move == CHANCE:
            if not isinstance(action, Shuffle):
                raise IllegalAction("the cards must be shuffled and dealt first (a Shuffle)")
            if sorted(map(_deck_key, action.cards)) != _SORTED_DECK[self.setup.decks]:
                raise IllegalAction(
                    f"a shuffle holds the whole deck: the {55 * self.setup.decks} Rupee cards"
                )
            return
        seat = self.to_move
        assert seat is not None
        kinds = {
            "bid": (RupeeBid, RupeePass),
            "discard": (RupeeDiscard,),
            "trump": (NameTrump,),
            "call": (CallPartner,),
            "play": (RupeePlay,),
        }[self.phase]
        if not isinstance(action, kinds):
            need = " or ".join(k.__name__ for k in kinds)
            raise IllegalAction(
                f"now is the {self.phase} step: {need} expected, not {type(action).__name__}"
            )
        if isinstance(action, RupeePass):
            if self._must_open():
                raise IllegalAction(
                    f"the opener must bid (at least {rupees(self.setup.opening)}); "
                    "only with opener_may_pass may he pass"
                )
        elif isinstance(action, RupeeBid):
            low, top = self.min_bid(), self.setup.top_bid
            if action.amount % STEP:
                raise IllegalAction(f"bids are multiples of {rupees(STEP)}")
            if action.amount < low:
                why = (
                    f"₹10,000 above the standing bid of {rupees(low - RAISE)}"
                    if self.standing_bid()
                    else "the opening bid"
                )
                raise IllegalAction(f"a bid must be at least {rupees(low)} ({why})")
            if action.amount > top:
                raise IllegalAction(f"bids go up to {rupees(top)}, all the Money in the deck")
        elif isinstance(action, RupeeDiscard):
            c = action.card
            if c not in self.hands[seat]:
                raise IllegalAction(f"{c} is not in the declarer's hand")
            if c.is_special:
                raise IllegalAction(f"the {SPECIAL_NAMES[c.rank]} may never be discarded")
            if c not in self.discardable():
                raise IllegalAction("a Money card may be discarded only when no other card can go")
        elif isinstance(action, CallPartner):
            if action.card in self.hands[seat] or action.card in self.discards:
                raise IllegalAction(
                    "the called card must be one the declarer neither holds nor discarded"
                )
        elif isinstance(action, RupeePlay):
            why = self.why_not_play(seat, action.card)
            if why:
                raise IllegalAction(why)

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            n, k = self.num_players, self.setup.hand
            cards = tuple(map(as_card, action.cards))
            self.hands = tuple(sort_hand(cards[s * k : (s + 1) * k]) for s in range(n))
            self.widow = tuple(cards[n * k :])
            self.phase = "bid"
            self.to_move = clockwise(self.dealer, n)
            return
        seat = self.to_move
        assert seat is not None and seat >= 0
        if isinstance(action, (RupeeBid, RupeePass)):
            self._call(seat, action)
        elif isinstance(action, RupeeDiscard):
            self.hands = _replace(self.hands, seat, _remove(self.hands[seat], action.card))
            self.discards = (*self.discards, action.card)
            if len(self.discards) == self.setup.widow:
                self.phase = "trump"
        elif isinstance(action, NameTrump):
            self.trump = action.colour
            self.phase = "call" if self.options["call_partner"] else "play"
        elif isinstance(action, CallPartner):
            self.called = action.card
            self.partner = next(s for s, h in enumerate(self.hands) if action.card in h)
            self.phase = "play"
        else:
            self._play(seat, action.card)

    def _call(self, seat: int, call: Any) -> None:
        self.auction = self.auction.add(seat, call)
        n = self.num_players
        live = [s not in self.passed() for s in range(n)]
        standing = self.standing_bid()
        if sum(live) == 0:  # all passed (opener_may_pass): the next dealer redeals
            self.dealer = clockwise(self.dealer, n)
            self._new_hand()
        elif sum(live) == 1 and standing is not None:
            self.declarer, self.contract = standing[0], standing[1].amount
            self.hands = _replace(
                self.hands, self.declarer, sort_hand(self.hands[self.declarer] + self.widow)
            )
            self.phase = "discard"
            self.to_move = self.declarer
        else:
            self.to_move = clockwise(seat, n, live)

    def _play(self, seat: int, card: RupeeCard) -> None:
        self.hands = _replace(self.hands, seat, _remove(self.hands[seat], card))
        if card == self.called:
            self.revealed = True
        self.trick = (*self.trick, (seat, card))
        if len(self.trick) < self.num_players:
            self.to_move = clockwise(seat, self.num_players)
            return
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner(cards, self.trump)][0]  # type: ignore[arg-type]
        self.last_trick = Trick(
            len(self.tricks) + 1, self.trick[0][0], self.trick, winner, trick_value(cards)
        )
        self.tricks = (*self.tricks, self.last_trick)
        self.trick = ()
        self.to_move = winner
        if not self.hands[winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        captured = self.captured()
        side = self.side_of(self.declarer)  # type: ignore[arg-type]
        got = sum(captured[s] for s in side)
        made = got >= self.contract
        if self.options["call_partner"]:
            others = sum(captured) - got
            points = tuple(
                (got if made else (-self.contract if s == self.declarer else 0))
                if s in side
                else others
                for s in range(self.num_players)
            )
        else:
            team = [sum(captured[s] for s in self.side_of(t)) for t in (0, 1)]
            points = tuple(
                (team[s % 2] if made else -self.contract) if s in side else team[s % 2]
                for s in range(self.num_players)
            )
        self.scores = tuple(a + b for a, b in zip(self.scores, points, strict=True))
        result = HandResult(
            self.hand_no,
            self.dealer,
            self.declarer,  # type: ignore[arg-type]
            self.contract,
            self.trump,  # type: ignore[arg-type]
            (self.declarer, *(s for s in side if s != self.declarer)),  # type: ignore[arg-type]
            captured,
            got,
            made,
            points,
            tuple(c.code for c in self.discards if c.is_money),
        )
        self.results = (*self.results, result)
        self.phase = "scored"
        if self._game_over():
            self.phase, self.to_move = "over", None
            return
        self.hand_no += 1
        self.dealer = clockwise(self.dealer, self.num_players)
        self._new_hand()

    def _game_over(self) -> bool:
        """A side reached the target and no other side ties its highest score."""
        best = max(self.scores)
        if best < self.target:
            return False
        top = {s for s, v in enumerate(self.scores) if v == best}
        if self.options["call_partner"]:
            return len(top) == 1
        return len({s % 2 for s in top}) == 1

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        """A fair deal: the deck order by card codes (a ``Shuffle`` of ``RupeeCard`` values,
        or of codes, deals the same)."""
        deck = list(rupee_deck(self.setup.decks))
        rng.shuffle(deck)
        return Shuffle(tuple(c.code for c in deck))

    # -- what one seat may see
    def view(self, seat: int, reveal: bool = False) -> dict:
        """Exactly what ``seat`` may see: his own hand, the widow only as the declarer (or with
        ``show_widow``), his own discards as the declarer and any discarded Money, every card
        played, and who the called partner is once that card is played (or to the partner).
        ``reveal=True`` (teacher): also ``hands``, every seat's hand, and the widow, every
        discard and the partner."""
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"no seat {seat!r} at a {self.num_players}-player table")
        standing = self.standing_bid()
        taken = self.declarer is not None
        sees_widow = reveal or (taken and (seat == self.declarer or self.options["show_widow"]))
        knows_partner = reveal or self.revealed or seat == self.partner
        out = {
            "game": self.game,
            "seat": seat,
            "players": self.num_players,
            "options": dict(self.options),
            "target": self.target,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": [c.code for c in self.hands[seat]],
            "hand_sizes": [len(h) for h in self.hands],
            "widow": [c.code for c in self.widow] if sees_widow else None,
            "widow_size": self.setup.widow,
            "calls": [[s, str(c)] for s, c in self.auction.calls],
            "standing_bid": [standing[0], standing[1].amount] if standing else None,
            "passed": sorted(self.passed()),
            "min_bid": self.min_bid(),
            "declarer": self.declarer,
            "contract": self.contract,
            "discards": (
                [c.code for c in self.discards]
                if seat == self.declarer or reveal
                else [c.code for c in self.discards if c.is_money]
            ),
            "discard_count": len(self.discards),
            "trump": self.trump,
            "called": self.called.code if self.called else None,
            "partner": self.partner if knows_partner else None,
            "trick": [[s, c.code] for s, c in self.trick],
            "tricks": [t.to_dict() for t in self.tricks],
            "last_trick": self.last_trick.to_dict() if self.last_trick else None,
            "captured": list(self.captured()),
            "scores": list(self.scores),
            "results": [r.to_dict() for r in self.results],
        }
        if reveal:
            out["revealed"] = True
            out["hands"] = [[c.code for c in h] for h in self.hands]
        return out

    def __str__(self) -> str:
        head = f"Make-A-Million Rupees, {self.num_players} players, hand {self.hand_no + 1}"
        scores = ", ".join(f"seat {s} {rupees(v)}" for s, v in enumerate(self.scores))
        if self.to_move == CHANCE:
            return f"{head}: seat {self.dealer} deals\n  scores: {scores}"
        turn = "game over" if self.to_move is None else f"seat {self.to_move} to move"
        lines = [f"{head}: {self.phase}, {turn}", f"  scores: {scores}"]
        if self.declarer is not None:
            trump = COLOUR_NAMES[self.trump] if self.trump else "not named yet"
            lines.append(f"  seat {self.declarer} declares {rupees(self.contract)}, trumps {trump}")
        elif self.auction.calls:
            lines.append("  calls: " + ", ".join(f"seat {s} {c}" for s, c in self.auction.calls))
        for s, h in enumerate(self.hands):
            lines.append(f"  seat {s}: " + " ".join(c.code for c in h))
        if self.trick:
            lines.append("  trick: " + ", ".join(f"seat {s} {c}" for s, c in self.trick))
        if self.results:
            lines.append("  last: " + str(self.results[-1]))
        return "\n".join(lines)


def _deck_key(card: Any) -> str:
    if isinstance(card, RupeeCard) or (isinstance(card, str) and card in CARDS):
        return as_card(card).code
    return repr(card)


_SORTED_DECK = {d: sorted(c.code for c in rupee_deck(d)) for d in (1, 2)}


def _unique(cards: Iterable[RupeeCard]) -> list[RupeeCard]:
    return list(dict.fromkeys(cards))


def _remove(hand: tuple[RupeeCard, ...], card: RupeeCard) -> tuple[RupeeCard, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _replace(hands: tuple, seat: int, hand: tuple) -> tuple:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def rigged_shuffle(
    hands: Sequence[Sequence[RupeeCard | str]] = (),
    widow: Sequence[RupeeCard | str] = (),
    players: int = 4,
    seed: int = 0,
) -> Shuffle:
    """A ``Shuffle`` (the deck order, by card codes) dealing the given cards first in each
    seat's hand (and the widow), the rest of the deck shuffled from ``seed``. Cards may be
    given as ``RupeeCard`` or short text."""
    setup = SETUPS[players]
    left = Counter(rupee_deck(setup.decks))
    want: list[list[RupeeCard]] = []
    for part in (*hands, widow):
        cards = [c if isinstance(c, RupeeCard) else RupeeCard.from_str(c) for c in part]
        for c in cards:
            if left[c] == 0:
                raise ValueError(f"{c} is dealt more often than the deck holds it")
            left[c] -= 1
        want.append(cards)
    rest = list(left.elements())
    random.Random(seed).shuffle(rest)
    sizes = [setup.hand] * players + [setup.widow]
    given = want[:-1] + [[]] * (players - len(hands)) + [want[-1]]
    out: list[RupeeCard] = []
    for size, cards in zip(sizes, given, strict=True):
        if len(cards) > size:
            raise ValueError(f"a hand holds {setup.hand} cards and the widow {setup.widow}")
        out += cards + [rest.pop() for _ in range(size - len(cards))]
    return Shuffle(tuple(c.code for c in out))


# ---------------------------------------------------------------- exact odds


def hypergeometric(k: int, good: int, total: int, drawn: int) -> Fraction:
    """P(exactly ``k`` of the ``good`` cards among ``drawn`` cards dealt from ``total``)."""
    return Fraction(comb(good, k) * comb(total - good, drawn - k), comb(total, drawn))


def money_pmf(cards: int, decks: int = 1) -> dict[int, Fraction]:
    """Distribution of the Money (₹) in ``cards`` cards dealt from the full deck: sums over how
    many of each Money rank (4 per deck of each) are among them."""
    total = 55 * decks
    per = 4 * decks
    plain = total - per * len(MONEY)
    ways: Counter = Counter()
    for counts in product(range(per + 1), repeat=len(MONEY)):
        n = sum(counts)
        if n > cards:
            continue
        w = comb(plain, cards - n)
        for c in counts:
            w *= comb(per, c)
        if w:
            ways[sum(c * v for c, v in zip(counts, MONEY.values(), strict=True))] += w
    return {m: Fraction(w, comb(total, cards)) for m, w in sorted(ways.items())}


def expected(pmf: dict[int, Fraction]) -> Fraction:
    return sum((k * p for k, p in pmf.items()), Fraction(0))


def chance_at_least(pmf: dict[int, Fraction], amount: int) -> Fraction:
    """P(X >= amount) for a distribution ``{value: probability}``."""
    return sum((p for k, p in pmf.items() if k >= amount), Fraction(0))


def widow_has_no_money() -> Fraction:
    """The chance the 3-card widow holds no Money card: C(35,3)/C(55,3)."""
    return hypergeometric(0, 20, 55, 3)


def declarer_gets_tiger() -> Fraction:
    """The chance a declarer (chosen without looking at the cards) holds the Tiger after taking
    the widow: his 13 cards plus the 3 of the widow, 16 of 55."""
    return Fraction(13 + 3, 55)


def specials_in_hand_pmf(cards: int = 13) -> dict[int, Fraction]:
    """Distribution of how many of the three specials are among ``cards`` cards."""
    return {k: hypergeometric(k, 3, 55, cards) for k in range(4)}


def colour_length_pmf(cards: int = 13) -> dict[int, Fraction]:
    """Distribution of how many cards of one given colour (13 of 55) a hand of ``cards`` holds."""
    return {k: hypergeometric(k, 13, 55, cards) for k in range(min(cards, 13) + 1)}


def side_makes_pmf(contract: int) -> Fraction:
    """The chance that a side's 26 dealt cards hold at least ``contract`` in Money."""
    return chance_at_least(money_pmf(26), contract)


def unseen_money(view: dict) -> int:
    """Money that ``view``'s seat has not seen played, in his hand or discarded: still out."""
    seen = [RupeeCard.from_str(c) for c in view["hand"]]
    seen += [RupeeCard.from_str(c) for t in view["tricks"] for _, c in t["cards"]]
    seen += [RupeeCard.from_str(c) for _, c in view["trick"]]
    seen += [RupeeCard.from_str(c) for c in view["discards"]]
    decks = SETUPS[view["players"]].decks
    return MONEY_PER_DECK * decks - money_of(seen)


# ---------------------------------------------------------------- bots


class RupeesRandomBot(RandomBot):
    """Plays a random legal card, discards and names trumps at random. In the auction it
    passes or makes the lowest legal bid with even chances (a uniform pick among all the bids
    would drive every contract to ₹400,000, and games to the target would never end)."""

    def choose(self, state: State) -> Any:
        legal = state.legal_actions()
        if isinstance(legal[0], RupeeBid):
            passes = [a for a in legal if isinstance(a, RupeePass)]
            return self.rng.choice([legal[0], *passes])
        return self.rng.choice(legal)


def hand_strength(hand: Sequence[RupeeCard]) -> int:
    """The basic bot's estimate (₹) of what its side takes if it names trumps: a base of
    ₹100,000, plus half its own Money, ₹15,000 for each ₹40k or ₹30k card, ₹40,000 for the
    Tiger, ₹20,000 for the Lion, less ₹20,000 for the Bear, and ₹10,000 for each card past four
    in its longest colour."""
    ranks = Counter(c.rank for c in hand)
    longest = max(Counter(c.colour for c in hand if c.colour).values(), default=0)
    return (
        100_000
        + money_of(hand) // 2
        + 15_000 * (ranks["40k"] + ranks["30k"])
        + 40_000 * ranks[TIGER]
        + 20_000 * ranks[LION]
        - 20_000 * ranks[BEAR]
        + 10_000 * max(0, longest - 4)
    )


def best_trump(hand: Sequence[RupeeCard]) -> str:
    """The longest colour, strength (sum of ranks) breaking ties: the longest strong colour."""
    return max(
        COLOURS,
        key=lambda c: (
            sum(1 for x in hand if x.colour == c),
            sum(x.power for x in hand if x.colour == c),
        ),
    )


class RupeesBasicBot(RandomBot):
    """Bids up to its ``hand_strength`` estimate; discards its lowest non-Money cards outside
    its planned trump colour, shortest colour first; names its longest strong colour. In play it
    leads its trump top cards while it holds the Tiger, else low cards; wins a trick with Money
    in it with the cheapest winning card; plays Money onto a trick its partner is winning; drops
    the Bear on the opponents' rich tricks and the Lion on its own side's."""

    level = "basic"

    def choose(self, state: State) -> Any:
        seat = state.current_player
        view = state.view(seat)  # type: ignore[arg-type]
        legal = state.legal_actions()
        hand = [RupeeCard.from_str(c) for c in view["hand"]]
        phase = view["phase"]
        if phase == "bid":
            if RupeePass() not in legal:
                return legal[0]  # the opener must bid
            standing = view["standing_bid"]
            if standing and standing[0] in _mates(view):
                return RupeePass()  # let the partner play it
            low = legal[0]
            return (
                low
                if isinstance(low, RupeeBid) and hand_strength(hand) >= low.amount
                else RupeePass()
            )
        if phase == "discard":
            trump = best_trump(hand)
            length = Counter(c.colour for c in hand)
            options = [a.card for a in legal]
            return RupeeDiscard(
                min(
                    options,
                    key=lambda c: (c.colour == trump, c.money, length[c.colour], c.power),
                )
            )
        if phase == "trump":
            return NameTrump(best_trump(hand))
        if phase == "call":
            wanted = [a for a in legal if a.card.rank == TIGER]
            return wanted[0] if wanted else max(legal, key=lambda a: a.card.money)
        return RupeePlay(self._card(view, [a.card for a in legal]))

    def _card(self, view: dict, cards: list[RupeeCard]) -> RupeeCard:
        trump = view["trump"]
        trick = [(s, RupeeCard.from_str(c)) for s, c in view["trick"]]
        plain = [c for c in cards if c.rank not in (LION, BEAR)] or cards
        if not trick:
            mine = [c for c in plain if c.colour == trump or c.rank == TIGER]
            if any(c.rank == TIGER for c in cards) and mine:
                return max(mine, key=lambda c: (c.rank == TIGER, c.power))
            return min(plain, key=lambda c: (c.money, c.colour == trump, c.power))
        played = [c for _, c in trick]
        mates = _mates(view)
        best = trick_winner(played, trump)
        winning_mate = best >= 0 and trick[best][0] in mates
        at_stake = money_of(played)
        specials = {c.rank: c for c in cards if c.rank in (LION, BEAR)}
        if winning_mate and LION in specials and at_stake >= 20_000:
            return specials[LION]
        if not winning_mate and BEAR in specials and at_stake >= 20_000:
            return specials[BEAR]
        if winning_mate:
            return max(plain, key=lambda c: (c.money, -c.power))
        winners = [c for c in plain if trick_winner([*played, c], trump) == len(played)]
        if winners and at_stake:
            return min(winners, key=lambda c: (c.rank == TIGER, c.colour == trump, c.power))
        return min(plain, key=lambda c: (c.money, c.rank == TIGER, c.colour == trump, c.power))


def _mates(view: dict) -> set[int]:
    """The seats this seat knows to be on its side."""
    seat, n = view["seat"], view["players"]
    if not view["options"]["call_partner"]:
        return {s for s in range(n) if s % 2 == seat % 2}
    if view["declarer"] is None:
        return {seat}
    side = {view["declarer"], view["partner"]} - {None}
    if seat in side or view["partner"] == seat:
        return side | {seat}
    if view["partner"] is not None:
        return set(range(n)) - side
    return {seat}


RupeesState.BOTS = {"random": RupeesRandomBot, "basic": RupeesBasicBot}
RupeesState.ACTIONS = (
    Shuffle,
    RupeeCard,
    RupeeBid,
    RupeePass,
    RupeeDiscard,
    NameTrump,
    CallPartner,
    RupeePlay,
)
