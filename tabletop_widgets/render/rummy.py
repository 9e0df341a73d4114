"""Pictures of Indian Rummy: a hand fanned and grouped by meld, the stock with the cut card
under it, the open pile, the other players, and every hand revealed after a show.

Pure functions from engine values (or a seat's ``view``) to SVG strings, using the standard
card faces of ``render.cards``. Cards of the wild rank carry the WILD band; printed jokers show
a star. A table drawn from a view only shows what that seat may see. Arrangements come from the
caller (the table's own, or ``RummyState.arrange``): nothing here runs the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import Event
from engine.cards import Card
from engine.rummy import Arrangement, RummyState, RummyView, by_suit, count_of, is_joker, meld_kind

from .cards import CARD_H, CARD_W, RAISE, back_body, card_body, card_name, row_body, row_width
from .svg import bubble, document, el, group, table_document, text

FELT, FELT_EDGE, CHALK, MARK = "#2d6a4f", "#1b4332", "#d8f3dc", "#ffd166"
STEP = 26
"""How far apart the cards of one group sit (they overlap like a fan)."""
GAP = 18
"""The space between two groups."""
TABLE_W = 700
"""Narrow enough that the board and its side panel sit side by side on a laptop."""
HAND_SCALE = 1.4
"""The viewer's own hand is drawn larger than the rest of the table (smaller only if its
groups would not fit the table's width)."""
BOX_W, BOX_H = 160, 104
"""An opponent's seat box."""
LABELS = {
    "pure": "pure sequence",
    "impure": "impure sequence",
    "set": "set",
    None: "invalid",
}
LABEL_INK = {"pure": "#95d5b2", "impure": "#ffd166", "set": "#a8dadc", None: "#ffadad"}


def group_label(cards: Sequence[Card], wild_rank: str | None) -> str:
    """What a group the player made is: a kind of meld, "spare jokers" or "invalid"."""
    kind = meld_kind(cards, wild_rank)
    if cards and all(is_joker(c, wild_rank) for c in cards) and not kind:
        return "spare jokers"
    return LABELS[kind]


def _label_ink(label: str) -> str:
    kind = {v: k for k, v in LABELS.items()}.get(label, "loose")
    return LABEL_INK.get(kind, "#e9ecef") if kind != "loose" else "#e9ecef"


def groups_width(groups: Sequence[Sequence[Card]], step: float = STEP) -> float:
    """The width ``hand_body`` takes."""
    widths = [row_width(len(g), step) for g in groups if g]
    return sum(widths) + GAP * max(len(widths) - 1, 0)


def hand_body(
    groups: Sequence[Sequence[Card]],
    wild_rank: str | None,
    x: float = 0,
    y: float = 0,
    *,
    labels: Sequence[str] | None = None,
    selected: Sequence[int] = (),
    clickable: bool = False,
    step: float = STEP,
    fresh: int | None = None,
) -> str:
    """A hand fanned in groups from (x, y), each group labelled underneath. Cards are numbered
    through the groups in order; ``selected`` holds those numbers, ``clickable`` makes card
    k send the intent ``card:k``, and card ``fresh`` (just drawn) is tagged NEW."""
    out, at, k = [], x, 0
    for gi, cards in enumerate(groups):
        if not cards:
            continue
        n = len(cards)
        numbers = range(k, k + n)
        out.append(
            row_body(
                list(cards),
                at,
                y,
                step=step,
                wild=(lambda c: wild_rank is not None and c.rank == wild_rank)
                if wild_rank
                else None,
                selected=[i for i, m in enumerate(numbers) if m in selected],
                intents=[f"card:{m}" for m in numbers] if clickable else None,
            )
        )
        width = row_width(n, step)
        if fresh is not None and fresh in numbers:
            i = fresh - k
            raised = RAISE if fresh in selected else 0
            out.append(_new_tag(at + i * step, y - raised, CARD_W if i == n - 1 else step))
        if labels is not None:
            label = labels[gi]
            out.append(
                el(
                    "rect",
                    x=at,
                    y=y + CARD_H + 6,
                    width=width,
                    height=17,
                    rx=8,
                    fill=_label_ink(label),
                )
            )
            out.append(
                text(
                    at + width / 2, y + CARD_H + 19, label, 11, text_anchor="middle", fill="#1b1b1b"
                )
            )
        at += width + GAP
        k += n
    return "".join(out)


