"""India's chance to win where the race is not yet exact: the race estimate (each racer's turns
still needed, from what the board shows), turned into chances that hold by a small network
fitted to the winners of self-play games (``scripts/train_india_value.py``).

``turns``: a seat's squares still to go (a piece in the corner 72 and ``ENTRY_WAIT``), plus,
when another seat throws first, each piece's chance to be hit before it throws again (exact
hitting throws) times the squares it would lose, plus ``BLOCKED`` for each piece held within a
throw behind an opposing blockade; those squares / 7 and ``FINISH`` a piece, or the throws of
its slowest piece alone for the exact count, whichever is more; in turns
(``THROWS_A_TURN``), plus ``IDLE_TURNS`` while it has no piece out. A partnership needs its
slower partner's turns.

Each racer (a seat, or a partnership) is then described by ``FEATURES``: its place in the
order of throwing, its turns, how many turns it is behind its strongest rival, and that margin
in spreads of the race (``racer_features``). The network gives each racer a score from these
and the chances are the scores shared out (``softmax``; with two racers, the logistic of the
difference). Its weights (``value.json``) are fitted to who won, so a position shown as 30% to
win is won about 30 times in 100 (``benchmarks/india_calibration.py`` checks it on fresh
games). ``Estimate`` is what the learning started from: the same turns taken as normal.

Why only these four: a network that also saw the raw counts (squares, corner pieces, hit
chances, blockades, the exact count) fitted the winners a little better (Brier 0.213 against
0.216 on held-out two-player games) but chose worse moves (0.50 of the wins against basic over
400 duplicate deals, against 0.58): learned from the moves experts chose, it could not tell what
a different move would change. Over the race estimate the network only sets how sure a lead of
so many turns is at each stage of the race, and the expert's choices stay those of the race.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ..bots import HUMAN
from .board import CORNER, HOME, ROUTE, ROUTES
from .odds import expected_throws_home, hitting_throws
from .rules import Pieces, Position

Chances = tuple[float, ...]

WEIGHTS = Path(__file__).with_name("value.json")
"""The fitted weights, one network per kind of table (``table_kind``)."""
SCRIPT = "scripts/train_india_value.py"
"""What fits them."""

ENTRY_WAIT = 10.0
"""Squares a piece in the corner costs beyond its 72 to the centre in ``turns``: the wait for
a 5, while the player's other pieces use the throws meanwhile."""
IDLE_TURNS = 12 / 5 - 1
"""Turns lost, on average, by a seat with no piece out before a 5 comes (5 throws in 12)."""
FINISH = 1.2
"""Throws each piece still out costs beyond its squares / 7 in ``turns``: the exact count into
the centre (a lone piece wastes 2.3 throws on it; pieces finishing together share the dice)."""
BLOCKED = 2.0
"""Squares a piece within a throw behind an opposing blockade is expected to lose to it."""
THROWS_A_TURN = 1.2
"""Throws in a turn: one, and another after each double (one throw in six)."""
SPREAD = 0.3
"""The variance (turns squared) one turn adds to the number of turns a seat still needs."""

PACE = {"expert": 1.0, "basic": 1.027, "random": 2.715, HUMAN: 1.392}
"""How many times an expert's turns each kind of player needs to bring its pieces home, fitted
to the winners of 250 games at mixed tables (``scripts/fit_india_pace.py``: 14,356 throws;
log-likelihood a throw -0.917 with every pace 1, -0.811 fitted): the chances the coach shows
are for the players seated. A human's play is not known: he is taken to be a beginner, the
pace fitted to ``NoisyBot(basic, noise=0.25)`` (the basic bot's move three times in four, a
random one otherwise); ``benchmarks/calibration.py`` checks the chances shown at mixed
tables."""

FEATURES = ("order", "turns", "behind", "margin")
"""What each racer is described by (``racer_features``), in the network's order."""


def paces(players: Sequence[str] | None) -> tuple[float, ...] | None:
    """Each seat's ``PACE`` from the kind of player seated there (``"expert"``, ``"basic"``,
    ``"random"``, anything else a ``HUMAN``); None (every seat an expert) for None."""
    if players is None:
        return None
    return tuple(PACE.get(p, PACE[HUMAN]) for p in players)


