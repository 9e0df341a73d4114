"""Trait- and message-level tests of the plates widgets: what a click would send, and what the
table shows back. No browser here (see tests/browser)."""

from __future__ import annotations

import base64
import re
from html import escape

import pytest
from page import click_board

import engine
from engine.plates import Agree, Bid, Cancel, Challenge, Plate, rigged_shuffle
from tabletop_widgets import Board, PlatesTable
from tabletop_widgets.hotseat import take_screen
from tabletop_widgets.plates import BiddingPanel
from tabletop_widgets.render.plates import plate_svg, state_svg, table_svg


def rigged_table(**kw) -> PlatesTable:
    state = engine.new_game("plates", players=4, seed=5)
    deal = rigged_shuffle(
        4,
        stands=[["444 123 $10"], ["401 234 $5"], ["567 890 $15"], ["111 222 $20"]],
        piles=[["343 434 $25"], ["000 000 $5"]],
    )
    return PlatesTable(state.apply(deal), **kw)


def test_new_table_waits_for_the_human_opener():
    t = rigged_table()
    assert t.shown.current_player == 0
    assert "You to move" in t.board.status
    assert not t.panel.bid.disabled
    assert t.panel.challenge.disabled and t.panel.agree.disabled and t.panel.cancel.disabled


def test_only_counts_that_beat_the_standing_bid_are_offered():
    t = rigged_table(humans=(0, 1))
    t.panel.digit.value, t.panel.count.value = 4, 3
    t.panel.bid.click()
    take_screen(t)  # two humans, one screen: Player 1 takes it
    assert t.shown.current_player == 1 and t.viewer == 1
    t.panel.digit.value = 4
    assert min(t.panel.count.options) == 4
    t.panel.digit.value = 5
    assert min(t.panel.count.options) == 3
    t.panel.digit.value = 3
    assert min(t.panel.count.options) == 4
    assert not t.panel.challenge.disabled and not t.panel.agree.disabled


def test_a_legal_bid_advances_the_game_and_the_bots_answer():
    t = rigged_table()
    t.panel.digit.value, t.panel.count.value = 4, 3
    t.panel.bid.click()
    assert t.shown.history[1] == Bid(3, 4)
    assert t.log_lines[0] == "You bid three 4's"
    assert len(t.log_lines) > 1  # the bots answered
    assert t.board.recent_title == "Since your last move" and t.board.recent == t.log_lines
    assert t.message.value == ""


def test_an_illegal_action_is_refused_with_the_reason_and_nothing_changes():
    t = rigged_table()
    before = t.shown.to_json()
    t.panel.challenge.click()  # disabled in the page; a stale click still reaches Python
    assert "Challenge is not available now" in t.board.status and t.message.value == ""
    assert t.shown.to_json() == before
    assert t.act(Challenge()) is False and "no bid to challenge" in t.message.value
    assert 'role="alert"' in t.message.value
    assert t.act(Bid(99, 1)) is False
    assert "count from 1 to 36" in t.message.value
    assert t.shown.to_json() == before


def test_clicking_a_digit_on_your_plate_picks_it():
    t = rigged_table()
    assert 'data-intent="digit:4"' in t.board.svg
    click_board(t, "digit:4")
    assert t.panel.digit.value == 4
    assert t.board.svg.count('fill="#ffd166"') == 3  # three 4's marked on your plate
    for junk in ("nonsense", "digit:x", "digit:²", "digit:10", "digit:"):
        click_board(t, junk)
        assert t.panel.digit.value == 4 and "nothing happens on a click there" in t.board.status
    click_board(t, "digit:5", move=0)  # made on an earlier picture
    assert t.panel.digit.value == 4 and "earlier picture" in t.board.status


def test_the_table_never_draws_another_seats_plate():
    t = rigged_table()
    words = re.sub(r"<[^>]+>", "", t.board.svg)  # the text a reader of the picture gets
    assert "444123" in words  # yours
    for hidden in ("401234", "567890", "111222", "343434", "000000"):
        assert hidden not in words


def test_the_reveal_pauses_until_continue():
    t = rigged_table()
    t.act(Bid(30, 9))  # surely false: the basic bots challenge
    assert t.paused and t.shown.round == 1
    assert not t.continue_button.layout.display
    assert "Reveal:" in "\n".join(t.log_lines)
    assert "the bid is FALSE" in t.board.svg
    assert t.panel.bid.disabled  # nothing to do but look
    assert t.act(Bid(1, 1)) is False and "click Continue" in t.message.value
    t.continue_button.click()
    assert not t.paused and t.continue_button.layout.display == "none"


