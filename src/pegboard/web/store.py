"""The service's reads and writes, one short transaction each (blocking: the service runs
them in a worker thread). Every write commits before it returns.

On a database that several server processes share (PostgreSQL), a move commits with a
``NOTIFY`` (the log's unique key decides between two processes), and a table's other writes go
through a ``TableTransaction``: it holds the table's row lock from before the process
brings its copy up to date (``Fresh``) until the write commits, and the commit carries a
``NOTIFY`` that tells the other processes (``pegboard.web.fanout``) which table moved.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import sqlite3
import threading
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal, TypeVar

import psycopg
import sqlalchemy.exc
from sqlalchemy import (
    URL,
    Engine,
    ScalarSelect,
    bindparam,
    case,
    exists,
    func,
    insert,
    null,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from pegboard.web.clocks import Clock, TimeControl
from pegboard.web.db import (
    ActionRow,
    Base,
    CorrectionRow,
    InstallationRow,
    MatchRow,
    SeatRow,
    TableRow,
    postgres_timeouts,
)

T = TypeVar("T")


@dataclass(slots=True)
class SeatInfo:
    """A seat as the service keeps it (the token itself is never kept, only its hash)."""

    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    claimed: bool = False
    token_hash: str | None = None
    invite_hash: str | None = None
    """The hash of the seat's one-time invitation, until someone claims it."""
    player_id: str | None = None
    """The player who holds the seat (``pegboard.web.players``), if known."""
    stand_in: str | None = None
    """The bot level that plays the seat while its player is away (``pegboard.web.leavers``)."""


@dataclass(slots=True)
class TableRecord:
    """A table as stored: settings, seats, the match in play, its seed and its log."""

    id: str
    game: str
    config: dict[str, Any]
    status: str
    match_number: int
    seed: int
    seats: list[SeatInfo]
    actions: list[tuple[int, str]] = field(default_factory=list)
    creator: str | None = None
    """A hash of the creating client's address."""
    public: bool = False
    """Listed in the lobby (True) or reached only by its links."""
    hints: bool = False
    """The creator allowed the expert's hints at a table of two or more people."""
    rated: bool = False
    """Its finished matches update the players' ratings (``pegboard.web.ratings``)."""
    forfeit: int | None = None
    """The seat that lost the match in play by forfeit (``pegboard.web.leavers``), if any."""
    ending: str | None = None
    """How that forfeit came (``pegboard.web.fair_play.ENDINGS``)."""
    aborted: bool = False
    """Whether it aborted the match (unrated: a seat had not moved yet)."""
    time_control: TimeControl | None = None
    """The table's clock (``pegboard.web.clocks``), or None: no clock."""
    clock: Clock | None = None
    """The clocks of the match in play (None at a table without a time control)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """How a match ended by a forfeit: the seat that lost it, how (``ending``: a claim, a
    resignation, a flag; ``pegboard.web.fair_play.ENDINGS``), and its standings (higher is
    better), None when it was aborted (unrated: a seat had not moved yet)."""

    seat: int
    ending: str
    standings: list[float] | None

    @property
    def aborted(self) -> bool:
        return self.standings is None


@dataclass(frozen=True, slots=True)
class Correction:
    """A report of a correction as stored (``pegboard corrections list`` shows it)."""

    id: int
    page: str
    lang: str
    text: str
    contact: str | None
    created_at: datetime
    status: str
    """``open`` or ``closed``."""
    closed_at: datetime | None = None


ADDRESS_KEY: Final = "address_key"
"""The installation's setting that keys the hashes of client addresses (``Store.address_hash``)."""

CLIENT_MARGIN: Final = 1.0
"""Seconds past ``--db-timeout`` before this process gives up a move's commit that the
database has not answered (``_AsyncAppender``): the database's own cancellation, whose
outcome is known, comes first when the database runs at all."""


