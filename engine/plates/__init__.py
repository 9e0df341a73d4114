"""The license-plate bidding game (Parker Brothers), as docs/rules.md §5 settles it.

Liar's dice with license plates. Each player sees only the plate in the window of his own
stand; the plates *in play* are every live player's window plate and the top plate of each
centre pile. Players bid on how often one digit shows on all of them ("three 7's"), and in turn
bid higher, *challenge* or *agree*. Once everyone but the bidder has challenged or agreed, the
plates are shown and fines change hands. When all agreed, the bidder raises or cancels.

Set-up (seed): 3 players: 10 plates each, two piles of 10, $250 each. 4: 8 each, 2 discarded,
two piles of 8, $300. 5: 8 each, 2 discarded, one pile of 8, $300. 6: 8 each, 2 discarded, no
pile, $350.

Decisions (docs/rules.md §5): 50 plates of 6 digits, each digit 0-9 on exactly 30 of the 300 places
(``digits="balanced"``, the default) or drawn independently (``digits="uniform"``); fines $5 to
$25, ten plates each. A new bid wipes out earlier challenges and agreements. A player who cannot
pay in full pays what he has to his creditors clockwise from his left and is out; his plates
leave play. Seat 0 opens the first round (option ``first_opener``). Bids go up to every
digit in play (six per plate). A cancelled round's plates are discarded unseen. The game also
ends when fewer than two players are left.

The package: ``cards`` (the plates, the set-up table, a fair or rigged deal), ``rules`` (the
calls, the state, the view), ``odds`` (exact chances, as ``Fraction``s), ``bots``, ``expert``
(every call valued in expected dollars). Every name is also here: ``engine.plates.Bid``,
``engine.plates.bid_chance``.

>>> from engine.plates import Bid, Plate, bid_chance
>>> mine = Plate.from_str("712 345 $5")  # one 7: "two 7's" needs one more on the other plate
>>> round(float(bid_chance(Bid(2, 7), mine, plates_in_play=2)), 3)
0.467
"""

from __future__ import annotations

from ..odds import chance_at_least
from ..values import Shuffle
from .bots import BasicBot
from .cards import (
    DECK_SIZE,
    DIGITS,
    DIGITS_PER_PLATE,
    FINES,
    PER_DIGIT,
    PER_FINE,
    SETUP,
    Plate,
    Setup,
    deal_slots,
    random_deck,
    rigged_shuffle,
)
from .expert import ExpertBot
from .odds import (
    HALF,
    bid_chance,
    bid_chance_from_view,
    count_in_play_pmf,
    count_pmf,
    most_frequent_pmf,
    unseen_pool,
    what_seat_knows,
)
from .rules import (
    MAX_IN_PLAY,
    Agree,
    Bid,
    Call,
    Cancel,
    Challenge,
    PlateFace,
    PlatesBid,
    PlatesState,
    PlatesView,
    RoundResult,
    RoundSeen,
    call_from_words,
    describe_round,
)

__all__ = [
    "DECK_SIZE",
    "DIGITS",
    "DIGITS_PER_PLATE",
    "FINES",
    "HALF",
    "MAX_IN_PLAY",
    "PER_DIGIT",
    "PER_FINE",
    "SETUP",
    "Agree",
    "BasicBot",
    "Bid",
    "Call",
    "Cancel",
    "Challenge",
    "ExpertBot",
    "Plate",
    "PlateFace",
    "PlatesBid",
    "PlatesState",
    "PlatesView",
    "RoundResult",
    "RoundSeen",
    "Setup",
    "Shuffle",
    "bid_chance",
    "bid_chance_from_view",
    "call_from_words",
    "chance_at_least",
    "count_in_play_pmf",
    "count_pmf",
    "deal_slots",
    "describe_round",
    "most_frequent_pmf",
    "random_deck",
    "rigged_shuffle",
    "unseen_pool",
    "what_seat_knows",
]
