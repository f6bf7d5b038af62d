"""The moves' commits, grouped: the moves that arrive while one transaction commits are
committed together in the next (what databases call a group commit).

Why: a commit is a trip to a worker thread or to the database (the database call blocks),
and a thread that needs the GIL back while the event loop runs Python waits for the loop's
switch interval each time, several times per transaction. Measured in ``python -m benchmarks web``
on SQLite, with one transaction per move: a commit took 150 ms on average at 170 moves/s
(the moves queued for SQLite's one writer). Grouped, the cost of a transaction is shared by
all the moves that waited for it.

On SQLite (the embedded database, a file of this process) the transaction runs in a worker
thread, as one statement for the group's rows and one for their tables' statuses
(``Store.add_actions``, sqlite3's own statements). It ran on the event loop itself for a
while: a thread's commit then wrote row by row, and the sqlite3 module gives up the GIL
around each row, so the thread waited for the busy loop at each (its switch interval, 5 ms
then, at each row of the group: 50 to 500 ms one commit in a hundred). Inline, though, the
loop stopped for the sync of the log, and on a machine whose disk is shared a sync took
5 ms at the 90th percentile and 100 ms at the 99th (issue 42, measured there): every table
waited. Now the group is two steps of SQLite's and its commit, a few hand-overs of the GIL
at 1 ms each, and the loop serves the other tables during the sync. Measured in
``python -m benchmarks web --tables 300`` on that machine, 2 runs each, alternated: 323 ->
488 moves/s, the mover's p50 753 -> 267 ms and p99 1610 -> 1360 ms, for 7% more CPU a move
(the hand-overs). PostgreSQL's commits are awaited on the loop, on psycopg's
asynchronous connection (``Store.add_actions_async``): there a commit waits on the network
and on other processes' locks, and the loop serves the others meanwhile, with no thread.

A move waits for its own commit before it is told to anyone, as before: grouping changes
when a move is committed, never whether it is committed before the players hear of it. A
transaction holds at most one move of a table (a table's moves are played one at a time,
under its lock, each waiting for its commit). When a grouped transaction fails, each of its
moves is committed again on its own, so that a move refused by the log's unique key (on
PostgreSQL, another process's move of that seq: ``TableService.play_seat``) fails alone.
"""

from __future__ import annotations

import asyncio
from typing import Final

from pegboard.web.records import DatabaseBusyError, NewAction, is_busy
from pegboard.web.store import Store

MOST: Final = 64
"""The most moves one transaction commits (a bound on one transaction's time)."""


class GroupCommit:
    """Commits ``NewAction``s, many to a transaction, one transaction at a time."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[NewAction, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def add(self, action: NewAction) -> None:
        """Return once ``action`` is committed; raise what its commit raised.
        ``DatabaseBusyError`` when it still waits for its turn after ``db_timeout`` (behind
        a commit the database is slow to answer): it is taken out of the queue, never to
        be committed. A commit on its way is left to its own bound
        (``pegboard.web.appends.AsyncAppender``)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        entry = (action, done)
        self._waiting.append(entry)
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._write())
        if self.store.db_timeout is None:
            await done
            return
        # A timer, not ``asyncio.wait_for``: the same bound for a fraction of the cost, on
        # the way of every move.
        timer = loop.call_later(self.store.db_timeout, self._expire, entry)
        try:
            await asyncio.shield(done)
        finally:
            timer.cancel()

    def _expire(self, entry: tuple[NewAction, asyncio.Future[None]]) -> None:
        """A move's wait for its commit timed out: unless it is on its way to the database
        (then its commit's outcome is awaited), it leaves the queue, refused."""
        if not any(waiting is entry for waiting in self._waiting):
            return  # on its way to the database
        self._waiting = [waiting for waiting in self._waiting if waiting is not entry]
        done = entry[1]
        if not done.done():
            done.set_exception(DatabaseBusyError("a move waited too long for its commit"))

    async def _write(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:MOST], self._waiting[MOST:]
            if len(group) == 1:
                await self._one(*group[0])
                continue
            try:
                await self._run([action for action, _ in group])
            except Exception as error:
                if is_busy(error):  # the database is slow: each would wait as long again
                    for _, done in group:
                        if not done.done():
                            done.set_exception(error)
                    continue
                for action, done in group:  # each on its own: only the faulty one fails
                    await self._one(action, done)
            else:
                for _, done in group:
                    if not done.done():
                        done.set_result(None)

    async def _run(self, actions: list[NewAction]) -> None:
        if self.store.shared:  # a wait on PostgreSQL's socket
            await self.store.add_actions_async(actions)
        else:  # SQLite: the sync of its log, off the event loop
            await asyncio.to_thread(self.store.add_actions, actions)

    async def _one(self, action: NewAction, done: asyncio.Future[None]) -> None:
        try:
            await self._run([action])
        except Exception as error:
            if not done.done():
                done.set_exception(error)
        else:
            if not done.done():
                done.set_result(None)
