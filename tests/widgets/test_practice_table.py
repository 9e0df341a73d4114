"""Trait- and message-level tests of the practice table (``tabletop_widgets.practice``): a
puzzle on the game's own table, answered by the clicks of play or a number, judged at once."""

from __future__ import annotations

import json
from html import escape

import pytest

from engine.cards import Card
from engine.plates import Agree, Challenge
from engine.practice import puzzles
from engine.values import decode
from tabletop_widgets import Practice, practice


def answer_of(p):
    return decode(p.answer, type(p.state()).kinds())


def first(game, kind):
    return next(p for p in puzzles(game) if p.kind == kind)


def test_practice_is_exported_and_shows_one_puzzle_on_its_games_table(tmp_path):
    t = practice("plates", path=tmp_path / "practice.json", seed=1)
    assert isinstance(t, Practice) and t.table.game == "plates"
    assert t.table.shown.current_player == t.puzzle.seat == t.table.viewer
    assert t.table.exam and not t.table.hints_allowed  # no coach, no hint to give it away
    assert escape(t.puzzle.question) in t.question.value and t.next_button.disabled
    assert t.number_row not in t.children  # an action puzzle: answered on the table


def test_the_right_click_is_said_right_at_once_and_saved(tmp_path):
    path = tmp_path / "practice.json"
    t = Practice("plates", path=path, seed=1)
    p = t.puzzle
    button = t.table.panel.agree if answer_of(p) == Agree() else t.table.panel.challenge
    button.click()
    assert "Right!" in t.verdict.value and "streak 1" in t.score.value
    assert "solved 1 of 1" in t.score.value and not t.next_button.disabled
    saved = json.loads(path.read_text())
    assert saved["games"]["plates"]["attempts"] == [[p.id, True]]
    assert saved["games"]["plates"]["rating"][0] > 1500
    assert len(t.table.shown.history) == len(p.state().history)  # judged, not played
    button.click()  # a second click is not a second answer
    assert "Already answered" in t.verdict.value and "1 of 1" in t.score.value


def test_a_wrong_click_shows_the_answer_and_why(tmp_path):
    t = Practice("plates", path=tmp_path / "p.json", seed=1)
    wrong = Challenge() if answer_of(t.puzzle) == Agree() else Agree()
    (t.table.panel.agree if wrong == Agree() else t.table.panel.challenge).click()
    assert "Not this time" in t.verdict.value and str(answer_of(t.puzzle)) in t.verdict.value
    assert "chance" in t.verdict.value and "streak 0" in t.score.value
    assert t.record.game("plates").rating.rating < 1500
    t.next_button.click()
    assert t.verdict.value == "" and t.next_button.disabled


def test_a_move_the_rules_refuse_is_refused_not_judged(tmp_path):
    t = Practice("plates", path=None, seed=1)
    t.table.panel.cancel.click()  # no cancel while a bid waits for answers
    assert t.record.game("plates").count == 0 and "Right" not in t.verdict.value


def test_a_rummy_discard_is_answered_by_the_clicks_of_play():
    p = first("rummy", "discard")
    t = Practice("rummy", puzzles=[p], path=None)
    card = answer_of(p).card
    t.table.on_intent(f"card:{t.table.cards_in_order().index(card)}")  # select it, as in play
    t.table.discard.click()
    assert "Right!" in t.verdict.value
    assert isinstance(card, Card)


def test_a_number_puzzle_takes_the_number_typed():
    p = first("rupees", "worth")
    t = Practice("rupees", puzzles=[p], path=None)
    assert t.number_row in t.children and not t.send.disabled
    t.number.value = p.answer + 5000
    t.send.click()
    assert "Not this time" in t.verdict.value and f"{p.answer}" in t.verdict.value
    t.next_button.click()  # the only puzzle again
    t.number.value = p.answer
    t.send.click()
    assert "Right!" in t.verdict.value and "solved 1 of 2" in t.score.value


def test_a_click_on_the_table_of_a_number_puzzle_is_not_an_answer():
    p = first("michigan", "dead")
    t = Practice("michigan", puzzles=[p], path=None)
    assert t.answer_action(t.table.shown.legal_actions()[0]) is False
    assert "Type the number" in t.verdict.value and t.record.game("michigan").count == 0
    assert t.answer_number(True) is False  # True is no number


def test_a_hostile_record_is_refused_in_words_and_kept(tmp_path):
    path = tmp_path / "practice.json"
    path.write_text('{"format": "tabletop-practice/1", "games": {"plates": 7}}')
    t = Practice("plates", path=path, seed=1)
    assert "refused" in t.verdict.value and "practice.json.refused" in t.verdict.value
    assert (tmp_path / "practice.json.refused").exists() and t.record.games["plates"].count == 0


def test_puzzles_of_another_game_are_refused():
    with pytest.raises(ValueError, match="only of india"):
        Practice("india", puzzles=puzzles("plates", count=2), path=None)


def test_the_page_switches_game_and_keeps_each_rating_apart():
    from tabletop_widgets import PracticePage

    page = PracticePage("plates", path=None, seed=3)
    assert page.practice.game == "plates" and repr(page) == "<practice page>"
    page.games.value = "india"
    assert page.practice.game == "india" and page.practice.table.game == "india"
    assert repr(page.practice) == "<practice: india puzzles>"


def test_your_own_mistakes_on_the_practice_table():
    import engine
    from engine.review import review

    bots = [engine.make_bot("plates", "random", seed=1)] + [
        engine.make_bot("plates", "basic", seed=s) for s in (2, 3)
    ]
    game = engine.play(engine.new_game("plates", players=3, seed=3), bots)
    mine = review(game, seats=[0])
    t = Practice.mistakes(mine, 0, path=None, seed=1)
    assert t.puzzle.kind == "mistake" and "In your game you played" in t.puzzle.question
    assert t.answer_action(answer_of(t.puzzle)) and "Right!" in t.verdict.value
    with pytest.raises(ValueError, match="no costly mistake"):
        Practice.mistakes(mine, 1, path=None)  # seat 1's moves were not reviewed
