"""The seats of the web's tables: one-time invitations, joining a public table from the
list, leaving, the connections of each seat and who is here (``TableSeats``, a part of
``TableService``, ``pegboard.web.service``, which re-exports every name).

A seat's key is its token, known only to the browser that holds the seat (the server keeps
its SHA-256). An invitation is not a key: it is a one-time code (its hash kept until it is
used) that makes a fresh token for whoever claims it first, and then stops working, so the
table's creator never holds a key to a seat another person took (docs/web.md, "Seats").
"""

from __future__ import annotations

import asyncio
import hmac
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from pegboard.i18n import Translator, translator
from pegboard.web.limits import INVITE_LENGTH, Limits, RateCounter
from pegboard.web.ratings import seat_problem
from pegboard.web.schemas import ClaimInvite
from pegboard.web.store import SeatInfo, Store, TableTransaction
from pegboard.web.tables import (
    ClientError,
    Connection,
    LiveTable,
    LobbyError,
    _gone,
    clean_name,
    hash_token,
    new_token,
)


def read_claim(body: dict[str, Any], _: Translator) -> ClaimInvite:
    """``body`` as a ``ClaimInvite``; ``LobbyError`` 422 in words otherwise."""
    try:
        return ClaimInvite.model_validate(body)
    except ValidationError:
        raise LobbyError(
            422,
            _("An invitation is claimed with its code (text, at most {n} characters).").format(
                n=INVITE_LENGTH
            ),
        ) from None


