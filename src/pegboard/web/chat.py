"""Chat at the tables (issue 39, "Chat"): what is said at a table, to whom, and what is
refused (``TableChat``, a part of ``TableService``).

- Two rooms per table: its players' (the connections of a seat) and its spectators'; a
  line said in one is never sent to the other.
- A line is a **quick phrase** (``PHRASES``: its key travels, each reader's page says it in
  their own language) or **free text**: 1 to ``CHAT_TEXT_LENGTH`` characters, refused
  whole (never silently cleaned) when it holds a character that cannot be seen or that
  turns the text's direction (``text_problem``). The pages escape it as any text.
- Free text is refused to the players of a partnership table (partners could tell each
  other their hands: the phrases stay) and, when the site's operator says so
  (``Limits.rated_text_off``), to the players of a rated table while its match is
  played. The site cannot stop a player from telling their own cards in words: docs/web.md
  says so; nothing the server adds to a line tells anything of a hand.
- At most ``Limits.chat_rate`` lines per address and table; a reader mutes an author and
  turns free text off on their own page (the page's business: nothing to store).
- A reader may report a line of their room to the site's maintainers, once
  (``chat_reports``); ``pegboard reports`` lists and closes the reports.
- Every line is stored (``chat_lines``) and then told from the store, the same way in every
  process: a line said through another process is heard by its notification (``Notice``
  with its line's id) and read from the database (``hear``); a new reader gets the room's
  last ``CHAT_HISTORY`` lines.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final, Literal

from sqlalchemy import func, select, text

from pegboard.core import N_
from pegboard.i18n import Translator
from pegboard.web.db import ChatLineRow, ChatReportRow, now
from pegboard.web.limits import CHAT_HISTORY, CHAT_TEXT_LENGTH, Limits, RateCounter
from pegboard.web.records import CHANNEL, Notice, utc
from pegboard.web.tables import JOINERS, ClientError, Connection, LiveTable, joinable

if TYPE_CHECKING:
    from pegboard.web.store import Store

Room = Literal["players", "spectators"]

PHRASES: Final = {
    "good_luck": N_("Good luck"),
    "well_played": N_("Well played"),
    "thanks": N_("Thanks"),
    "oops": N_("Oops"),
    "good_game": N_("Good game"),
}
"""The quick phrases, by key: the key is what travels and is stored; each reader's page
says the phrase in its own language (``pegboard.web.messages``)."""
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
"""Characters a chat line may not hold: controls, format characters (the zero-width ones,
the bidirectional controls), private use, unassigned, surrogates, line and paragraph
separators. A ZWJ or ZWNJ between two characters that join (Devanagari, an emoji
sequence) is written text, and stays."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line said at a table."""

    id: int
    table_id: str
    room: Room
    seat: int | None
    author: str
    name: str | None
    phrase: str | None
    text: str | None
    at: datetime

    def to_message(self) -> dict[str, Any]:
        """The line as its readers receive it: who (``seat`` for a player, whose name the
        reader's view gives; null for a spectator), ``author`` (what a mute holds on to)
        and either ``phrase`` (a key of ``PHRASES``) or ``text``."""
        return {
            "id": self.id,
            "room": self.room,
            "seat": self.seat,
            "author": self.author,
            "name": self.name,
            "phrase": self.phrase,
            "text": self.text,
            "at": self.at.isoformat(),
        }


def _line(row: ChatLineRow) -> ChatLine:
    room: Room = "players" if row.room == "players" else "spectators"
    return ChatLine(
        row.id,
        row.table_id,
        room,
        row.seat,
        row.author,
        row.name,
        row.phrase,
        row.text,
        utc(row.created_at),
    )


def text_problem(said: str, _: Translator) -> str | None:
    """Why ``said`` (already stripped) cannot be a chat line, in words; None when it can."""
    if not said:
        return _("Say something: the line is empty.")
    if len(said) > CHAT_TEXT_LENGTH:
        return _.ngettext(
            "A chat line has at most {n} character.",
            "A chat line has at most {n} characters.",
            CHAT_TEXT_LENGTH,
        ).format(n=CHAT_TEXT_LENGTH)
    for place, char in enumerate(said):
        if char in JOINERS:
            before, after = said[place - 1 : place], said[place + 1 : place + 2]
            if before and after and joinable(before) and joinable(after):
                continue
        elif unicodedata.category(char) not in REFUSED_CATEGORIES and (
            char == " " or unicodedata.category(char) != "Zs"
        ):
            continue
        return _(
            "A chat line may not hold invisible characters, line breaks or characters that "
            "turn the text's direction (U+{code:04X} at character {n})."
        ).format(code=ord(char), n=place + 1)
    return None


def room_of(connection: Connection) -> Room:
    return "spectators" if connection.seat is None else "players"


def has_partners(table: LiveTable) -> bool:
    """Whether some of the table's players play as partners (``Game.sides``)."""
    sides = table.game.sides
    return sides is not None and any(len(side) > 1 for side in sides(table.match))


