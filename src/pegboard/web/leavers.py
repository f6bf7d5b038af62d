"""Leavers (issue 13, "Leavers and disconnects"): when a seat's player went away, how long
the others wait for them (the grace time), and what they may do after it: at an unrated
table hand the seat to a bot (a stand-in, until the player comes back), at a rated one
claim the win (the leaver loses the match, as on Lichess). ``Leavers`` is a part of
``TableService`` (``pegboard.web.service``), like ``Seats`` and ``TableBots``.

A seat is away when its player has no connection (``present_seats``). When it went away
is kept here, in memory (``LiveTable.away_since``, monotonic): a restarted server counts a
seat away from when it rebuilt the table, so a player never loses time to a restart. The
stand-in and the forfeit are stored (``seats.stand_in``, ``matches.forfeit``), so a restart
keeps them.

A stand-in bot plays from the seat's own observation, like any bot (``TableBots``): nothing
of that seat's view goes to anyone else. Its player takes the seat back by connecting with
its key (``Seats.connect`` calls ``take_back`` under the table's lock); a move the
bot was thinking of meanwhile is dropped, because the bot plays only under that lock and
only while the seat is still its own.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import math
from collections.abc import Callable
from typing import Any, Final

from pegboard.games import Game
from pegboard.i18n import Translator, translator
from pegboard.web import fair_play, ratings
from pegboard.web.limits import Limits
from pegboard.web.records import Forfeit, SeatInfo
from pegboard.web.seat_names import seat_name
from pegboard.web.seats import present_seats
from pegboard.web.store import Store
from pegboard.web.tables import ClientError, Connection, LiveTable, TableHost, Writer

log = logging.getLogger(__name__)

GRACE_SECONDS: Final = 120.0
"""Seconds a seat's player may be away before the others may act on it, by default
(``pegboard serve --grace``): two minutes, a little more than Lichess gives a player of a
game with a clock (40 s to a few minutes), since domino and card games go slower."""

LEAVER: Final = "leaver"
"""The error code of every refused takeover or claim (the message says which rule)."""


def rated(table: LiveTable) -> bool:
    """Whether the table is rated (``pegboard.web.ratings``): its leavers lose by a claim,
    never by a stand-in."""
    return table.record.rated


def by_correspondence(table: LiveTable) -> bool:
    """Whether the table is played by correspondence (issue 39): its players come and go
    between moves, and only the time per move decides (``table_clocks``), never an away
    seat's grace time."""
    control = table.record.time_control
    return control is not None and control.per_move


def is_forfeited(table: LiveTable) -> bool:
    """Whether the match in play ended by forfeit (a claim at a rated table)."""
    return table.record.forfeit is not None


def stand_in_level(game: Game, seats: list[SeatInfo]) -> str:
    """The bot that stands in for an away player: the level of the table's own bots (the
    strongest of them), which its players chose to play against; at a table of people
    alone, the game's strongest level but one: a good player that thinks fast (the
    strongest is a search that thinks the longest), and the only one if there is one."""
    levels = game.bot_levels()
    chosen = [s.level for s in seats if s.kind == "bot" and s.level in levels]
    if chosen:
        return max(chosen, key=levels.index)
    return levels[-2] if len(levels) > 1 else levels[0]


