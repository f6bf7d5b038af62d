"""The moves' appends to the log on PostgreSQL, one statement a group
(``GroupCommit``, ``pegboard.web.commits``, gathers the group): ``APPEND_SHARED`` run on
a psycopg connection of the moves' own, in a worker thread (``Appender``) or on the event
loop (``AsyncAppender``); and the statements of a group on any database (``INSERT_ACTION``,
``SET_STATUS``, ``FINISH_MATCH``, ``SET_CLOCK``) that ``Store.add_actions`` runs.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Final

import psycopg
from sqlalchemy import URL, bindparam, insert, update
from sqlalchemy.exc import DBAPIError

from pegboard.web.db import Base, postgres_timeouts
from pegboard.web.records import DatabaseBusyError

CLIENT_MARGIN: Final = 1.0
"""Seconds past ``--db-timeout`` before this process gives up a move's commit that the
database has not answered (``AsyncAppender``): the database's own cancellation, whose
outcome is known, comes first when the database runs at all."""


_ACTIONS, _MATCHES, _TABLES = (
    Base.metadata.tables[name] for name in ("actions", "matches", "tables")
)
INSERT_ACTION: Final = insert(_ACTIONS)
SET_STATUS: Final = (
    update(_TABLES).where(_TABLES.c.id == bindparam("t")).values(status=bindparam("status_after"))
)
FINISH_MATCH: Final = (
    update(_MATCHES)
    .where(_MATCHES.c.table_id == bindparam("t"), _MATCHES.c.number == bindparam("n"))
    .values(finished_at=bindparam("at"), standings=bindparam("standings"))
)
SET_CLOCK: Final = (
    update(_MATCHES)
    .where(_MATCHES.c.table_id == bindparam("t"), _MATCHES.c.number == bindparam("n"))
    .values(clock=bindparam("clock_after"))
)
SQLITE_INSERT_ACTION_HEAD: Final = (
    "INSERT INTO actions (table_id, match_number, seq, seat, action, created_at)"
)
"""``INSERT_ACTION`` as sqlite3 runs it itself, before its rows' ``VALUES`` (``Store.add_actions``
on SQLite: the same rows, with no SQLAlchemy between, ``store.sqlite_group_statements``)."""
APPEND_SHARED: Final = """
    WITH appended AS (
        INSERT INTO actions (table_id, match_number, seq, seat, action, created_at)
        SELECT m.t, m.n, m.seq, m.seat, m.action, now()
        FROM unnest(CAST(%(t)s AS text[]), CAST(%(n)s AS integer[]), CAST(%(seq)s AS integer[]),
                    CAST(%(seat)s AS integer[]), CAST(%(action)s AS text[]))
             AS m(t, n, seq, seat, action)
    ), statuses AS (
        UPDATE tables SET status = m.status
        FROM unnest(CAST(%(t)s AS text[]), CAST(%(status)s AS text[])) AS m(t, status)
        WHERE tables.id = m.t
    ), finished AS (
        UPDATE matches SET finished_at = now(), standings = CAST(m.standings AS json)
        FROM unnest(CAST(%(ft)s AS text[]), CAST(%(fn)s AS integer[]), CAST(%(fs)s AS text[]))
             AS m(t, n, standings)
        WHERE matches.table_id = m.t AND matches.number = m.n
    ), clocks AS (
        UPDATE matches SET clock = CAST(m.clock AS json)
        FROM unnest(CAST(%(ct)s AS text[]), CAST(%(cn)s AS integer[]), CAST(%(cc)s AS text[]))
             AS m(t, n, clock)
        WHERE matches.table_id = m.t AND matches.number = m.n
    )
    SELECT count(pg_notify(%(channel)s, payload)) FROM unnest(CAST(%(payloads)s AS text[]))
        AS payload