# -- storage -------------------------------------------------------------------------------


def add_line(store: Store, line: dict[str, Any]) -> int:
    """Store a line (``ChatLineRow``'s columns) and tell the other processes (on
    PostgreSQL, in the same transaction); its id."""
    with store.session() as session, session.begin():
        row = ChatLineRow(**line, created_at=now())
        session.add(row)
        session.flush()
        if store.engine.dialect.name == "postgresql":
            payload = Notice(store.origin, row.table_id, chat=row.id).payload()
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )
        return row.id


def recent_lines(store: Store, table_id: str, after: int, upto: int) -> list[ChatLine]:
    """The table's last ``CHAT_HISTORY`` lines with ``after`` < id <= ``upto``, in order
    (both rooms)."""
    with store.session() as session:
        rows = list(
            session.scalars(
                select(ChatLineRow)
                .where(
                    ChatLineRow.table_id == table_id,
                    ChatLineRow.id > after,
                    ChatLineRow.id <= upto,
                )
                .order_by(ChatLineRow.id.desc())
                .limit(CHAT_HISTORY)
            )
        )
        return [_line(row) for row in reversed(rows)]


def last_lines(store: Store, table_id: str, room: Room) -> tuple[list[ChatLine], int]:
    """The room's last ``CHAT_HISTORY`` lines, oldest first, and the table's newest line's
    id (0: none yet)."""
    with store.session() as session:
        rows = list(
            session.scalars(
                select(ChatLineRow)
                .where(ChatLineRow.table_id == table_id, ChatLineRow.room == room)
                .order_by(ChatLineRow.id.desc())
                .limit(CHAT_HISTORY)
            )
        )
        newest = session.scalar(
            select(func.max(ChatLineRow.id)).where(ChatLineRow.table_id == table_id)
        )
    return [_line(row) for row in reversed(rows)], int(newest or 0)


def report_line(
    store: Store, table_id: str, room: Room, line_id: int, reporter: str
) -> Literal["reported", "already", "none", "own"]:
    """Store a reader's report of a line of their table and room, once per reader."""
    with store.session() as session, session.begin():
        row = session.get(ChatLineRow, line_id)
        if row is None or row.table_id != table_id or row.room != room:
            return "none"
        if row.author == reporter:
            return "own"
        found = session.scalar(
            select(ChatReportRow.id).where(
                ChatReportRow.line_id == line_id, ChatReportRow.reporter == reporter
            )
        )
        if found is not None:
            return "already"
        session.add(ChatReportRow(line_id=line_id, reporter=reporter, created_at=now()))
    return "reported"


@dataclass(frozen=True, slots=True)
class Report:
    """A reported line as the maintainers read it (``pegboard reports list``)."""

    id: int
    created_at: datetime
    closed_at: datetime | None
    reporters: int
    line: ChatLine


def reports(store: Store, *, every: bool = False) -> list[Report]:
    """The reports, oldest first (the open ones, or ``every`` one): one per line and
    reader; ``reporters``, how many readers reported the same line."""
    with store.session() as session:
        query = select(ChatReportRow, ChatLineRow).join(
            ChatLineRow, ChatLineRow.id == ChatReportRow.line_id
        )
        if not every:
            query = query.where(ChatReportRow.closed_at.is_(None))
        rows = session.execute(query.order_by(ChatReportRow.id)).all()
        counts = dict(
            session.execute(
                select(ChatReportRow.line_id, func.count()).group_by(ChatReportRow.line_id)
            ).all()
        )
        return [
            Report(
                report.id,
                utc(report.created_at),
                None if report.closed_at is None else utc(report.closed_at),
                int(counts.get(report.line_id, 1)),
                _line(line),
            )
            for report, line in rows
        ]


def close_report(store: Store, report_id: int) -> Literal["closed", "already", "none"]:
    with store.session() as session, session.begin():
        row = session.get(ChatReportRow, report_id)
        if row is None:
            return "none"
        if row.closed_at is not None:
            return "already"
        row.closed_at = now()
        return "closed"


# -- the service's part --------------------------------------------------------------------


