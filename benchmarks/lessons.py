"""Each lesson's CPU time, run top to bottom in a fresh kernel as *Run All* does (Linux: reads
/proc).

For each lesson (``notebooks/0[1-5]_*.ipynb``): the kernel's CPU seconds for the whole notebook
(from ready to the last cell, so the kernel's own start is not counted) and its costliest cells,
against the target of ``TARGET_S`` seconds a lesson (a class runs a lesson in one period: *Run
All* leaves the table dead until the last cell has run; long simulations wait behind buttons).
With ``--against DIR`` (another checkout, say of the commit before a change), the same notebook
of that tree runs in turn with this one's, A B A B over ``--rounds`` rounds, each kernel
importing ``engine`` and ``tabletop_widgets`` from its own tree (PYTHONPATH; checked in the
kernel), and each lesson's CPU is reported as a ratio after/before, with the lowest and highest
round's ratio beside it.

With ``--buttons``, after *Run All* each of the lesson's buttons (``OnDemand``: the long
simulations of *Going further*) is clicked in turn in the same kernel, and its CPU seconds
reported: what a teacher's click costs, and 30 times it when a whole class clicks.

With ``--where``, each lesson's code cells also run once in a plain process of this tree, its
CPU sampled every 2 ms: each sample is charged to the innermost frame of the project's own
code (the engine's rules, the bots, the odds, the rummy solver, the widgets, the lesson's
cells), or to imports. Not a kernel (no figure is drawn, no widget sent), so the shares say
what is left where, not what a student's kernel spends.

    python benchmarks/lessons.py [--rounds N] [--against DIR] [--buttons] [--where] [lesson ...]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from types import FrameType

import nbformat
from _common import headline
from classroom import cpu_s
from jupyter_client import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
COSTLIEST = 3  # cells listed per lesson
TARGET_S = 8.0  # kernel CPU seconds for Run All, per lesson


CLICK = """
import gc, json, time
from tabletop_widgets.progress import OnDemand
buttons = sorted((b for b in gc.get_objects() if isinstance(b, OnDemand)), key=lambda b: b.label)
cpu = {}
for b in buttons:
    t = time.process_time()
    b.start()
    cpu[b.label] = round(time.process_time() - t, 2)
print(json.dumps(cpu))
"""
"""Clicks every button of the lesson in the kernel, timing each (the kernel's CPU)."""


def run(tree: Path, lesson: str, buttons: bool = False) -> dict:
    """Run ``tree``'s lesson in a fresh kernel importing from ``tree``: its CPU seconds, each
    cell's, where the kernel found ``engine``, and with ``buttons`` each button's CPU."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(tree / "notebooks"), env=env)
    pid = km.provisioner.process.pid
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        nb = nbformat.read(tree / "notebooks" / lesson, as_version=4)
        source = [c.source for c in nb.cells]
        nb.cells.append(nbformat.v4.new_code_cell("import engine; print(engine.__file__)"))
        if buttons:
            nb.cells.append(nbformat.v4.new_code_cell(CLICK))
        start: dict[int, float] = {}
        end: dict[int, float] = {}
        client = NotebookClient(nb, km=km, kc=kc, timeout=900)
        client.on_cell_start = lambda cell, cell_index: start.update({cell_index: cpu_s(pid)})
        client.on_cell_executed = lambda cell, cell_index, execute_reply: end.update(
            {cell_index: cpu_s(pid)}
        )
        t0 = cpu_s(pid)
        client.execute()
        where = Path(nb.cells[len(source)].outputs[0]["text"].strip())
        if not where.is_relative_to(tree):
            raise RuntimeError(f"{tree}'s kernel imported engine from {where}")
        lesson_cells = [k for k in end if k < len(source)]
        cells = [(end[k] - start[k], k) for k in lesson_cells]
        cpu = end[max(lesson_cells)] - t0
        printed = [o.get("text", "") for o in nb.cells[-1].outputs] if buttons else []
        clicked = next((json.loads(t) for t in printed if t.startswith("{")), {})
        return {"cpu_s": cpu, "cells": cells, "source": source, "buttons": clicked}
    finally:
        km.shutdown_kernel(now=True)


def costliest(runs: list[dict]) -> list[dict]:
    """The cells with the most CPU, averaged over the runs, each with its first line."""
    total: dict[int, float] = {}
    for r in runs:
        for s, k in r["cells"]:
            total[k] = total.get(k, 0.0) + s / len(runs)
    top = sorted(total, key=total.__getitem__, reverse=True)[:COSTLIEST]
    first = runs[0]["source"]
    return [{"cell": k, "cpu_s": round(total[k], 2), "code": first[k].split("\n")[0]} for k in top]


def part(path: str) -> str | None:
    """Which part of the project a frame's file is (None: not the project's)."""
    if path.startswith("<cell"):
        return "lesson code"
    if not path.startswith(str(ROOT)):
        return None
    rel = Path(path).relative_to(ROOT)
    if rel.parts[0] == "tabletop_widgets":
        return "widgets"
    if rel.parts[0] != "engine":
        return None
    kinds = {"bots.py": "bots", "odds.py": "odds", "sim.py": "odds", "melds.py": "rummy solver"}
    return kinds.get(rel.name, "engine rules")


def sample(lesson: str) -> dict:
    """Run a lesson's code cells in this process, sampling where its CPU goes."""
    from IPython.core.interactiveshell import InteractiveShell

    parts: Counter[str] = Counter()
    places: Counter[str] = Counter()

    def tick(_signal: int, frame: FrameType | None) -> None:
        found, f = None, frame
        while f is not None:
            name = f.f_code.co_filename
            if "importlib._bootstrap" in name:
                parts["imports"] += 1
                return
            if found is None and (kind := part(name)):
                place = Path(name).relative_to(ROOT).as_posix() if kind != "lesson code" else name
                found = (kind, f"{place}:{f.f_code.co_name}")
            f = f.f_back
        parts[found[0] if found else "other"] += 1
        if found:
            places[found[1]] += 1

    nb = nbformat.read(ROOT / "notebooks" / lesson, as_version=4)
    os.chdir(ROOT / "notebooks")
    shell = InteractiveShell.instance()
    signal.signal(signal.SIGPROF, tick)
    signal.setitimer(signal.ITIMER_PROF, 0.002, 0.002)
    t0 = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        for k, cell in enumerate(nb.cells):
            if cell.cell_type == "code":
                code = compile(shell.transform_cell(cell.source), f"<cell {k}>", "exec")
                exec(code, shell.user_ns)
    cpu = time.process_time() - t0
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    n = sum(parts.values())
    return {
        "plain_process_cpu_s": round(cpu, 2),
        "shares": {k: round(v / n, 3) for k, v in parts.most_common()},
        "busiest": {k: round(v / n, 3) for k, v in places.most_common(8)},
    }