PAIRS: dict[tuple[str, str], tuple[float, float]] = {
    ("expert", "basic"): (-0.006, 0.997),
    ("expert", "random"): (0.681, 2.121),
    ("expert", HUMAN): (0.224, 1.018),
    ("basic", "random"): (0.217, 1.534),
    ("basic", HUMAN): (0.006, 1.578),
    (HUMAN, "random"): (0.315, 1.428),
}
"""Two players of different kinds: the (lead, slope) that correct the first one's chance
(``for_players``), fitted to who won 1,600 games at mixed tables (``scripts/fit_india_kinds.py``:
the two-player ones, 112 to 134 games a pairing, each game weighing 1). With the pace alone, a
random player against another kind was shown far more than he won (against an expert 8.7% on
average, and he won none of 135 games; against a human 16.8%, won 9.0%): an expert, a basic
bot and even a beginner also capture and block better, which the pace does not count. At four
players the pace alone holds (each kind within 0.025 of the share won) and nothing changes."""


def for_players(chances: Sequence[float], players: Sequence[str] | None) -> list[float]:
    """The chances of a race corrected for the players seated, where pace is not the whole
    difference: at a table of two of different kinds, the first of their ``PAIRS``' chance
    becomes the logistic of ``lead + slope * logit(chance)``; anywhere else the chances stay."""
    out = list(chances)
    if players is None or len(players) != 2 or not 0 < out[0] < 1:
        return out
    kinds = tuple(p if p in PACE else HUMAN for p in players)
    first = 0 if kinds in PAIRS else 1
    lead, slope = PAIRS.get((kinds[first], kinds[1 - first]), (0.0, 1.0))
    if (lead, slope) == (0.0, 1.0):
        return out
    c = out[first]
    out[first] = 1 / (1 + math.exp(-(lead + slope * math.log(c / (1 - c)))))
    out[1 - first] = 1 - out[first]
    return out


def table_kind(racers: int, partners: bool) -> str:
    """Which network values a race: by the number of racers, or ``"partners"``."""
    return "partners" if partners else str(racers)


# ---------------------------------------------------------------- what a racer is described by


@cache
def _finish_throws(d: int) -> float:
    """The expected throws a lone piece ``d`` from the centre needs (``odds``), as a float."""
    return float(expected_throws_home(d))


def turns(board: Position, seat: int, thrower: int, held: int) -> float:
    """The turns ``seat`` still needs, by the race estimate (see the module), with ``held``
    of its pieces behind an opposing blockade."""
    mine = board.pieces[seat]
    squares = sum(HOME - p if p != CORNER else HOME + 1 + ENTRY_WAIT for p in mine)
    if seat != thrower:  # the thrower may move his pieces out of reach first
        ways = 36 ** sum(1 for o in range(len(board.pieces)) if not board.friendly(seat, o))
        route = ROUTES[board.sides[seat]]
        squares += (
            sum(
                hitting_throws(board, seat, p) * (p + 1 + ENTRY_WAIT)
                for p in mine
                if 0 <= p <= ROUTE and route[p] not in board.blockades
            )
            / ways
        )
    squares += BLOCKED * held
    left = [HOME - p for p in mine if CORNER != p != HOME]
    throws = max(
        squares / 7 + FINISH * sum(1 for p in mine if p != HOME),
        max((_finish_throws(d) for d in left), default=0.0),
    )
    return throws / THROWS_A_TURN + (IDLE_TURNS if not left else 0.0)


def racer_features(
    pieces: Pieces,
    thrower: int,
    sides: tuple[int, ...],
    partners: bool,
    racing: tuple[int, ...],
    pace: Sequence[float] | None = None,
) -> tuple[list[tuple[int, ...]], list[list[float]]]:
    """The racers (the seats still racing, or the two partnerships) and each one's
    ``FEATURES``: its place in the order of throwing from ``thrower`` (0 throws next), its
    ``turns`` (a partnership's slower partner still out), its turns less its strongest rival's, and
    the chance-like margin of the race estimate against that rival: a half turn of tempo to
    the one throwing first, less the turns behind, in spreads (variance ``SPREAD`` a turn).
    ``pace``: each seat's turns are multiplied by its player's ``PACE`` (all 1: experts)."""
    need = seat_turns(pieces, thrower, sides, partners, racing)
    return racers_from_turns(need, thrower, len(pieces), partners, pace)


def seat_turns(
    pieces: Pieces, thrower: int, sides: tuple[int, ...], partners: bool, racing: tuple[int, ...]
) -> dict[int, float]:
    """Each racing seat's ``turns``, blockades included."""
    board = Position(pieces, sides, partners)
    held = _held(board)
    return {s: turns(board, s, thrower, held.get(s, 0)) for s in racing}