def _new_tag(x: float, y: float, width: float) -> str:
    """The mark over a card just drawn: a gold bar along its visible top edge and a NEW tag."""
    return el(
        "g",
        el("rect", x=x, y=y - 5, width=width, height=5, rx=2, fill=MARK)
        + el("rect", x=x, y=y - 22, width=38, height=16, rx=8, fill=MARK)
        + text(x + 19, y - 10, "NEW", 11, text_anchor="middle", fill="#1b1b1b", font_weight="bold"),
        class_="tt-last",
        aria_label="the card just drawn",
    )


def arrangement_groups(a: Arrangement) -> tuple[list[tuple[Card, ...]], list[str]]:
    """The groups of an arrangement and their labels: melds, spare jokers, loose cards."""
    groups = [m.cards for m in a.melds]
    labels = [LABELS[m.kind] for m in a.melds]
    if a.spare:
        groups.append(a.spare)
        labels.append("spare jokers")
    if a.loose:
        groups.append(a.loose)
        labels.append("loose")
    return groups, labels


def laid_out(a: Arrangement) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """An arrangement as a player lays it out: the groups (melds, spare jokers), the loose."""
    return [m.cards for m in a.melds] + ([a.spare] if a.spare else []), a.loose


def arrangement_svg(a: Arrangement) -> str:
    """An arrangement as a standalone picture: the groups, labelled, and the count."""
    groups, labels = arrangement_groups(a)
    width = int(max(groups_width(groups), 260) + 20)
    verdict = "a valid show" if a.valid_show else ("lives" if a.lives else "no lives")
    line = f"count {a.count} ({verdict})"
    height = CARD_H + 80
    body = el("rect", x=0, y=0, width=width, height=height, rx=10, fill=FELT)
    body += hand_body(groups, a.wild_rank, 10, 22, labels=labels)
    body += text(10, CARD_H + 68, line, 14, fill="#ffffff", font_weight="bold")
    return document(width, height, body, f"{a}")


def _seat_box(view: RummyView, seat: int, name: str, x: float, y: float) -> str:
    """An opponent: his name, his hand face down (written out in a teacher's view), the cards
    he took from the open pile, or how he left the deal."""
    status = view["status"][seat]
    size = view["hand_sizes"][seat]
    turn = view["to_move"] == seat
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=BOX_W,
            height=BOX_H,
            rx=10,
            fill="#1b4332",
            stroke=MARK if turn else FELT_EDGE,
            stroke_width=3 if turn else 1,
        ),
        text(10, 20, name + (" ◀ to move" if turn else ""), 14, fill="#ffffff", font_weight="bold"),
    ]
    faces = view["hands"][seat] if view.get("revealed") else None
    if status == "in" and faces:  # a teacher's view: the hand written out, readable afar
        for i in range(0, len(faces), 5):
            line = " ".join(faces[i : i + 5])
            parts.append(text(10, 40 + 3 * i, line, 13, fill="#ffffff", font_weight="bold"))
    elif status == "in":
        backs = [None] * min(size, 5)
        parts.append(group(row_body(backs, step=14), 10, 28, 0.7))
        parts.append(text(102, 62, f"{size} cards", 13, fill=CHALK))
    if status == "in":
        known = view["known"][seat]
        if known:
            parts.append(text(10, BOX_H - 9, "took " + " ".join(known[-4:]), 13, fill=MARK))
    else:
        lost = view["lost"][seat]
        what = {"dropped": "dropped", "wrong show": "wrong show", "missed": "missed 3 turns"}
        line = what[status] + (f": −{lost}" if lost is not None else "")
        parts.append(text(10, 62, line, 15, fill="#ffadad", font_weight="bold"))
    return group("".join(parts), x, y, data_seat=seat)


