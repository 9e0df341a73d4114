"""The Jupyter server settings the project ships (jupyter_server_config.json: Binder's
postBuild merges them in, `make lab` reads them, a hub's single-user servers copy them), as
the classes they configure read them."""

from __future__ import annotations

from pathlib import Path

import pytest
from traitlets.config.loader import JSONFileConfigLoader

REPO = Path(__file__).resolve().parents[1]


def settings():
    return JSONFileConfigLoader("jupyter_server_config.json", path=str(REPO)).load_config()


def test_a_voila_page_waits_for_its_outputs_on_a_busy_server_and_says_so_if_they_never_come():
    """Issue 36's blank pages: on a busy server a play page's table (about 140 widgets) came
    to Voila's executor later than nbclient's default 4 s after the cell's reply, and the page
    got the cell without its output: blank, with nothing said. The executor now waits
    minutes, and a cell whose output never comes says so on the page."""
    nbformat = pytest.importorskip("nbformat")
    execute = pytest.importorskip("voila.execute")
    executor = execute.VoilaExecutor(nbformat.v4.new_notebook(), config=settings())
    assert executor.iopub_timeout >= 60
    assert executor.raise_on_iopub_timeout
    cell = nbformat.v4.new_code_cell("PlatesTable(players=4, seed=1)")
    executor.show_code_cell_timeout(cell)  # what the page is sent when the wait runs out
    assert "too busy to finish this page: reload it" in cell.outputs[0]["traceback"][0]


def test_kernels_of_closed_pages_are_culled_and_open_ones_never():
    culler = settings().MappingKernelManager
    assert culler.cull_idle_timeout > 0 and culler.cull_interval > 0
    assert culler.cull_connected is False  # a page still open keeps its kernel
