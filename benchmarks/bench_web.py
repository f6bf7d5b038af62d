"""The web server under load: many tables of scripted players over WebSockets.

Run: ``.venv/bin/python -m benchmarks web`` (``--quick``: two short runs, a smoke test).
Each repetition starts ``pegboard serve`` as a subprocess on a free loopback port with a
fresh SQLite database in a temporary folder (``--postgres``: a fresh database on the
PostgreSQL server of ``PEGBOARD_TEST_POSTGRES_URL``, else the throwaway one of
``scripts/ensure-postgres``; ``--db URL``: that database as it is), creates ``--tables``
tables through the REST lobby and plays them for ``--seconds`` with scripted clients
(the ``websockets`` asyncio client), one connection per human seat:

* all-human tables (Draw with 2-4 players, cribbage) and tables with bot seats (one human
  against ``--bot-level`` bots, which move in the server with ``--bot-delay 0``);
* a client whose turn it is waits ``--think`` seconds (on average, seeded), then plays a
  legal action of its view, chosen at random; when a match is over, the table's first
  human asks for the next one (``again``).

It reports the tables held, the moves per second (every accepted action, bots' included),
and the latency from sending a move to receiving the ``state`` it causes, at the mover
and at the other seats of the table (p50 and p99 over all moves of the run), and the
errors the clients got (none expected). The figures are medians over the repetitions.

Then it checks that nothing was lost: for every table, the log in the database (read
with plain SQL from the ``tables``, ``seats``, ``matches`` and ``actions`` of
docs/web.md) replays through ``games.replay``; every move acknowledged to a client is in
the log at its place; and a spectator who connects afterwards gets exactly the view of
the replayed match. The figures are saved under ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sqlalchemy import Engine

from benchmarks import quick, save_results, table

REPO = Path(__file__).resolve().parent.parent
SEED = 2026


@dataclass
class Table:
    """One table of the run, as the clients see it."""

    id: str
    game: str
    humans: list[tuple[int, str]]  # (seat, token)
    bots: int
    # (match, seq) of a move sent -> (time sent, seat, action)
    sent: dict[tuple[int, int], tuple[float, int, str]] = field(default_factory=dict)
    # (match, seq) of a move whose state reached its mover: (seat, action)
    acknowledged: dict[tuple[int, int], tuple[int, str]] = field(default_factory=dict)
    seen: set[tuple[int, int]] = field(default_factory=set)  # (match, seq) of states seen
    again_asked: set[int] = field(default_factory=set)


@dataclass
class Run:
    """What the clients of one repetition measured."""

    tables: list[Table]
    start: float = 0.0
    end: float = 0.0
    moves: int = 0  # (match, seq) first seen inside [start, end]
    cpu: float = 0.0  # CPU seconds of the server's processes inside [start, end]
    system_cpu: float = 0.0  # of which in the kernel (the sockets' writes above all)
    client_cpu: float = 0.0  # CPU seconds of this process (every scripted client) likewise
    mover_latency: list[float] = field(default_factory=list)
    other_latency: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    closed: int = 0  # connections the server closed on a client
    histograms: dict[str, list[tuple[float, float]]] = field(default_factory=dict)

    def measuring(self, now: float) -> bool:
        return self.start <= now <= self.end


# -- the server ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def pegboard_command() -> list[str]:
    script = Path(sys.executable).with_name("pegboard")
    if script.exists():
        return [str(script)]
    found = shutil.which("pegboard")
    if found is None:
        raise SystemExit("bench_web: no pegboard command (pip install -e '.[web]')")
    return [found]


LOAD_OPTIONS = [
    "--tables-rate=1000000/minute",
    "--open-tables-per-client=1000000",
    "--joins-rate=1000000/minute",
    "--requests-rate=100000000/minute",
    "--messages-rate=1000000/second",
    "--spectators-per-table=100000",
    "--spectators-per-client=100000",
    "--sockets-per-client=100000",
]
"""A load test comes from one address, far faster than players: the per-client limits
(docs/web.md) would measure themselves, not the server, so they are lifted."""


SERVED: list[int] = []
"""The pids of the servers started, newest last (``server_cpu`` reads their CPU time)."""
TICKS = os.sysconf("SC_CLK_TCK")


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) of ``pid`` and every process under it (uvicorn's workers,
    the bots' pool), from /proc: the server's whole cost, whatever it runs in."""
    user, system = server_times(pid)
    return user + system


