"""The class tournament's cost: what a student's process costs a decision, and a whole class.

(a) **The process boundary.** Two students' plates strategies play each other on the same
duplicate deals twice, in rounds taken alternately: as classes of this process (the baseline:
each decision an in-process call given its Seat) and as students' files, each in its own
sandbox process (each decision a question and an answer over a pipe). Every decision is a
student's, so the difference per decision is the boundary's. Cost = CPU seconds of this
process and of every process it started (sandboxes, pool workers: ``RUSAGE_CHILDREN``), and
wall seconds.

(b) **A class of 30.** A plates round robin of 30 students' files (26 honest ones of five kinds,
two that ask the expert, a file that raises, one that answers junk), 10 duplicate deals a
pair (435 pairs, 8,700 games), on a pool of 1 and of 2 worker processes.

(c) **Memory**: the peak resident memory of one student's process.

    python benchmarks/tournament.py [deals for (a)] [rounds for (a)] [deals a pair for (b)]
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from _common import headline

from engine.sandbox import Limits, Sandbox
from engine.tournament import strategies_in, tournament

THRESHOLD = """
import engine
from engine.plates import Agree, Challenge, bid_chance_from_view


class MyStrategy:
    # agree when the bid is true with a chance above {p}; open as the basic bot does
    def __init__(self, seed=0):
        self.basic = engine.make_bot("plates", "basic", seed=seed)

    def choose(self, seat):
        standing = seat.view["standing_bid"]
        if standing is None or standing["bidder"] == seat.seat:
            return self.basic.choose(seat)
        return Agree() if bid_chance_from_view(seat.view) > {p} else Challenge()
"""
OPENER = """
from engine.plates import Agree, Bid, Cancel, Challenge, Plate, bid_chance_from_view


class MyStrategy:
    # open on the digit I hold most of, {k} more than I hold (the lesson's scaffold)
    def choose(self, seat):
        view = seat.view
        standing = view["standing_bid"]
        if standing is None:
            plate = Plate(**view["my_plate"])
            digit = max(range(10), key=plate.count)
            bid = Bid(plate.count(digit) + {k}, digit)
            return bid if bid in seat.legal_actions() else seat.legal_actions()[0]
        if standing["bidder"] == view["seat"]:
            return Cancel()
        return Agree() if bid_chance_from_view(view) > 0.5 else Challenge()
"""
LEVEL = """
import engine


class MyStrategy:
    def __init__(self, seed=0):
        self.bot = engine.make_bot("plates", "{level}", seed=seed)

    def choose(self, seat):
        return self.bot.choose(seat)
