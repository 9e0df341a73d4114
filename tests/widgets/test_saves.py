"""Save and load under every table, at message level: a click on Save game sends the game to
the browser (and nothing of it stays in the page), Load game replays a file on a fresh table
(and the bots play on), and every bad file is refused beside the button with its reason while
the table's game, picture and log stay as they were."""

from __future__ import annotations

import functools
import json
import random
from html import escape

import pytest

import engine
from engine.saves import SAVE_KEY, _digest
from tabletop_widgets import TABLES
from tabletop_widgets.saves import MAX_BYTES, SaveLoad

GAMES = sorted(engine.GAMES)


@pytest.fixture(autouse=True)
def no_key_set(monkeypatch):
    """Each test sets the teacher's key it needs (one set where the tests run would sign)."""
    monkeypatch.delenv(SAVE_KEY, raising=False)


def saves_of(table) -> SaveLoad:
    """The Save/Load tool under ``table``."""
    (tool,) = [w for w in table.tools.children if isinstance(w, SaveLoad)]
    return tool


def new_table(game: str, players: int | None = None, seed: int = 3, teacher: bool = True):
    """A table of ``game`` with one human (seat 0): a teacher's, which saves at any time."""
    players = players or engine.GAMES[game].PLAYERS[0]
    return TABLES[game](players=players, seed=seed, humans=(0,), teacher=teacher)


def play(table, moves: int, seed: int = 1) -> None:
    """Make ``moves`` human moves the way clicks do (``table.act``), avoiding one that ends
    the game, so the bots have something left to play."""
    rng = random.Random(seed)
    for _ in range(moves):
        if table.paused:
            table.resume()
            continue
        s = table.shown
        if s.current_player == engine.CHANCE:  # a human's own throw (India)
            choices = [s.sample_chance(rng)]
        else:
            choices = [a for a in s.legal_actions() if not s.apply(a).is_terminal()]
            choices = choices or s.legal_actions()
        assert table.act(rng.choice(choices)), table.message.value


def downloaded(tool: SaveLoad) -> tuple[str, str]:
    """(file name, text) of what clicking Save game downloads: the message the browser gets."""
    sent = []
    tool.files.send = sent.append
    tool.files._receive(tool.files, {"save": True}, [])
    (message,) = sent
    return message["download"]["name"], message["download"]["text"]


def chosen(tool: SaveLoad, name: str, content: bytes) -> None:
    """The message the browser sends when a file is chosen with Load game."""
    tool.files._receive(tool.files, {"load": {"name": name}}, [memoryview(content)])


def signed(body: dict) -> bytes:
    """A save edited and re-signed (its digest recomputed), as a careful forger would."""
    body = {k: v for k, v in body.items() if k != "digest"}
    body["digest"] = _digest(body)
    return json.dumps(body).encode()


def picture(table) -> tuple:
    """Everything a refused load must leave as it was."""
    saves = saves_of(table)
    return (
        table.shown,
        list(table.log_lines),
        table.board.svg,
        table.board.status,
        table.board.log,
        table.message.value,
        saves.files.name,
    )


# ---------------------------------------------------------------- save, then load


@pytest.mark.parametrize("game", GAMES)
def test_the_save_link_downloads_the_game_and_follows_it(game):
    table = new_table(game)
    tool = saves_of(table)
    name, text = downloaded(tool)
    assert name == f"{game}-seed3-move{len(table.shown.history)}.json"
    assert engine.from_json(text) == table.shown
    play(table, 4)
    name, text = downloaded(tool)
    assert name == f"{game}-seed3-move{len(table.shown.history)}.json"
    assert engine.from_json(text) == table.shown
    assert repr(tool) == f"SaveLoad({name})" and tool.files.name == name


@pytest.mark.parametrize("game", GAMES)
def test_nothing_of_the_game_stays_in_the_page(game):
    table = new_table(game)
    play(table, 3)
    tool = saves_of(table)
    _name, text = downloaded(tool)
    state = {k: v for k, v in tool.files.get_state().items() if k not in ("_esm", "_css")}
    synced = json.dumps([state, tool.note.value], default=str)
    assert len(synced) < 500 and text[:40] not in synced
    assert str(table.shown.seed) in tool.files.name  # only the name: game, seed, move


@pytest.mark.parametrize("game", GAMES)
def test_a_save_loads_into_a_fresh_table_and_the_bots_play_on(game):
    first = new_table(game, seed=3)
    play(first, 5)
    name, text = downloaded(saves_of(first))

    fresh = new_table(game, seed=11)
    assert saves_of(fresh).load_file(text.encode(), name)
    saved = first.shown
    assert fresh.shown.history[: len(saved.history)] == saved.history
    if not first.paused:  # a human was to act: the loaded table waits for the same human
        assert fresh.shown == saved
        assert downloaded(saves_of(fresh)) == (name, text)
    assert fresh.message.value == ""
    assert f"Loaded {name}: move {len(saved.history)}" in fresh.log_lines
    before = len(fresh.shown.history)
    play(fresh, 2, seed=2)
    assert len(fresh.shown.history) > before


def test_loading_while_looking_back_goes_back_to_the_loaded_game():
    first = new_table("plates")
    play(first, 3)
    _name, text = downloaded(saves_of(first))
    table = new_table("plates", seed=5)
    play(table, 2)
    game = table.shown
    table.look(game.at(1))
    tool = saves_of(table)
    assert downloaded(tool)[1] == game.to_json()  # Save game saves the game, not the look
    assert tool.load_text(text, "plates.json")
    assert not table.looking_back
    assert table.shown.history[: len(first.shown.history)] == first.shown.history


