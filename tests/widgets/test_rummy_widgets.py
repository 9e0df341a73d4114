"""Trait- and message-level tests of the rummy widgets: what a click would send, and what the
table shows back. No browser here (see tests/browser)."""

from __future__ import annotations

from page import click_board

import engine
from engine.cards import Card, parse
from engine.rummy import (
    WRONG_SHOW,
    Declare,
    Discard,
    Draw,
    Toss,
    best_arrangement,
    rigged_shuffle,
)
from tabletop_widgets.render.rummy import arrangement_svg, group_label, state_svg, table_svg
from tabletop_widgets.rummy import RummyTable, by_suit

SHOW_LESS_ONE = "AH 2H 3H 4H  9S 10S JK  7C 7D 7S  KD KC 4C"  # K♥ makes a show, fives wild


def rigged_table(hand=SHOW_LESS_ONE, open_card="KH", stock="2D", **kw) -> RummyTable:
    s = engine.new_game("rummy", players=3, seed=2).apply(Toss(0))
    s = s.apply(rigged_shuffle(3, hands=[hand], open_card=open_card, cut="5C", stock=stock, seed=1))
    return RummyTable(s, **kw)


def position(t: RummyTable, card: str) -> int:
    return t.cards_in_order().index(Card.from_str(card))


def test_a_new_table_waits_for_you_to_draw():
    t = rigged_table()
    assert t.shown.current_player == 0 and "You to move" in t.board.status
    assert 'data-intent="draw:stock"' in t.board.svg and 'data-intent="draw:open"' in t.board.svg
    assert t.discard.disabled and t.declare.disabled and not t.drop.disabled
    assert len(t.cards_in_order()) == 13
    assert repr(t) == "RummyTable(3 players, seed 2, humans [0], 2 actions, You to move)"


def test_clicking_the_stock_draws_and_a_card_is_discarded():
    t = rigged_table()
    click_board(t, "draw:stock")
    assert t.shown.history[-1] == Draw("stock") and len(t.cards_in_order()) == 14
    assert t.drop.disabled  # no drop after drawing
    assert 'data-intent="draw:stock"' not in t.board.svg
    click_board(t, f"card:{position(t, '2D')}")
    assert t.selected_cards() == [Card("2", "D")] and not t.discard.disabled
    t.discard.click()
    assert Discard(Card("2", "D")) in t.shown.history
    assert len(t.shown.history) > 4  # the bots played their turns
    assert t.shown.current_player == 0 and len(t.cards_in_order()) == 13


def test_clicking_the_open_pile_with_a_card_selected_discards_it():
    t = rigged_table()
    click_board(t, "draw:stock")
    assert 'data-intent="draw:open"' not in t.board.svg  # the engine says: discard now
    click_board(t, f"card:{position(t, '4C')}")
    assert 'data-intent="discard" aria-label="discard the selected card' in t.board.svg
    click_board(t, "discard")
    assert Discard(Card("4", "C")) in t.shown.history


def test_the_count_of_your_groups_stands_beside_the_best_arrangements():
    """Ungrouped, every card counts (80); the line under it gives the best arrangement's
    points loose, the number the coach and the hint speak of."""
    t = rigged_table()
    a = best_arrangement(t.shown.hands[0], "5")
    assert "You: count 80 as grouped" in t.board.svg
    assert f"Best arrangement: count {a.count} ({a.deadwood} points loose)" in t.board.svg
    t.suggest.click()
    assert f"You: count {a.count} as grouped" in t.board.svg


def test_the_card_clicked_last_is_the_one_discarded():
    """A first card clicked, then another: the second is the one the Discard button names and
    discards; the first does not stay selected for a later discard."""
    t = rigged_table()
    click_board(t, "draw:stock")
    click_board(t, f"card:{position(t, '4C')}")
    click_board(t, f"card:{position(t, '2D')}")
    assert t.to_discard() == Card("2", "D") and t.discard.description == "Discard 2♦"
    t.discard.click()
    assert Discard(Card("2", "D")) in t.shown.history
    assert Discard(Card("4", "C")) not in t.shown.history
    assert t.shown.current_player == 0 and t.selected == [] and t.to_discard() is None
    assert t.discard.description == "Discard"


