"""Two server processes on one PostgreSQL database (issue 16), as two ``TableService`` of
their own (each its engine, its origin, its listener) in one event loop: a move, a leave,
a new match or a bot's move through one reaches the other's clients, in order and once;
the table's row lock makes two processes decide one after the other; a lost listening
connection catches up from the log. ``test_processes.py`` does the same with real
``pegboard serve`` processes."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import TypeVar

import psycopg
import pytest

from pegboard.i18n import translator
from pegboard.web.db import make_engine, throwaway_database, upgrade
from pegboard.web.fanout import APPLICATION, listen_url
from pegboard.web.service import TableService
from pegboard.web.store import Store
from pegboard.web.table_body import read_new_table
from pegboard.web.tables import ClientError
from tests.web.conftest import PLAY_LIMITS, POSTGRES_ENV
from tests.web.test_seat_tokens import Socket

EN = translator("en")  # the language of a body's refusal

T = TypeVar("T")
WAIT = 20.0
"""Seconds before a message that does not come fails the test (a guard, not a measure)."""


@pytest.fixture
def shared_url() -> Iterator[str]:
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (make test starts a server and sets it)")
    with throwaway_database(base, "pegboard_fanout") as url:
        yield url


def two_processes(
    url: str, body: Callable[[TableService, TableService], Awaitable[T]], *, listen: bool = True
) -> T:
    async def main() -> T:
        engines = [make_engine(url) for _ in range(2)]
        await asyncio.to_thread(upgrade, engines[0])
        a, b = (
            TableService(Store(e), bot_delay=0, seed_source=lambda: 7, limits=PLAY_LIMITS)
            for e in engines
        )
        try:
            if listen:
                for service in (a, b):
                    service.sync.listen()
                    assert service.sync.listener is not None
                    await asyncio.wait_for(service.sync.listener.listening.wait(), WAIT)
            return await body(a, b)
        finally:
            for service in (a, b):
                await service.close()
                service.store.dispose()
            for engine in engines:
                engine.dispose()

    return asyncio.run(main())


async def until(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.01)


def seqs(socket: Socket) -> list[int]:
    return [m["seq"] for m in socket.sent if m["type"] == "state"]


HUMANS = {
    "game": "draw",
    "players": 2,
    "target": 1,
    "seats": [{"kind": "human"}, {"kind": "human"}],
}


async def both_seated(a: TableService, b: TableService) -> tuple[str, Socket, Socket, Socket]:
    """A table of two people made on A; seat 0 connected to A, seat 1 and a spectator to
    B: (table id, seat 0's socket, seat 1's, the spectator's)."""
    table, tokens, invites = await a.maker.create(read_new_table(HUMANS, EN))
    _, tokens[1] = await a.seats.claim(table, invites[1], None, "en")
    on_b = await b.get(table.id)
    assert on_b is not None
    zero, one, watcher = Socket(0), Socket(1), Socket(None)
    await a.seats.connect(table, zero, tokens[0])
    await b.seats.connect(on_b, one, tokens[1])
    await b.seats.connect(on_b, watcher, None)
    return table.id, zero, one, watcher


async def play_one(sides: dict[int, tuple[TableService, Socket]], table_id: str, seq: int) -> None:
    """The move after ``seq``, by whichever seat is to play, through its own process."""
    for service, _ in sides.values():
        table = await service.get(table_id)
        assert table is not None
        await until(lambda t=table: t.seq == seq, f"process at move {seq}")  # type: ignore[misc]
    for seat, (service, socket) in sides.items():
        table = await service.get(table_id)
        assert table is not None
        if table.match.current_player == seat:
            view = service.state(table, socket)["view"]
            await service.act(table, socket, view["legal"][0]["action"], seq)
            return
    raise AssertionError("nobody is to play")


def test_moves_through_either_process_reach_every_client_in_order_once(shared_url: str) -> None:
    async def body(a: TableService, b: TableService) -> None:
        table_id, zero, one, watcher = await both_seated(a, b)
        sides = {0: (a, zero), 1: (b, one)}
        # Who is here crosses between the processes too, each as a state of the same seq:
        # those of the connections above are waited for, so that only moves follow.
        for socket in (zero, one, watcher):
            await until(lambda s=socket: connected(s) == [True, True], "both seats here")  # type: ignore[misc]
            socket.sent.clear()
        table = await a.get(table_id)
        assert table is not None
        moves = 12
        for seq in range(moves):
            await play_one(sides, table_id, seq)
        for socket in (zero, one, watcher):
            await until(lambda s=socket: moves in seqs(s), "the last move reached a client")  # type: ignore[misc]
            assert seqs(socket) == list(range(1, moves + 1)), socket.seat
        # Both copies are the log's.
        log = await asyncio.to_thread(a.store.log, table_id, 1)
        assert len(log) == moves
        for service in (a, b):
            copy = await service.get(table_id)
            assert copy is not None
            assert copy.record.actions == [(seat, action) for _, seat, action in log]

    two_processes(shared_url, body)


def test_without_listening_the_other_process_clients_miss_the_moves(shared_url: str) -> None:
    """The check above catches a fan-out that is not there: with no listener, B's clients
    never hear of A's move."""

    async def body(a: TableService, b: TableService) -> None:
        table_id, zero, _, watcher = await both_seated(a, b)
        watcher.sent.clear()
        table = await a.get(table_id)
        assert table is not None
        view = a.state(table, zero)["view"]
        await a.act(table, zero, view["legal"][0]["action"], 0)
        await asyncio.sleep(0.5)
        assert seqs(watcher) == []

    two_processes(shared_url, body, listen=False)


def test_a_stale_copy_cannot_fork_the_log(shared_url: str) -> None:
    """With no notification at all, B's copy is behind. Seat 0, connected to both, plays
    one move through A and another, for the same seq, through B: the log's unique key lets
    A's in and refuses B's as stale, and B's copy is made again from the log: one log, no
    fork, and B then plays on from A's move."""

    async def body(a: TableService, b: TableService) -> None:
        table, tokens, invites = await a.maker.create(read_new_table(HUMANS, EN))
        _, tokens[1] = await a.seats.claim(table, invites[1], None, "en")
        table_b = await b.get(table.id)
        assert table_b is not None
        on_a, on_b = Socket(0), Socket(0)
        await a.seats.connect(table, on_a, tokens[0])
        await b.seats.connect(table_b, on_b, tokens[0])
        assert table.match.current_player == 0
        legal = [m["action"] for m in a.state(table, on_a)["view"]["legal"]]
        await a.act(table, on_a, legal[0], 0)
        assert table_b.seq == 0  # B heard nothing
        with pytest.raises(ClientError) as refused:
            await b.act(table_b, on_b, legal[-1], 0)
        assert refused.value.code == "stale"
        assert table_b.seq == 1 and table_b.record.actions == table.record.actions
        log = await asyncio.to_thread(a.store.log, table.id, 1)
        assert [(n, s, x) for n, s, x in log] == [(1, 0, table.record.actions[0][1])]
        assert on_b.sent[-1]["type"] == "state" and on_b.sent[-1]["seq"] == 1  # told

    two_processes(shared_url, body, listen=False)


def test_leave_through_one_process_closes_the_old_seat_socket_on_the_other(
    shared_url: str,
) -> None:
    async def body(a: TableService, b: TableService) -> None:
        table, _, invites = await a.maker.create(read_new_table(HUMANS, EN))
        _, token = await a.seats.claim(table, invites[1], None, "en")
        on_b = await b.get(table.id)
        assert on_b is not None
        one = Socket(1)
        await b.seats.connect(on_b, one, token)
        await a.seats.leave(table, 1, token, "en")
        await until(lambda: one.closed == 4403, "the old seat's socket closed")
        assert one.sent[-1]["type"] == "error" and one.sent[-1]["code"] == "auth"
        # Its token opens nothing any more, on either process.
        with pytest.raises(ClientError):
            await b.seats.connect(on_b, Socket(1), token)

    two_processes(shared_url, body)


async def finished(a: TableService, b: TableService) -> tuple[str, Socket, Socket, Socket]:
    table_id, zero, one, watcher = await both_seated(a, b)
    sides = {0: (a, zero), 1: (b, one)}
    seq = 0
    while True:
        table = await a.get(table_id)
        assert table is not None
        done = seq
        await until(lambda t=table, n=done: t.seq == n, "A caught up")  # type: ignore[misc]
        if table.match.is_over:
            return table_id, zero, one, watcher
        await play_one(sides, table_id, seq)
        seq += 1


def test_again_from_both_seats_through_two_processes_starts_exactly_one_match(
    shared_url: str,
) -> None:
    async def body(a: TableService, b: TableService) -> None:
        table_id, zero, one, _ = await finished(a, b)
        table_a, table_b = await a.get(table_id), await b.get(table_id)
        assert table_a is not None and table_b is not None
        await until(lambda: table_b.match.is_over, "B saw the end")
        results = await asyncio.gather(
            a.again(table_a, zero), b.again(table_b, one), return_exceptions=True
        )
        assert [r for r in results if isinstance(r, BaseException)] == []
        await until(
            lambda: table_a.record.match_number == table_b.record.match_number == 2,
            "both copies at match 2",
        )
        stored = await asyncio.to_thread(a.store.load_table, table_id)
        assert stored is not None and stored.match_number == 2
        with a.store.session() as session:
            from sqlalchemy import func, select

            from pegboard.web.db import MatchRow

            count = session.scalar(
                select(func.count()).select_from(MatchRow).where(MatchRow.table_id == table_id)
            )
        assert count == 2
        assert table_a.record.seed == table_b.record.seed == stored.seed

    two_processes(shared_url, body)


def test_a_bot_moves_exactly_once_while_two_processes_hold_its_table(shared_url: str) -> None:
    async def body(a: TableService, b: TableService) -> None:
        request = {
            "game": "draw",
            "players": 2,
            "target": 1,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "greedy"}],
        }
        table, tokens, _ = await a.maker.create(read_new_table(request, EN))
        on_b = await b.get(table.id)
        assert on_b is not None
        zero, watcher = Socket(0), Socket(None)
        await a.seats.connect(table, zero, tokens[0])
        await b.seats.connect(on_b, watcher, None)
        while not table.match.is_over:
            await until(
                lambda: table.match.is_over or table.match.current_player == 0, "the human's turn"
            )
            if table.match.is_over:
                break
            view = a.state(table, zero)["view"]
            try:
                await a.act(table, zero, view["legal"][0]["action"], table.seq)
            except ClientError as refused:  # B's bot moved first: A hears of it, then plays
                assert refused.code == "stale"
        log = await asyncio.to_thread(a.store.log, table.id, 1)
        await until(lambda: on_b.seq == len(log), "B caught up")
        assert [n for n, _, _ in log] == list(range(1, len(log) + 1))
        assert on_b.record.actions == table.record.actions == [(s, x) for _, s, x in log]
        # Both processes' bots were ready to move it (each kicks its own loop on a move it
        # hears of), and the log holds each bot move once.
        assert any(seat == 1 for _, seat, _ in log)

    two_processes(shared_url, body)


