"""Pictures of Indian Rummy: a hand fanned and grouped by meld, the stock with the cut card
under it, the open pile, the other players, and every hand revealed after a show.

Pure functions from engine values (or a seat's ``view``) to SVG strings, using the standard
card faces of ``render.cards``. Cards of the wild rank carry the WILD band; printed jokers show
a star. A table drawn from a view only shows what that seat may see. Arrangements come from the
caller (the table's own, or ``RummyState.arrange``): nothing here runs the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import Card
from engine.rummy import Arrangement, RummyState, RummyView, by_suit, count_of, is_joker, meld_kind

from .cards import CARD_H, back_body, card_body, card_name, row_body, row_width
from .svg import document, el, group, table_document, text

FELT, FELT_EDGE, CHALK = "#2d6a4f", "#1b4332", "#d8f3dc"
STEP = 26
"""How far apart the cards of one group sit (they overlap like a fan)."""
GAP = 18
"""The space between two groups."""
TABLE_W = 900
LABELS = {
    "pure": "pure sequence",
    "impure": "impure sequence",
    "set": "set",
    None: "invalid",
}
LABEL_INK = {"pure": "#95d5b2", "impure": "#ffd166", "set": "#a8dadc", None: "#ffadad"}


def group_label(cards: Sequence[Card], wild_rank: str) -> str:
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
) -> str:
    """A hand fanned in groups from (x, y), each group labelled underneath. Cards are numbered
    through the groups in order; ``selected`` holds those numbers, and ``clickable`` makes card
    k send the intent ``card:k``."""
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
    status = view["status"][seat]
    size = view["hand_sizes"][seat]
    turn = view["to_move"] == seat
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=170,
            height=112,
            rx=10,
            fill="#1b4332",
            stroke="#ffd166" if turn else FELT_EDGE,
            stroke_width=3 if turn else 1,
        ),
        text(10, 20, name + (" ◀ to move" if turn else ""), 13, fill="#ffffff", font_weight="bold"),
    ]
    faces = view["hands"][seat] if view.get("revealed") else None
    if status == "in" and faces:  # a teacher's view: the hand written out, readable afar
        for i in range(0, len(faces), 7):
            line = " ".join(faces[i : i + 7])
            parts.append(text(10, 42 + 2.4 * i, line, 13, fill="#ffffff", font_weight="bold"))
        parts.append(text(10, 80, f"{size} cards", 12, fill=CHALK))
    elif status == "in":
        backs = [None] * min(size, 5)
        parts.append(row_body(backs, 10, 28, step=14))
        parts.append(text(10 + row_width(len(backs), 14) + 8, 76, f"{size} cards", 12, fill=CHALK))
    if status == "in":
        known = view["known"][seat]
        if known:
            at = 10 if faces else 10 + row_width(min(size, 5), 14) + 8
            parts.append(text(at, 96, "took " + " ".join(known[-4:]), 11, fill="#ffd166"))
    else:
        lost = view["lost"][seat]
        what = {"dropped": "dropped", "wrong show": "wrong show", "missed": "missed 3 turns"}
        line = what[status] + (f": −{lost}" if lost is not None else "")
        parts.append(text(10, 62, line, 14, fill="#ffadad", font_weight="bold"))
    return group("".join(parts), x, y, data_seat=seat)


def table_svg(
    view: RummyView,
    names: Sequence[str] | None = None,
    groups: Sequence[Sequence[Card]] | None = None,
    loose: Sequence[Card] = (),
    selected: Sequence[int] = (),
    clickable: bool = False,
    reveal: dict[int, Arrangement] | None = None,
) -> str:
    """The table as one seat sees it (``view = state.view(seat)``).

    ``groups`` and ``loose``: the seat's own hand as he arranged it, the groups he made and the
    cards in none (default: no groups, the hand in suit order); cards are numbered through the
    groups, then the loose cards. With ``clickable`` his cards send ``card:k`` and, on his turn,
    the stock sends ``draw:stock`` and the open pile ``draw:open`` when he is to draw, or
    ``discard`` (the selected card) when he is to discard: the engine's phase says which.
    ``reveal``: after the deal, every hand's arrangement, drawn with what it lost.
    """
    n, me = view["players"], view["seat"]
    names = list(names or [f"Seat {s}" for s in range(n)])
    wild = view["wild_rank"]
    others = [(me + k) % n for k in range(1, n)]
    parts = []
    if reveal is not None:
        return _reveal_svg(view, names, reveal)
    # the other players, in turn order from the viewer's left
    per_row = 4
    for i, s in enumerate(others):
        x = 10 + (i % per_row) * 222
        y = 10 + (i // per_row) * 122
        parts.append(_seat_box(view, s, names[s], x, y))
    top = 10 + ((len(others) + per_row - 1) // per_row) * 122
    # the centre: stock with the cut card under it, and the open pile
    cx, cy = 60, top + 16
    if view["cut"]:
        cut = Card.from_str(view["cut"])
        face = card_body(cut, 0, 0, wild=not cut.is_joker, label=f"cut card {cut}")
        # lying sideways under the stock: its WILD band and corner show to the right
        parts.append(el("g", face, transform=f"translate({cx + 20},{cy + 72}) rotate(-90)"))
        parts.append(text(cx + 110, cy + 60, f"cut {cut}", 12, fill=CHALK))
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
    parts.append(text(cx, cy + CARD_H + 34, f"stock: {view['stock_size']}", 12, fill=CHALK))
    wild_line = f"wild: {wild}s and printed jokers" if wild else ""
    parts.append(text(cx, cy + CARD_H + 50, wild_line, 12, fill="#ffd166"))
    px = cx + 200
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
    parts.append(text(px, cy + CARD_H + 34, f"open pile: {len(pile)}", 12, fill=CHALK))
    # the viewer's hand
    hand = [Card.from_str(c) for c in view["hand"]]
    if groups is None:  # nobody arranged it
        groups, loose = [], sorted(hand, key=by_suit)
    labels = [group_label(g, wild) for g in groups] + ["loose"] * bool(loose)
    shown = [*groups, loose] if loose else list(groups)
    hy = cy + CARD_H + 84
    width = groups_width(shown)
    parts.append(
        hand_body(shown, wild, 20, hy, labels=labels, selected=selected, clickable=clickable)
    )
    if wild and hand:
        singles = [[c] for c in loose]
        four = view["options"]["four_card_life"]
        count, valid = count_of([*groups, *singles], wild, four_card_life=four)
        line = f"{names[me]}: count {count}" + (" — a valid show" if valid else "")
        parts.append(text(20, hy + CARD_H + 48, line, 14, fill="#ffffff", font_weight="bold"))
    status = _status_line(view, names)
    parts.append(text(px + 110, cy + 30, status, 15, fill="#ffffff", font_weight="bold"))
    height = int(hy + CARD_H + 62)
    width_all = int(max(TABLE_W, width + 40))
    felt = el("rect", x=0, y=0, width=width_all, height=height, rx=14, fill=FELT)
    return table_document(width_all, height, felt + "".join(parts), f"Rummy table. {status}", view)


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