class TableChat:
    """The chat of the tables this process serves."""

    def __init__(self, store: Store, limits: Limits, tables: dict[str, LiveTable]) -> None:
        self.store = store
        self.limits = limits
        self.tables = tables
        self.rate = RateCounter(limits.chat_rate, "chat")
        self._seen: dict[str, int] = {}
        """Per table, the newest line a reader here had in its history: never told again."""
        self._told: dict[str, set[int]] = {}
        """Per table, the lines told since to this process's readers. A set, not the newest
        id: two processes' lines may commit in another order than their ids (a line with a
        smaller id heard of after one with a larger), and each must be told once."""
        self._locks: dict[str, asyncio.Lock] = {}

    def _lock(self, table_id: str) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def author_of(self, table: LiveTable, connection: Connection) -> str:
        """Who says a line, as its readers' mute holds on to them: a seat's player (or the
        seat itself, for a player with no identity); a spectator by their keyed address
        hash (spectators are not named: a spectator's line says "a spectator")."""
        if connection.seat is not None:
            info = table.record.seats[connection.seat]
            return info.player_id or f"seat-{connection.seat}"
        address = getattr(connection, "address", "unknown")
        hashed = await asyncio.to_thread(self.store.address_hash, address)
        return "w" + hashed[:12]

    async def say(
        self, table: LiveTable, connection: Connection, message: dict[str, Any], _: Translator
    ) -> None:
        """Say a chat message's line at the table, in the connection's room; a
        ``ClientError`` says why not, and nothing is said."""
        phrase, said = message.get("phrase"), message.get("text")
        if (phrase is None) == (said is None):
            raise ClientError(
                "malformed", _("A chat message has a phrase or a text (one of the two).")
            )
        room = room_of(connection)
        line: dict[str, Any] = {"table_id": table.id, "room": room, "seat": connection.seat}
        if phrase is not None:
            if not isinstance(phrase, str) or phrase not in PHRASES:
                raise ClientError(
                    "malformed",
                    _("There is no quick phrase {phrase!r}.").format(phrase=str(phrase)[:40]),
                )
            line["phrase"] = phrase
        else:
            if not isinstance(said, str):
                raise ClientError("malformed", _("A chat line's text is text."))
            said = unicodedata.normalize("NFC", said.strip())
            problem = text_problem(said, _)
            if problem is not None:
                raise ClientError("chat_text", problem)
            self._free_text_allowed(table, connection, _)
            line["text"] = said
        address = getattr(connection, "address", "unknown")
        if not self.rate.allow(f"{table.id}:{address}"):
            raise ClientError(
                "too_many", _("You chat too fast: wait a few seconds, and say it again.")
            )
        line["author"] = await self.author_of(table, connection)
        newest = await asyncio.to_thread(add_line, self.store, line)
        await self.hear(table.id, newest)

    def _free_text_allowed(self, table: LiveTable, connection: Connection, _: Translator) -> None:
        if connection.seat is None:
            return
        if has_partners(table):
            raise ClientError(
                "chat_off",
                _(
                    "Free text is off for the players of a partnership table: partners could "
                    "tell each other their hands. The quick phrases are on."
                ),
            )
        if table.record.rated and self.limits.rated_text_off and not table.over:
            raise ClientError(
                "chat_off",
                _(
                    "This site has free text off at a rated table while its match is played: "
                    "the quick phrases are on."
                ),
            )

    async def welcome(self, table: LiveTable, connection: Connection) -> None:
        """A new reader: the room's last lines."""
        room = room_of(connection)
        lines, newest = await asyncio.to_thread(last_lines, self.store, table.id, room)
        self._seen.setdefault(table.id, newest)
        connection.send({"type": "chat_history", "lines": [line.to_message() for line in lines]})

    async def hear(self, table_id: str, newest: int) -> None:
        """Tell this process's readers of ``table_id`` the lines up to ``newest`` (a line
        said here, or heard of from another process) that they were not told yet."""
        table = self.tables.get(table_id)
        if table is None or not any(getattr(c, "chat", False) for c in table.connections):
            self._seen.pop(table_id, None)
            self._told.pop(table_id, None)
            return
        async with self._lock(table_id):
            seen = self._seen.setdefault(table_id, newest - 1)
            told = self._told.setdefault(table_id, set())
            lines = await asyncio.to_thread(recent_lines, self.store, table_id, seen, newest)
            for line in lines:
                if line.id not in told:
                    told.add(line.id)
                    tell(table.connections, line)
            if lines:
                # What is older than the window read can no longer come late: forgotten.
                told.difference_update({i for i in told if i < lines[0].id})

    async def report(
        self, table: LiveTable, connection: Connection, line_id: object, _: Translator
    ) -> None:
        """A reader reports a line of their room: stored once, the reader told."""
        if not isinstance(line_id, int) or isinstance(line_id, bool):
            raise ClientError("malformed", _("A report names a chat line (a number)."))
        reporter = await self.author_of(table, connection)
        outcome = await asyncio.to_thread(
            report_line, self.store, table.id, room_of(connection), line_id, reporter
        )
        if outcome == "none":
            raise ClientError("malformed", _("There is no such chat line at this table."))
        if outcome == "own":
            raise ClientError("malformed", _("That line is your own."))
        connection.send({"type": "reported", "line": line_id})


def tell(connections: Sequence[Connection] | set[Connection], line: ChatLine) -> None:
    """The line to every reader of its room (a connection that asked for the chat)."""
    for connection in list(connections):
        if getattr(connection, "chat", False) and room_of(connection) == line.room:
            connection.send({"type": "chat", "line": line.to_message()})


__all__ = [
    "PHRASES",
    "ChatLine",
    "Report",
    "TableChat",
    "close_report",
    "reports",
    "text_problem",
]
