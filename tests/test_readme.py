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
