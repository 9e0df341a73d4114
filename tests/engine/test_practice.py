"""The practice bank (``engine.practice``): every puzzle's answer worked out a second way, its
position loadable and showing nothing its seat could not see, and the bank made again from its
seed."""

from __future__ import annotations

import gzip
import json
import random
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import pytest
from test_rummy_solver import reference

import engine
from engine import practice
from engine.cards import Card
from engine.india.board import BLUE, CORNER, ENTER_ON, ROUTE, TRACK, entry_square, square
from engine.india.rules import ALL_THROWS
from engine.practice.bank import hide, looks_same, picture
from engine.rupees.cards import CARDS
from engine.values import Shuffle, decode

GAMES = practice.GAMES


@cache
def bank(game):
    return practice.puzzles(game)


def answer_of(puzzle, state):
    """The answer as an action of the game, or the number."""
    if not puzzle.is_action():
        return puzzle.answer
    return decode(puzzle.answer, type(state).kinds())


@pytest.mark.parametrize("game", GAMES)
def test_a_bank_of_300_checked_puzzles(game):
    puzzles = bank(game)
    assert len(puzzles) >= 300
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({p.position for p in puzzles}) > 100  # from many positions, not a few
    for p in puzzles:
        state = engine.from_json(p.position)
        assert (p.game, state.current_player) == (game, p.seat)
        assert p.question and p.why.endswith(".") and 1 <= p.difficulty <= 5
        if p.is_action():
            assert answer_of(p, state) in state.legal_actions()
        else:
            assert type(p.answer) is int


def test_the_same_seed_gives_the_same_puzzles():
    assert practice.puzzles("plates", seed=5, count=20) == practice.puzzles("plates", 5, 20)
    assert practice.puzzles("plates", seed=5, count=20) != practice.puzzles("plates", 6, 20)


@pytest.mark.parametrize("bad", [-1, True, 1.5, "0"])
def test_a_bad_seed_is_refused_in_words(bad):
    with pytest.raises(ValueError, match="seed is a whole number"):
        practice.puzzles("plates", seed=bad)
    with pytest.raises(ValueError, match="no game"):
        practice.kinds("chess")


def test_is_right_takes_the_action_or_the_number():
    p = bank("plates")[0]
    state = p.state()
    right = answer_of(p, state)
    assert practice.is_right(p, right)
    assert not any(practice.is_right(p, a) for a in state.legal_actions() if a != right)
    assert not practice.is_right(p, object()) and not practice.is_right(p, 3)
    n = next(p for p in bank("rupees") if not p.is_action())
    assert practice.is_right(n, n.answer) and not practice.is_right(n, n.answer + 1)


# ---------------------------------------------------------------- every answer, a second way


def plates_answer(state, seat):
    """Agree when the bid's chance is above one half, by the hypergeometric closed form: the
    unknown plates' places are drawn from the deck's places nobody has seen."""
    view = state.view(seat)
    bid = view["standing_bid"]
    digit, need = bid["digit"], bid["count"]
    mine = view["my_plate"]
    shown = [mine] if mine else []
    shown += [p for r in view["rounds"] for _, p in r["in_play"]]
    have = mine["number"].count(str(digit)) if mine else 0
    unknown = 6 * (view["plates_in_play"] - (1 if mine else 0))
    if view["digits"] == "balanced":
        good = 30 - sum(p["number"].count(str(digit)) for p in shown)
        places = 300 - 6 * len(shown)
        ways = sum(comb(good, x) * comb(places - good, unknown - x) for x in range(unknown + 1))
        hit = sum(
            comb(good, x) * comb(places - good, unknown - x)
            for x in range(max(0, need - have), unknown + 1)
        )
        chance = Fraction(hit, ways)
    else:
        chance = sum(
            Fraction(comb(unknown, x) * 9 ** (unknown - x), 10**unknown)
            for x in range(max(0, need - have), unknown + 1)
        )
    assert chance != Fraction(1, 2)
    return engine.plates.Agree() if chance > Fraction(1, 2) else engine.plates.Challenge()


