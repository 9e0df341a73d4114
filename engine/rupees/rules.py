"""The rules of a game of Make-A-Million Rupees: the set-up each player count fixes, the state
(which action is legal when, and what it does), what each seat may see (``RupeesView``), and a
rigged deal. The actions are in ``actions``, the sides and a hand's score record in ``scoring``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, ClassVar

from ..core import CHANCE, Auction, Event, State, clockwise, replaced
from ..values import Shuffle
from .actions import Bid, CallPartner, Discard, NameTrump, Pass, Play
from .cards import (
    BEAR,
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    LION,
    SETUPS,
    SPECIAL_NAMES,
    TIGER,
    RupeeCard,
    Setup,
    Trick,
    as_card,
    colour_led,
    money_of,
    rupee_deck,
    rupees,
    sort_hand,
    trick_value,
    trick_winner,
)
from .scoring import HandResult, hand_points, side_of, teams
from .view import RupeesView

STEP = 5_000
RAISE = 10_000


def _is_bid(call: Any) -> bool:
    return isinstance(call, Bid)


def discardable(hand: Sequence[RupeeCard]) -> list[RupeeCard]:
    """The cards of ``hand`` the declarer may discard: never a special; Money only when nothing
    else is left."""
    plain = [c for c in hand if not c.is_special and not c.is_money]
    return plain or [c for c in hand if c.is_money]


def why_not_discard(hand: Sequence[RupeeCard], card: RupeeCard) -> str | None:
    """None if the declarer holding ``hand`` may discard ``card``, else the rule that forbids
    it."""
    if card not in hand:
        return f"{card} is not in the declarer's hand"
    if card in discardable(hand):
        return None
    if card.is_special:
        return f"the {SPECIAL_NAMES[card.rank]} may never be discarded"
    return "a Money card may be discarded only when no other card can go"


def discard_order(cards: Iterable[RupeeCard]) -> list[RupeeCard]:
    """The order in which the declarer can lay ``cards`` aside: plain cards first, since Money
    may go only once nothing else can."""
    return sorted(cards, key=lambda c: c.is_money)


def playable(
    hand: Sequence[RupeeCard], trick: Sequence[RupeeCard], trump: str, free: bool
) -> list[RupeeCard]:
    """The cards of ``hand`` that may go to ``trick`` (the cards played to it so far): follow
    the colour led (the Tiger follows trumps); the Lion and the Bear only when one cannot, or
    as the last card, or (``free``: ``specials_any_time``) whenever; they never lead while
    another card is held."""
    if not trick:
        ordinary = [c for c in hand if c.rank not in (LION, BEAR)]
        return ordinary or list(hand)  # only Lions and Bears left: one must be led
    return following(hand, colour_led(trick, trump), trump, free)


def following(
    hand: Sequence[RupeeCard], led: str | None, trump: str, free: bool
) -> list[RupeeCard]:
    """``playable`` to a trick already led, in colour ``led`` (None: only Lions and Bears so
    far)."""
    if led is None:
        return list(hand)
    if led == trump:  # the Tiger follows trumps
        follow = [c for c in hand if c.colour == led or c.rank == TIGER]
    else:
        follow = [c for c in hand if c.colour == led]
    if not follow:
        return list(hand)  # cannot follow (a last Lion or Bear never can): any card
    if free:  # and the specials (the Tiger among them)
        return [c for c in hand if c.colour == led or not c.colour]
    return follow


# ---------------------------------------------------------------- the state


@cache
def _bids(amounts: range) -> tuple[Bid, ...]:
    """A bid of each of the ``amounts`` (made once per range: an auction asks often)."""
    return tuple(Bid(a) for a in amounts)


_TRUMPS = tuple(NameTrump(c) for c in COLOURS)


class RupeesState(State[RupeesView]):
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
    ACTIONS: ClassVar[tuple[type, ...]] = (
        Shuffle,
        RupeeCard,
        Bid,
        Pass,
        Discard,
        NameTrump,
        CallPartner,
        Play,
    )
    RENAMED: ClassVar[dict[str, str]] = {
        "RupeeBid": "Bid",
        "RupeePass": "Pass",
        "RupeeDiscard": "Discard",
        "RupeePlay": "Play",
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
    partner_shown: bool  # the called card was played: everyone knows the partner
    trick: tuple[tuple[int, RupeeCard], ...]
    tricks: tuple[Trick, ...]
    last_trick: Trick | None  # the latest trick closed, kept after its hand is scored
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]

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
        self.called, self.partner, self.partner_shown = None, None, False
        self.trick, self.tricks = (), ()

    # -- what everyone can see
    def _player(self) -> int:
        """The seat to move, on a player's turn (not chance, not the end)."""
        assert self.to_move is not None and self.to_move >= 0, "a player's turn"
        return self.to_move

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats that score with ``seat`` this hand: its team (alternating seats), or with
        ``call_partner`` the declarer and his partner (the defenders together once he is
        called; before that, ``seat`` alone)."""
        call_partner = self.options["call_partner"]
        return side_of(seat, self.num_players, call_partner, self.declarer, self.partner)

    def standing_bid(self) -> tuple[int, Bid] | None:
        return self.auction.high(_is_bid)

    def passed(self) -> set[int]:
        return self.auction.seats_that(Pass)

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
        if self.options["discards_to_last_trick"] and len(self.tricks) == self.setup.cards_each:
            out[self.tricks[-1].winner] += money_of(self.discards)
        return tuple(out)

    def returns(self) -> list[int]:
        """Each seat's score in ₹ (partners share their side's score)."""
        return list(self.scores)

    # -- legal actions
    def _legal(self) -> list[Any]:
        if self.to_move == CHANCE:
            return []  # a shuffle cannot be listed: use sample_chance() or rigged_shuffle()
        seat = self._player()
        if self.phase == "bid":
            bids = _bids(self._amounts())
            return list(bids) if self._must_open() else [*bids, Pass()]
        if self.phase == "discard":
            return [Discard(c.code) for c in _unique(self.discardable())]
        if self.phase == "trump":
            return list(_TRUMPS)
        if self.phase == "call":
            return [CallPartner(c.code) for c in rupee_deck() if self._may_call(c)]
        return [Play(c.code) for c in _unique(self.playable(seat))]

    def _amounts(self) -> range:
        """What a bid may name now: from ``min_bid`` up to all the Money in the deck, in steps
        of ₹5,000."""
        return range(self.min_bid(), self.setup.top_bid + 1, STEP)

    def _must_open(self) -> bool:
        return not self.options["opener_may_pass"] and self.standing_bid() is None

    def _may_call(self, card: RupeeCard) -> bool:
        """Whether the declarer may call ``card``: one he neither holds nor discarded."""
        return card not in self.hands[self._player()] and card not in self.discards

    def discardable(self) -> list[RupeeCard]:
        """Never a special; Money only when nothing else is left to discard."""
        return discardable(self.hands[self._player()])

    def playable(self, seat: int) -> list[RupeeCard]:
        """The cards ``seat`` may play to the current trick."""
        free = self.options["specials_any_time"]
        return playable(self.hands[seat], [c for _, c in self.trick], self.trump or "", free)

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
        assert led is not None, "before a colour is set in a trick any card may go"
        name = COLOUR_NAMES[led]
        if card.rank in (LION, BEAR):
            return (
                f"the {SPECIAL_NAMES[card.rank]} may be played only when you cannot follow "
                f"{name}, or as your last card"
            )
        only_tiger = not any(c.colour == led for c in hand)
        if led == self.trump and only_tiger and card.rank != TIGER:
            return f"trumps ({name}) were led and the Tiger is your only trump: you must play it"
        return f"you must follow the colour led ({name})"

    def _allows(self, action: Any) -> bool:
        if self.to_move == CHANCE:
            deck = _DECK[self.setup.decks]
            return isinstance(action, Shuffle) and action.holds(deck, key=_deck_key)
        phase, kind = self.phase, type(action)
        if phase == "bid":
            if kind is Bid:
                return action.amount in self._amounts()
            return kind is Pass and not self._must_open()
        if phase == "discard":
            return kind is Discard and action.card in self.discardable()
        if phase == "trump":
            return action in _TRUMPS
        if phase == "call":
            return kind is CallPartner and self._may_call(action.card)
        return kind is Play and action.card in self.playable(self._player())

    def _why(self, action: Any) -> str:
        if self.to_move == CHANCE:
            if not isinstance(action, Shuffle):
                return "the cards must be shuffled and dealt first (a Shuffle)"
            return f"a shuffle holds the whole deck: the {55 * self.setup.decks} Rupee cards"
        seat = self._player()
        kinds: tuple[type, ...] = {
            "bid": (Bid, Pass),
            "discard": (Discard,),
            "trump": (NameTrump,),
            "call": (CallPartner,),
            "play": (Play,),
        }[self.phase]
        if not isinstance(action, kinds):
            need = " or ".join(k.__name__ for k in kinds)
            return f"now is the {self.phase} step: {need} expected, not {type(action).__name__}"
        if isinstance(action, Pass):
            return (
                f"the opener must bid (at least {rupees(self.setup.opening)}); "
                "only with opener_may_pass may he pass"
            )
        if isinstance(action, Bid):
            low, top = self.min_bid(), self.setup.top_bid
            if action.amount % STEP:
                return f"bids are multiples of {rupees(STEP)}"
            if action.amount < low:
                why = (
                    f"₹10,000 above the standing bid of {rupees(low - RAISE)}"
                    if self.standing_bid()
                    else "the opening bid"
                )
                return f"a bid must be at least {rupees(low)} ({why})"
            return f"bids go up to {rupees(top)}, all the Money in the deck"
        if isinstance(action, Discard):
            reason = why_not_discard(self.hands[seat], action.card)
            assert reason is not None, "a discard the rules refuse"
            return reason
        if isinstance(action, CallPartner):
            return "the called card must be one the declarer neither holds nor discarded"
        assert isinstance(action, Play), "every trump may be named"
        reason = self.why_not_play(seat, action.card)
        assert reason is not None, "a play the rules refuse"
        return reason

    # -- applying a checked action
    def _do(self, action: Any) -> None:
        if isinstance(action, Shuffle):
            n, k = self.num_players, self.setup.cards_each
            cards = tuple(map(as_card, action.cards))
            self.hands = tuple(sort_hand(cards[s * k : (s + 1) * k]) for s in range(n))
            self.widow = tuple(cards[n * k :])
            self.phase = "bid"
            self.to_move = clockwise(self.dealer, n)
            return
        seat = self._player()
        if isinstance(action, (Bid, Pass)):
            self._call(seat, action)
        elif isinstance(action, Discard):
            self.hands = replaced(self.hands, seat, _remove(self.hands[seat], action.card))
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

    def _call(self, seat: int, call: Bid | Pass) -> None:
        self.auction = self.auction.add(seat, call)
        n = self.num_players
        live = [s not in self.passed() for s in range(n)]
        standing = self.standing_bid()
        if sum(live) == 0:  # all passed (opener_may_pass): the next dealer redeals
            self.dealer = clockwise(self.dealer, n)
            self._new_hand()
        elif sum(live) == 1 and standing is not None:
            declarer = standing[0]
            self.declarer, self.contract = declarer, standing[1].amount
            self.hands = replaced(
                self.hands, declarer, sort_hand(self.hands[declarer] + self.widow)
            )
            self.phase = "discard"
            self.to_move = declarer
        else:
            self.to_move = clockwise(seat, n, live)

    def _play(self, seat: int, card: RupeeCard) -> None:
        self.hands = replaced(self.hands, seat, _remove(self.hands[seat], card))
        if card == self.called:
            self.partner_shown = True
        self.trick = (*self.trick, (seat, card))
        if len(self.trick) < self.num_players:
            self.to_move = clockwise(seat, self.num_players)
            return
        cards = [c for _, c in self.trick]
        assert self.trump is not None, "tricks are played after trumps are named"
        winner = self.trick[trick_winner(cards, self.trump)][0]
        self.last_trick = Trick(
            len(self.tricks) + 1, self.trick[0][0], self.trick, winner, trick_value(cards)
        )
        self.tricks = (*self.tricks, self.last_trick)
        self.trick = ()
        self.to_move = winner
        if not self.hands[winner]:
            self._score_hand()

    def _score_hand(self) -> None:
        declarer, trump = self.declarer, self.trump
        assert declarer is not None and trump is not None, "a hand is scored after its play"
        captured = self.captured()
        side = self.side_of(declarer)
        got = sum(captured[s] for s in side)
        made = got >= self.contract
        points = hand_points(captured, side, declarer, self.contract, self.options["call_partner"])
        self.scores = tuple(a + b for a, b in zip(self.scores, points, strict=True))
        result = HandResult(
            self.hand_no,
            self.dealer,
            declarer,
            self.contract,
            trump,
            (declarer, *(s for s in side if s != declarer)),
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

    def teams(self) -> list[tuple[int, ...]]:
        """Who shares a score over the game: the two teams (alternating seats), or with
        ``call_partner`` every seat on its own."""
        return teams(self.num_players, self.options["call_partner"])

    def _game_over(self) -> bool:
        """A side reached the target and no other side ties its highest score."""
        best = max(self.scores)
        if best < self.target:
            return False
        return sum(self.scores[side[0]] == best for side in self.teams()) == 1

    def _public(self, action: Any, seat: int) -> Event:
        """Every call, trump and card played is made in the open, and the deal as an event
        (who holds what is not). The declarer's discards go face down: the others learn only
        that a card went, unless it is Money, which is shown to everyone. The called card is
        named aloud; its holder stays secret until it is played."""
        if isinstance(action, Shuffle):
            k, widow = self.setup.cards_each, self.setup.widow
            return Event(None, "", f"the cards are dealt: {k} each, {widow} face down to the widow")
        me = self._player()
        if isinstance(action, Bid):
            amount = rupees(action.amount)
            return Event(me, "bid", amount, marks=(("call", amount),))
        if isinstance(action, Pass):
            return Event(me, "pass", "", "passes", marks=(("call", "pass"),))
        if isinstance(action, Discard):
            return self._public_discard(action.card, me, seat)
        if isinstance(action, NameTrump):
            colour = COLOUR_NAMES[action.colour]
            return Event(me, "name", f"{colour} trumps", marks=(("call", f"{colour} trumps"),))
        if isinstance(action, CallPartner):
            card = str(action.card)
            what = f"{card}: its holder is the secret partner"
            return Event(me, "call", what, marks=(("call", f"calls {card}"),))
        card = action.card
        shown = ": the called card, the partner is known" if card == self.called else ""
        return Event(me, "play", f"{card}{shown}", marks=(("card", card.code),))

    def _public_discard(self, card: RupeeCard, declarer: int, seat: int) -> Event:
        """The declarer sees his own discard; the others see it only if it is Money."""
        count = f"({len(self.discards) + 1} of {self.setup.widow})"
        if seat == declarer or card.is_money:
            shown = "" if seat == declarer else ", shown: it is Money"
            return Event(
                declarer,
                "discard",
                f"{card} {count}{shown}",
                marks=(("call", f"discards {card}"), ("discard", card.code)),
            )
        return Event(
            declarer,
            "discard",
            f"a card face down {count}",
            marks=(("call", "discards face down"), ("discard", None)),
        )

    def _sample_shuffle(self, rng: random.Random) -> Shuffle:
        """A fair deal: the deck order by card codes (a ``Shuffle`` of ``RupeeCard`` values,
        or of codes, deals the same)."""
        deck = list(rupee_deck(self.setup.decks))
        rng.shuffle(deck)
        return Shuffle(tuple(c.code for c in deck))

    # -- what one seat may see
    def _view(self, seat: int, reveal: bool) -> RupeesView:
        """Exactly what ``seat`` may see: his own hand, the widow only as the declarer (or with
        ``show_widow``), his own discards as the declarer and any discarded Money, every card
        played, and who the called partner is once that card is played (or to the partner).
        ``reveal=True`` (teacher): also every seat's hand in ``hands``, and the widow, every
        discard and the partner."""
        standing = self.standing_bid()
        taken = self.declarer is not None
        sees_widow = reveal or (taken and (seat == self.declarer or self.options["show_widow"]))
        knows_partner = reveal or self.partner_shown or seat == self.partner
        out: RupeesView = {
            **self._base_view(seat, reveal),
            "options": dict(self.options),
            "target": self.target,
            "hand_no": self.hand_no,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand": _codes(self.hands[seat]),
            "hands": [_codes(h) if reveal or s == seat else None for s, h in enumerate(self.hands)],
            "hand_sizes": [len(h) for h in self.hands],
            "widow": _codes(self.widow) if sees_widow else None,
            "widow_size": self.setup.widow,
            "calls": [[s, str(c)] for s, c in self.auction.calls],
            "standing_bid": (
                {"bidder": standing[0], "bid": str(standing[1]), "amount": standing[1].amount}
                if standing
                else None
            ),
            "passed": sorted(self.passed()),
            "min_bid": self.min_bid(),
            "declarer": self.declarer,
            "contract": self.contract,
            "discards": _codes(
                c for c in self.discards if seat == self.declarer or reveal or c.is_money
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


def _codes(cards: Iterable[RupeeCard]) -> list[str]:
    return [c.code for c in cards]


def _deck_key(card: Any) -> str:
    if isinstance(card, RupeeCard) or (isinstance(card, str) and card in CARDS):
        return as_card(card).code
    return repr(card)


_DECK = {d: Counter(c.code for c in rupee_deck(d)) for d in (1, 2)}
"""Decks -> how many of each card (by code) a shuffle holds."""


def _unique(cards: Iterable[RupeeCard]) -> list[RupeeCard]:
    return list(dict.fromkeys(cards))


def _remove(hand: tuple[RupeeCard, ...], card: RupeeCard) -> tuple[RupeeCard, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]
