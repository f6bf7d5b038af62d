"""A bot's reply while one address floods the server with hints (issue 33).

Run: ``.venv/bin/python -m benchmarks hint_flood`` (``--quick``: shorter runs; ``--before
PATH``: also measure the ``src`` folder of another checkout, e.g. the commit before the
thinking queue, exported with ``git archive``). It starts ``pegboard serve`` (a subprocess on
a free loopback port, a fresh SQLite database, ``--bot-delay 0``, the per-address limits
lifted but ``--messages-rate`` at its default of 20/second, so that the flooder stays
within what a client may send), and

* a victim: a table of Draw for two (``--game=cribbage``: of cribbage), a person (a
  WebSocket client from 127.0.0.2, another address) and an ``expert`` bot; the person plays
  a random legal move at its turn (after ``PACE``), and the time from its move to its next
  turn (the bot's reply) is measured, as is a hint it asks for every other turn;
* ``--flooders`` sockets of one address (127.0.0.1), each the person at a table of its
  own with an expert bot, each asking for a hint again as soon as the last is answered or
  refused.

It reports the median and p90 of the bot's replies and of the victim's hints, with no
flood, with the flood, and (``--before``) with the flood on the older code, each over
``--seconds``. The figures are saved under ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks import bench_web, quick, save_results, table
from benchmarks.bench_web import percentile

REPO = Path(__file__).resolve().parent.parent
SEED = 33
VICTIM_ADDRESS = "127.0.0.2"
"""Loopback too (Linux routes all of 127/8 to it), but another address for the server."""
FLOOD_AHEAD = 2.0
"""Seconds the flood runs before the victim starts."""
PACE = 0.1
"""Seconds the victim waits before each move: within the default message rate (a burst of
draws is many moves a second), and nearer a person's pace. Not in the reply's time."""
SEATS = [{"kind": "human"}, {"kind": "bot", "level": "expert"}]
TABLES = {
    "draw": {"game": "draw", "players": 2, "seats": SEATS},
    "cribbage": {"game": "cribbage", "seats": SEATS},
}
"""The tables of each game measured (``--game``): a person and an expert bot."""


async def connect(base: str, table_id: str, token: str, address: str | None) -> Any:
    from websockets.asyncio.client import connect as open_socket

    url = base.replace("http://", "ws://") + f"/ws/{table_id}"
    local = {"local_addr": (address, 0)} if address else {}
    socket = await open_socket(url, max_size=None, **local)
    await socket.send(json.dumps({"type": "hello", "seat": 0, "token": token, "since": 0}))
    return socket


async def new_table(client: Any, game: str) -> tuple[str, str]:
    answer = await client.post("/api/tables", json=TABLES[game])
    if answer.status_code != 201:
        raise SystemExit(f"bench_hint_flood: POST /api/tables: {answer.text}")
    body = answer.json()
    return body["table"], body["seats"][0]["token"]


async def flooder(base: str, table_id: str, token: str, stop: asyncio.Event, pause: float) -> int:
    """Ask for a hint, again and again, as soon as the last is answered (or ``pause``
    seconds after it was refused): how many answers came."""
    socket = await connect(base, table_id, token, None)
    answers = 0
    try:
        asked = False
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), 0.5))
            except TimeoutError:
                continue
            if message["type"] == "state" and not asked and message["view"]["your_turn"]:
                asked = True  # its turn (the bot may lead): the flood starts
                await socket.send(json.dumps({"type": "hint"}))
            elif message["type"] in ("hint", "error"):
                answers += 1
                if message["type"] == "error" and pause:
                    await asyncio.sleep(pause)
                await socket.send(json.dumps({"type": "hint"}))
    finally:
        await socket.close()
    return answers


async def victim(
    base: str, table_id: str, token: str, stop: asyncio.Event, rng: random.Random
) -> tuple[list[float], list[float]]:
    """Play against the expert bot: the seconds of each bot reply, and of each hint."""
    socket = await connect(base, table_id, token, VICTIM_ADDRESS)
    replies: list[float] = []
    hints: list[float] = []
    moved_at: tuple[int, float] | None = None  # (seq after our move, when)
    turns = 0
    try:
        while not stop.is_set():
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), 0.5))
            except TimeoutError:
                continue
            if message["type"] == "error":
                raise SystemExit(f"bench_hint_flood: the victim was refused: {message}")
            if message["type"] != "state":
                continue
            view, seq = message["view"], message["seq"]
            if view["is_over"]:
                moved_at = None
                await socket.send(json.dumps({"type": "again"}))
                continue
            if not (view["your_turn"] and view["legal"]):
                continue
            if moved_at is not None and seq > moved_at[0]:  # the bot moved since ours
                replies.append(time.perf_counter() - moved_at[1])
            turns += 1
            if turns % 2 == 0:
                began = time.perf_counter()
                await socket.send(json.dumps({"type": "hint"}))
                while (answer := json.loads(await socket.recv()))["type"] == "state":
                    pass
                if answer["type"] == "hint":
                    hints.append(time.perf_counter() - began)
            action = rng.choice(view["legal"])["action"]
            await asyncio.sleep(PACE)
            await socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
            moved_at = (seq + 1, time.perf_counter())
    finally:
        await socket.close()
    return replies, hints


async def flood(base: str, tables: list[tuple[str, str]], seconds: float, pause: float) -> int:
    """The flooders, for ``seconds``: how many answers they had."""
    stop = asyncio.Event()
    flooding = [asyncio.create_task(flooder(base, t, k, stop, pause)) for t, k in tables]
    await asyncio.sleep(seconds)
    stop.set()
    return sum(await asyncio.gather(*flooding))


def flood_process(base: str, tables: list[tuple[str, str]], seconds: float, pause: float) -> int:
    return asyncio.run(flood(base, tables, seconds, pause))


async def play(base: str, table: tuple[str, str], seconds: float, rep: int) -> Any:
    stop = asyncio.Event()
    playing = asyncio.create_task(victim(base, *table, stop, random.Random(SEED + rep)))
    await asyncio.sleep(seconds)
    stop.set()
    return await playing


async def tables(base: str, game: str, count: int) -> list[tuple[str, str]]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        return [await new_table(client, game) for _ in range(count)]


def run(source: str | None, options: argparse.Namespace, flooders: int, rep: int) -> dict[str, Any]:
    """One mode: the flood in a process of its own (its clients' own work must not delay
    the victim's), the victim in this one."""
    with tempfile.TemporaryDirectory(prefix="pegboard-bench-") as folder:
        db_url = f"sqlite:///{Path(folder) / 'pegboard.db'}"
        with (
            bench_web.server(db_url, "--messages-rate=20/second", source=source) as base,
            ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as other,
        ):
            target, *floods = asyncio.run(tables(base, options.game, 1 + flooders))
            seconds = options.seconds
            flooding = other.submit(
                flood_process, base, floods, seconds + FLOOD_AHEAD, options.pause
            )
            time.sleep(FLOOD_AHEAD if floods else 0.0)  # the flood is under way
            replies, hints = asyncio.run(play(base, target, seconds, rep))
            return {"replies": replies, "hints": hints, "flood_answers": flooding.result()}


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks hint_flood")
    parser.add_argument("--game", choices=sorted(TABLES), default="draw")
    parser.add_argument("--flooders", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=8.0 if quick() else 30.0)
    parser.add_argument("--before", help="another checkout's src folder, measured too")
    parser.add_argument(
        "--pause",
        type=float,
        default=0.0,
        help="seconds a flooder waits after a refusal before it asks again (0: at once)",
    )
    options, _ = parser.parse_known_args(sys.argv[1:])
    return options


def figures(values: list[float]) -> list[str]:
    if not values:
        return ["0", "-", "-"]
    return [str(len(values)), f"{percentile(values, 0.5):.2f}", f"{percentile(values, 0.9):.2f}"]


def main() -> None:
    options = arguments()
    modes: dict[str, tuple[str | None, int]] = {"no flood": (None, 0)}
    if options.before:
        modes["flood, before"] = (options.before, options.flooders)
    modes["flood"] = (None, options.flooders)
    print(
        f"a victim against an expert bot ({options.game}), {options.flooders} sockets of one "
        f"address asking for hints (again {options.pause:g} s after a refusal), "
        f"{options.seconds:g} s per mode",
        flush=True,
    )
    results = {}
    for n, (mode, (source, flooders)) in enumerate(modes.items()):
        results[mode] = run(source, options, flooders, n)
        print(f"  {mode}: {results[mode]['flood_answers']} flood answers", flush=True)
    rows = [[mode, *figures(r["replies"]), *figures(r["hints"])] for mode, r in results.items()]
    headers = ["", "bot replies", "p50 s", "p90 s", "victim hints", "p50 s", "p90 s"]
    print(table(headers, rows))
    path = save_results("hint_flood", {"options": vars(options), "modes": results})
    print(f"saved {path.relative_to(REPO)}")


if __name__ == "__main__":
    main()
