"""A room server in its own process on the loopback address, and headless players: clients
whose moves an engine bot chooses from the Seat built from what the client was told."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import engine
from classplay.rooms.client import Client, seat_from
from classplay.rooms.server import RATE

ROOT = Path(__file__).resolve().parents[3]


class Server:
    """``python -m classplay.rooms.server serve`` on a free port, its rooms in ``db``; ``env``
    adds to (or, with None values, removes from) the environment."""

    def __init__(self, db: Path, env: dict[str, str | None] | None = None) -> None:
        self.db, self.env = db, env or {}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.start()

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for name in ("JUPYTERHUB_API_URL", "JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_API_TOKEN"):
            env.pop(name, None)
        for name, value in self.env.items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        log = open(self.db.with_suffix(".log"), "a")  # noqa: SIM115 (the process keeps it)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "classplay.rooms.server",
                "serve",
                "--port",
                "0",
                "--db",
                str(self.db),
            ],
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            env=env,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line.startswith("tabletop-rooms: serving "), line + self.log()
        self.url = line.split()[2]

    def log(self) -> str:
        return self.db.with_suffix(".log").read_text()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: nothing written on the way out)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.alive():
            assert self.process is not None
            self.process.terminate()
            self.process.wait(10)


class Player:
    """A headless player: a client and an engine bot choosing from the client's Seat. It
    checks, as it goes, that it saw every move, one after the other. It acts at once, but
    never more often than the server takes a connection's messages (``RATE`` a second): a
    bot with a run of forced moves (India's) would otherwise be refused as a flood, and wait
    for ever for the move it thinks it made."""

    def __init__(self, game: str, level: str = "basic", seed: int = 0) -> None:
        self.client = Client()
        self.bot = engine.make_bot(game, level, seed=seed)
        self.acted: int | None = None
        self.refused: list[dict[str, Any]] = []
        self.sent: deque[float] = deque(maxlen=RATE // 2)
        """When its latest actions were sent (half the server's rate, to be safe)."""

    async def play(self, until: int | None = None) -> dict[str, Any]:
        """Act on each turn until the game is over (or ``until`` moves were seen); returns
        the table as it stands."""
        client = self.client
        while True:
            latest = client.latest
            if latest["record"] is not None or (until is not None and latest["move"] >= until):
                return latest
            if latest["legal"] and latest["move"] != self.acted:
                self.acted = latest["move"]
                await self.paced()
                await client.act(self.bot.choose(seat_from(latest)))
            message = await asyncio.wait_for(client.receive(), 30)
            self.check(message)

    async def paced(self) -> None:
        """Wait, if need be, so that at most ``RATE // 2`` actions go in any one second."""
        now = time.monotonic()
        if len(self.sent) == self.sent.maxlen:
            await asyncio.sleep(max(0.0, self.sent[0] + 1 - now))
        self.sent.append(time.monotonic())

    async def reconnect(self) -> dict[str, Any]:
        """Connect again (an action sent on the old connection may have been lost)."""
        self.acted = None
        return await self.client.reconnect()

    def check(self, message: dict[str, Any]) -> None:
        if message["type"] == "closed":
            raise ConnectionError("the server closed the connection")
        if message["type"] == "refused":
            self.refused.append(message)

        assert len(self.client.latest["events"]) == self.client.latest["move"]


async def seated(url: str, code: str, count: int, game: str) -> list[Player]:
    """``count`` players joined to room ``code``, each at the first open seat."""
    players = []
    for k in range(count):
        player = Player(game, seed=k)
        await player.client.connect(url, code, name=f"Student {k}")
        players.append(player)
    return players


def run(coroutine: Any, seconds: float = 60) -> Any:
    """Run ``coroutine`` to its end (at most ``seconds``) in an event loop of its own, on a
    thread of its own: the test process may already run a loop on this one (Playwright's, for
    the browser tests that share a worker)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, asyncio.wait_for(coroutine, seconds)).result()
