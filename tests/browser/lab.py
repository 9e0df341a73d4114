"""Helpers for real-browser tests of JupyterLab (Playwright sync API + Debian Chromium).

Server side (no pytest needed, so scripts can reuse it):
    LabServer.start(root, python=...)  a private JupyterLab on a free 127.0.0.1 port
    stage_notebooks(src, dst)          copy notebooks with outputs and widget state stripped
    write_notebook(path, cells)        write a small notebook (for notebooks made at test time)

Browser side:
    open_chromium(playwright, profile) headless Debian Chromium (a persistent BrowserContext)

Patience: every timeout goes through patience(), one setting for all of them:
    TABLETOP_TEST_SLOWDOWN=3 triples every wait; unset, waits follow the load average per core.

Page side:
    open_notebook(page, base, path)    open a notebook and wait for its kernel to be Idle
    run_all(page)                      Run > Run All Cells, wait until every cell has run
    start_run_all(page)                Run > Run All Cells, without waiting
    caught_up(table, twin)             wait until a table on the page shows what its twin (the
                                       same table built in the test's process) shows
    choose(select, label)              pick a dropdown option; return once the kernel is sent it
    wait_for(locator, predicate, arg)  wait until a JS predicate over the element holds
    BOARD_TEXT_JS                      (table) => the smallest text on a table and the cards a
                                       fan hides (table.evaluate(BOARD_TEXT_JS))
    click_latency_ms(page, click, target, condition)
                                       click -> first DOM mutation after which condition holds

The fixtures that wire these together live in conftest.py.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# --------------------------------------------------------------------------- patience

SLOWDOWN = "TABLETOP_TEST_SLOWDOWN"
"""The one setting every wait of the browser tests follows: how many times longer than on a
quiet machine a wait may last (``TABLETOP_TEST_SLOWDOWN=3``); unset, it follows the load."""


def slowdown() -> float:
    """How many times longer than on a quiet machine a wait may last: $TABLETOP_TEST_SLOWDOWN
    if set, else the one-minute load average per core (at least 1, at most 8), read at each
    wait, so a busy CI machine waits longer instead of failing a test."""
    setting = os.environ.get(SLOWDOWN, "").strip()
    if setting:
        try:
            factor = float(setting)
        except ValueError:
            raise ValueError(f"{SLOWDOWN}={setting!r} is not a number") from None
        if not factor > 0:
            raise ValueError(f"{SLOWDOWN}={setting!r} must be above 0")
        return factor
    return min(8.0, max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1)))


def patience(wait: float) -> float:
    """A wait (a timeout in any unit) that is enough on a quiet machine, scaled by slowdown():
    every timeout and settling time in tests/browser goes through here."""
    return wait * slowdown()


# --------------------------------------------------------------------------- the browser

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    """The Chromium binary to drive ($CHROMIUM or Debian's /usr/bin/chromium)."""
    return os.environ.get("CHROMIUM", "/usr/bin/chromium")


def open_chromium(playwright: Any, profile: Path) -> Any:
    """Headless Debian Chromium with a fresh profile folder: a Playwright BrowserContext
    (close it when done). Never a downloaded browser: `playwright install` is not needed."""
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium_path(),
        args=CHROMIUM_ARGS,
        viewport={"width": 1400, "height": 1000},
    )


# --------------------------------------------------------------------------- notebooks


