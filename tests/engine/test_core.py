"""The shared protocol (docs/design.md §3): new games, chance, turns, auctions, actions, saves."""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import pickle
import random
from fractions import Fraction

import pytest

import engine
import engine.plates
from engine import CHANCE, Auction, IllegalAction, SaveError, Shuffle
from engine.core import ChanceTable, clockwise, seats_from_left
from engine.plates import Agree, Bid, Cancel, Challenge, Plate, PlatesState
from engine.saves import _digest
from engine.values import decode, encode

# ---------------------------------------------------------------- new_game


def test_registry_names_the_games():
    assert "plates" in engine.GAMES
    assert engine.GAMES["plates"] is engine.plates.PlatesState
    assert list(engine.GAMES) == ["india", "michigan", "plates", "rummy", "rupees"]


def test_each_game_registers_its_own_state_class():
    """A game's package is found by its ``rules`` module; its state class registers itself when
    the package is imported, and only there, under its own name."""
    for game in engine.GAMES:
        cls = engine.GAMES[game]
        assert cls.game == game and engine.core.REGISTERED[game] is cls
        assert cls.__module__ == f"engine.{game}.rules"

    class Rigged(PlatesState):  # a subclass does not take the game's place
        pass

    assert engine.GAMES["plates"] is PlatesState
    with pytest.raises(TypeError, match=r"PlatesState in the package engine\.plates"):
        type("PlatesState", (engine.State,), {"game": "plates", "__module__": "tests.fake"})
    with pytest.raises(TypeError, match=r"the class GoState in the package engine\.go"):
        type("Board", (engine.State,), {"game": "go", "__module__": "engine.go.rules"})
    assert "go" not in engine.GAMES and "go" not in engine.core.REGISTERED


def test_new_game_basics():
    s = engine.new_game("plates", players=4, seed=7)
    assert (s.game, s.num_players, s.seed, s.history) == ("plates", 4, 7, ())
    assert s.options == {"digits": "balanced", "first_opener": 0}
    assert s.current_player == CHANCE and not s.is_terminal()
    assert engine.new_game("plates").num_players == 3  # the first allowed count


@pytest.mark.parametrize(
    ("args", "options", "keyword"),
    [
        (("chess",), {}, "no game 'chess'"),
        (("Plates",), {}, "no game"),
        (("plates", 2), {}, "played by 3, 4, 5 or 6 players, not 2"),
        (("plates", 7), {}, "not 7"),
        (("plates", 4.0), {}, "not 4.0"),
        (("plates", True), {}, "not True"),
        (("plates", "4"), {}, "not '4'"),
        (("plates", 4), {"colour": "red"}, "no option 'colour'"),
        (("plates", 4), {"digits": "random"}, "option digits must be one of balanced or uniform"),
        (("plates", 4), {"digits": 1}, "option digits"),
    ],
)
def test_new_game_errors_name_the_problem(args, options, keyword):
    with pytest.raises(ValueError, match=keyword):
        engine.new_game(*args, **options)


@pytest.mark.parametrize("seed", [1.5, "7", None, True])
def test_new_game_seed_must_be_whole(seed):
    with pytest.raises(ValueError, match="seed"):
        engine.new_game("plates", players=4, seed=seed)


# ---------------------------------------------------------------- chance


def test_sample_chance_is_deterministic_per_seed():
    a = engine.new_game("plates", players=4, seed=11)
    b = engine.new_game("plates", players=4, seed=11)
    c = engine.new_game("plates", players=4, seed=12)
    assert a.sample_chance() == b.sample_chance() == a.sample_chance()
    assert a.sample_chance() != c.sample_chance()
    assert isinstance(a.sample_chance(), Shuffle)


def test_sample_chance_from_a_given_rng():
    s = engine.new_game("plates", players=4, seed=11)
    assert s.sample_chance(random.Random(3)) == s.sample_chance(random.Random(3))
    assert s.sample_chance(random.Random(3)) != s.sample_chance(random.Random(4))


def test_sample_chance_is_legal_for_both_digit_options():
    for digits in ("balanced", "uniform"):
        s = engine.new_game("plates", players=5, seed=2, digits=digits)
        assert s.apply(s.sample_chance()).current_player == 0


def test_sample_chance_raises_when_no_chance_is_due():
    s = engine.new_game("plates", players=4, seed=1)
    s = s.apply(s.sample_chance())
    with pytest.raises(IllegalAction, match="no chance event is due"):
        s.sample_chance()