def test_who_paid_whom_is_logged():
    t = rigged_table()
    t.act(Bid(30, 9))
    paid = [line for line in t.log_lines if "paid" in line]
    assert paid and "You paid Bot" in paid[0]
    assert sum(t.shown.money) == 1200


def test_coach_shows_the_exact_chance_from_the_humans_view():
    t = rigged_table(humans=(0, 1))
    t.act(Bid(4, 4))
    take_screen(t)
    t.coach_toggle.value = True
    p = engine.plates.bid_chance_from_view(t.shown.view(1))
    assert f"{float(p) * 100:.1f}%" in t.coach.value
    assert "Chance that <b>four 4's</b> is true" in t.coach.value
    t.coach_toggle.value = False
    assert t.coach.value == ""


def test_a_whole_game_with_bots_reaches_the_end():
    t = PlatesTable(players=3, seed=11, humans=(2,))
    while not t.shown.is_terminal():
        if t.paused:
            t.resume()
        else:
            assert t.act(t.shown.legal_actions()[-1])  # agree or cancel, or the top bid
    assert "Game over" in t.board.status
    assert t.why_not(Agree()) == "it is not your turn: waiting for nobody: the game is over"
    over = t.board.over
    assert "Game over: " in over and 'data-intent="new-game"' in over
    for seat, money in enumerate(t.shown.money):
        assert f"<td>{t.names[seat]}</td><td>${money}</td>" in over
    assert sum(t.shown.money) == 750
    click_board(t, "new-game")
    assert t.shown.seed == 12 and not t.shown.is_terminal() and t.board.over == ""


def test_repr_is_deterministic():
    a, b = rigged_table(), rigged_table()
    assert (
        repr(a) == repr(b) == ("PlatesTable(4 players, seed 5, humans [0], 1 actions, You to move)")
    )
    assert repr(a.panel).startswith("BiddingPanel(digit=0, count=1, enabled=['Bid'])")
    assert repr(a.board) == "Board('license-plate table seen by You')"
    assert " at 0x" not in repr(a) + repr(a.panel) + repr(a.board)


def test_bad_human_seats_are_refused():
    with pytest.raises(ValueError, match="human seats"):
        PlatesTable(players=4, humans=(4,))


def test_board_hands_every_message_to_the_tables_gate_as_it_came():
    got = []
    b = Board(on_message=got.append)
    for content in ({"intent": "x:1", "move": 3}, {"intent": "y", "move": "3"}, "junk"):
        b._handle_custom_msg(content, [])
    assert got == [{"intent": "x:1", "move": 3}, {"intent": "y", "move": "3"}, "junk"]


def test_rendering_is_pure_and_deterministic():
    s = engine.new_game("plates", players=5, seed=2)
    s = s.apply(s.sample_chance()).apply(Bid(2, 3)).apply(Challenge())
    assert table_svg(s.view(1)) == table_svg(s.view(1))
    assert state_svg(s) == state_svg(engine.from_json(s.to_json()))
    svg = plate_svg(Plate("123456", 10), highlight=2)
    assert svg.startswith("<svg") and "<title>license plate 123 456 $10</title>" in svg
    assert svg.count('fill="#ffd166"') == 1
    assert " id=" not in svg + table_svg(s.view(1))  # no ids: many pictures share a page


def test_game_over_names_the_winners():
    s = engine.new_game("plates", players=3, seed=1)
    s = s.apply(s.sample_chance())
    while not s.is_terminal():  # every round: one 0, all agree, the bidder cancels
        bid = s.standing_bid()
        s = s.apply(
            Bid(1, 0) if bid is None else Cancel() if bid[0] == s.current_player else Agree()
        )
    names = ["You", "Bot 1", "Bot 2"]
    assert "You, Bot 1 and Bot 2 win with $250" in table_svg(s.view(0), names)
    alone = s.view(0) | {"scores": [240, 250, 260]}
    assert "Bot 2 wins with $260" in table_svg(alone, names)
    assert "You win with $260" in table_svg(alone | {"scores": [260, 250, 240]}, names)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_table_size_draws(players):
    s = engine.new_game("plates", players=players, seed=players)
    s = s.apply(s.sample_chance()).apply(Bid(1, 1)).apply(Agree())
    svg = table_svg(s.view(0))
    assert svg.count("plates in stand") == players
    assert svg.count("pile ") == len(s.piles)


