"""The class report of a room game: from a seeded game the counts are known (a seat that
plays the expert's choices has every decision as the expert's, none costly; another's are its
review's, seat by seat); only the room's teacher may fetch the record it is made from (a
student, with their seat key or their hub token, is refused 403, and nobody before the game
ends); a student sees only their own line; the projector's view names nobody; the CSV reads
back as it was written, a hostile name made harmless for a spreadsheet."""

from __future__ import annotations

import pytest
from serving import Player, run

import engine
from classplay.rooms.client import create_room, room_record
from classplay.rooms.report import Report, Row, Totals, own_report, report
from classplay.rooms.room import Refused, Room, replay
from engine.review import review
from engine.seat import decide
from engine.values import encode

HOSTILE = '=HYPERLINK("x")<b>'


def played(seed: int = 5) -> Room:
    """A plates room: Asha (seat 0) plays the expert's choice, Bob (seat 1, a name a
    spreadsheet would run) always the last legal action, a basic bot seat 2."""
    room = Room.create("TEST", "plates", 3, bots={2: "basic"}, seed=seed)
    room.sit("key:a", 0, "Asha")
    room.sit("key:b", 1, HOSTILE)
    expert = engine.make_bot("plates", "expert")
    while not room.state.is_terminal():
        state, seat = room.state, room.state.current_player
        action = decide(expert, state, room.onlookers) if seat == 0 else state.legal_actions()[-1]
        room.act(seat, len(state.history), encode(action))
    return room


@pytest.fixture(scope="module")
def room() -> Room:
    return played()


@pytest.fixture(scope="module")
def made(room: Room) -> Report:
    return report(room.record())


def choices(game: engine.State, seat: int) -> int:
    """The decisions ``seat`` had in ``game``: its moves with more than one legal action."""
    state, count = game.at(0), 0
    for action in game.history:
        count += state.current_player == seat and len(state.legal_actions()) > 1
        state = state.apply(action)
    return count


def test_the_counts_of_a_seeded_game_are_known(room, made):
    game = replay(room.record())
    assert [(r.seat, r.name) for r in made.rows] == [(0, "Asha"), (1, HOSTILE)]  # no bot
    asha, bob = made.rows
    assert asha == Row(0, "Asha", choices(game, 0), choices(game, 0), choices(game, 0), 0, {})
    # the second way: each seat's own review, counted here
    alone = review(game, seats=[1]).decisions
    assert bob.decisions == len(alone) == choices(game, 1)
    assert bob.agreed == sum(d.loss <= 0 for d in alone)
    assert bob.costly == len([d for d in alone if d.costly]) == sum(bob.kinds.values())
    assert bob.sound == bob.decisions - bob.costly
    # this seed's numbers, pinned: always the last option costs two agrees and three bids
    assert (bob.decisions, bob.agreed, bob.sound, bob.costly) == (39, 32, 34, 5)
    assert bob.kinds == {"agree": 2, "bid": 3}


def test_a_report_judges_a_whole_game():
    unfinished = Room.create("LIVE", "plates", 3, seed=1)
    with pytest.raises(ValueError, match="not over"):
        report(unfinished.record())
    with pytest.raises(ValueError, match="once its game is over"):
        own_report(unfinished.table(0))


def test_the_projector_names_nobody(made):
    totals = made.projector()
    assert totals == Totals(2, 79, 72, 74, 5, {"agree": 2, "bid": 3})
    shown = totals._repr_html_()
    assert "Asha" not in shown and "HYPERLINK" not in shown and "Bob" not in shown
    assert "79 decisions" in shown and "Costly mistakes: 5" in shown
    teacher = made._repr_html_()  # the teacher's table: the name shown as text, not markup
    assert "Asha" in teacher and "<b>" not in teacher and "&lt;b&gt;" in teacher


def test_the_csv_reads_back_and_no_name_is_a_formula(made, tmp_path):
    text = made.to_csv(str(tmp_path / "report.csv"))
    assert (tmp_path / "report.csv").read_text() == text
    lines = text.splitlines()
    assert lines[0] == "seat,name,decisions,agreed,sound,costly,costly agree,costly bid"
    assert lines[2].startswith("1,\"'=HYPERLINK(")  # a spreadsheet shows it as text
    assert Report.from_csv(text, made.room, made.game) == made
    odd = Report(
        "X", "plates", (Row(0, "'quoted", 1, 1, 1, 0), Row(1, "+1, -2", 2, 0, 1, 1, {"bid": 1}))
    )
    assert Report.from_csv(odd.to_csv(), "X", "plates") == odd
    for bad in ("", "seat,who\n", "seat,name,decisions,agreed,sound,costly\n0,A,1,1,x,0\n"):
        with pytest.raises(ValueError):
            Report.from_csv(bad)


def test_a_student_sees_only_their_own_line(room, made):
    over = room.table(1)
    mine = own_report(over)
    assert mine.rows == made.only(1).rows == (made.rows[1],)


# ---------------------------------------------------------------- over the network


def finish(url: str, code: str, token: str | None = None) -> Player:
    """A student who joins ``code`` and plays until the game is over."""

    async def main() -> Player:
        player = Player("plates", "basic")
        await player.client.connect(url, code, name="Student 0", token=token)
        await player.play()
        return player

    player: Player = run(main(), 120)
    return player


def test_only_the_teacher_fetches_the_record(fresh_server):
    from tabletop_widgets.classplay.rooms import Hosted

    url = fresh_server.url
    code, key = create_room(url, "plates", 3, bots={1: "basic", 2: "basic"})
    with pytest.raises(Refused, match="409"):  # not before the game is over
        room_record(url, code, key)
    player = finish(url, code)
    for wrong in (None, "", "not-the-key", player.client.key):  # a student's seat key too
        with pytest.raises(Refused, match="403"):
            room_record(url, code, wrong)
    record = room_record(url, code, key)
    assert all(set(s) == {"kind", "name", "away", "paused"} for s in record["sitters"])  # no keys
    teachers = Hosted(url, code, key).report()
    game = replay(record)
    assert [(r.seat, r.name, r.decisions) for r in teachers.rows] == [
        (0, "Student 0", choices(game, 0))
    ]
    assert own_report(player.client.latest) == teachers  # the student's own line is theirs


def test_on_a_hub_the_rooms_maker_and_admins_fetch_it_students_do_not(hub_server):
    url = hub_server.url
    code, _ = create_room(url, "plates", 3, bots={1: "basic", 2: "basic"}, token="t-ann")
    finish(url, code, token="t-bob")
    for token in ("t-bob", "t-carl", "", "t-nobody"):
        with pytest.raises(Refused, match="403"):
            room_record(url, code, None, token=token)
    for token in ("t-ann", "t-root"):
        assert room_record(url, code, None, token=token)["sitters"][0]["name"] == "bob (Student 0)"
