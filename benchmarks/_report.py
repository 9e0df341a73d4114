"""The command line every bots benchmark shares: ``python benchmarks/<name>.py [n]``."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable


def report(compare: Callable[[int], dict], default: int) -> None:
    """Run ``compare(n)`` (n from the command line, else ``default``), time it, print JSON."""
    n = int(sys.argv[1]) if len(sys.argv) > 1 else default
    t0 = time.perf_counter()
    result = compare(n)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(result, indent=2))