def india_risk(pieces, sides, partners, seat, at):
    """The chance the piece at ``at`` is hit with each opponent throwing once, by going
    through the 36 throws of each opponent and every piece of his that could land on it."""
    q = square(sides[seat], at)
    if q is None or q in BLUE:
        return Fraction(0)
    safe = Fraction(1)
    for other, theirs in enumerate(pieces):
        if other == seat or (partners and other % 2 == seat % 2):
            continue
        hits = 0
        for throw in ALL_THROWS:
            steps = {throw.a, throw.b, throw.a + throw.b}
            entry = entry_square(sides[other])
            hit = any(
                0 <= p <= ROUTE and (entry + p + s - q) % TRACK == 0 and p + s <= ROUTE
                for p in theirs
                for s in steps
            )
            if CORNER in theirs:
                for die, other_die in ((throw.a, throw.b), (throw.b, throw.a)):
                    hit |= die == ENTER_ON and (entry + other_die - q) % TRACK == 0
            hits += hit
        safe *= Fraction(36 - hits, 36)
    return 1 - safe


def india_answer(state, seat):
    view = state.view(seat)
    risk = {}
    for option in state.legal_options():
        new = Counter(option.pieces[seat]) - Counter(view["pieces"][seat])
        if sum(new.values()) != 1:
            continue
        (at,) = new
        r = india_risk(option.pieces, view["sides"], view["partners"], seat, at)
        risk[option.action] = min(r, risk.get(option.action, r))
    ranked = sorted(risk.items(), key=lambda kv: kv[1])
    assert ranked[0][1] < ranked[1][1]
    return ranked[0][0]


def michigan_answer(state, seat):
    """The chance a card nobody has shown this seat is dead: of the C(unseen, d) ways the d
    unknown dead cards can be chosen, those that hold it."""
    view = state.view(seat)
    order = "2 3 4 5 6 7 8 9 10 J Q K A".split()
    top = Card.from_str(view["run"]["card"])
    mine = Card(order[order.index(top.rank) + 1], top.suit)  # the card played
    nxt = Card(order[order.index(mine.rank) + 1], mine.suit)
    mine = set(view["hand"]) | {c for pile in view["played"] for c in pile}
    known = set(view["known_dead"])
    if str(nxt) in mine:
        return 0
    if str(nxt) in known:
        return 100
    unseen = 52 - len(mine) - len(known)
    dead = view["dead_size"] - len(known)
    chance = Fraction(comb(unseen - 1, dead - 1), comb(unseen, dead)) if dead else Fraction(0)
    return round(100 * chance)


STRENGTH = "1 2 3 4 5k 7 8 9 10k 11 15k 30k 40k".split()
MONEY = {"5k": 5_000, "10k": 10_000, "15k": 15_000, "30k": 30_000, "40k": 40_000}


def rupees_answers(state, seat):
    """Who holds the trick and what it is worth, by the rules' own words."""
    view = state.view(seat)
    trick = [(s, CARDS[c]) for s, c in view["trick"]]
    trump = view["trump"]
    colours = [trump if c.rank == "Tiger" else c.colour for _, c in trick]
    led = next((c for c in colours if c), None)

    def power(card):
        if card.rank == "Tiger":
            return (3, 0)
        rank = card.code[1:]
        if card.colour == trump:
            return (2, STRENGTH.index(rank))
        if card.colour and card.colour == led:
            return (1, STRENGTH.index(rank))
        return (-1, -1)

    best = max(range(len(trick)), key=lambda i: (power(trick[i][1]), -i))
    money = sum(MONEY.get(c.code[1:], 0) for _, c in trick if c.colour)
    last = [c.rank for _, c in trick if c.rank in ("Lion", "Bear")]
    worth = money * 2 if last and last[-1] == "Lion" else 0 if last else money
    return {"winner": trick[best][0], "worth": worth}


