"""The project's own documents hold together (issue 22): every citation of a section of
``docs/rules.md`` or ``docs/design.md``, anywhere in the repository, names a numbered heading
there; no file cites a document that is not in the repository; the README links both;
``docs/design.md`` names every public name of the engine; and its layout, docs/design.md §2,
names every module of the three packages (issue 32)."""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import re
from pathlib import Path

import pytest

import classplay.tournament
import engine
import engine.advice
import engine.review

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CITED = ("rules.md", "design.md")

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)")
CITATION = re.compile(
    rf"\b(rules|design)\.md(?:`|\]\([^)\s]*\))?\s*{SECTION.pattern}"
    rf"(?:(?:,|\s)\s*(?:and |to |or )?{SECTION.pattern})*"
)
"""``docs/rules.md §4.6``, ```docs/rules.md` §4.6``, ``[docs/rules.md](docs/rules.md) §4.6``,
and lists: ``docs/rules.md §5.4 and §5.5``, ``rules.md §1.3 to §1.7``, ``rules.md §1, §7``."""
HEADING = re.compile(r"^#{2,4} (\d+(?:\.\d+)*)\.? ", re.M)
OUTSIDE = ("RULES" + ".md", "DESIGN" + ".md")
"""The shared notes the documents were written from: they live outside the repository."""
SKIPPED_DIRS = {"node_modules", "build", "dist", "__pycache__"}


def _text(path: Path) -> str | None:
    """A file's text (a notebook's cell sources), or None for a binary file."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        return "\n".join("".join(c["source"]) for c in cells)
    return text


def _skipped(name: str) -> bool:
    return name.startswith(".") or name in SKIPPED_DIRS or name.endswith(".egg-info")


def _files() -> list[Path]:
    """Every file of the project, hidden folders (``.git``, ``.venv``) and build output aside."""
    out = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if not _skipped(d))
        out += [Path(folder, f) for f in sorted(files) if not f.startswith(".")]
    return out


def _sections(name: str) -> set[str]:
    return set(HEADING.findall((DOCS / name).read_text(encoding="utf-8")))


def _citations() -> list[tuple[str, str, str]]:
    """``(file, document, section)`` for every section citation in the repository. Inside one
    of the two documents a bare ``§n`` cites that document itself."""
    found = []
    for path in _files():
        text = _text(path)
        if text is None or "§" not in text:
            continue
        where = str(path.relative_to(ROOT))
        spans = []
        for m in CITATION.finditer(text):
            found += [(where, f"{m.group(1)}.md", n) for n in SECTION.findall(m.group(0))]
            spans.append(m.span())
        own = path.name if path.parent == DOCS and path.name in CITED else None
        for m in SECTION.finditer(text):
            if not any(a <= m.start() < b for a, b in spans):
                found.append((where, own or "(no document named)", m.group(1)))
    return found


def test_the_documents_have_numbered_sections():
    for name in CITED:
        assert _sections(name), f"docs/{name} has no numbered headings (## 1. ..., ### 1.1 ...)"


def test_every_section_citation_names_a_heading():
    sections = {name: _sections(name) for name in CITED}
    citations = _citations()
    assert len(citations) > 20, "the code, tests and lessons cite the rules by section"
    wrong = [
        f"{where}: {doc} §{number}"
        for where, doc, number in citations
        if number not in sections.get(doc, set())
    ]
    assert not wrong, (
        "these § citations name no heading of docs/rules.md or docs/design.md (a citation is "
        "written `docs/rules.md §4.6`): " + "; ".join(wrong)
    )


def test_no_file_cites_a_document_outside_the_repository():
    cites = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in _files()
        if (text := _text(path)) is not None
        for name in OUTSIDE
        if name in text
    ]
    assert not cites, "cite docs/rules.md or docs/design.md instead: " + "; ".join(cites)


def test_the_readme_links_both_documents():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in CITED:
        assert f"](docs/{name})" in readme, f"the README links docs/{name}"


def _defined_in(module: object) -> set[str]:
    """The public classes and functions a module defines (not those it imports)."""
    return {
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and obj.__module__ == module.__name__  # type: ignore[attr-defined]
    }


def _public_members(cls: type) -> set[str]:
    names = {n for n in dir(cls) if not n.startswith("_")}
    names |= {n for n in getattr(cls, "__annotations__", {}) if not n.startswith("_")}
    if dataclasses.is_dataclass(cls):
        names |= {f.name for f in dataclasses.fields(cls)}
    return names


def _surface() -> dict[str, set[str]]:
    """The engine's public surface: what ``import engine`` exports, the State protocol, and the
    expert's judgement, the review and the tournament."""
    return {
        "engine": set(engine.__all__),
        "engine.State": _public_members(engine.State),
        "engine.advice": _defined_in(engine.advice),
        "engine.advice.Advice": _public_members(engine.advice.Advice),
        "engine.advice.Judged": _public_members(engine.advice.Judged),
        "engine.review": _defined_in(engine.review),
        "classplay.tournament": _defined_in(classplay.tournament),
    }


