"""The deployment of docs/deploy.md (issue 16): docs/deploy/nginx.conf, its ports changed,
in front of two ``pegboard serve`` processes on one PostgreSQL database, on loopback. A
whole match with a bot and a spectator, every client through nginx: round robin spreads
the sockets over both processes, and every client sees every move, in order, once."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from pegboard.web.db import make_engine
from pegboard.web.store import Store
from tests.web.conftest import HANG_GUARD, PLAY_LIMIT_OPTIONS, Server, free_port
from tests.web.test_processes import Client, assert_saw_every_move, new_table, play_to
from tests.web.test_processes import shared_url as shared_url

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def configured(upstreams: list[int], port: int, home: Path) -> str:
    """The example with its ports changed, and nginx's files kept in ``home``."""
    text = EXAMPLE.read_text(encoding="utf-8")
    example_ports = re.findall(r"server 127\.0\.0\.1:(\d+)", text)
    assert example_ports == ["8001", "8002"], "the example's upstreams changed: fix this test"
    for old, new in zip(example_ports, upstreams, strict=True):
        text = text.replace(f"127.0.0.1:{old}", f"127.0.0.1:{new}")
    assert "listen 127.0.0.1:8080;" in text
    text = text.replace("listen 127.0.0.1:8080;", f"listen 127.0.0.1:{port};")
    files = "".join(
        f"    {kind}_temp_path {home / kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return text.replace("http {\n", f"http {{\n{files}    access_log off;\n", 1)


@pytest.fixture
def nginx_in_front(tmp_path: Path, servers: list[Server], shared_url: str) -> Iterator[str]:
    if not Path(NGINX).exists():
        pytest.fail("nginx is not installed: make test installs it (scripts/ensure-nginx)")
    for _ in range(2):
        servers.append(Server(shared_url, tmp_path, [*PLAY_LIMIT_OPTIONS, "--proxy", "127.0.0.1"]))
    port = free_port()
    conf = tmp_path / "nginx.conf"
    conf.write_text(configured([s.port for s in servers], port, tmp_path), encoding="utf-8")
    log = (tmp_path / "nginx.log").open("w")
    nginx = subprocess.Popen(
        [
            NGINX,
            "-p",
            str(tmp_path),
            "-c",
            str(conf),
            "-g",
            f"daemon off; pid {tmp_path / 'nginx.pid'}; error_log stderr;",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + HANG_GUARD
        while True:
            assert nginx.poll() is None, (tmp_path / "nginx.log").read_text()
            try:
                if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
        yield base
    finally:
        nginx.terminate()
        nginx.wait(timeout=HANG_GUARD)
        log.close()


def connections(server: Server) -> float:
    text = httpx.get(f"{server.base}/metrics", timeout=HANG_GUARD).text
    found = re.search(r"^pegboard_connections (\S+)$", text, re.MULTILINE)
    assert found, text
    return float(found.group(1))


def test_a_match_through_nginx_in_front_of_two_processes(
    nginx_in_front: str, servers: list[Server], shared_url: str
) -> None:
    base = nginx_in_front
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "greedy"}]
    table_id, tokens = new_table(base, seats, players=3, target=10)
    rng = random.Random(80)
    with ExitStack() as sockets:
        everyone = [
            Client(sockets, base, table_id, 0, tokens[0]),
            Client(sockets, base, table_id, 1, tokens[1]),
            Client(sockets, base, table_id, None, None),
            Client(sockets, base, table_id, None, None),
        ]
        # Round robin put sockets on both processes (else this test would prove nothing).
        assert all(connections(server) >= 1 for server in servers)
        play_to({0: everyone[0], 1: everyone[1]}, everyone, rng, lambda s: s["view"]["is_over"])
        end = everyone[0].state["seq"]
    log = Store(make_engine(shared_url)).log(table_id, 1)
    for client in everyone:
        assert_saw_every_move(client, end, log, bot=2)
        assert client.state["view"]["scores"] == everyone[0].state["view"]["scores"]
    assert [seq for seq, _, _ in log] == list(range(1, end + 1))
