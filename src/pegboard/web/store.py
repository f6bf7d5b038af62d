"""The service's reads and writes, one short transaction each (blocking: the service runs
them in a worker thread). Every write commits before it returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from sqlalchemy import Engine, exists, func, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from pegboard.web.db import ActionRow, CorrectionRow, MatchRow, SeatRow, TableRow


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
    forfeit: int | None = None
    """The seat that lost the match in play by forfeit (``pegboard.web.leavers``), if any."""


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


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)

    def session(self) -> Session:
        return self._session()

    def create_table(self, record: TableRecord) -> None:
        with self.session() as session, session.begin():
            session.add(
                TableRow(
                    id=record.id,
                    game=record.game,
                    config=record.config,
                    status=record.status,
                    match_number=record.match_number,
                    creator=record.creator,
                    public=record.public,
                    hints=record.hints,
                )
            )
            session.flush()  # the table first: the seats and the match refer to it
            session.add_all(
                SeatRow(
                    table_id=record.id,
                    seat=s.seat,
                    kind=s.kind,
                    level=s.level,
                    token_hash=s.token_hash,
                    name=s.name,
                    claimed=s.claimed,
                    invite_hash=s.invite_hash,
                    player_id=s.player_id,
                )
                for s in record.seats
            )
            session.add(MatchRow(table_id=record.id, number=record.match_number, seed=record.seed))

    def load_table(self, table_id: str) -> TableRecord | None:
        """The table with its match in play and that match's log, or None."""
        with self.session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            match = session.get(MatchRow, (table_id, row.match_number))
            if match is None:
                raise LookupError(f"table {table_id} has no match {row.match_number}")
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .where(ActionRow.match_number == row.match_number)
                .order_by(ActionRow.seq)
            ).all()
            return TableRecord(
                id=row.id,
                game=row.game,
                config=dict(row.config),
                status=row.status,
                match_number=row.match_number,
                seed=match.seed,
                seats=[
                    SeatInfo(
                        s.seat,
                        s.kind,
                        s.level,
                        s.name,
                        s.claimed,
                        s.token_hash,
                        s.invite_hash,
                        s.player_id,
                        s.stand_in,
                    )
                    for s in seats
                ],
                actions=[(seat, action) for seat, action in actions],
                public=row.public,
                hints=row.hints,
                forfeit=match.forfeit,
            )

    def add_action(
        self,
        table_id: str,
        match_number: int,
        seq: int,
        seat: int,
        action: str,
        status: str,
        standings: list[float] | None = None,
    ) -> None:
        """Append one action to the log (and the table's status after it), committed; with
        ``standings``, the action ended the match: they are kept with it, in the same
        transaction."""
        with self.session() as session, session.begin():
            if standings is not None:
                session.execute(
                    update(MatchRow)
                    .where(MatchRow.table_id == table_id, MatchRow.number == match_number)
                    .values(finished_at=datetime.now(UTC), standings=standings)
                )
            session.add(
                ActionRow(
                    table_id=table_id,
                    match_number=match_number,
                    seq=seq,
                    seat=seat,
                    action=action,
                )
            )
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def update_seat(self, table_id: str, info: SeatInfo, status: str) -> None:
        with self.session() as session, session.begin():
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == info.seat)
                .values(
                    name=info.name,
                    claimed=info.claimed,
                    token_hash=info.token_hash,
                    invite_hash=info.invite_hash,
                    player_id=info.player_id,
                    stand_in=info.stand_in,
                )
            )
            session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))

    def start_match(self, table_id: str, number: int, seed: int, status: str) -> None:
        with self.session() as session, session.begin():
            session.add(MatchRow(table_id=table_id, number=number, seed=seed))
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(match_number=number, status=status)
            )

    def open_tables(self, limit: int) -> list[tuple[TableRow, list[SeatInfo]]]:
        """Public tables not over with a human seat nobody has claimed, newest first, with
        their seats (no match is rebuilt to list them). A private table is never listed."""
        unclaimed = exists().where(
            SeatRow.table_id == TableRow.id, SeatRow.kind == "human", SeatRow.claimed.is_(False)
        )
        with self.session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.public.is_(True), TableRow.status != "over", unclaimed)
                .order_by(TableRow.created_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            seats: dict[str, list[SeatInfo]] = {row.id: [] for row in rows}
            for s in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(seats)).order_by(SeatRow.seat)
            ):
                seats[s.table_id].append(
                    SeatInfo(s.seat, s.kind, s.level, s.name, s.claimed, s.token_hash)
                )
            return [(row, seats[row.id]) for row in rows]

    def open_tables_of(self, creator: str, within: timedelta = timedelta(days=1)) -> int:
        """How many tables not yet over ``creator`` made in the last ``within``."""
        since = datetime.now(UTC) - within
        with self.session() as session:
            count = session.scalar(
                select(func.count())
                .select_from(TableRow)
                .where(
                    TableRow.creator == creator,
                    TableRow.status != "over",
                    TableRow.created_at >= since,
                )
            )
            return int(count or 0)

    def bot_table_ids(self) -> list[str]:
        """Tables in play with a bot seat, or a bot standing in for an away player: after a
        restart their bots may have to move."""
        with_bot = exists().where(
            SeatRow.table_id == TableRow.id,
            or_(SeatRow.kind == "bot", SeatRow.stand_in.is_not(None)),
        )
        with self.session() as session:
            return list(
                session.scalars(select(TableRow.id).where(TableRow.status != "over", with_bot))
            )

    def log(self, table_id: str, match_number: int) -> list[tuple[int, int, str]]:
        """``(seq, seat, action)`` of a match, in order."""
        with self.session() as session:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action)
                .where(ActionRow.table_id == table_id, ActionRow.match_number == match_number)
                .order_by(ActionRow.seq)
            ).all()
            return [(seq, seat, action) for seq, seat, action in rows]

    # -- reports of a correction (the rules pages) -----------------------------------------

    def add_correction(self, page: str, lang: str, text: str, contact: str | None) -> int:
        """Store an open report (already checked by ``pegboard.web.corrections``); its id."""
        with self.session() as session, session.begin():
            row = CorrectionRow(page=page, lang=lang, text=text, contact=contact, status="open")
            session.add(row)
            session.flush()
            return row.id

    def corrections(self, *, every: bool = False) -> list[Correction]:
        """The open reports (``every``: all of them), oldest first."""
        query = select(CorrectionRow).order_by(CorrectionRow.id)
        if not every:
            query = query.where(CorrectionRow.status == "open")
        with self.session() as session:
            return [
                Correction(
                    row.id,
                    row.page,
                    row.lang,
                    row.text,
                    row.contact,
                    _utc(row.created_at),
                    row.status,
                    None if row.closed_at is None else _utc(row.closed_at),
                )
                for row in session.scalars(query)
            ]

    def close_correction(self, correction_id: int) -> Literal["closed", "already", "none"]:
        """Close an open report: ``closed``; ``already`` if it was closed, ``none`` if there
        is no such report. One statement decides, so two closes of one report cannot both
        succeed."""
        with self.session() as session, session.begin():
            done = session.execute(
                update(CorrectionRow)
                .where(CorrectionRow.id == correction_id, CorrectionRow.status == "open")
                .values(status="closed", closed_at=datetime.now(UTC))
            )
            if done.rowcount:  # type: ignore[attr-defined]
                return "closed"
            there = session.get(CorrectionRow, correction_id) is not None
            return "already" if there else "none"


def _utc(moment: datetime) -> datetime:
    """A stored time in UTC (SQLite gives it back without its zone)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
