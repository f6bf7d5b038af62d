"""The bot pool's processes (its fork server, the resource tracker, the workers) end when
the server that started them dies, however it dies: ``kill -9`` of a real ``pegboard
serve`` leaves none of them behind (issue 33), and neither does a test's own app."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import HANG_GUARD, PLAY_LIMIT_OPTIONS, Server
from tests.web.processes import GONE_WITHIN, Process, descendants, kill_all, pool_workers, wait_gone
from tests.web.real_socket import RealClient

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


def pool_of(pid: int) -> list[Process]:
    """``pid``'s descendants once its pool is up: the fork server, the resource tracker and
    a worker (the fork server's child)."""
    deadline = time.monotonic() + HANG_GUARD
    while True:
        found = descendants(pid)
        if any("resource_tracker" in p.command for p in found) and pool_workers(pid):
            return found
        assert time.monotonic() < deadline, f"no pool started: {found}"
        time.sleep(0.05)


def test_a_killed_server_leaves_no_pool_process_behind(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'orphans.db'}"
    server = Server(url, tmp_path, [*PLAY_LIMIT_OPTIONS, "--bot-workers", "1"])
    pool: list[Process] = []
    try:
        body = {
            "game": "draw",
            "players": 2,
            "seats": [{"kind": "bot", "level": "expert"}, {"kind": "human"}],
        }
        created = httpx.post(f"{server.base}/api/tables", json=body, timeout=HANG_GUARD)
        assert created.status_code == 201, created.text
        table = created.json()
        with ExitStack() as sockets:
            human = RealClient(sockets, server.base, table["table"], 1, table["seats"][1]["token"])
            if human.state["view"]["current"] == 1:  # the human leads: then the bot moves
                human.act(human.state["view"]["legal"][0]["action"])
            pool = pool_of(server.process.pid)
        server.kill()  # SIGKILL: nothing of the server runs after it
        left = wait_gone(pool, GONE_WITHIN)
        assert left == [], f"left behind by a killed server: {left}"
    finally:
        if server.process.poll() is None:
            server.kill()
        kill_all(pool)  # a failed test leaves nothing running either


IN_PROCESS = """
import asyncio, sys
from pegboard.draw import Match
from pegboard.web.bot_pool import BotPool

async def main() -> None:
    pool = BotPool(1)  # as a test's app has it (create_app's default on this machine)
    match = Match(2, seed=1)
    await pool.bot_move("draw", "expert", 1, match.observation(match.current_player))
    print("moved", flush=True)
    await asyncio.sleep(3600)  # until killed

asyncio.run(main())
"""


def test_a_killed_process_with_a_pool_of_its_own_leaves_none_of_it_behind() -> None:
    """As a test process's apps have theirs (``TestClient``): the pool belongs to whatever
    process started it; ``kill -9`` of that process (a test run stopped) ends it too."""
    owner = subprocess.Popen([sys.executable, "-c", IN_PROCESS], stdout=subprocess.PIPE, text=True)
    pool: list[Process] = []
    try:
        assert owner.stdout is not None and owner.stdout.readline() == "moved\n"
        pool = pool_of(owner.pid)
        owner.send_signal(signal.SIGKILL)
        owner.wait(HANG_GUARD)
        left = wait_gone(pool, GONE_WITHIN)
        assert left == [], f"left behind by a killed process: {left}"
    finally:
        owner.kill()
        owner.wait(HANG_GUARD)
        kill_all(pool)
