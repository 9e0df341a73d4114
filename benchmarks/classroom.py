"""What one student costs a classroom server, measured by running the lessons (Linux: reads /proc).

Each notebook runs top to bottom in a fresh kernel of this environment, as *Run All* does, while
the kernel's resident memory and CPU time are read from /proc every 50 ms. For each: the peak
and final memory (the final one stays while the student plays), the CPU seconds of the whole
notebook, the costliest cell's, and the highest load over any one second (in cores). The
baseline, measured in the same run: a bare kernel (nothing imported), and the Jupyter server
each student also runs on a hub, idle. Then the sizing of a Littlest JupyterHub for 30 students
by its own rule of thumb (memory = users x memory per user + 128 MB, plus 20-40% headroom;
CPU = users x CPU per user + 20%), from the costliest lesson.

    python benchmarks/classroom.py [students]
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
from _common import headline
from jupyter_client import KernelManager
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab import LabServer  # noqa: E402 (the browser tests' server helper, by path)

TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")
MB = 1024 * 1024
HEADROOM = 1.3  # TLJH: add 20-40% to the most a student used


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE / MB


def cpu_s(pid: int) -> float:
    """CPU seconds a process has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Watch(threading.Thread):
    """Samples a process's memory and CPU every 50 ms until stopped."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.samples, self.done = pid, [], threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.samples.append((time.monotonic(), rss_mb(self.pid), cpu_s(self.pid)))
            self.done.wait(0.05)

    def busiest_second(self) -> float:
        """The most CPU the process used in any one-second stretch, in cores."""
        best, j = 0.0, 0
        for t, _m, c in self.samples:
            while self.samples[j][0] < t - 1.0:
                j += 1
            t0, _m0, c0 = self.samples[j]
            if t - t0 >= 0.9:
                best = max(best, (c - c0) / (t - t0))
        return best


def run(notebook: Path | None) -> dict:
    """Run a notebook (None: nothing, a bare kernel) in a fresh kernel; what it cost."""
    km = KernelManager(kernel_name="python3")
    km.start_kernel(cwd=str(notebook.parent if notebook else ROOT))
    pid = km.provisioner.process.pid
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        watch, cells = Watch(pid), []
        watch.start()
        if notebook:
            nb = nbformat.read(notebook, as_version=4)
            client = NotebookClient(nb, km=km, kc=kc, timeout=600)
            before = {}
            client.on_cell_start = lambda cell, cell_index: before.update(c=cpu_s(pid))
            client.on_cell_executed = lambda cell, cell_index, execute_reply: cells.append(
                cpu_s(pid) - before["c"]
            )
            client.execute()
        else:
            kc.execute_interactive("pass", timeout=60)
        watch.done.set()
        watch.join()
        return {
            "peak_mb": round(max(m for _t, m, _c in watch.samples)),
            "final_mb": round(rss_mb(pid)),
            "cpu_s": round(cpu_s(pid) - watch.samples[0][2], 1),
            "costliest_cell_cpu_s": round(max(cells, default=0.0), 1),
            "busiest_second_cores": round(watch.busiest_second(), 2),
        }
    finally:
        km.shutdown_kernel(now=True)


def server_mb() -> float:
    """An idle Jupyter server's resident memory (JupyterLab, as each student runs on a hub)."""
    with tempfile.TemporaryDirectory(prefix="classroom-") as tmp:
        (Path(tmp) / "root").mkdir()
        server = LabServer.start(Path(tmp) / "root", Path(tmp) / "work", python=sys.executable)
        try:
            server.api("GET", "/api/contents")  # a first request, as a browser makes
            return rss_mb(server.pid)
        finally:
            server.stop()


def main(students: int = 30) -> dict:
    bare, server = run(None), server_mb()
    play = ROOT / "notebooks" / "play" / "plates.ipynb"
    lessons = [*sorted((ROOT / "notebooks").glob("0*.ipynb")), play]
    result: dict = {"bare_kernel": bare, "idle_server_mb": round(server)}
    for nb in lessons:
        result[nb.relative_to(ROOT / "notebooks").as_posix()] = run(nb)
    runs = [v for k, v in result.items() if k.endswith(".ipynb")]
    worst = max(runs, key=lambda r: r["peak_mb"])
    per_student = (server + worst["peak_mb"]) * HEADROOM
    memory_gb = (students * per_student + 128) / 1024
    cpu_heavy = max(runs, key=lambda r: r["costliest_cell_cpu_s"])
    result["sizing"] = {
        "students": students,
        "memory_per_student_mb": round(per_student),
        "memory_gb": round(memory_gb, 1),
        "all_run_the_costliest_cell_cpu_s": round(students * cpu_heavy["costliest_cell_cpu_s"]),
        "kernel_vs_bare_kernel": round(worst["peak_mb"] / bare["peak_mb"], 1),
    }
    ratio = result["sizing"]["kernel_vs_bare_kernel"]
    headline(
        "classroom",
        f"a student's kernel peaks at {worst['peak_mb']} MB ({ratio}x a bare kernel's "
        f"{bare['peak_mb']} MB), plus {server:.0f} MB for their Jupyter server: "
        f"{students} students need {memory_gb:.1f} GB with 30% headroom",
        result,
    )
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
