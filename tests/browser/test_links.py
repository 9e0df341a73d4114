"""Every local link the README, the guides and the notebooks give opens under `make lab`: a
JupyterLab serving the project folder (as the Makefile's `lab` recipe does) answers each with
200, never 404 (a path under the wrong root) or 403 (a file outside the root)."""

from __future__ import annotations

import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path, PurePosixPath

import pytest
from lab import LabServer, patience, python_has_module

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
DOCS = [
    "README.md",
    "CONTRIBUTING.md",
    "docs/teaching.md",
    "docs/tables.md",
    "notebooks/teachers_guide.md",
]
LINK = re.compile(r"\]\(([^)\s]+)\)|(?:href|src)=\"([^\"]+)\"")
VOILA = re.compile(r"voila/render/([\w./-]+\.ipynb)")
LAB_TREE = re.compile(r"urlpath=lab/tree/([\w./-]+)")


def texts() -> list[tuple[str, str]]:
    """(file, text) of every document whose links a reader follows: the docs and each
    notebook's markdown cells."""
    out = [(name, (REPO / name).read_text(encoding="utf-8")) for name in DOCS]
    for nb in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        md = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        out.append((nb.relative_to(REPO).as_posix(), md))
    return out


def local_links() -> dict[str, set[str]]:
    """{path under the project folder: the files that link to it}: relative links resolved
    from their file's folder, and the paths that Binder and `make lab` links open
    (``urlpath=lab/tree/<path>``, ``voila/render/<path>``), which are from the root."""
    found: dict[str, set[str]] = {}
    for name, text in texts():
        here = PurePosixPath(name).parent
        for m in LINK.finditer(text):
            link = (m[1] or m[2]).split("#")[0]
            if not link or re.match(r"[a-z]+:", link) or link.startswith("/"):
                continue
            path = os.path.normpath(str(here / urllib.parse.unquote(link)))
            found.setdefault(path, set()).add(name)
        for line in text.splitlines():
            if "YOUR-HUB" in line:
                continue  # a JupyterHub's address: a path in the student's home there
            for m in [*VOILA.finditer(line), *LAB_TREE.finditer(line)]:
                found.setdefault(m[1], set()).add(name)
    return found


def voila_pages() -> list[str]:
    """The play-only pages the README and the welcome notebook send a class to."""
    return sorted(
        {
            m[1]
            for _, text in texts()
            for line in text.splitlines()
            if "YOUR-HUB" not in line
            for m in VOILA.finditer(line)
            if "/play/" in m[1]
        }
    )


def makefile_serves_the_root() -> bool:
    recipe = (REPO / "Makefile").read_text().split("\nlab:", 1)[1].split("\n\n", 1)[0]
    return "--ServerApp.root_dir=." in recipe


def test_make_lab_serves_the_project_folder():
    """The links below are checked against a server rooted where `make lab` roots its own."""
    assert makefile_serves_the_root()


@pytest.fixture(scope="module")
def project_server(tmp_path_factory):
    python = os.environ.get("JUPYTER_PYTHON") or sys.executable
    if not python_has_module(python, "voila"):
        pytest.skip(f"voila is not installed for {python}")
    server = LabServer.start(REPO, tmp_path_factory.mktemp("links"), python=python)
    yield server
    assert not server.stop(), server.log_tail()


def status(url: str, timeout: float) -> int:
    try:
        with urllib.request.urlopen(url, timeout=patience(timeout)) as r:
            r.read()
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


def test_every_local_link_opens(project_server):
    links = local_links()
    assert len(links) >= 15, "the README, the guides and the lessons link to their files"
    broken = {
        path: (code, sorted(by))
        for path, by in sorted(links.items())
        if (code := status(f"{project_server.base_url}/api/contents/{path}?content=0", 10)) != 200
    }
    assert not broken, f"links that do not open under `make lab`: {broken}"


@pytest.mark.parametrize("path", voila_pages())
def test_every_play_page_opens_in_voila(project_server, path):
    """The play-only pages render under /voila/render/ (each runs its one table)."""
    assert status(f"{project_server.base_url}/voila/render/{path}", 120) == 200
    project_server.shutdown_kernels()
