"""What nbgitpuller (the JupyterHub link that copies the lessons into a student's home and
brings the copy up to date) does to a lesson the teacher changes, run with nbgitpuller itself
on lesson 01: the behaviour and the workflow docs/teaching.md states.

- A lesson the student never saved arrives as the teacher's version, exactly.
- A lesson the student saved (JupyterLab autosaves an opened notebook within two minutes, so
  opening it is enough) is merged line by line, the student's lines winning: the teacher's
  change arrives in part or not at all, silently.
- Renaming one's copy first (File > Rename), then clicking the link again, brings the
  teacher's version whole and keeps the student's copy under its new name.
- A changed lesson published under a new file name arrives whole, beside the student's copy.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

nbgitpuller = pytest.importorskip("nbgitpuller.pull")

LESSON = Path(__file__).resolve().parents[1] / "notebooks" / "01_license_plates.ipynb"
NAME = "notebooks/01_license_plates.ipynb"
GIT = ["git", "-c", "user.name=teacher", "-c", "user.email=teacher@example.org"]


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        [*GIT, *args], cwd=repo, check=True, capture_output=True, text=True
    ).stdout


def publish(repo: Path, files: dict[str, dict], message: str) -> None:
    """The teacher commits notebooks (name -> notebook JSON) to the course repository."""
    for name, nb in files.items():
        path = repo / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)


def pull(repo: Path, home: Path) -> None:
    """What clicking the nbgitpuller link does, without the server around it."""
    for _line in nbgitpuller.GitPuller(str(repo), str(home), branch="main").pull():
        pass


def cells(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]]


def teachers_change(nb: dict) -> dict:
    """A new exercise in the middle of the lesson and a corrected sentence in its first cell."""
    nb = json.loads(json.dumps(nb))
    middle = len(nb["cells"]) // 2
    new = [
        {"cell_type": "markdown", "id": f"new-{k}", "metadata": {}, "source": f"New step {k}."}
        for k in range(3)
    ]
    nb["cells"][middle:middle] = new
    first = nb["cells"][0]
    first["source"] = "".join(first["source"]) + "\n\n(Corrected.)"
    return nb


def students_save(path: Path) -> None:
    """What JupyterLab writes back after the student ran the lesson: every code cell with
    new execution counts and outputs, the first cell included."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for k, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
        cell["execution_count"] = 100 + k
        cell["outputs"] = [{"name": "stdout", "output_type": "stream", "text": f"run {k}\n"}]
    nb["cells"][0]["source"] = "".join(nb["cells"][0]["source"]) + "\n\nMy note."
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@pytest.fixture
def course(tmp_path) -> tuple[Path, Path, dict, dict]:
    """The teacher's repository with lesson 01, a student's home cloned from it by the link,
    and the lesson before and after the teacher's change (not yet published)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo, home = tmp_path / "course", tmp_path / "home" / "course"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    before = json.loads(LESSON.read_text(encoding="utf-8"))
    publish(repo, {NAME: before}, "lesson 01")
    pull(repo, home)
    return repo, home, before, teachers_change(before)


def test_an_unsaved_lesson_gets_the_teachers_version_exactly(course):
    repo, home, _, after = course
    publish(repo, {NAME: after}, "lesson 01 changed")
    pull(repo, home)
    assert json.loads((home / NAME).read_text(encoding="utf-8")) == after


def test_a_saved_lesson_keeps_the_students_lines_and_loses_the_teachers(course):
    repo, home, _, after = course
    students_save(home / NAME)
    publish(repo, {NAME: after}, "lesson 01 changed")
    pull(repo, home)
    merged = cells(home / NAME)  # still a notebook: the merge kept valid JSON here
    assert merged != ["".join(c["source"]) for c in after["cells"]]
    assert "My note." in merged[0] and "(Corrected.)" not in merged[0]  # the student's line won
    assert "New step 0." in merged  # a change away from the student's lines arrives


def test_renaming_ones_copy_then_pulling_brings_the_lesson_whole(course):
    repo, home, _, after = course
    students_save(home / NAME)
    mine = home / "notebooks" / "01_license_plates-mine.ipynb"
    saved = (home / NAME).read_text(encoding="utf-8")
    (home / NAME).rename(mine)  # File > Rename in JupyterLab
    publish(repo, {NAME: after}, "lesson 01 changed")
    pull(repo, home)
    assert json.loads((home / NAME).read_text(encoding="utf-8")) == after
    assert mine.read_text(encoding="utf-8") == saved  # the student's work, untouched


def test_a_lesson_under_a_new_name_arrives_whole_beside_the_students_copy(course):
    repo, home, _, after = course
    students_save(home / NAME)
    saved = (home / NAME).read_text(encoding="utf-8")
    new_name = "notebooks/01_license_plates-v2.ipynb"
    publish(repo, {new_name: after}, "lesson 01, second version")
    pull(repo, home)
    assert json.loads((home / new_name).read_text(encoding="utf-8")) == after
    assert (home / NAME).read_text(encoding="utf-8") == saved
