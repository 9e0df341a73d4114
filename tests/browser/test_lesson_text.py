"""Every lesson's text in a real JupyterLab: the math typeset is exactly the math written, and
dollar amounts read as text.

JupyterLab's MathJax takes the text between two dollar signs in a rendered cell for
mathematics, however they were written (``\\$30``, ``&#36;30``): "won \\$30 for a bold bid;
\\$20 ..." comes out as run-together italics. Lessons write an amount as "30 dollars". For
each markdown cell this test counts the formulas written in its source (``$...$`` and
``$$...$$`` outside code) and compares them with the formulas MathJax typeset on the page, and
checks that every literal dollar sign (escaped, as an entity, or in code) shows as one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab import open_notebook, patience

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("0*.ipynb"))
SETTLE_MS = 400  # a cell just drawn is typeset within this; each cell is read twice at least

CODE = re.compile(r"```.*?```|(`+)(.+?)\1", re.S)
MATH = re.compile(r"\$\$.+?\$\$|(?<![\\$])\$(?!\$)[^$]+?(?<!\\)\$", re.S)

# Each markdown cell drawn now: its index in the notebook, the formulas typeset in it, and the
# dollar signs left in its text once the formulas are taken out.
DRAWN_JS = """() => [...document.querySelectorAll(
    '.jp-NotebookPanel .jp-MarkdownCell[data-windowed-list-index]')].flatMap(cell => {
  const shown = cell.querySelector('.jp-RenderedMarkdown');
  if (!shown) return [];
  const text = shown.cloneNode(true);
  text.querySelectorAll('mjx-container').forEach(m => m.remove());
  return [{index: +cell.dataset.windowedListIndex,
           math: shown.querySelectorAll('mjx-container').length,
           dollars: (text.textContent.match(/\\$/g) || []).length,
           entity: text.textContent.includes('&#36;'),
           text: text.textContent.replace(/\\s+/g, ' ').slice(0, 160)}];
})"""

SCROLL_JS = """() => {
  const outer = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
  const before = outer.scrollTop;
  outer.scrollTop = before + 0.6 * outer.clientHeight;
  return outer.scrollTop !== before;
}"""


def written(source: str) -> tuple[int, int]:
    """(formulas, literal dollar signs) a markdown source asks for: formulas are ``$...$`` or
    ``$$...$$`` outside code; a dollar is ``&#36;``, an escaped ``\\$`` or a ``$`` in code."""
    in_code = "".join(m.group(0) for m in CODE.finditer(source))
    prose = CODE.sub(" ", source)
    formulas = MATH.findall(prose)
    plain = MATH.sub(" ", prose)
    return len(formulas), prose.count("&#36;") + plain.count("\\$") + in_code.count("$")


def markdown_sources(lesson: str) -> dict[int, str]:
    nb = json.loads((ROOT / "notebooks" / lesson).read_text(encoding="utf-8"))
    return {
        i: "".join(c["source"]) for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown"
    }


def drawn_cells(page) -> dict[int, dict]:
    """Scroll the whole notebook (JupyterLab draws only the cells near the view), reading each
    markdown cell as drawn; the last reading of a cell is at least SETTLE_MS after its first."""
    seen: dict[int, dict] = {}
    moving = True
    while moving:
        page.wait_for_timeout(patience(SETTLE_MS))
        seen.update({c["index"]: c for c in page.evaluate(DRAWN_JS)})
        moving = page.evaluate(SCROLL_JS)
    page.wait_for_timeout(patience(SETTLE_MS))
    seen.update({c["index"]: c for c in page.evaluate(DRAWN_JS)})
    return seen


def test_the_written_formulas_are_typeset_once_each():
    source = "Fines &#36;5 to &#36;25; $p > 1/2$ and $$E(d)$$, `447 120 $10` in code"
    assert written(source) == (2, 3)
    assert written("Seat 3 won \\$30 for a bold bid; \\$20 for agreeing") == (0, 2)


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_unintended_math_and_every_dollar_shows(lesson, lab_server, page, page_errors):
    open_notebook(page, lab_server.base_url, f"notebooks/{lesson}")
    sources = markdown_sources(lesson)
    if any(written(s)[0] for s in sources.values()):  # MathJax loads on first use
        page.locator(".jp-RenderedMarkdown mjx-container").first.wait_for(
            state="attached", timeout=patience(30_000)
        )
    drawn = drawn_cells(page)
    assert set(drawn) == set(sources), f"cells never drawn: {sorted(set(sources) - set(drawn))}"
    wrong = []
    for i, source in sources.items():
        formulas, dollars = written(source)
        cell = drawn[i]
        if (cell["math"], cell["dollars"]) != (formulas, dollars) or cell["entity"]:
            wrong.append(
                f"cell {i}: {cell['math']} formulas and {cell['dollars']} dollar signs shown, "
                f"{formulas} and {dollars} written: {cell['text']!r}"
            )
    assert not wrong, f"{lesson}:\n" + "\n".join(wrong)
    assert not page_errors, page_errors
