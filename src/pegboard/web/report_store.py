"""The stored reports of finished matches (``match_reports``, issue 36): read and written
in one short transaction each (blocking: the server calls them through ``Store.within``).

A report is made once per match, level and budget. Two server processes that analysed the
same match at once both write it; the first stays (the same seed gives the same report,
so nothing is lost) and the second writes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from pegboard.web.db import MatchReportRow, now
from pegboard.web.store import Store


@dataclass(frozen=True, slots=True)
class StoredReport:
    """A report as stored: its JSON (``Report.to_json``), when it was made and the CPU
    seconds the workers spent on it."""

    report: dict[str, Any]
    created_at: datetime
    seconds: float


def load_report(
    store: Store, table_id: str, number: int, level: str, budget: int
) -> StoredReport | None:
    """The stored report of the match at ``level`` and ``budget``, or None."""
    with store.session() as session:
        row = session.get(MatchReportRow, (table_id, number, level, budget))
        if row is None:
            return None
        return StoredReport(dict(row.report), row.created_at, row.seconds)


def save_report(
    store: Store,
    table_id: str,
    number: int,
    level: str,
    budget: int,
    report: dict[str, Any],
    seconds: float,
) -> bool:
    """Store the match's report unless one is stored already; whether this one was."""
    values = {
        "table_id": table_id,
        "match_number": number,
        "level": level,
        "budget": budget,
        "report": report,
        "created_at": now(),
        "seconds": seconds,
    }
    insert = postgresql_insert if store.engine.dialect.name == "postgresql" else sqlite_insert
    statement = insert(MatchReportRow).values(**values).on_conflict_do_nothing()
    with store.session() as session, session.begin():
        written = session.execute(statement).rowcount  # type: ignore[attr-defined]
    return bool(written)


def count_reports(store: Store, table_id: str, number: int) -> int:
    """How many reports of the match are stored (any level and budget)."""
    with store.session() as session:
        counted = session.scalar(
            select(func.count())
            .select_from(MatchReportRow)
            .where(MatchReportRow.table_id == table_id, MatchReportRow.match_number == number)
        )
        return int(counted or 0)
