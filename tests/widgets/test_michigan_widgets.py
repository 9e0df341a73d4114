"""Trait- and message-level tests of the Michigan widgets: what a click would send, and what the
table shows back. No browser here (see tests/browser)."""

from __future__ import annotations

import re

import pytest
from page import click_board

import engine
from engine.cards import Card
from engine.michigan import (
    Decline,
    Exchange,
    Offer,
    Play,
    Sell,
    Withhold,
    next_card_dead_chance,
    rigged_shuffle,
)
from tabletop_widgets import MichiganTable
from tabletop_widgets.hotseat import take_screen
from tabletop_widgets.render.michigan import state_svg, table_svg

# Seat 1 leads first (seat 0 deals); hands from the dealer's left: seat 1, seat 2, seat 0.
S1 = "8H 9H 5S 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"
S2 = "5H 6H 7H 10H JH 6S 7S 8S 9S 10S JS QS QD"
S0 = "QH KH AH 2C 3C 4C 5C 6C 7C 9C 10C QC KC"
DEAD = "2H 3H 4H 8C JC AC KD AD 2S 3S 4S KS AS"


W1 = "2S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
W2 = "3S 4S 5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6D"
W0 = "JS QS KS AS 7D 8D 9D 10D JD QD KD AD 2C"
WDEAD = "AH 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"


def rigged_table(humans=(1,), **kw) -> MichiganTable:
    s = engine.new_game("michigan", players=3, **{"deals": 1, **kw})
    return MichiganTable(s.apply(rigged_shuffle(3, hands=[S1, S2, S0], dead=DEAD)), humans=humans)


def words(svg: str) -> str:
    return re.sub(r"<[^>]+>", " ", svg)


def test_the_dealer_exchanges_or_auctions_with_buttons():
    t = rigged_table(humans=(0,))
    assert repr(t.panel) == "DeadHandPanel(offer='-', enabled=['Exchange', 'Auction it'])"
    assert t.panel.layout.display is None
    t.panel.exchange.click()
    assert t.shown.history[1] == Exchange() and t.shown.exchanger == 0
    assert t.panel.layout.display == "none"
    assert "dead hand:" in t.board.svg  # the dealer now sees the dead hand (his old cards)


def test_the_auction_offers_only_legal_amounts():
    t = rigged_table(humans=(0, 1, 2))
    t.panel.sell.click()
    take_screen(t)  # three humans, one screen: each takes it in turn
    assert t.viewer == 1 and t.panel.chips.options[0] == 1 and t.panel.chips.options[-1] == 46
    t.panel.chips.value = 5
    t.panel.offer.click()
    take_screen(t)
    assert t.shown.history[-1] == Offer(5) and t.viewer == 2
    assert t.panel.chips.options[0] == 6
    assert t.panel.exchange.disabled and "not now:" in t.panel.exchange.tooltip
    t.panel.decline.click()
    assert t.shown.exchanger == 1 and t.shown.chips[0] == 42 + 5
    assert "Seat 1 buys the dead hand for 5" in "\n".join(t.log_lines).replace("Player", "Seat")


def test_only_the_obligatory_card_is_raised_and_a_click_plays_it():
    t = rigged_table(humans=(1, 2))  # the bot dealer auctions the dead hand
    t.act(Decline())
    t.act(Decline())
    assert t.viewer == 1
    svg = t.board.svg
    for c in ("8♥", "5♠", "2♦"):  # the lowest card of each suit: the legal leads
        assert f'data-intent="card:{c}"' in svg
    click_board(t, "card:9♥")  # not the lowest heart: refused with the rule
    assert "lowest card in the suit: 8♥" in t.message.value
    click_board(t, "card:8♥")
    click_board(t, "card:9♥")
    take_screen(t)
    assert t.viewer == 2 and t.shown.run == (Card("9", "H"), 1)
    click_board(t, "card:5♥")
    assert "you must play the next card up, 10♥" in t.message.value
    click_board(t, "card:10♥")
    assert t.shown.history[-1] == Play(Card("10", "H"))


def test_bad_intents_are_ignored_with_a_note():
    t = rigged_table()
    before = t.shown.to_json()
    for intent in ("nonsense", "card:ZZ", "card:", "card:JK", "piece:7", "move:x", "card:8H:x"):
        click_board(t, intent)
        assert "nothing happens on a click there" in t.board.status, intent
    assert t.shown.to_json() == before