def test_a_lost_listening_connection_comes_back_and_catches_up(shared_url: str) -> None:
    async def body(a: TableService, b: TableService) -> None:
        table_id, zero, _, watcher = await both_seated(a, b)
        assert b.sync.listener is not None
        before = b.sync.listener.connections
        with psycopg.connect(listen_url(shared_url), autocommit=True) as admin:
            killed = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name = %s",
                (APPLICATION,),
            ).fetchall()
        assert len(killed) == 2  # A's and B's
        table = await a.get(table_id)
        assert table is not None
        view = a.state(table, zero)["view"]
        await a.act(table, zero, view["legal"][0]["action"], 0)
        await until(
            lambda: b.sync.listener is not None and b.sync.listener.connections > before, "again"
        )
        await until(lambda: 1 in seqs(watcher), "the move missed while deaf reached B")

    two_processes(shared_url, body)


def connected(socket: Socket) -> list[bool | None]:
    states = [m for m in socket.sent if m["type"] == "state"]
    return [seat["connected"] for seat in states[-1]["table"]["seats"]] if states else []


def test_who_is_here_is_told_across_processes(shared_url: str) -> None:
    """Seat 0's player on A, seat 1's on B: each process's clients see both here; when
    seat 0's goes, B's clients are told it is away."""

    async def body(a: TableService, b: TableService) -> None:
        table_id, zero, one, watcher = await both_seated(a, b)
        await until(lambda: connected(watcher) == [True, True], "B sees seat 0 here")
        table = await a.get(table_id)
        assert table is not None
        seen_on_a = a.summary
        await until(lambda: seen_on_a(table)["seats"][1]["connected"] is True, "A sees seat 1")
        a.seats.disconnect(table, zero)
        await until(lambda: connected(watcher) == [False, True], "B told seat 0 went")
        await until(lambda: connected(one) == [False, True], "seat 1 told too")

    two_processes(shared_url, body)
