"""The bots of the web's tables: each table's bot loop (think in the pool from the seat's
observation, play under the table's lock) and, after a start-up, the rebuilding of the
tables whose bots may be to act. ``TableBots`` is a part of ``TableService``
(``pegboard.web.service``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Final

from pegboard.bots import move_seed
from pegboard.games import quick_level
from pegboard.i18n import translator
from pegboard.web import table_lists
from pegboard.web.bot_pool import BotPool, WorkerCrashError
from pegboard.web.observability import Metrics
from pegboard.web.records import SeatInfo
from pegboard.web.store import Store
from pegboard.web.tables import ClientError, LiveTable, TableHost, UnusableTableError

log = logging.getLogger("pegboard.web.service")

RESUME_CONCURRENCY: Final = 2
"""Tables rebuilt at once after a start-up (each takes a database thread, then a replay)."""
RETRY_FIRST: Final = 0.5
RETRY_MAX: Final = 30.0
"""Seconds a bot waits before it tries again after its worker died (doubling each time)."""
STANDBY_SECONDS: Final = 2.0
"""On a database of several processes: how long a process that did not make a table's last
move waits for the one that did to move the table's bot, before it moves it itself."""


class TableBots:
    """The bots' part of ``TableService``: its loops and the resume after a start-up."""

    def __init__(
        self, host: TableHost, store: Store, pool: BotPool, metrics: Metrics, bot_delay: float
    ) -> None:
        self.host = host
        self.store = store
        self.pool = pool
        self.metrics = metrics
        self.bot_delay = bot_delay
        self.resume_task: asyncio.Task[None] | None = None

    # -- bots ----------------------------------------------------------------------------

    def to_act(self, table: LiveTable) -> SeatInfo | None:
        """The seat a bot is to move now, as a bot's seat (its ``level``): a bot's own, or
        an away player's that a bot stands in for (``pegboard.web.leavers``)."""
        current = table.current
        if current is None or table.broken or table.record.forfeit is not None:
            return None
        info: SeatInfo = table.record.seats[current]
        if info.kind == "bot":
            return info
        if info.stand_in is not None:
            return SeatInfo(info.seat, "bot", info.stand_in, claimed=True)
        return None

    def kick(self, table: LiveTable, *, lead: bool = True) -> None:
        """Start the table's bot loop if a bot is to act and none is running. ``lead``:
        this process made or read the table's last change itself, and moves its bots at
        once; a process that heard of the change from another (``lead`` False) stands by,
        and moves them only if that one has not within ``STANDBY_SECONDS`` (it died)."""
        table.bots_lead = lead
        info = self.to_act(table)
        if info is None:
            return
        if table.bot_task is None or table.bot_task.done():
            # The pool's workers start with the first table that has a bot to move (in the
            # background, during the bot's delay): a server of people alone starts none,
            # nor one whose bots are all quick (moved on the loop, ``BotPool.bot_move``).
            if not quick_level(table.record.game, info.level or ""):
                self.pool.start()
            table.bot_task = asyncio.get_running_loop().create_task(self._run(table))

    async def _run(self, table: LiveTable) -> None:
        """Move the table's bots until a human is to act: one move in flight at a time.

        The bot thinks in the pool from its seat's observation, without the table's lock
        (its clients are answered meanwhile; none of them can move the table on, since it
        is the bot's turn), then plays under the lock if the table is still where it was.
        """
        retry = RETRY_FIRST
        try:
            while True:
                before = table.seq, table.record.match_number
                standing_by = not table.bots_lead
                delay = self.bot_delay + (STANDBY_SECONDS if standing_by else 0.0)
                if delay > 0:
                    await asyncio.sleep(delay)
                async with table.lock:
                    info = self.to_act(table)
                    if info is None or info.level is None:
                        return
                    if standing_by and (table.seq, table.record.match_number) != before:
                        continue  # the other process moves them: stand by again
                    table.bots_lead = True
                    seq, number = table.seq, table.record.match_number
                    observation = table.match.observation(info.seat)
                    seed = move_seed(table.record.seed, seq)
                try:
                    with self.metrics.bot_think_seconds.time():
                        action = await self.pool.bot_move(
                            table.record.game, info.level, seed, observation
                        )
                except WorkerCrashError:
                    log.warning("table %s: the bot tries again in %.1f s", table.id, retry)
                    await asyncio.sleep(retry)
                    retry = min(2 * retry, RETRY_MAX)
                    continue
                retry = RETRY_FIRST
                async with table.lock:
                    # Another process's bot (or a seat there) may have moved first: then
                    # think again from where the table is (the log took one move only).
                    if table.seq != seq or table.record.match_number != number:
                        continue
                    now = self.to_act(table)
                    if now is None or now.seat != info.seat or now.level != info.level:
                        # The table was dropped meanwhile, or the away player took their
                        # seat back (``pegboard.web.leavers``): the move is never played.
                        return
                    try:
                        await self.host.play_seat(table, info.seat, action, translator("en"))
                    except ClientError as refused:
                        if refused.code != "stale":
                            raise
                        continue  # another process moved first: the copy is the log's again
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bot stopped", table.id)

    def start_resume(self) -> None:
        """``resume_bots`` in the background: the server answers requests meanwhile (a table
        a client opens first is rebuilt for it, once)."""
        if self.resume_task is None:
            self.resume_task = asyncio.get_running_loop().create_task(self.resume_bots())

    async def resumed(self) -> None:
        """Wait for the background resume, if one was started, to finish."""
        if self.resume_task is not None:
            await asyncio.shield(self.resume_task)

    async def resume_bots(self) -> None:
        """After a start-up: rebuild the tables whose bots may be to act (their loops
        start as they are rebuilt) or whose clocks run (their alarms are set),
        ``RESUME_CONCURRENCY`` at a time."""
        began = time.perf_counter()
        table_ids = iter(await asyncio.to_thread(table_lists.tables_to_resume, self.store))
        count = 0

        async def rebuild() -> None:
            nonlocal count
            for table_id in table_ids:  # shared: each table goes to one of the rebuilders
                try:
                    await self.host.get(table_id)
                    count += 1
                except UnusableTableError as error:
                    log.warning("%s", error)
                except Exception:
                    log.exception("table %s: it could not be rebuilt", table_id)

        await asyncio.gather(*(rebuild() for _ in range(RESUME_CONCURRENCY)))
        log.info("%d tables with bots rebuilt in %.1f s", count, time.perf_counter() - began)
