"""Execute lesson notebooks in place, so the committed outputs are fresh and reproducible.

    python scripts/execute_notebooks.py                 # every notebooks/*.ipynb
    python scripts/execute_notebooks.py notebooks/01_license_plates.ipynb

Each notebook runs in a fresh kernel (this interpreter's environment) with the notebooks folder
as its working directory. Afterwards the widget state Jupyter saves (``metadata.widgets``) is
removed, and the kernelspec and language_info are set to fixed values, so the file does not
depend on the machine that ran it. Prints each notebook's runtime; exits non-zero if a cell fails.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}
TIMEOUT = 300  # seconds per cell


def execute(path: Path) -> float:
    """Run one notebook top to bottom in a fresh kernel and write it back; the seconds taken."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    clean(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop saved widget state and machine-specific metadata."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = dict(LANGUAGE_INFO)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        cell.metadata.pop("widgets", None)
        for output in cell.get("outputs", []):
            output.get("metadata", {}).pop("widgets", None)


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or sorted(NOTEBOOKS.glob("*.ipynb"))
    if not paths:
        print(f"no notebooks in {NOTEBOOKS}")
        return 1
    failed = 0
    for path in paths:
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        try:
            seconds = execute(path)
        except CellExecutionError as e:
            failed += 1
            print(f"FAILED {name}:\n{e}")
            continue
        print(f"{name}: {seconds:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