def test_shuffle_has_no_listed_outcomes():
    s = engine.new_game("plates", players=4)
    assert s.chance_outcomes() is None
    assert s.legal_actions() == []


# ---------------------------------------------------------------- seats and auctions


def test_clockwise_is_seat_plus_one():
    assert [clockwise(s, 4) for s in range(4)] == [1, 2, 3, 0]


def test_clockwise_skips_dead_seats():
    live = (True, False, False, True, True)
    assert clockwise(0, 5, live) == 3
    assert clockwise(4, 5, live) == 0
    assert clockwise(1, 5, live) == 3  # from a dead seat too
    assert clockwise(0, 3, (True, False, False)) == 0  # only himself left


def test_clockwise_with_no_live_seat():
    with pytest.raises(ValueError, match="no live seat"):
        clockwise(0, 3, (False, False, False))


def test_seats_from_left():
    assert seats_from_left(2, 4) == [3, 0, 1]
    assert seats_from_left(0, 3) == [1, 2]


def test_auction_helpers():
    a = Auction()
    b = a.add(0, Bid(2, 4)).add(1, Challenge()).add(2, Bid(3, 4)).add(3, Agree())
    assert a.calls == ()  # add returns a new auction
    is_bid = lambda c: isinstance(c, Bid)  # noqa: E731
    assert b.high(is_bid) == (2, Bid(3, 4))
    assert b.since_high(is_bid) == [(3, Agree())]
    assert b.seats_that(Challenge) == {1}
    assert b.seats_that(Bid) == {0, 2}
    assert a.high(is_bid) is None
    c = a.add(1, Agree()).add(2, Challenge())
    assert c.since_high(is_bid) == [(1, Agree()), (2, Challenge())]


# ---------------------------------------------------------------- actions


ACTIONS = [Bid(2, 4), Bid(12, 0), Challenge(), Agree(), Cancel(), Plate("123456", 5)]


@pytest.mark.parametrize("action", ACTIONS)
def test_action_repr_reads_back(action):
    assert eval(repr(action), vars(engine.plates)) == action


def test_shuffle_repr_reads_back():
    s = engine.new_game("plates", players=4).sample_chance()
    assert eval(repr(s), vars(engine.plates)) == s
    assert str(s) == "shuffle (50 cards)"


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Bid(2, 4), "two 4's"),
        (Bid(3, 0), "three 0's"),
        (Bid(12, 9), "twelve 9's"),
        (Bid(13, 7), "13 7's"),
        (Challenge(), "challenge"),
        (Agree(), "agree"),
        (Cancel(), "cancel"),
    ],
)
def test_action_str_is_table_notation(action, text):
    assert str(action) == text


def test_actions_are_frozen_hashable_values():
    assert Bid(2, 4) == Bid(2, 4) and Bid(2, 4) != Bid(2, 5)
    assert len({Bid(2, 4), Bid(2, 4), Challenge(), Challenge()}) == 2
    with pytest.raises(AttributeError):
        Bid(2, 4).count = 3


def test_encode_decode_round_trip():
    values = (Bid(2, 4), Challenge(), Shuffle((Plate("123456", 5),)), None, 3, "x")
    assert decode(json.loads(json.dumps(encode(values))), PlatesState.kinds()) == values


def test_each_game_reads_only_its_own_kinds():
    from engine.india import Throw

    with pytest.raises(SaveError, match="unknown kind"):
        decode(encode(Throw(1, 2)), PlatesState.kinds())


def test_encode_refuses_unknown_values():
    with pytest.raises(TypeError, match="cannot save"):
        encode(1.5)


@pytest.mark.parametrize(
    ("data", "keyword"),
    [
        ({"type": "Pickle"}, "unknown kind"),
        ({"count": 2}, "unknown kind"),
        ({"type": "Bid", "count": 2}, "needs fields"),
        ({"type": "Bid", "count": 2, "digit": 4, "x": 1}, "needs fields"),
        ({"type": "Bid", "count": "2", "digit": 4}, "bad Bid"),
        ({"type": "Plate", "number": "12", "fine": 5}, "bad Plate"),
        (1.5, "unexpected value"),
    ],
)
def test_decode_refuses_bad_data(data, keyword):
    with pytest.raises(SaveError, match=keyword):
        decode(data, PlatesState.kinds())