def test_grouping_labels_the_meld_and_the_count_follows():
    t = rigged_table()
    for card in ("9S", "10S", "JK"):
        click_board(t, f"card:{position(t, card)}")
    assert len(t.selected) == 3 and not t.group_button.disabled
    t.group_button.click()
    assert t.groups[0] == list(parse("9S 10S JK")) and t.labels() == ["impure sequence", "loose"]
    assert ">impure sequence<" in t.board.svg
    assert "You: count 80 as grouped" in t.board.svg  # no pure sequence yet: every card counts
    for card in ("AH", "2H", "3H", "4H"):
        click_board(t, f"card:{position(t, card)}")
    t.group_button.click()
    assert t.labels() == ["impure sequence", "pure sequence", "loose"]
    assert "You: count 45 as grouped" in t.board.svg  # lives: only the six loose cards count
    for card in ("KD", "4C"):
        click_board(t, f"card:{position(t, card)}")
    t.group_button.click()
    assert t.labels()[2] == "invalid"
    click_board(t, f"card:{position(t, '4C')}")
    t.ungroup.click()
    assert t.loose[-1] == Card("4", "C") and t.groups[2] == [Card("K", "D")]


def test_suggest_lays_out_the_best_arrangement_and_sorting_undoes_it():
    t = rigged_table()
    t.suggest.click()
    a = best_arrangement(t.shown.hands[0], "5")
    assert [tuple(g) for g in t.groups] == [m.cards for m in a.melds]
    assert tuple(t.loose) == a.loose and t.labels()[-1] == "loose"
    t.sort_rank.click()
    assert t.groups == [] and t.cards_in_order()[0].rank == "A"
    t.sort_suit.click()
    assert t.cards_in_order() == sorted(t.shown.hands[0], key=by_suit)


def test_declare_is_enabled_only_with_one_card_selected_after_drawing():
    t = rigged_table()
    click_board(t, "draw:open")  # K♥ completes the show
    assert t.shown.history[-1] == Draw("open")
    assert t.declare.disabled
    click_board(t, f"card:{position(t, 'AH')}")
    assert not t.declare.disabled and "careful" in t.declare.tooltip  # 4♣ would stay loose
    click_board(t, f"card:{position(t, 'AH')}")
    click_board(t, f"card:{position(t, '4C')}")
    assert not t.declare.disabled and t.declare.tooltip == "declare, discarding 4♣"
    t.declare.click()
    assert t.shown.is_terminal() and t.shown.result.winner == 0
    assert t.shown.history[-1] == Declare(Card("4", "C"))
    assert "every hand revealed" in t.board.label and "The deal is over" in t.board.svg
    assert "You: wins" in t.board.svg
    assert t.log_lines[-1].startswith("You win ") and "Bot 1 loses " in t.log_lines[-1]


def test_a_refused_action_says_why_and_changes_nothing():
    t = rigged_table()
    before = t.shown.to_json()
    click_board(t, f"card:{position(t, '4C')}")
    t.discard.click()  # disabled in the page; a stale click still reaches Python
    assert "Discard is not available now" in t.board.status and t.message.value == ""
    assert t.discard_selected() is False
    assert "draw a card first" in t.message.value and 'role="alert"' in t.message.value
    assert t.shown.to_json() == before
    assert "not now" in t.discard.tooltip


def test_the_taken_card_cannot_be_discarded():
    t = rigged_table(open_card="9D")
    click_board(t, "draw:open")
    click_board(t, f"card:{position(t, '9D')}")
    assert t.discard.disabled and "same turn" in t.discard.tooltip


def test_the_coach_shows_the_best_arrangement_and_discard_risks():
    t = rigged_table()
    t.coach_toggle.value = True
    assert "Best arrangement now" in t.coach.value
    click_board(t, "draw:stock")
    assert "chance it is useful to the next player" in t.coach.value
    assert t.coach.value.count("<tr>") == 1 + len(set(t.shown.hands[0]))


def test_dropping_asks_first_and_says_what_it_costs():
    t = rigged_table()
    t.drop.click()
    assert t.shown.status[0] == "in" and t.confirm_bar.layout.display is None
    cost = t.shown.options["first_drop"]
    assert f"It costs {cost} points (a first drop)" in t.confirm_bar.question.value
    t.confirm_bar.no.click()
    assert t.shown.status[0] == "in" and t.confirm_bar.layout.display == "none"
    t.drop.click()
    t.confirm_bar.yes.click()
    assert t.shown.status[0] == "dropped" and t.shown.lost[0] == cost
    assert t.shown.is_terminal()  # the bots play the deal out
    assert "The deal is over" in t.board.svg


def test_pictures_are_deterministic():
    s = engine.new_game("rummy", players=4, seed=3)
    s = s.apply(Toss(1))
    s = s.apply(s.sample_chance())
    assert state_svg(s) == state_svg(engine.from_json(s.to_json()))
    v = s.view(0)
    svg = table_svg(v)
    assert svg.count("face-down card") == 3 * 5  # 3 opponents, 5 backs each
    assert 'aria-label="stock"' in svg
    assert "WILD" in svg and "cut" in svg
    for hidden in s.hands[1]:
        assert f"{hidden}" not in svg or hidden in s.hands[0] or str(hidden) in v["open_pile"]
    a = best_arrangement(parse("AH 2H 3H 4H  9S 10S JK  7C 7D 7S  KD KC KH"), "5")
    assert "count 0 (a valid show)" in arrangement_svg(a)
    assert group_label(parse("JK 5H"), "5") == "spare jokers"
    assert group_label(parse("4C 5C 8C"), "9") == "invalid"


