from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[2] / "widgets"))  # no_leak.py: twin games

from serving import Server
from test_hub import FakeHub


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room server for the tests of one file."""
    running = Server(tmp_path_factory.mktemp("rooms") / "rooms.sqlite")
    yield running
    running.stop()
    assert "Traceback" not in running.log()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A room server of a test's own (its file in ``tmp_path``)."""
    running = Server(tmp_path / "rooms.sqlite")
    yield running
    running.stop()
    assert "Traceback" not in running.log()


@pytest.fixture(scope="module")
def hub() -> FakeHub:
    """A fake JupyterHub's API for the tests of one file (``test_hub.FakeHub``)."""
    return FakeHub()


@pytest.fixture
def hub_server(hub: FakeHub, tmp_path: Path) -> Iterator[Server]:
    """A room server of a test's own that asks ``hub`` who its users are."""
    running = Server(tmp_path / "rooms.sqlite", {"JUPYTERHUB_API_URL": hub.url})
    yield running
    running.stop()
    assert "Traceback" not in running.log()
