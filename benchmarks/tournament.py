"""The class tournament's cost: what a student's process costs a decision, and a whole class.

(a) **The process boundary.** Two students' plates strategies play each other on the same
duplicate deals twice, in rounds taken alternately: as classes of this process (the baseline:
each decision an in-process call given its Seat) and as students' files, each in its own
sandbox process (the deals of the pair played in step, each question to a process carrying a
decision of every game waiting for it). Every decision is a student's, so the difference per
decision is the boundary's. Each round plays N and 2N deals both ways: the difference is the
cost of the decisions alone (starting the two sandboxes cancels out), and the round's ratio
(sandboxed / in process) is taken; the figure is the median round (the pooled ratio beside
it). Cost = CPU seconds of this process and of every process it started (sandboxes, pool
workers: ``RUSAGE_CHILDREN``), and wall seconds.

(b) **A class of 30.** A plates round robin of 30 students' files at the tournament's default
deals a pair (``deals_a_pair(30)``: 2, so 435 pairs, 870 deals, 1,740 four-player games;
or as many as the command line says): 16 small rule-based strategies (lesson 01's
kind: a threshold on ``bid_chance_from_view``, an opening bid from the plate), 6 that ask the
basic bot, 3 the random bot, 2 the expert, a file that raises, one that answers junk and one
that hangs (an endless loop: withdrawn after three time-outs of ``time_limit``, 5 s). Played
in this process as classes (the baseline: the hanger raising at once instead, the same
forfeits without the wait), then as files on a pool of 1 and of 2 worker processes; the three
must give the same results. The expert's share is the CPU its two files' decisions take in
the baseline.

(c) **A hanger's withdrawal**: the file that hangs against one honest file, on as many deals
(in this process): its time-outs and the wall time they cost its worker.

(d) **Memory**: the proportional memory (PSS: shared pages split among the processes sharing
them) of one student's sandbox, its template and two seats' processes, after a deal.

Each student's file runs in its sandbox (``classplay.isolation``: bubblewrap or unshare,
Landlock, limits), each seat of each deal in a process forked from the sandbox's template, so
(a) and (b) include a fork and a fresh run of the file for every seat of every deal; the walls
in force are printed first.

    python benchmarks/tournament.py [deals for (a)] [rounds for (a)] [deals a pair for (b)]

(a) runs in unshare's namespaces even where bubblewrap is installed (bubblewrap's monitor
does not wait for its sandbox, so the seats' CPU time would not reach ``RUSAGE_CHILDREN``);
(b), (c) and (d) in the walls ``available()`` says. Where this process may make a cgroup v1
CPU-accounting group (as root), (b) and (c) count the CPU of every process in it, the seats'
included (``account``): ``cpu_s`` is then all of it, ``cores_busy`` that over the wall time
(at most the machine's cores: how well the workers and their sandboxes keep them busy);
elsewhere ``cpu_s`` leaves out what bubblewrap's sandboxes do.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import headline

from classplay import isolation
from classplay.isolation import available
from classplay.sandbox import Limits, Sandbox
from classplay.tournament import deals_a_pair, lineups, strategies_in, tournament

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
HANGS = "class MyStrategy:\n    def choose(self, seat):\n        while True:\n            pass\n"
STAND_IN = "class MyStrategy:\n    def choose(self, seat):\n        raise TimeoutError\n"
"""The hanger in the baseline: the same forfeit, at once."""
PAIR_DEALS = None
"""(b)'s deals a pair: the tournament's default."""
HANGER_DEALS = 10
"""(c)'s deals."""


def clocks() -> tuple[float, float, float]:
    """CPU seconds of this process and of its ended children, and wall seconds."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time(), kids.ru_utime + kids.ru_stime, time.perf_counter()


ACCOUNTS = "/sys/fs/cgroup/cpuacct"
"""cgroup v1's CPU accounting: a group of this benchmark's own counts the CPU of every process
it starts, the sandboxes' seats included (bubblewrap's monitor does not wait for its sandbox,
so their CPU never reaches ``RUSAGE_CHILDREN``)."""
_GROUP: list[Path] = []


def account() -> bool:
    """Put this process (and so every process it starts) in a CPU-accounting group of its own,
    where this process may make one (as root, on cgroup v1); whether it did."""
    group = Path(ACCOUNTS, f"tabletop-benchmark-{os.getpid()}")
    try:
        group.mkdir()
        (group / "cgroup.procs").write_text(str(os.getpid()))
    except OSError:
        return False
    _GROUP.append(group)
    atexit.register(_leave, group)
    return True


def _leave(group: Path) -> None:
    """Leave the group, with any process still in it (multiprocessing's resource tracker
    outlives this process), and remove it."""
    with contextlib.suppress(OSError):
        for pid in {str(os.getpid()), *(group / "cgroup.procs").read_text().split()}:
            with contextlib.suppress(OSError):
                Path(ACCOUNTS, "cgroup.procs").write_text(pid)
    for _ in range(100):  # the last sandboxes' processes may take a moment to go
        try:
            group.rmdir()
            return
        except OSError:
            time.sleep(0.05)


def tree_cpu() -> float | None:
    """CPU seconds of this process and of every process it started, ended or not (None
    without an accounting group: ``account``)."""
    if not _GROUP:
        return None
    return int((_GROUP[0] / "cpuacct.usage").read_text()) / 1e9


def load() -> float:
    """The machine's load average over the last minute."""
    return round(os.getloadavg()[0], 1)