def table_svg(
    view: RummyView,
    names: Sequence[str] | None = None,
    groups: Sequence[Sequence[Card]] | None = None,
    loose: Sequence[Card] = (),
    selected: Sequence[int] = (),
    clickable: bool = False,
    reveal: dict[int, Arrangement] | None = None,
    last: Event | None = None,
    best: Arrangement | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``): the others across the top,
    the stock and the open pile in the middle, his own hand large and centred at the bottom.

    ``groups`` and ``loose``: the seat's own hand as he arranged it, the groups he made and the
    cards in none (default: no groups, the hand in suit order); cards are numbered through the
    groups, then the loose cards. With ``clickable`` his cards send ``card:k`` and, on his turn,
    the stock sends ``draw:stock`` and the open pile ``draw:open`` when he is to draw, or
    ``discard`` (the selected card) when he is to discard: the engine's phase says which.
    ``last``: the action just taken, as this seat saw it (``state.public``): a bubble over an
    opponent's box says what he did, the card just discarded is ringed on the open pile, and a
    card the seat just drew is tagged NEW in his hand.
    ``reveal``: after the deal, every hand's arrangement, drawn with what it lost.
    ``best``: the best arrangement of the hand, whose count is written under the count of the
    groups as the seat made them (the two differ until he groups his cards as well).
    The onlooker's view (``seat`` None, ``classplay.rooms.room.onlooker_view``) is the table seen
    from an empty chair: every player in a box across the top, the stock and the open pile,
    no hand.
    """
    if reveal is not None:
        return _reveal_svg(view, list(names or _seat_names(view)), reveal)
    n = view["players"]
    me: int | None = view["seat"]  # None: the onlooker's view
    names = list(names or _seat_names(view))
    width = TABLE_W
    parts = []
    # the other players, in turn order from the viewer's left, centred in rows of four
    others = list(range(n)) if me is None else [(me + k) % n for k in range(1, n)]
    per_row = 4
    for i, s in enumerate(others):
        in_row = min(per_row, len(others) - i // per_row * per_row)
        x = (width - in_row * BOX_W - (in_row - 1) * 12) / 2 + (i % per_row) * (BOX_W + 12)
        y = 10 + (i // per_row) * (BOX_H + 16)
        parts.append(_seat_box(view, s, names[s], x, y))
        said = _said(last) if last is not None and last.seat == s else None
        if said:
            parts.append(bubble(x + BOX_W / 2, y + BOX_H + 8, said, 13))
    top = 10 + ((len(others) + per_row - 1) // per_row) * (BOX_H + 16)
    cy = top + 10
    parts.append(_middle(view, names, width / 2 - 290, cy, clickable, selected, last))
    if me is None:  # the onlooker's: an empty chair, no hand
        height = int(cy + CARD_H + 34)
    else:
        hy = cy + CARD_H + 64
        hand, height = _own_hand(
            view, names[me], groups, loose, selected, clickable, last, best, hy
        )
        parts.append(hand)
    felt = el("rect", x=0, y=0, width=width, height=height, rx=14, fill=FELT)
    status = _status_line(view, names)
    body = felt + "".join(parts)
    return table_document(width, height, body, f"Rummy table. {status}", view, last)


def _own_hand(
    view: RummyView,
    name: str,
    groups: Sequence[Sequence[Card]] | None,
    loose: Sequence[Card],
    selected: Sequence[int],
    clickable: bool,
    last: Event | None,
    best: Arrangement | None,
    hy: float,
) -> tuple[str, int]:
    """The viewer's own hand, large and centred from ``hy`` down, with its count under it
    (``table_svg`` says how): its SVG and the height of the table down to its last line."""
    me, wild, width = view["seat"], view["wild_rank"], TABLE_W
    hand = [Card.from_str(c) for c in view["hand"]]
    if groups is None:  # nobody arranged it
        groups, loose = [], sorted(hand, key=by_suit)
    shown = [*groups, loose] if loose else list(groups)
    scale = min(HAND_SCALE, (width - 30) / max(groups_width(shown), 1))
    hand_w = groups_width(shown) * scale
    labels = [group_label(g, wild) for g in groups] + ["loose"] * bool(loose)
    order = [c for g in shown for c in g]
    drew = last.mark("card") if last is not None and last.seat == me else None
    fresh = max((k for k, c in enumerate(order) if str(c) == drew), default=None)
    body = hand_body(
        shown, wild, labels=labels, selected=selected, clickable=clickable, fresh=fresh
    )
    parts = [group(body, (width - hand_w) / 2, hy, scale)]
    height = int(hy + (CARD_H + 26) * scale + 10)
    if wild and hand:
        singles = [[c] for c in loose]
        four = view["options"]["four_card_life"]
        count, valid = count_of([*groups, *singles], wild, four_card_life=four)
        said = f"{name}: count {count}" + (" as grouped" if best is not None else "")
        lines = [said + (" — a valid show" if valid else "")]
        if best is not None:
            lines.append(_best_line(best))
        for line in lines:
            parts.append(
                text(
                    width / 2,
                    height + 6,
                    line,
                    15,
                    text_anchor="middle",
                    fill="#ffffff",
                    font_weight="bold",
                )
            )
            height += 18
    return "".join(parts), height


def _best_line(best: Arrangement) -> str:
    """The best arrangement's count in words (the coach's and the hint's numbers)."""
    if best.valid_show:
        return "Best arrangement: a valid show"
    if best.lives:
        return f"Best arrangement: count {best.count} ({best.deadwood} points loose)"
    return f"Best arrangement: {best.deadwood} points loose, no lives yet (count {best.count})"


