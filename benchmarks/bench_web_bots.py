"""Bots that think while others wait: plain requests with ten tables of ISMCTS bots busy.

Run: ``.venv/bin/python -m benchmarks web_bots`` (``--quick``: one short run of each, a
smoke test). In the same run, interleaved, it starts ``pegboard serve`` (a subprocess on a
free loopback port, a fresh SQLite database, ``--bot-delay 0``) with the bots thinking

* in threads of the server's own process (``--bot-workers 0``: how the server thought
  before the pool), and
* in the pool of worker processes (the default, ``--bot-workers`` = CPUs - 1, or
  ``--workers N``),

creates ``--tables`` tables of Draw for 4 (one human seat, three ``ismcts`` bots), and has
each table's human (a WebSocket client) play a random legal move as soon as its turn
comes, and ask for the next match when one is over: the bots think all the time. Meanwhile
``--probers`` clients send plain requests (``GET /api/tables/ID``, answered from memory)
one after another, ``--gap`` seconds apart, for ``--seconds``; it reports the median and
p99 of their latency per mode, over all the requests of its runs, and the bot moves made
per second.

Before that, two start-up costs: how long a pool of worker processes takes until every
worker is ready (in this process, as the server starts it), and how long ``pegboard serve``
takes to answer its first request with no table stored and with ``--stored`` tables whose
bot is to move (rebuilt in the background, so the two should not differ). Everything is
bounded: a full run takes about a minute. The figures are saved under
``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks import bench_web, quick, save_results, table
from benchmarks.bench_web import percentile

REPO = Path(__file__).resolve().parent.parent
SEED = 2027


@contextmanager
def server(db_url: str, *options: str) -> Iterator[tuple[str, float]]:
    """``pegboard serve`` on a free port (``bench_web.server``: the per-client limits
    lifted, as for any load from one address); yields its base URL and the seconds it took
    to answer its first request."""
    began = time.perf_counter()
    with bench_web.server(db_url, *options) as base:
        yield base, time.perf_counter() - began


# -- start-up -----------------------------------------------------------------------------------


def pool_start(workers: int) -> tuple[float, float]:
    """Seconds until a fresh pool's ``workers`` processes are all ready, and the seconds of
    a first ISMCTS move on it (its round trip included)."""
    from pegboard.draw import Match
    from pegboard.web.bot_pool import BotPool

    match = Match(4, seed=SEED)
    observation = match.observation(match.current_player)

    async def run() -> tuple[float, float]:
        pool = BotPool(workers)
        try:
            began = time.perf_counter()
            pool.start()
            await pool.bot_move("draw", "greedy", 1, observation)  # waits for the start
            started = time.perf_counter() - began
            began = time.perf_counter()
            await pool.bot_move("draw", "ismcts", 1, observation)
            return started, time.perf_counter() - began
        finally:
            await pool.close()

    return asyncio.run(run())


def store_bot_tables(db_url: str, count: int) -> None:
    """``count`` cribbage tables whose bot (seat 0) is to discard, written to the store."""
    from pegboard.cribbage import CribbageMatch
    from pegboard.web.db import make_engine, upgrade
    from pegboard.web.records import SeatInfo, TableRecord
    from pegboard.web.store import Store

    engine = make_engine(db_url)
    upgrade(engine)
    store = Store(engine)
    seeds = (
        s for s in range(10 * count + 10) if CribbageMatch(best_of=1, seed=s).current_player == 0
    )
    for n, seed in zip(range(count), seeds, strict=False):
        store.create_table(
            TableRecord(
                id=f"b{n:05d}",
                game="cribbage",
                config={"best_of": 1},
                status="open",
                match_number=1,
                seed=seed,
                seats=[SeatInfo(0, "bot", "greedy", claimed=True), SeatInfo(1, "human")],
            )
        )
    engine.dispose()


def first_answer(stored: int) -> float:
    with tempfile.TemporaryDirectory(prefix="pegboard-bench-") as folder:
        db_url = f"sqlite:///{Path(folder) / 'pegboard.db'}"
        if stored:
            store_bot_tables(db_url, stored)
        with server(db_url) as (_base, seconds):
            return seconds


# -- the load -----------------------------------------------------------------------------------


async def human(
    base: str, table_id: str, token: str, rng: random.Random, moves: list[float]
) -> None:
    """Seat 0 of a table: a random legal move as soon as it is to play; ``moves`` gets the
    time of every new seq the table reaches (the bots' moves, mostly)."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    url = base.replace("http://", "ws://") + f"/ws/{table_id}"
    asked_again: set[int] = set()
    seen: set[tuple[int, int]] = set()
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": token, "since": 0}))
        try:
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] != "state":
                    continue
                key = (message["match"], message["seq"])
                if key not in seen:
                    seen.add(key)
                    moves.append(time.perf_counter())
                view = message["view"]
                if view["is_over"] and key[0] not in asked_again:
                    asked_again.add(key[0])
                    await ws.send(json.dumps({"type": "again"}))
                elif view["your_turn"] and view["legal"]:
                    action = rng.choice(view["legal"])["action"]
                    await ws.send(json.dumps({"type": "act", "action": action, "seq": key[1]}))
        except ConnectionClosed:
            pass


async def prober(base: str, table_ids: list[str], gap: float, until: float) -> list[float]:
    """Plain requests one after another until ``until``: their latencies in seconds."""
    import httpx

    latencies = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        n = 0
        while time.perf_counter() < until:
            began = time.perf_counter()
            answer = await client.get(f"/api/tables/{table_ids[n % len(table_ids)]}")
            latencies.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise SystemExit(f"bench_web_bots: GET /api/tables: {answer.status_code}")
            n += 1
            await asyncio.sleep(gap)
    return latencies