def test_state_repr_and_equality():
    s = engine.new_game("plates", players=4, seed=7)
    t = s.apply(s.sample_chance())
    assert repr(t) == "<plates game: 4 players, seed 7, 1 actions>"
    assert t == s.apply(s.sample_chance()) and hash(t) == hash(s.apply(s.sample_chance()))
    assert t != s and s != "plates"


def test_play_runs_bots_to_the_end():
    bots = [engine.make_bot("plates", "random", seed=k) for k in range(3)]
    s = engine.play(engine.new_game("plates", players=3, seed=4), bots)
    assert s.is_terminal() and sum(s.returns()) == 750


def test_random_bot_chooses_a_legal_action():
    s = engine.new_game("plates", players=4, seed=1)
    s = s.apply(s.sample_chance())
    bot = engine.RandomBot(seed=3)
    for _ in range(20):
        assert bot.choose(s) in s.legal_actions()


# ---------------------------------------------------------------- saves


def _played(seed=5, steps=40):
    s = engine.new_game("plates", players=4, seed=seed, digits="uniform")
    bots = [engine.make_bot("plates", "random", seed=k) for k in range(4)]
    s = s.apply(s.sample_chance())
    for _ in range(steps):
        s = s.apply(bots[s.current_player].choose(s))
    return s


def _resigned(body):
    """A save edited by someone who also recomputed its digest."""
    body = dict(body)
    body["digest"] = _digest(body)
    return json.dumps(body)


def test_save_round_trip():
    s = _played()
    t = engine.from_json(s.to_json())
    assert t == s and str(t) == str(s) and t.view(2) == s.view(2)
    assert engine.from_json(s.to_json().encode()) == s
    fresh = engine.new_game("plates", players=5, seed=9)
    assert engine.from_json(fresh.to_json()) == fresh


def test_save_is_plain_json():
    body = json.loads(_played().to_json())
    assert set(body) == {"format", "game", "players", "seed", "options", "history", "digest"}
    assert (body["format"], body["game"], body["players"], body["seed"]) == (
        "tabletop-lessons/2", "plates", 4, 5,
    )  # fmt: skip
    assert body["history"][0]["type"] == "Shuffle" and len(body["history"][0]["cards"]) == 50
    assert body["history"][0]["cards"][0].keys() == {"type", "number", "fine"}


def _body():
    return json.loads(_played().to_json())


