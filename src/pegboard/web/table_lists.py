"""The lists of tables the server asks the database for: the lobby's open tables (and
each creator's share of them), a client's tables not over yet (its cap), the tables to
rebuild after a start-up. Each is one read in its own session of the ``Store``.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import ScalarSelect, case, exists, func, or_, select

from pegboard.web.clocks import Clock
from pegboard.web.db import MatchRow, SeatRow, TableRow
from pegboard.web.records import SeatInfo

if TYPE_CHECKING:
    from pegboard.web.store import Store


def creator_player() -> ScalarSelect[str | None]:
    """A table's creator as a player (for a ``TableRow`` query): the identity at its first
    human seat, where ``TableService.hold`` puts the creator's right after ``create`` (no
    column of its own: the seat says it)."""
    return (
        select(SeatRow.player_id)
        .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
        .order_by(SeatRow.seat)
        .limit(1)
        .correlate(TableRow)
        .scalar_subquery()
    )


def open_tables(
    store: Store, limit: int, *, per_creator: int, first: Collection[str] = ()
) -> list[tuple[TableRow, list[SeatInfo]]]:
    """Public tables not over with a human seat nobody has claimed, with their seats (no
    match is rebuilt to list them); a private table is never listed.

    At most ``per_creator`` of one creator, by address (``TableRow.creator``) and by
    identity (the player at the first human seat: ``creator_player``), their newest: one
    creator cannot fill the list (issue 33: six addresses pushed a real table out of it
    in seconds). The tables of ``first`` (the service's: a person is there, waiting)
    come first, then the others; newest first within each."""
    unclaimed = exists().where(
        SeatRow.table_id == TableRow.id, SeatRow.kind == "human", SeatRow.claimed.is_(False)
    )
    newest = (TableRow.created_at.desc(), TableRow.id)
    # A table whose creator is not known (an older row) is a creator of its own.
    address = func.coalesce(TableRow.creator, TableRow.id)
    player = func.coalesce(creator_player(), TableRow.id)
    ranked = (
        select(
            TableRow.id,
            func.row_number().over(partition_by=address, order_by=newest).label("nth"),
            func.row_number().over(partition_by=player, order_by=newest).label("mth"),
        )
        .where(TableRow.public.is_(True), TableRow.status != "over", unclaimed)
        .subquery()
    )
    shown = select(ranked.c.id).where(ranked.c.nth <= per_creator, ranked.c.mth <= per_creator)
    order = [case((TableRow.id.in_(set(first)), 0), else_=1)] if first else []
    with store.session() as session:
        rows = session.scalars(
            select(TableRow).where(TableRow.id.in_(shown)).order_by(*order, *newest).limit(limit)
        ).all()
        seats: dict[str, list[SeatInfo]] = {row.id: [] for row in rows}
        for s in session.scalars(
            select(SeatRow).where(SeatRow.table_id.in_(seats)).order_by(SeatRow.seat)
        ):
            seats[s.table_id].append(
                SeatInfo(s.seat, s.kind, s.level, s.name, s.claimed, s.token_hash, s.invite_hash)
            )
        return [(row, seats[row.id]) for row in rows]


def public_tables_of(store: Store, player: str) -> int:
    """How many public tables wait for people (a human seat free, ``open``) whose
    creator (``creator_player``) is ``player``."""
    with store.session() as session:
        count = session.scalar(
            select(func.count())
            .select_from(TableRow)
            .where(
                TableRow.public.is_(True),
                TableRow.status == "open",
                creator_player() == player,
            )
        )
        return int(count or 0)


def open_tables_of(store: Store, creator: str, within: timedelta = timedelta(days=1)) -> int:
    """How many tables not yet over ``creator`` made in the last ``within``."""
    since = datetime.now(UTC) - within
    with store.session() as session:
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


def tables_to_resume(store: Store) -> list[str]:
    """Tables in play with a bot seat, or a bot standing in for an away player, or a live
    clock: after a restart their bots may have to move, their clocks to flag. A
    correspondence table's clock is days long: ``correspondence_due`` wakes it near its
    deadline instead (unless a bot is to move there)."""
    with_bot = exists().where(
        SeatRow.table_id == TableRow.id,
        or_(SeatRow.kind == "bot", SeatRow.stand_in.is_not(None)),
    )
    clocked = TableRow.time_control.is_not(None)
    with store.session() as session:
        rows = session.execute(
            select(TableRow.id, TableRow.time_control, with_bot.label("with_bot")).where(
                TableRow.status != "over", or_(with_bot, clocked)
            )
        )
        return [
            table_id
            for table_id, control, bot in rows
            if bot or control is None or "days" not in control
        ]


def correspondence_due(store: Store, before: float) -> list[str]:
    """Correspondence tables in play whose running clock's deadline comes before
    ``before`` (seconds since the epoch): the sweep rebuilds them, and so sets their
    alarms, in time. The clocks are JSON, read here and not by the database: one pass over
    the correspondence tables in play, a minute apart."""
    with store.session() as session:
        rows = session.execute(
            select(TableRow.id, TableRow.time_control, MatchRow.clock)
            .join(
                MatchRow,
                (MatchRow.table_id == TableRow.id) & (MatchRow.number == TableRow.match_number),
            )
            .where(TableRow.status == "playing", TableRow.time_control.is_not(None))
        )
        due = []
        for table_id, control, clock in rows:
            if control is None or "days" not in control or clock is None:
                continue
            deadline = Clock.from_json(clock).deadline
            if deadline is not None and deadline <= before:
                due.append(table_id)
        return due