async def load(base: str, options: argparse.Namespace, rep: int) -> tuple[list[float], float]:
    """The tables, their humans, then the probers: (latencies, bot moves per second)."""
    import httpx

    seats = [{"kind": "human", "name": "p0"}]
    seats += [{"kind": "bot", "level": options.bot_level} for _ in range(3)]
    ids, tasks = [], []
    moves: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for n in range(options.tables):
            answer = await client.post(
                "/api/tables", json={"game": "draw", "players": 4, "seats": seats}
            )
            if answer.status_code != 201:
                raise SystemExit(f"bench_web_bots: POST /api/tables: {answer.text}")
            body = answer.json()
            ids.append(body["table"])
            rng = random.Random(SEED + 1000 * rep + n)
            token = body["seats"][0]["token"]
            tasks.append(asyncio.create_task(human(base, body["table"], token, rng, moves)))
    await asyncio.sleep(options.warm_up)  # the bots are all thinking by now
    began = time.perf_counter()
    until = began + options.seconds
    probes = [prober(base, ids, options.gap, until) for _ in range(options.probers)]
    latencies = [x for found in await asyncio.gather(*probes) for x in found]
    ended = time.perf_counter()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    made = sum(1 for t in moves if began <= t <= ended)
    return latencies, made / (ended - began)


def run_mode(workers: str, options: argparse.Namespace, rep: int) -> tuple[list[float], float]:
    with tempfile.TemporaryDirectory(prefix="pegboard-bench-") as folder:
        db_url = f"sqlite:///{Path(folder) / 'pegboard.db'}"
        extra = [] if workers == "default" else ["--bot-workers", workers]
        with server(db_url, *extra) as (base, _seconds):
            return asyncio.run(load(base, options, rep))


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks web_bots")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--bot-level", default="ismcts")
    parser.add_argument("--workers", default="default", help="the pool's size (default: serve's)")
    parser.add_argument("--seconds", type=float, default=3.0 if quick() else 6.0)
    parser.add_argument("--warm-up", type=float, default=1.0 if quick() else 2.0)
    parser.add_argument("--repetitions", type=int, default=1 if quick() else 2)
    parser.add_argument("--probers", type=int, default=4)
    parser.add_argument(
        "--gap", type=float, default=0.02, help="seconds between a prober's requests"
    )
    parser.add_argument("--stored", type=int, default=100 if quick() else 500)
    options, _ = parser.parse_known_args(sys.argv[1:])
    return options


def figures(latencies: list[float]) -> dict[str, float]:
    return {
        "requests": float(len(latencies)),
        "p50_ms": 1000 * percentile(latencies, 0.5),
        "p99_ms": 1000 * percentile(latencies, 0.99),
        "max_ms": 1000 * max(latencies),
    }


def main() -> None:
    from pegboard.games import bot_levels
    from pegboard.web.bot_pool import default_workers

    options = arguments()
    if options.bot_level not in bot_levels("draw"):
        print(f"bench_web_bots: no {options.bot_level!r} bots here (the research extra)")
        return
    workers = default_workers() if options.workers == "default" else int(options.workers)
    print(
        f"{options.tables} tables of Draw for 4 (a human, 3 {options.bot_level} bots), "
        f"{options.probers} probers {options.gap:g} s apart for {options.seconds:g} s, "
        f"{options.repetitions} runs of each mode; pool of {workers} workers",
        flush=True,
    )
    starts = [pool_start(workers) for _ in range(1 if quick() else 2)]
    pool_ready = statistics.median(s for s, _ in starts)
    first_move = statistics.median(m for _, m in starts)
    print(f"  pool start: {pool_ready:.2f} s until ready, first ISMCTS move {first_move:.2f} s")
    empty, stored = first_answer(0), first_answer(options.stored)
    print(f"  first answer: {empty:.2f} s empty, {stored:.2f} s with {options.stored} bot tables")
    modes = {"threads (--bot-workers 0)": "0", f"pool ({workers} processes)": options.workers}
    latencies: dict[str, list[float]] = {mode: [] for mode in modes}
    rates: dict[str, list[float]] = {mode: [] for mode in modes}
    for rep in range(options.repetitions):
        for mode, flag in modes.items():  # interleaved: a noisy machine hurts both alike
            found, rate = run_mode(flag, options, rep)
            latencies[mode] += found
            rates[mode].append(rate)
            one = figures(found)
            print(
                f"  run {rep + 1}, {mode}: {one['requests']:.0f} requests, p50 "
                f"{one['p50_ms']:.1f} ms, p99 {one['p99_ms']:.1f} ms; {rate:.1f} bot moves/s",
                flush=True,
            )
    results = {mode: figures(latencies[mode]) for mode in modes}
    rows = [
        [
            mode,
            f"{r['requests']:.0f}",
            f"{r['p50_ms']:.1f}",
            f"{r['p99_ms']:.1f}",
            f"{r['max_ms']:.1f}",
            f"{statistics.median(rates[mode]):.1f}",
        ]
        for mode, r in results.items()
    ]
    print(table(["bots think in", "requests", "p50 ms", "p99 ms", "max ms", "moves/s"], rows))
    path = save_results(
        "web_bots",
        {
            "options": vars(options),
            "workers": workers,
            "pool_ready_s": pool_ready,
            "pool_first_ismcts_move_s": first_move,
            "first_answer_empty_s": empty,
            "first_answer_stored_s": stored,
            "modes": {m: {**results[m], "moves_per_second": rates[m]} for m in modes},
        },
    )
    print(f"saved {path.relative_to(REPO)}")


if __name__ == "__main__":
    main()