BAD_SAVES = [
    ("corrupt text", lambda: _played().to_json()[:-7], "not JSON"),
    ("not JSON", lambda: "hello", "not JSON"),
    ("empty", lambda: "", "not JSON"),
    ("bad bytes", lambda: b"\xff\xfe\x00", "not JSON"),
    ("a list", lambda: "[1, 2]", "format"),
    ("wrong format", lambda: json.dumps({**_body(), "format": "other/1"}), "format"),
    ("no format", lambda: json.dumps({"game": "plates"}), "format"),
    (
        "missing field",
        lambda: json.dumps({k: v for k, v in _body().items() if k != "seed"}),
        "expected",
    ),
    ("extra field", lambda: json.dumps({**_body(), "note": "hi"}), "expected"),
    ("edited digest", lambda: json.dumps({**_body(), "digest": "0" * 16}), "digest"),
    ("edited seed", lambda: json.dumps({**_body(), "seed": 6}), "digest"),
    (
        "edited history",
        lambda: json.dumps({**_body(), "history": _body()["history"][:-1]}),
        "digest",
    ),
    ("unknown game", lambda: _resigned({**_body(), "game": "chess"}), "unknown game 'chess'"),
    ("bad option", lambda: _resigned({**_body(), "options": {"digits": "odd"}}), "set-up"),
    ("unknown option", lambda: _resigned({**_body(), "options": {"colour": 1}}), "set-up"),
    ("option named players", lambda: _resigned({**_body(), "options": {"players": 3}}), "set-up"),
    ("options not object", lambda: _resigned({**_body(), "options": []}), "options must"),
    ("history not list", lambda: _resigned({**_body(), "history": {}}), "history a list"),
    ("bad players", lambda: _resigned({**_body(), "players": 9}), "set-up"),
    ("bad seed", lambda: _resigned({**_body(), "seed": "x"}), "set-up"),
    (
        "unknown action",
        lambda: _resigned({**_body(), "history": [{"type": "Pickle"}]}),
        "unknown kind",
    ),
    (
        "bid before deal",
        lambda: _resigned({**_body(), "history": [{"type": "Bid", "count": 1, "digit": 0}]}),
        "action 1",
    ),
    (
        "shuffle of nothing",
        lambda: _resigned({**_body(), "history": [{"type": "Shuffle", "cards": 5}]}),
        "bad Shuffle",
    ),
    (
        "shuffle of bids",
        lambda: _resigned(
            {**_body(), "history": [{"type": "Shuffle", "cards": [{"type": "Agree"}] * 50}]}
        ),
        "whole deck",
    ),
    ("action not a value", lambda: _resigned({**_body(), "history": [[1, 2]]}), "illegal"),
    ("game not a name", lambda: _resigned({**_body(), "game": ["plates"]}), "unknown game"),
    ("nested too deeply", lambda: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
]


@pytest.mark.parametrize(("what", "text", "keyword"), BAD_SAVES, ids=[b[0] for b in BAD_SAVES])
def test_bad_saves_raise_save_error(what, text, keyword):
    with pytest.raises(SaveError, match=keyword) as err:
        engine.from_json(text())
    assert isinstance(err.value, ValueError)


def test_edited_history_with_a_new_digest_still_fails_clearly():
    body = _body()
    history = body["history"]
    # swap two calls: the replay meets an action that is illegal at that point
    k = next(i for i in range(2, len(history)) if history[i]["type"] == "Challenge")
    body["history"] = [*history[:1], history[k], *history[1:k], *history[k + 1 :]]
    with pytest.raises(SaveError, match=r"action 2 .*illegal"):
        engine.from_json(_resigned(body))
    # a rigged deck that breaks the deck rules
    body = _body()
    body["history"][0]["cards"][0]["fine"] = (
        25 if body["history"][0]["cards"][0]["fine"] != 25 else 5
    )
    with pytest.raises(SaveError, match="each fine"):
        engine.from_json(_resigned(body))
    # a bid beyond the plates in play
    body = _body()
    body["history"] = [body["history"][0], {"type": "Bid", "count": 99, "digit": 1}]
    with pytest.raises(SaveError, match="a bid names a count"):
        engine.from_json(_resigned(body))


def test_probability_values_are_fractions():
    # odds helpers return exact fractions (docs/design.md §3.7)
    assert isinstance(engine.plates.bid_chance(Bid(1, 1), None, 2), Fraction)


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_at_replays_a_game_up_to_any_move(game):
    players = engine.GAMES[game].PLAYERS[0]
    bots = [engine.make_bot(game, "random", seed=k) for k in range(players)]
    s = engine.new_game(game, players=players, seed=4)
    for _ in range(30):
        if s.is_terminal():
            break
        seat = s.current_player
        s = s.apply(s.sample_chance() if seat == engine.CHANCE else bots[seat].choose(s))
    assert s.at(len(s.history)) == s
    assert s.at(0) == engine.new_game(game, players=players, seed=4)
    half = len(s.history) // 2
    assert s.at(half).history == s.history[:half]
    for bad in (-1, len(s.history) + 1, True, "3"):
        with pytest.raises(ValueError, match="move must be"):
            s.at(bad)


def test_a_version_1_save_still_loads():
    s = _played()
    body = json.loads(s.to_json())
    body["format"] = "tabletop-lessons/1"
    assert engine.from_json(_resigned(body)) == s


def test_a_version_1_save_finds_a_renamed_class_by_its_old_name(monkeypatch):
    s = _played(steps=3)
    body = json.loads(s.to_json())
    body["format"] = "tabletop-lessons/1"
    body["history"][1]["type"] = "OldBid"
    text = _resigned(body)
    with pytest.raises(SaveError, match="unknown kind"):
        engine.from_json(text)
    monkeypatch.setattr(PlatesState, "RENAMED", {"OldBid": "Bid"})
    assert engine.from_json(text) == s


def test_bots_register_by_level():
    assert PlatesState.BOTS["random"] is engine.RandomBot
    assert PlatesState.BOTS["basic"].level == "basic"


# ---------------------------------------------------------------- history and bad input


def test_the_states_of_one_line_share_their_history():
    s = _played(steps=10)
    t = s.apply(s.legal_actions()[0])
    assert len(t.history) == len(s.history) + 1 and t.history[:-1] == s.history
    assert t.history._actions is s.history._actions  # appended, not copied
    u = s.apply(s.legal_actions()[1])  # a branch from s: a line of its own
    assert u.history._actions is not s.history._actions
    assert t.history[-1] != u.history[-1] and t.history[:-1] == u.history[:-1] == s.history
    assert len(s.history) == 11 and s.history == tuple(s.history)  # s is unchanged


def test_history_is_a_read_only_sequence():
    s = _played(steps=3)
    h = s.history
    actions = list(h)
    assert h[0] == actions[0] and h[-1] == actions[-1] and h[1:3] == tuple(actions[1:3])
    assert h == tuple(h) and tuple(h) == h and h != tuple(h)[:-1]
    assert hash(h) == hash(tuple(h))
    with pytest.raises(IndexError):
        h[len(h)]
    with pytest.raises(TypeError):
        h[0] = None


def _resaved(**changes):
    body = json.loads(_played(steps=3).to_json())
    body.update(changes)
    return _resigned(body)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (_resaved(history=[{"type": "Challenge"}] * 20_001), "at most 20,000"),
        ("[" * 900 + "]" * 900, "nested too deeply"),
        (_resaved(history=[[[[[[[[[[1]]]]]]]]]]), "nested too deeply"),
        (_played(steps=3).to_json().replace('"seed":5', '"seed":' + "9" * 5000), "too long"),
        (_resaved(seed=10**30), "seed"),
        (_resaved(players=True), "players"),
        (" " * 1_000_001, "at most 1,000,000"),
        (b"\xff\xfe", "not JSON"),
    ],
)
def test_every_bad_save_is_a_save_error(text, says):
    with pytest.raises(SaveError, match=says):
        engine.from_json(text)


