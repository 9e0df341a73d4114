"""Trait- and message-level tests of the Rupees widgets: what a click would send, and what the
table shows back. No browser here (see tests/browser)."""

from __future__ import annotations

import re

from page import click_board

import engine
from engine.rupees import COLOURS, RANKS, RupeeCard, parse
from engine.values import Shuffle
from tabletop_widgets import PICTURES, RupeesTable
from tabletop_widgets.hotseat import take_screen
from tabletop_widgets.render.rupees import card_name, card_svg, hand_svg, state_svg, table_svg
from tabletop_widgets.replay import ReplayBar

BASE = [[c + r for r in RANKS] for c in COLOURS] + [["Tiger", "Lion", "Bear"]]
"""Seat k holds the k-th colour (Red, Yellow, Black, Green); the widow holds the specials."""


def base_table(**options) -> RupeesTable:
    state = engine.new_game("rupees", seed=0, **options)
    deal = Shuffle(tuple(RupeeCard(c) for part in BASE for c in part))
    return RupeesTable(state.apply(deal), humans=(1,))


def declared() -> RupeesTable:
    """The human (seat 1) bids ₹400,000 and wins the auction."""
    t = base_table()
    t.panel.amount.value = 400_000
    t.panel.bid.click()
    return t


def test_only_legal_bids_are_offered_and_the_opener_may_not_pass():
    t = base_table()
    assert t.shown.current_player == 1 and "You to move" in t.board.status
    amounts = [v for _, v in t.panel.amount.options]
    assert amounts[0] == 175_000 and amounts[-1] == 400_000
    assert all(a % 5_000 == 0 for a in amounts)
    assert t.panel.pass_.disabled and "opener must bid" in t.panel.pass_.tooltip
    assert not t.panel.bid.disabled
    assert repr(t.panel) == "RupeesBiddingPanel(amount=175000, enabled=['Bid'])"


def test_bidding_by_the_panel_and_the_bots_answer():
    t = declared()
    assert t.shown.declarer == 1 and t.shown.phase == "discard"
    assert t.log_lines[:5] == [
        "You bid ₹400,000",
        "Bot 2 passes",
        "Bot 3 passes",
        "Bot 0 passes",
        "You take the widow",
    ]
    assert t.controls.children == (t.prompt, t.discard_button)
    assert "lay aside face down" in t.prompt.value
    assert 'data-intent="card:Tiger"' in t.board.svg  # the widow is in the hand now


def test_discarding_three_cards_with_reasons_for_forbidden_ones():
    t = declared()
    click_board(t, "card:Tiger")
    assert "may never be discarded" in t.message.value and t.selection == []
    click_board(t, "card:Y40k")
    assert "Money card may be discarded only when" in t.message.value
    for code in ("Y1", "Y2", "Y3"):
        click_board(t, f"card:{code}")
    assert t.selection == ["Y1", "Y2", "Y3"] and t.message.value == ""
    assert t.discard_button.description == "Discard 3/3" and not t.discard_button.disabled
    click_board(t, "card:Y4")
    assert "enough cards" in t.message.value
    click_board(t, "card:Y3")  # put it back
    assert t.selection == ["Y1", "Y2"] and t.discard_button.disabled
    click_board(t, "card:Y4")
    t.discard_button.click()
    assert t.shown.phase == "trump" and t.shown.discards == parse("Y1 Y2 Y4")
    assert t.controls.children == (t.prompt, *t.trump_buttons)
    assert t.prompt.value == "Name trumps:"


def trumps_named() -> RupeesTable:
    t = declared()
    for code in ("Y1", "Y2", "Y3"):
        click_board(t, f"card:{code}")
    t.discard_button.click()
    t.trump_buttons[1].click()  # Yellow
    return t


def test_naming_trump_and_playing_a_card_by_clicking_it():
    t = trumps_named()
    assert t.shown.trump == "Y" and t.shown.current_player == 1
    assert "trumps ▲ Yellow" in t.board.svg
    # dimmed: the Lion and the Bear may not lead
    assert re.search(r'aria-label="Lion of India \(not playable now\)"', t.board.svg)
    click_board(t, "card:Lion")
    assert "Lion of India may not lead" in t.message.value
    assert len(t.shown.history) == 9  # nothing happened
    click_board(t, "card:Y40k")
    # the bots followed (his partner, Bot 3, threw Money on it): the winner and value show
    assert "Trick 1: You win ₹80,000" in t.log_lines
    assert "Trick 1: You win ₹80,000" in t.board.svg


def test_a_whole_hand_pauses_on_its_result_then_continues():
    t = trumps_named()
    while t.shown.hand_no == 0:
        seat = t.shown.current_player
        card = t.shown.playable(seat)[0]
        click_board(t, f"card:{card.code}")
    assert t.paused and "Round over" in t.board.status
    assert "Hand 1: You bid ₹400,000" in t.board.svg
    assert "Hand 1: You bid ₹400,000; You + Bot 3 took ₹260,000: set back ₹400,000" in t.log_lines
    click_board(t, "card:Y40k")  # the picture of the result offers no card to click
    assert "nothing happens on a click there" in t.board.status
    t.continue_button.click()
    assert not t.paused and t.shown.hand_no == 1


