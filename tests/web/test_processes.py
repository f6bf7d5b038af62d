"""Two real ``pegboard serve`` processes on one PostgreSQL database (issue 16): seat 0 on
process A, seat 1 and a spectator on process B, a whole match with a bot: every client
sees every move, in order, once; ``kill -9`` of B mid-round: its clients reconnect to A
and finish with nothing lost; ``leave`` through A closes the old seat's socket on B;
``again`` from both seats at once, through A and through B, starts exactly one match.
``test_deploy_nginx.py`` runs a match through nginx in front of two processes."""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import text, update

import pegboard.games
from pegboard.web.clocks import Clock
from pegboard.web.db import MatchRow, make_engine, throwaway_database
from pegboard.web.records import CHANNEL
from pegboard.web.store import Store
from tests.web.conftest import HANG_GUARD, POSTGRES_ENV, Server
from tests.web.real_socket import RealClient as Client


@pytest.fixture
def shared_url() -> Iterator[str]:
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (make test starts a server and sets it)")
    with throwaway_database(base, "pegboard_processes") as url:
        yield url


def two_servers(tmp_path: Path, servers: list[Server], url: str) -> tuple[Server, Server]:
    """Processes A and B on the database at ``url`` (killed after the test)."""
    for _ in range(2):
        servers.append(Server(url, tmp_path))
    return servers[-2], servers[-1]


def moves_seen(client: Client) -> list[tuple[int, int]]:
    """The (match, seq) of a client's states, each once: a state that repeats the last
    seq (somebody came or went) is not a move."""
    seen: list[tuple[int, int]] = []
    for point in client.seqs:
        if not seen or seen[-1] != point:
            seen.append(point)
    return seen


def assert_saw_every_move(
    client: Client, end: int, log: list[tuple[int, int, str]], bot: int | None = None
) -> None:
    """The client saw every move of match 1 to ``end``, in order, once, from its first state
    on; before that state only the ``bot`` moved (a quick bot leads at once, before the
    people's sockets are open: a client then starts from the table as it is)."""
    seen = moves_seen(client)
    start = seen[0][1]
    assert seen == [(1, n) for n in range(start, end + 1)]
    assert all(seat == bot for seq, seat, _ in log if seq <= start)


def post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = httpx.post(f"{base}{path}", json=body, timeout=HANG_GUARD)
    assert answer.status_code < 300, answer.text
    result: dict[str, Any] = answer.json()
    return result


def new_table(base: str, seats: list[dict[str, Any]], **options: Any) -> tuple[str, dict[int, str]]:
    """A table made through ``base``: its id, and each human seat's token (the others'
    invitations claimed through ``base`` too)."""
    created = post(base, "/api/tables", {"game": "draw", "seats": seats, **options})
    tokens = {}
    for seat, info in enumerate(created["seats"]):
        if info.get("token"):
            tokens[seat] = info["token"]
        elif info.get("invite"):
            code = info["invite"].split("#invite=")[1]
            tokens[seat] = post(base, f"/api/tables/{created['table']}/claim", {"invite": code})[
                "token"
            ]
    return created["table"], tokens


def play_to(
    clients: dict[int, Client],
    everyone: list[Client],
    rng: random.Random,
    stop: Callable[[dict[str, Any]], bool],
) -> None:
    """Random legal moves by the people, the bot moving in the servers' own time, until
    ``stop`` holds for the state every client has reached."""
    while True:
        for client in everyone:
            client.sync()
        latest = max(c.state["match"] * 10_000 + c.state["seq"] for c in everyone)
        for client in everyone:
            client.until(lambda s, n=latest: s["match"] * 10_000 + s["seq"] >= n)  # type: ignore[misc]
        view = everyone[0].state["view"]
        if stop(everyone[0].state):
            return
        mover = clients.get(view["current"])
        if mover is None:  # the bot's turn: wait for its move
            seq = everyone[0].state["seq"]
            everyone[0].until(lambda s, n=seq: s["seq"] > n or s["view"]["is_over"])  # type: ignore[misc]
            continue
        seq = mover.state["seq"]
        action = rng.choice(mover.state["view"]["legal"])["action"]
        mover.socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
        got = mover.sync()
        assert [m for m in got if m["type"] == "error"] == [], got


