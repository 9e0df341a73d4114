"""The README's Python example runs as written (python-chess keeps its README honest the same
way)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks, "the README shows how to play in Python"
    for code in blocks:
        namespace: dict = {}
        exec(compile(code, "README.md", "exec"), namespace)
        state = namespace["s"]
        assert [str(a) for a in state.legal_actions()[-2:]] == ["challenge", "agree"]


def test_the_set_up_by_hand_is_what_make_lab_does():
    """The README's three commands without make install what `make lab` installs (the lab
    extra, with the same constraints) and start JupyterLab as `make lab` does (the project
    folder as its root, on the welcome notebook)."""
    makefile = (README.parent / "Makefile").read_text()
    lab_stamp = re.search(r"^\$\(LAB_STAMP\):.*\n((?:\t.*\n)+)", makefile, flags=re.M)[1]
    install = re.search(r"pip install (.*)", lab_stamp)[1].replace("-q ", "")
    start = re.search(r"^lab:.*\n\t\$\(VENV\)/bin/jupyter lab \$\(LAB_ARGS\) (.*)$", makefile, re.M)
    text = README.read_text()
    by_hand = re.search(r"```bash\npython3 -m venv \.venv\n(.*?)```", text, flags=re.S)[1]
    assert f".venv/bin/python -m pip install {install}\n" in by_hand
    assert f".venv/bin/jupyter lab {start[1]}\n" in by_hand
    windows = re.search(r"```bat\n(.*?)```", text, flags=re.S)[1]
    assert f"pip install {install.replace(chr(39), chr(34))}\n" in windows
    assert f"jupyter lab {start[1]}\n" in windows
    assert "--allow-root" in text  # said where it is needed