"""
"""``Store.add_actions`` on PostgreSQL: a group of moves in one statement, run on its own
(autocommit), so one trip to the server and back. A transaction of the statements one by one
took six (the pool's ping, BEGIN, the three writes, COMMIT), and on a busy server each trip in
the worker thread is a wait for the GIL. Measured in ``python -m benchmarks web --postgres``:
18 ms a commit on average, 10 ms as one statement. (The same statement awaited on the event
loop, SQLAlchemy's asyncio with psycopg, took 16 ms: there each trip waits for the busy loop's
next turn.) One statement is all or nothing as a transaction is; the unique key still
refuses a seq another process appended, and the notifications still go out only once it
commits. ``%(name)s`` is psycopg's own placeholder: ``Appender`` runs it without SQLAlchemy."""


class Appender:
    """The moves' own connection to PostgreSQL: psycopg's, autocommit, ``APPEND_SHARED``
    prepared on the server once, and no ping before each use (the ping is a trip too; a
    connection found closed is retried once on a new one instead).

    Why not SQLAlchemy's: its execution of one statement (compiling the parameters, the
    result's metadata, the pool's checkout) was 5% of a busy server's CPU, in the worker
    thread that the event loop waits for. ``GroupCommit`` runs one group at a time: one
    connection is enough (the lock keeps a stray second caller waiting, not interleaved)."""

    def __init__(self, url: URL, timeout: float | None = None) -> None:
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._options = (
            {} if timeout is None else postgres_timeouts(timeout, statements=True, url=url)
        )
        self._connection: psycopg.Connection[Any] | None = None
        self._lock = threading.Lock()

    def execute(self, parameters: dict[str, Any]) -> None:
        with self._lock:
            try:
                try:
                    self._execute(parameters)
                except psycopg.OperationalError:
                    if self._connection is not None and not self._connection.broken:
                        raise
                    # The server closed the connection since its last use (a restart, an
                    # idle timeout): once more, on a new one.
                    self._close()
                    self._execute(parameters)
            except psycopg.Error as error:
                # As SQLAlchemy's own, which the service tells apart (an IntegrityError:
                # another process appended this seq first) and the app answers.
                raise DBAPIError.instance(
                    APPEND_SHARED, parameters, error, psycopg.Error
                ) from error

    def _execute(self, parameters: dict[str, Any]) -> None:
        if self._connection is None or self._connection.closed:
            self._connection = psycopg.connect(self._conninfo, autocommit=True, **self._options)
        self._connection.execute(APPEND_SHARED, parameters, prepare=True)

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def close(self) -> None:
        with self._lock:
            self._close()


class AsyncAppender:
    """``Appender`` on the event loop: psycopg's asynchronous connection, so that a group's
    trip to PostgreSQL is a wait on its socket, with no worker thread to hand the GIL to and
    back. Measured in ``python -m benchmarks web --postgres`` (one session, the same load):
    2.56-2.71 ms of server CPU a move against 2.93 with the thread, the commit's median
    2.1-6.9 ms against 6.5. ``GroupCommit`` runs one group at a time; the connection belongs
    to the loop it was opened on (a new loop, as in tests, opens its own).

    With a ``timeout`` (``--db-timeout``) the server cancels a statement that waits longer
    for a lock or runs longer (``postgres_timeouts``): it is then known not done. A server
    that does not answer at all (frozen, cut off) cannot cancel anything: after ``timeout``
    and ``CLIENT_MARGIN`` more the statement is given up (``DatabaseBusyError``), its fate
    unknown, and its backend's id kept in ``unsettled`` until ``Store.settle`` has ended it,
    before the log is read again."""

    def __init__(self, url: URL, timeout: float | None = None) -> None:
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._connection: psycopg.AsyncConnection[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.timeout = timeout
        self.server_timeouts = True
        """Whether new connections ask the server to cancel what passes ``timeout``."""
        self.unsettled: set[int] = set()
        """The backends of statements given up on, whose commit may still come."""
        self.unsettled_lock = threading.Lock()
        """``unsettled`` is read by ``Store.settle`` in a worker thread."""
        self._given_up: set[asyncio.Task[None]] = set()

    async def execute(self, parameters: dict[str, Any]) -> None:
        if self.timeout is None:
            await self._attempt(parameters)
            return
        attempt = asyncio.ensure_future(self._attempt(parameters))
        finished, _pending = await asyncio.wait({attempt}, timeout=self.timeout + CLIENT_MARGIN)
        if attempt in finished:
            attempt.result()  # its error, if any
            return
        # No answer: psycopg's cancellation asks the server to cancel the statement, and
        # closes the connection if it cannot; meanwhile a new connection serves.
        connection = self._connection
        if connection is not None:
            with self.unsettled_lock:
                self.unsettled.add(connection.info.backend_pid)
        self._connection, self._loop = None, None
        attempt.cancel()
        self._given_up.add(attempt)
        attempt.add_done_callback(lambda done: self._ended(done, connection))
        raise DatabaseBusyError("the database did not answer a commit in time")

    def _ended(
        self, attempt: asyncio.Task[None], connection: psycopg.AsyncConnection[Any] | None
    ) -> None:
        self._given_up.discard(attempt)
        if not attempt.cancelled():
            attempt.exception()  # retrieved: the caller was told the server is busy
        if connection is not None and not connection.closed:
            connection.pgconn.finish()

    async def _attempt(self, parameters: dict[str, Any]) -> None:
        try:
            try:
                await self._execute(parameters)
            except psycopg.OperationalError:
                if self._connection is not None and not self._connection.broken:
                    raise
                self.forget()  # closed by the server since its last use: once more
                await self._execute(parameters)
        except psycopg.Error as error:
            raise DBAPIError.instance(APPEND_SHARED, parameters, error, psycopg.Error) from error

    async def _execute(self, parameters: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self.forget()
        if self._connection is None or self._connection.closed:
            options: dict[str, Any] = {}
            if self.timeout is not None and self.server_timeouts:
                options = postgres_timeouts(self.timeout, statements=True, url=self._conninfo)
            self._connection = await psycopg.AsyncConnection.connect(
                self._conninfo, autocommit=True, **options
            )
            self._loop = loop
        await self._connection.execute(APPEND_SHARED, parameters, prepare=True)

    def forget(self) -> None:
        if self._connection is not None:
            # libpq's own close: no await, so also for a connection of a loop now gone.
            self._connection.pgconn.finish()
            self._connection = None
        self._loop = None

    async def aclose(self) -> None:
        if self._connection is not None and self._loop is asyncio.get_running_loop():
            await self._connection.close()
            self._connection = None
        self.forget()