def racers_from_turns(
    need: dict[int, float],
    thrower: int,
    n: int,
    partners: bool,
    pace: Sequence[float] | None = None,
) -> tuple[list[tuple[int, ...]], list[list[float]]]:
    """``racer_features`` from each racing seat's turns (``seat_turns``) at a table of ``n``."""
    if pace is not None:
        need = {s: t * pace[s] for s, t in need.items()}
    order = [(thrower + k) % n for k in range(n)]
    racers: list[tuple[int, ...]] = [(0, 2), (1, 3)] if partners else [(s,) for s in need]
    out = [[s for s in m if s in need] for m in racers]
    places = [(min(order.index(s) for s in m), max(need[s] for s in m)) for m in out]
    rows = []
    for place, mine in places:
        first, theirs = min((p for p in places if p[0] != place), key=lambda p: (p[1], p[0]))
        tempo = 0.5 if place < first else -0.5
        behind = mine - theirs
        margin = (tempo - behind) / math.sqrt(SPREAD * (mine + theirs) + 0.2)
        rows.append([float(place), mine, behind, margin])
    return racers, rows


def _held(board: Position) -> dict[int, int]:
    """For each seat, how many of its pieces stand within a throw (12 squares) behind a
    blockade of another colour (not a partner's)."""
    held: dict[int, int] = {}
    if not board.blockades:
        return held
    for seat, mine in enumerate(board.pieces):
        route = ROUTES[board.sides[seat]]
        for p in mine:
            if 0 <= p < ROUTE:
                for k in range(p + 1, min(p + 12, ROUTE) + 1):
                    q = route[k]
                    if q in board.blockades and not board.friendly(seat, board.at[q][0]):
                        held[seat] = held.get(seat, 0) + 1
                        break
    return held


# ---------------------------------------------------------------- the network


class Network:
    """One table kind's network: features scaled (``mean``, ``scale``), a score per racer from
    a layer of ``tanh`` units and a linear part (so that a lead far beyond any seen in
    training still counts for more); the chances are the racers' scores shared out. Plain
    Python: four features and a few units cost less than a call into numpy."""

    def __init__(self, weights: dict[str, Any]) -> None:
        self.mean = [float(v) for v in weights["mean"]]
        self.scale = [float(v) for v in weights["scale"]]
        self.units = [
            ([float(row[u]) for row in weights["hidden_w"]], float(b), float(w))
            for u, (b, w) in enumerate(zip(weights["hidden_b"], weights["out_w"], strict=True))
        ]
        self.linear_w = [float(v) for v in weights["linear_w"]]
        d = len(FEATURES)
        sizes = [len(self.mean), len(self.scale), len(self.linear_w)]
        sizes += [len(into) for into, _, _ in self.units]
        numbers = [*self.mean, *self.scale, *self.linear_w]
        numbers += [v for into, b, w in self.units for v in (*into, b, w)]
        if set(sizes) != {d} or len(weights["hidden_w"]) != d or not self.units:
            raise ValueError(f"a network's weights are not shaped for {d} features")
        if not all(math.isfinite(v) for v in numbers) or not all(v > 0 for v in self.scale):
            raise ValueError("a network's weights are not all finite, or a scale is not positive")

    def score(self, row: Sequence[float]) -> float:
        """A racer's score from its features. Written out for the four ``FEATURES`` (a review
        playing on asks it tens of thousands of times), adding in the order ``sum`` would."""
        (m0, m1, m2, m3), (s0, s1, s2, s3) = self.mean, self.scale
        v0, v1, v2, v3 = row
        x0, x1, x2, x3 = (v0 - m0) / s0, (v1 - m1) / s1, (v2 - m2) / s2, (v3 - m3) / s3
        w0, w1, w2, w3 = self.linear_w
        hidden = 0.0
        tanh = math.tanh
        for (a0, a1, a2, a3), b, out in self.units:
            hidden += out * tanh(b + (a0 * x0 + a1 * x1 + a2 * x2 + a3 * x3))
        return w0 * x0 + w1 * x1 + w2 * x2 + w3 * x3 + hidden


def softmax(scores: Sequence[float]) -> list[float]:
    """Scores shared out as chances adding up to 1."""
    top = max(scores)
    e = [math.exp(s - top) for s in scores]
    total = sum(e)
    return [v / total for v in e]


def _seat_chances(n: int, racers: list[tuple[int, ...]], shares: Sequence[float]) -> Chances:
    """Each racer's share given to each of the ``n`` seats (0 to the seats home)."""
    chances = [0.0] * n
    for members, share in zip(racers, shares, strict=True):
        for s in members:
            chances[s] = float(share)
    return tuple(chances)