class Leavers:
    """The leavers' part of ``TableService``: away times, stand-in bots, forfeits."""

    def __init__(
        self,
        host: TableHost,
        store: Store,
        limits: Limits,
        clock: Callable[[], float],
        grace: float,
    ) -> None:
        self.host = host
        self.store = store
        self.limits = limits
        self.clock = clock
        """Seconds, for how long a seat has been away (monotonic; a test's own)."""
        self.grace = grace
        """Seconds an away seat's player has before the others may act on it."""

    # -- away times ------------------------------------------------------------------------

    def mark_presence(self, table: LiveTable) -> None:
        """Bring ``away_since`` up to date: a seat whose player is here is not away; a
        claimed seat of a person with no connection is away from now, unless it already was."""
        here = present_seats(table)
        now = self.clock()
        for info in table.record.seats:
            if info.kind == "human" and info.claimed and info.seat not in here:
                table.away_since.setdefault(info.seat, now)
            else:
                table.away_since.pop(info.seat, None)

    def _grace_left(self, table: LiveTable, seat: int) -> float:
        """Seconds before the others may act on the away ``seat`` (0: they may)."""
        since = table.away_since.get(seat)
        if since is None:
            return math.inf
        return max(0.0, since + self.grace - self.clock())

    def summary(self, table: LiveTable, summary: dict[str, Any]) -> None:
        """Add to a table's summary what the others may know of its leavers: per seat
        ``away`` (whole seconds its player has been away, null if here or not a person's
        seat), ``grace_left`` (whole seconds before the others may act, 0 once they may) and
        ``stand_in`` (the bot level playing for the absent player, or null); and the table's
        ``leavers`` (``stand_in``: an away seat is handed to a bot; ``claim``: the win is
        claimed; at a correspondence table ``away`` is null and neither is offered: only the
        time for each move counts there) and ``forfeit`` (the seat that lost the match in
        play by forfeit, or null)."""
        self.mark_presence(table)
        now = self.clock()
        patient = by_correspondence(table)
        for entry, info in zip(summary["seats"], table.record.seats, strict=True):
            since = None if patient else table.away_since.get(info.seat)
            entry["away"] = None if since is None else int(now - since)
            entry["grace_left"] = (
                None if since is None else math.ceil(self._grace_left(table, info.seat))
            )
            entry["stand_in"] = info.stand_in
        summary["leavers"] = "claim" if rated(table) else "stand_in"
        summary["forfeit"] = table.record.forfeit
        summary["ending"] = table.record.ending
        summary["aborted"] = table.record.aborted

    # -- the checks both a takeover and a claim make -----------------------------------------

    def _away_seat(
        self, table: LiveTable, connection: Connection, seat: object, _: Translator, claim: bool
    ) -> SeatInfo:
        """The away seat another seated player may act on now; ``ClientError`` (``leaver``,
        ``auth``, ``server``) naming what stands in the way. The caller holds the lock."""
        if connection.seat is None:
            raise ClientError(
                LEAVER,
                _("Only a player at this table may claim the win.")
                if claim
                else _("Only a player at this table may hand an away seat to a bot."),
            )
        mine = self.host.acting_seat(table, connection, _)
        if by_correspondence(table):
            raise ClientError(
                LEAVER,
                _(
                    "At a correspondence table players come and go between moves: only the "
                    "time for each move decides."
                ),
            )
        if rated(table) and not claim:
            raise ClientError(
                LEAVER,
                _("At a rated table an away seat is not handed to a bot: claim the win instead."),
            )
        if claim and not rated(table):
            raise ClientError(
                LEAVER,
                _("Only a rated table's match is won by a claim: hand the away seat to a bot."),
            )
        if table.over or is_forfeited(table):
            raise ClientError(LEAVER, _("The match is over."))
        seats = table.record.seats
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise ClientError(LEAVER, _("There is no such seat at this table."))
        info = seats[seat]
        number = seat + 1
        if info.kind != "human":
            raise ClientError(
                LEAVER,
                _("Seat {number} is a bot's: only a person who left can be replaced.").format(
                    number=number
                ),
            )
        if not info.claimed:
            raise ClientError(
                LEAVER, _("Seat {number} has no player yet: nobody left it.").format(number=number)
            )
        name = seat_name(table.record.game, info, _)
        if seat == mine or seat in present_seats(table):
            raise ClientError(
                LEAVER, _("{name} is here: only a seat whose player is away.").format(name=name)
            )
        if info.stand_in is not None:
            raise ClientError(LEAVER, _("A bot plays for {name} already.").format(name=name))
        self.mark_presence(table)
        left = math.ceil(self._grace_left(table, seat))
        if left > 0:
            raise ClientError(
                LEAVER,
                _.ngettext(
                    "{name} may still come back: wait {n} more second.",
                    "{name} may still come back: wait {n} more seconds.",
                    left,
                ).format(name=name, n=left),
            )
        return info

    # -- an unrated table: a stand-in bot ----------------------------------------------------

    async def takeover(
        self, table: LiveTable, connection: Connection, seat: object, level: object = None
    ) -> None:
        """Hand an away seat of an unrated table to a bot (``level``, one the game offers;
        by default ``stand_in_level``), which plays it until its player comes back."""
        _ = translator(connection.lang)
        async with table.lock, self.host.writing(table) as writer:
            info = self._away_seat(table, connection, seat, _, claim=False)
            levels = table.game.bot_levels()
            if level is None:
                level = stand_in_level(table.game, table.record.seats)
            if level not in levels:
                raise ClientError(
                    LEAVER, _("Choose a bot level: {levels}.").format(levels=", ".join(levels))
                )
            await self.host.save_seat(table, dataclasses.replace(info, stand_in=str(level)), writer)
            self.host.kick_bots(table)

    async def come_back(self, table: LiveTable, connection: Connection) -> None:
        """The ``back`` message: a person here takes their seat back from the bot that
        plays it (their time ran out at a casual table, ``table_clocks``), with the whole
        bank again. ``ClientError`` when no bot plays it."""
        _ = translator(connection.lang)
        async with table.lock:
            seat = self.host.acting_seat(table, connection, _)
            if table.over or is_forfeited(table):
                raise ClientError(LEAVER, _("The match is over."))
            if not await self.take_back(table, seat):
                raise ClientError(LEAVER, _("No bot plays your seat: it is yours already."))
            self.host.broadcast(table)

    async def take_back(self, table: LiveTable, seat: int) -> bool:
        """The seat's player is back (the caller holds the lock and tells everyone next):
        the stand-in stops, stored first; a move its bot was thinking of is never played
        (``TableBots`` plays only under the lock, for a seat still a bot's). Whether there
        was one."""
        record = table.record
        info = record.seats[seat]
        if info.stand_in is None:
            return False
        changed = dataclasses.replace(info, stand_in=None)
        async with self.host.writing(table) as writer:  # the others' copies hear of it too
            await asyncio.to_thread(writer.update_seat, record.id, changed, record.status)
            seats = list(record.seats)
            seats[seat] = changed
            record.seats = seats
            # The person back at the seat has the whole bank again (``table_clocks``).
            await self.host.reclock(table, writer, reset=seat)
        return True

    # -- a rated table: the claim ------------------------------------------------------------

    async def claim_win(self, table: LiveTable, connection: Connection, seat: object) -> None:
        """Claim the win over the away seat of a rated table: the match ends by its
        forfeit (``_end_by_forfeit``: rated, or aborted if a seat has not moved yet)."""
        _ = translator(connection.lang)
        async with table.lock, self.host.writing(table) as writer:
            info = self._away_seat(table, connection, seat, _, claim=True)
            await self.end_by_forfeit(table, info.seat, fair_play.CLAIM, writer)
            self.host.broadcast(table)

    async def end_by_forfeit(
        self, table: LiveTable, seat: int, ending: str, writer: Writer
    ) -> bool:
        """End the match in play by ``seat``'s forfeit (``ending``: a claim, a resignation,
        a flag; the caller holds the lock and tells everyone): the seat loses to every other
        (``ratings.forfeit_ranks``), stored, then rated; or, when a seat has not moved yet,
        the match is aborted, unrated (``fair_play.every_seat_moved``). Whether it ended it
        (False: the match was finished already, and nothing changed)."""
        record = table.record
        ranks = ratings.forfeit_ranks(len(record.seats), seat)
        played = fair_play.every_seat_moved(record.actions, len(record.seats))
        end = Forfeit(seat, ending, [float(-rank) for rank in ranks] if played else None)
        if not await asyncio.to_thread(writer.forfeit, record.id, record.match_number, end):
            # Finished already, by a way this copy never heard of: nothing is rewritten,
            # and no clock runs on for it.
            log.warning("table %s match %s: a forfeit after its end", table.id, record.match_number)
            record.status = "over"  # and so no clock runs (``clock_seat``), nor an alarm
            return False
        record.forfeit, record.ending, record.aborted = seat, ending, end.aborted
        record.status = "over"
        await self.host.reclock(table, writer)  # the clocks stop where they stood
        if played:
            self._rate_forfeit(table, seat)
        return True

    def _rate_forfeit(self, table: LiveTable, leaver: int) -> None:
        """Rate the forfeited match (``pegboard.web.ratings.rate_forfeit``: the leaver
        loses to every other seat), in a worker thread after the forfeit was stored; a
        failure is logged, never the forfeit's (``rate_pending`` rates the finished match at
        the next start, from the standings kept with it)."""
        number = table.record.match_number
        rate = functools.partial(
            ratings.rate_forfeit, shared_addresses=self.limits.rated_shared_addresses
        )

        async def rating() -> None:
            try:
                await asyncio.to_thread(rate, self.store, table.id, number, leaver)
            except Exception:
                log.exception("table %s match %s: the forfeit was not rated", table.id, number)

        self.host.spawn(rating())