class DatabaseBusyError(TimeoutError):
    """The database did not answer in time (``--db-timeout``): the player is told the
    server is busy (``is_busy``)."""


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` says the database was too slow rather than broken: a timeout of
    ours (``DatabaseBusyError``, or the engine's pool's), a statement PostgreSQL cancelled
    past its ``lock_timeout`` or ``statement_timeout``, SQLite's file locked too long."""
    if isinstance(error, DatabaseBusyError | sqlalchemy.exc.TimeoutError):
        return True
    found = getattr(error, "orig", None)
    if isinstance(found, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return True
    return isinstance(found, sqlite3.OperationalError) and "locked" in str(found)


CHANNEL: Final = "pegboard_tables"
"""The PostgreSQL channel on which a commit names the table it changed."""

_ACTIONS, _MATCHES, _TABLES = (
    Base.metadata.tables[name] for name in ("actions", "matches", "tables")
)
_INSERT_ACTION: Final = insert(_ACTIONS)
_SET_STATUS: Final = (
    update(_TABLES).where(_TABLES.c.id == bindparam("t")).values(status=bindparam("status_after"))
)
_FINISH_MATCH: Final = (
    update(_MATCHES)
    .where(_MATCHES.c.table_id == bindparam("t"), _MATCHES.c.number == bindparam("n"))
    .values(finished_at=bindparam("at"), standings=bindparam("standings"))
)
_SET_CLOCK: Final = (
    update(_MATCHES)
    .where(_MATCHES.c.table_id == bindparam("t"), _MATCHES.c.number == bindparam("n"))
    .values(clock=bindparam("clock_after"))
)
_APPEND_SHARED: Final = """
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
commits. ``%(name)s`` is psycopg's own placeholder: ``_Appender`` runs it without SQLAlchemy."""


class _Appender:
    """The moves' own connection to PostgreSQL: psycopg's, autocommit, ``_APPEND_SHARED``
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
                    _APPEND_SHARED, parameters, error, psycopg.Error
                ) from error

    def _execute(self, parameters: dict[str, Any]) -> None:
        if self._connection is None or self._connection.closed:
            self._connection = psycopg.connect(self._conninfo, autocommit=True, **self._options)
        self._connection.execute(_APPEND_SHARED, parameters, prepare=True)

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def close(self) -> None:
        with self._lock:
            self._close()


class _AsyncAppender:
    """``_Appender`` on the event loop: psycopg's asynchronous connection, so that a group's
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
            raise DBAPIError.instance(_APPEND_SHARED, parameters, error, psycopg.Error) from error

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
        await self._connection.execute(_APPEND_SHARED, parameters, prepare=True)

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


@dataclass(slots=True)
class Fresh:
    """What the database holds of a table beyond a process's copy: the match in play (its
    number and seed), the table's status and seats, and the actions after the copy's
    ``seq`` (all of the match's, when a new match began since the copy's)."""

    match_number: int
    seed: int
    status: str
    seats: list[SeatInfo]
    actions: list[tuple[int, str]]
    forfeit: int | None = None
    """The seat that lost the match in play by forfeit, if any."""
    ending: str | None = None
    aborted: bool = False
    clock: Clock | None = None


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action to append to a table's log: its place (match and seq), who played it and
    its notation, the table's status after it, and the standings when it ended the match."""

    table_id: str
    match_number: int
    seq: int
    seat: int
    action: str
    status: str
    standings: list[float] | None = None
    clock: Clock | None = None
    """The match's clocks after the action (a table with a time control)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A notification: which process (``origin``), which table, and either that the table
    changed (``here`` None: read the log) or the seats the process has a player of."""

    origin: str
    table_id: str
    here: frozenset[int] | None = None

    def payload(self) -> str:
        if self.here is None:
            return f"{self.origin} {self.table_id}"
        return f"{self.origin} {self.table_id} here {','.join(map(str, sorted(self.here)))}"

    @classmethod
    def read(cls, payload: str) -> Notice | None:
        """The notice of a payload, None for any other text."""
        parts = payload.split(" ")
        if len(parts) == 2 and all(parts):
            return cls(parts[0], parts[1])
        if len(parts) == 4 and parts[2] == "here" and all(parts[:2]):
            try:
                seats = frozenset(int(s) for s in parts[3].split(",") if s)
            except ValueError:
                return None
            return cls(parts[0], parts[1], seats)
        return None


def creator_player() -> ScalarSelect[str | None]:
    """A table's creator as a player (for a ``TableRow`` query): the identity at its first
    human seat, where ``TableService.hold`` puts the creator's right after ``create`` (no
    column of its own: the seat says it)."""
    return (
        select(SeatRow.player_id)
        .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
        .order_by(SeatRow.seat)
        .limit(1)
        .correlate(TableRow)
        .scalar_subquery()
    )


class Store:
    def __init__(self, engine: Engine, db_timeout: float | None = None) -> None:
        self.engine = engine
        self.db_timeout = db_timeout
        """Seconds a player's request waits for the database (``--db-timeout``; None: as
        long as it takes). The engine's own bounds are ``make_engine``'s."""
        self._session = sessionmaker(engine, expire_on_commit=False)
        self.shared = engine.dialect.name == "postgresql"
        """Whether other server processes may use the database too (PostgreSQL): then a
        table's writes lock the table (``locked``) and notify the others."""
        self.origin = secrets.token_hex(6)
        """This process's name in the notifications, so that it skips its own."""
        self._appends = _Appender(engine.url, db_timeout) if self.shared else None
        self._async_appends = _AsyncAppender(engine.url, db_timeout) if self.shared else None
        """On PostgreSQL, the same on the event loop (``add_actions_async``)."""
        """On PostgreSQL, the moves' own connection (``_Appender``)."""
        self._address_key: bytes | None = None
        """The installation's secret that keys addresses' hashes, once read (``address_key``)."""

    def dispose(self) -> None:
        """Close the store's own connections (the engine's are its owner's to dispose)."""
        if self._appends is not None:
            self._appends.close()
        if self._async_appends is not None:
            self._async_appends.forget()

    async def aclose(self) -> None:
        """Close the store's connection of the event loop (``add_actions_async``)."""
        if self._async_appends is not None:
            await self._async_appends.aclose()

    def session(self) -> Session:
        return self._session()

    async def within(self, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` in a worker thread, ``DatabaseBusyError`` past ``db_timeout``
        (the thread goes on until the database answers; a write that waited for a lock
        is cancelled by the server at the same time, ``postgres_timeouts``)."""
        if self.db_timeout is None:
            return await asyncio.to_thread(call, *args)
        try:
            return await asyncio.wait_for(asyncio.to_thread(call, *args), self.db_timeout)
        except TimeoutError:
            raise DatabaseBusyError(f"the database did not answer in {self.db_timeout} s") from None

    def settle(self) -> None:
        """Make final the fate of every commit given up on (``_AsyncAppender``): its
        backend is ended, waiting for it to go (``pg_terminate_backend`` with a timeout),
        so a commit it still made is in the log from now on, and none can come later. A
        table is rebuilt from its log only after this (``load_table``), so no client is
        shown a log a late commit then changes. ``DatabaseBusyError`` while the database
        does not answer."""
        appender = self._async_appends
        if appender is None or not appender.unsettled:
            return
        with appender.unsettled_lock:
            backends = sorted(appender.unsettled)
        wait = max(1, round((self.db_timeout or 5.0) * 1000))
        for backend in backends:
            with self.engine.connect() as connection:
                ended = connection.execute(
                    text(
                        "SELECT pg_terminate_backend(pid, :wait) FROM pg_stat_activity"
                        " WHERE pid = :backend"
                    ),
                    {"backend": backend, "wait": wait},
                ).first()
            if ended is not None and not ended[0]:
                raise DatabaseBusyError(f"backend {backend} did not end in time")
            with appender.unsettled_lock:
                appender.unsettled.discard(backend)

    def address_hash(self, address: str) -> str:
        """What the database keeps of a client's address: enough to count its tables, and
        keyed with the installation's secret (HMAC-SHA256), so that a copy of the database
        alone does not give the addresses back (an unkeyed hash of an IPv4 address is
        undone by trying all 2^32). Blocking the first time (the secret is read)."""
        message = f"pegboard-client:{address}".encode()
        return hmac.new(self.address_key(), message, hashlib.sha256).hexdigest()[:32]

    def address_key(self) -> bytes:
        """The installation's secret for ``address_hash``, read once (blocking). Migration
        0010 makes it; a database that lost it (restored without the row) gets a new one
        here, the same for every process however many ask at once: each inserts unless a
        row stands (``ON CONFLICT DO NOTHING``), then reads the one that stands."""
        if self._address_key is None:
            made = secrets.token_hex(32)
            self._address_key = self._installation_value(ADDRESS_KEY, made).encode()
        return self._address_key

    def _installation_value(self, name: str, made: str) -> str:
        """The installation's setting ``name``, set to ``made`` if it has none."""
        read = select(InstallationRow.value).where(InstallationRow.name == name)
        with self.engine.begin() as connection:
            found = connection.execute(read).scalar()
            if found is not None:
                return found
            insert_if_none = (
                postgresql_insert(InstallationRow)
                if self.engine.dialect.name == "postgresql"
                else sqlite_insert(InstallationRow)
            )
            connection.execute(
                insert_if_none.values(name=name, value=made).on_conflict_do_nothing(
                    index_elements=["name"]
                )
            )
        with self.engine.connect() as connection:
            return str(connection.execute(read).scalar_one())

    def locked(self, table_id: str) -> TableTransaction:
        """A transaction that holds ``table_id``'s row lock until it commits or closes."""
        return TableTransaction(self, table_id)

    def announce(self, table_id: str, here: frozenset[int]) -> None:
        """Tell the other processes which seats of ``table_id`` have a player connected
        to this one (on a shared database)."""
        payload = Notice(self.origin, table_id, here).payload()
        with self.session() as session, session.begin():
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def since(self, table_id: str, match_number: int, seq: int) -> Fresh | None:
        """The table beyond a copy at ``match_number`` and ``seq``; None if it is gone."""
        with self.session() as session:
            return _fresh(session, table_id, match_number, seq)

    def create_table(self, record: TableRecord) -> None:
        with self.session() as session, session.begin():
            session.add(
                TableRow(
                    id=record.id,
                    game=record.game,
                    config=record.config,
                    status=record.status,
                    match_number=record.match_number,
                    creator=record.creator,
                    public=record.public,
                    hints=record.hints,
                    rated=record.rated,
                    time_control=_json_or_null(record.time_control),
                )
            )
            session.flush()  # the table first: the seats and the match refer to it
            session.add_all(
                SeatRow(
                    table_id=record.id,
                    seat=s.seat,
                    kind=s.kind,
                    level=s.level,
                    token_hash=s.token_hash,
                    name=s.name,
                    claimed=s.claimed,
                    invite_hash=s.invite_hash,
                    player_id=s.player_id,
                )
                for s in record.seats
            )
            session.add(
                MatchRow(
                    table_id=record.id,
                    number=record.match_number,
                    seed=record.seed,
                    clock=_json_or_null(record.clock),
                )
            )

    def load_table(self, table_id: str) -> TableRecord | None:
        """The table with its match in play and that match's log, or None (once the
        commits given up on are ``settle``d)."""
        self.settle()
        with self.session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            match = session.get(MatchRow, (table_id, row.match_number))
            if match is None:
                raise LookupError(f"table {table_id} has no match {row.match_number}")
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .where(ActionRow.match_number == row.match_number)
                .order_by(ActionRow.seq)
            ).all()
            return TableRecord(
                id=row.id,
                game=row.game,
                config=dict(row.config),
                status=row.status,
                match_number=row.match_number,
                seed=match.seed,
                seats=[_seat_info(s) for s in seats],
                actions=[(seat, action) for seat, action in actions],
                public=row.public,
                hints=row.hints,
                rated=row.rated,
                forfeit=match.forfeit,
                ending=match.ending,
                aborted=match.aborted,
                time_control=(
                    None if row.time_control is None else TimeControl.from_json(row.time_control)
                ),
                clock=None if match.clock is None else Clock.from_json(match.clock),
            )

    def add_action(
        self,
        table_id: str,
        match_number: int,
        seq: int,
        seat: int,
        action: str,
        status: str,
        standings: list[float] | None = None,
    ) -> None:
        """Append one action to the log (and the table's status after it), committed; with
        ``standings``, the action ended the match: they are kept with it, in the same
        transaction."""
        self.add_actions([NewAction(table_id, match_number, seq, seat, action, status, standings)])

    def add_actions(self, actions: Sequence[NewAction]) -> None:
        """``add_action`` of each of ``actions`` (of different tables), in one transaction:
        all are committed, or none (``pegboard.web.commits`` groups the moves' commits)."""
        # SQLAlchemy Core on a connection, not the ORM's unit of work: a move is the
        # server's hottest write, and the session's flush cost more than the insert.
        if self._appends is not None:
            self._append_shared(actions)
            return
        now = datetime.now(UTC)
        with self.engine.begin() as connection:
            finished = [
                {"t": a.table_id, "n": a.match_number, "at": now, "standings": a.standings}
                for a in actions
                if a.standings is not None
            ]
            if finished:
                connection.execute(_FINISH_MATCH, finished)
            clocks = [
                {"t": a.table_id, "n": a.match_number, "clock_after": a.clock.to_json()}
                for a in actions
                if a.clock is not None
            ]
            if clocks:
                connection.execute(_SET_CLOCK, clocks)
            rows = [
                {
                    "table_id": a.table_id,
                    "match_number": a.match_number,
                    "seq": a.seq,
                    "seat": a.seat,
                    "action": a.action,
                    "created_at": now,
                }
                for a in actions
            ]
            connection.execute(_INSERT_ACTION, rows)
            statuses = [{"t": a.table_id, "status_after": a.status} for a in actions]
            connection.execute(_SET_STATUS, statuses)

    async def add_actions_async(self, actions: Sequence[NewAction]) -> None:
        """``add_actions`` awaited on the event loop: on PostgreSQL only (``_AsyncAppender``;
        SQLite's writes run inline, ``pegboard.web.commits``)."""
        if self._async_appends is None:
            raise RuntimeError("add_actions_async is PostgreSQL's: on SQLite, add_actions")
        await self._async_appends.execute(self._parameters(actions))

    def _append_shared(self, actions: Sequence[NewAction]) -> None:
        assert self._appends is not None
        self._appends.execute(self._parameters(actions))

    def _parameters(self, actions: Sequence[NewAction]) -> dict[str, Any]:
        finished = [a for a in actions if a.standings is not None]
        clocked = [a for a in actions if a.clock is not None]
        return {
            "t": [a.table_id for a in actions],
            "n": [a.match_number for a in actions],
            "seq": [a.seq for a in actions],
            "seat": [a.seat for a in actions],
            "action": [a.action for a in actions],
            "status": [a.status for a in actions],
            "ft": [a.table_id for a in finished],
            "fn": [a.match_number for a in finished],
            "fs": [json.dumps(a.standings) for a in finished],
            "ct": [a.table_id for a in clocked],
            "cn": [a.match_number for a in clocked],
            "cc": [json.dumps(a.clock.to_json()) for a in clocked if a.clock is not None],
            "channel": CHANNEL,
            "payloads": [Notice(self.origin, a.table_id).payload() for a in actions],
        }

    def update_seat(self, table_id: str, info: SeatInfo, status: str) -> None:
        with self.session() as session, session.begin():
            _update_seat(session, table_id, info, status)

    def start_match(
        self, table_id: str, number: int, seed: int, status: str, clock: Clock | None = None
    ) -> None:
        with self.session() as session, session.begin():
            _start_match(session, table_id, number, seed, status, clock)

    def set_clock(self, table_id: str, number: int, clock: Clock | None) -> None:
        """Keep match ``number``'s clocks (``pegboard.web.table_clocks``)."""
        with self.session() as session, session.begin():
            _set_clock(session, table_id, number, clock)

    def forfeit(self, table_id: str, number: int, end: Forfeit) -> None:
        """Keep that match ``number`` ended by ``end``'s forfeit (``pegboard.web.leavers``):
        it is finished, and the table is over."""
        with self.session() as session, session.begin():
            _forfeit(session, table_id, number, end)

    def open_tables(
        self, limit: int, *, per_creator: int, first: Collection[str] = ()
    ) -> list[tuple[TableRow, list[SeatInfo]]]:
        """Public tables not over with a human seat nobody has claimed, with their seats (no
        match is rebuilt to list them); a private table is never listed.

        At most ``per_creator`` of one creator, by address (``TableRow.creator``) and by
        identity (the player at the first human seat: ``creator_player``), their newest: one
        creator cannot fill the list (issue 33: six addresses pushed a real table out of it
        in seconds). The tables of ``first`` (the service's: a person is there, waiting)
        come first, then the others; newest first within each."""
        unclaimed = exists().where(
            SeatRow.table_id == TableRow.id, SeatRow.kind == "human", SeatRow.claimed.is_(False)
        )
        newest = (TableRow.created_at.desc(), TableRow.id)
        # A table whose creator is not known (an older row) is a creator of its own.
        address = func.coalesce(TableRow.creator, TableRow.id)
        player = func.coalesce(creator_player(), TableRow.id)
        ranked = (
            select(
                TableRow.id,
                func.row_number().over(partition_by=address, order_by=newest).label("nth"),
                func.row_number().over(partition_by=player, order_by=newest).label("mth"),
            )
            .where(TableRow.public.is_(True), TableRow.status != "over", unclaimed)
            .subquery()
        )
        shown = select(ranked.c.id).where(ranked.c.nth <= per_creator, ranked.c.mth <= per_creator)
        order = [case((TableRow.id.in_(set(first)), 0), else_=1)] if first else []
        with self.session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.id.in_(shown))
                .order_by(*order, *newest)
                .limit(limit)
            ).all()
            seats: dict[str, list[SeatInfo]] = {row.id: [] for row in rows}
            for s in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(seats)).order_by(SeatRow.seat)
            ):
                seats[s.table_id].append(
                    SeatInfo(
                        s.seat, s.kind, s.level, s.name, s.claimed, s.token_hash, s.invite_hash
                    )
                )
            return [(row, seats[row.id]) for row in rows]

    def public_tables_of(self, player: str) -> int:
        """How many public tables wait for people (a human seat free, ``open``) whose
        creator (``creator_player``) is ``player``."""
        with self.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(
                    TableRow.public.is_(True),
                    TableRow.status == "open",
                    creator_player() == player,
                )
            )
            return int(count or 0)

    def open_tables_of(self, creator: str, within: timedelta = timedelta(days=1)) -> int:
        """How many tables not yet over ``creator`` made in the last ``within``."""
        since = datetime.now(UTC) - within
        with self.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(
                    TableRow.creator == creator,
                    TableRow.status != "over",
                    TableRow.created_at >= since,
                )
            )
            return int(count or 0)

    def tables_to_resume(self) -> list[str]:
        """Tables in play with a bot seat, or a bot standing in for an away player, or a
        clock: after a restart their bots may have to move, their clocks to flag."""
        with_bot = exists().where(
            SeatRow.table_id == TableRow.id,
            or_(SeatRow.kind == "bot", SeatRow.stand_in.is_not(None)),
        )
        clocked = TableRow.time_control.is_not(None)
        with self.session() as session:
            return list(
                session.scalars(
                    select(TableRow.id).where(TableRow.status != "over", or_(with_bot, clocked))
                )
            )

    def log(self, table_id: str, match_number: int) -> list[tuple[int, int, str]]:
        """``(seq, seat, action)`` of a match, in order."""
        with self.session() as session:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.match_number == match_number)
                .order_by(ActionRow.seq)
            ).all()
            return [(seq, seat, action) for seq, seat, action in rows]

    # -- reports of a correction (the rules pages) -----------------------------------------

    def add_correction(self, page: str, lang: str, text: str, contact: str | None) -> int:
        """Store an open report (already checked by ``pegboard.web.corrections``); its id."""
        with self.session() as session, session.begin():
            row = CorrectionRow(page=page, lang=lang, text=text, contact=contact, status="open")
            session.add(row)
            session.flush()
            return row.id

    def corrections(self, *, every: bool = False) -> list[Correction]:
        """The open reports (``every``: all of them), oldest first."""
        query = select(CorrectionRow).order_by(CorrectionRow.id)
        if not every:
            query = query.where(CorrectionRow.status == "open")
        with self.session() as session:
            return [
                Correction(
                    row.id,
                    row.page,
                    row.lang,
                    row.text,
                    row.contact,
                    utc(row.created_at),
                    row.status,
                    None if row.closed_at is None else utc(row.closed_at),
                )
                for row in session.scalars(query)
            ]

    def close_correction(self, correction_id: int) -> Literal["closed", "already", "none"]:
        """Close an open report: ``closed``; ``already`` if it was closed, ``none`` if there
        is no such report. One statement decides, so two closes of one report cannot both
        succeed."""
        with self.session() as session, session.begin():
            done = session.execute(
                update(CorrectionRow)
                .where(CorrectionRow.id == correction_id, CorrectionRow.status == "open")
                .values(status="closed", closed_at=datetime.now(UTC))
            )
            if done.rowcount:  # type: ignore[attr-defined]
                return "closed"
            there = session.get(CorrectionRow, correction_id) is not None
            return "already" if there else "none"


