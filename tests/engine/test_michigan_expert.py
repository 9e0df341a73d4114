"""The Michigan expert: legal choices at every table size, advice that judges each legal action
once (best first) and is the same whenever asked, its values against an exact count made
through the rules engine, and positions where the right choice is clear."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from fits import UNCORRECTED, assert_committed, assert_lowered_alike

import engine
from engine import CHANCE, IllegalAction
from engine.bots import EVERY_WAY, HUMAN
from engine.cards import Card
from engine.michigan import (
    BasicBot,
    Exchange,
    ExpertBot,
    MichiganState,
    Play,
    Sell,
    rigged_shuffle,
)
from engine.michigan.actions import Offer
from engine.michigan.bots import Finisher
from engine.michigan.expert import KINDS_FIT, OVERSTATED, Seen, real_layout
from engine.values import Shuffle

NONE: frozenset[int] = frozenset()


def _advice_is_sound(bot: ExpertBot, state: MichiganState, **kw) -> None:
    advice = bot.advise(state, **kw)
    legal = state.legal_actions()
    assert sorted(map(repr, (o.action for o in advice.options))) == sorted(map(repr, legal))
    assert len(advice.options) == len(legal)
    assert advice.seat == state.current_player and advice.measure == "expected chips this deal"
    assert advice.why and advice.best.action in legal


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_the_expert_plays_legal_games_at_every_table_size(players):
    """Experts at alternate seats (the first seat too, or not) play a deal to the end; at each
    of their decisions with a choice the advice judges every legal action once."""
    for first in (0, 1):
        state = engine.new_game("michigan", players=players, seed=players, deals=1)
        bots = [
            engine.make_bot("michigan", "expert" if s % 2 == first else "basic", seed=s)
            for s in range(players)
        ]
        asked = 0
        while not state.is_terminal():
            seat = state.current_player
            if seat == CHANCE:
                state = state.apply(state.sample_chance())
                continue
            bot = bots[seat]
            if isinstance(bot, ExpertBot) and len(state.legal_actions()) > 1 and asked < 6:
                _advice_is_sound(bot, state, deals=6)
                asked += 1
            state = state.apply(bot.choose(state))
        assert sum(state.returns()) + sum(state.boodle) == 50 * players


def test_the_expert_plays_legal_games_in_the_teaching_mode():
    """With mistakes allowed it is offered withholds and leads that are not the lowest: it
    judges them all and plays on legally."""
    state = engine.new_game("michigan", players=4, seed=7, deals=1, mistakes_allowed=True)
    expert = ExpertBot(seed=1)
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance())
            continue
        if seat == 0 and len(state.legal_actions()) > 1:
            _advice_is_sound(expert, state, deals=6)
        bot = expert if seat == 0 else BasicBot()
        state = state.apply(bot.choose(state))


def test_make_bot_knows_the_expert():
    bot = engine.make_bot("michigan", "expert", seed=3)
    assert isinstance(bot, ExpertBot) and bot.level == "expert"


def test_the_same_seed_gives_the_same_advice():
    state = engine.new_game("michigan", players=4, seed=2, deals=1)
    state = state.apply(state.sample_chance())
    a = ExpertBot(seed=5).advise(state)
    b = ExpertBot(seed=5).advise(state)
    assert a == b
    assert a.options != ExpertBot(seed=6).advise(state).options  # another sample


# ---------------------------------------------------------------- exact values, two ways


def _late_position(players: int, seed: int) -> MichiganState:
    """A lead late in a seeded deal of basic bots: a choice of leads, few layouts unseen."""
    state = engine.new_game("michigan", players=players, seed=seed, deals=1)
    bot = BasicBot()
    while not state.is_terminal():
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(state.sample_chance())
            continue
        if state.phase == "play" and len(state.legal_actions()) > 1:
            every, exact = Seen(state.view(seat)).layouts(60, random.Random(0))
            if exact and len(every) >= 4:
                return state
        state = state.apply(bot.choose(state))
    raise AssertionError("no late position in this deal")


def _engine_layouts(state: MichiganState) -> list[MichiganState]:
    """Every game the mover cannot tell from this one, through the rules engine: the cards he
    has not seen are dealt again in every way among the places they went to (so that each
    hand, and the dead hand, keeps its size), and the game is replayed; a deal the history is
    illegal in, or after which the mover would see anything else, is not one of them."""
    seat = state.current_player
    view = state.view(seat)
    k = next(i for i, a in enumerate(state.history) if isinstance(a, Shuffle))
    cards = list(state.history[k].cards)
    seen = {Card.from_str(c) for c in view["hand"]} | {
        Card.from_str(c) for p in view["played"] for c in p
    }
    seen |= {Card.from_str(c) for c in view["known_dead"]}
    unseen = [c for c in cards if c not in seen]
    places: dict[int | None, list[int]] = {}  # holder now -> positions in the shuffle
    for c in unseen:
        places.setdefault(state.holder(c), []).append(cards.index(c))
    groups = list(places.values())
    found = []

    def deal(left: list[Card], g: int, chosen: dict[int, Card]) -> None:
        if g == len(groups):
            found.append(dict(chosen))
            return
        for pick in combinations(left, len(groups[g])):
            deal(
                [c for c in left if c not in pick],
                g + 1,
                chosen | dict(zip(groups[g], pick, strict=True)),
            )

    deal(unseen, 0, {})
    games = []
    for chosen in found:
        shuffle = Shuffle(tuple(chosen.get(i, c) for i, c in enumerate(cards)))
        game = engine.new_game("michigan", players=state.num_players, seed=state.seed, deals=1)
        try:
            for action in (*state.history[:k], shuffle, *state.history[k + 1 :]):
                game = game.apply(action)
        except IllegalAction:
            continue
        if game.view(seat) == view:
            games.append(game)
    return games


def _played_out(
    game: MichiganState, action: object, finisher: bool = True, finishers: frozenset[int] = NONE
) -> int:
    """The mover's chips won or lost from here to the end of the deal, when he takes
    ``action`` and everyone then plays as the basic bot does, he himself going out when he
    surely can (``Finisher``, as the expert plays itself on; not ``finisher``: a basic bot), and
    so do the seats of ``finishers``."""
    seat = game.current_player
    before = game.chips[seat]
    sure = finishers | ({seat} if finisher else set())
    bots = [Finisher() if s in sure else BasicBot() for s in range(game.num_players)]
    return engine.play(game.apply(action), bots).chips[seat] - before


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (3, 7), (3, 9), (3, 15), (3, 16), (4, 18)])
def test_exact_values_agree_with_every_deal_through_the_rules(players, seed):
    """A lead late in a deal: the expert takes every layout its view allows (exact), and its
    values are the mean chips over every deal the rules engine finds the mover cannot tell
    apart, each played out by basic bots through the engine."""
    state = _late_position(players, seed)
    advice = ExpertBot(seed=1).advise(state)
    assert advice.exact
    games = _engine_layouts(state)
    assert len(games) == len(
        Seen(state.view(state.current_player)).layouts(60, random.Random(0))[0]
    )
    for option in advice.options:
        mean = sum(_played_out(g, option.action) for g in games) / len(games)
        assert math.isclose(option.value, mean, abs_tol=1e-9), option


def test_sampled_values_come_near_the_exact_ones():
    """A position valued from 3,000 sampled layouts: within 0.4 chips of exact."""
    state = _late_position(3, 16)
    exact = ExpertBot(seed=1).advise(state)
    sampled = ExpertBot(seed=1).advise(state, deals=3000, exact=False)
    assert not sampled.exact
    for option in exact.options:
        assert abs(sampled.judged(option.action).value - option.value) < 0.4


def test_every_sampled_layout_is_one_the_rules_allow():
    state = _late_position(3, 0)
    seen = Seen(state.view(state.current_player))
    every = {tuple(w) for w in seen.layouts(100, random.Random(0))[0]}
    sampled = {tuple(w) for w in seen.layouts(400, random.Random(0), exact=False)[0]}
    assert sampled == every  # each one, and nothing else


@pytest.mark.parametrize(("players", "mistakes"), [(3, False), (4, False), (6, False), (4, True)])
def test_a_deal_played_out_fast_is_the_deal_the_rules_play(players, mistakes, monkeypatch):
    """``DealPlayout`` against the rules: at the decisions of seeded deals (the dealer's
    exchange, the auction, leads, runs, withholds), laid out as the cards really lie, the
    expert's value of each option is the chips the mover wins or loses when he takes it and
    basic bots play the deal out through ``MichiganState``. (An offer is valued as though it
    stands, which the rules do not play out at once: not compared.)"""
    checked = 0
    for seed in range(3):
        state = engine.new_game(
            "michigan", players=players, seed=seed, deals=1, mistakes_allowed=mistakes
        )
        bot = BasicBot()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(state.sample_chance())
                continue
            if len(state.legal_actions()) > 1:
                real = real_layout(state)
                monkeypatch.setattr(Seen, "layouts", lambda *_a, w=real, **_k: ([w], True))
                for option in ExpertBot().advise(state).options:
                    if not isinstance(option.action, Offer):
                        assert option.value == _played_out(state, option.action), option
                        checked += 1
                monkeypatch.undo()
            state = state.apply(bot.choose(state))
    assert checked > 20


def _laid_out_leads(monkeypatch, players: int) -> Iterator[MichiganState]:
    """The decisions of play with a choice of four seeded deals of basic bots, the expert's
    layouts while each is handled the one the cards really lie in (``real_layout``)."""
    for seed in range(4):
        state = engine.new_game("michigan", players=players, seed=seed, deals=1)
        bot = BasicBot()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                state = state.apply(state.sample_chance())
                continue
            if (
                len(state.legal_actions()) > 1
                and state.view(state.current_player)["phase"] == "play"
            ):
                real = real_layout(state)
                monkeypatch.setattr(Seen, "layouts", lambda *_a, w=real, **_k: ([w], True))
                yield state
                monkeypatch.undo()
            state = state.apply(bot.choose(state))


def test_a_basic_mover_is_played_on_as_the_basic_bot_without_its_sure_outs(monkeypatch):
    """Told the mover is a basic bot, the coach plays his later leads as the basic bot does,
    which does not look for a sure way out (``DealPlayout.sure``; a human, the basic move three
    times in four, alike): at the decisions of seeded deals laid out as the cards really lie,
    each option's value is the chips he wins when every seat, he too, is a basic bot. Taking
    his sure outs for him over-stated a basic mover by +0.60 chips (−0.07 to +1.34) and a
    human by +1.87 (+1.08 to +2.67) on 240 fresh mixed tables; +0.33 and +1.64 since (issue 35
    round eight)."""
    checked = differs = 0
    for state in _laid_out_leads(monkeypatch, 3):
        coach = ExpertBot(players=("basic",) * 3)
        coach.overstated = UNCORRECTED
        itself = {o.action: o.value for o in ExpertBot().advise(state).options}
        for option in coach.advise(state).options:
            assert option.value == _played_out(state, option.action, finisher=False)
            differs += option.value != itself[option.action]
            checked += 1
    assert checked > 20 and differs > 0


def test_told_of_experts_the_coach_plays_their_sure_outs(monkeypatch):
    """Told an expert sits at the table, the coach plays his leads on as the basic bot's but
    for his sure outs, which an expert takes (``DealPlayout.sure``): at the decisions of seeded
    deals laid out as the cards really lie, each option's value is the chips the mover wins when
    the expert seats play as ``Finisher`` and the others as the basic bot (issue 35, round
    nine: a mover among experts was shown +2.24 chips a decision over what he made on fresh
    tables, +2.02 with this)."""
    experts = frozenset({1, 3})
    checked = differs = 0
    for state in _laid_out_leads(monkeypatch, 4):
        coach = ExpertBot(players=("basic", "expert", "basic", "expert"))
        coach.overstated = UNCORRECTED
        untold = {o.action: o.value for o in ExpertBot().advise(state).options}
        mine = state.current_player in experts  # an expert mover takes his own, a basic none
        for option in coach.advise(state).options:
            assert option.value == _played_out(state, option.action, mine, experts)
            differs += option.value != untold[option.action]
            checked += 1
    assert checked > 20 and differs > 0


def test_a_dealer_who_exchanges_knows_the_dead_hand_in_the_playouts(monkeypatch):
    """After an exchange in a playout, the dealer knows his old hand lies dead, so the card
    below each of its cards is a sure stop for him, as the rules show him (``known_dead``):
    at this exchange, laid out as the cards lie, exchanging is worth the 25 chips the rules'
    play-out gives (``Finisher``); played out as though he knew nothing of it, 3."""
    state = engine.new_game("michigan", players=4, seed=32, deals=1)
    state = state.apply(state.sample_chance())
    real = real_layout(state)
    monkeypatch.setattr(Seen, "layouts", lambda *_a, **_k: ([real], True))
    value = ExpertBot().advise(state).judged(Exchange()).value
    assert value == _played_out(state, Exchange()) == 25


def test_the_numbers_per_pairing_are_the_committed_fit():
    """``OVERSTATED`` is ``kinds.json``'s, written by its script, each number within its own
    95% interval."""
    assert_committed(OVERSTATED, KINDS_FIT, "scripts/fit_michigan_kinds.py")


def test_told_the_players_every_option_is_lowered_alike():
    """Told the players, every option's value is the playouts' less ``OVERSTATED``'s mean over
    the other seats for the mover's kind (the same layouts, so the order stays), and the advice
    says by how much; not told, nothing is taken off."""
    state = _late_position(4, 18)
    seat = state.current_player
    players = ("expert", HUMAN, "random", "basic")
    coach = ExpertBot(players=players)
    raw = ExpertBot(players=players)
    raw.overstated = UNCORRECTED
    mine = OVERSTATED[players[seat]]
    less = sum(mine[k] for s, k in enumerate(players) if s != seat) / 3
    assert coach.over(seat) == pytest.approx(less) and abs(less) >= 0.05
    told, before = coach.advise(state), raw.advise(state)
    assert_lowered_alike(told, before, less)
    assert f"by {abs(less):.1f} chips" in told.more
    assert ExpertBot().over(seat) == 0.0 and "At this table" not in ExpertBot().advise(state).more


def test_where_every_layout_is_played_out_nothing_is_taken_off():
    """Told only basic bots and experts, late in a deal, every layout is played out and the
    values are exact: the correction, fitted on sampled values, is not taken off (issue 35
    round ten: it made them under-state what was made, −0.78 chips a decision against −0.42
    uncorrected), and the advice says so."""
    state = _late_position(4, 18)
    seat = state.current_player
    players = ("expert", "basic", "expert", "basic")
    coach = ExpertBot(players=players)
    raw = ExpertBot(players=players)
    raw.overstated = UNCORRECTED
    assert abs(coach.over(seat)) >= 0.05
    told, before = coach.advise(state), raw.advise(state)
    assert told.exact and told.options == before.options
    assert EVERY_WAY in told.more and "At this table" not in told.more


# ---------------------------------------------------------------- clear choices

S1 = "2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D 5D"
S2 = "2C 3C 4C 5C 6C 7C 8C 9C 10C 6D 7D 8D 9D"
S0 = "AH KC QD JS 2S 3S 4S 5S 6S 7S 8S 9S 10S"


def test_a_dealer_holding_every_boodle_card_keeps_his_hand():
    state = engine.new_game("michigan", players=3, deals=1)
    state = state.apply(rigged_shuffle(3, hands=[S1, S2, S0]))
    advice = ExpertBot().advise(state)
    assert advice.best.action == Sell() and advice.loss(Exchange()) >= advice.costly


def test_the_expert_runs_a_suit_to_the_ace_and_goes_out():
    """Seat 1 (the dealer's left) leads first, holding every spade but the 2, and 2♥: 3♠ runs
    to the ace, a sure stop, and then 2♥ takes it out, before anyone else has played."""
    hand = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H"
    state = engine.new_game("michigan", players=3, deals=1)
    state = state.apply(rigged_shuffle(3, hands=[hand], seed=3)).apply(Exchange())
    advice = ExpertBot().advise(state)
    assert advice.best.action == Play(Card.from_str("3S"))
    assert advice.loss(Play(Card.from_str("2H"))) >= advice.costly
    assert "ace" in advice.why and "boodle" in advice.why