def test_stale_clicks_do_nothing_but_say_so():
    t = rigged_table(humans=(0,))
    before = t.shown.to_json()
    t.panel.offer.click()  # disabled: the dealer has not auctioned the dead hand
    assert "Offer is not available now" in t.board.status and t.shown.to_json() == before
    t.withhold.click()  # hidden and disabled without the teaching mode
    assert "not available now" in t.board.status and t.shown.to_json() == before
    click_board(t, "card:8H", move=0)  # a click on an earlier picture
    assert "earlier picture" in t.board.status and t.shown.to_json() == before
    t.board.seen = 0  # a page draws the table, but has not yet drawn the latest move
    t.panel.sell.click()
    assert "before the table showed the latest move" in t.board.status
    assert t.shown.to_json() == before


def test_stops_boodles_and_the_deal_result_are_shown_and_logged():
    t = rigged_table(humans=(0, 1, 2))
    t.act(Sell())
    t.act(Decline())
    t.act(Decline())
    for c in "8H 9H 10H JH QH KH AH".split():
        t.act(Play(Card.from_str(c)))
    log = "\n".join(t.log_lines)
    assert "Player 0 collects 4 chips from the A♥ boodle" in log
    assert "Stop after A♥: an ace stops every run" in log
    take_screen(t)  # whoever is to play now sees the table
    assert "Stop after A♥ (Player 0): an ace stops every run" in words(t.board.svg)
    assert "play A♥ · +4 boodle" in words(t.board.svg)  # the boodle just won, at its winner
    for c in "2C 3C 4C 5C 6C 7C".split():
        t.act(Play(Card.from_str(c)))
    take_screen(t)  # whoever is to play now sees the table
    assert "the next card, 8♣, is in the dead hand" in words(t.board.svg)
    assert "Player 1 leads a new suit" in words(t.board.svg)  # the lead passed left
    for c in "5S 6S 7S 8S 9S 10S JS QS 5H 6H 7H".split():
        t.act(Play(Card.from_str(c)))
    take_screen(t)  # whoever is to play now sees the table
    assert "is already played" in words(t.board.svg)
    t.act(Play(Card("Q", "D")))
    assert t.shown.is_terminal()
    log = "\n".join(t.log_lines)
    assert "Player 2 wins the deal, out of cards first" in log
    assert "Player 1 pays Player 2 10 (cards left)" in log
    assert "Deal 1: Player 2 went out first" in words(t.board.svg)


def test_a_deal_end_pauses_until_continue():
    t = MichiganTable(players=3, seed=2, humans=(0,), deals=2)
    while not t.paused and not t.shown.is_terminal():
        t.act(t.shown.legal_actions()[0])
    assert t.paused and len(t.shown.results) == 1
    assert "went out first" in words(t.board.svg) or "nobody could win" in words(t.board.svg)
    assert t.act(Exchange()) is False and "click Continue" in t.message.value
    t.continue_button.click()
    assert not t.paused


def test_mistakes_mode_offers_them_with_a_warning():
    t = rigged_table(humans=(1, 2), mistakes_allowed=True)
    t.act(Sell())  # seat 0 is a bot: it already chose; here the humans answer the auction
    assert t.withhold.layout.display is None
    while t.shown.phase == "auction":
        t.act(Decline())
    assert t.viewer == 1
    assert 'data-intent="card:9♥"' in t.board.svg and "⚠" in t.board.svg
    assert "a mistake: penalty" in t.board.svg
    t.act(Play(Card("8", "H")))
    t.act(Play(Card("9", "H")))
    assert not t.withhold.disabled
    take_screen(t)  # hot seat: Player 2 takes the screen (a covered table takes no click)
    t.withhold.click()
    assert t.shown.history[-1] == Withhold() and t.shown.barred == {2}
    # Player 1 reads what a dead 10♥ would show
    assert t.move_log.entries[-1].lines[1][-2:] == [
        "Nobody plays 10♥",
        "Stop after 9♥: the next card, 10♥, is in the dead hand",
    ]
    assert t.move_log.entries[-1].lines[2][0] == "Player 2 withholds 10♥ (a mistake)"


def test_withhold_hidden_without_the_option():
    t = rigged_table()
    assert t.withhold.layout.display == "none" and t.withhold.disabled


def test_the_table_never_draws_another_seats_hand():
    t = rigged_table(humans=(1,))
    svg = t.board.svg
    assert 'aria-label="10 of diamonds"' in svg  # seat 1's own
    faces = re.findall(r'aria-label="(\w+ of [a-z]+)"', svg)
    assert len(faces) == 13  # his hand; the layout is labelled "boodle ..."
    assert svg.count('aria-label="face-down card"') == 13 + 13 + 4