def server_times(pid: int) -> tuple[float, float]:
    """``server_cpu`` as its two parts: user and system (the kernel's: sockets, files)."""
    children: dict[int, list[int]] = {}
    times: dict[int, tuple[float, float]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        child = int(stat.parent.name)
        children.setdefault(int(fields[1]), []).append(child)
        # utime and stime: the 14th and 15th fields of /proc/PID/stat (proc(5))
        times[child] = (int(fields[11]) / TICKS, int(fields[12]) / TICKS)
    user = system = 0.0
    todo = [pid]
    while todo:
        now = todo.pop()
        u, k = times.get(now, (0.0, 0.0))
        user, system = user + u, system + k
        todo += children.get(now, [])
    return user, system


def resident_bytes(pid: int) -> int:
    """The resident set of ``pid`` alone (VmRSS of /proc/PID/status), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


@contextmanager
def server(db_url: str, *options: str, source: str | None = None) -> Iterator[str]:
    """``pegboard serve`` on a free loopback port, with ``LOAD_OPTIONS`` and ``options``;
    yields its base URL. With ``source`` (a checkout's ``src`` folder), the server is that
    checkout's code: an older commit measured by the same clients in the same run."""
    port = free_port()
    command = [
        *pegboard_command(),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db_url,
        "--bot-delay",
        "0",
        *LOAD_OPTIONS,
        *options,
    ]
    with tempfile.TemporaryFile() as log:
        env = dict(os.environ)
        if source is not None:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        SERVED.append(process.pid)
        try:
            yield wait_until_up(process, log, f"http://127.0.0.1:{port}")
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_until_up(process: subprocess.Popen[bytes], log: IO[bytes], base: str) -> str:
    import httpx

    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            log.seek(0)
            raise SystemExit(f"bench_web: pegboard serve stopped:\n{log.read().decode()}")
        try:
            if httpx.get(f"{base}/api/tables", timeout=2).status_code == 200:
                return base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("bench_web: pegboard serve did not answer within 60 s")
        time.sleep(0.2)


def postgres_base() -> str:
    url = os.environ.get("PEGBOARD_TEST_POSTGRES_URL")
    if url:
        return url
    done = subprocess.run(
        [str(REPO / "scripts" / "ensure-postgres")], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"bench_web: no PostgreSQL: {done.stderr}")
    return done.stdout.strip()


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database on the tests' PostgreSQL server, dropped afterwards."""
    from pegboard.web.db import throwaway_database

    with throwaway_database(postgres_base(), "pegboard_bench") as url:
        yield url


@contextmanager
def database(options: argparse.Namespace) -> Iterator[str]:
    if options.db:
        yield options.db
    elif options.postgres:
        with postgres_database() as url:
            yield url
    else:
        with tempfile.TemporaryDirectory(prefix="pegboard-bench-") as folder:
            yield f"sqlite:///{Path(folder) / 'pegboard.db'}"


# -- the tables --------------------------------------------------------------------------------


def table_plans(count: int, bot_level: str, rng: random.Random) -> list[dict[str, Any]]:
    """The lobby requests: 40% Draw and 20% cribbage all human, 25% Draw and 15% cribbage
    with one human against bots."""
    plans = []
    for n in range(count):
        kind = n * 20 // count  # spread the kinds over any number of tables
        if kind < 8:
            players = rng.choice((2, 3, 4))
            seats = [{"kind": "human", "name": f"p{s}"} for s in range(players)]
            plans.append({"game": "draw", "players": players, "seats": seats})
        elif kind < 12:
            seats = [{"kind": "human", "name": f"p{s}"} for s in range(2)]
            plans.append({"game": "cribbage", "best_of": 1, "seats": seats})
        elif kind < 17:
            players = rng.choice((2, 3, 4))
            seats = [{"kind": "human", "name": "p0"}]
            seats += [{"kind": "bot", "level": bot_level} for _ in range(players - 1)]
            plans.append({"game": "draw", "players": players, "seats": seats})
        else:
            seats = [{"kind": "human", "name": "p0"}, {"kind": "bot", "level": bot_level}]
            plans.append({"game": "cribbage", "best_of": 1, "seats": seats})
    return plans


async def create_tables(base: str, plans: list[dict[str, Any]]) -> list[Table]:
    import httpx

    tables = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        for plan in plans:
            answer = await client.post("/api/tables", json=plan)
            if answer.status_code != 201:
                raise SystemExit(f"bench_web: POST /api/tables {plan}: {answer.text}")
            body = answer.json()
            humans = []
            for s in body["seats"]:
                if s["kind"] != "human":
                    continue
                if s.get("token"):  # the creator's own seat
                    humans.append((s["seat"], s["token"]))
                    continue
                # Every other human seat has a one-time invitation: claim it for a token.
                code = s["invite"].split("#invite=")[1]
                claimed = await client.post(
                    f"/api/tables/{body['table']}/claim", json={"invite": code}
                )
                if claimed.status_code != 200:
                    raise SystemExit(f"bench_web: claiming seat {s['seat']}: {claimed.text}")
                humans.append((s["seat"], claimed.json()["token"]))
            bots = sum(1 for s in body["seats"] if s["kind"] == "bot")
            tables.append(Table(body["table"], plan["game"], humans, bots))
    return tables


# -- the players ---------------------------------------------------------------------------------


async def player(
    run: Run,
    table_: Table,
    seat: int,
    token: str,
    ws_base: str,
    think: float,
    updates: bool,
    rng: random.Random,
    ready: asyncio.Event,
    stop: asyncio.Event,
) -> None:
    """One human seat: play whenever it is this seat's turn, until ``stop``."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    from pegboard.web.updates import apply_update

    first_human = seat == table_.humans[0][0]
    pending: tuple[int, int] | None = None  # the move this client sent last
    last: dict[str, Any] | None = None  # the last state, which an update changes
    async with connect(f"{ws_base}/ws/{table_.id}", max_size=None) as ws:
        hello = {"type": "hello", "seat": seat, "token": token, "since": 0, "lang": "en"}
        if updates:  # as the browser's page does, unless --full-states
            hello["updates"] = True
        await ws.send(json.dumps(hello))
        ready.set()
        try:
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                if message["type"] == "error":
                    if run.measuring(now):
                        code = str(message.get("code"))
                        run.errors[code] = run.errors.get(code, 0) + 1
                    # A refused move: forget it, and ask for the state again (a second
                    # hello is a resync) to play from there.
                    if pending is not None and pending not in table_.seen:
                        table_.sent.pop(pending, None)
                    await ws.send(json.dumps(hello))
                    continue
                if message["type"] == "update" and last is not None:
                    message = apply_update(last, message)
                if message["type"] != "state":
                    continue
                last = message
                match, seq, view = message["match"], message["seq"], message["view"]
                key = (match, seq)
                if key not in table_.seen:
                    table_.seen.add(key)
                    if run.measuring(now) and seq > 0:
                        run.moves += 1
                sent = table_.sent.get(key)
                if sent is not None:
                    sent_at, mover, action = sent
                    if mover == seat:
                        table_.acknowledged[key] = (mover, action)
                    if run.measuring(sent_at):
                        latency = now - sent_at
                        (run.mover_latency if mover == seat else run.other_latency).append(latency)
                if stop.is_set():
                    continue  # keep reading: the moves in flight still get their states
                if view["is_over"]:
                    if first_human and match not in table_.again_asked:
                        table_.again_asked.add(match)
                        await ws.send(json.dumps({"type": "again"}))
                    continue
                next_key = (match, seq + 1)
                if view["your_turn"] and view["legal"] and next_key not in table_.sent:
                    if think > 0:
                        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                        if stop.is_set():
                            continue
                    action = rng.choice(view["legal"])["action"]
                    table_.sent[next_key] = (time.perf_counter(), seat, action)
                    pending = next_key
                    await ws.send(json.dumps({"type": "act", "action": action, "seq": seq}))
        except ConnectionClosed:
            pass
        if not stop.is_set():
            run.closed += 1


async def play(base: str, tables: list[Table], options: argparse.Namespace, rep: int) -> Run:
    run = Run(tables, start=float("inf"), end=float("inf"))
    ws_base = base.replace("http://", "ws://")
    stop = asyncio.Event()
    tasks = []
    readies = []
    for t, table_ in enumerate(tables):
        for seat, token in table_.humans:
            ready = asyncio.Event()
            readies.append(ready)
            rng = random.Random(SEED * 1_000_003 + rep * 10_007 + t * 11 + seat)
            tasks.append(
                asyncio.create_task(
                    player(
                        run,
                        table_,
                        seat,
                        token,
                        ws_base,
                        options.think,
                        not options.full_states,
                        rng,
                        ready,
                        stop,
                    )
                )
            )
    for ready in readies:
        await ready.wait()
    await asyncio.sleep(min(2.0, options.seconds / 5))  # warm-up, not measured
    pid = SERVED[-1]
    histograms_before = await histograms(base)
    (user_before, system_before), client_before = server_times(pid), time.process_time()
    run.start = time.perf_counter()
    await asyncio.sleep(options.seconds)
    run.end = time.perf_counter()
    user_after, system_after = server_times(pid)
    run.system_cpu = system_after - system_before
    run.cpu = user_after - user_before + run.system_cpu
    run.histograms = {
        name: [
            (bound, after - before)
            for (bound, after), (_, before) in zip(
                counts, histograms_before.get(name, [(b, 0.0) for b, _ in counts]), strict=True
            )
        ]
        for name, counts in (await histograms(base)).items()
    }
    run.client_cpu = time.process_time() - client_before
    stop.set()
    await asyncio.sleep(2.0)  # the moves in flight reach every seat (bots stop at a human)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException) and not _cancelled(r)]
    if failed:
        raise SystemExit(f"bench_web: {len(failed)} clients failed, first: {failed[0]!r}")
    return run


HISTOGRAMS: tuple[str, ...] = (
    "pegboard_commit_seconds",
    "pegboard_broadcast_seconds",
    "pegboard_gc_pause_seconds",
)


async def histograms(base: str) -> dict[str, list[tuple[float, float]]]:
    """The server's latency histograms from ``/metrics`` (one process's: with --workers the
    one that answers): for each, its cumulative (bound, count) pairs; the collector's by
    generation, as ``pegboard_gc_pause_2_seconds``. Empty when the server has no such
    metrics (an older commit's)."""
    import httpx
    from prometheus_client.parser import text_string_to_metric_families

    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        response = await client.get("/metrics")
    if response.status_code != 200:
        return {}
    found: dict[str, list[tuple[float, float]]] = {}
    for family in text_string_to_metric_families(response.text):
        if family.name in HISTOGRAMS:
            for sample in family.samples:
                generation = sample.labels.get("generation")
                name = family.name
                if generation is not None:
                    name = f"{name.removesuffix('_seconds')}_{generation}_seconds"
                if sample.name.endswith("_bucket"):
                    found.setdefault(name, []).append((float(sample.labels["le"]), sample.value))
                elif sample.name.endswith("_sum"):  # the seconds in all, as one pair
                    found.setdefault(f"{name}_sum", []).append((float("inf"), sample.value))
    return found


def histogram_quantile(buckets: list[tuple[float, float]], q: float) -> float:
    """Prometheus's ``histogram_quantile``: linear within the bucket that holds the quantile
    (cumulative counts, the last bound +Inf, reported as the last finite bound)."""
    total = buckets[-1][1] if buckets else 0.0
    if total <= 0:
        return float("nan")
    rank = q * total
    lower_bound, lower_count = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if bound == float("inf"):
                return lower_bound
            share = (rank - lower_count) / (count - lower_count) if count > lower_count else 1
            return lower_bound + (bound - lower_bound) * share
        lower_bound, lower_count = bound, count
    return lower_bound


def _cancelled(error: BaseException) -> bool:
    return isinstance(error, asyncio.CancelledError)


# -- nothing lost ----------------------------------------------------------------------------------


def stored(engine: Engine, table_id: str) -> dict[str, Any]:
    """A table as the database holds it, read with plain SQL (the schema of docs/web.md)."""
    from sqlalchemy import text

    from pegboard.i18n import translator
    from pegboard.web.records import SeatInfo
    from pegboard.web.seat_names import seat_names

    # One connection per read: each sees what is committed by then.
    with engine.connect() as connection:
        game, config, number = connection.execute(
            text("SELECT game, config, match_number FROM tables WHERE id = :id"),
            {"id": table_id},
        ).one()
        seats = [
            SeatInfo(seat=seat, kind=kind, level=level, name=name)
            for seat, kind, level, name in connection.execute(
                text(
                    "SELECT seat, kind, level, name FROM seats WHERE table_id = :id ORDER BY seat"
                ),
                {"id": table_id},
            )
        ]
        # The names as the site says them (``seat_names``: a bot is "Leo (Greedy bot)").
        names = seat_names(game, seats, translator("en"))
        matches = {}
        for match_number, seed in connection.execute(
            text("SELECT number, seed FROM matches WHERE table_id = :id ORDER BY number"),
            {"id": table_id},
        ):
            log = connection.execute(
                text(
                    "SELECT seq, seat, action FROM actions WHERE table_id = :id"
                    " AND match_number = :n ORDER BY seq"
                ),
                {"id": table_id, "n": match_number},
            ).all()
            matches[match_number] = (seed, [(seq, seat, action) for seq, seat, action in log])
    if isinstance(config, str):  # SQLite hands JSON back as text
        config = json.loads(config)
    return {"game": game, "config": config, "number": number, "names": names, "matches": matches}


async def spectator_state(ws_base: str, table_id: str) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    async with connect(f"{ws_base}/ws/{table_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "since": 0, "lang": "en"}))
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message["type"] == "state":
                return message


async def verify(base: str, db_url: str, run: Run, views_too: bool = True) -> dict[str, int]:
    """Every table's log replays, holds every acknowledged move, and (``views_too``) gives
    the view a spectator gets. Raises SystemExit on the first table that does not. (The
    views of an older server, ``--server-source``, are its own: only its log is checked.)"""
    from sqlalchemy import create_engine

    engine = create_engine(db_url)
    try:
        return await _verify(base, engine, run, views_too)
    finally:
        engine.dispose()


async def _verify(base: str, engine: Engine, run: Run, views_too: bool) -> dict[str, int]:
    import pegboard.games
    from pegboard.web import views

    ws_base = base.replace("http://", "ws://")
    checked_actions = 0
    matches = 0
    for table_ in run.tables:
        for _attempt in range(10):
            record = await asyncio.to_thread(stored, engine, table_.id)
            state = await spectator_state(ws_base, table_.id)
            seed, log = record["matches"][record["number"]]
            if state["match"] == record["number"] and state["seq"] == len(log):
                break
            await asyncio.sleep(0.5)  # a bot still moving: wait for the table to rest
        else:
            raise SystemExit(
                f"bench_web: table {table_.id}: the spectator's seq {state['seq']} (match "
                f"{state['match']}) is not the log's {len(log)} (match {record['number']})"
            )
        for number, (seed, log) in record["matches"].items():
            if [seq for seq, _, _ in log] != list(range(1, len(log) + 1)):
                raise SystemExit(f"bench_web: table {table_.id} match {number}: seq has gaps")
            logged = {(number, seq): (seat, action) for seq, seat, action in log}
            for key, move in table_.acknowledged.items():
                if key[0] == number and logged.get(key) != move:
                    raise SystemExit(
                        f"bench_web: table {table_.id}: acknowledged move {key} {move} "
                        f"is not in the log ({logged.get(key)})"
                    )
            match = pegboard.games.get(record["game"]).replay(
                record["config"], seed, [(s, a) for _, s, a in log]
            )
            checked_actions += len(log)
            matches += 1
            if views_too and number == record["number"]:
                expected = views.view(match, record["game"], None, "en", record["names"])
                if state["view"] != expected:
                    diff = sorted(k for k in expected if state["view"].get(k) != expected.get(k))
                    raise SystemExit(
                        f"bench_web: table {table_.id}: the spectator's view differs from "
                        f"the replayed log in {diff}"
                    )
    acknowledged = sum(len(t.acknowledged) for t in run.tables)
    return {
        "tables": len(run.tables),
        "matches": matches,
        "actions": checked_actions,
        "acknowledged": acknowledged,
    }


# -- one repetition, and the whole benchmark -----------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def repetition(
    options: argparse.Namespace, rep: int, source: str | None = None, label: str = ""
) -> dict[str, float]:
    """One run against a fresh server (``source``: an older checkout's, whose views are its
    own: only its log is checked)."""
    plans = table_plans(options.tables, options.bot_level, random.Random(SEED + rep))
    extra = ["--workers", str(options.workers)] if options.workers > 1 else []
    with (
        database(options) as db_url,
        server(db_url, *extra, source=source) as base,
    ):
        tables = asyncio.run(create_tables(base, plans))
        run = asyncio.run(play(base, tables, options, rep))
        checked = asyncio.run(verify(base, db_url, run, source is None))
    seconds = run.end - run.start
    figures = {
        "tables": float(len(tables)),
        "connections": float(sum(len(t.humans) for t in tables)),
        "moves_per_second": run.moves / seconds,
        "server_cpu_ms_per_move": 1000 * run.cpu / max(run.moves, 1),
        "server_system_cpu_ms_per_move": 1000 * run.system_cpu / max(run.moves, 1),
        "server_cpu_share": run.cpu / seconds,
        "client_cpu_ms_per_move": 1000 * run.client_cpu / max(run.moves, 1),
        "mover_p50_ms": 1000 * percentile(run.mover_latency, 0.5),
        "mover_p99_ms": 1000 * percentile(run.mover_latency, 0.99),
        "others_p50_ms": 1000 * percentile(run.other_latency, 0.5),
        "others_p99_ms": 1000 * percentile(run.other_latency, 0.99),
        "client_moves": float(len(run.mover_latency)),
        "errors": float(sum(run.errors.values())),
        "closed": float(run.closed),
        "checked_actions": float(checked["actions"]),
        "checked_matches": float(checked["matches"]),
    }
    for name, buckets in run.histograms.items():
        if name.endswith("_sum"):  # seconds spent in all over the window
            short = name.removeprefix("pegboard_").removesuffix("_seconds_sum")
            figures[f"{short}_ms_per_second"] = 1000 * buckets[-1][1] / seconds
            continue
        short = name.removeprefix("pegboard_").removesuffix("_seconds")
        for q in (0.5, 0.99):
            figures[f"{short}_p{round(q * 100)}_ms"] = 1000 * histogram_quantile(buckets, q)
        figures[f"{short}_count"] = buckets[-1][1] if buckets else 0.0
    print(
        f"  run {rep + 1}{label}: {figures['moves_per_second']:.0f} moves/s, "
        f"{figures['server_cpu_ms_per_move']:.2f} ms of server CPU a move "
        f"({figures['server_system_cpu_ms_per_move']:.2f} in the kernel; the server's "
        f"processes busy {100 * figures['server_cpu_share']:.0f}% of one core; "
        f"{figures['client_cpu_ms_per_move']:.2f} ms of the clients'), mover p50/p99 "
        f"{figures['mover_p50_ms']:.1f}/{figures['mover_p99_ms']:.1f} ms, others "
        f"{figures['others_p50_ms']:.1f}/{figures['others_p99_ms']:.1f} ms, errors "
        f"{run.errors or 0}; replayed {checked['matches']} matches, {checked['actions']} "
        f"actions ({checked['acknowledged']} acknowledged to clients): nothing lost",
        flush=True,
    )
    if "commit_p50_ms" in figures:
        print(
            f"         server's commit p50/p99 {figures['commit_p50_ms']:.1f}/"
            f"{figures['commit_p99_ms']:.1f} ms (its wait for the group included), "
            f"broadcast {figures['broadcast_p50_ms']:.1f}/{figures['broadcast_p99_ms']:.1f} ms",
            flush=True,
        )
    if any(key.startswith("gc_pause_") for key in figures):
        print(
            f"         the collector's full passes: {figures.get('gc_pause_2_count', 0):.0f}, "
            f"p50 {figures.get('gc_pause_2_p50_ms', float('nan')):.1f} ms; younger passes "
            f"{figures.get('gc_pause_0_count', 0) + figures.get('gc_pause_1_count', 0):.0f}; "
            "its time in all, by generation: "
            + ", ".join(f"{figures.get(f'gc_pause_{g}_ms_per_second', 0):.0f}" for g in range(3))
            + " ms a second",
            flush=True,
        )
    return figures


# -- memory at rest ------------------------------------------------------------------------


async def open_idle_sockets(
    ws_base: str, tables: list[Table], held: list[Any], at_once: int = 100
) -> None:
    """One connection per human seat of ``tables``, each said hello and answered with its
    first state, then left open (in ``held``) and silent."""
    from websockets.asyncio.client import connect

    async def one(table_: Table, seat: int, token: str) -> None:
        ws = await connect(f"{ws_base}/ws/{table_.id}", max_size=None)
        held.append(ws)
        hello = {"type": "hello", "seat": seat, "token": token, "since": 0, "lang": "en"}
        await ws.send(json.dumps({**hello, "updates": True}))
        while json.loads(await ws.recv())["type"] != "state":
            pass

    seats = [(t, seat, token) for t in tables for seat, token in t.humans]
    for first in range(0, len(seats), at_once):
        await asyncio.gather(*(one(*s) for s in seats[first : first + at_once]))


async def idle_memory(base: str, pid: int, count: int, sockets_per_table: int) -> dict[str, float]:
    """The server's resident memory (its own process: the bots' pool does not grow with
    tables) before and after ``count`` new idle tables of Draw for ``sockets_per_table``
    people, then after one idle connection per seat: bytes per table and per connection."""
    plans = [
        {
            "game": "draw",
            "players": sockets_per_table,
            "seats": [{"kind": "human", "name": f"p{s}"} for s in range(sockets_per_table)],
        }
        for _ in range(count)
    ]
    await asyncio.sleep(1.0)
    before = resident_bytes(pid)
    tables = await create_tables(base, plans)
    await asyncio.sleep(1.0)
    with_tables = resident_bytes(pid)
    held: list[Any] = []
    try:
        await open_idle_sockets(base.replace("http://", "ws://"), tables, held)
        await asyncio.sleep(1.0)
        with_sockets = resident_bytes(pid)
    finally:
        await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)
    sockets = len(held)
    return {
        "idle_tables": float(count),
        "idle_sockets": float(sockets),
        "rss_before_mb": before / 2**20,
        "rss_tables_mb": with_tables / 2**20,
        "rss_sockets_mb": with_sockets / 2**20,
        "kb_per_idle_table": (with_tables - before) / count / 1024,
        "kb_per_idle_socket": (with_sockets - with_tables) / max(sockets, 1) / 1024,
    }


def memory(options: argparse.Namespace, source: str | None = None) -> dict[str, float]:
    with database(options) as db_url, server(db_url, source=source) as base:
        pid = SERVED[-1]
        figures = asyncio.run(idle_memory(base, pid, options.idle_tables, 2))
    print(
        f"  memory at rest{' (baseline)' if source else ''}: "
        f"{figures['idle_tables']:.0f} idle tables "
        f"{figures['rss_before_mb']:.1f} -> {figures['rss_tables_mb']:.1f} MB resident, "
        f"{figures['kb_per_idle_table']:.1f} KB a table; {figures['idle_sockets']:.0f} idle "
        f"connections -> {figures['rss_sockets_mb']:.1f} MB, "
        f"{figures['kb_per_idle_socket']:.1f} KB a connection",
        flush=True,
    )
    return figures


# -- the command --------------------------------------------------------------------------


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m benchmarks web")
    parser.add_argument("--tables", type=int, default=20 if quick() else 100)
    parser.add_argument("--seconds", type=float, default=5.0 if quick() else 30.0)
    parser.add_argument("--repetitions", type=int, default=2 if quick() else 3)
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a player waits before moving"
    )
    parser.add_argument("--bot-level", default="greedy")
    parser.add_argument(
        "--full-states",
        action="store_true",
        help="clients ask for every state whole, not for updates (docs/web.md)",
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes (pegboard serve --workers)"
    )
    parser.add_argument(
        "--server-source",
        help="run the server from this src folder (a worktree of an older commit, to "
        "compare it with the same clients in one run; with --full-states before updates)",
    )
    parser.add_argument(
        "--baseline-source",
        help="also run a server from this src folder (an older commit's), alternating with "
        "this tree's repetition by repetition (ABBA...), and report both and their ratios",
    )
    parser.add_argument(
        "--idle-tables",
        type=int,
        default=100 if quick() else 1000,
        help="memory at rest: this many idle tables of two, then a connection per seat "
        "(0: not measured)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--postgres", action="store_true", help="a fresh PostgreSQL database")
    where.add_argument("--db", help="this database URL, as it is")
    options, _ = parser.parse_known_args(sys.argv[1:])
    return options