def test_declare_says_live_whether_it_is_a_valid_show_and_asks_before_a_wrong_one():
    t = rigged_table()
    click_board(t, "draw:open")  # K♥ completes the show, without 4♣
    assert t.declare.description == "Declare"
    click_board(t, f"card:{position(t, '4C')}")
    assert t.declare.description == "Declare: valid show"
    click_board(t, f"card:{position(t, '4C')}")
    click_board(t, f"card:{position(t, 'AH')}")
    assert t.declare.description == f"Declare: not a valid show, costs {WRONG_SHOW}"
    assert t.declare.button_style == "warning"  # not the green of a valid show
    before = t.shown.to_json()
    t.declare.click()
    assert t.shown.to_json() == before and t.confirm_bar.layout.display is None
    assert f"a wrong show costs {WRONG_SHOW} points" in t.confirm_bar.question.value
    t.confirm_bar.no.click()
    assert t.shown.to_json() == before and t.confirm_bar.layout.display == "none"
    t.declare.click()
    t.confirm_bar.yes.click()
    assert t.shown.status[0] == "wrong show" and t.shown.lost[0] == WRONG_SHOW
    said = f"You declare discarding A♥: not a valid show: −{WRONG_SHOW}, out of the deal"
    assert said in t.log_lines


def test_the_card_just_drawn_is_marked_and_so_is_a_discard():
    t = rigged_table()
    assert "the card just drawn" not in t.board.svg
    click_board(t, "draw:stock")
    assert t.last == engine.Event(0, "draw", "2♦ from the stock", marks=t.last.marks)
    assert t.board.svg.count('aria-label="the card just drawn"') == 1
    click_board(t, f"card:{position(t, '2D')}")
    t.discard.click()
    assert "the card just drawn" not in t.board.svg
    assert t.last.seat == 2 and t.last.verb == "discard"  # Bot 2 played last
    assert f">discarded {t.last.what}<" in t.board.svg  # the bubble over Bot 2
    assert ">just discarded<" in t.board.svg  # the ring around the open pile's top


def test_junk_and_stale_board_clicks_only_leave_a_note():
    t = rigged_table()
    before = t.shown.to_json()
    for junk in ("card:JK", "card:99", "card:²", "card:-1", "draw:x", "draw:", "nonsense", ""):
        click_board(t, junk)
        assert "nothing happens on a click there" in t.board.status
        assert t.shown.to_json() == before and t.selected == []
    click_board(t, "draw:stock", move=1)  # a click on an earlier picture
    assert "earlier picture" in t.board.status and t.shown.to_json() == before
    t.board.seen = t.board.move  # a page shows the table
    click_board(t, "draw:stock")
    moved = t.shown.to_json()
    t.drop.click()  # now disabled: a stale click
    assert "Drop is not available now" in t.board.status and t.shown.to_json() == moved


def test_after_the_deal_the_hand_tools_rest_and_the_standings_say_who_won():
    t = rigged_table()
    click_board(t, "draw:open")
    click_board(t, f"card:{position(t, '4C')}")
    t.declare.click()
    assert t.shown.is_terminal()
    for b in (t.sort_suit, t.sort_rank, t.suggest, t.discard, t.declare, t.drop):
        assert b.disabled
    r = t.shown.result
    standing = t.standing()
    assert standing[0] == (0, f"won {sum(r.lost)}")
    assert [s for s, _ in standing[1:]] == sorted((1, 2), key=lambda s: r.lost[s])
    assert "Game over: You win." in t.board.over
    assert f"<td>Bot 1</td><td>lost {r.lost[1]} ({r.reasons[1]})</td>" in t.board.over


def test_the_cover_forgets_what_the_buttons_said_about_the_hand():
    t = rigged_table()
    click_board(t, "draw:open")
    click_board(t, f"card:{position(t, 'AH')}")
    assert "not a valid show" in t.declare.description
    t._hide("", "covered")
    assert t.declare.description == "Declare" and "A♥" not in t.declare.tooltip + t.discard.tooltip


def test_before_your_first_move_the_panel_shows_everything_so_far():
    t = RummyTable(players=3, seed=3, humans=(0,))
    assert t.shown.current_player == 0 and t.log_lines  # the bots have played before you
    assert t.board.recent_title == "So far" and t.board.recent == t.log_lines
    t.on_intent("draw:stock")  # your first move: from now on, since your last move
    assert t.board.recent_title == "Since your last move" and len(t.board.recent) == 1
