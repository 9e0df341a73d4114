"""Every wait of the browser tests follows one setting (lab.patience): a busy machine waits
longer instead of failing."""

from __future__ import annotations

import pytest
from lab import SLOWDOWN, patience, slowdown


def test_the_setting_scales_every_wait(monkeypatch):
    monkeypatch.setenv(SLOWDOWN, "3")
    assert patience(10_000) == 30_000
    monkeypatch.setenv(SLOWDOWN, "0.5")  # a fast machine may shorten them too
    assert patience(10_000) == 5_000


def test_unset_it_follows_the_load(monkeypatch):
    monkeypatch.delenv(SLOWDOWN, raising=False)
    monkeypatch.setattr("os.getloadavg", lambda: (20.0, 20.0, 20.0))
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert slowdown() == 8.0  # 10 per core, capped
    monkeypatch.setattr("os.getloadavg", lambda: (0.3, 0.3, 0.3))
    assert slowdown() == 1.0


@pytest.mark.parametrize("bad", ["fast", "0", "-2"])
def test_a_wrong_setting_is_named(monkeypatch, bad):
    monkeypatch.setenv(SLOWDOWN, bad)
    with pytest.raises(ValueError, match=SLOWDOWN):
        slowdown()