def test_two_processes_one_match_a_bot_and_a_kill(
    tmp_path: Path, servers: list[Server], shared_url: str
) -> None:
    a, b = two_servers(tmp_path, servers, shared_url)
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "greedy"}]
    table_id, tokens = new_table(a.base, seats, players=3, target=15)
    rng = random.Random(16)
    with ExitStack() as sockets:
        zero = Client(sockets, a.base, table_id, 0, tokens[0])
        one = Client(sockets, b.base, table_id, 1, tokens[1])
        watcher = Client(sockets, b.base, table_id, None, None)
        everyone = [zero, one, watcher]
        people = {0: zero, 1: one}
        # Mid-round, past the first few moves:
        play_to(people, everyone, rng, lambda s: s["seq"] >= 8)
        before = {id(c): moves_seen(c) for c in everyone}
        b.kill()
        for client in (one, watcher):
            client.closed()
            client.connect(a.base)  # the other process serves the table just the same
        play_to(people, everyone, rng, lambda s: s["view"]["is_over"])
        end = zero.state["seq"]

    # The client that stayed saw every move, in order, once; the ones that moved to A saw
    # every move up to the kill, then the table where it was, then every move on.
    store = Store(make_engine(shared_url))
    log = store.log(table_id, 1)
    assert_saw_every_move(zero, end, log, bot=2)
    for client in (one, watcher):
        seen = moves_seen(client)
        assert seen[: len(before[id(client)])] == before[id(client)]
        assert seen == sorted(set(seen)) and seen[-1] == (1, end)
        assert client.state["view"]["scores"] == zero.state["view"]["scores"]
    assert [seq for seq, _, _ in log] == list(range(1, end + 1))
    record = store.load_table(table_id)
    assert record is not None and record.status == "over"
    replayed = pegboard.games.get("draw").replay(record.config, record.seed, record.actions)
    assert replayed.is_over and list(replayed.scores) == zero.state["view"]["scores"]
    assert any(seat == 2 for _, seat, _ in log)  # the bot moved, each move once in the log


def test_leave_through_one_process_closes_the_seat_socket_on_the_other(
    tmp_path: Path, servers: list[Server], shared_url: str
) -> None:
    a, b = two_servers(tmp_path, servers, shared_url)
    table_id, tokens = new_table(a.base, [{"kind": "human"}, {"kind": "human"}], players=2)
    with ExitStack() as sockets:
        one = Client(sockets, b.base, table_id, 1, tokens[1])
        post(a.base, f"/api/tables/{table_id}/seats/1/leave", {"token": tokens[1]})
        assert one.closed() == 4403


