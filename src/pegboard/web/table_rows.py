"""A table's rows, read and written in a session that ``Store`` and ``TableTransaction``
share: what a process's copy lacks (``read_fresh``), a seat, a new match, the clocks, a
forfeit. ``TableTransaction``: one write to a table by one of several processes, under the
table's row lock, committed with a ``NOTIFY``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, func, null, select, text, update
from sqlalchemy.orm import Session

from pegboard.web.clocks import Clock, TimeControl
from pegboard.web.db import ActionRow, MatchRow, SeatRow, TableRow
from pegboard.web.records import CHANNEL, Forfeit, Fresh, Notice, SeatInfo

if TYPE_CHECKING:
    from pegboard.web.store import Store


class TableTransaction:
    """One write to a table by one of several processes (blocking, like ``Store``): the
    table's row is locked (``SELECT ... FOR UPDATE``) from the start, so that the process
    reads what others appended (``since``), decides, and writes with no other process in
    between; the write commits with a ``NOTIFY`` on ``CHANNEL`` naming the table (sent by
    PostgreSQL at the commit, never for a write rolled back). ``close`` ends it (rolled
    back unless a write committed). Each write commits: one write per transaction."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.store = store
        self.table_id = table_id
        self.session = store.session()
        try:
            self.session.begin()
            self.session.execute(
                select(TableRow.id).where(TableRow.id == table_id).with_for_update()
            )
        except BaseException:
            self.session.close()
            raise

    def since(self, match_number: int, seq: int, takebacks: int = 0) -> Fresh | None:
        return read_fresh(self.session, self.table_id, match_number, seq, takebacks)

    def set_takeback(self, table_id: str, number: int, takeback: dict[str, Any] | None) -> None:
        self._check(table_id)
        write_takeback(self.session, table_id, number, takeback)
        self._commit()

    def take_back(
        self, table_id: str, number: int, seq: int, status: str, clock: Clock | None
    ) -> bool:
        self._check(table_id)
        done = write_take_back(self.session, table_id, number, seq, status, clock)
        self._commit()
        return done

    def update_seat(self, table_id: str, info: SeatInfo, status: str) -> None:
        self._check(table_id)
        write_seat(self.session, table_id, info, status)
        self._commit()

    def start_match(
        self, table_id: str, number: int, seed: int, status: str, clock: Clock | None = None
    ) -> None:
        self._check(table_id)
        write_start_match(self.session, table_id, number, seed, status, clock)
        self._commit()

    def set_clock(self, table_id: str, number: int, clock: Clock | None) -> None:
        self._check(table_id)
        write_clock(self.session, table_id, number, clock)
        self._commit()

    def forfeit(self, table_id: str, number: int, end: Forfeit) -> bool:
        self._check(table_id)
        ended = write_forfeit(self.session, table_id, number, end)
        self._commit()
        return ended

    def close(self) -> None:
        self.session.close()

    def _check(self, table_id: str) -> None:
        if table_id != self.table_id:
            raise ValueError(f"a transaction of table {self.table_id} cannot write {table_id}")

    def _commit(self) -> None:
        notify(self.session, Notice(self.store.origin, self.table_id))
        self.session.commit()


def notify(session: Session, notice: Notice) -> None:
    """``NOTIFY`` in the session's transaction: PostgreSQL sends it at the commit."""
    session.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": CHANNEL, "payload": notice.payload()},
    )


def read_fresh(
    session: Session, table_id: str, match_number: int, seq: int, takebacks: int = 0
) -> Fresh | None:
    """The table beyond a copy at ``match_number`` and ``seq`` that counted ``takebacks``:
    the actions after ``seq``, or all of the match's when the match or its takebacks are
    not the copy's (the copy is then made again from them)."""
    # Column queries, not ORM entities: this runs before every change on a shared
    # database, and the entities' bookkeeping cost more than the queries.
    found = session.execute(
        select(
            TableRow.match_number,
            TableRow.status,
            MatchRow.seed,
            MatchRow.forfeit,
            MatchRow.ending,
            MatchRow.aborted,
            MatchRow.clock,
            MatchRow.takebacks,
            MatchRow.takeback,
        )
        .join(
            MatchRow,
            (MatchRow.table_id == TableRow.id) & (MatchRow.number == TableRow.match_number),
            isouter=True,
        )
        .where(TableRow.id == table_id)
    ).first()
    if found is None:
        return None
    number, status, seed, forfeit, ending, aborted, clock, taken, takeback = found
    if seed is None:
        raise LookupError(f"table {table_id} has no match {number}")
    after = seq if number == match_number and (taken or 0) == takebacks else 0
    actions = session.execute(
        select(ActionRow.seat, ActionRow.action)
        .where(ActionRow.table_id == table_id)
        .where(ActionRow.match_number == number, ActionRow.seq > after)
        .order_by(ActionRow.seq)
    ).all()
    seats = session.execute(
        select(
            SeatRow.seat,
            SeatRow.kind,
            SeatRow.level,
            SeatRow.name,
            SeatRow.claimed,
            SeatRow.token_hash,
            SeatRow.invite_hash,
            SeatRow.player_id,
            SeatRow.stand_in,
        )
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    ).all()
    return Fresh(
        match_number=number,
        seed=seed,
        status=status,
        seats=[SeatInfo(*row) for row in seats],
        actions=[(seat, action) for seat, action in actions],
        forfeit=forfeit,
        ending=ending,
        aborted=bool(aborted),
        clock=None if clock is None else Clock.from_json(clock),
        takebacks=taken or 0,
        takeback=takeback,
    )


