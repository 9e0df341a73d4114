"""What `make lab` starts: checked by running the Makefile's own recipe with a stand-in for
`jupyter` that reports what it was given (nothing is installed or started)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_lab_puts_the_project_on_jupyters_config_path(tmp_path):
    """The server `make lab` starts reads the project's jupyter_server_config.json (the culler
    of closed Voila pages' kernels, as on Binder), after the user's own folder."""
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    jupyter = venv / "bin" / "jupyter"
    jupyter.write_text('#!/bin/sh\nprintf "%s\\n" "$JUPYTER_CONFIG_PATH" "$@"\n')
    jupyter.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER_", "MAKE"))}
    for inherited in ("", "/elsewhere"):
        if inherited:
            env["JUPYTER_CONFIG_PATH"] = inherited
        run = subprocess.run(
            ["make", "-s", "lab", f"VENV={venv}", "LAB_STAMP="],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        config_path, *args = run.stdout.splitlines()
        assert config_path.split(os.pathsep) == [str(REPO)] + ([inherited] if inherited else [])
        assert "--ServerApp.root_dir=." in args
    assert (REPO / "jupyter_server_config.json").exists()