def rummy_answer(puzzle, state):
    """By ``reference``, an exhaustive search over every split of the hand into melds."""
    view = state.view(puzzle.seat)
    hand = [Card.from_str(c) for c in view["hand"]]
    wild = view["wild_rank"]
    four = view["options"]["four_card_life"]
    if puzzle.kind == "count":
        return reference(hand, wild, four)[0]
    counts = {}
    for action in state.legal_actions():
        if isinstance(action, engine.rummy.Discard) and action.card not in counts:
            rest = list(hand)
            rest.remove(action.card)
            counts[action.card] = reference(rest, wild, four)[0]
    ranked = sorted(counts.items(), key=lambda kv: kv[1])
    assert ranked[0][1] < ranked[1][1]
    return engine.rummy.Discard(ranked[0][0])


def second_answer(puzzle, state):
    if puzzle.game == "plates":
        return plates_answer(state, puzzle.seat)
    if puzzle.game == "india":
        return india_answer(state, puzzle.seat)
    if puzzle.game == "michigan":
        return michigan_answer(state, puzzle.seat)
    if puzzle.game == "rupees":
        return rupees_answers(state, puzzle.seat)[puzzle.kind]
    return rummy_answer(puzzle, state)


@pytest.mark.parametrize("game", ["plates", "india", "michigan", "rupees"])
def test_every_answer_worked_out_a_second_way(game):
    for p in bank(game):
        state = p.state()
        assert second_answer(p, state) == answer_of(p, state), p.id


@pytest.mark.slow
def test_every_rummy_answer_worked_out_by_exhaustive_search():
    for p in bank("rummy"):
        state = p.state()
        assert second_answer(p, state) == answer_of(p, state), p.id


# ---------------------------------------------------------------- nothing the seat cannot see


def twin_of(state, seat, kinds, rng, tries=20):
    """The same game with the cards ``seat`` never saw dealt at random, where the seat sees
    exactly the same (a deal the bots' moves allow); None if no try gives one."""
    for _ in range(tries):
        twin = hide(state, seat, kinds.code, kinds.seen, twin=rng)
        if twin is not None and twin.history != state.history:
            return twin
    return None


@pytest.mark.parametrize("game", ["plates", "michigan", "rummy", "rupees"])
def test_twins_differing_in_unseen_cards_give_the_same_puzzle(game):
    """A twin deals the unseen cards at random: the seat sees the same game, the puzzle's
    picture is the same, and hiding the twin gives the puzzle's very position."""
    kinds = practice.kinds(game)
    rng = random.Random(7)
    twins = 0
    for p in bank(game)[::10]:
        state = p.state()
        twin = twin_of(state, p.seat, kinds, rng)
        if twin is None:
            continue
        twins += 1
        assert looks_same(state, twin, p.seat)
        assert picture(twin, p.seat) == picture(state, p.seat)
        again = hide(twin, p.seat, kinds.code, kinds.seen)
        assert again is not None and again.to_json() == p.position
    assert twins >= 10  # of 30 puzzles: the twins really hold other cards unseen


def test_a_position_holds_no_seed_and_no_unseen_order():
    """Every position has seed 0, and the cards its seat never saw lie in sorted order: the
    save says nothing of the real deal."""
    for game in ("rummy", "rupees"):
        for p in bank(game)[::25]:
            state = p.state()
            assert state.seed == 0
            kinds = practice.kinds(game)
            assert hide(state, p.seat, kinds.code, kinds.seen).to_json() == p.position
            shuffles = [a for a in state.history if isinstance(a, Shuffle)]
            assert shuffles


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_bank_is_a_fresh_one(game):
    shipped = json.loads(gzip.decompress(practice.bank_path(game).read_bytes()))
    assert shipped == json.loads(practice.bank_text(game))


def test_puzzles_load_where_a_teachers_save_key_is_set(monkeypatch):
    monkeypatch.setenv("TABLETOP_SAVE_KEY", "k" * 32)
    p = bank("plates")[0]
    with pytest.raises(engine.SaveError):
        engine.from_json(p.position)  # the key guards students' saves
    loaded = p.state()
    monkeypatch.delenv("TABLETOP_SAVE_KEY")
    assert loaded == engine.from_json(p.position)
