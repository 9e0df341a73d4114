"""Practice sets: a teacher hands out puzzles under a code; the server judges each answer
against the bank (a student's kernel cannot claim a right answer) and keeps each student's
first answer to each puzzle; the set's report (puzzles tried and solved per student) is the
teacher's alone (403 for a student), joins the room game's report by name, and the projector's
line names nobody."""

from __future__ import annotations

import pytest

import engine
from classplay.rooms.client import create_set, send_answer, set_info, set_report
from classplay.rooms.report import Report, Row
from classplay.rooms.room import Refused
from classplay.rooms.sets import SetReport, SetRow, checked, judged, set_rows
from engine.practice import puzzles

BANK = puzzles("plates")
AGREE = next(p for p in BANK if p.answer == {"type": "Agree"})
CHALLENGE = next(p for p in BANK if p.answer == {"type": "Challenge"})
IDS = [AGREE.id, CHALLENGE.id]


def test_a_set_is_checked_and_answers_judged_against_the_bank():
    assert checked("plates", [*IDS, AGREE.id]) == ("plates", IDS)  # each id once
    for game, ids in [("chess", IDS), ("plates", []), ("plates", ["nope"]), ("india", IDS)]:
        with pytest.raises(ValueError):
            checked(game, ids)
    with pytest.raises(ValueError):
        checked("plates", "plates-0-0-2-answer")
    assert judged(AGREE, {"type": "Agree"}) and not judged(AGREE, {"type": "Challenge"})
    assert not judged(AGREE, True) and not judged(AGREE, None) and not judged(AGREE, "Agree")
    rows = set_rows([("k1", "Asha", "a", True), ("k1", "Asha", "b", False), ("k2", "Bo", "a", 0)])
    assert rows == [SetRow("Asha", 2, 1), SetRow("Bo", 1, 0)]


def test_the_room_report_adds_puzzles_solved_by_name():
    made = Report("R", "plates", (Row(0, "ann (Asha)", 3, 2, 3, 0), Row(1, "Bo", 2, 2, 2, 0)))
    joined = made.with_puzzles({"ann": 4, "carl": 1})
    assert [r.puzzles for r in joined.rows] == [4, 0]
    assert joined.totals().puzzles == 4 and made.totals().puzzles is None
    text = joined.to_csv()
    assert text.splitlines()[0] == "seat,name,decisions,agreed,sound,costly,puzzles solved"
    assert Report.from_csv(text, "R", "plates") == joined
    assert "Puzzles solved" in joined._repr_html_()


def test_answers_over_the_network_and_the_teachers_report(fresh_server, tmp_path, monkeypatch):
    url = fresh_server.url
    for bad in ([], ["nope"], [AGREE.id, 7]):
        with pytest.raises(Refused, match="400"):
            create_set(url, "plates", bad)
    code, key = create_set(url, "plates", IDS)
    assert set_info(url, code) == {"set": code, "game": "plates", "puzzles": IDS}
    first = send_answer(url, code, AGREE.id, {"type": "Agree"}, "Asha")
    mine = first["key"]
    assert (first["right"], first["tried"], first["solved"]) == (True, 1, 1)
    wrong = send_answer(url, code, CHALLENGE.id, {"type": "Agree"}, "Asha", mine)
    again = send_answer(url, code, CHALLENGE.id, {"type": "Challenge"}, "Asha", mine)
    assert not wrong["right"] and again["right"] and not again["first"]  # the first counts
    assert (again["tried"], again["solved"]) == (2, 1)
    # Bo claims a right answer he did not give, and a key he was not given: neither counts
    bo = send_answer(url, code, AGREE.id, {"type": "Challenge", "right": True}, "=Bo")
    assert bo["right"] is False and (bo["tried"], bo["solved"]) == (1, 0)
    for fake in ("made-up", "x" * 500):
        with pytest.raises(Refused, match="400"):
            send_answer(url, code, AGREE.id, {"type": "Agree"}, "Asha", fake)
    with pytest.raises(Refused, match="400"):
        send_answer(url, code, "plates-not-in-set", {"type": "Agree"}, "Asha", mine)
    with pytest.raises(Refused, match="400"):
        send_answer(url, code, AGREE.id, {"type": "Agree"})  # no name
    for wrong_key in (None, mine, bo["key"], "guess"):
        with pytest.raises(Refused, match="403"):
            set_report(url, code, wrong_key)
    report = SetReport.from_data(set_report(url, code, key))
    assert report.rows == (SetRow("=Bo", 1, 0), SetRow("Asha", 2, 1))
    assert report.solved == {"=Bo": 0, "Asha": 1}
    assert "Asha" not in report.projector() and "Bo" not in report.projector()
    assert "2 students answered, 1 of 3 answers right" in report.projector()
    assert report.to_csv().splitlines()[1] == "'=Bo,1,0,2"

    # a student's practice table sends each answer; the server's tally comes back
    from tabletop_widgets.classplay.rooms import HandedOut, practice_set

    monkeypatch.setenv("HOME", str(tmp_path))
    table = practice_set(code, name="Carl", url=url)
    shown = table.puzzle
    kinds = type(shown.state()).kinds()
    assert table.answer_action(engine.values.decode(shown.answer, kinds)) is True
    assert "Sent to your teacher: 1 of 1 right so far." in table.verdict.value
    assert HandedOut(url, code, key).report().solved["Carl"] == 1


def test_on_a_hub_the_hub_names_the_student_and_the_maker_reads_the_report(hub_server):
    url = hub_server.url
    with pytest.raises(Refused, match="401"):
        create_set(url, "plates", IDS, token="t-nobody")
    code, _ = create_set(url, "plates", IDS, token="t-ann")
    told = send_answer(url, code, AGREE.id, {"type": "Agree"}, "Asha P.", token="t-bob")
    assert "key" not in told and told["solved"] == 1
    with pytest.raises(Refused, match="401"):
        send_answer(url, code, AGREE.id, {"type": "Agree"}, "bob", token="")
    for token in ("t-bob", "t-carl"):
        with pytest.raises(Refused, match="403"):
            set_report(url, code, None, token=token)
    for token in ("t-ann", "t-root"):
        got = set_report(url, code, None, token=token)
        assert got["students"] == [{"name": "bob", "tried": 1, "solved": 1}]
