"""Several server processes on one database (PostgreSQL): a table's copy in this process
kept in step with the log (``TableSync``, a part of ``TableService``).

Every change of a table that is no move is written through ``writing``: the store itself
on a database of one process; on a shared one, a transaction that holds the table's row
lock, after the copy was brought up to date from the log (``read_fresh``, ``catch_up``).
The other processes' commits are heard (``pegboard.web.fanout``) and bring the named
table's copy up to date; which seats have a player connected here is told to the others
(``announce``) and said again now and then (a process that stops saying so, having died,
is believed no more after ``PRESENCE_SECONDS``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from typing import Any, Final

from pegboard.i18n import translator
from pegboard.web.fanout import Listener
from pegboard.web.records import Fresh, Notice
from pegboard.web.seats import close_connection, local_seats, present_seats
from pegboard.web.store import Store
from pegboard.web.table_rows import TableTransaction
from pegboard.web.tables import ClientError, LiveTable, TableHost, UnusableTableError, Writer, _gone

log = logging.getLogger("pegboard.web.service")

TRANSACTIONS: Final = 12
"""Shared database: table transactions open at once in one process, under the engine's pool
(``db.POOL_SIZE``) and the event loop's worker threads (``db.DATABASE_THREADS``)."""
PRESENCE_SECONDS: Final = 45.0
"""Several processes: how long another process's word that a seat's player is connected
to it holds (it says so again every third of this while it is so)."""