class TableTransaction:
    """One write to a table by one of several processes (blocking, like ``Store``): the
    table's row is locked (``SELECT ... FOR UPDATE``) from the start, so that the process
    reads what others appended (``since``), decides, and writes with no other process in
    between; the write commits with a ``NOTIFY`` on ``CHANNEL`` naming the table (sent by
    PostgreSQL at the commit, never for a write rolled back). ``close`` ends it (rolled
    back unless a write committed). Each write commits: one write per transaction."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.table_id = table_id
        self.session = store.session()
        try:
            self.session.begin()
            self.session.execute(
                select(TableRow.id).where(TableRow.id == table_id).with_for_update()
            )
        except BaseException:
            self.session.close()
            raise

    def since(self, match_number: int, seq: int) -> Fresh | None:
        return _fresh(self.session, self.table_id, match_number, seq)

    def update_seat(self, table_id: str, info: SeatInfo, status: str) -> None:
        self._check(table_id)
        _update_seat(self.session, table_id, info, status)
        self._commit()

    def start_match(
        self, table_id: str, number: int, seed: int, status: str, clock: Clock | None = None
    ) -> None:
        self._check(table_id)
        _start_match(self.session, table_id, number, seed, status, clock)
        self._commit()

    def set_clock(self, table_id: str, number: int, clock: Clock | None) -> None:
        self._check(table_id)
        _set_clock(self.session, table_id, number, clock)
        self._commit()

    def forfeit(self, table_id: str, number: int, end: Forfeit) -> None:
        self._check(table_id)
        _forfeit(self.session, table_id, number, end)
        self._commit()

    def close(self) -> None:
        self.session.close()

    def _check(self, table_id: str) -> None:
        if table_id != self.table_id:
            raise ValueError(f"a transaction of table {self.table_id} cannot write {table_id}")

    def _commit(self) -> None:
        _notify(self.session, Notice(self.store.origin, self.table_id))
        self.session.commit()


def _notify(session: Session, notice: Notice) -> None:
    """``NOTIFY`` in the session's transaction: PostgreSQL sends it at the commit."""
    session.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": notice.payload()},
    )