def _seat_names(view: RummyView) -> list[str]:
    return [f"Seat {s}" for s in range(view["players"])]


def _said(last: Event) -> str | None:
    """What the bubble over a player says he just did."""
    if last.mark("draw") == "stock":
        return "drew from the stock"
    if last.mark("draw") == "open":
        return f"took {last.mark('card')}"
    if last.mark("show"):
        return "declared: " + ("valid show" if last.mark("show") == "valid" else "wrong show")
    if last.mark("discard"):
        return f"discarded {last.mark('discard')}"
    if last.mark("drop") is not None:
        return "dropped"
    return "missed the turn" if last.mark("miss") else None


def _middle(
    view: RummyView,
    names: Sequence[str],
    cx: float,
    cy: float,
    clickable: bool,
    selected: Sequence[int],
    last: Event | None,
) -> str:
    """The stock with the cut card under it, the open pile, and whose turn it is."""
    me, wild = view["seat"], view["wild_rank"]
    parts = []
    if view["cut"]:
        cut = Card.from_str(view["cut"])
        face = card_body(cut, 0, 0, wild=not cut.is_joker, label=f"cut card {cut}")
        # lying sideways under the stock: its WILD band and corner show to the right
        parts.append(el("g", face, transform=f"translate({cx + 20},{cy + 72}) rotate(-90)"))
        parts.append(text(cx + 112, cy + 40, f"cut {cut}", 13, fill=CHALK))
        if wild:
            parts.append(text(cx + 112, cy + 58, f"wild: {wild}s", 13, fill=MARK))
            parts.append(text(cx + 112, cy + 74, "and jokers", 13, fill=MARK))
    can_draw = clickable and view["phase"] == "draw" and view["to_move"] == me
    if view["stock_size"]:
        parts.append(
            back_body(
                cx,
                cy,
                intent="draw:stock" if can_draw else None,
                label="draw from the stock" if can_draw else "stock",
            )
        )
    parts.append(text(cx, cy + CARD_H + 18, f"stock: {view['stock_size']}", 13, fill=CHALK))
    px = cx + 230
    pile = view["open_pile"]
    if pile:
        top_card = Card.from_str(pile[-1])
        discard_here = (
            clickable
            and view["phase"] == "discard"
            and view["to_move"] == me
            and len(selected) == 1
        )
        take = can_draw and view["open_takeable"]
        if last is not None and last.mark("discard") == pile[-1]:
            parts.append(_ring(px, cy, "just discarded"))
        parts.append(
            card_body(
                top_card,
                px,
                cy,
                wild=wild is not None and top_card.rank == wild,
                dim=can_draw and not view["open_takeable"],
                intent="draw:open" if take else "discard" if discard_here else None,
                label=(
                    f"take {card_name(top_card)} from the open pile"
                    if take
                    else "discard the selected card on the open pile"
                    if discard_here
                    else f"open pile, top card {card_name(top_card)}"
                ),
            )
        )
    parts.append(text(px, cy + CARD_H + 18, f"open pile: {len(pile)}", 13, fill=CHALK))
    status = _status_line(view, names)
    parts.append(text(px + 100, cy + 36, status, 17, fill="#ffffff", font_weight="bold"))
    return "".join(parts)


