"""Michigan, the stops game with boodle cards (Bicycle rules), as docs/rules.md §2 settles it.

Four boodle cards from another pack (A♥, K♣, Q♦, J♠) lie in the middle. Before each deal every
player puts a chip on each of them, the dealer two. The 52 cards are dealt one at a time,
starting with a dead hand on the dealer's left, as far as they go. The dealer may exchange his
hand for the dead hand unseen; if he does not, he auctions that right (the price goes to him).
The player on the dealer's left leads the lowest card of any suit; whoever holds the next card
up must play it, and so on, until the run stops: at an ace, at a card whose next card up is in
the dead hand, or whose next card up is already played. Whoever played the stopping card leads a
different suit with his lowest card in it (if he has none, the lead passes left). Playing the
duplicate of a boodle card wins its chips. The first player out of cards wins the hand and
collects a chip from each opponent for every card left in that opponent's hand.

Decisions (docs/rules.md §2): 50 chips each (``chips``); seat 0 deals first, then the deal passes
left; a game is ``deals`` deals (default: one per player, so everyone deals once); auction bids
are whole chips, clockwise from the dealer's left, each higher, a pass final, no bid above one's
chips; a run also stops when the next card up was already played; if nobody holds a card outside
the stopped suit, that suit may be restarted. A player pays what he owes while his chips last. A
player who cannot ante in full leaves the game; the game ends early when fewer than three
players are left. Chips left on the layout at the end of the game stay there. Mistakes
(``mistakes_allowed=True``, a teaching mode): a player may start a suit with a card that is not
his lowest in it (he pays a chip to each opponent and collects no boodle from then on in this
hand, the misled card included), or withhold the card he must play (``Withhold``: the run stops;
he collects no boodle from then on, cannot win the hand, and at the end pays the chips still on
the boodle card of the withheld suit to whoever held its duplicate).

RULES notes (the teaching mode, restated so that a withhold passes for a dead card): at a
table, when a card of a run is played, everyone looks at his hand and whoever holds the next
card up plays it; if nobody does, the run stops and the others cannot tell a dead card from a
withheld one. A game of turns must say who acts next, so in the teaching mode (1) while a run
waits for its next card, nobody but its holder is told who holds it (the view's ``to_move`` is
``CHANCE`` to the others, and the table says it waits for that card), and (2) a run whose next
card is in the dead hand waits one step too, a chance step (``NobodyPlays``), exactly as a run
whose next card's holder may withhold it: to the others both are "nobody plays" it, then the
stop, "the next card is in the dead hand". The cards and the chips move exactly as before; the
saved game gains one action at each such stop. ``barred`` as the others see it changes only
at a lead that is not the lowest card (public), never at a withhold. Without the teaching mode
nothing can be withheld, so a dead card stops the run at once, as at a table.

The package: ``cards`` (the pack, how the deal splits, rigged deals), ``actions`` (the actions
and what a deal records), ``rules`` (the state), ``view`` (the shape of what one seat sees),
``odds`` (exact odds of the dead hand), ``bots`` and ``expert`` (the expert bot, which values
each option in expected chips by playing the deal out on the layouts its view allows).
"""

from __future__ import annotations

from ..cards import Card
from ..values import Shuffle
from .actions import (
    PAYMENTS,
    DealResult,
    Decline,
    Event,
    Exchange,
    NobodyPlays,
    Offer,
    Play,
    Sell,
    Stop,
    Withhold,
)
from .bots import BasicBot, dead_hand_value, hand_value, run_from_lowest
from .cards import (
    BOODLE,
    BOODLE_OF_SUIT,
    DECK,
    NEXT_UP,
    ORDER,
    dead_hand_size,
    hand_sizes,
    rigged_shuffle,
    sort_key,
)
from .expert import ExpertBot
from .odds import all_boodles_live_chance, boodle_dead_chance, dead_chance, next_card_dead_chance
from .rules import START_CHIPS, MichiganState
from .view import Boodle, MichiganView, Run, SeenDeal, SeenEvent, SeenStop, StandingOffer

__all__ = [  # with Card and Shuffle, every class in MichiganState.ACTIONS: reprs read back
    "BOODLE",
    "BOODLE_OF_SUIT",
    "DECK",
    "NEXT_UP",
    "ORDER",
    "PAYMENTS",
    "START_CHIPS",
    "BasicBot",
    "Boodle",
    "Card",
    "DealResult",
    "Decline",
    "Event",
    "Exchange",
    "ExpertBot",
    "MichiganState",
    "MichiganView",
    "NobodyPlays",
    "Offer",
    "Play",
    "Run",
    "SeenDeal",
    "SeenEvent",
    "SeenStop",
    "Sell",
    "Shuffle",
    "StandingOffer",
    "Stop",
    "Withhold",
    "all_boodles_live_chance",
    "boodle_dead_chance",
    "dead_chance",
    "dead_hand_size",
    "dead_hand_value",
    "hand_sizes",
    "hand_value",
    "next_card_dead_chance",
    "rigged_shuffle",
    "run_from_lowest",
    "sort_key",
]
