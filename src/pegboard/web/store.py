"""The service's reads and writes, one short transaction each (blocking: the service runs
them in a worker thread). Every write commits before it returns.

On a database that several server processes share (PostgreSQL), a move commits with a
``NOTIFY`` (the log's unique key decides between two processes), and a table's other writes go
through a ``TableTransaction``: it holds the table's row lock from before the process
brings its copy up to date (``Fresh``) until the write commits, and the commit carries a
``NOTIFY`` that tells the other processes (``pegboard.web.fanout``) which table moved.

Beside it: the values it reads and writes (``pegboard.web.records``), a table's rows and
its ``TableTransaction`` (``pegboard.web.table_rows``), the moves' appends on PostgreSQL
(``pegboard.web.appends``) and the lists of tables (``pegboard.web.table_lists``).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import sqlite3
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Final, Literal, TypeVar

from sqlalchemy import (
    Connection,
    Engine,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from pegboard.web.appends import (
    FINISH_MATCH,
    INSERT_ACTION,
    SET_CLOCK,
    SET_STATUS,
    SQLITE_INSERT_ACTION_HEAD,
    Appender,
    AsyncAppender,
)
from pegboard.web.clocks import Clock, TimeControl
from pegboard.web.db import (
    ActionRow,
    CorrectionRow,
    InstallationRow,
    MatchRow,
    SeatRow,
    TableRow,
)
from pegboard.web.records import (
    CHANNEL,
    Correction,
    DatabaseBusyError,
    Forfeit,
    Fresh,
    NewAction,
    Notice,
    SeatInfo,
    TableRecord,
    utc,
)
from pegboard.web.table_rows import (
    TableTransaction,
    json_or_null,
    read_fresh,
    seat_info_of,
    write_clock,
    write_forfeit,
    write_seat,
    write_start_match,
    write_take_back,
    write_takeback,
)

T = TypeVar("T")


ADDRESS_KEY: Final = "address_key"
DAILY_KEY: Final = "daily_key"
"""The installation's secret the daily deals' seeds derive from (``pegboard.daily``)."""
"""The installation's setting that keys the hashes of client addresses (``Store.address_hash``)."""


def installation_value(engine: Engine, name: str, made: str) -> str:
    """The installation's setting ``name`` in ``engine``'s database, set to ``made`` if it
    has none: the same for every process however many ask at once (each inserts unless a
    row stands, ``ON CONFLICT DO NOTHING``, then reads the one that stands)."""
    read = select(InstallationRow.value).where(InstallationRow.name == name)
    with engine.begin() as connection:
        found = connection.execute(read).scalar()
        if found is not None:
            return str(found)
        insert_if_none = (
            postgresql_insert(InstallationRow)
            if engine.dialect.name == "postgresql"
            else sqlite_insert(InstallationRow)
        )
        connection.execute(
            insert_if_none.values(name=name, value=made).on_conflict_do_nothing(
                index_elements=["name"]
            )
        )
    with engine.connect() as connection:
        return str(connection.execute(read).scalar_one())


def daily_secret(engine: Engine) -> bytes:
    """The installation's secret of the daily deals (``pegboard.daily.day_seed``), made by
    the first process that asks: the server's (``Store.daily_key``) and ``pegboard daily
    --database``'s alike."""
    return bytes.fromhex(installation_value(engine, DAILY_KEY, secrets.token_hex(32)))