def _fresh(session: Session, table_id: str, match_number: int, seq: int) -> Fresh | None:
    # Column queries, not ORM entities: this runs before every change on a shared
    # database, and the entities' bookkeeping cost more than the queries.
    found = session.execute(
        select(
            TableRow.match_number,
            TableRow.status,
            MatchRow.seed,
            MatchRow.forfeit,
            MatchRow.ending,
            MatchRow.aborted,
            MatchRow.clock,
        )
        .join(
            MatchRow,
            (MatchRow.table_id == TableRow.id) & (MatchRow.number == TableRow.match_number),
            isouter=True,
        )
        .where(TableRow.id == table_id)
    ).first()
    if found is None:
        return None
    number, status, seed, forfeit, ending, aborted, clock = found
    if seed is None:
        raise LookupError(f"table {table_id} has no match {number}")
    after = seq if number == match_number else 0
    actions = session.execute(
        select(ActionRow.seat, ActionRow.action)
        .where(ActionRow.table_id == table_id)
        .where(ActionRow.match_number == number, ActionRow.seq > after)
        .order_by(ActionRow.seq)
    ).all()
    seats = session.execute(
        select(
            SeatRow.seat,
            SeatRow.kind,
            SeatRow.level,
            SeatRow.name,
            SeatRow.claimed,
            SeatRow.token_hash,
            SeatRow.invite_hash,
            SeatRow.player_id,
            SeatRow.stand_in,
        )
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    ).all()
    return Fresh(
        match_number=number,
        seed=seed,
        status=status,
        seats=[SeatInfo(*row) for row in seats],
        actions=[(seat, action) for seat, action in actions],
        forfeit=forfeit,
        ending=ending,
        aborted=bool(aborted),
        clock=None if clock is None else Clock.from_json(clock),
    )


