"""Whether the database takes a write now (``GET /healthz``), checked so that a full disk
or a database that refuses writes fails it, not only a database out of reach.

What fails on a full disk, and so what is checked:

- **SQLite, write-ahead log**: a commit appends to the log, but once a checkpoint has
  emptied it the log is written again from its start, in blocks the file already has, so a
  small commit can succeed on a full disk while the next move that needs the log or the
  database to grow fails. A write that is rolled back writes nothing at all. So the check
  commits a write (the schema's version row rewritten with its own value: one log frame,
  nothing left behind) and then writes a 4 KiB file beside the database, syncs it and
  removes it: a new block, which a full disk (or a read-only one) refuses.
- **PostgreSQL**: the server extends a table's file, by a block of zeros, when a row needs a
  new page (``could not extend file ... No space left on device``), and its log lives in
  segments made ahead of time: an update that fits in a page it has succeeds on a full
  disk. So the check commits the same version row rewrite (which a read-only server or
  session refuses) and inserts a row into a temporary table that empties itself at each
  commit (``ON COMMIT DELETE ROWS`` truncates its file): each check extends it by one block
  again. The temporary table lives as long as the pooled connection, on the database's
  disk (``temp_tablespaces`` unset), and is never written to the log.

A check takes at most ``HEALTH_SECONDS``; one runs at a time per app, and a request that
comes while it runs waits for its answer, so a monitor polling a stuck database every few
seconds does not pile threads up.
"""

from __future__ import annotations

import asyncio
import os
from typing import Final

from sqlalchemy import Engine, text

from pegboard.web.db import sqlite_file

HEALTH_SECONDS: Final = 5.0
"""How long ``/healthz`` waits for the database's write before it answers 503."""
PROBE_BYTES: Final = 4096
"""The file written beside a SQLite database: one block of most file systems."""
PROBE_TABLE: Final = "pegboard_health_probe"
"""PostgreSQL: the session's temporary table the check extends."""
VERSION_REWRITE: Final = text("UPDATE alembic_version SET version_num = version_num")


def take_a_write(engine: Engine) -> None:
    """Commit a write that leaves nothing behind, on a block the disk must find; raises
    whatever the database or the file system says when it cannot."""
    if engine.dialect.name == "postgresql":
        _postgresql(engine)
        return
    with engine.begin() as connection:
        connection.execute(VERSION_REWRITE)
    database = sqlite_file(engine.url)
    if database is not None:
        _new_block_beside(database)


def _postgresql(engine: Engine) -> None:
    milliseconds = int(HEALTH_SECONDS * 1000)
    with engine.connect() as connection:
        info = connection.connection.info
        try:
            with connection.begin():
                # Bounded on the server's side too: a lock or a stuck disk gives up in time.
                connection.execute(text(f"SET LOCAL statement_timeout = {milliseconds}"))
                connection.execute(text(f"SET LOCAL lock_timeout = {milliseconds}"))
                connection.execute(VERSION_REWRITE)
                if PROBE_TABLE not in info:
                    connection.execute(
                        text(
                            f"CREATE TEMPORARY TABLE IF NOT EXISTS {PROBE_TABLE} (at integer) "
                            "ON COMMIT DELETE ROWS"
                        )
                    )
                connection.execute(text(f"INSERT INTO {PROBE_TABLE} VALUES (1)"))
        except BaseException:
            info.pop(PROBE_TABLE, None)  # made again next time, should it be gone
            raise
        info[PROBE_TABLE] = True


def _new_block_beside(database: os.PathLike[str] | str) -> None:
    path = f"{os.fspath(database)}-healthz-{os.getpid()}"
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(handle, b"\0" * PROBE_BYTES)
        os.fsync(handle)  # some file systems find the block only when it is written out
    finally:
        os.close(handle)
        os.unlink(path)


class WriteCheck:
    """One app's checks: at most one at a time (``check``)."""

    def __init__(self) -> None:
        self._running: asyncio.Future[None] | None = None

    async def check(self, engine: Engine) -> None:
        """Raises ``TimeoutError`` after ``HEALTH_SECONDS``, or what ``take_a_write``
        raised; a check still running (past its time) is waited for, not started again."""
        if self._running is None or self._running.done():
            self._running = asyncio.ensure_future(asyncio.to_thread(take_a_write, engine))
            # Its failure is read here even when every request waiting for it gave up.
            self._running.add_done_callback(lambda done: done.cancelled() or done.exception())
        await asyncio.wait_for(asyncio.shield(self._running), HEALTH_SECONDS)