def test_coach_shows_money_out_specials_and_the_contract():
    t = trumps_named()
    t.coach_toggle.value = True
    assert "Money you have not seen yet" in t.coach.value
    assert "₹300,000" in t.coach.value  # 400,000 less the Yellow Money in his hand
    assert "Specials played: none" in t.coach.value
    assert "need <b>₹400,000</b> more" in t.coach.value
    assert "with ₹400,000 of Money still in play" in t.coach.value
    click_board(t, "card:Tiger")
    assert "Specials played: Bengal Tiger" in t.coach.value


def test_two_humans_partners_take_turns_on_one_screen():
    state = engine.new_game("rupees", seed=0)
    state = state.apply(Shuffle(tuple(RupeeCard(c) for part in BASE for c in part)))
    t = RupeesTable(state, humans=(1, 3))
    assert t.names[1] == "Player 1" and t.viewer == 1
    t.panel.bid.click()  # seat 1 opens at ₹175,000; seat 2 (a bot) answers
    take_screen(t)  # the screen passes to Player 3
    assert t.shown.current_player == 3 and t.viewer == 3
    assert 'data-intent="card:G40k"' not in t.board.svg  # bidding: cards are not clickable
    assert "G40k" in t.board.svg or "₹40" in t.board.svg


def test_a_full_game_against_bots_by_table_api():
    t = RupeesTable(seed=3, humans=(0,), target=250_000)
    guard = 0
    while not t.shown.is_terminal() and guard < 2_000:
        guard += 1
        if t.paused:
            t.resume()
            continue
        action = engine.make_bot("rupees", "basic").choose(t.shown)
        assert t.act(action)
    assert t.shown.is_terminal() and "Game over" in t.board.status
    assert any(line.startswith("Game over") for line in t.log_lines)
    assert "Game over" in t.board.svg
    assert repr(t).endswith("game over)")
    # the game-over box: one line a side, the winners first, and a New game button
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", t.board.over)
    assert len(rows) == 2 and all(", with " in score for _, score in rows)
    won = t.shown.winners()
    assert rows[0][0] in [t.names[s] for s in won] and "tt-new-game" in t.board.over


def test_pictures_are_deterministic_and_registered():
    s = base_table().shown
    assert state_svg(s) == state_svg(s)
    assert PICTURES[type(s)] is state_svg or PICTURES[type(s)].__name__ == "state_svg"
    svg = card_svg("Tiger")
    assert "TIGER" in svg and "TAKES" in svg
    assert "₹40" in card_svg("R40k") and "●R" in card_svg("R40k")
    shapes = [card_svg(f"{c}7") for c in COLOURS]
    assert [s.count(sym) > 0 for s, sym in zip(shapes, "●▲■◆", strict=True)] == [True] * 4
    assert "×2" in card_svg("Lion") and "×0" in card_svg("Bear")
    row = hand_svg(["R1", "Y11"], dim=["R1"], selected=["Y11"])
    assert "(not playable now)" in row and "(selected)" in row
    view = s.view(0)
    assert "Seat 1" in table_svg(view) and "Scores (to ₹1,000,000)" in table_svg(view)


def test_calling_a_partner_from_the_list():
    t = base_table(call_partner=True)
    t.panel.amount.value = 400_000
    t.panel.bid.click()
    for code in ("Y1", "Y2", "Y3"):
        click_board(t, f"card:{code}")
    t.discard_button.click()
    t.trump_buttons[1].click()
    assert t.controls.children == (t.prompt, t.call, t.call_button)
    assert ("Green ₹40,000", "G40k") in t.call.options and len(t.call.options) == 39
    t.call.value = "G40k"
    t.call_button.click()
    assert t.shown.partner == 3 and t.shown.phase == "play"


def test_the_seat_label_says_what_the_seat_to_move_is_doing():
    t = base_table()
    assert "You ◀ to bid" in t.board.svg and "to play" not in t.board.svg
    t = declared()
    assert "You ◀ to discard" in t.board.svg
    t = trumps_named()
    assert "You ◀ to play" in t.board.svg


def test_the_bid_just_made_and_the_card_just_played_are_marked():
    t = base_table()
    t.panel.amount.value = 185_000
    t.panel.bid.click()
    last = t.last  # the last bot's call, as the human saw it
    assert last.seat != 1 and last.mark("call") in t.board.svg
    assert 'class="tt-last"' in t.board.svg
    t = trumps_named()
    click_board(t, "card:Y40k")
    assert t.last.mark("card") is not None and 'class="tt-last"' in t.board.svg


