"""What the web's storage reads and writes, as plain values: a table's record
(``TableRecord``, its ``SeatInfo``), a match's ``Forfeit``, a page's ``Correction``, what a
process's copy lacks (``Fresh``), a move to append (``NewAction``), a notification between
processes (``Notice``, on ``CHANNEL``), and the database's "too slow" (``is_busy``).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

import psycopg
import sqlalchemy.exc

from pegboard.web.clocks import Clock, TimeControl


@dataclass(slots=True)
class SeatInfo:
    """A seat as the service keeps it (the token itself is never kept, only its hash)."""

    seat: int
    kind: str
    level: str | None = None
    name: str | None = None
    claimed: bool = False
    token_hash: str | None = None
    invite_hash: str | None = None
    """The hash of the seat's one-time invitation, until someone claims it."""
    player_id: str | None = None
    """The player who holds the seat (``pegboard.web.players``), if known."""
    stand_in: str | None = None
    """The bot level that plays the seat while its player is away (``pegboard.web.leavers``)."""


@dataclass(slots=True)
class TableRecord:
    """A table as stored: settings, seats, the match in play, its seed and its log."""

    id: str
    game: str
    config: dict[str, Any]
    status: str
    match_number: int
    seed: int
    seats: list[SeatInfo]
    actions: list[tuple[int, str]] = field(default_factory=list)
    creator: str | None = None
    """A hash of the creating client's address."""
    public: bool = False
    """Listed in the lobby (True) or reached only by its links."""
    hints: bool = False
    """The creator allowed the expert's hints at a table of two or more people."""
    rated: bool = False
    """Its finished matches update the players' ratings (``pegboard.web.ratings``)."""
    forfeit: int | None = None
    """The seat that lost the match in play by forfeit (``pegboard.web.leavers``), if any."""
    ending: str | None = None
    """How that forfeit came (``pegboard.web.fair_play.ENDINGS``)."""
    aborted: bool = False
    """Whether it aborted the match (unrated: a seat had not moved yet)."""
    time_control: TimeControl | None = None
    """The table's clock (``pegboard.web.clocks``), or None: no clock."""
    clock: Clock | None = None
    """The clocks of the match in play (None at a table without a time control)."""
    deal_limit: int | None = None
    """A daily deal's table (``pegboard.web.daily``): its match is over once this many deals
    are played out (``Game.deals_over``); None: a match to its end."""
    takebacks: int = 0
    """How many moves of the match in play were taken back (``pegboard.web.takebacks``)."""
    takeback: dict[str, Any] | None = None
    """The takeback asked for and not yet answered (``{"seat", "seq", "accepted"}``)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """How a match ended by a forfeit: the seat that lost it, how (``ending``: a claim, a
    resignation, a flag; ``pegboard.web.fair_play.ENDINGS``), and its standings (higher is
    better), None when it was aborted (unrated: a seat had not moved yet)."""

    seat: int
    ending: str
    standings: list[float] | None

    @property
    def aborted(self) -> bool:
        return self.standings is None


@dataclass(frozen=True, slots=True)
class Correction:
    """A report of a correction as stored (``pegboard corrections list`` shows it)."""

    id: int
    page: str
    lang: str
    text: str
    contact: str | None
    created_at: datetime
    status: str
    """``open`` or ``closed``."""
    closed_at: datetime | None = None


class DatabaseBusyError(TimeoutError):
    """The database did not answer in time (``--db-timeout``): the player is told the
    server is busy (``is_busy``)."""


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` says the database was too slow rather than broken: a timeout of
    ours (``DatabaseBusyError``, or the engine's pool's), a statement PostgreSQL cancelled
    past its ``lock_timeout`` or ``statement_timeout``, SQLite's file locked too long."""
    if isinstance(error, DatabaseBusyError | sqlalchemy.exc.TimeoutError):
        return True
    found = getattr(error, "orig", None)
    if isinstance(found, psycopg.errors.LockNotAvailable | psycopg.errors.QueryCanceled):
        return True
    return isinstance(found, sqlite3.OperationalError) and "locked" in str(found)


CHANNEL: Final = "pegboard_tables"
"""The PostgreSQL channel on which a commit names the table it changed."""


@dataclass(slots=True)
class Fresh:
    """What the database holds of a table beyond a process's copy: the match in play (its
    number and seed), the table's status and seats, and the actions after the copy's
    ``seq`` (all of the match's, when a new match began since the copy's)."""

    match_number: int
    seed: int
    status: str
    seats: list[SeatInfo]
    actions: list[tuple[int, str]]
    forfeit: int | None = None
    """The seat that lost the match in play by forfeit, if any."""
    ending: str | None = None
    aborted: bool = False
    clock: Clock | None = None
    takebacks: int = 0
    takeback: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action to append to a table's log: its place (match and seq), who played it and
    its notation, the table's status after it, and the standings when it ended the match."""

    table_id: str
    match_number: int
    seq: int
    seat: int
    action: str
    status: str
    standings: list[float] | None = None
    clock: Clock | None = None
    """The match's clocks after the action (a table with a time control)."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A notification: which process (``origin``), which table, and either that the table
    changed (``here`` and ``chat`` None: read the log), the seats the process has a player
    of (``here``), or that a chat line was said there (``chat``: its id)."""

    origin: str
    table_id: str
    here: frozenset[int] | None = None
    chat: int | None = None

    def payload(self) -> str:
        if self.chat is not None:
            return f"{self.origin} {self.table_id} chat {self.chat}"
        if self.here is None:
            return f"{self.origin} {self.table_id}"
        return f"{self.origin} {self.table_id} here {','.join(map(str, sorted(self.here)))}"

    @classmethod
    def read(cls, payload: str) -> Notice | None:
        """The notice of a payload, None for any other text."""
        parts = payload.split(" ")
        if len(parts) == 2 and all(parts):
            return cls(parts[0], parts[1])
        if len(parts) == 4 and parts[2] == "chat" and all(parts[:2]) and parts[3].isdigit():
            return cls(parts[0], parts[1], chat=int(parts[3]))
        if len(parts) == 4 and parts[2] == "here" and all(parts[:2]):
            try:
                seats = frozenset(int(s) for s in parts[3].split(",") if s)
            except ValueError:
                return None
            return cls(parts[0], parts[1], seats)
        return None


def utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
