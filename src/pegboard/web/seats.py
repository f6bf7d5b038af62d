"""The seats of the web's tables: one-time invitations, joining a public table from the
list, leaving, the connections of each seat and who is here (``Seats``, a part of
``TableService``, ``pegboard.web.service``).

A seat's key is its token, known only to the browser that holds the seat (the server keeps
its SHA-256). An invitation is not a key: it is a one-time code (its hash kept until it is
used) that makes a fresh token for whoever claims it first, and then stops working, so the
table's creator never holds a key to a seat another person took (docs/web.md, "Seats").
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass
from typing import Final

from pegboard.i18n import Translator, translator
from pegboard.web import fair_play
from pegboard.web.client_limits import ClientLimits
from pegboard.web.limits import Limits
from pegboard.web.records import SeatInfo
from pegboard.web.store import Store
from pegboard.web.tables import (
    ClientError,
    Connection,
    LiveTable,
    LobbyError,
    TableHost,
    Writer,
    _gone,
    clean_name,
    hash_token,
    new_token,
    table_status,
)


def invited_seat(table: LiveTable, invite: str, _: Translator) -> SeatInfo:
    """The seat a one-time invitation is for, while it still works: ``LobbyError`` 410 for
    one used (or that never was), 409 at a table that is over. Every seat's hash is
    compared, found or not, so that the time taken tells nothing of the code."""
    wanted = hash_token(invite)
    found = None
    for info in table.record.seats:
        if info.invite_hash is not None and hmac.compare_digest(info.invite_hash, wanted):
            found = info
    if found is None or found.claimed:
        raise LobbyError(410, used_invitation(_))
    if table.record.status == "over":
        raise LobbyError(409, _("The match is over."))
    return found


class Seats:
    """The seats' part of ``TableService``: invitations, join, leave, connections."""

    def __init__(
        self, host: TableHost, store: Store, limits: Limits, clients: ClientLimits
    ) -> None:
        self.host = host
        self.store = store
        self.limits = limits
        self.clients = clients
        """The per-client rates (joins count against ``ClientLimits.joins_rate``)."""
        self._traced: dict[tuple[str, str], None] = {}
        """The (player, trace) pairs this process stored lately, oldest first (``trace``)."""

    # -- checks --------------------------------------------------------------------------

    def _human_seat(self, table: LiveTable, seat: object, _: Translator) -> SeatInfo:
        seats = table.record.seats
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            raise LobbyError(404, _("There is no such seat at this table."))
        info = seats[seat]
        if info.kind != "human":
            raise LobbyError(409, _("Seat {number} is a bot's.").format(number=seat + 1))
        return info

    def check_token(self, table: LiveTable, seat: object, token: object) -> SeatInfo | None:
        """The human seat that ``token`` opens, or None."""
        seats = table.record.seats
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
            return None
        info = seats[seat]
        if info.token_hash is None or not isinstance(token, str):
            return None
        return info if hmac.compare_digest(info.token_hash, hash_token(token)) else None

    def opens(self, table: LiveTable, seat: object, key: object) -> SeatInfo | None:
        """The human seat that ``key`` opens: a seat's token, or the identity of the player
        who holds the seat (a ``SeatHolder``); None otherwise."""
        if isinstance(key, SeatHolder):
            seats = table.record.seats
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(seats):
                return None
            held = seats[seat]
            ok = held.kind == "human" and held.claimed and held.player_id == key.player_id
            return held if ok and held.token_hash is not None else None
        return self.check_token(table, seat, key)

    # -- taking and giving up seats ------------------------------------------------------

    async def claim(
        self,
        table: LiveTable,
        invite: str,
        name: str | None,
        lang: str,
        client: str = "local",
        player: str | None = None,
    ) -> tuple[int, str]:
        """Claim the seat a one-time invitation is for: the seat and its new token (the
        claimer's alone). The invitation stops working; ``LobbyError`` 410 for one that was
        used (or never was), 409 at a table that is over. ``invite`` and ``name`` are as
        the body's model reads them (``bodies.ClaimInvite``)."""
        _ = translator(lang)
        self.clients.within_joins(client, _)
        async with table.lock, self.host.writing(table) as writer:
            found = invited_seat(table, invite, _)
            await self._check_rated_seat(table, found.seat, player, client, _)
            token, token_hash = new_token()
            # The name the creator wrote for the seat stands until the claimer gives theirs.
            named = clean_name(name, _) or found.name
            changed = SeatInfo(
                found.seat, found.kind, found.level, named, True, token_hash, None, player
            )
            await self.save_seat(table, changed, writer)
            return found.seat, token

    async def check_invitation(
        self, table: LiveTable, invite: str, lang: str, client: str = "local"
    ) -> None:
        """Whether a one-time invitation still works, before anyone is asked a name: nothing
        when it does, else ``claim``'s own refusal (410 used or never was, 409 the match is
        over). It tells nothing else (not the seat, no name), and counts against the
        joins' rate as a claim does, so it is no cheaper way to guess codes."""
        _ = translator(lang)
        self.clients.within_joins(client, _)
        invited_seat(table, invite, _)

    async def join(
        self,
        table: LiveTable,
        seat: int,
        name: str | None,
        lang: str,
        client: str = "local",
        player: str | None = None,
    ) -> str:
        """Claim an unclaimed human seat of a public table from the open list: its new
        token (an invitation to that seat stops working)."""
        _ = translator(lang)
        self.clients.within_joins(client, _)
        async with table.lock, self.host.writing(table) as writer:
            info = self._human_seat(table, seat, _)
            if not table.record.public:
                raise LobbyError(
                    403, _("This table is private: its seats are taken by invitation only.")
                )
            if info.claimed or table.record.status == "over":
                raise LobbyError(409, _("Seat {number} is taken.").format(number=seat + 1))
            await self._check_rated_seat(table, seat, player, client, _)
            token, token_hash = new_token()
            changed = SeatInfo(
                info.seat,
                info.kind,
                info.level,
                clean_name(name, _),
                True,
                token_hash,
                None,
                player,
            )
            self._close_seat(table, seat)
            await self.save_seat(table, changed, writer)
            return token

    async def _check_rated_seat(
        self, table: LiveTable, seat: int, player: str | None, client: str, _: Translator
    ) -> None:
        """At a rated table, ``LobbyError`` 409 in words unless ``player`` (asking from the
        address ``client``) may take ``seat``: a different person from every other seat's,
        and no newcomer (``pegboard.web.fair_play.seat_problem``). The caller holds the
        table's lock."""
        if not table.record.rated:
            return
        problem = await asyncio.to_thread(
            fair_play.seat_problem,
            self.store,
            table.record.seats,
            seat,
            player,
            client,
            self.limits.rated_after,
            _,
            shared_addresses=self.limits.rated_shared_addresses,
        )
        if problem:
            raise LobbyError(409, problem)

    async def leave(
        self, table: LiveTable, seat: int, token: object, lang: str, client: str = "local"
    ) -> None:
        """Give a seat up: it is unclaimed again, and no token opens it any more. At a rated
        table whose match is in play, leaving resigns it: the match ends, lost by the
        leaver (``fair_play.RESIGN``; aborted if a seat has not moved yet), and nobody else
        takes the seat in the middle of it."""
        _ = translator(lang)
        self.clients.within_joins(client, _)
        async with table.lock, self.host.writing(table) as writer:
            self._human_seat(table, seat, _)
            info = self.opens(table, seat, token)
            if info is None:
                raise LobbyError(403, _("This seat's token is not valid."))
            record = table.record
            # The match's player stays the seat's (``player_id``, and their name) until
            # another takes it: the resigned match is theirs, to rate, to list on their page
            # and to replay.
            held, name = None, None
            if record.rated and not table.over and record.forfeit is None:
                await self.host.end_by_forfeit(table, seat, fair_play.RESIGN, writer)
                held, name = info.player_id, info.name
            changed = SeatInfo(info.seat, info.kind, info.level, name, False, None, None, held)
            self._close_seat(table, seat)
            await self.save_seat(table, changed, writer)

    async def reinvite(
        self,
        table: LiveTable,
        seat: int,
        key: object,
        free: int,
        lang: str,
        client: str = "local",
    ) -> str:
        """A fresh one-time invitation to the free human seat ``free``, asked by a person
        seated at the table (``key`` opens their ``seat``): the way back in for a seat
        given up at a private table, which nobody can join from the list. It replaces an
        earlier invitation to that seat, which stops working."""
        _ = translator(lang)
        self.clients.within_joins(client, _)
        async with table.lock, self.host.writing(table) as writer:
            self._human_seat(table, seat, _)
            if self.opens(table, seat, key) is None:
                raise LobbyError(403, _("This seat's token is not valid."))
            info = self._human_seat(table, free, _)
            if info.claimed:
                raise LobbyError(409, _("Seat {number} is taken.").format(number=free + 1))
            if table.record.status == "over":
                raise LobbyError(409, _("The match is over."))
            code, code_hash = new_token()
            # A seat its player resigned keeps their name for that match's sake; the
            # next person's seat does not take it.
            named = info.name if info.player_id is None else None
            changed = SeatInfo(info.seat, info.kind, info.level, named, False, None, code_hash)
            await self.save_seat(table, changed, writer)
            return code

    async def hold(self, table: LiveTable, seat: int, player_id: str, name: str | None) -> None:
        """Say that ``player_id`` holds ``seat`` (just taken by their browser), named as the
        player when the seat has no name; nothing if the seat is held so already."""
        async with table.lock, self.host.writing(table) as writer:
            info = table.record.seats[seat]
            if info.player_id == player_id and (info.name or not name):
                return
            if not info.claimed:
                return  # given up meanwhile
            changed = SeatInfo(
                info.seat,
                info.kind,
                info.level,
                info.name or name,
                info.claimed,
                info.token_hash,
                info.invite_hash,
                player_id,
            )
            await self.save_seat(table, changed, writer)

    async def save_seat(self, table: LiveTable, info: SeatInfo, writer: Writer) -> None:
        record = table.record
        seats = list(record.seats)
        seats[info.seat] = info
        # A match lost by forfeit (``pegboard.web.leavers``) is over, whatever its rules say.
        status = "over" if record.forfeit is not None else table_status(seats, table.over)
        await asyncio.to_thread(writer.update_seat, record.id, info, status)
        record.seats = seats
        record.status = status
        # A seat taken, given up or played by a stand-in may start or stop a clock.
        await self.host.reclock(table, writer)
        self.host.broadcast(table)

    def _close_seat(self, table: LiveTable, seat: int) -> None:
        for connection in [c for c in table.connections if c.seat == seat]:
            close_connection(table, connection)

    # -- traces (fair play) ------------------------------------------------------------------

    async def trace(self, player_id: str, address: str) -> None:
        """Keep that ``player_id`` played from ``address`` (its keyed hash: a trace of
        ``pegboard.web.fair_play``), once: this process remembers the latest it kept."""
        trace = fair_play.address_trace(self.store, address)
        if (player_id, trace) in self._traced:
            return
        await asyncio.to_thread(fair_play.record_traces, self.store, player_id, [trace])
        self._traced[player_id, trace] = None
        while len(self._traced) > TRACED_REMEMBERED:
            del self._traced[next(iter(self._traced))]

    # -- connections and presence ----------------------------------------------------------

    async def connect(self, table: LiveTable, connection: Connection, token: object) -> None:
        """Add a connection and send it the full state (a hello, or a resync by seq); when
        it brings its seat back, every connection is told (the seat is here again).

        The seat's token is checked here, under the table's lock, so that a hello and a
        ``join``, ``claim`` or ``leave`` of the same seat are decided one after the other: a
        token that one of them replaced a moment before is refused. ``ClientError``
        (``auth``, ``too_many``) refuses the connection.
        """
        _ = translator(connection.lang)
        async with table.lock:
            # A seat claimed or given up through another process a moment ago: its token
            # is checked against the database's seats, not a copy a notification behind.
            await self.host.read_fresh(table)
            seat = connection.seat
            if seat is None:
                self._room_to_watch(table, connection, _)
            else:
                info = self.opens(table, seat, token)
                if info is None:
                    raise ClientError("auth", _("This seat's token is not valid."))
                connection.token_hash = info.token_hash
                self._room_for_seat(table, seat)
            back = seat is not None and seat not in present_seats(table)
            if seat is not None and back:
                # The player takes their seat back from a stand-in bot (stored first).
                await self.host.take_back(table, seat)
            table.connections.add(connection)
            self.host.mark_presence(table)
            self.host.announce(table)
            if back:
                self.host.broadcast(table)  # this connection included
            else:
                connection.send(self.host.state(table, connection))

    def _room_to_watch(self, table: LiveTable, connection: Connection, _: Translator) -> None:
        """Room for one more spectator at the table (``too_many`` past its cap). Only
        spectators count here: a seat's player always gets in. (Their address's count of
        spectators is the WebSocket endpoint's, ``TableService.open_spectator``.)"""
        watching = sum(1 for c in table.connections if c.seat is None)
        if watching >= self.limits.spectators_per_table:
            raise ClientError(
                "too_many",
                _.ngettext(
                    "This table has {n} spectator already: try again later.",
                    "This table has {n} spectators already: try again later.",
                    self.limits.spectators_per_table,
                ).format(n=self.limits.spectators_per_table),
            )

    def _room_for_seat(self, table: LiveTable, seat: int) -> None:
        """Make room for one more socket of ``seat``: past ``sockets_per_seat`` its oldest
        is told and closed, so that the player's newest tab or device is always the one
        that gets in."""
        mine = sorted((c for c in table.connections if c.seat == seat), key=lambda c: c.opened)
        for old in mine[: max(0, len(mine) - self.limits.sockets_per_seat + 1)]:
            _ = translator(old.lang)
            message = _("This seat was opened in another window: this one is closed.")
            old.send(ClientError("elsewhere", message).to_message())
            old.close(CLOSE_ELSEWHERE)
            table.connections.discard(old)

    def disconnect(self, table: LiveTable, connection: Connection) -> None:
        """Forget a connection; if it was its seat's last, the others are told (under the
        table's lock, in a task of its own: no state may go out between an action's apply
        and its commit)."""
        if connection not in table.connections:
            return
        table.connections.discard(connection)
        self.host.mark_presence(table)  # when the seat went away (``pegboard.web.leavers``)
        self.host.announce(table)
        seat = connection.seat
        if seat is None or seat in present_seats(table) or not table.connections:
            return
        self.host.tell_later(table)


