"""Fixtures for real-browser tests: a private JupyterLab plus headless Debian Chromium.

    lab_server   (session) LabServer serving a stripped copy of notebooks/ at
                 <root>/notebooks; write extra notebooks under lab_server.root at any time
    chromium     (session) Playwright BrowserContext (persistent, fresh temporary profile)
    page         (function) a new tab; on teardown: screenshot if the test failed, close,
                 shut down every kernel (so each test starts with fresh kernels)
    page_errors  (function) uncaught page errors ("pageerror") seen by `page`
    shots        (session) screenshots folder: $SCREENSHOT_DIR or <repo>/shots/

Typical test (helpers in lab.py, importable as `lab` from this folder):

    from lab import click_latency_ms, open_notebook, run_all, text_contains

    pytestmark = pytest.mark.browser

    def test_x(lab_server, page, page_errors):
        open_notebook(page, lab_server.base_url, "notebooks/00_welcome.ipynb")
        run_all(page)
        ...
        assert not page_errors

Run: `pytest tests/browser` (the pyproject addopts are harmless here; `-p no:nbval` alone fails
on them, so add `-o addopts=""` with it). `-m "not browser"` leaves these tests out.

Environment: JUPYTER_PYTHON (interpreter that serves JupyterLab and runs the kernel; default
this one), CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR, TABLETOP_TEST_SLOWDOWN (every
wait is multiplied by it; unset, by the load average per core, see lab.slowdown), CI (if set,
a missing Chromium, Playwright or JupyterLab fails the run instead of skipping it).
Never run `playwright install`: the system Chromium is used through executable_path.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from lab import (
    LabServer,
    chromium_path,
    open_chromium,
    patience,
    python_has_module,
    stage_notebooks,
    watch_sockets,
)

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent


def in_ci() -> bool:
    """True when the CI env var is set (to anything but '', '0' or 'false')."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def missing(reason: str):
    """Skip on a laptop; fail in CI, where a silently skipped browser test proves nothing."""
    if in_ci():
        pytest.fail(f"{reason} (CI is set: browser tests must run, not skip)", pytrace=False)
    pytest.skip(reason)


def browser_missing_reason() -> str | None:
    """Why no browser test can run here (Playwright or Chromium missing), or None."""
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install playwright; never `playwright install`)"
    exe = chromium_path()
    if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
        return f"{exe} not found (apt-get install chromium, or set CHROMIUM)"
    return None


def pytest_collection_modifyitems(config, items):
    """Mark every test in this folder `browser` (so `-m "not browser"` deselects it); without
    a browser, skip them up front (no server started) unless CI is set."""
    reason = None if in_ci() else browser_missing_reason()
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so `page` can screenshot failed tests."""
    rep = yield
    setattr(item, f"rep_{rep.when}", rep)
    return rep


@pytest.fixture(scope="session")
def shots() -> Path:
    """Folder for screenshots and timing files ($SCREENSHOT_DIR or <repo>/shots/)."""
    d = Path(os.environ.get("SCREENSHOT_DIR") or REPO / "shots")
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory) -> LabServer:
    """A JupyterLab of our own, auth off on 127.0.0.1, serving a stripped copy of notebooks/.

    Learner settings from binder/overrides.json and Voila's from voila.json are
    applied, as on Binder. At teardown, kernels are shut down via REST, the server gets
    SIGTERM, and the test errors if any process it started had to be killed.
    """
    python = os.environ.get("JUPYTER_PYTHON") or sys.executable
    if not python_has_module(python, "jupyterlab"):
        missing(f"jupyterlab is not installed for {python} (set JUPYTER_PYTHON)")
    work = tmp_path_factory.mktemp("jupyterlab")
    root = work / "root"
    stage_notebooks(REPO / "notebooks", root / "notebooks")
    overrides = REPO / "binder" / "overrides.json"
    settings = json.loads(overrides.read_text()) if overrides.exists() else {}
    (work / "config").mkdir()  # the server's JUPYTER_CONFIG_DIR, where Voila reads voila.json
    shutil.copy(REPO / "voila.json", work / "config" / "voila.json")
    # kernels of closed pages culled, as on Binder (the server reads it from the same folder)
    shutil.copy(REPO / "jupyter_server_config.json", work / "config" / "jupyter_server_config.json")
    server = LabServer.start(root, work, python=python, settings=settings)
    yield server
    leftovers = server.stop()
    assert not leftovers, (
        f"processes still running after JupyterLab stopped (now killed): {leftovers}\n"
        + server.log_tail()
    )


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Headless Debian Chromium driven by Playwright (sync API); a BrowserContext."""
    reason = browser_missing_reason()
    if reason:
        missing(reason)
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as pw:
        ctx = open_chromium(pw, profile)
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture
def page_errors() -> list[str]:
    """Uncaught JavaScript errors of `page`; assert it is empty at the end of a test."""
    return []


@pytest.fixture
def page(chromium, lab_server, page_errors, shots, request):
    """A fresh tab (30 s default timeout, 5 s for `expect`, both times slowdown()).
    Screenshot on failure; kernels shut down after."""
    failed_png = shots / ("FAILED_" + re.sub(r"[^\w.-]+", "_", request.node.name) + ".png")
    failed_png.unlink(missing_ok=True)  # a stale one from an earlier run would mislead
    pg = chromium.new_page()
    watch_sockets(pg)
    from playwright.sync_api import expect

    pg.set_default_timeout(patience(30_000))
    expect.set_options(timeout=patience(5_000))
    pg.on("pageerror", lambda e: page_errors.append(str(e)))
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            pg.screenshot(path=str(failed_png))
        except Exception as e:  # a crashed page must not hide the real failure
            print(f"failure screenshot not taken: {e}")
    pg.close()
    lab_server.shutdown_kernels()