def test_the_load_game_button_reads_the_chosen_file_and_can_take_another():
    first = new_table("india")
    play(first, 4)
    name, text = downloaded(saves_of(first))
    table = new_table("india", seed=9)
    tool = saves_of(table)
    chosen(tool, name, text.encode())
    assert table.shown == first.shown and f"Loaded {name}: move" in tool.note.value
    chosen(tool, name, b"{")  # the same button, a broken file
    assert "not JSON" in tool.note.value and table.shown == first.shown
    tool.files._receive(tool.files, {"too_big": {"name": "big.json", "size": 5_000_000}}, [])
    assert "5,000,000 bytes" in tool.note.value and table.shown == first.shown


# ---------------------------------------------------------------- bad files, refused


@functools.cache
def bad_files(game: str) -> dict[str, tuple[bytes, str]]:
    """Bad file -> (its bytes, what the refusal must say) for a ``game`` table."""
    cls = engine.GAMES[game]
    table = new_table(game)
    play(table, 3)
    body = json.loads(table.shown.to_json())
    other_game = GAMES[(GAMES.index(game) + 1) % len(GAMES)]
    other_players = engine.new_game(game, players=cls.PLAYERS[1], seed=3)
    history = body["history"]
    return {
        "not UTF-8": (b'{"game": "\xff\xfe"}', "not UTF-8"),
        "not JSON": (b"my " + game.encode() + b" game, move 41", "not JSON"),
        "JSON but not a save": (b'{"hello": "world"}', "not a saved game: format is not"),
        "edited": (
            json.dumps({**body, "seed": body["seed"] + 1}).encode(),
            "edited or damaged: its digest does not match",
        ),
        "illegal action": (
            signed({**body, "history": [history[0], history[0]]}),
            "action 2 (",
        ),
        "unknown game": (signed({**body, "game": "chess"}), "unknown game 'chess'"),
        "another game": (
            engine.new_game(other_game, seed=3).to_json().encode(),
            f"this table plays {game}, not {other_game}",
        ),
        "another number of players": (
            other_players.to_json().encode(),
            f"this table has {cls.PLAYERS[0]} players, the game has {cls.PLAYERS[1]}",
        ),
        "empty": (b"", "the file is empty"),
        "huge": (b" " * (MAX_BYTES + 1), f"at most {MAX_BYTES:,}"),
        "nested too deeply": (b"[" * 100_000, "nested too deeply"),
    }


CASES = list(bad_files("plates"))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("game", GAMES)
def test_a_bad_file_is_refused_and_the_table_keeps_its_game(game, case):
    content, reason = bad_files(game)[case]
    table = new_table(game)
    play(table, 3)
    before = picture(table)
    assert not saves_of(table).load_file(content, "class.json")
    assert picture(table) == before
    refusal = saves_of(table).note.value
    assert 'class="tt-refused"' in refusal and 'role="alert"' in refusal
    assert "This file (class.json) is not a saved game of this table: " in refusal
    assert escape(reason) in refusal, refusal
    assert refusal.endswith(". The table keeps its game.</div>")
    play(table, 1)  # and play goes on
    assert len(table.shown.history) > len(before[0].history)


def test_a_long_file_name_is_shortened_in_the_message():
    table = new_table("rummy")
    saves_of(table).load_text("{", "x" * 200 + ".json")
    note = saves_of(table).note.value
    assert "x" * 57 + "..." in note and "x" * 58 not in note


# ---------------------------------------------------------------- who saves, and the signature


def finished(game: str) -> engine.State:
    s = engine.new_game(game, seed=2, **({"deals": 1} if game == "michigan" else {}))
    return engine.play(s, [engine.make_bot(game, "basic", seed=k) for k in range(s.num_players)])


@pytest.mark.parametrize("game", GAMES)
def test_a_students_table_saves_a_game_only_once_it_is_over(game):
    table = new_table(game, teacher=False)
    play(table, 2)
    tool = saves_of(table)
    assert "saved once it is over" in tool.files.not_now and tool.files.name == ""
    sent: list = []
    tool.files.send = sent.append
    tool.files._receive(tool.files, {"save": True}, [])  # a click, or a forged message
    assert not sent and "Not saved: a game is saved once it is over" in tool.note.value
    with pytest.raises(ValueError, match="once it is over"):
        tool.save_file()
    done = TABLES[game](finished(game), humans=(0,))
    assert saves_of(done).files.not_now == ""
    name, text = downloaded(saves_of(done))
    assert engine.from_json(text) == done.latest and name == saves_of(done).files.name


def test_with_the_teachers_key_a_save_is_signed_and_an_edited_one_refused(monkeypatch):
    monkeypatch.setenv(SAVE_KEY, "a key of the teacher's, 32 chars")
    table = new_table("michigan")
    play(table, 3)
    name, text = downloaded(saves_of(table))
    body = json.loads(text)
    assert len(body["signature"]) == 64
    fresh = new_table("michigan", seed=8)
    assert saves_of(fresh).load_text(text, name)
    assert "(its signature checked)" in saves_of(fresh).note.value
    better = signed({**body, "seed": body["seed"] + 1})  # the digest recomputed, not the key
    assert not saves_of(fresh).load_file(better, "better.json")
    assert "signature does not match" in saves_of(fresh).note.value
    monkeypatch.delenv(SAVE_KEY)  # where no key is set, the digest alone stops no forger
    assert saves_of(new_table("michigan", seed=8)).load_file(better, "better.json")


def test_a_key_too_short_is_refused_beside_the_button(monkeypatch):
    monkeypatch.setenv(SAVE_KEY, "1234")
    tool = saves_of(new_table("india"))
    sent: list = []
    tool.files.send = sent.append
    assert not tool.save() and not sent
    assert "Not saved: a save key has at least 16 characters" in tool.note.value
