"""Click -> page update in a real JupyterLab and Chromium, for the plates table.

Runs the real-browser tests once and reads the timings they record: the median time from a
click on a digit of your plate to the board showing it marked (the kernel renders the new SVG),
and, as the baseline measured in the same run, the median round trip of a bare ipywidgets
Button whose callback only sets a Label. Target: the plates median under 100 ms.

    python benchmarks/browser_latency.py
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> dict:
    shots = Path(tempfile.mkdtemp(prefix="latency-"))
    env = dict(os.environ, SCREENSHOT_DIR=str(shots))
    cmd = [sys.executable, "-m", "pytest", "-q", "tests/browser"]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    plates = json.loads((shots / "plates_timings.json").read_text())
    smoke = json.loads((shots / "smoke_timings.json").read_text())
    base = statistics.median(smoke["click_to_label_ms"])
    result = {
        "plates_click_to_board_median_ms": plates["median_ms"],
        "baseline_button_to_label_median_ms": round(base, 1),
        "ratio_to_baseline": round(plates["median_ms"] / base, 2),
        "target_ms": 100,
    }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
