"""A real JupyterHub on the loopback address: the hub, configurable-http-proxy (npm), the dummy
authenticator, one local-process server for each of two students and a teacher, and the room
server as the hub's service, configured by docs/teaching.md's own TLJH block (on a config
that, like TLJH's, already lists a service and a role of its own). Code runs in each user's
own kernel, as a class's would: the teacher makes a room, the two students play a whole game
in it. Checked: the hub's names on every screen, TLJH's lists kept, and the credentials: the
token a kernel sends to the room server (or to a squatter on its port) opens nothing of the
student's server, and a room server named by a link gets no token at all."""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import run

ROOT = Path(__file__).resolve().parents[3]
BIN = Path(sys.executable).parent
PROXY = shutil.which("configurable-http-proxy")

pytestmark = pytest.mark.slow

if PROXY is None or not (BIN / "jupyterhub").exists() or not (BIN / "tabletop-rooms").exists():
    if os.environ.get("CI"):
        raise RuntimeError(
            "the hub test needs jupyterhub (the test extra), tabletop-rooms (this project, "
            "installed) and configurable-http-proxy (npm; .ci/run installs it)"
        )
    pytest.skip("no jupyterhub or configurable-http-proxy here", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def docs_block() -> str:
    """The TLJH block of docs/teaching.md, exactly as a teacher copies it."""
    text = (ROOT / "docs" / "teaching.md").read_text()
    marker = text.index("test_real_hub.py) runs this very block")
    return text[marker:].split("```python\n", 1)[1].split("```", 1)[0]


class Hub:
    """The hub in its own process, in ``folder``; ``api(...)`` calls its REST API as a test
    service with admin scopes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port, self.rooms_port = free_port(), free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.token = secrets.token_hex(32)
        self.rooms_url = f"http://127.0.0.1:{self.rooms_port}/services/tabletop-rooms/"
        block = (
            docs_block()
            .replace("/opt/tljh/user/bin/tabletop-rooms", str(BIN / "tabletop-rooms"))
            .replace("/srv/tabletop-rooms/rooms.sqlite", str(folder / "rooms.sqlite"))
            .replace("127.0.0.1:8765", f"127.0.0.1:{self.rooms_port}")
        )
        root_args = ', "--allow-root"' if os.getuid() == 0 else ""
        config = f"""
c = get_config()  # noqa
c.JupyterHub.bind_url = "{self.url}"
c.JupyterHub.hub_port = {free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = ["{PROXY}"]
c.JupyterHub.authenticator_class = "jupyterhub.auth.DummyAuthenticator"
c.DummyAuthenticator.password = "{secrets.token_hex(8)}"
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {{"teacher"}}
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.Spawner.cmd = ["{BIN / "jupyterhub-singleuser"}"]
c.Spawner.args = ["--ServerApp.root_dir={folder}"{root_args}]
c.Spawner.environment = {{"PYTHONPATH": "{ROOT}"}}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# what TLJH's own configuration holds before the files of jupyterhub_config.d
c.JupyterHub.services = [{{"name": "culler-stand-in", "api_token": "{self.token}"}}]
c.JupyterHub.load_roles = [
    {{
        "name": "culler-stand-in",
        "scopes": [
            "admin:users", "admin:servers", "tokens", "read:services", "list:services"
        ],
        "services": ["culler-stand-in"],
    }}
]
"""
        (folder / "jupyterhub_config.py").write_text(config + "\n" + block)
        self.log = open(folder / "hub.log", "w")  # noqa: SIM115 (the process keeps it)
        self.process = subprocess.Popen(
            [str(BIN / "jupyterhub"), "-f", "jupyterhub_config.py"],
            cwd=folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")},
        )
        deadline = time.monotonic() + 90
        while True:
            try:
                self.api("GET", "/")
                break
            except (OSError, urllib.error.HTTPError):
                assert self.process.poll() is None, self.text()
                assert time.monotonic() < deadline, self.text()
                time.sleep(0.5)

    def text(self) -> str:
        return (self.folder / "hub.log").read_text()

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        return call(method, f"{self.url}/hub/api{path}", body, token or self.token)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def call(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"token {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, headers, method=method)
    with urllib.request.urlopen(request, timeout=60) as answer:
        text = answer.read()
        return json.loads(text) if text else None


def status(method: str, url: str, token: str) -> int:
    try:
        call(method, url, None, token)
    except urllib.error.HTTPError as e:
        return e.code
    return 200


class Kernel:
    """A kernel in ``user``'s own server, reached through the hub's proxy with a token the
    hub made for the test (it opens that server); ``run`` executes a cell, answers its
    printed text."""

    def __init__(self, hub: Hub, user: str) -> None:
        self.hub, self.user = hub, user
        made = hub.api(
            "POST",
            f"/users/{user}/tokens",
            {"scopes": [f"access:servers!server={user}/"], "note": "the test's"},
        )
        self.token = made["token"]
        self.base = f"{hub.url}/user/{user}"
        self.id = call("POST", f"{self.base}/api/kernels", {}, self.token)["id"]

    async def run(self, code: str, seconds: float = 240) -> str:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        address = f"{self.base}/api/kernels/{self.id}/channels".replace("http", "ws", 1)
        # Tornado's default of 20 s to open the socket is too short on a loaded CI machine,
        # where the hub's proxy and a cold kernel may take longer; the cell has its own limit.
        connection = await websocket_connect(
            HTTPRequest(
                address,
                headers={"Authorization": f"token {self.token}"},
                connect_timeout=seconds,
                request_timeout=seconds,
            )
        )
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "username": self.user,
            "session": uuid.uuid4().hex,
            "msg_type": "execute_request",
            "version": "5.3",
        }
        content = {"code": code, "silent": False, "store_history": False}
        await connection.write_message(
            json.dumps(
                {
                    "header": header,
                    "parent_header": {},
                    "metadata": {},
                    "content": content,
                    "channel": "shell",
                    "buffers": [],
                }
            )
        )
        out: list[str] = []
        deadline = time.monotonic() + seconds
        try:
            while True:
                text = await asyncio.wait_for(
                    connection.read_message(), deadline - time.monotonic()
                )
                assert text is not None, "the kernel's connection closed"
                message = json.loads(text)
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind = message["msg_type"]
                if kind == "stream":
                    out.append(message["content"]["text"])
                elif kind == "error":
                    raise AssertionError("\n".join(message["content"]["traceback"]))
                elif kind == "status" and message["content"]["execution_state"] == "idle":
                    return "".join(out)
        finally:
            connection.close()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    running = Hub(tmp_path_factory.mktemp("hub"))
    try:
        running.api("POST", "/users", {"usernames": ["ann", "bob"]})  # the teacher: an admin
        for user in ("ann", "bob", "teacher"):
            running.api("POST", f"/users/{user}/server")
        deadline = time.monotonic() + 180
        for user in ("ann", "bob", "teacher"):
            while not running.api("GET", f"/users/{user}")["servers"].get("", {}).get("ready"):
                assert time.monotonic() < deadline, running.text()
                time.sleep(1)
        yield running
    finally:
        running.stop()


def in_kernels(jobs: list[tuple[Kernel, str]]) -> list[str]:
    """Run each cell in its kernel, all at once; their printed text."""

    async def all_at_once() -> list[str]:
        return list(await asyncio.gather(*(kernel.run(code) for kernel, code in jobs)))

    return run(all_at_once(), 900)


PLAY = """
import asyncio, json, os
import engine
from classplay.rooms.client import Client, seat_from
client = Client()
await client.connect(os.environ["TABLETOP_ROOMS_URL"], "{code}", name="{name}")
bot, acted = engine.make_bot("plates", "basic", seed=len("{name}")), None
while client.latest["record"] is None:
    latest = client.latest
    if latest["legal"] and latest["move"] != acted:
        acted = latest["move"]
        await client.act(bot.choose(seat_from(latest)))
    await asyncio.wait_for(client.receive(), 60)
print(json.dumps({{"sitters": client.latest["sitters"], "returns": client.latest["returns"]}}))
await client.close()
"""


def test_a_class_plays_a_room_through_a_real_hub(hub: Hub) -> None:
    services = {s["name"] for s in hub.api("GET", "/services").values()}
    assert services == {"culler-stand-in", "tabletop-rooms"}  # TLJH's list kept, ours added
    teacher, ann, bob = (Kernel(hub, user) for user in ("teacher", "ann", "bob"))
    code = in_kernels(
        [
            (
                teacher,
                "import os\nfrom classplay.rooms.client import create_room\n"
                'print(create_room(os.environ["TABLETOP_ROOMS_URL"], "plates", 4, '
                'bots={2: "basic", 3: "basic"})[0])',
            )
        ]
    )[0].strip()
    assert re.fullmatch(r"[A-Z0-9]{4}", code), code
    played = in_kernels(
        [(ann, PLAY.format(code=code, name="Asha")), (bob, PLAY.format(code=code, name="ann"))]
    )
    ends = [json.loads(text.strip().splitlines()[-1]) for text in played]
    assert ends[0] == ends[1]
    names = [s["name"] for s in ends[0]["sitters"]]
    # the hub's name first (the two joined at once: either may have seat 0)
    assert sorted(names[:2]) == ["ann (Asha)", "bob (ann)"] and names[2:] == ["Bot 2", "Bot 3"]
    assert len(ends[0]["returns"]) == 4
    # the teacher is the hub user who made the room: a student's change is refused
    change = (
        "import os\nfrom classplay.rooms.client import teacher\n"
        "from classplay.rooms.room import Refused\ntry:\n"
        f'    print(teacher(os.environ["TABLETOP_ROOMS_URL"], "{code}", None, '
        '{"do": "hints", "on": True})["hints"])\n'
        "except Refused as e:\n    print(e)"
    )
    by_teacher, by_ann = in_kernels([(teacher, change), (ann, change)])
    assert by_teacher.strip() == "True"
    assert "403" in by_ann
    # the room's facts are the hub's users' only (the proxy reaches the service from outside)
    outside = f"{hub.url}/services/tabletop-rooms/rooms/{code}"
    assert status("GET", outside, "") == 401


def test_no_credential_that_opens_a_students_server_leaves(hub: Hub) -> None:
    ann = Kernel(hub, "ann")
    squatter = Squatter()
    try:
        told = run(
            ann.run(
                "import os, json\n"
                "from classplay.rooms.client import Client, hub_token, room_info\n"
                "from classplay.rooms.room import Refused\n"
                f'os.environ["QUERY_STRING"] = "room=ABCD&server={squatter.url}"\n'
                "from tabletop_widgets.classplay.rooms import join_from_address\n"
                "form = join_from_address()\n"
                "try:\n"
                f'    room_info("{squatter.url}", "ABCD")\n'
                "except Exception as e:\n"
                "    pass\n"
                "print(json.dumps({'token': os.environ['JUPYTERHUB_API_TOKEN'], "
                "'form': form.url, 'rooms': os.environ['TABLETOP_ROOMS_URL']}))\n"
            ),
            300,
        )
    finally:
        squatter.stop()
    seen = json.loads(told.strip().splitlines()[-1])
    # a link naming another server: the page still uses the hub's, and the other gets no token
    assert seen["form"] == seen["rooms"] == hub.rooms_url
    assert squatter.headers, "the kernel did call the other server"
    assert all("authorization" not in {k.lower() for k in h} for h in squatter.headers)
    # the token the room server (or a squatter on its port) receives opens only the rooms
    token = seen["token"]
    scopes = hub.api("GET", "/user", token=token)["scopes"]
    assert "access:services!service=tabletop-rooms" in scopes
    assert not [s for s in scopes if s.startswith(("access:servers", "servers", "tokens"))]
    for user in ("ann", "bob"):
        assert status("GET", f"{hub.url}/user/{user}/api/contents", token) in (302, 403)
        assert status("POST", f"{hub.url}/user/{user}/api/kernels", token) in (302, 403)
    assert status("POST", f"{hub.url}/hub/api/users/ann/tokens", token) == 403


def test_a_squatter_on_the_room_servers_port_gets_nothing_that_opens_a_server(hub: Hub) -> None:
    """The room server is gone (killed), and another program takes its port before the hub
    starts it again: what a reconnecting kernel sends it opens no student's server."""
    pid = hub.api("GET", "/services/tabletop-rooms")["pid"]
    assert pid
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while True:
        try:
            squatter = Squatter(hub.rooms_port)
            break
        except OSError:  # not free yet
            assert time.monotonic() < deadline
            time.sleep(0.05)
    try:
        run(
            Kernel(hub, "bob").run(
                "import os\nfrom classplay.rooms.client import room_info\ntry:\n"
                '    room_info(os.environ["TABLETOP_ROOMS_URL"], "ABCD")\n'
                "except Exception as e:\n    print(e)\n"
            ),
            300,
        )
    finally:
        squatter.stop()
    tokens = [h["Authorization"].split()[1] for h in squatter.headers if "Authorization" in h]
    assert tokens  # the squatter did get bob's token: one that opens the rooms alone
    for user in ("ann", "bob"):
        assert status("GET", f"{hub.url}/user/{user}/api/contents", tokens[0]) in (302, 403)
    assert status("POST", f"{hub.url}/hub/api/users/bob/tokens", tokens[0]) == 403


class Squatter:
    """A server on ``port`` (default: a free one) that answers every request 404 and keeps
    its headers."""

    def __init__(self, port: int = 0) -> None:
        self.headers: list[dict[str, str]] = []
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen()
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/"
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with connection:
                data = connection.recv(65536).decode(errors="replace")
                lines = data.split("\r\n")[1:]
                self.headers.append(dict(line.split(": ", 1) for line in lines if ": " in line))
                connection.sendall(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")

    def stop(self) -> None:
        self.listener.close()