def class_files(folder: Path) -> list[str]:
    """The 30 files of (b); the names of the broken ones."""
    sources = [THRESHOLD.format(p=p) for p in (0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65)]
    sources += [OPENER.format(k=k) for k in (1, 2, 3, 4, 5, 2, 3, 1)]
    sources += [LEVEL.format(level="basic")] * 6 + [LEVEL.format(level="random")] * 3
    sources += [LEVEL.format(level="expert")] * 2 + [RAISES, JUNK, HANGS]
    assert len(sources) == 30
    for k, source in enumerate(sources):
        (folder / f"student{k:02}.py").write_text(source)
    return ["student27", "student28", "student29"]


def boundary(deals: int, rounds: int) -> dict:
    """(a): the same two strategies as classes here and as files in sandboxes, alternately,
    on ``deals`` and on twice as many deals: the difference between the two sizes is the cost
    of the decisions alone (starting the two sandboxes cancels out). Each round gives a ratio
    (sandboxed / in process); the median round is the figure, steadier than the pooled one
    on a machine whose load comes in bursts."""
    if isolation.available().namespaces == "bubblewrap" and isolation._namespaces.__name__:
        # bubblewrap's monitor does not wait for its sandbox, so the seats' CPU time would not
        # reach RUSAGE_CHILDREN: (a) is measured in unshare's namespaces (the same sandbox;
        # bubblewrap's own cost is one start per sandbox, not per decision)
        isolation._namespaces = lambda: "unshare"  # type: ignore[assignment]
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        (folder / "cautious.py").write_text(THRESHOLD.format(p=0.6))
        (folder / "trusting.py").write_text(THRESHOLD.format(p=0.35))
        files, _ = strategies_in(folder)
        here, decisions, _ = as_classes(files)
        sizes = (deals, 2 * deals)
        kinds = ("in_process", "sandboxed")
        spent = []  # per round: (how, n) -> [own CPU, children's CPU, wall]
        asked = {}
        loads = [load()]
        for r in range(rounds):
            spent.append({})
            for n in sizes:
                played = {}
                for how, strategies in (("in_process", here), ("sandboxed", files)):
                    decisions[0] = 0
                    before = clocks()
                    t = tournament(
                        strategies, "plates", games=n, players=4, workers=0, secret=f"b{r}"
                    )
                    spent[r][how, n] = [b - a for a, b in zip(before, clocks(), strict=True)]
                    played[how] = t.match("cautious", "trusting")
                    if how == "in_process":
                        asked[r, n] = decisions[0]
                assert played["in_process"] == played["sandboxed"], "they played differently"
            loads.append(load())

    def per(how: str, k: int, r: int) -> float:
        """µs a decision in round r: own CPU (k 0), children's (1), wall (2)."""
        extra = asked[r, sizes[1]] - asked[r, sizes[0]]
        return 1e6 * (spent[r][how, sizes[1]][k] - spent[r][how, sizes[0]][k]) / extra

    def pooled(how: str, k: int) -> float:
        return statistics.mean(per(how, k, r) for r in range(rounds))

    def cpu(how: str, r: int) -> float:
        return per(how, 0, r) + per(how, 1, r)

    cpu_ratios = [cpu("sandboxed", r) / cpu("in_process", r) for r in range(rounds)]
    wall_ratios = [per("sandboxed", 2, r) / per("in_process", 2, r) for r in range(rounds)]
    mean_cpu = {how: pooled(how, 0) + pooled(how, 1) for how in kinds}
    return {
        "deals": list(sizes),
        "rounds": rounds,
        "load_average": loads,
        "student_decisions_per_round": statistics.mean(asked[r, sizes[1]] for r in range(rounds)),
        "in_process_us_per_decision": {
            "cpu": round(mean_cpu["in_process"]),
            "wall": round(pooled("in_process", 2)),
        },
        "sandboxed_us_per_decision": {
            "cpu": round(mean_cpu["sandboxed"]),
            "of_which_sandboxes": round(pooled("sandboxed", 1)),
            "wall": round(pooled("sandboxed", 2)),
        },
        "ratio_cpu": round(statistics.median(cpu_ratios), 2),
        "ratio_wall": round(statistics.median(wall_ratios), 2),
        "ratio_cpu_rounds": [round(x, 2) for x in sorted(cpu_ratios)],
        "ratio_wall_rounds": [round(x, 2) for x in sorted(wall_ratios)],
        "ratio_cpu_pooled": round(mean_cpu["sandboxed"] / mean_cpu["in_process"], 2),
        "ratio_wall_pooled": round(pooled("sandboxed", 2) / pooled("in_process", 2), 2),
    }