def test_a_save_that_is_not_text_is_refused():
    with pytest.raises(SaveError, match="text"):
        engine.from_json(None)


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: engine.new_game(["plates"]), "game must be"),
        (lambda: engine.new_game("plates", seed=10**5000), "seed"),
        (lambda: engine.new_game("plates", seed=-1), "seed"),
        (lambda: engine.new_game("plates", seed=1.0), "seed"),
        (lambda: engine.new_game("plates", players=4.0), "players"),
        (lambda: engine.new_game("plates", digits=1), "digits"),
        (lambda: engine.new_game("plates", colour="red"), "no option 'colour'"),
        (lambda: engine.new_game("plates").view(True), "no seat True"),
        (lambda: engine.new_game("plates").view(4), "no seat 4"),
        (lambda: engine.new_game("plates").view(0, reveal=1), "reveal"),
    ],
)
def test_bad_set_up_and_seats_are_refused_naming_the_parameter(call, says):
    with pytest.raises(ValueError, match=says):
        call()


@pytest.mark.parametrize(
    "make",
    [
        lambda: Bid(2.0, 4),
        lambda: Bid(True, 4),
        lambda: Bid(2, "4"),
        lambda: Bid(10**40, 4),
        lambda: Plate(123456, 5),
    ],
)
def test_a_field_of_the_wrong_type_is_an_illegal_action(make):
    with pytest.raises(IllegalAction, match=r"must be|whole number|six digits"):
        make()


def test_startswith_knows_an_earlier_state_of_the_same_line():
    s = _played(steps=5)
    t = s.apply(s.legal_actions()[0])
    u = s.apply(s.legal_actions()[1])
    assert t.history.startswith(s.history) and u.history.startswith(s.history)
    assert not t.history.startswith(u.history) and not s.history.startswith(t.history)
    assert t.history.startswith(tuple(s.history)) and t.history.startswith(())


def test_applying_the_same_move_twice_shares_the_line():
    s = _played(steps=5)
    action = s.legal_actions()[0]
    t, u = s.apply(action), s.apply(action)
    assert t == u and t.history._actions is u.history._actions is s.history._actions


def test_check_applies_nothing():
    s = _played(steps=5)
    s.check(s.legal_actions()[0])
    assert len(s.history._actions) == len(s.history)  # nothing was added to the line
    with pytest.raises(IllegalAction, match="turn order"):
        s.check(s.legal_actions()[0], player=(s.current_player + 1) % 4)


# ---------------------------------------------------------------- the fast paths behind the API


def fraction_sum_draw(outcomes, x):
    """How chance was drawn before ``ChanceTable``: the first outcome whose running sum of
    ``Fraction`` probabilities exceeds ``x``."""
    acc = Fraction(0)
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]


