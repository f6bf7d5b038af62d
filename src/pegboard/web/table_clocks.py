"""The clocks of the web's tables (issue 33): which seat's clock runs, the clocks after a
move or any other change, and the flag when a person's time is out (``Clocks``, a
part of ``TableService``, ``pegboard.web.service``).

A clock runs for the person to move at a match in play with every seat taken, never for a
bot (a table's own, or one standing in for an away player): a bot pauses nobody's clock
and has none (``clock_seat``). The server counts with its own clock (``wall``: seconds
since the epoch, shared by every process of a site), never the client's.

When the running seat's time is out (an alarm set at its deadline, or a move that comes
too late), the seat **flags**: at a rated table it loses the match (``fair_play.FLAG``:
a forfeit, rated once every seat has moved, else an abort); at a casual one a bot plays
for it, as for a player who left (``pegboard.web.leavers``), until its person takes the
seat back, with the whole bank again. The decision is made under the table's lock and, on
a shared database, its row lock after the copy was brought up to date: when several
processes watch one table, the first to decide flags and the others find it done.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Final

from pegboard.games import Game
from pegboard.web import fair_play, games, table_lists
from pegboard.web.clocks import Clock, TimeControl
from pegboard.web.leavers import stand_in_level
from pegboard.web.records import TableRecord
from pegboard.web.store import Store
from pegboard.web.table_body import CorrespondenceBody, NewTable
from pegboard.web.tables import LiveTable, TableHost, UnusableTableError, Writer, match_over
from pegboard.web.vacations import vacation_of

log = logging.getLogger("pegboard.web.service")

ALARM_HORIZON: Final = 3600.0
"""Seconds ahead within which a running clock's table stays in memory, its alarm set."""


def clock_seat(record: TableRecord, match: games.AnyMatch) -> int | None:
    """The seat whose clock runs now: the person to move at a match in play, with every
    seat taken and no bot standing in for them; None for a bot's turn, or no turn."""
    if record.time_control is None or record.status != "playing" or record.forfeit is not None:
        return None
    current = match.current_player
    if current is None or match_over(record.game, match, record.deal_limit):
        return None
    info = record.seats[current]
    return current if info.kind == "human" and info.stand_in is None else None


def time_control_of(game: Game, request: NewTable, people: int) -> TimeControl | None:
    """The clock a new table asks for: ``"clock": {"bank", "increment"}`` (seconds), or
    ``{"days"}`` (correspondence), ``null`` for none; unsaid, the game's own pace
    (``Game.time_control``) at a table of two or more people, none for one person and
    bots."""
    if not request.clock_said:
        if people < 2:
            return None
        bank, increment = game.time_control
        return TimeControl(bank, increment)
    asked = request.clock
    if asked is None:
        return None
    if isinstance(asked, CorrespondenceBody):
        return TimeControl.correspondence(asked.days)
    return TimeControl(asked.bank, asked.increment)