def test_static_files_exist():
    from tabletop_widgets.board import STATIC

    assert (STATIC / "board.js").read_text().strip().startswith("//")
    assert "export default" in (STATIC / "board.js").read_text()
    assert (STATIC / "board.css").is_file()


def test_importing_registers_svg_pictures():
    from IPython.core.interactiveshell import InteractiveShell

    import tabletop_widgets

    shell = InteractiveShell.instance()
    tabletop_widgets.register(shell)
    data, _ = shell.display_formatter.format(Plate("000111", 5))
    assert data["image/svg+xml"].startswith("<svg")


def test_a_saved_table_shows_its_picture_without_a_kernel():
    t = rigged_table()
    bundle = t._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    html = bundle["text/html"]  # an HTML image: shown in a notebook not yet trusted
    assert html.startswith(f'<img alt="{escape(t.board.label)}" src="data:image/svg+xml;base64,')
    assert base64.b64decode(html.split(",", 1)[1].rstrip('">')).decode() == t.board.svg
    assert bundle["text/plain"] == repr(t)


def test_a_dimmed_button_says_why():
    t = rigged_table()
    assert t.panel.challenge.disabled
    assert t.panel.challenge.tooltip == (
        "not now: there is no bid to challenge yet: the opener must bid"
    )
    assert "only the bidder may cancel" in t.panel.cancel.tooltip
    t.act(Bid(30, 9))
    assert t.panel.agree.tooltip == "not now: the round is over: click Continue for the next one"
    t.resume()
    assert t.why_not(Bid(36, 9)) is None


def test_a_double_click_reaches_only_the_game_the_player_saw():
    t = rigged_table()
    t.board.seen = t.board.move  # a page shows the table
    t.panel.digit.value, t.panel.count.value = 4, 3
    t.panel.bid.click()
    moved = len(t.shown.history)
    t.panel.bid.click()  # the second click of a double click, sent before the page redrew
    assert len(t.shown.history) == moved and "before the table showed" in t.board.status
    t.board.seen = t.board.move  # the page drew the game as it stands
    t.panel.bid.click()
    assert len(t.shown.history) > moved


def test_the_moves_that_follow_a_click_are_sent_to_the_page_in_turn():
    t = rigged_table()
    sent = []
    t.board.send = sent.append
    t.act(Bid(3, 4))  # no page watching: nothing to play, the traits are the game
    assert sent == []
    t.resume() if t.paused else None
    t.board.seen = t.board.move
    t.act(t.shown.legal_actions()[0])
    own, bots = sent
    assert own["reset"] and len(own["frames"]) == 1 and not bots["reset"]
    # the page is told more is coming (it keeps playing, and Skip skips those too), then not
    assert own["more"] and not bots["more"]
    frames = own["frames"] + bots["frames"]
    assert [f["move"] for f in frames] == list(range(frames[0]["move"], t.board.move))
    assert all(f["svg"].startswith("<svg") and f["lines"] for f in frames)


def test_a_page_told_more_moves_are_coming_always_gets_them():
    t = rigged_table()
    sent = []
    t.board.send = sent.append
    t.board.seen = t.board.move
    t.act(Bid(3, 4))
    while t.human_to_act() is not None and not t.paused:  # play until the round ends
        t.board.seen = t.board.move
        t.act(t.shown.legal_actions()[0])
    assert sent and not sent[-1]["more"]  # the page is never left waiting


def test_the_log_and_the_panel_follow_a_look_back():
    t = rigged_table()
    t.act(Bid(3, 4))
    moves = len(t.shown.history)
    t.look(t.shown.at(2), t.shown.at(1))
    assert t.board.log == t.log_lines[:1] and t.board.move == 2
    assert t.board.recent == ["You bid three 4's", "Bot 1 challenges"][: len(t.board.recent)]
    t.look(None)
    assert t.board.log == t.log_lines and t.board.move == moves


def test_the_digits_icons_change_whenever_they_are_disabled_or_enabled():
    """The page's ToggleButtons apply ``disabled`` only when their icons (or labels) change:
    each change of the digits' state comes with a change of their icons, in one message
    (tests/browser/test_plates_digits.py reads the buttons on the page)."""
    panel = BiddingPanel(lambda action: None)
    changed: list[str] = []
    panel.digit.observe(lambda change: changed.append(change["name"]), ["icons", "disabled"])
    for legal in ([], [Bid(1, 3)], [], [Bid(2, 5)], [Bid(2, 6)]):
        panel.update(legal, lambda action: None)
    assert changed == ["icons", "disabled"] * 4  # the last update changed nothing
    assert panel.digit.disabled is False and panel.digit.icons == ()