@pytest.mark.parametrize(
    "weights", [[1] * 36, [1, 2, 3], [5, 0, 1], [1] * 7, [2**40, 1, 3**20]], ids=str
)
def test_a_chance_table_draws_exactly_as_the_fraction_sum(weights):
    total = sum(weights)
    outcomes = [(k, Fraction(w, total)) for k, w in enumerate(weights)]
    table = ChanceTable(outcomes)
    assert table.pairs() == outcomes
    rng = random.Random(1)
    # the boundaries themselves and the floats either side of them, then random draws
    edges = [float(Fraction(sum(weights[:k]), total)) for k in range(len(weights))]
    xs = [*edges, *(math.nextafter(e, 1) for e in edges), *(math.nextafter(e, 0) for e in edges)]
    xs += [rng.random() for _ in range(5_000)]
    for x in (x for x in xs if 0 <= x < 1):
        assert table.draw(x) == fraction_sum_draw(outcomes, x), x


def test_interned_values_are_made_once():
    """A value made again is the one made first (a look-up): a fast path, never the meaning
    of ``==`` (see the next test)."""
    from engine.cards import Card
    from engine.india import Move
    from engine.rupees import Play, RupeeCard

    card = Card("10", "H")
    assert Card(rank="10", suit="H") is card is Card("10", suit="H")
    assert copy.copy(card) is card and copy.deepcopy([card])[0] is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert dataclasses.replace(card, rank="J") is Card("J", "H")
    assert Play(RupeeCard("R40k")) is Play("R40k")  # the same value after its check
    assert Move(1, 3) is Move(piece=1, steps=3) and Move(1, 3) != Move(1, 4)
    with pytest.raises(IllegalAction, match="numbered 0 to 3, not True"):
        Move(True, 3)  # True == 1, but it is no piece number
    with pytest.raises(IllegalAction, match="no such card"):
        Card("11", "H")
    with pytest.raises(TypeError):
        Card("10")
    with pytest.raises(TypeError):
        Card("10", rank="J")


def test_interned_values_are_equal_by_value_however_many_are_made():
    """``==`` and ``hash`` are by value, also past the values an interned class keeps: after
    100,000 distinct bids a bid is still equal to itself made again, in a set, a list or a
    game's history, and after a copy or a save."""
    from engine.rupees import Bid, Pass
    from engine.values import MAX_INTERNED

    made = [Bid(5_000 * k) for k in range(100_000)]
    assert len(set(made)) == 100_000
    late = 5_000 * 99_999
    assert Bid(late) is not Bid(late)  # past the cache: two objects ...
    assert Bid(late) == Bid(late) and hash(Bid(late)) == hash(Bid(late))  # ... one value
    assert Bid(late) in set(made) and made.index(Bid(late)) == 99_999
    assert Bid(late) != Bid(late + 5_000) and Bid(late) != Pass() and Bid(late) != late
    assert copy.copy(made[-1]) == made[-1] and pickle.loads(pickle.dumps(made[-1])) == made[-1]
    assert dataclasses.replace(made[-1]) == made[-1]
    assert decode(encode(made[-1]), {"Bid": Bid}) == made[-1]
    assert str(Bid(late)) == "bid ₹499,995,000"
    assert len(made) > MAX_INTERNED
    line = engine.core.History([Pass(), Bid(late)])
    assert line == (Pass(), Bid(late)) and hash(line) == hash((Pass(), Bid(late)))


def test_a_class_of_listed_values_holds_one_object_per_value():
    """Cards are made once each, at import (``every_value``): whatever makes a card again (its
    name, a copy, a save, a pickle) gets that object, so identity is equality by value."""
    from engine.cards import Card, standard_deck
    from engine.rupees import CARDS, RupeeCard
    from engine.values import every_value, interned, value

    deck = standard_deck(jokers=1)
    assert len({id(c) for c in deck}) == 53 == len(set(deck))
    for card in deck:
        again = (Card(card.rank, card.suit), Card.from_str(str(card)), copy.deepcopy(card))
        assert all(c is card for c in again)
        assert pickle.loads(pickle.dumps(card)) is card
        assert decode(encode(card), {"Card": Card}) is card
    assert [c for c in deck if c == Card("Q", "S")] == [Card("Q", "S")]
    assert all(RupeeCard(code) is card for code, card in CARDS.items())

    @every_value([(1,), (2,)])
    @interned
    @value
    class Die:
        face: int

    assert Die(1) is Die(1) and Die(1) != Die(2)
    with pytest.raises(TypeError, match="not among the values its class lists"):
        Die(3)  # its check lets 3 pass, the list does not