class TableSeats:
    """The seats' part of ``TableService``: invitations, join, leave, connections."""

    store: Store
    limits: Limits
    _joins_rate: RateCounter
    _presence_tasks: set[asyncio.Task[None]]

    if TYPE_CHECKING:  # the rest of the service (``TableService``) that the seats use

        def _within(self, counter: RateCounter, client: str, _: Translator) -> None: ...

        def _broadcast(self, table: LiveTable) -> None: ...

        def state(self, table: LiveTable, connection: Connection) -> dict[str, Any]: ...

        @staticmethod
        def _status(seats: list[SeatInfo], match: Any) -> str: ...

        def _writing(
            self, table: LiveTable
        ) -> AbstractAsyncContextManager[TableTransaction | Store]: ...

        async def _read_fresh(self, table: LiveTable) -> None: ...

        def _announce(self, table: LiveTable, *, again: bool = False) -> None: ...

        def _tell_later(self, table: LiveTable) -> None: ...
        def _mark_presence(self, table: LiveTable) -> None: ...

        async def _take_back(self, table: LiveTable, seat: int) -> bool: ...

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
        invite: object,
        name: object,
        lang: str,
        client: str = "local",
        player: str | None = None,
    ) -> tuple[int, str]:
        """Claim the seat a one-time invitation is for: the seat and its new token (the
        claimer's alone). The invitation stops working; ``LobbyError`` 410 for one that was
        used (or never was), 409 at a table that is over."""
        _ = translator(lang)
        self._within(self._joins_rate, client, _)
        if not isinstance(invite, str) or len(invite) > INVITE_LENGTH:
            raise LobbyError(410, used_invitation(_))
        wanted = hash_token(invite)
        async with table.lock, self._writing(table) as writer:
            found = None
            for info in table.record.seats:  # every seat compared: no early way out
                if info.invite_hash is not None and hmac.compare_digest(info.invite_hash, wanted):
                    found = info
            if found is None or found.claimed:
                raise LobbyError(410, used_invitation(_))
            if table.record.status == "over":
                raise LobbyError(409, _("The match is over."))
            if table.record.rated and (
                twice := seat_problem(table.record.seats, found.seat, player, _)
            ):
                raise LobbyError(409, twice)
            token, token_hash = new_token()
            # The name the creator wrote for the seat stands until the claimer gives theirs.
            named = clean_name(name, _) or found.name
            changed = SeatInfo(
                found.seat, found.kind, found.level, named, True, token_hash, None, player
            )
            await self._save_seat(table, changed, writer)
            return found.seat, token

    async def join(
        self,
        table: LiveTable,
        seat: int,
        name: object,
        lang: str,
        client: str = "local",
        player: str | None = None,
    ) -> str:
        """Claim an unclaimed human seat of a public table from the open list: its new
        token (an invitation to that seat stops working)."""
        _ = translator(lang)
        self._within(self._joins_rate, client, _)
        async with table.lock, self._writing(table) as writer:
            info = self._human_seat(table, seat, _)
            if not table.record.public:
                raise LobbyError(
                    403, _("This table is private: its seats are taken by invitation only.")
                )
            if info.claimed or table.record.status == "over":
                raise LobbyError(409, _("Seat {number} is taken.").format(number=seat + 1))
            if table.record.rated and (twice := seat_problem(table.record.seats, seat, player, _)):
                raise LobbyError(409, twice)
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
            await self._save_seat(table, changed, writer)
            return token

    async def leave(
        self, table: LiveTable, seat: int, token: object, lang: str, client: str = "local"
    ) -> None:
        """Give a seat up: it is unclaimed again, and no token opens it any more."""
        _ = translator(lang)
        self._within(self._joins_rate, client, _)
        async with table.lock, self._writing(table) as writer:
            self._human_seat(table, seat, _)
            info = self.opens(table, seat, token)
            if info is None:
                raise LobbyError(403, _("This seat's token is not valid."))
            changed = SeatInfo(info.seat, info.kind, info.level, None, False, None, None)
            self._close_seat(table, seat)
            await self._save_seat(table, changed, writer)

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
        self._within(self._joins_rate, client, _)
        async with table.lock, self._writing(table) as writer:
            self._human_seat(table, seat, _)
            if self.opens(table, seat, key) is None:
                raise LobbyError(403, _("This seat's token is not valid."))
            info = self._human_seat(table, free, _)
            if info.claimed:
                raise LobbyError(409, _("Seat {number} is taken.").format(number=free + 1))
            if table.record.status == "over":
                raise LobbyError(409, _("The match is over."))
            code, code_hash = new_token()
            changed = SeatInfo(
                info.seat, info.kind, info.level, info.name, False, None, code_hash, None
            )
            await self._save_seat(table, changed, writer)
            return code

    async def hold(self, table: LiveTable, seat: int, player_id: str, name: str | None) -> None:
        """Say that ``player_id`` holds ``seat`` (just taken by their browser), named as the
        player when the seat has no name; nothing if the seat is held so already."""
        async with table.lock, self._writing(table) as writer:
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
            await self._save_seat(table, changed, writer)

    async def _save_seat(
        self, table: LiveTable, info: SeatInfo, writer: TableTransaction | Store
    ) -> None:
        record = table.record
        seats = list(record.seats)
        seats[info.seat] = info
        # A match lost by forfeit (``pegboard.web.leavers``) is over, whatever its rules say.
        status = "over" if record.forfeit is not None else self._status(seats, table.match)
        await asyncio.to_thread(writer.update_seat, record.id, info, status)
        record.seats = seats
        record.status = status
        self._broadcast(table)

    def _close_seat(self, table: LiveTable, seat: int) -> None:
        for connection in [c for c in table.connections if c.seat == seat]:
            close_connection(table, connection)

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
            await self._read_fresh(table)
            seat = connection.seat
            if len(table.connections) >= self.limits.sockets_per_table:
                raise ClientError(
                    "too_many",
                    _("This table has {n} connections already: try again later.").format(
                        n=self.limits.sockets_per_table
                    ),
                )
            if seat is not None:
                info = self.opens(table, seat, token)
                if info is None:
                    raise ClientError("auth", _("This seat's token is not valid."))
                connection.token_hash = info.token_hash
            back = seat is not None and seat not in present_seats(table)
            if seat is not None and back:
                # The player takes their seat back from a stand-in bot (stored first).
                await self._take_back(table, seat)
            table.connections.add(connection)
            self._mark_presence(table)
            self._announce(table)
            if back:
                self._broadcast(table)  # this connection included
            else:
                connection.send(self.state(table, connection))

    def disconnect(self, table: LiveTable, connection: Connection) -> None:
        """Forget a connection; if it was its seat's last, the others are told (under the
        table's lock, in a task of its own: no state may go out between an action's apply
        and its commit)."""
        if connection not in table.connections:
            return
        table.connections.discard(connection)
        self._mark_presence(table)  # when the seat went away (``pegboard.web.leavers``)
        self._announce(table)
        seat = connection.seat
        if seat is None or seat in present_seats(table) or not table.connections:
            return
        self._tell_later(table)

    async def _tell_presence(self, table: LiveTable) -> None:
        async with table.lock:
            if not table.broken:
                self._broadcast(table)


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


def used_invitation(_: Translator) -> str:
    return _("This invitation is not valid any more: an invitation works once.")