def summary_rows(medians: dict[str, float]) -> list[list[str]]:
    return [
        ["tables held", f"{medians['tables']:.0f}"],
        ["WebSocket connections", f"{medians['connections']:.0f}"],
        ["moves/s (bots' included)", f"{medians['moves_per_second']:.0f}"],
        [
            "server CPU per move, broadcasts included (ms)",
            f"{medians['server_cpu_ms_per_move']:.2f}",
        ],
        ["  of which the kernel's (ms)", f"{medians['server_system_cpu_ms_per_move']:.2f}"],
        [
            "the clients' CPU per move, all in this process (ms)",
            f"{medians['client_cpu_ms_per_move']:.2f}",
        ],
        [
            "latency at the mover p50 / p99 (ms)",
            f"{medians['mover_p50_ms']:.1f} / {medians['mover_p99_ms']:.1f}",
        ],
        [
            "latency at the other seats p50 / p99 (ms)",
            f"{medians['others_p50_ms']:.1f} / {medians['others_p99_ms']:.1f}",
        ],
        ["errors, connections closed", f"{medians['errors']:.0f}, {medians['closed']:.0f}"],
    ]


def medians_of(runs: list[dict[str, float]]) -> dict[str, float]:
    keys = set.intersection(*(set(r) for r in runs))
    return {key: statistics.median(r[key] for r in runs) for key in sorted(keys)}