def _seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(
        row.seat,
        row.kind,
        row.level,
        row.name,
        row.claimed,
        row.token_hash,
        row.invite_hash,
        row.player_id,
        row.stand_in,
    )


def _update_seat(session: Session, table_id: str, info: SeatInfo, status: str) -> None:
    session.execute(
        update(SeatRow)
        .where(SeatRow.table_id == table_id, SeatRow.seat == info.seat)
        .values(
            name=info.name,
            claimed=info.claimed,
            token_hash=info.token_hash,
            invite_hash=info.invite_hash,
            player_id=info.player_id,
            stand_in=info.stand_in,
        )
    )
    session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))


def _start_match(
    session: Session, table_id: str, number: int, seed: int, status: str, clock: Clock | None
) -> None:
    session.add(MatchRow(table_id=table_id, number=number, seed=seed, clock=_json_or_null(clock)))
    session.execute(
        update(TableRow).where(TableRow.id == table_id).values(match_number=number, status=status)
    )


def _set_clock(session: Session, table_id: str, number: int, clock: Clock | None) -> None:
    session.execute(
        update(MatchRow)
        .where(MatchRow.table_id == table_id, MatchRow.number == number)
        .values(clock=_json_or_null(clock))
    )


def _forfeit(session: Session, table_id: str, number: int, end: Forfeit) -> None:
    session.execute(
        update(MatchRow)
        .where(MatchRow.table_id == table_id, MatchRow.number == number)
        .values(
            finished_at=datetime.now(UTC),
            standings=null() if end.standings is None else end.standings,
            forfeit=end.seat,
            ending=end.ending,
            aborted=end.aborted,
        )
    )
    session.execute(update(TableRow).where(TableRow.id == table_id).values(status="over"))


def _json_or_null(value: Clock | TimeControl | None) -> Any:
    """A value for a JSON column: its JSON, or SQL's NULL (a plain None would be stored as
    JSON's ``null``, which ``IS NULL`` does not find)."""
    return null() if value is None else value.to_json()


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