class Clocks:
    """The clocks' part of ``TableService``."""

    def __init__(self, host: TableHost, wall: Callable[[], float], store: Store) -> None:
        self.host = host
        self.store = store
        """Where a player's vacation is read (``vacations``)."""
        self.wall = wall
        """Seconds since the epoch: the server's clock (a test's own, moved by hand), which
        every process of a site reads alike."""
        self.alarms: dict[str, asyncio.TimerHandle] = {}
        """Each table's alarm at its running clock's deadline (``arm``)."""
        self.deadlines: dict[str, float] = {}
        """Each alarm's deadline (``wall`` seconds), for ``due_soon``."""

    # -- the clocks after a change ------------------------------------------------------------

    def after_move(self, table: LiveTable, seat: int) -> Clock | None:
        """The match's clocks once ``seat`` moved (the move applied to the live match, not
        yet committed: they are committed with it)."""
        clock, control = table.record.clock, table.record.time_control
        if clock is None or control is None:
            return None
        return clock.moved(seat, self.wall(), control, clock_seat(table.record, table.match))

    async def reclock(self, table: LiveTable, writer: Writer, *, reset: int | None = None) -> None:
        """Bring the clocks up to a change of the table that is no move (a seat taken or
        given up, a stand-in's start or end, a forfeit, a new match), stored through
        ``writer`` (the caller holds the lock): the running seat's time spent is taken,
        ``reset``'s seat gets the whole bank again, and the seat to run now starts."""
        record = table.record
        control, clock = record.time_control, record.clock
        if control is None:
            return
        now, running = self.wall(), clock_seat(record, table.match)
        if clock is None:
            after = Clock.start(control, len(record.seats), now, running)
        elif running == clock.running and reset is None:
            return  # the same clock runs on (or none): nothing to keep
        else:
            resets = () if reset is None else (reset,)
            after = clock.changed(now, running, reset=resets, bank=control.bank)
        await asyncio.to_thread(writer.set_clock, record.id, record.match_number, after)
        record.clock = after

    def new_clock(self, record: TableRecord, match: games.AnyMatch) -> Clock | None:
        """A new match's clocks (every seat the whole bank), its first clock running."""
        control = record.time_control
        if control is None:
            return None
        running = clock_seat(record, match)
        return Clock.start(control, len(record.seats), self.wall(), running)

    # -- what every seat sees -----------------------------------------------------------------

    def summary(self, table: LiveTable, summary: dict[str, Any]) -> None:
        """Add the table's ``clock`` to its summary: ``{"bank", "increment", "left": [ms
        per seat, as of now], "running": seat or null}``, or null at a table without one."""
        control, clock = table.record.time_control, table.record.clock
        if control is None:
            summary["clock"] = None
            return
        left = (
            clock.left_at(self.wall())
            if clock is not None
            else ((float(control.bank),) * len(table.record.seats))
        )
        summary["clock"] = {
            **control.to_json(),
            "left": [round(seconds * 1000) for seconds in left],
            "running": None if clock is None else clock.running,
        }

    # -- the flag -----------------------------------------------------------------------------

    def arm(self, table: LiveTable) -> None:
        """Set the table's alarm at its running clock's deadline (and drop an older one):
        called after every change of a table (``TableService.broadcast``)."""
        old = self.alarms.pop(table.id, None)
        self.deadlines.pop(table.id, None)
        if old is not None:
            old.cancel()
        clock = table.record.clock
        # No alarm for a clock no seat should be on (a match over, say), even if the stored
        # clock still says one runs: its flag would be refused, and the alarm set again.
        idle = clock is None or table.broken or clock_seat(table.record, table.match) is None
        deadline = None if idle or clock is None else clock.deadline
        if deadline is None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, deadline - self.wall())
        self.alarms[table.id] = loop.call_later(delay, self._ring, table)
        self.deadlines[table.id] = deadline

    def _ring(self, table: LiveTable) -> None:
        self.alarms.pop(table.id, None)
        self.deadlines.pop(table.id, None)
        self.host.spawn(self._flag_when_due(table))

    async def _flag_when_due(self, table: LiveTable) -> None:
        await self.flag_due(table)

    async def flag_due(self, table: LiveTable) -> bool:
        """Flag the table's running seat if its time is out (``flag_if_due`` under the
        table's lock). Whether this call flagged it."""
        async with table.lock:
            return await self.flag_if_due(table)

    async def flag_if_due(self, table: LiveTable) -> bool:
        """Flag the running seat if its time is out, and tell everyone (the caller holds
        the table's lock; on a shared database the decision is made under the table's row
        lock, once the copy caught up: a move or another process's flag may have come
        first). Whether it flagged."""
        if table.broken or table.record.clock is None:
            return False
        async with self.host.writing(table) as writer:
            clock = table.record.clock
            seat = None if clock is None else clock.out_of_time(self.wall())
            if table.broken or seat is None or seat != clock_seat(table.record, table.match):
                self.arm(table)  # moved on meanwhile: the next deadline, if any
                return False
            if await self._on_vacation(table, seat, writer):
                self.arm(table)
                self.host.broadcast(table)
                return False
            flagged = await self._flag(table, seat, writer)
        self.host.broadcast(table)
        return flagged

    async def _on_vacation(self, table: LiveTable, seat: int, writer: Writer) -> bool:
        """At a correspondence table, a move that fell due while its player is on vacation
        is given its whole time again from the vacation's end (stored through ``writer``):
        whether it was. A live clock never waits."""
        record, clock = table.record, table.record.clock
        control, player = record.time_control, record.seats[seat].player_id
        if control is None or not control.per_move or player is None or clock is None:
            return False
        vacation = await asyncio.to_thread(vacation_of, self.store, player)
        due = clock.deadline
        if vacation is None or due is None or not vacation.covers(datetime.fromtimestamp(due, UTC)):
            return False
        after = clock.extended(seat, vacation.ends.timestamp(), control.bank)
        await asyncio.to_thread(writer.set_clock, record.id, record.match_number, after)
        record.clock = after
        log.info("table %s: seat %d's move waits for its player's vacation", table.id, seat)
        return True

    async def _flag(self, table: LiveTable, seat: int, writer: Writer) -> bool:
        """``seat``'s time is out (the caller holds the lock): at a rated table it loses
        the match; at a casual one a bot plays for it until its person takes it back.
        Whether it flagged (not a match finished already)."""
        record = table.record
        if record.rated:
            if not await self.host.end_by_forfeit(table, seat, fair_play.FLAG, writer):
                return False  # finished already: no flag to tell
        else:
            info = record.seats[seat]
            level = stand_in_level(table.game, record.seats)
            await self.host.save_seat(table, dataclasses.replace(info, stand_in=level), writer)
            self.host.kick_bots(table)
        log.info("table %s: seat %d ran out of time", table.id, seat)
        return True

    def due_soon(self, table: LiveTable) -> bool:
        """Whether the table's alarm rings within ``ALARM_HORIZON``: a table whose alarm
        is days away (a correspondence table's) may leave memory, and ``wake_due`` brings it
        back in time."""
        deadline = self.deadlines.get(table.id) if table.id in self.alarms else None
        return deadline is not None and deadline - self.wall() < ALARM_HORIZON

    async def wake_due(self) -> int:
        """Rebuild the correspondence tables out of memory whose clocks run out within
        ``ALARM_HORIZON`` (their alarms are set as they are rebuilt): called a minute
        apart by the server's sweep, and at its start. How many it woke."""
        due = await asyncio.to_thread(
            table_lists.correspondence_due, self.store, self.wall() + ALARM_HORIZON
        )
        woken = 0
        for table_id in due:
            if self.host.holds(table_id):
                continue
            try:
                await self.host.get(table_id)
                woken += 1
            except UnusableTableError as error:
                log.warning("%s", error)
        return woken

    def disarm(self, table: LiveTable) -> None:
        alarm = self.alarms.pop(table.id, None)
        self.deadlines.pop(table.id, None)
        if alarm is not None:
            alarm.cancel()

    def disarm_all(self) -> None:
        """Cancel every alarm (the server stops: a restart sets them again from the
        stored clocks)."""
        for alarm in self.alarms.values():
            alarm.cancel()
        self.alarms.clear()
        self.deadlines.clear()