def as_classes(files: dict, stand_in: str | None = None) -> tuple[dict, list[int], dict]:
    """The files' classes, made here (trusted: the benchmark's own files; ``stand_in``'s
    source for the hanger), counting their decisions and the CPU seconds of the experts'."""
    decisions, spent = [0], {"expert": 0.0}
    here = {}
    for name, file in files.items():
        source = stand_in if file.source == HANGS else file.source
        space: dict = {}
        exec(compile(source, file.file, "exec"), space)
        expert = "expert" in source

        class Counted(space[file.cls]):  # type: ignore[misc]
            timed = expert

            def choose(self, seat):  # type: ignore[no-untyped-def]
                decisions[0] += 1
                if not self.timed:
                    return super().choose(seat)
                start = time.process_time()
                try:
                    return super().choose(seat)
                finally:
                    spent["expert"] += time.process_time() - start

        here[name] = Counted
    return here, decisions, spent


def round_robin(deals: int | None) -> dict:
    """(b): 30 files, every pair on ``deals`` duplicate deals (None: the default): as classes
    in this process, then as files with 1 and with 2 workers."""
    out: dict = {}
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        broken = class_files(folder)
        files, problems = strategies_in(folder)
        assert len(files) == 30 and not problems, problems
        here, decisions, spent = as_classes(files, STAND_IN)
        runs = {}
        for how, strategies, workers in (
            ("in_process", here, 0),
            ("1_worker", files, 1),
            ("2_workers", files, 2),
        ):
            start, before, tree = load(), clocks(), tree_cpu()
            t = tournament(
                strategies, "plates", games=deals, players=4, workers=workers, secret="c"
            )
            own, kids, wall = (b - a for a, b in zip(before, clocks(), strict=True))
            after = tree_cpu()
            runs[how] = t
            out[how] = {
                "wall_s": round(wall, 1),
                "cpu_s": round(own + kids, 1),
                "load_average": [start, load()],
            }
            if tree is not None and after is not None:  # every process's, the seats' too
                out[how] |= {
                    "cpu_s": round(after - tree, 1),
                    "cpu_s_this_process": round(own, 1),
                    "cpu_s_waited_for": round(kids, 1),  # pool workers, not the seats
                    "cores_busy": round((after - tree) / wall, 2),
                }
            print(how, json.dumps(out[how]), flush=True)
        first = runs["in_process"]
        assert sorted(first.withdrawn) == broken, first.withdrawn
        out["pairs"] = len(first.matches)
        out["deals"] = sum(m.games for m in first.matches)
        out["games"] = out["deals"] * len(lineups(4))
        out["decisions"] = decisions[0]
        out["expert_share_of_cpu_in_process"] = round(
            spent["expert"] / out["in_process"]["cpu_s"], 2
        )
        out["withdrawn"] = sorted(first.withdrawn)
        out["hanger"] = runs["2_workers"].problems[broken[-1]]
        out["same_results_in_process_and_with_1_and_2_workers"] = (
            _results(first) == _results(runs["1_worker"]) == _results(runs["2_workers"])
        )
    return out


def _results(t) -> list:  # type: ignore[no-untyped-def]
    return [(m.margins, m.scores, m.forfeits) for m in t.matches]