def test_again_from_both_seats_through_two_processes_starts_one_match(
    tmp_path: Path, servers: list[Server], shared_url: str
) -> None:
    a, b = two_servers(tmp_path, servers, shared_url)
    table_id, tokens = new_table(
        a.base, [{"kind": "human"}, {"kind": "human"}], players=2, target=1
    )
    with ExitStack() as sockets:
        zero = Client(sockets, a.base, table_id, 0, tokens[0])
        one = Client(sockets, b.base, table_id, 1, tokens[1])
        play_to({0: zero, 1: one}, [zero, one], random.Random(3), lambda s: s["view"]["is_over"])
        start = threading.Barrier(2)

        def again(client: Client) -> None:
            start.wait()
            client.socket.send(json.dumps({"type": "again"}))

        senders = [threading.Thread(target=again, args=(c,)) for c in (zero, one)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        for client in (zero, one):
            client.at(2, 0)
            errors = [m for m in client.sync() if m["type"] == "error"]
            assert errors == []
        assert zero.state["match"] == one.state["match"] == 2
    store = Store(make_engine(shared_url))
    record = store.load_table(table_id)
    assert record is not None and record.match_number == 2
    assert store.log(table_id, 2) == []
    with store.session() as session:
        from sqlalchemy import func, select

        from pegboard.web.db import MatchRow

        count = session.scalar(
            select(func.count()).select_from(MatchRow).where(MatchRow.table_id == table_id)
        )
    assert count == 2


def worker_processes(pid: int) -> list[int]:
    """The server processes under ``pid`` (uvicorn's workers), from /proc."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if f"\nPPid:\t{pid}\n" in text:
            found.append(int(status.parent.name))
    return found


def test_two_processes_flag_a_staller_once(
    tmp_path: Path, servers: list[Server], shared_url: str
) -> None:
    """Ana's seat on process A, Bo's on B, a rated table with a clock; nobody moves. The
    running clock is set (in the database, as a commit would) to run out in 1.5 s, and both
    processes hear of it: each sets its alarm, both ring, and exactly one of them flags the
    seat; both tell their clients the same end, and the database holds it once."""
    a, b = two_servers(tmp_path, servers, shared_url)
    people = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    table_id, tokens = new_table(a.base, people, players=2, rated=True)
    with ExitStack() as sockets:
        ana = Client(sockets, a.base, table_id, 0, tokens[0])
        bo = Client(sockets, b.base, table_id, 1, tokens[1])
        for client in (ana, bo):
            client.sync()
        running = ana.state["table"]["clock"]["running"]
        assert running in (0, 1)
        store = Store(make_engine(shared_url))
        try:
            with store.session() as session, session.begin():
                left = [180.0, 180.0]
                left[running] = 1.5
                clock = Clock(tuple(left), time.time(), running)
                session.execute(
                    update(MatchRow)
                    .where(MatchRow.table_id == table_id, MatchRow.number == 1)
                    .values(clock=clock.to_json())
                )
                session.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANNEL, "payload": f"test {table_id}"},
                )
        finally:
            store.dispose()
            store.engine.dispose()
        for client in (ana, bo):
            client.until(lambda state: state["table"]["forfeit"] is not None)
            summary = client.state["table"]
            assert (summary["forfeit"], summary["ending"]) == (running, "flag")
        flags = [
            line
            for server in (a, b)
            for line in Path(server.log.name).read_text().splitlines()
            if "ran out of time" in line
        ]
        assert len(flags) == 1, flags
        with Store(make_engine(shared_url)).session() as session:
            match = session.get(MatchRow, (table_id, 1))
            assert match is not None and (match.forfeit, match.ending) == (running, "flag")


def test_serve_workers_2_serves_a_match_from_two_processes(
    tmp_path: Path, servers: list[Server], shared_url: str
) -> None:
    from tests.web.conftest import PLAY_LIMIT_OPTIONS

    server = Server(shared_url, tmp_path, [*PLAY_LIMIT_OPTIONS, "--workers", "2"])
    try:
        served_by_two(server, shared_url)
    finally:
        # SIGTERM: uvicorn stops its workers too (a SIGKILL would leave them running).
        server.process.terminate()
        server.process.wait(timeout=HANG_GUARD)
        server.log.close()
    assert worker_processes(server.process.pid) == []


def served_by_two(server: Server, shared_url: str) -> None:
    table_id, tokens = new_table(
        server.base, [{"kind": "human"}, {"kind": "human"}], players=2, target=1
    )
    with ExitStack() as sockets:
        clients = {n: Client(sockets, server.base, table_id, n, tokens[n]) for n in (0, 1)}
        watchers = [Client(sockets, server.base, table_id, None, None) for _ in range(2)]
        everyone = [*clients.values(), *watchers]
        play_to(clients, everyone, random.Random(2), lambda s: s["view"]["is_over"])
        end = clients[0].state["seq"]
    # uvicorn's spawned workers, plus its multiprocessing resource tracker.
    assert len(worker_processes(server.process.pid)) >= 2
    for client in everyone:
        assert moves_seen(client) == [(1, n) for n in range(end + 1)]