@lru_cache(maxsize=256)
def sqlite_group_statements(actions: int, tables: int) -> tuple[str, str]:
    """``SQLITE_INSERT_ACTION`` for ``actions`` rows and ``SQLITE_SET_STATUS`` for
    ``tables`` tables, each as one statement (``Store._append_sqlite``)."""
    values = ", ".join(["(?, ?, ?, ?, ?, ?)"] * actions)
    cases = " ".join(["WHEN ? THEN ?"] * tables)
    within = ", ".join(["?"] * tables)
    return (
        f"{SQLITE_INSERT_ACTION_HEAD} VALUES {values}",
        f"UPDATE tables SET status = CASE id {cases} END WHERE id IN ({within})",
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
        self._appends = Appender(engine.url, db_timeout) if self.shared else None
        self._sqlite_created: Callable[[Any], Any] | None = None
        """On SQLite, the ``created_at`` column's own conversion of a time to what SQLite
        stores (``add_actions`` writes its rows with the driver's statements)."""
        if engine.dialect.name == "sqlite" and engine.dialect.driver == "pysqlite":
            column = ActionRow.__table__.c.created_at.type.dialect_impl(engine.dialect)
            convert = column.bind_processor(engine.dialect)
            self._sqlite_created = convert if convert is not None else (lambda value: value)
        self._async_appends = AsyncAppender(engine.url, db_timeout) if self.shared else None
        """On PostgreSQL, the same on the event loop (``add_actions_async``)."""
        """On PostgreSQL, the moves' own connection (``Appender``)."""
        self._address_key: bytes | None = None
        """The installation's secret that keys addresses' hashes, once read (``address_key``)."""
        self._daily_key: bytes | None = None
        """The installation's secret of the daily deals, once read (``daily_key``)."""

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
        """Make final the fate of every commit given up on (``AsyncAppender``): its
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

    def daily_key(self) -> bytes:
        """The installation's secret of the daily deals (``pegboard.daily.day_seed``), read
        once (blocking), made by the first process that asks, the same for every process:
        as ``address_key``."""
        if self._daily_key is None:
            self._daily_key = daily_secret(self.engine)
        return self._daily_key

    def _installation_value(self, name: str, made: str) -> str:
        return installation_value(self.engine, name, made)

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

    def since(self, table_id: str, match_number: int, seq: int, takebacks: int = 0) -> Fresh | None:
        """The table beyond a copy at ``match_number`` and ``seq`` that counted
        ``takebacks``; None if it is gone."""
        with self.session() as session:
            return read_fresh(session, table_id, match_number, seq, takebacks)

    def create_table(self, record: TableRecord) -> None:
        """Store a new table, its seats, its first match and that match's log so far
        (``record.actions``: none, unless the table starts from a position)."""
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
                    time_control=json_or_null(record.time_control),
                    deal_limit=record.deal_limit,
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
                    clock=json_or_null(record.clock),
                )
            )
            # A table that starts from a position (``pegboard.web.play_on``): its match's log
            # begins with the moves that led there, each by its seat.
            if record.actions:
                session.flush()  # the match first: the actions refer to it
                session.add_all(
                    ActionRow(
                        table_id=record.id,
                        match_number=record.match_number,
                        seq=seq,
                        seat=seat,
                        action=action,
                    )
                    for seq, (seat, action) in enumerate(record.actions, 1)
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
                seats=[seat_info_of(s) for s in seats],
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
                deal_limit=row.deal_limit,
                takebacks=match.takebacks or 0,
                takeback=match.takeback,
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
                connection.execute(FINISH_MATCH, finished)
            clocks = [
                {"t": a.table_id, "n": a.match_number, "clock_after": a.clock.to_json()}
                for a in actions
                if a.clock is not None
            ]
            if clocks:
                connection.execute(SET_CLOCK, clocks)
            if self._sqlite_created is not None:
                self._append_sqlite(connection, actions, self._sqlite_created(now))
                return
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
            connection.execute(INSERT_ACTION, rows)
            statuses = [{"t": a.table_id, "status_after": a.status} for a in actions]
            connection.execute(SET_STATUS, statuses)

    @staticmethod
    def _append_sqlite(connection: Connection, actions: Sequence[NewAction], created: Any) -> None:
        """The insert and the statuses of ``add_actions`` on SQLite: the driver's own
        statements on the transaction's connection, not SQLAlchemy's compiling and execution
        of each (2-3% of a busy server's CPU), and one statement for all the rows of each
        (a step of SQLite's each, where the driver lets the GIL go and takes it back: the
        group's commit runs in a worker thread, ``pegboard.web.commits``); an error is
        raised as SQLAlchemy's, as before."""
        rows = [
            value
            for a in actions
            for value in (a.table_id, a.match_number, a.seq, a.seat, a.action, created)
        ]
        status = {a.table_id: a.status for a in actions}  # the last of a table's, as before
        statuses = [value for item in status.items() for value in item] + list(status)
        insert, update = sqlite_group_statements(len(actions), len(status))
        driver = connection.connection.driver_connection
        assert driver is not None
        cursor = driver.cursor()
        try:
            cursor.execute(insert, rows)
            cursor.execute(update, statuses)
        except sqlite3.Error as error:
            raise DBAPIError.instance(insert, rows, error, sqlite3.Error) from error
        finally:
            cursor.close()

    async def add_actions_async(self, actions: Sequence[NewAction]) -> None:
        """``add_actions`` awaited on the event loop: on PostgreSQL only (``AsyncAppender``;
        SQLite's group runs in a worker thread, ``pegboard.web.commits``)."""
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
            write_seat(session, table_id, info, status)

    def start_match(
        self, table_id: str, number: int, seed: int, status: str, clock: Clock | None = None
    ) -> None:
        with self.session() as session, session.begin():
            write_start_match(session, table_id, number, seed, status, clock)

    def set_takeback(self, table_id: str, number: int, takeback: dict[str, Any] | None) -> None:
        """Keep match ``number``'s takeback asked for (``pegboard.web.takebacks``)."""
        with self.session() as session, session.begin():
            write_takeback(session, table_id, number, takeback)

    def take_back(
        self, table_id: str, number: int, seq: int, status: str, clock: Clock | None
    ) -> bool:
        """Take back match ``number``'s last move ``seq`` (``table_rows.write_take_back``)."""
        with self.session() as session, session.begin():
            return write_take_back(session, table_id, number, seq, status, clock)

    def set_clock(self, table_id: str, number: int, clock: Clock | None) -> None:
        """Keep match ``number``'s clocks (``pegboard.web.table_clocks``)."""
        with self.session() as session, session.begin():
            write_clock(session, table_id, number, clock)

    def forfeit(self, table_id: str, number: int, end: Forfeit) -> bool:
        """Keep that match ``number`` ended by ``end``'s forfeit (``pegboard.web.leavers``):
        it is finished, and the table is over. False when the match was finished already:
        then nothing of it changed."""
        with self.session() as session, session.begin():
            return write_forfeit(session, table_id, number, end)

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