@dataclass(frozen=True, slots=True)
class SeatHolder:
    """A hello by a player's identity (the cookie of ``pegboard.web.players``) rather than
    by a seat's token: it opens the seats that player holds."""

    player_id: str


def present_seats(table: LiveTable) -> set[int]:
    """The seats whose player is here: with a connection to this process whose token is
    the seat's own, or (several processes) with one to another process that said so
    lately (``LiveTable.elsewhere``)."""
    return local_seats(table) | table.present_elsewhere()


def local_seats(table: LiveTable) -> set[int]:
    """The seats with a connection to this process whose token is the seat's own."""
    here = set()
    for connection in table.connections:
        seat = connection.seat
        if seat is None or connection.token_hash is None:
            continue
        held = table.record.seats[seat].token_hash
        if held is not None and hmac.compare_digest(held, connection.token_hash):
            here.add(seat)
    return here


def close_connection(table: LiveTable, connection: Connection) -> None:
    """Tell a connection that its seat was given up or taken (in its language), and close
    it (4403)."""
    connection.send(ClientError("auth", _gone(translator(connection.lang))).to_message())
    connection.close(4403)
    table.connections.discard(connection)


TRACED_REMEMBERED: Final = 4096
"""(player, trace) pairs a process remembers having stored: a player's every page or socket
does not write again."""
CLOSE_ELSEWHERE: Final = 4409
"""The close of a seat's socket that a newer one of the same seat replaced
(``Limits.sockets_per_seat``)."""


def used_invitation(_: Translator) -> str:
    return _("This invitation is not valid any more: an invitation works once.")
