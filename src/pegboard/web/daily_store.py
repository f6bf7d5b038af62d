"""The daily deals' rows (``daily_attempts``, ``daily_deals``; issue 38), each read or
written in one short transaction (blocking: the server calls them through
``Store.within``).

One attempt per player, game and day: the database's unique key says so, so two requests
at once (two tabs, two server processes) make one attempt, and the second reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Select, select
from sqlalchemy.exc import IntegrityError

from pegboard.web.db import DailyAttemptRow, DailyDealRow, PlayerRow, now
from pegboard.web.store import Store
from pegboard.web.tables import new_id

ATTEMPT_ID_LENGTH = 12


@dataclass(frozen=True, slots=True)
class DealEntry:
    """A deal of an attempt: its table, and once played out its log and the margin."""

    deal: int
    table_id: str
    actions: tuple[str, ...] | None
    margin: float | None


@dataclass(frozen=True, slots=True)
class Attempt:
    """A player's attempt at a game's deals of a day, its deals begun so far in order."""

    id: str
    game: str
    day: str
    player_id: str
    player_name: str | None
    ranked: bool
    finished_at: datetime | None
    deals: tuple[DealEntry, ...]

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def played(self) -> int:
        """The deals played out."""
        return sum(1 for deal in self.deals if deal.margin is not None)


def _attempt(row: DailyAttemptRow, name: str | None, deals: list[DailyDealRow]) -> Attempt:
    return Attempt(
        row.id,
        row.game,
        row.day,
        row.player_id,
        name,
        row.ranked,
        row.finished_at,
        tuple(
            DealEntry(
                d.deal,
                d.table_id,
                None if d.actions is None else tuple(d.actions),
                d.margin,
            )
            for d in sorted(deals, key=lambda d: d.deal)
        ),
    )


def _named(game: str, day: str) -> Select[DailyAttemptRow, str | None]:
    """The attempts at ``game`` on ``day``, each with its player's name."""
    return (
        select(DailyAttemptRow, PlayerRow.name)
        .join(PlayerRow, PlayerRow.id == DailyAttemptRow.player_id)
        .where(DailyAttemptRow.game == game, DailyAttemptRow.day == day)
    )


def attempt_of(store: Store, game: str, day: str, player_id: str) -> Attempt | None:
    """The player's attempt at ``game`` on ``day``, or None."""
    with store.session() as session:
        found = session.execute(
            _named(game, day).where(DailyAttemptRow.player_id == player_id)
        ).first()
        if found is None:
            return None
        row, name = found
        deals = session.scalars(select(DailyDealRow).where(DailyDealRow.attempt_id == row.id))
        return _attempt(row, name, list(deals))


def start_attempt(store: Store, game: str, day: str, player_id: str, ranked: bool) -> Attempt:
    """The player's attempt at ``game`` on ``day``: the one begun already, else a new one."""
    try:
        with store.session() as session, session.begin():
            session.add(
                DailyAttemptRow(
                    id=new_id(ATTEMPT_ID_LENGTH),
                    game=game,
                    day=day,
                    player_id=player_id,
                    ranked=ranked,
                    started_at=now(),
                )
            )
    except IntegrityError:
        pass  # begun already (another tab, another process): read it
    found = attempt_of(store, game, day, player_id)
    assert found is not None
    return found


def begin_deal(store: Store, attempt_id: str, deal: int, table_id: str) -> bool:
    """Say that the attempt's deal ``deal`` is played at ``table_id``; False when another
    request began that deal first (nothing written)."""
    try:
        with store.session() as session, session.begin():
            session.add(DailyDealRow(attempt_id=attempt_id, deal=deal, table_id=table_id))
    except IntegrityError:
        return False
    return True


def end_deal(
    store: Store, attempt_id: str, deal: int, actions: list[str], margin: float, last: bool
) -> None:
    """Keep a deal played out (its log and margin); the ``last`` deal finishes the attempt."""
    with store.session() as session, session.begin():
        row = session.get(DailyDealRow, (attempt_id, deal))
        if row is None or row.margin is not None:
            return  # written already by another request: the same deal, the same margin
        row.actions = actions
        row.margin = margin
        if last:
            attempt = session.get(DailyAttemptRow, attempt_id)
            if attempt is not None and attempt.finished_at is None:
                attempt.finished_at = now()


def field_of(store: Store, game: str, day: str) -> list[Attempt]:
    """Every finished attempt at ``game`` on ``day``, ranked or not."""
    with store.session() as session:
        rows = session.execute(
            _named(game, day)
            .where(DailyAttemptRow.finished_at.is_not(None))
            .order_by(DailyAttemptRow.finished_at, DailyAttemptRow.id)
        ).all()
        ids = [row.id for row, _name in rows]
        deals: dict[str, list[DailyDealRow]] = {i: [] for i in ids}
        if ids:
            for deal in session.scalars(
                select(DailyDealRow).where(DailyDealRow.attempt_id.in_(ids))
            ):
                deals[deal.attempt_id].append(deal)
        return [_attempt(row, name, deals[row.id]) for row, name in rows]


@dataclass(frozen=True, slots=True)
class DailyTable:
    """A daily deal's table: whose attempt, at which game and day."""

    game: str
    day: str
    player_id: str


def daily_table(store: Store, table_id: str) -> DailyTable | None:
    """The daily deal ``table_id`` is played at, or None for another table."""
    with store.session() as session:
        found = session.execute(
            select(DailyAttemptRow.game, DailyAttemptRow.day, DailyAttemptRow.player_id)
            .join(DailyDealRow, DailyDealRow.attempt_id == DailyAttemptRow.id)
            .where(DailyDealRow.table_id == table_id)
        ).first()
        return None if found is None else DailyTable(*found)


def attempts_of(store: Store, player_id: str, since: str) -> list[Attempt]:
    """The player's attempts on ``since`` (a day) and after, their deals left out."""
    with store.session() as session:
        rows = session.execute(
            select(DailyAttemptRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == DailyAttemptRow.player_id)
            .where(DailyAttemptRow.player_id == player_id, DailyAttemptRow.day >= since)
            .order_by(DailyAttemptRow.day)
        ).all()
        return [_attempt(row, name, []) for row, name in rows]


def finished_days(store: Store, game: str, since: str) -> dict[str, list[Attempt]]:
    """The finished ranked attempts at ``game`` on ``since`` and after, by day."""
    with store.session() as session:
        rows = session.execute(
            select(DailyAttemptRow.day).where(
                DailyAttemptRow.game == game,
                DailyAttemptRow.day >= since,
                DailyAttemptRow.ranked.is_(True),
                DailyAttemptRow.finished_at.is_not(None),
            )
        ).all()
    days = sorted({day for (day,) in rows})
    return {day: [a for a in field_of(store, game, day) if a.ranked] for day in days}