class Value:
    """The learned chance to win, one ``Network`` per table kind, read from ``WEIGHTS`` (or a
    mapping of the same shape: the training script's networks)."""

    def __init__(self, weights: dict[str, Any]) -> None:
        self.networks = {kind: Network(w) for kind, w in weights["networks"].items()}
        self.version = str(weights["version"])

    def chances(
        self,
        pieces: Pieces,
        thrower: int,
        sides: tuple[int, ...],
        partners: bool,
        racing: tuple[int, ...],
        players: Sequence[str] | None = None,
    ) -> Chances:
        """Each seat's chance to win from ``pieces`` with ``thrower`` to throw, the seats
        ``racing`` still out (a partnership's chance is each partner's), for the ``players``
        seated (each seat's kind: its turns times its ``PACE``; None: experts at every seat).
        The expert corrects them further for two players of different kinds
        (``for_players``)."""
        need = seat_turns(pieces, thrower, sides, partners, racing)
        return self.from_turns(need, thrower, len(pieces), partners, players)

    def from_turns(
        self,
        need: dict[int, float],
        thrower: int,
        n: int,
        partners: bool,
        players: Sequence[str] | None = None,
    ) -> Chances:
        """``chances`` from each racing seat's turns (``seat_turns``) at a table of ``n``."""
        racers, scores = self.scores(need, thrower, n, partners, paces(players))
        return _seat_chances(n, racers, softmax(scores))

    def scores(
        self,
        need: dict[int, float],
        thrower: int,
        n: int,
        partners: bool,
        pace: Sequence[float] | None = None,
    ) -> tuple[list[tuple[int, ...]], list[float]]:
        """The racers and the network's score of each, each seat's turns times its ``pace``."""
        racers, rows = racers_from_turns(need, thrower, n, partners, pace)
        network = self.networks[table_kind(len(racers), partners)]
        return racers, [network.score(row) for row in rows]


class Estimate:
    """The race estimate the learning starts from (the expert's value before it learned):
    each racer's ``turns`` taken as normal (variance ``SPREAD`` a turn), the chance to beat
    each rival (a half turn of tempo to the one throwing first) multiplied over the rivals and
    shared out so the chances add up to 1."""

    def chances(
        self,
        pieces: Pieces,
        thrower: int,
        sides: tuple[int, ...],
        partners: bool,
        racing: tuple[int, ...],
        players: Sequence[str] | None = None,
    ) -> Chances:
        racers, rows = racer_features(pieces, thrower, sides, partners, racing, paces(players))
        weights = []
        for place, mine, *_ in rows:
            w = 1.0
            for other, theirs, *_ in rows:
                if other != place:
                    tempo = 0.5 if place < other else -0.5
                    spread = math.sqrt(SPREAD * (mine + theirs) + 0.2)
                    w *= _normal((theirs - mine + tempo) / spread)
            weights.append(w)
        total = sum(weights)
        return _seat_chances(len(pieces), racers, [w / total for w in weights])


def _normal(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def weights_version(weights: dict[str, Any]) -> str:
    """The version of a set of weights: the first 12 hex digits of the SHA-256 of its
    features and networks (what decides every chance it gives)."""
    decisive = {"features": weights["features"], "networks": weights["networks"]}
    canon = json.dumps(decisive, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()[:12]


def load(path: Path) -> Value:
    """The value whose weights ``path`` holds (JSON, as the training script writes it); a file
    that is not such weights, or whose version does not match its networks, is refused with a
    ``ValueError`` naming the file and saying to train it again."""
    again = f"train it again: python {SCRIPT}"
    try:
        weights = json.loads(path.read_text(encoding="utf-8"))
        features, version = tuple(weights["features"]), weights["version"]
        value = Value(weights)
        if version != weights_version(weights):
            raise ValueError(f"{path.name}: its version does not match its networks; {again}")
    except (OSError, ValueError, KeyError, TypeError, IndexError) as e:
        if str(e).startswith(path.name):
            raise
        raise ValueError(f"{path.name} is not a learned value ({e!r}); {again}") from e
    if features != FEATURES:
        raise ValueError(f"{path.name} was fitted to other features; {again}")
    if not {"2", "3", "4", "partners"} <= set(value.networks):
        raise ValueError(f"{path.name} lacks a table kind's network; {again}")
    return value


@cache
def learned() -> Value:
    """The committed value (``WEIGHTS``), read once."""
    return load(WEIGHTS)


__all__ = [
    "FEATURES",
    "PACE",
    "PAIRS",
    "Estimate",
    "Network",
    "Value",
    "for_players",
    "learned",
    "load",
    "paces",
    "racer_features",
    "table_kind",
    "turns",
    "weights_version",
]