def _code(markdown: str) -> str:
    """The code of a markdown text: its fenced blocks and inline code spans."""
    fenced = re.findall(r"```.*?```", markdown, flags=re.S)
    rest = re.sub(r"```.*?```", "", markdown, flags=re.S)
    return "\n".join(fenced + re.findall(r"`([^`\n]+)`", rest))


@pytest.mark.parametrize("part", sorted(_surface()))
def test_design_names_every_public_name_of_the_engine(part):
    code = _code((DOCS / "design.md").read_text(encoding="utf-8"))
    missing = sorted(
        name for name in _surface()[part] if not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", code)
    )
    assert not missing, f"docs/design.md names (in code) none of {part}: {', '.join(missing)}"


PACKAGES = ("engine", "classplay", "tabletop_widgets")
"""The packages whose every module the layout of docs/design.md §2 names."""


def _layout() -> dict[str, dict[str, str]]:
    """The layout block of docs/design.md §2 as ``{top folder: {entry: its text}}``: an
    entry is a line naming a file or folder two spaces in (``  core.py``, ``  <game>/``), with
    the lines that go on describing it."""
    design = (DOCS / "design.md").read_text(encoding="utf-8")
    section = design.split("\n## 2. Layout", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```\n(.*?)```", section, flags=re.S)
    assert block, "docs/design.md §2 (Layout) holds the layout in one fenced block"
    layout: dict[str, dict[str, str]] = {}
    top = entry = ""
    for line in block[1].splitlines():
        if line[:1].strip():  # a top folder: engine/, classplay/, ...
            top = entry = line.split()[0].rstrip("/")
            layout[top] = {top: line}
        elif line[:2] == "  " and line[2:3].strip():  # an entry of it
            entry = line.split()[0]
            layout[top][entry] = line
        else:  # the entry's description goes on
            layout[top][entry] += " " + line.strip()
    return layout


def _named_in(text: str, name: str) -> bool:
    """Whether ``text`` names the file or folder ``name`` as a word; ``<game>`` names every
    game (``<game>.py`` names ``india.py``, ``<game>/`` names ``india/``)."""
    words = set(re.findall(r"[\w<>]+(?:\.py\b|/)?", text))
    stem, _, suffix = name.partition(".") if name.endswith(".py") else name.partition("/")
    generic = f"<game>{'.' if name.endswith('.py') else '/'}{suffix}"
    return name in words or (stem in engine.GAMES and generic in words)


def _unnamed_modules() -> list[str]:
    """Every ``.py`` module of the three packages that the layout does not name. A module
    right in a package is named by any entry of that package (``core.py``, or ``replay.py`` in
    the ``classroom.py`` entry); a module in a subfolder by that subfolder's entry (``board.py``
    in ``<game>/``'s); an ``__init__.py`` by its folder having an entry."""
    layout = _layout()
    missing = []
    for package in PACKAGES:
        entries = layout.get(package, {})
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT / package).parts
            folder = f"{parts[0]}/" if len(parts) > 1 else None
            if folder is None:
                named = path.name == "__init__.py" or any(
                    _named_in(text, path.name) for text in entries.values()
                )
            else:
                texts = [text for name, text in entries.items() if _named_in(name, folder)]
                named = bool(texts) and (
                    path.name == "__init__.py" or any(_named_in(t, path.name) for t in texts)
                )
            if not named:
                missing.append(str(path.relative_to(ROOT)))
    return missing


def test_the_layout_names_every_module():
    missing = _unnamed_modules()
    assert not missing, (
        "docs/design.md §2 (Layout) does not name these modules: "
        + ", ".join(missing)
        + ". Add each to the layout block, under its package: a line `  name.py   what it "
        "holds` (or the module's name in the entry of its folder, e.g. `<game>/` or `rooms/`), "
        "so that a newcomer finds every module there."
    )