def seat_info_of(row: SeatRow) -> SeatInfo:
    return SeatInfo(
        row.seat,
        row.kind,
        row.level,
        row.name,
        row.claimed,
        row.token_hash,
        row.invite_hash,
        row.player_id,
        row.stand_in,
    )


def write_seat(session: Session, table_id: str, info: SeatInfo, status: str) -> None:
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


def write_start_match(
    session: Session, table_id: str, number: int, seed: int, status: str, clock: Clock | None
) -> None:
    session.add(MatchRow(table_id=table_id, number=number, seed=seed, clock=json_or_null(clock)))
    session.execute(
        update(TableRow).where(TableRow.id == table_id).values(match_number=number, status=status)
    )


def write_clock(session: Session, table_id: str, number: int, clock: Clock | None) -> None:
    session.execute(
        update(MatchRow)
        .where(MatchRow.table_id == table_id, MatchRow.number == number)
        .values(clock=json_or_null(clock))
    )


def write_takeback(
    session: Session, table_id: str, number: int, takeback: dict[str, Any] | None
) -> None:
    """Keep match ``number``'s takeback asked for (None: none)."""
    session.execute(
        update(MatchRow)
        .where(MatchRow.table_id == table_id, MatchRow.number == number)
        .values(takeback=takeback)
    )


def write_take_back(
    session: Session, table_id: str, number: int, seq: int, status: str, clock: Clock | None
) -> bool:
    """Take back match ``number``'s move ``seq``, its last: the action leaves the log, the
    match counts one takeback more and has none asked for, the table's status and the
    clocks are as given. False (nothing written) when ``seq`` is not the log's last."""
    last = session.scalar(
        select(func.max(ActionRow.seq)).where(
            ActionRow.table_id == table_id, ActionRow.match_number == number
        )
    )
    if last != seq:
        return False
    session.execute(
        delete(ActionRow).where(
            ActionRow.table_id == table_id,
            ActionRow.match_number == number,
            ActionRow.seq == seq,
        )
    )
    session.execute(
        update(MatchRow)
        .where(MatchRow.table_id == table_id, MatchRow.number == number)
        .values(takebacks=MatchRow.takebacks + 1, takeback=None, clock=json_or_null(clock))
    )
    session.execute(update(TableRow).where(TableRow.id == table_id).values(status=status))
    return True


def write_forfeit(session: Session, table_id: str, number: int, end: Forfeit) -> bool:
    """End match ``number`` by ``end``'s forfeit, unless it is finished already: whether
    it ended it. A finished match is never rewritten, whatever a copy in memory believes
    (a clock's flag once rewrote the end and the time of a match resigned minutes before)."""
    ended = session.execute(
        update(MatchRow)
        .where(
            MatchRow.table_id == table_id,
            MatchRow.number == number,
            MatchRow.finished_at.is_(None),
        )
        .values(
            finished_at=datetime.now(UTC),
            standings=null() if end.standings is None else end.standings,
            forfeit=end.seat,
            ending=end.ending,
            aborted=end.aborted,
        )
    )
    if not getattr(ended, "rowcount", 0):
        return False
    session.execute(update(TableRow).where(TableRow.id == table_id).values(status="over"))
    return True


def json_or_null(value: Clock | TimeControl | None) -> Any:
    """A value for a JSON column: its JSON, or SQL's NULL (a plain None would be stored as
    JSON's ``null``, which ``IS NULL`` does not find)."""
    return null() if value is None else value.to_json()