def main() -> None:
    options = arguments()
    storage = "given database" if options.db else "PostgreSQL" if options.postgres else "SQLite"
    mode = " (quick mode)" if quick() else ""
    print(
        f"{options.tables} tables on {storage}, {options.workers} server process(es), "
        f"{options.seconds:g} s each run, think "
        f"{options.think:g} s, bots {options.bot_level}, {options.repetitions} runs{mode}, "
        f"{'full states' if options.full_states else 'updates'}"
        f"{', against the baseline ' + options.baseline_source if options.baseline_source else ''}",
        flush=True,
    )
    runs: list[dict[str, float]] = []
    baseline: list[dict[str, float]] = []
    for rep in range(options.repetitions):
        if options.baseline_source is None:
            runs.append(repetition(options, rep, options.server_source))
            continue
        # A, B, B, A...: each side as often first as second, the same plans for both
        first_baseline = rep % 2 == 0
        for side in (True, False) if first_baseline else (False, True):
            if side:
                baseline.append(repetition(options, rep, options.baseline_source, " baseline"))
            else:
                runs.append(repetition(options, rep, options.server_source, " this tree"))
    medians = medians_of(runs)
    results: dict[str, Any] = {"runs": runs, "medians": medians}
    if baseline:
        before = medians_of(baseline)
        rows = []
        for (name, now), (_, was) in zip(summary_rows(medians), summary_rows(before), strict=True):
            rows.append([name, was, now])
        print(table(["median of runs", "baseline", "this tree"], rows))
        ratios = {
            key: medians[key] / before[key]
            for key in ("server_cpu_ms_per_move", "moves_per_second", "mover_p99_ms")
            if before.get(key)
        }
        print(
            "this tree / baseline: "
            + ", ".join(f"{key} {ratio:.2f}x" for key, ratio in ratios.items()),
            flush=True,
        )
        results.update(baseline_runs=baseline, baseline_medians=before, ratios=ratios)
    else:
        print(table(["median of runs", "value"], summary_rows(medians)))
    if options.idle_tables > 0 and options.workers == 1:
        results["memory"] = memory(options, options.server_source)
        if options.baseline_source:
            results["baseline_memory"] = memory(options, options.baseline_source)
    path = save_results(
        "web",
        {
            "options": {k: v for k, v in vars(options).items() if k != "db"},
            "storage": storage,
            **results,
        },
    )
    print(f"saved {path.relative_to(REPO)}")


if __name__ == "__main__":
    main()
