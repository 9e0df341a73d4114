"""What a save's digest and signature detect.

The digest (a SHA-256 checksum in the file) catches accidental damage, and an edit by someone
who does not recompute it; anyone can recompute it, so it never stops a deliberate edit. The
signature (an HMAC-SHA256 under the teacher's key, ``TABLETOP_SAVE_KEY``) stops any edit made
without the key: where the key is set, only saves signed with it load.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.saves import SAVE_KEY, _digest

KEY = b"a teacher's key, 32 characters.."
OTHER = b"another teacher's key, not ours."


@pytest.fixture(autouse=True)
def no_key_set(monkeypatch):
    """Each test sets the key it needs (a key set where the tests run would change them)."""
    monkeypatch.delenv(SAVE_KEY, raising=False)


def played(game: str = "rummy", seed: int = 3, moves: int = 12) -> engine.State:
    s = engine.new_game(game, seed=seed)
    bots = [engine.make_bot(game, "basic", seed=k) for k in range(s.num_players)]
    while len(s.history) < moves and not s.is_terminal():
        seat = s.current_player
        s = s.apply(s.sample_chance() if seat == engine.CHANCE else bots[seat].choose(s))
    return s


@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_a_signed_save_loads_with_its_key(game):
    s = played(game)
    text = s.to_json(key=KEY)
    signature = json.loads(text)["signature"]
    assert len(signature) == 64 and set(signature) <= set("0123456789abcdef")
    assert engine.from_json(text, key=KEY) == s
    assert engine.from_json(text) == s  # without a key the signature is not checked


def test_the_digest_catches_damage_but_not_a_recomputed_edit():
    text = played().to_json()
    damaged = text.replace('"seed":3', '"seed":4')
    with pytest.raises(engine.SaveError, match="edited or damaged: its digest does not match"):
        engine.from_json(damaged)
    body = json.loads(damaged)
    body["digest"] = _digest(body)
    assert engine.from_json(json.dumps(body)).seed == 4  # a plain digest stops no forger


def test_with_the_key_an_edit_is_refused_even_with_its_digest_recomputed():
    text = played().to_json(key=KEY)
    body = json.loads(text)
    body["seed"] += 1
    body["digest"] = _digest(body)
    forged = json.dumps(body)
    with pytest.raises(engine.SaveError, match="signature does not match"):
        engine.from_json(forged, key=KEY)
    with pytest.raises(engine.SaveError, match="signature does not match"):
        engine.from_json(played().to_json(key=OTHER), key=KEY)
    unsigned = played().to_json()
    with pytest.raises(engine.SaveError, match="not signed"):
        engine.from_json(unsigned, key=KEY)
    del body["signature"]  # a forger who drops the signature
    with pytest.raises(engine.SaveError, match="not signed"):
        engine.from_json(json.dumps(body), key=KEY)


@pytest.mark.parametrize(
    "signature", [None, 7, "zz" * 32, "\ud800" * 64, "A" * 64, "0" * 65, "", ["0" * 64]]
)
def test_a_malformed_signature_is_refused_plainly(signature):
    body = json.loads(played().to_json(key=KEY))
    body["signature"] = signature
    with pytest.raises(engine.SaveError, match=r"signature does not match|not signed"):
        engine.from_json(json.dumps(body), key=KEY)


def test_the_key_comes_from_the_environment(monkeypatch):
    s = played()
    monkeypatch.setenv(SAVE_KEY, KEY.decode())
    text = s.to_json()
    assert "signature" in json.loads(text) and engine.from_json(text) == s
    body = json.loads(text)
    del body["signature"]
    with pytest.raises(engine.SaveError, match="not signed"):
        engine.from_json(json.dumps(body))
    monkeypatch.setenv(SAVE_KEY, "short")
    for attempt in (s.to_json, lambda: engine.from_json(text)):
        with pytest.raises(engine.SaveError, match="at least 16 characters"):
            attempt()
    monkeypatch.setenv(SAVE_KEY, "")  # empty: no key
    assert "signature" not in json.loads(s.to_json())
