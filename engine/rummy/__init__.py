"""13-card Indian Rummy (points rummy), as docs/rules.md §3 settles it.

Two to six players share two 52-card packs and 2 printed jokers (106 cards); seven to nine use
three packs and 3 printed jokers. Each player gets 13 cards; the next card starts the open pile,
and one card turned from the stock (the *cut card*, out of play) makes every card of its rank a
wild joker (aces when a printed joker is cut). In turn each player draws the top of the stock or
of the open pile and discards one card. Melds: *sequences* (3+ consecutive cards of one suit, ace
low or high, never both), *pure* when no joker stands in for a card, *impure* with exactly one
joker; *sets* (3 or 4 cards of one rank in different suits, or 2-3 of them and one joker); three
identical cards (three packs) are a pure sequence. A *valid show* melds all 13 cards (spare
jokers aside) with two sequences, one pure (First Life) and a second (Second Life), one of them
4+ cards long (option ``four_card_life``). A wrong show costs 80 and the deal goes on; a first
drop costs 10, a middle drop 30; the others lose their count (unmelded cards; everything
without both lives) up to 80; the winner collects what the losers lose.

Decisions (docs/rules.md §3): a game is one deal. A toss picks who starts. A joker (printed, or a
card of the wild rank) on the open pile may not be taken unless it is the very first open card;
a card taken from the open pile (or one equal to it) may not be discarded the same turn; an empty
stock is refilled by shuffling the open pile but its top card. A player drops only at the start
of his turn, before drawing. A declarer's discard goes on the open pile; a wrong show's hand is
shown and leaves play, a dropped hand leaves play unseen. The engine scores every hand by its
best arrangement (``best_arrangement``): nobody loses points by arranging badly. On a show in
the declarer's first turn, ``first_turn_show="drop"`` charges 20 to those who have not yet
drawn, 40 to those who have, 80 to anyone without both lives; ``"deal"`` charges the count (80
without both lives, as the seed says), halved (rounded up) for those who have not yet drawn.
With ``turn_timer=True`` a ``Miss`` (the timer ran out) passes the turn; three misses in a row
drop the player with 40.

The package: ``cards`` (the pack, what a card costs, a rigged shuffle), ``melds`` (what a group
of cards is, and the exact solver ``best_arrangement``), ``actions`` (the actions and how a
deal ends), ``rules`` (the state), ``view`` (the shape of what one seat sees), ``odds`` (exact
probabilities for the lesson and the coach), ``bots`` (the ``basic`` bot), ``expert`` (the
``expert`` bot, and ``live_outs``: the unseen cards that would meld with a hand's loose cards).
"""

from __future__ import annotations

from engine.cards import Card
from engine.values import Shuffle

from .actions import (
    Declare,
    Discard,
    Draw,
    Drop,
    Miss,
    Result,
    Toss,
    describe_result,
)
from .bots import BasicBot, hopeless
from .cards import (
    HAND,
    RANK_NUMBER,
    by_suit,
    card_cost,
    full_pack,
    is_joker,
    packs_for,
    points,
    rigged_shuffle,
    wild_rank_of,
)
from .expert import ExpertBot, live_outs
from .melds import CAP, Arrangement, Meld, best_arrangement, count_of, meld_kind
from .odds import (
    completing_cards,
    completion_chance,
    discard_danger,
    hand_points_pmf,
    has_pure_sequence,
    jokers_in_hand_pmf,
    jokers_in_play,
    pure_sequence_chance,
    unseen_cards,
    useful_to,
)
from .rules import (
    MISSES_ALLOWED,
    MISSES_PENALTY,
    WRONG_SHOW,
    RummyState,
    drop_cost,
)
from .view import (
    ResultView,
    RummyView,
)

__all__ = [
    "CAP",
    "HAND",
    "MISSES_ALLOWED",
    "MISSES_PENALTY",
    "RANK_NUMBER",
    "WRONG_SHOW",
    "Arrangement",
    "BasicBot",
    "Card",
    "Declare",
    "Discard",
    "Draw",
    "Drop",
    "ExpertBot",
    "Meld",
    "Miss",
    "Result",
    "ResultView",
    "RummyState",
    "RummyView",
    "Shuffle",
    "Toss",
    "best_arrangement",
    "by_suit",
    "card_cost",
    "completing_cards",
    "completion_chance",
    "count_of",
    "describe_result",
    "discard_danger",
    "drop_cost",
    "full_pack",
    "hand_points_pmf",
    "has_pure_sequence",
    "hopeless",
    "is_joker",
    "jokers_in_hand_pmf",
    "jokers_in_play",
    "live_outs",
    "meld_kind",
    "packs_for",
    "points",
    "pure_sequence_chance",
    "rigged_shuffle",
    "unseen_cards",
    "useful_to",
    "wild_rank_of",
]