class TableSync:
    """This process's copies of the tables, kept in step with the log and the others."""

    def __init__(
        self,
        host: TableHost,
        store: Store,
        tables: dict[str, LiveTable],
        loading: dict[str, asyncio.Task[LiveTable | None]],
    ) -> None:
        self.host = host
        self.store = store
        self.tables = tables
        """The live tables of the service (shared, not copied)."""
        self.loading = loading
        """The tables being rebuilt (the service's)."""
        self.listener: Listener | None = None
        """On a shared database: what hears the other processes' commits (``listen``)."""
        self.on_chat: Callable[[str, int], Coroutine[Any, Any, None]] | None = None
        """What a chat line said through another process is told to (``TableChat.hear``)."""
        self._transactions = asyncio.Semaphore(TRANSACTIONS)
        """Shared database: the table transactions open at once (``writing``)."""
        self._heartbeat: asyncio.Task[None] | None = None
        self._announced: dict[str, frozenset[int]] = {}
        """The seats of each table this process last said it has."""
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._stale: set[str] = set()
        """Tables another process changed while their refresh ran: one refresh more."""

    def listen(self) -> None:
        """On a shared database (PostgreSQL), start hearing the other processes' commits:
        each brings the named table's copy in memory up to date (``pegboard.web.fanout``)."""
        if self.store.shared and self.listener is None:
            url = self.store.engine.url.render_as_string(hide_password=False)
            self.listener = Listener(url, self.store.origin, self._heard, self._resync)
            self.listener.start()
            loop = asyncio.get_running_loop()
            self._heartbeat = loop.create_task(self._beat())

    async def close(self) -> None:
        """Stop hearing the others, the heartbeat and the refreshes."""
        if self.listener is not None:
            await self.listener.close()
        tasks = [*([self._heartbeat] if self._heartbeat else []), *self._refreshing.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- writing a change ------------------------------------------------------------------

    @asynccontextmanager
    async def writing(self, table: LiveTable) -> AsyncIterator[Writer]:
        """Where the caller (holding the table's lock) writes its one change to the table:
        the store itself for a database of one process; on a shared database, a
        transaction that holds the table's row lock in the database, after the copy in
        memory was brought up to date from the log (another process may have appended),
        so that what the caller checks and decides is checked against the truth."""
        if not self.store.shared:
            yield self.store
            return
        number, seq, taken = table.record.match_number, table.seq, table.record.takebacks

        def begin() -> tuple[TableTransaction, Fresh | None]:
            transaction = self.store.locked(table.id)
            try:
                return transaction, transaction.since(number, seq, taken)
            except BaseException:
                transaction.close()
                raise

        # A transaction keeps its connection while the event loop decides; bounded, so
        # that the pool and the worker threads always have room for the ones that hold
        # one to finish (unbounded, a load of tables took every connection, and the worker
        # threads waited for one while the holders waited for a thread).
        async with self._transactions:
            transaction, fresh = await asyncio.to_thread(begin)
            try:
                self.catch_up(table, fresh)
                yield transaction
            finally:
                await asyncio.to_thread(transaction.close)

    async def read_fresh(self, table: LiveTable) -> None:
        """On a shared database, bring the table's copy up to date from the log and tell
        its clients if it changed (the caller holds the table's lock; no row lock: nothing
        is decided on it but what to show)."""
        if not self.store.shared:
            return
        fresh = await asyncio.to_thread(
            self.store.since,
            table.id,
            table.record.match_number,
            table.seq,
            table.record.takebacks,
        )
        if self.catch_up(table, fresh):
            self.host.kick_bots(table, lead=False)

    def catch_up(self, table: LiveTable, fresh: Fresh | None) -> bool:
        """Bring the copy in memory to what the log holds and tell the clients (the caller
        holds the table's lock): each action other processes appended, one state each, so
        that every client sees every move once; a match they started; the seats they
        changed (a connection whose seat's token changed is closed). Whether anything
        changed."""
        _ = translator("en")
        record = table.record
        if fresh is None:  # the table itself is gone: nothing left to serve
            self.host.drop(table)
            raise ClientError("server", _gone(_))
        changed = (
            fresh.seats != record.seats
            or fresh.status != record.status
            or fresh.takeback != record.takeback
            or (fresh.forfeit != record.forfeit and fresh.match_number == record.match_number)
            or (fresh.clock != record.clock and not fresh.actions)
        )
        moved = fresh.match_number != record.match_number or bool(fresh.actions)
        record.seats, record.status = fresh.seats, fresh.status
        record.forfeit, record.ending, record.aborted = fresh.forfeit, fresh.ending, fresh.aborted
        record.clock = fresh.clock
        record.takeback = fresh.takeback
        for connection in list(table.connections):
            seated = connection.seat
            if seated is None:
                continue
            held = record.seats[seated].token_hash
            if (
                held is None
                or connection.token_hash is None
                or not hmac.compare_digest(held, connection.token_hash)
            ):
                close_connection(table, connection)
        try:
            if fresh.match_number == record.match_number and fresh.takebacks != record.takebacks:
                # A move was taken back through another process: the match is made again
                # from its whole log (``read_fresh`` gave it all), and told once.
                record.takebacks = fresh.takebacks
                record.actions = []
                table.match = table.game.new_match(record.config, record.seed)
                table.narration = []
                for seat, action in fresh.actions:
                    played = table.game.play(table.match, seat, action)
                    record.actions.append((seat, played.notation))
                    table.narrate(played.events)
                self.host.broadcast(table)
                return True
            if fresh.match_number != record.match_number:
                record.match_number, record.seed = fresh.match_number, fresh.seed
                record.takebacks = fresh.takebacks
                record.actions = []
                table.match = table.game.new_match(record.config, fresh.seed)
                table.narration = []
                self.host.broadcast(table)
                changed = False
            for seat, action in fresh.actions:
                played = table.game.play(table.match, seat, action)
                record.actions.append((seat, played.notation))
                table.narrate(played.events)
                self.host.broadcast(table)
                changed = False
        except ValueError:  # IllegalActionError too: the log does not replay on this copy
            log.exception("table %s: another process's actions do not replay", table.id)
            self.host.drop(table)
            raise ClientError("server", _("The table is being rebuilt: connect again.")) from None
        if changed:
            self.host.broadcast(table)
        return changed or moved

    # -- who is here -------------------------------------------------------------------------

    def announce(self, table: LiveTable, *, again: bool = False) -> None:
        """Tell the other processes which seats of ``table`` have a player here, when that
        changed (or ``again``, the heartbeat's)."""
        if self.listener is None:
            return
        here = frozenset(local_seats(table))
        if not again and self._announced.get(table.id) == here:
            return
        self._announced[table.id] = here
        self.host.spawn(asyncio.to_thread(self.store.announce, table.id, here))

    def tell_later(self, table: LiveTable) -> None:
        """Every connection its state, under the table's lock, in a task of its own."""
        self.host.spawn(self._tell_presence(table))

    async def _tell_presence(self, table: LiveTable) -> None:
        async with table.lock:
            if not table.broken:
                self.host.broadcast(table)

    def _heard(self, notice: Notice) -> None:
        if notice.chat is not None:
            if self.on_chat is not None and notice.table_id in self.tables:
                self.host.spawn(self.on_chat(notice.table_id, notice.chat))
            return
        if notice.here is None:
            self._moved(notice.table_id)
            return
        table = self.tables.get(notice.table_id)
        if table is None:
            return
        before = present_seats(table)
        table.elsewhere[notice.origin] = (notice.here, time.monotonic() + PRESENCE_SECONDS)
        if present_seats(table) != before:
            self.tell_later(table)

    async def _beat(self) -> None:
        """Say again, now and then, which seats each table has a player of here; forget
        what another process said long ago, and tell the clients if a seat went away so."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS / 3)
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.connections or self._announced.get(table.id):
                    self.announce(table, again=True)
                old = [o for o, (_, until) in table.elsewhere.items() if until <= now]
                if old:
                    for origin in old:
                        del table.elsewhere[origin]
                    self.tell_later(table)

    # -- another process's change ------------------------------------------------------------

    def _moved(self, table_id: str) -> None:
        """Another process changed ``table_id``: refresh it, once more if a refresh is
        already running (it may have read before that commit)."""
        if table_id not in self.tables and table_id not in self.loading:
            return  # not in memory: the next ``get`` reads it whole
        if table_id in self._refreshing:
            self._stale.add(table_id)
            return
        task = asyncio.get_running_loop().create_task(self._refresh(table_id))
        self._refreshing[table_id] = task
        task.add_done_callback(lambda _: self._refreshed(table_id))

    def _refreshed(self, table_id: str) -> None:
        del self._refreshing[table_id]
        if table_id in self._stale:
            self._stale.discard(table_id)
            self._moved(table_id)

    async def _resync(self) -> None:
        """Catch every table in memory up with the log (after listening began again)."""
        for table_id in list(self.tables):
            self._moved(table_id)

    async def _refresh(self, table_id: str) -> None:
        try:
            table = await self.host.get(table_id)
        except UnusableTableError:
            return
        if table is None:
            return
        async with table.lock:
            if table.broken or self.tables.get(table_id) is not table:
                return
            try:
                await self.read_fresh(table)
            except ClientError:
                return  # dropped: its clients were told, and reconnect