def withdrawal(deals: int) -> dict:
    """(c): the hanger against an honest file on ``deals`` deals, played in this process."""
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        (folder / "hanger.py").write_text(HANGS)
        (folder / "honest.py").write_text(THRESHOLD.format(p=0.5))
        files, _ = strategies_in(folder)
        start, before, tree = load(), clocks(), tree_cpu()
        t = tournament(files, "plates", games=deals, players=4, workers=0, secret="d")
        own, kids, wall = (b - a for a, b in zip(before, clocks(), strict=True))
        after = tree_cpu()
    return {
        "time_outs": len(t.problems["hanger"]),
        "withdrawn": t.withdrawn["hanger"],
        "wall_s": round(wall, 1),
        "cpu_s": round(own + kids if tree is None or after is None else after - tree, 1),
        "load_average": [start, load()],
    }


def sandbox_memory() -> dict:
    """(d): the PSS of a student's sandbox (Linux: /proc), its every process, for a strategy
    that asks the basic bot and one that asks the expert, after a deal of two seats."""
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
        out[f"asks_{level}_mb"] = round(_tree_pss(box.process.pid) / 1024, 1)
        box.kill()
    return out


def _tree_pss(pid: int) -> int:
    """kB of PSS of ``pid`` and every process under it."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        own = next(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except (OSError, StopIteration):
        return 0
    return own + sum(_tree_pss(int(c)) for c in children)


def table(a: dict, b: dict) -> str:
    """The figures as a markdown table."""
    i, s = a["in_process_us_per_decision"], a["sandboxed_us_per_decision"]
    rows = [
        "| measure | in process | sandboxed | ratio | load average |",
        "|---|---|---|---|---|",
        f"| (a) a decision, CPU µs | {i['cpu']} | {s['cpu']} ({s['of_which_sandboxes']} in the "
        f"sandboxes) | {a['ratio_cpu']} (pooled {a['ratio_cpu_pooled']}) | "
        f"{min(a['load_average'])} to {max(a['load_average'])} |",
        f"| (a) a decision, wall µs | {i['wall']} | {s['wall']} | {a['ratio_wall']} (pooled "
        f"{a['ratio_wall_pooled']}) | |",
    ]
    base = b["in_process"]
    for how in ("1_worker", "2_workers"):
        r = b[how]
        busy = f", {r['cores_busy']} cores busy" if "cores_busy" in r else ""
        rows.append(
            f"| (b) 30 files, {how.replace('_', ' ')}: wall s (CPU s) | {base['wall_s']} "
            f"({base['cpu_s']}) | {r['wall_s']} ({r['cpu_s']}{busy}) | "
            f"{r['wall_s'] / base['wall_s']:.2f} ({r['cpu_s'] / base['cpu_s']:.2f}) | "
            f"{r['load_average'][0]} to {r['load_average'][1]} |"
        )
    rows.append(
        f"\n(b): {b['pairs']} pairs, {b['deals']:,} deals, {b['games']:,} games, "
        f"{b['decisions']:,} decisions; the expert's 2 files take "
        f"{b['expert_share_of_cpu_in_process']:.0%} of the baseline's CPU; in-process load "
        f"average {base['load_average'][0]} to {base['load_average'][1]}; withdrawn: "
        f"{', '.join(b['withdrawn'])}; the hanger: {'; '.join(b['hanger'])}."
    )
    return "\n".join(rows)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    pair_deals = int(sys.argv[3]) if len(sys.argv) > 3 else PAIR_DEALS
    shown = pair_deals or deals_a_pair(30)
    result: dict = {"cores": os.cpu_count(), "isolation": str(available())}
    result["cpu_of_every_process"] = account()
    print(result["isolation"], flush=True)
    result["boundary"] = boundary(deals, rounds)
    print(json.dumps(result["boundary"]), flush=True)
    result["class_of_30"] = round_robin(pair_deals)
    result["hanger"] = withdrawal(HANGER_DEALS)
    result["sandbox_memory"] = sandbox_memory()
    a, b, c = result["boundary"], result["class_of_30"], result["hanger"]
    print(table(a, b))
    print(
        f"(c): the hanger against one honest file, {HANGER_DEALS} deals: {c['time_outs']} "
        f"time-outs, {c['wall_s']} s wall ({c['cpu_s']} s CPU; load average "
        f"{c['load_average'][0]} to {c['load_average'][1]}); withdrawn {c['withdrawn']}."
    )
    headline(
        "tournament",
        f"a sandboxed decision {a['ratio_cpu']}× the CPU of an in-process one "
        f"({a['ratio_wall']}× the wall time); 30 files, {shown} deals a pair: "
        f"{b['1_worker']['wall_s']} s wall with 1 worker, {b['2_workers']['wall_s']} s with 2 "
        f"({b['in_process']['wall_s']} s in process)",
        result,
    )


if __name__ == "__main__":
    main()