def where(lesson: str) -> dict:
    """``sample(lesson)`` in a fresh process."""
    out = subprocess.run(
        [sys.executable, __file__, "--sample", lesson],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict = json.loads(out.stdout)
    return result


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="notebook names (default: 01-05)")
    parser.add_argument("--against", type=Path, help="a checkout to compare with, in turn")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--where", action="store_true", help="where the CPU goes, by part")
    parser.add_argument("--buttons", action="store_true", help="click each button, time it")
    parser.add_argument("--sample", help=argparse.SUPPRESS)  # one lesson, in this process
    args = parser.parse_args()
    if args.sample:
        print(json.dumps(sample(args.sample)))
        return {}
    lessons = args.lessons or sorted(p.name for p in (ROOT / "notebooks").glob("0[1-5]_*.ipynb"))
    before_tree = args.against.resolve() if args.against else None
    result: dict = {"rounds": args.rounds, "against": str(before_tree) if before_tree else None}
    ratios = []
    for lesson in lessons:
        after, before = [], []
        for _ in range(args.rounds):
            after.append(run(ROOT, lesson, args.buttons))
            if before_tree:
                before.append(run(before_tree, lesson))
        cpu = [r["cpu_s"] for r in after]
        entry: dict = {"cpu_s": round(sum(cpu) / len(cpu), 2), "costliest": costliest(after)}
        if args.buttons:
            entry["buttons_cpu_s"] = after[-1]["buttons"]
        if before_tree:
            was = [r["cpu_s"] for r in before]
            each = [a / b for a, b in zip(cpu, was, strict=True)]
            ratios.append(sum(cpu) / sum(was))
            entry |= {
                "before_cpu_s": round(sum(was) / len(was), 2),
                "ratio": round(ratios[-1], 3),
                "rounds_low_high": [round(min(each), 3), round(max(each), 3)],
                "before_costliest": costliest(before),
            }
        if args.where:
            entry["where"] = where(lesson)
        result[lesson] = entry
    total = sum(result[n]["cpu_s"] for n in lessons)
    over = [n[:2] for n in lessons if result[n]["cpu_s"] > TARGET_S]
    result["target_s"], result["over_target"] = TARGET_S, over
    text = (
        f"{len(lessons)} lessons take {total:.1f} CPU s from fresh kernels (most "
        f"{max(result[n]['cpu_s'] for n in lessons):.1f} s; target {TARGET_S:.0f} s a lesson: "
        + (f"over it: {', '.join(over)}" if over else "all within it")
        + ")"
    )
    if before_tree:
        was = sum(result[n]["before_cpu_s"] for n in lessons)
        text += (
            f" against {was:.1f} s before ({total / was:.2f}x); per lesson "
            + ", ".join(f"{n[:2]} {r:.2f}x" for n, r in zip(lessons, ratios, strict=True))
            + f" ({args.rounds} interleaved rounds)"
        )
    headline("lessons", text, result)
    return result


if __name__ == "__main__":
    main()
