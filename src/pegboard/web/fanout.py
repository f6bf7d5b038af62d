"""Several server processes on one PostgreSQL database: each process LISTENs for the
notifications that the others' commits send (``pegboard.web.table_rows.TableTransaction``) and
brings its copy of the named table up to date from the log, then tells its own clients.

The listening connection is psycopg 3's, a connection of its own (the engine's pool lends
its connections to one transaction at a time, and a LISTEN must stay). When it is lost
(the database restarted, the network cut), the listener connects again, with a growing
pause, and then has every table in memory caught up, since notifications sent meanwhile
are lost: the log is the truth, a notification only says where to look.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from sqlalchemy.engine import make_url

from pegboard.web.records import CHANNEL, Notice

log = logging.getLogger(__name__)

RECONNECT_FIRST: Final = 0.2
RECONNECT_MAX: Final = 10.0
"""Seconds between attempts to listen again after the connection was lost (doubling)."""
APPLICATION: Final = "pegboard listener"
"""The listening connection's ``application_name`` (as ``pg_stat_activity`` shows it)."""
CHECK_SECONDS: Final = 15.0
"""After this long with no notification, the listener checks that its connection lives."""


def listen_url(sqlalchemy_url: str) -> str:
    """The libpq URL (psycopg's) of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """Calls ``heard(notice)`` for each notification of another process, and
    ``resync()`` each time it (re)starts listening, until ``close``."""

    def __init__(
        self,
        url: str,
        origin: str,
        heard: Callable[[Notice], None],
        resync: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = listen_url(url)
        self.origin = origin
        self.heard = heard
        self.resync = resync
        self.listening = asyncio.Event()
        """Set while the connection listens (tests and /healthz wait for it)."""
        self.connections = 0
        """How many times the listener connected (1 at start, +1 after each loss)."""
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _run(self) -> None:
        import psycopg  # the web extra's driver; only PostgreSQL needs it

        pause = RECONNECT_FIRST
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=APPLICATION
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.connections += 1
                    self.listening.set()
                    pause = RECONNECT_FIRST
                    # Whatever was committed while nobody listened is read from the log.
                    await self.resync()
                    while True:
                        async for note in connection.notifies(timeout=CHECK_SECONDS):
                            found = Notice.read(note.payload)
                            if found is not None and found.origin != self.origin:
                                self.heard(found)
                        # A quiet while: is the connection still there? (fails if not)
                        await connection.execute("SELECT 1")
            except asyncio.CancelledError:
                raise
            except Exception as error:  # psycopg.OperationalError and its kin
                self.listening.clear()
                log.warning("listening for other processes' moves failed: %s", error)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RECONNECT_MAX)