def test_a_stale_or_disabled_click_does_nothing_but_a_note():
    t = base_table()
    t.board.seen = t.board.move  # a page shows the table
    t.panel.bid.click()
    moved = len(t.shown.history)
    t.panel.bid.click()  # the second click of a double click, before the page redrew
    assert len(t.shown.history) == moved and "before the table showed" in t.board.status
    t.board.seen = t.board.move
    before = t.shown.to_json()
    t.call_button.click()  # not the call step: disabled
    assert "Call partner is not available now" in t.board.status
    t.trump_buttons[0].click()
    assert "is not available now" in t.board.status
    t.discard_button.click()
    assert "Discard is not available now" in t.board.status
    assert t.shown.to_json() == before and t.message.value == ""


def test_junk_board_intents_are_ignored_with_a_note():
    t = trumps_named()
    before = t.shown.to_json()
    for junk in ("card:JK", "card:", "piece:7", "move:x", "digit:²", "card:Y40k:x", ""):
        click_board(t, junk)
        assert "nothing happens on a click there" in t.board.status, junk
    click_board(t, "card:Y40k", move=3)  # made on an earlier picture
    assert "earlier picture" in t.board.status
    assert t.shown.to_json() == before


def test_a_bot_declarers_discards_are_face_down_on_screen():
    """A bot declares (the human, seat 2, passes): the log, "Since your last move", the replay
    line and the picture say only that a card went face down."""
    state = engine.new_game("rupees", seed=0)
    t = RupeesTable(state.apply(Shuffle(tuple(RupeeCard(c) for p in BASE for c in p))), humans=(2,))
    t.panel.pass_.click()
    decl = t.names[t.shown.declarer]
    assert t.shown.declarer != 2 and t.shown.phase == "play"
    lines = [line for line in t.log_lines if "discards" in line]
    assert lines == [f"{decl} discards a card face down ({k} of 3)" for k in (1, 2, 3)]
    assert set(lines) <= set(t.board.log) and set(lines) <= set(t.board.recent)
    shown = t.board.svg + " ".join(t.board.log)
    for card in t.shown.discards:
        assert card.is_money or card_name(card) not in shown
    replay = next(w for w in t.tools.children if isinstance(w, ReplayBar))
    told = [replay.describe(k) for k in range(1, len(t.shown.history) + 1)]
    assert sum("discards a card face down" in x for x in told) == 3


def test_a_teachers_picture_writes_each_other_hand_in_words_that_read():
    """Every hand face up: another seat's cards as shape and rank in their colour's ink (a
    special by name), 11 px at least (the cards drawn small were 4), in three lines inside its
    box, at 4, 6 and 8 players."""
    from tabletop_widgets.render.rupees import INK, SHAPE

    for players in (4, 6, 8):
        state = engine.new_game("rupees", players=players, seed=5)
        state = state.apply(state.sample_chance())
        svg = state_svg(state, 0)
        for seat, hand in enumerate(state.view(0, reveal=True)["hands"]):
            if seat == 0:
                continue
            cards = [RupeeCard.from_str(c) for c in hand]
            box = svg.split(f'data-seat="{seat}"', 1)[1].split('data-seat="', 1)[0]
            assert f'aria-label="cards: {", ".join(map(card_name, cards))}"' in box
            for c in cards:
                word = c.rank.upper() if c.is_special else f"{SHAPE[c.colour]}{c.rank}"
                assert f">{word}</text>" in box
                if not c.is_special:
                    assert f'fill="{INK[c.colour]}"' in box
            sizes = re.findall(r'font-size="([\d.]+)" fill="#\w+" font-weight="bold"', box)
            assert sizes and min(map(float, sizes)) >= 11


def test_a_fanned_hand_never_cuts_a_cards_value():
    """In a fanned hand each card shows only its left ``STRIP``; every number a coloured card
    carries (its rank in the band, a Money card's ₹ amount, a plain card's big rank) lies whole
    inside that strip or wholly under the next card, so the fan never shows "₹4(" for ₹40,000
    or "1|" for 11. Widths are measured in DejaVu Sans, the font the pictures ask for."""
    import xml.etree.ElementTree as ET

    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    from tabletop_widgets.render.rupees import STRIP, card_body

    def width(node: ET.Element) -> float:
        weight = node.get("font-weight") or "normal"
        font = FT2Font(
            font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans", weight=weight))
        )
        font.set_size(float(node.get("font-size", "16")), 72)
        words = node.text or ""
        font.set_text(words)
        spacing = float(node.get("letter-spacing", "0")) * (len(words) - 1)
        return font.get_width_height()[0] / 64 + spacing

    cut = []
    for code in (c + r for c in COLOURS for r in RANKS):
        for node in ET.fromstring(card_body(RupeeCard(code))).iter("text"):
            words = node.text or ""
            if not any(ch.isdigit() for ch in words):
                continue
            w, x = width(node), float(node.get("x", "0"))
            anchor = node.get("text-anchor", "start")
            left = x - {"start": 0, "middle": w / 2, "end": w}[anchor]
            if left < STRIP < left + w:
                cut.append(f"{code}: {words!r} from {left:.0f} to {left + w:.0f}")
    assert not cut, f"cut by the next card at {STRIP}: {cut}"
