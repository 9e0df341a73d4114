"""The beginner's blunder at Rupees, marked: last to play to a trick the other side holds, with
no card of the colour led, throwing a ₹30,000 or ₹40,000 card on it (it goes to the other side)
when a plain card that does not win the trick could go, is a costly mistake in the review at
least 9 times in 10, whatever the expert's seed; the expert's own choice never is one.

The positions: the first such trick of each of 30 seeded hands of basic bots (4 players, two
sides), no Lion nor Bear played to it. An independent check keeps those where the Money
thrown clearly costs: from the plain card and from the Money, the hand is played on through the
rules (``RupeesState``) by basic bots on 100 fresh layouts of the cards the mover has not seen
(the other hands' cards dealt again among them, no player given a colour he has shown he
lacks), and the plain card leaves the mover's side at least the costly ₹20,000 better off
against the other side at the near end of its 95% interval.

Measured: 28 positions, 21 clear by the check, 21 of 21 marked by experts of seeds 0 and 7 with
no change to the expert (of all 28, 27 are marked)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from blunders import assert_marked, clear, positions, relaid

from engine.rupees import BasicBot
from engine.rupees.actions import Play
from engine.rupees.cards import BEAR, LION, TIGER, colour_led, played, sort_hand, trick_holder
from engine.rupees.expert import COSTLY
from engine.rupees.scoring import team_of

DEALS = range(30)
LAYOUTS = 100
BIG = 30_000
"""The Money thrown: a ₹30,000 or ₹40,000 card."""


def money_thrown(s: Any) -> Play | None:
    """The biggest Money card the mover could throw on the other side's trick, where he is
    last to play, cannot follow, and holds a plain card that does not win it."""
    view = s.view(s.current_player)
    me, n = view["seat"], view["players"]
    trick = played(view["trick"])
    if view["phase"] != "play" or len(trick) != n - 1:
        return None
    cards = [c for _, c in trick]
    led, holder, _ = trick_holder(cards, view["trump"])
    if holder < 0 or trick[holder][0] in team_of(me, n) or {LION, BEAR} & {c.rank for c in cards}:
        return None
    legal = [a for a in s.legal_actions() if isinstance(a, Play)]
    if any(a.card.colour == led for a in legal):
        return None

    def loses(card: Any) -> bool:
        return trick_holder([*cards, card], view["trump"])[1] != len(cards)

    plain = [a for a in legal if a.card.colour and not a.card.money and loses(a.card)]
    money = [a for a in legal if a.card.money >= BIG and loses(a.card)]
    return max(money, key=lambda a: a.card.money) if plain and money else None


def plain_card(s: Any) -> Play:
    """The lowest plain card that does not win the trick: what the mover could throw instead."""
    cards = [c for _, c in s.trick]
    return min(
        (
            a
            for a in s.legal_actions()
            if a.card.colour
            and not a.card.money
            and trick_holder([*cards, a.card], s.trump)[1] != len(cards)
        ),
        key=lambda a: a.card.power,
    )


def voids(s: Any) -> dict[int, set[str]]:
    """The colours each seat has shown he lacks, by not following them (the Tiger follows
    trumps)."""
    out: dict[int, set[str]] = {}
    for cards in [*(t.cards for t in s.tricks), s.trick]:
        for k, (seat, card) in enumerate(cards):
            led = colour_led([c for _, c in cards[:k]], s.trump)
            follows = card.colour == led or (card.rank == TIGER and led == s.trump)
            if led and not follows:
                out.setdefault(seat, set()).add(led)
    return out


def laid_out(s: Any, rng: random.Random) -> Any:
    """``s`` with the other hands' cards dealt again at random among them, no seat given a
    colour he has shown he lacks (after 500 tries, the cards as they lie)."""
    me, lacks = s.current_player, voids(s)
    others = [h for h in range(s.num_players) if h != me and s.hands[h]]
    pool = [c for h in others for c in s.hands[h]]
    for _ in range(500):
        rng.shuffle(pool)
        hands, k = list(s.hands), 0
        for h in others:
            hands[h], k = tuple(pool[k : k + len(s.hands[h])]), k + len(s.hands[h])
        if all(
            not (lacks.get(h, set()) & {s.trump if c.rank == TIGER else c.colour})
            for h in others
            for c in hands[h]
        ):
            return relaid(s, hands=tuple(sort_hand(h) for h in hands))
    return s


def net_after(s: Any, action: Any, me: int) -> int:
    """What the hand brings the mover's side less the other side, after ``action`` and basic
    play to the end of the hand."""
    bot, hands = BasicBot(), len(s.results)
    s = s.apply(action)
    while len(s.results) == hands:
        s = s.apply(bot.choose(s))
    points = s.results[-1].points
    return int(points[me] - points[(me + 1) % s.num_players])


def clear_blunders() -> list[tuple[Any, Play]]:
    """The positions where the Money thrown clearly costs (see the module)."""
    found = positions("rupees", (4,), DEALS, money_thrown)
    return clear(found, plain_card, laid_out, net_after, LAYOUTS, COSTLY)


@pytest.mark.slow
def test_throwing_money_on_the_other_sides_trick_is_costly():
    assert_marked("rupees", clear_blunders())