"""
RAISES = "class MyStrategy:\n    def choose(self, seat):\n        return 1 / 0\n"
JUNK = "class MyStrategy:\n    def choose(self, seat):\n        return 'agree'\n"


def cpu() -> tuple[float, float]:
    """CPU seconds of this process and of its ended children, and wall seconds."""
    own = time.process_time()
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + kids.ru_utime + kids.ru_stime, time.perf_counter()


def class_files(folder: Path) -> None:
    """The 30 files of (b)."""
    sources = [THRESHOLD.format(p=p) for p in (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65)]
    sources += [OPENER.format(k=k) for k in (1, 2, 3, 4, 5, 2, 3, 1)]
    sources += [LEVEL.format(level="basic")] * 6 + [LEVEL.format(level="random")] * 4
    sources += [LEVEL.format(level="expert")] * 2 + [RAISES, JUNK]
    assert len(sources) == 30
    for k, source in enumerate(sources):
        (folder / f"student{k:02}.py").write_text(source)


def boundary(deals: int, rounds: int) -> dict:
    """(a): the same two strategies as classes here and as files in sandboxes, alternately,
    on ``deals`` and on twice as many deals: the difference between the two sizes is the cost
    of the decisions alone (starting the two sandboxes cancels out)."""
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        (folder / "cautious.py").write_text(THRESHOLD.format(p=0.6))
        (folder / "trusting.py").write_text(THRESHOLD.format(p=0.35))
        files, _ = strategies_in(folder)
        here, decisions = counted(files)
        sizes = (deals, 2 * deals)
        spent = {(how, n): [0.0, 0.0] for how in ("in_process", "sandboxed") for n in sizes}
        asked = {}
        for _ in range(rounds):
            for n in sizes:
                played = {}
                for how, strategies in (("in_process", here), ("sandboxed", files)):
                    decisions[0] = 0
                    c, w = cpu()
                    t = tournament(strategies, "plates", games=n, players=4, workers=0, secret="b")
                    c2, w2 = cpu()
                    spent[how, n][0] += c2 - c
                    spent[how, n][1] += w2 - w
                    played[how] = t.match("cautious", "trusting")
                    if how == "in_process":
                        asked[n] = decisions[0]
                assert played["in_process"] == played["sandboxed"], "they played differently"
    extra = rounds * (asked[sizes[1]] - asked[sizes[0]])
    per = {
        how: [1e6 * (spent[how, sizes[1]][k] - spent[how, sizes[0]][k]) / extra for k in (0, 1)]
        for how in ("in_process", "sandboxed")
    }
    whole = rounds * asked[sizes[1]]
    return {
        "deals": list(sizes),
        "rounds": rounds,
        "student_decisions": {str(n): asked[n] for n in sizes},
        "in_process_us_per_decision": {
            "cpu": round(per["in_process"][0]),
            "wall": round(per["in_process"][1]),
        },
        "sandboxed_us_per_decision": {
            "cpu": round(per["sandboxed"][0]),
            "wall": round(per["sandboxed"][1]),
        },
        "ratio_cpu": round(per["sandboxed"][0] / per["in_process"][0], 2),
        "ratio_wall": round(per["sandboxed"][1] / per["in_process"][1], 2),
        "sandboxed_us_per_decision_with_start": round(
            1e6 * spent["sandboxed", sizes[1]][0] / whole
        ),
    }


def counted(files: dict) -> tuple[dict, list[int]]:
    """The files' classes, made here (trusted: the benchmark's own files), counting their
    decisions."""
    decisions = [0]
    here = {}
    for name, file in files.items():
        space: dict = {}
        exec(compile(file.source, file.file, "exec"), space)

        class Counted(space[file.cls]):  # type: ignore[misc]
            def choose(self, seat):  # type: ignore[no-untyped-def]
                decisions[0] += 1
                return super().choose(seat)

        here[name] = Counted
    return here, decisions


def round_robin(deals: int) -> dict:
    """(b): 30 files, every pair on ``deals`` duplicate deals, with 1 and with 2 workers."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        class_files(folder)
        files, problems = strategies_in(folder)
        assert len(files) == 30 and not problems, problems
        runs = {}
        for workers in (1, 2):
            c, w = cpu()
            t = tournament(files, "plates", games=deals, players=4, workers=workers)
            c2, w2 = cpu()
            runs[workers] = t
            out[f"{workers}_workers"] = {"wall_s": round(w2 - w, 1), "cpu_s": round(c2 - c, 1)}
        one, two = runs[1], runs[2]
        assert sorted(one.withdrawn) == ["student28", "student29"], one.withdrawn
        out["pairs"] = len(one.matches)
        out["deals"] = sum(m.games for m in one.matches)
        out["games"] = out["deals"] * 2
        out["withdrawn"] = sorted(one.withdrawn)
        out["same_results_with_1_and_2_workers"] = [
            (m.margins, m.forfeits) for m in one.matches
        ] == [(m.margins, m.forfeits) for m in two.matches]
    return out


def sandbox_memory() -> dict:
    """(c): the peak resident memory of a student's process (Linux: /proc), for a strategy
    that asks the basic bot and one that asks the expert, after a deal of each."""
    out = {}
    for level in ("basic", "expert"):
        box = Sandbox(Limits(), ("plates",))
        box.send(
            {
                "do": "deals",
                "file": "student.py",
                "source": LEVEL.format(level=level),
                "class": "MyStrategy",
                "deals": [{"seats": {"0:0": 1, "0:2": 3}, "chance": "1"}],
            }
        )
        assert box.answer() == {"ok": True}
        assert box.process is not None
        status = Path(f"/proc/{box.process.pid}/status").read_text()
        peak = next(line for line in status.splitlines() if line.startswith("VmHWM"))
        out[f"asks_{level}_mb"] = round(int(peak.split()[1]) / 1024, 1)
        box.kill()
    return out


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    pair_deals = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    result = {"load_average": [round(x, 1) for x in os.getloadavg()], "cores": os.cpu_count()}
    result["boundary"] = boundary(deals, rounds)
    print(json.dumps(result["boundary"]), flush=True)
    result["class_of_30"] = round_robin(pair_deals)
    result["sandbox_memory"] = sandbox_memory()
    a, b = result["boundary"], result["class_of_30"]
    headline(
        "tournament",
        f"a sandboxed decision {a['sandboxed_us_per_decision']['cpu']} µs CPU against "
        f"{a['in_process_us_per_decision']['cpu']} µs in process; 30 files, "
        f"{pair_deals} deals a pair: {b['1_workers']['wall_s']} s wall with 1 worker, "
        f"{b['2_workers']['wall_s']} s with 2 (CPU ratio {a['ratio_cpu']})",
        result,
    )


if __name__ == "__main__":
    main()