def _ring(x: float, y: float, words: str) -> str:
    """A gold ring around the card at (x, y), with ``words`` beside it."""
    return el(
        "g",
        el(
            "rect",
            x=x - 5,
            y=y - 5,
            width=CARD_W + 10,
            height=CARD_H + 10,
            rx=9,
            fill="none",
            stroke=MARK,
            stroke_width=4,
        )
        + text(x + CARD_W + 12, y + CARD_H - 10, words, 13, fill=MARK, font_weight="bold"),
        class_="tt-last",
    )


def _status_line(view: RummyView, names: Sequence[str]) -> str:
    if view["result"]:
        return f"{names[view['result']['winner']]} won the deal"
    if view["to_move"] is None or view["to_move"] < 0:
        return "Shuffling…"
    return f"{names[view['to_move']]} to {view['phase']}"  # the phase is "draw" or "discard"


def _reveal_svg(view: RummyView, names: Sequence[str], reveal: dict[int, Arrangement]) -> str:
    """Every hand in play at the end, arranged, with the points each seat lost."""
    result = view["result"]
    rows = []
    y = 40
    width = TABLE_W
    for s in range(view["players"]):
        lost = result["lost"][s] if result else 0
        why = result["reasons"][s] if result else ""
        head = f"{names[s]}: " + ("wins" if why == "winner" else f"−{lost} ({why})")
        rows.append(text(20, y, head, 14, fill="#ffffff", font_weight="bold"))
        if s in reveal:
            groups, labels = arrangement_groups(reveal[s])
            rows.append(hand_body(groups, reveal[s].wild_rank, 20, y + 8, labels=labels))
            width = max(width, int(groups_width(groups) + 40))
            y += CARD_H + 56
        else:
            y += 26
    total = f"{names[result['winner']]} collects {sum(result['lost'])}" if result else ""
    rows.append(text(20, 22, "The deal is over. " + total, 15, fill="#ffd166", font_weight="bold"))
    felt = el("rect", x=0, y=0, width=width, height=y + 10, rx=14, fill=FELT)
    title = "Rummy: every hand revealed. " + total
    return table_document(width, y + 10, felt + "".join(rows), title, view)


def state_svg(state: RummyState, seat: int = 0) -> str:
    """How a rummy deal shows itself in a notebook: the table from ``seat``'s place, his hand
    laid out as its best arrangement, or every hand revealed once the deal is over."""
    if state.cut is None:
        body = text(20, 40, str(state).splitlines()[0], 14, fill="#ffffff")
        return document(
            TABLE_W,
            64,
            el("rect", width=TABLE_W, height=64, rx=14, fill=FELT) + body,
            "Rummy: not dealt yet",
        )
    view = state.view(seat)
    if state.result is not None:
        return table_svg(view, reveal=state.arrangements())
    groups, loose = laid_out(state.arrange(seat)) if state.hands[seat] else ([], ())
    return table_svg(view, groups=groups, loose=loose)
