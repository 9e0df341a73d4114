"""Glicko-2 ratings and a student's practice record (``engine.practice.rating``, ``.record``)."""

from __future__ import annotations

import json
import random

import pytest

from engine.practice import puzzles
from engine.practice.rating import Rating
from engine.practice.record import GameRecord, Record, RecordError, load, load_or_start


def test_glickmans_worked_example():
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300."""
    me = Rating(1500, 200, 0.06)
    new = me.after([(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert new.rating == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_rating_moves_the_right_way_and_grows_unsure_without_games():
    me = Rating()
    assert me.after([(Rating(), 1)]).rating > 1500 > me.after([(Rating(), 0)]).rating
    beat_weak = me.after([(Rating(1200, 60), 1)]).rating
    assert beat_weak < me.after([(Rating(1800, 60), 1)]).rating
    idle = Rating(1500, 100, 0.06).after([])
    assert idle.rating == 1500 and idle.deviation > 100
    assert Rating(1700).expected(Rating(1500)) > 0.5


def test_attempts_move_student_and_puzzle_and_keep_the_streak():
    bank = puzzles("plates", count=40)
    game = GameRecord()
    rng = random.Random(1)
    first = game.choose(bank, rng)
    game.attempt(first, True)
    assert game.rating.rating > 1500 and game.streak == 1 and game.count == game.solved == 1
    assert game.puzzle_rating(first).rating < 900 + 200 * first.difficulty
    second = game.choose(bank, rng)
    assert second.id != first.id  # not the puzzle just tried
    game.attempt(second, False)
    assert game.streak == 0 and game.count == 2 and game.solved == 1


def test_the_next_puzzle_is_near_the_students_rating():
    bank = puzzles("plates", count=300)
    strong, weak = GameRecord(Rating(2000, 60)), GameRecord(Rating(1000, 60))
    rng = random.Random(2)
    hard = [strong.choose(bank, rng).difficulty for _ in range(20)]
    easy = [weak.choose(bank, rng).difficulty for _ in range(20)]
    assert min(hard) > max(easy)


def test_a_record_round_trips(tmp_path):
    bank = puzzles("plates", count=5)
    record = Record()
    for p in bank:
        record.game("plates").attempt(p, p.difficulty > 2)
    path = tmp_path / "deep" / "practice.json"
    record.save(path)
    again = load(path)
    assert again.to_json() == record.to_json()
    assert load(tmp_path / "none.json").games == {}


HOSTILE = [
    b"\x80not text",
    b"[]",
    b'{"format": "tabletop-practice/1"}',
    b'{"format": "pickle", "games": {}}',
    b'{"format": "tabletop-practice/1", "games": {"chess": {}}}',
    b"[" * 100_000,
    json.dumps(
        {
            "format": "tabletop-practice/1",
            "games": {
                "plates": {"rating": [1e308, 1, 0.06], "attempts": [], "streak": 0, "puzzles": {}}
            },
        }
    ).encode(),
    json.dumps(
        {
            "format": "tabletop-practice/1",
            "games": {
                "plates": {
                    "rating": [1500, 350, 0.06],
                    "attempts": [["x", True]],
                    "streak": 5,
                    "puzzles": {},
                }
            },
        }
    ).encode(),
    b'{"format": "tabletop-practice/1", "games": {"plates": {"rating": [1500, 350, NaN],'
    b' "attempts": [], "streak": 0, "puzzles": {}}}}',
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_hostile_record_is_refused_in_words_and_kept_aside(tmp_path, text):
    path = tmp_path / "practice.json"
    path.write_bytes(text)
    with pytest.raises(RecordError):
        load(path)
    record, why = load_or_start(path)
    assert record.games == {} and why and "starting afresh" in why
    assert not path.exists() and (tmp_path / "practice.json.refused").read_bytes() == text


def test_a_huge_record_is_refused_unread(tmp_path):
    path = tmp_path / "practice.json"
    path.write_bytes(b" " * 3_000_000)
    with pytest.raises(RecordError, match="larger"):
        load(path)


def test_a_second_refused_record_does_not_write_over_the_first(tmp_path):
    path = tmp_path / "practice.json"
    path.write_bytes(b"first")
    load_or_start(path)
    path.write_bytes(b"second")
    _, why = load_or_start(path)
    assert "practice.json.refused-2" in why
    assert (tmp_path / "practice.json.refused").read_bytes() == b"first"
    assert (tmp_path / "practice.json.refused-2").read_bytes() == b"second"