def first_call(notebook: Path, name: str) -> dict[str, Any]:
    """The keyword arguments of the first ``name(...)`` call in a notebook's code cells (so a
    test can build, in its own process, the very table the lesson shows)."""
    nb = json.loads(Path(notebook).read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == name:
                return {k.arg: ast.literal_eval(k.value) for k in node.keywords}
    raise AssertionError(f"{notebook} has no {name}(...)")


def first_table(page: Any, base_url: str, lesson: str) -> tuple[Any, Any]:
    """Open ``lesson``, run all its cells, and return (table, board): the locators of its first
    game table and that table's board, once the board's picture is on the page."""
    open_notebook(page, base_url, lesson)
    assert run_all(page).complete
    table = page.locator(".tt-table").first
    board = table.locator(".tt-board")
    board.locator("svg").wait_for()
    table.scroll_into_view_if_needed()
    return table, board


def strip_notebook(src: Path, dst: Path) -> None:
    """Copy notebook src to dst without outputs, execution counts or saved widget state."""
    nb = json.loads(Path(src).read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.get("metadata", {}).pop("widgets", None)
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def stage_notebooks(src: Path, dst: Path) -> list[Path]:
    """Copy the folder src to dst (data files too), stripping every notebook in it.

    The server must serve a copy: JupyterLab autosaves, and would otherwise rewrite the
    committed notebooks. Returns the staged notebook paths (none if src is missing or empty).
    """
    dst.mkdir(parents=True, exist_ok=True)
    if not src.is_dir():
        return []
    shutil.copytree(
        src,
        dst,
        dirs_exist_ok=True,
        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__", "*.ipynb"),
    )
    staged = []
    for nb in sorted(src.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts:
            continue
        target = dst / nb.relative_to(src)
        strip_notebook(nb, target)
        staged.append(target)
    return staged


def code_cell(source: str, tags: Iterable[str] = ()) -> dict[str, Any]:
    """An nbformat v4 code cell (tags e.g. 'raises-exception')."""
    meta = {"tags": list(tags)} if tags else {}
    return {
        "cell_type": "code",
        "execution_count": None,
        "metadata": meta,
        "outputs": [],
        "source": source,
    }


def markdown_cell(source: str) -> dict[str, Any]:
    """An nbformat v4 markdown cell."""
    return {"cell_type": "markdown", "metadata": {}, "source": source}


def write_notebook(path: Path, cells: Sequence[str | Mapping[str, Any]]) -> Path:
    """Write an nbformat v4.5 notebook with a python3 kernelspec (so no kernel dialog).

    A plain string is a code cell; pass markdown_cell(...) / code_cell(...) for the rest.
    """
    out = []
    for i, c in enumerate(cells):
        cell = dict(code_cell(c) if isinstance(c, str) else c)
        cell.setdefault("id", f"cell-{i}")
        out.append(cell)
    nb = {
        "cells": out,
        "metadata": {
            "kernelspec": {
                "display_name": "Python 3 (ipykernel)",
                "language": "python",
                "name": "python3",
            },
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    return path


ROUND_TRIP_CODE = """\
import ipywidgets as widgets

clicks = 0
label = widgets.Label(value="not clicked yet")
button = widgets.Button(description="Ask Python")


def on_click(_):
    global clicks
    clicks += 1
    label.value = f"click {clicks}: {sum(range(10**5))}"


button.on_click(on_click)
widgets.VBox([button, label])
"""
"""A notebook cell: a Button whose callback puts into a Label a number only the kernel computes
(``click <k>: <sum>``). The bare click -> Python -> page round trip: the harness's smoke test,
and the baseline the latency benchmark measures the tables against."""


def write_lab_settings(settings_dir: Path, overrides: Mapping[str, Mapping[str, Any]]) -> None:
    """Write overrides.json-style settings ({"pkg:plugin": {...}}) as JupyterLab user settings."""
    for plugin_id, values in overrides.items():
        pkg, plugin = plugin_id.split(":", 1)
        f = settings_dir / pkg / f"{plugin}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(values, indent=2), encoding="utf-8")


# --------------------------------------------------------------------------- processes


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _proc_stat(pid: int) -> list[str] | None:
    """Fields of /proc/<pid>/stat after the command name: [state, ppid, pgrp, ...]."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _all_pids() -> list[int]:
    return [int(d.name) for d in Path("/proc").iterdir() if d.name.isdigit()]


def descendants(pid: int) -> set[int]:
    """Live descendant pids of pid (Linux /proc; no psutil)."""
    children: dict[int, list[int]] = {}
    for p in _all_pids():
        st = _proc_stat(p)
        if st:
            children.setdefault(int(st[1]), []).append(p)
    out: set[int] = set()
    todo = [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


def process_group(pgid: int) -> set[int]:
    """Pids whose process group is pgid (catches children re-parented to init)."""
    return {p for p in _all_pids() if (st := _proc_stat(p)) and int(st[2]) == pgid}


def alive(pid: int) -> bool:
    """True if pid exists and is not a zombie."""
    st = _proc_stat(pid)
    return st is not None and st[0] != "Z"


def python_has_module(python: str, module: str) -> bool:
    """Whether `python` (an interpreter path) can import `module`."""
    r = subprocess.run(
        [python, "-c", f"import importlib.util as u, sys; sys.exit(not u.find_spec({module!r}))"],
        capture_output=True,
        check=False,
    )
    return r.returncode == 0


# --------------------------------------------------------------------------- the server


@dataclass
class LabServer:
    """A JupyterLab this process started; stop() ends it and everything it spawned."""

    base_url: str
    root: Path
    work: Path
    python: str
    proc: subprocess.Popen
    log_path: Path
    startup_s: float
    _log: Any = field(repr=False, default=None)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def url(self, path: str, mode: str = "lab") -> str:
        """Browser URL of a served file: mode 'lab' (/lab/tree/...) or 'doc' (/doc/tree/...)."""
        return f"{self.base_url}/{mode}/tree/{urllib.parse.quote(path)}"

    def api(self, method: str, path: str, timeout: float = 10.0) -> tuple[int, Any]:
        """Call the REST API (no token: auth is off); returns (status, decoded JSON or None).
        A request that changes something carries an XSRF token in its cookie and its header,
        as a page's does (without them the server refuses a DELETE with 403)."""
        xsrf = uuid.uuid4().hex
        headers = {"Cookie": f"_xsrf={xsrf}", "X-XSRFToken": xsrf} if method != "GET" else {}
        req = urllib.request.Request(self.base_url + path, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=patience(timeout)) as r:
            body = r.read()
            return r.status, (json.loads(body) if body else None)

    def shutdown_kernels(self) -> int:
        """Shut down every session and kernel through the REST API; returns how many kernels."""
        n = 0
        with contextlib.suppress(OSError):
            for s in self.api("GET", "/api/sessions")[1] or []:
                with contextlib.suppress(OSError):
                    self.api("DELETE", f"/api/sessions/{s['id']}", timeout=20)
                    n += 1
            for k in self.api("GET", "/api/kernels")[1] or []:
                with contextlib.suppress(OSError):
                    self.api("DELETE", f"/api/kernels/{k['id']}", timeout=20)
                    n += 1
        return n

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server log (for failure messages)."""
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    @classmethod
    def start(
        cls,
        root: Path,
        work: Path,
        *,
        python: str,
        settings: Mapping[str, Mapping[str, Any]] | None = None,
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        timeout: float = 60.0,
        attempts: int = 3,
    ) -> LabServer:
        """Start JupyterLab serving root; work holds logs, settings and isolated Jupyter dirs.

        Auth is off, so it binds to 127.0.0.1 only. Jupyter config/data/runtime dirs point into
        work, so the machine's ~/.jupyter and user kernelspecs cannot leak in. ``args`` are
        added to the command line (``--MappingKernelManager.cull_interval=1``), ``env`` to the
        environment (``JUPYTER_CONFIG_PATH``).
        """
        work.mkdir(parents=True, exist_ok=True)
        settings_dir = work / "settings"
        write_lab_settings(settings_dir, settings or {})
        env = dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(work / "config"),
            JUPYTER_DATA_DIR=str(work / "data"),
            JUPYTER_RUNTIME_DIR=str(work / "runtime"),
            IPYTHONDIR=str(work / "ipython"),
            PATH=os.pathsep.join([str(Path(python).parent), os.environ.get("PATH", "")]),
            **(env or {}),
        )
        last_error = ""
        for attempt in range(1, attempts + 1):
            port = free_port()
            log_path = work / f"jupyterlab-{attempt}.log"
            cmd = [
                python, "-m", "jupyterlab", "--no-browser",
                "--ip=127.0.0.1", f"--port={port}", "--ServerApp.port_retries=0",
                "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=",
                "--ServerApp.allow_root=True",  # as root (containers) it exits without this
                f"--ServerApp.root_dir={root}",
                f"--LabApp.user_settings_dir={settings_dir}",
                f"--LabApp.workspaces_dir={work / 'workspaces'}",
                *args,
            ]  # fmt: skip
            log = open(log_path, "w")  # noqa: SIM115 (closed in stop())
            t0 = time.perf_counter()
            proc = subprocess.Popen(
                cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
            )
            server = cls(f"http://127.0.0.1:{port}", root, work, python, proc, log_path, 0.0, log)
            deadline = time.monotonic() + patience(timeout)
            while proc.poll() is None and time.monotonic() < deadline:
                try:
                    if server.api("GET", "/api/status", timeout=2)[0] == 200:
                        server.startup_s = time.perf_counter() - t0
                        return server
                except (OSError, urllib.error.URLError):
                    pass
                time.sleep(0.2)
            last_error = server.log_tail()
            server.stop()
            if "already in use" not in last_error:  # only a lost port race is worth a retry
                break
        raise RuntimeError(f"JupyterLab ({python}) did not start; log tail:\n{last_error}")

    def stop(self, timeout: float = 20.0) -> list[int]:
        """Kernels via REST, then SIGTERM the server; returns pids that had to be SIGKILLed.

        Every pid this server started (its descendants and its process group) is checked by
        pid afterwards; an empty list means everything exited cleanly.
        """
        started: set[int] = set()
        if self.proc.poll() is None:
            started |= descendants(self.pid)
            self.shutdown_kernels()
            started |= descendants(self.pid)
            self.proc.send_signal(signal.SIGTERM)  # jupyter server stops on SIGTERM, no prompt
            try:
                self.proc.wait(timeout=patience(timeout))
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        started |= process_group(self.pid)
        leftovers = sorted(p for p in started if p != self.pid and alive(p))
        for p in leftovers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(p, signal.SIGKILL)
        if self._log:
            self._log.close()
        return leftovers


# --------------------------------------------------------------------------- page helpers

_KERNEL_IDLE_JS = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => /\\|\\s*Idle\\b/.test(e.textContent))"""

# State of the current notebook: kernel idle? each code cell's prompt ('12', '*' or null) and
# whether its source is empty (JupyterLab does not send empty cells to the kernel).
_NOTEBOOK_STATE_JS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel.jp-mod-current')
             || document.querySelector('.jp-NotebookPanel');
  if (!panel) return null;
  const cells = [...panel.querySelectorAll('.jp-Notebook .jp-CodeCell')].map(c => {
    const m = (c.querySelector('.jp-InputPrompt')?.textContent || '').match(/\\[(\\d+|\\*)\\]/);
    const empty = (c.querySelector('.cm-content')?.textContent || '').trim() === '';
    return {prompt: m ? m[1] : null, empty};
  });
  const idle = [...document.querySelectorAll('.jp-StatusBar-TextItem')]
    .some(e => /\\|\\s*Idle\\b/.test(e.textContent));
  return {idle, cells};
}"""


def wait_kernel_idle(page, timeout_ms: float = 60_000) -> None:
    """Wait for the status bar's '<kernel> | Idle' (data-status='idle' appears too early)."""
    page.wait_for_function(_KERNEL_IDLE_JS, timeout=patience(timeout_ms))


def open_notebook(
    page,
    base: str,
    path: str,
    *,
    mode: str = "lab",
    workspace: str | None = None,
    timeout_ms: float = 60_000,
) -> float:
    """Open notebook `path` (relative to the served root) and wait until its kernel is Idle.

    Uses a fresh JupyterLab workspace each time (unless `workspace` is given) so documents
    restored from an earlier test cannot steal focus. mode is 'lab' or 'doc' (single
    document). Returns the seconds from navigation to kernel Idle.
    """
    ws = workspace or f"t-{uuid.uuid4().hex[:10]}"
    url = f"{base}/{mode}/workspaces/{ws}/tree/{urllib.parse.quote(path)}"
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=patience(timeout_ms))
    wait_kernel_idle(page, timeout_ms)
    return time.perf_counter() - t0


@dataclass
class RunResult:
    """What run_all saw: code cells run / non-empty code cells, and wall time."""

    executed: int
    expected: int
    seconds: float

    @property
    def complete(self) -> bool:
        return self.executed == self.expected


def _max_prompt(state) -> int:
    counts = [int(c["prompt"]) for c in state["cells"] if (c["prompt"] or "*") != "*"]
    return max(counts, default=0)


def start_run_all(page) -> None:
    """Run > Run All Cells, as a person would, without waiting for the cells."""
    page.locator(".lm-MenuBar-item", has_text=re.compile(r"^\s*Run\s*$")).first.click()
    page.click("li.lm-Menu-item[data-command='runmenu:run-all']")


def run_all(
    page,
    *,
    timeout_ms: float = 120_000,
    allow_errors: bool = False,
    settle_s: float = 2.0,
) -> RunResult:
    """Run > Run All Cells (the `runmenu:run-all` command, as a person would) and wait.

    Done when every non-empty code cell has a new execution count and the kernel is Idle.
    If execution stops early (an exception), it waits `settle_s` of quiet, then raises
    AssertionError with the failing cell's output, unless allow_errors=True. Widgets render
    asynchronously after this returns: wait for their own selectors.
    """
    before = page.evaluate(_NOTEBOOK_STATE_JS)
    if before is None:
        raise RuntimeError("run_all: no notebook is open")
    start_count = _max_prompt(before)
    t0 = time.perf_counter()
    start_run_all(page)
    timeout_ms = patience(timeout_ms)
    deadline = time.monotonic() + timeout_ms / 1000
    quiet_since: float | None = None
    while True:
        state = page.evaluate(_NOTEBOOK_STATE_JS)
        cells = [c for c in state["cells"] if not c["empty"]]
        ran = sum(
            1 for c in cells if c["prompt"] not in (None, "*") and int(c["prompt"]) > start_count
        )
        busy = not state["idle"] or any(c["prompt"] == "*" for c in cells)
        now = time.monotonic()
        if not busy and ran == len(cells):
            return RunResult(ran, len(cells), time.perf_counter() - t0)
        if busy:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since >= patience(settle_s):
            result = RunResult(ran, len(cells), time.perf_counter() - t0)
            if allow_errors:
                return result
            raise AssertionError(
                f"run_all stopped after {ran} of {len(cells)} code cells; last output:\n"
                + _last_run_output(page, start_count)
            )
        if now > deadline:
            raise TimeoutError(f"run_all: not finished after {timeout_ms / 1000:.0f} s: {state}")
        time.sleep(0.1)


def _last_run_output(page, start_count: int) -> str:
    """Text of the output of the highest-numbered cell run after start_count (for errors)."""
    return page.evaluate(
        """(start) => {
      let best = null, bestN = start;
      for (const c of document.querySelectorAll('.jp-NotebookPanel .jp-CodeCell')) {
        const m = (c.querySelector('.jp-InputPrompt')?.textContent || '').match(/\\[(\\d+)\\]/);
        if (m && +m[1] > bestN) { bestN = +m[1]; best = c; }
      }
      const out = best?.querySelector('.jp-OutputArea')?.innerText || '(no output)';
      return out.slice(-2000);
    }""",
        start_count,
    )


# What differs between a table on the page and the HTML its twin would send: the board's picture
# (the attributes board.js adds to make spots clickable left out), the status line, the
# refusal and the move log. '' when the page has caught up.
_TABLE_DIFF_JS = """([table, want]) => {
  const parse = (html) => {
    const d = document.createElement('div');
    d.innerHTML = html;
    return d;
  };
  const bare = (el) => {
    const c = el.cloneNode(true);
    c.querySelectorAll('.tt-focus-ring').forEach((e) => e.remove());
    for (const e of c.querySelectorAll('*')) {
      e.removeAttribute('tabindex');
      e.removeAttribute('role');
      e.classList.remove('tt-hot');
      if (e.getAttribute('class') === '') e.removeAttribute('class');
    }
    return c.innerHTML;
  };
  if (table.classList.contains('tt-playing')) return 'the moves are still playing';
  const board = table.querySelector('.tt-board');
  if (!board) return 'no board on the page';
  if (bare(board) !== bare(parse(want.svg))) return 'the board shows another picture';
  const texts = [['status', table.querySelector('.tt-status')?.textContent ?? '',
                  parse(want.status).textContent],
                 ['refusal', table.querySelector('.tt-refused')?.textContent ?? '',
                  parse(want.message).querySelector('.tt-refused')?.textContent ?? '']];
  for (const [name, have, expect] of texts) {
    if (have !== expect) {
      return `the ${name} reads ${JSON.stringify(have)}, not ${JSON.stringify(expect)}`;
    }
  }
  for (const [name, sel, lines] of [['move log', '.tt-log li', want.log],
                                    ['recent panel', '.tt-recent li', want.recent]]) {
    const have = [...table.querySelectorAll(sel)].map((e) => e.textContent);
    if (JSON.stringify(have) !== JSON.stringify(lines)) {
      const [a, b] = [have, lines].map((l) => JSON.stringify(l.slice(-3)));
      return `the ${name} ends ${a}, not ${b}`;
    }
  }
  return '';
}"""


def caught_up(table: Any, twin: Any, timeout_ms: float = 20_000) -> None:
    """Wait until the table on the page (a Locator) shows exactly what ``twin``, the same table
    built and played in the test's own process, shows once its moves have played: the board's
    picture, the status line, the refusal, the move log and "Since your last move". Each
    arrives on its own, so a test reads the page only after this, never after a fixed sleep."""
    want = {
        "svg": twin.board.svg,
        "status": twin.board.status,
        "message": twin.message.value,
        "log": list(twin.board.log),
        "recent": list(twin.board.recent),
    }
    arg = [table.element_handle(), want]
    try:
        table.page.wait_for_function(
            f"(a) => !({_TABLE_DIFF_JS})(a)", arg=arg, timeout=patience(timeout_ms)
        )
    except Exception as e:
        if type(e).__name__ != "TimeoutError":
            raise
        diff = table.page.evaluate(_TABLE_DIFF_JS, arg)
        raise AssertionError(f"the page's table never caught up with its twin: {diff}") from None


BOARD_TEXT_JS = """(table) => {
  // every text a player reads on the board and around it, with its size on screen: an SVG
  // text's font size times the picture's scale, an HTML text's computed size
  const board = table.querySelector('.tt-board svg');
  const texts = [];
  for (const t of board.querySelectorAll('text')) {
    const words = t.textContent.trim();
    if (!words || !t.getClientRects().length || t.closest('[aria-hidden="true"]')) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    // covered: some point along the text's middle line is under another part of the
    // picture (a neighbour in a fan) rather than its own card (the group with a name)
    const r = t.getBoundingClientRect();
    const own = t.closest('g[aria-label]') || t.parentElement.closest('g') || board;
    const covered = [0.1, 0.3, 0.5, 0.7, 0.9].some((f) => {
      const top = document.elementFromPoint(r.left + f * r.width, r.top + r.height / 2);
      return top && !own.contains(top) && !top.classList.contains('tt-focus-ring');
    });
    texts.push({words, px: Math.round(px * 10) / 10, covered,
                card: own.getAttribute('aria-label')});
  }
  const html = [];
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || e.closest('svg') || e.closest('.tt-tools')) continue;
    if (!e.getClientRects().length || e.closest('[hidden], details:not([open]) > :not(summary)'))
      continue;
    html.push({words: n.textContent.trim().slice(0, 30),
               px: parseFloat(getComputedStyle(e).fontSize)});
  }
  const least = (list) => list.reduce((a, b) => (b.px < a.px ? b : a), {px: Infinity});
  const svg = least(texts), other = least(html);
  // a card is hidden when none of its texts shows whole
  const cards = {};
  for (const t of texts.filter((t) => t.card)) {
    cards[t.card] = (cards[t.card] ?? false) || !t.covered;
  }
  return {board_text_px: svg.px, board_smallest: svg.words,
          side_text_px: other.px, side_smallest: other.words,
          small: [...new Set(texts.filter((t) => t.px < 14).map((t) => `${t.words} ${t.px}`))],
          hidden: Object.keys(cards).filter((c) => !cards[c])};
}"""
"""What a player reads on a table (a Locator's element): the smallest text on the board and
beside it, in px on screen (``board_text_px``, ``side_text_px``, with the words), the board's
texts under 14 px (``small``), and the cards a fan hides (``hidden``: the names of the cards
none of whose texts shows whole)."""


_SOCKETS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def watch_sockets(page: Any) -> None:
    """Keep track of the websockets ``page`` opens (call it before it opens any): ``choose``
    needs the one to the kernel."""
    sockets = _SOCKETS.setdefault(page, [])
    page.on("websocket", lambda ws: sockets.append(ws))


def choose(select: Any, label: str, timeout_ms: float = 15_000) -> None:
    """Pick ``label`` in an ipywidgets dropdown (a ``select`` Locator), and return once the page
    has sent the change to the kernel. ipywidgets may hold a widget's change back while an
    earlier one of the same widget awaits the kernel, but sends a button's click at once: a
    click right after the choice could reach Python first. Whatever is sent after this
    returns travels behind the choice, on the same websocket, in order."""
    page = select.page
    shown = [t.replace("\xa0", " ").strip() for t in select.locator("option").all_text_contents()]
    index = shown.index(label)  # ipywidgets shows a label's spaces as no-break spaces
    kernel = [
        ws for ws in _SOCKETS.get(page, []) if "/api/kernels/" in ws.url and not ws.is_closed()
    ]
    if not kernel:
        raise RuntimeError("choose: no kernel websocket seen (call watch_sockets(page) first)")

    def is_the_change(payload: str | bytes) -> bool:
        text = payload if isinstance(payload, str) else payload.decode("utf-8", "replace")
        return '"method":"update"' in text and f'"index":{index}' in text

    sent = kernel[-1].expect_event(
        "framesent", predicate=is_the_change, timeout=patience(timeout_ms)
    )
    with sent:
        select.select_option(label=label)


def wait_for(locator: Any, predicate: str, arg: Any = None, timeout_ms: float = 15_000) -> None:
    """Wait until ``predicate``, a JS function ``(el, arg) => bool`` over the locator's element,
    holds (a size after a class change, say): the page's own state, not a sleep."""
    handle = locator.element_handle()
    locator.page.wait_for_function(
        f"([el, arg]) => ({predicate})(el, arg)", arg=[handle, arg], timeout=patience(timeout_ms)
    )


def text_contains(text: str) -> str:
    """A click_latency_ms condition: the target's text contains `text`."""
    return f"el.textContent.includes({json.dumps(text)})"


def click_latency_ms(
    page,
    click,
    target,
    condition: str,
    *,
    timeout_ms: float = 15_000,
) -> float:
    """Milliseconds from a real click to the first DOM mutation under target where condition
    holds, measured inside the page with performance.now() (no Playwright round trips).

    click, target: Locators or selectors. target must stay in the DOM (an ipywidgets Label,
    or a cell's output area). condition: a JS expression over `el` (the target element),
    e.g. text_contains('click 3:'). It must be false before the click, else ValueError.
    The end point is the DOM mutation, not the paint that follows it.
    """
    click = page.locator(click) if isinstance(click, str) else click
    target = page.locator(target) if isinstance(target, str) else target
    key = f"__latency_{uuid.uuid4().hex[:8]}"
    arm = (
        """(el, [key, timeoutMs]) => {
      const cond = (el) => (__CONDITION__);
      if (cond(el)) return false;
      window[key] = new Promise((resolve, reject) => {
        let t0 = null;
        document.addEventListener('click', () => { t0 = performance.now(); },
                                  {capture: true, once: true});
        const obs = new MutationObserver(() => {
          if (t0 !== null && cond(el)) {
            obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0);
          }
        });
        obs.observe(el, {childList: true, characterData: true, subtree: true,
                         attributes: true});
        const timer = setTimeout(() => {
          obs.disconnect(); reject(new Error('latency probe timed out'));
        }, timeoutMs);
      });
      return true;
    }"""
    ).replace("__CONDITION__", condition)
    if not target.evaluate(arm, [key, patience(timeout_ms)]):
        raise ValueError(f"click_latency_ms: condition already holds before the click: {condition}")
    click.click()
    try:
        return float(page.evaluate("(key) => window[key]", key))
    finally:
        page.evaluate("(key) => { delete window[key]; }", key)


def twin_table(setup: str) -> Any:
    """The table a notebook cell ``setup`` builds (its last line displays ``table``), built in
    this process: the test makes the page's clicks on it too, so the lines it waits for on the
    page are ones only the kernel could have sent."""
    scope: dict[str, Any] = {}
    exec(setup.rsplit("\n", 1)[0], scope)  # every line but the display
    return scope["table"]
