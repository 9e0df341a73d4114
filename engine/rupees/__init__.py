"""Make-A-Million Rupees (the Rupee edition of Parker Brothers' Make-A-Million), as docs/rules.md §1
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

Options (docs/rules.md §7): ``specials_any_time`` (the seed's variation), ``show_widow``,
``opener_may_pass`` (all pass: the next dealer redeals), ``discards_to_last_trick``, ``target``
(None: the rules' ₹1,000,000, ₹2,000,000 with two decks), ``call_partner`` (4 players: the
declarer calls a card; its holder is his secret partner; scores per player), and 6 or 8 players
with two decks (teams in alternating seats; 18 cards each and a 2-card widow, or 13 each and a
6-card widow; opening ₹350,000; identical cards: the one played first ranks higher).

>>> import engine
>>> s = engine.new_game("rupees", seed=7)
>>> s = s.apply(s.sample_chance())  # the deal is a chance action
>>> s.current_player, s.legal_actions()[0]
(1, Bid(amount=175000))
>>> str(Play("R40k")), trick_value(parse("R40k Lion G5k Y1"))
('play Red ₹40k', 90000)

Decisions (docs/rules.md §1): a leader holding only Lions and Bears must lead one of them; before
any colour is set in a trick (a Lion or Bear was led) the followers may play any card; with
``specials_any_time`` the lead restriction on the Lion and the Bear still holds; with two decks
bids go up to ₹800,000; with ``discards_to_last_trick`` the discarded Money counts plainly (no
Lion or Bear acts on it) for the winner of the last trick.

The package: ``cards`` (the Rupee cards and tricks, the set-up per player count, a rigged
deal), ``actions`` (what a player does, in the rules' words), ``scoring`` (the sides and a
scored hand), ``rules`` (the state), ``view`` (the shape of what one seat sees), ``odds``
(exact odds), ``bots`` (the random and basic bots), ``expert`` (the expert bot: simulated
bidding, determinised Monte Carlo play). Their public names are all here too.
"""

from __future__ import annotations

from ..odds import chance_at_least, hypergeometric
from .actions import Bid, CallPartner, Discard, NameTrump, Pass, Play
from .bots import BasicBot, RandomBot, best_trump, hand_strength
from .cards import (
    BEAR,
    CARDS,
    COLOUR_NAMES,
    COLOURS,
    LION,
    MONEY,
    MONEY_PER_DECK,
    RANKS,
    SETUPS,
    SPECIAL_NAMES,
    SPECIALS,
    TIGER,
    RupeeCard,
    Setup,
    Trick,
    TrickView,
    as_card,
    colour_led,
    money_of,
    parse,
    played,
    rigged_shuffle,
    rupee_deck,
    rupees,
    sort_hand,
    trick_value,
    trick_winner,
)
from .expert import ExpertBot
from .odds import (
    colour_length_pmf,
    declarer_gets_tiger,
    money_pmf,
    side_makes_pmf,
    specials_in_hand_pmf,
    unseen_money,
    widow_has_no_money,
)
from .rules import RAISE, STEP, RupeesState
from .scoring import HandResult, ResultView, known_side
from .view import RupeesStandingBid, RupeesView

__all__ = [
    "BEAR",
    "CARDS",
    "COLOURS",
    "COLOUR_NAMES",
    "LION",
    "MONEY",
    "MONEY_PER_DECK",
    "RAISE",
    "RANKS",
    "SETUPS",
    "SPECIALS",
    "SPECIAL_NAMES",
    "STEP",
    "TIGER",
    "BasicBot",
    "Bid",
    "CallPartner",
    "Discard",
    "ExpertBot",
    "HandResult",
    "NameTrump",
    "Pass",
    "Play",
    "RandomBot",
    "ResultView",
    "RupeeCard",
    "RupeesStandingBid",
    "RupeesState",
    "RupeesView",
    "Setup",
    "Trick",
    "TrickView",
    "as_card",
    "best_trump",
    "chance_at_least",
    "colour_led",
    "colour_length_pmf",
    "declarer_gets_tiger",
    "hand_strength",
    "hypergeometric",
    "known_side",
    "money_of",
    "money_pmf",
    "parse",
    "played",
    "rigged_shuffle",
    "rupee_deck",
    "rupees",
    "side_makes_pmf",
    "sort_hand",
    "specials_in_hand_pmf",
    "trick_value",
    "trick_winner",
    "unseen_money",
    "widow_has_no_money",
]
