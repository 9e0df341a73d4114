"""Kernels of closed Voilà pages are shut down (issue 36: nine kernels of closed pages, about
75 MB each, were still alive after 30 minutes).

A Jupyter server is started as `make lab` starts it: the project folder on Jupyter's config
path, so the project's `jupyter_server_config.json` (the culler Binder's postBuild merges in) is
the one read, with only its timeouts made short on the command line. Two Voilà pages are opened
in Chromium; one is closed. Its kernel must be culled (the server's REST API no longer lists it,
and the server's log says the culler did it), while the kernel of the page still open stays
however long it is idle. (A tab closed normally also sends Voilà's shutdown beacon; Playwright
closes the page without it, as a crashed browser, a sleeping laptop or a lost network does:
the case the culler is for.)"""

from __future__ import annotations

import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest
from lab import LabServer, patience, python_has_module, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
PAGE = "page.ipynb"
KERNEL_ID_JS = (
    "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
)


def idle_timeout_s() -> int:
    """The culler's idle time for this run: short, but longer than a page takes to connect its
    kernel on this machine now (a kernel nobody has connected to yet may be culled too)."""
    return round(patience(6))


@pytest.fixture(scope="module")
def culling_server(tmp_path_factory):
    python = os.environ.get("JUPYTER_PYTHON") or sys.executable
    if not python_has_module(python, "voila"):
        pytest.skip(f"voila is not installed for {python}")
    work = tmp_path_factory.mktemp("culling")
    root = work / "root"
    write_notebook(root / PAGE, ["import ipywidgets as w\nw.Label('page ready')"])
    server = LabServer.start(
        root,
        work,
        python=python,
        env={"JUPYTER_CONFIG_PATH": str(REPO)},  # as `make lab` runs it
        args=[
            "--ServerApp.log_level=DEBUG",  # so the log names the config files read
            f"--MappingKernelManager.cull_idle_timeout={idle_timeout_s()}",
            "--MappingKernelManager.cull_interval=1",
        ],
    )
    yield server
    leftovers = server.stop()
    assert not leftovers, f"processes left after the server stopped: {leftovers}"


def kernels(server: LabServer) -> dict[str, dict]:
    return {k["id"]: k for k in server.api("GET", "/api/kernels")[1]}


def last_activity(kernel: dict) -> datetime:
    """When the server last saw the kernel active (its API gives UTC with a Z)."""
    return datetime.fromisoformat(kernel["last_activity"].replace("Z", "+00:00"))


def log(server: LabServer) -> str:
    return server.log_path.read_text(errors="replace")


def open_pages(chromium, server: LabServer, n: int) -> list[tuple[object, str]]:
    """n Voilà pages opened together, once each shows its widget: (page, its kernel's id)."""
    pages = [chromium.new_page() for _ in range(n)]
    for page in pages:
        page.goto(f"{server.base_url}/voila/render/{PAGE}", wait_until="commit")
    for page in pages:
        page.get_by_text("page ready").wait_for(timeout=patience(60_000))
    return [(page, page.evaluate(KERNEL_ID_JS)) for page in pages]


def test_the_kernel_of_a_closed_page_is_culled_and_an_open_pages_kernel_stays(
    culling_server, chromium
):
    server = culling_server
    (closed, closed_kernel), (kept, kept_kernel) = open_pages(chromium, server, 2)
    try:
        assert f"Loaded config file: {REPO / 'jupyter_server_config.json'}" in log(server)
        assert {closed_kernel, kept_kernel} <= set(kernels(server))
        closed.close()
        timeout = idle_timeout_s()
        deadline = time.monotonic() + timeout + patience(15)
        while closed_kernel in kernels(server) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert closed_kernel not in kernels(server), (
            f"the closed page's kernel is still running {timeout} s after it went idle\n"
            + server.log_tail()
        )
        culled = [line for line in log(server).splitlines() if "Culling 'idle' kernel" in line]
        assert any(closed_kernel in line for line in culled), server.log_tail()

        # The open page's kernel has been idle longer than the culler's time and two of its
        # rounds (by the server's own clock of its last activity): it stays, its page still shown.
        idle_since = last_activity(kernels(server)[kept_kernel])
        wait = timeout + 2 - (datetime.now(timezone.utc) - idle_since).total_seconds()
        time.sleep(max(0.0, wait))
        still = kernels(server)
        assert kept_kernel in still, server.log_tail()
        assert last_activity(still[kept_kernel]) == idle_since  # no activity since
        assert still[kept_kernel]["connections"] >= 1
        assert f"Culling 'idle' kernel 'python3' ({kept_kernel})" not in log(server)
        assert kept.get_by_text("page ready").is_visible()
    finally:
        kept.close()
        server.shutdown_kernels()