def test_coach_shows_the_dead_card_chance_from_the_humans_view():
    t = rigged_table(humans=(1,))
    t.coach_toggle.value = True
    assert "Chance any one boodle card's duplicate is dead: <b>25.0%</b>" in t.coach.value
    t2 = rigged_table(humans=(1, 2))
    t2.act(Decline())
    t2.act(Decline())
    t2.coach_toggle.value = True
    p = next_card_dead_chance(t2.shown.view(1), Card("J", "D"))
    assert "Play 2♦: you hold up to J♦; Q♦ is dead (you keep the lead) with chance " in (
        t2.coach.value
    )
    assert f"{float(p) * 100:.1f}%" in t2.coach.value
    t2.coach_toggle.value = False
    assert t2.coach.value == ""


def test_coach_shows_what_the_exchanger_knows():
    t = rigged_table(humans=(0,))
    t.panel.exchange.click()
    t.coach_toggle.value = True
    assert "you exchanged, so you know" in t.coach.value and "K♣" in t.coach.value


def test_a_whole_game_with_bots_reaches_the_end():
    t = MichiganTable(players=4, seed=11, humans=(2,), deals=2)
    while not t.shown.is_terminal():
        if t.paused:
            t.resume()
        else:
            assert t.act(t.shown.legal_actions()[-1])
    assert "Game over" in t.board.status and "Game over:" in t.board.over
    assert "New game" in t.board.over and "chips</td>" in t.board.over
    assert sum(t.shown.chips) + sum(t.shown.boodle) == 200


def test_repr_is_deterministic():
    a, b = rigged_table(), rigged_table()
    assert repr(a) == repr(b)
    assert repr(a).startswith("MichiganTable(3 players, seed 0, humans [1]")
    assert repr(a.board) == "Board('Michigan table seen by You')"
    assert " at 0x" not in repr(a) + repr(a.panel)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_table_size_draws_without_ids(players):
    s = engine.new_game("michigan", players=players, seed=players)
    s = s.apply(s.sample_chance())
    svg = table_svg(s.view(0))
    assert svg == table_svg(engine.from_json(s.to_json()).view(0))
    assert svg.count("data-seat=") == players - 1
    assert " id=" not in svg
    assert state_svg(s).startswith("<svg")


def test_a_withhold_looks_like_a_dead_card_to_the_others():
    """Seat 1 leads 2♠; seat 2 (a bot) withholds 3♠: seat 0's table shows what a dead 3♠
    shows, a wait for 3♠ naming nobody, "nobody plays 3♠", then the stop (RULES notes)."""
    s = engine.new_game("michigan", players=3, deals=1, mistakes_allowed=True)
    s = s.apply(rigged_shuffle(3, hands=[W1, W2, W0], dead=WDEAD))

    class Withholder:
        def choose(self, seat):
            for call in (Withhold(), Decline()):  # nobody buys the dead hand
                if call in seat.legal_actions():
                    return call
            return engine.make_bot("michigan", "basic").choose(seat)

    t = MichiganTable(s, humans=(0,), bots={1: Withholder(), 2: Withholder()})
    sent: list = []
    t.board.send, t.board.seen = sent.append, 0  # a page watches: the frames are sent
    t.act(Sell())
    lines = t.log_lines
    k = lines.index("Bot 1 leads 2♠")
    assert lines[k + 1 : k + 3] == [
        "Nobody plays 3♠",
        "Stop after 2♠: the next card, 3♠, is in the dead hand",
    ]
    frames = [f for m in sent for f in m.get("frames", [])]
    assert any("Waiting for 3♠: whoever holds it plays it" in f["status"] for f in frames)
    shown = "\n".join(lines) + t.board.svg + "".join(f["svg"] + f["status"] for f in frames)
    assert "withh" not in shown.lower()
    waits = [f for f in frames if f["lines"][-1].startswith("Bot 1 leads")]
    assert waits and all(f["status"].startswith("<b>Waiting for") for f in waits)
    assert "8♠" in t.shown.view(0)["known_dead"]  # a withheld card passes for a dead one


def test_public_descriptions_name_the_seat_as_the_table_names_it():
    t = rigged_table(humans=(0,))
    t.act(Sell())
    lines = t.log_lines
    assert lines[0] == "You auction the dead hand"
    assert "Bot 1 offers 1 chip" in lines and "Bot 2 passes" in lines
    assert 'class="tt-last"' in t.board.svg
