"""CPU time of ``import engine`` and ``import tabletop_widgets`` (issue 15: at most 50 ms and
150 ms with the bytecode present), each timed inside a fresh Python process, in two settings:

- ``plain``: a bare process (a script, a test run);
- ``kernel``: a process that has already imported IPython, started its shell and imported
  ipywidgets, what a notebook's kernel has paid before the first cell. There also
  ``from tabletop_widgets import PlatesTable``: what a lesson's first cell pays for its table.

Each round starts with the baseline, a fresh process importing a fixed set of the standard
library (what ``engine.core`` needs), then takes every measurement once; a measurement's ratio
is to its own round's baseline, and its figure the median over the rounds. With
``--against DIR`` (a checkout of an earlier commit, put first on the path) every measurement is
taken for DIR too, next to ours in the same round (which goes first alternates), and the
median of ours over DIR's, round by round, is the speed-up.

The bytecode lives in ``benchmarks/.cache/pycache`` (``PYTHONPYCACHEPREFIX``): an untimed first
round writes it, and no checkout is written to.

    python benchmarks/imports.py [rounds] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _common import headline

HERE = Path(__file__).resolve().parents[1]
CACHE = Path(__file__).parent / ".cache"
BASELINE = "import json, fractions, dataclasses, typing, random, hashlib"
SETTINGS = {
    "plain": "",
    "kernel": (
        "from traitlets.config import Config\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "config = Config()\n"
        "config.HistoryManager.enabled = False\n"
        "InteractiveShell.instance(config=config)\n"
        "import ipywidgets\n"
    ),
}
SUBJECTS = {
    ("plain", "engine"): "import engine",
    ("plain", "tabletop_widgets"): "import tabletop_widgets",
    ("kernel", "engine"): "import engine",
    ("kernel", "tabletop_widgets"): "import tabletop_widgets",
    ("kernel", "PlatesTable"): "from tabletop_widgets import PlatesTable",
}
TARGET_MS = {"engine": 50, "tabletop_widgets": 150}
HEAVY = ("IPython", "ipywidgets", "anywidget", "numpy", "matplotlib")
"""Packages a measurement reports when its import brought them in."""
CHILD = """\
import sys, time
{setup}
before = set(sys.modules)
t = time.process_time()
{subject}
cpu = time.process_time() - t
new = set(sys.modules) - before
root = sys.modules.get({root!r})
print(cpu, len(new), getattr(root, "__file__", "-"), *sorted({heavy!r} & new))
"""


def child(setting: str, subject: str, tree: Path | None) -> tuple[float, int, list[str]]:
    """One fresh process: the CPU seconds of ``subject`` after ``setting``'s imports, the number
    of modules it imported and which of ``HEAVY``. With ``tree``, the package imported must be
    that checkout's."""
    root = subject.split()[1]
    code = CHILD.format(setup=SETTINGS[setting], subject=subject, root=root, heavy=set(HEAVY))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"PYTHONPYCACHEPREFIX": str(CACHE / "pycache"), "IPYTHONDIR": str(CACHE / "ipython")}
    if tree is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    with tempfile.TemporaryDirectory() as empty:  # the current folder is first on the path
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, cwd=empty, capture_output=True, text=True
        )
    if out.returncode:
        raise SystemExit(f"{subject!r} failed in {tree}:\n{out.stderr}")
    cpu, modules, where, *heavy = out.stdout.split()
    if tree is not None and tree.resolve() not in Path(where).resolve().parents:
        raise SystemExit(f"{root} came from {where}, not from {tree}")
    return float(cpu), int(modules), heavy


def measure(rounds: int, trees: dict[str, Path]) -> tuple[list[float], dict]:
    """``rounds`` rounds of the baseline and every subject in every tree; an untimed first
    round writes the bytecode. The baseline's CPU seconds and, per tree and subject, the
    per-round CPU seconds, module count and heavy packages."""
    base: list[float] = []
    runs: dict = {name: {key: [] for key in SUBJECTS} for name in trees}
    for k in range(-1, rounds):
        b = child("plain", BASELINE, None)[0]
        order = list(trees) if k % 2 else list(reversed(trees))
        for (setting, subject), code in SUBJECTS.items():
            for name in order:
                run = child(setting, code, trees[name])
                if k >= 0:
                    runs[name][setting, subject].append(run)
        if k >= 0:
            base.append(b)
    return base, runs


def summary(base: list[float], runs: list[tuple[float, int, list[str]]]) -> dict:
    cpu = [r[0] for r in runs]
    ratios = [c / b for c, b in zip(cpu, base, strict=True)]
    return {
        "median_ms": round(statistics.median(cpu) * 1000, 1),
        "in_baselines": round(statistics.median(ratios), 2),
        "rounds_low_high_ms": [round(min(cpu) * 1000, 1), round(max(cpu) * 1000, 1)],
        "modules": max(r[1] for r in runs),
        "brings_in": runs[0][2],
    }


def main() -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rounds", nargs="?", type=int, default=20)
    parser.add_argument("--against", type=Path, help="a checkout of an earlier commit")
    args = parser.parse_args()
    trees = {"ours": HERE} | ({"against": args.against.resolve()} if args.against else {})
    wall = time.monotonic()
    base, runs = measure(args.rounds, trees)
    result: dict = {
        "rounds": args.rounds,
        "baseline": {
            "imports": BASELINE,
            "median_ms": round(statistics.median(base) * 1000, 1),
            "rounds_low_high_ms": [round(min(base) * 1000, 1), round(max(base) * 1000, 1)],
        },
    }
    for setting, subject in SUBJECTS:
        ours = runs["ours"][setting, subject]
        entry = summary(base, ours)
        if subject in TARGET_MS:
            entry["target_ms"] = TARGET_MS[subject]
        if args.against:
            theirs = runs["against"][setting, subject]
            entry["against"] = summary(base, theirs)
            entry["ours_over_against"] = round(
                statistics.median(a[0] / b[0] for a, b in zip(ours, theirs, strict=True)), 2
            )
        result.setdefault(setting, {})[subject] = entry
    if args.against:
        result["against"] = str(args.against)
    result["wall_seconds"] = round(time.monotonic() - wall)

    def said(setting: str, subject: str) -> str:
        e = result[setting][subject]
        text = f"{e['median_ms']} ms ({e['in_baselines']} baselines"
        if args.against:
            text += f"; {e['against']['median_ms']} ms before, {e['ours_over_against']}x"
        if "target_ms" in e:
            text += f"; {'ok' if e['median_ms'] <= e['target_ms'] else 'over'} {e['target_ms']}"
        return text + ")"

    line = (
        f"median CPU of {args.rounds} rounds, baseline {result['baseline']['median_ms']} ms: "
        f"import engine {said('plain', 'engine')}, import tabletop_widgets "
        f"{said('plain', 'tabletop_widgets')}; after IPython and ipywidgets: import engine "
        f"{said('kernel', 'engine')}, import tabletop_widgets "
        f"{said('kernel', 'tabletop_widgets')}, PlatesTable {said('kernel', 'PlatesTable')}"
    )
    headline("imports", line, result)
    return result


if __name__ == "__main__":
    main()
