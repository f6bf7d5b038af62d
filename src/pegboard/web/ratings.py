"""Ratings (issue 13, "Ratings"): each finished match of a rated table updates every
player's rating at that game with OpenSkill's Plackett-Luce model (the ``openskill``
package, its published defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300), stored with
its history.

- A table is rated only when its creator asks (``"rated": true``), every seat is a person
  and the hints are off (``rated_problem``); each of its seats is held by a different
  remembered player (``pegboard.web.players``).
- A match is rated by its final standings (``Game.scores`` through
  ``pegboard.web.games.standings``, higher is better): each seat is ranked 1 + the number
  of seats strictly ahead of it, so equal standings are ties (``ranks_of``). Cribbage is 1
  against 1 and a skunk is a win like any other: its standings say only who won.
- A forfeit (the leaver's seat claimed, ``rate_forfeit``) ranks the leaver last and the
  others tied first.
- Each player's rating per game (``ratings``: mu, sigma, rated matches) and a history row
  per player per match (``rating_changes``: before and after, table, match number, rank).
  The unique key on (table, match, player) rates a match exactly once: a second call, a
  retried commit, a forfeit then the match's end, changes nothing.
- A player is provisional until ``PROVISIONAL_MATCHES`` rated matches at the game; the
  leaderboard (``pegboard.web.leaderboard``) leaves provisional players out and orders the
  others by the conservative rating mu - 3 sigma (``conservative``: OpenSkill's
  ``ordinal()``), which a player's true skill is 99.7% likely to exceed.
- Seasons: each calendar month (UTC) a player's rating at a game starts again from
  OpenSkill's defaults and moves with that month's rated matches only (``season_ratings``,
  written in the same transaction as the all-time rating; ``pegboard.web.seasons`` reads
  them). A match counts in the season it ended in (a forfeit: the one it was forfeited in).
- mu and sigma are stored and sent (the JSON) as OpenSkill has them; people read them on
  a 1500-based scale with a ± band (``pegboard.web.rating_scale``), which the JSON gives
  beside them (``displayed``, ``plus_minus``, ``displayed_cautious``).

Everything here blocks (the database): the service calls it in a worker thread.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final, Literal

from openskill.models import PlackettLuce
from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from pegboard.i18n import Translator
from pegboard.web.db import (
    MatchRow,
    PlayerRow,
    RatingChangeRow,
    RatingRow,
    SeasonRatingRow,
    SeatRow,
    TableRow,
)
from pegboard.web.fair_play import shared_traces
from pegboard.web.rating_scale import Shown, shown
from pegboard.web.records import SeatInfo, utc
from pegboard.web.store import Store

log = logging.getLogger(__name__)

MODEL: Final = PlackettLuce()
"""OpenSkill's Plackett-Luce model with its published defaults."""
PROVISIONAL_MATCHES: Final = 5
"""Rated matches at a game before a player's rating there stops being provisional (as
Cribbage Pro's five placement matches). A count rather than a threshold on sigma: sigma
only falls, match by match, at much the same pace whatever the results (after five it is
7.2 to 7.4 at two to four seats, a band of about ± 440), so the count says the same in
words a player can check."""
Z: Final = 3.0
"""The conservative rating is mu - Z sigma."""
ATTEMPTS: Final = 4
"""Tries of one rating when another writer raced it (a concurrent first rating of the same
player, or the same match told twice at once)."""
RETRY_SECONDS: Final = 0.05
LEADERBOARD_LIMIT: Final = 100
CHANGES_LIMIT: Final = 50

Kind = Literal["result", "forfeit"]


# -- the model -------------------------------------------------------------------------------


def conservative(mu: float, sigma: float) -> float:
    """The conservative rating mu - 3 sigma (OpenSkill's ``ordinal()``)."""
    return mu - Z * sigma


def ranks_of(standings: Sequence[float]) -> list[int]:
    """Each seat's rank by its standing (higher is better): 1 + the number of seats
    strictly ahead of it, so that equal standings share a rank (a tie)."""
    return [1 + sum(1 for other in standings if other > mine) for mine in standings]


def forfeit_ranks(players: int, leaver: int) -> list[int]:
    """The leaver last (2), every other seat tied first (1)."""
    if not 0 <= leaver < players:
        raise ValueError(f"seat {leaver} is not one of {players} seats")
    return [2 if seat == leaver else 1 for seat in range(players)]


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The ``(mu, sigma)`` of each seat after a match whose seats had ``before`` and
    finished at ``ranks`` (lower is better, equal ranks tie): OpenSkill's Plackett-Luce,
    each seat a team of one."""
    if len(before) != len(ranks) or len(before) < 2:
        raise ValueError("a rated match has two or more seats, each with a rank")
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [(team[0].mu, team[0].sigma) for team in after]


# -- refusals --------------------------------------------------------------------------------


def rated_problem(rated: bool, hints: bool, seats: Sequence[SeatInfo], _: Translator) -> str:
    """Why a new table cannot be rated as asked, in words; "" when it can (or is not
    rated)."""
    if not rated:
        return ""
    for seat in seats:
        if seat.kind != "human":
            return _(
                "A rated table is for people only: seat {n} is a bot (a rated match is "
                "played by people)."
            ).format(n=seat.seat + 1)
    if hints:
        return _(
            "A rated table has no hints (fair play): choose a rated table or allowed hints, "
            "not both."
        )
    return ""


def hints_refusal(_: Translator) -> str:
    return _(
        "Hints are off at this table: it is rated, and a rated match has no hints (fair play)."
    )


# -- storage ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Change:
    """One player's rating change in one rated match."""

    player_id: str
    game: str
    table_id: str
    match_number: int
    seat: int
    rank: int
    kind: str
    before: tuple[float, float]
    after: tuple[float, float]
    date: datetime

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "table": self.table_id,
            "match": self.match_number,
            "replay": f"/m/{self.table_id}-{self.match_number}",
            "seat": self.seat,
            "rank": self.rank,
            "kind": self.kind,
            "before": rating_dict(*self.before),
            "after": rating_dict(*self.after),
            "date": self.date.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating at a game."""

    player_id: str
    name: str | None
    game: str
    mu: float
    sigma: float
    matches: int

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL_MATCHES

    @property
    def conservative(self) -> float:
        return conservative(self.mu, self.sigma)

    @property
    def shown(self) -> Shown:
        """The rating as people read it (1500 ± 500 for a new player)."""
        return shown(self.mu, self.sigma)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "player": self.player_id,
            "name": self.name,
            "page": f"/p/{self.player_id}",
            **rating_dict(self.mu, self.sigma),
            "displayed_cautious": self.shown.cautious,
            "matches": self.matches,
            "provisional": self.provisional,
        }


def rating_dict(mu: float, sigma: float) -> dict[str, float]:
    """OpenSkill's mu and sigma, the conservative ``rating`` on their scale, and the rating
    as people read it: ``displayed`` ± ``plus_minus``."""
    people = shown(mu, sigma)
    return {
        "mu": mu,
        "sigma": sigma,
        "rating": conservative(mu, sigma),
        "displayed": people.rating,
        "plus_minus": people.band,
    }


def rate_ranks(
    store: Store,
    table_id: str,
    match_number: int,
    ranks: Sequence[int] | None = None,
    kind: Kind = "result",
    *,
    shared_addresses: bool = False,
) -> list[Change] | None:
    """Rate one match of a rated table, once: by ``ranks`` (one per seat, lower is better,
    equal ranks tie), or (None) by the match's stored final standings. The changes made,
    or None when nothing was rated: the table is not rated, the match is not over (and no
    ranks were given) or was aborted, a seat is held by no remembered player or two seats
    by one, two of its players share a trace (an address, unless ``shared_addresses``, or
    a device: ``pegboard.web.fair_play``), or the match was rated already (exactly once:
    the unique key on table, match and player)."""
    for attempt in range(ATTEMPTS):
        try:
            return _rate_once(store, table_id, match_number, ranks, kind, shared_addresses)
        except (IntegrityError, OperationalError):
            # Another writer rated this match, or first rated one of its players, at the
            # same moment (PostgreSQL: the unique key; SQLite: a write after another's
            # commit, "database is locked"): try again, which finds the match rated or the
            # rating there.
            if attempt == ATTEMPTS - 1:
                raise
            time.sleep(RETRY_SECONDS * (attempt + 1))
    return None  # pragma: no cover - the loop returns or raises


def _rate_once(
    store: Store,
    table_id: str,
    match_number: int,
    ranks: Sequence[int] | None,
    kind: Kind,
    shared_addresses: bool,
) -> list[Change] | None:
    with store.session() as session, session.begin():
        table = session.get(TableRow, table_id)
        match = session.get(MatchRow, (table_id, match_number))
        if table is None or match is None or not table.rated or match.aborted:
            return None
        rated = exists().where(
            RatingChangeRow.table_id == table_id, RatingChangeRow.match_number == match_number
        )
        if session.scalar(select(rated)):
            return None
        seats = list(
            session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            )
        )
        players = [seat.player_id for seat in seats]
        if any(p is None for p in players) or len(set(players)) != len(players):
            log.warning("table %s match %s: its seats are not all players", table_id, match_number)
            return None
        ids = [str(p) for p in players]
        if shared_traces(store, ids, addresses=not shared_addresses):
            # Two identities of one person, as far as the server can tell: no rating.
            log.warning("table %s match %s: its players share a trace", table_id, match_number)
            return None
        if ranks is None:
            if match.standings is None:
                return None
            ranks = ranks_of(match.standings)
        ranks = list(ranks)
        if len(ranks) != len(seats):
            raise ValueError(f"{len(ranks)} ranks for {len(seats)} seats")
        # Each player's row locked (PostgreSQL) in a fixed order, so that two matches of a
        # player finishing at once are rated one after the other.
        held = {
            row.player_id: row
            for row in session.scalars(
                select(RatingRow)
                .where(RatingRow.game == table.game, RatingRow.player_id.in_(ids))
                .order_by(RatingRow.player_id)
                .with_for_update()
            )
        }
        before = [
            (held[p].mu, held[p].sigma) if p in held else (MODEL.mu, MODEL.sigma) for p in ids
        ]
        after = rate(before, ranks)
        moment = datetime.now(UTC)
        changes = []
        for seat, player, old, new, rank in zip(
            range(len(ids)), ids, before, after, ranks, strict=True
        ):
            row = held.get(player)
            if row is None:
                session.add(
                    RatingRow(
                        player_id=player,
                        game=table.game,
                        mu=new[0],
                        sigma=new[1],
                        matches=1,
                        updated_at=moment,
                    )
                )
            else:
                row.mu, row.sigma, row.matches, row.updated_at = (
                    new[0],
                    new[1],
                    row.matches + 1,
                    moment,
                )
            session.add(
                RatingChangeRow(
                    player_id=player,
                    game=table.game,
                    table_id=table_id,
                    match_number=match_number,
                    seat=seat,
                    rank=rank,
                    kind=kind,
                    mu_before=old[0],
                    sigma_before=old[1],
                    mu_after=new[0],
                    sigma_after=new[1],
                    created_at=moment,
                )
            )
            changes.append(
                Change(
                    player, table.game, table_id, match_number, seat, rank, kind, old, new, moment
                )
            )
        # The season is the month the match ended in (a forfeit's: now), however late the
        # rating is written (``rate_pending`` after a restart).
        ended = moment if match.finished_at is None else utc(match.finished_at)
        _rate_season(session, table.game, ids, ranks, ended)
        session.flush()  # the unique key decides here, inside the transaction
        return changes


def season_of(moment: datetime) -> str:
    """The season a moment falls in: its calendar month in UTC, ``YYYY-MM``."""
    moment = moment.astimezone(UTC)
    return f"{moment.year:04d}-{moment.month:02d}"


def _rate_season(
    session: Session, game: str, ids: Sequence[str], ranks: Sequence[int], moment: datetime
) -> None:
    """The season's ratings of a match's players moved by its ranks, in the transaction
    that rates it all time (their rows locked in the same fixed order)."""
    season = season_of(moment)
    held = {
        row.player_id: row
        for row in session.scalars(
            select(SeasonRatingRow)
            .where(
                SeasonRatingRow.season == season,
                SeasonRatingRow.game == game,
                SeasonRatingRow.player_id.in_(ids),
            )
            .order_by(SeasonRatingRow.player_id)
            .with_for_update()
        )
    }
    before = [(held[p].mu, held[p].sigma) if p in held else (MODEL.mu, MODEL.sigma) for p in ids]
    for player, (mu, sigma) in zip(ids, rate(before, ranks), strict=True):
        row = held.get(player)
        if row is None:
            session.add(
                SeasonRatingRow(
                    season=season,
                    game=game,
                    player_id=player,
                    mu=mu,
                    sigma=sigma,
                    matches=1,
                    updated_at=moment,
                )
            )
        else:
            row.mu, row.sigma, row.matches, row.updated_at = mu, sigma, row.matches + 1, moment


def rate_match(
    store: Store, table_id: str, match_number: int, *, shared_addresses: bool = False
) -> list[Change] | None:
    """Rate a finished match of a rated table by its final standings, once (``rate_ranks``)."""
    return rate_ranks(store, table_id, match_number, shared_addresses=shared_addresses)


def rate_forfeit(
    store: Store, table_id: str, match_number: int, leaver: int, *, shared_addresses: bool = False
) -> list[Change] | None:
    """Rate a match of a rated table that its player at seat ``leaver`` forfeited (the
    others claimed the away seat after the grace time, issue 13 "Leavers"): the leaver is
    ranked last, every other seat tied first, whatever the score stood at.

    Call it once the claim is decided (in a worker thread: it blocks on the database);
    the match need not be over. It rates the match exactly once: if the match was rated
    already (finished, or forfeited before) nothing changes, and a later end of the same
    match rates nothing either. Returns the changes made (one per seat), or None when
    nothing was rated (see ``rate_ranks``); ``ValueError`` for a seat that is not one."""
    with store.session() as session:
        seats = len(list(session.scalars(select(SeatRow.seat).where(SeatRow.table_id == table_id))))
    if not seats:
        return None
    return rate_ranks(
        store,
        table_id,
        match_number,
        forfeit_ranks(seats, leaver),
        "forfeit",
        shared_addresses=shared_addresses,
    )


async def rate_finished(
    store: Store, table_id: str, match_number: int, *, shared_addresses: bool = False
) -> None:
    """The service's call when a rated table's match ends (its end already committed):
    rate it in a worker thread. A failure is logged, never the move's: ``rate_pending``
    rates the match when the server next starts."""
    try:
        await asyncio.to_thread(
            functools.partial(rate_match, shared_addresses=shared_addresses),
            store,
            table_id,
            match_number,
        )
    except Exception:
        log.exception("table %s match %s: the rating could not be saved", table_id, match_number)


def rate_pending(store: Store, *, shared_addresses: bool = False) -> int:
    """Rate every finished match of a rated table that has no rating yet (its end was
    committed but the server stopped before its rating was), oldest first. How many were
    rated (an aborted match has no standings, and is never)."""
    rated = exists().where(
        RatingChangeRow.table_id == MatchRow.table_id,
        RatingChangeRow.match_number == MatchRow.number,
    )
    with store.session() as session:
        pending = session.execute(
            select(MatchRow.table_id, MatchRow.number)
            .join(TableRow, TableRow.id == MatchRow.table_id)
            .where(TableRow.rated.is_(True), MatchRow.standings.is_not(None), ~rated)
            .order_by(MatchRow.finished_at, MatchRow.table_id, MatchRow.number)
        ).all()
    done = 0
    for table_id, number in pending:
        if rate_match(store, table_id, number, shared_addresses=shared_addresses) is not None:
            done += 1
    return done


# -- reading ---------------------------------------------------------------------------------


def leaderboard(store: Store, game: str, limit: int = LEADERBOARD_LIMIT) -> list[Rating]:
    """The players rated at ``game`` who are no longer provisional, best first by the
    conservative rating mu - 3 sigma (then more matches, then the player's id)."""
    with store.session() as session:
        rows = session.execute(
            select(RatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.game == game, RatingRow.matches >= PROVISIONAL_MATCHES)
            .order_by(
                (RatingRow.mu - Z * RatingRow.sigma).desc(),
                RatingRow.matches.desc(),
                RatingRow.player_id,
            )
            .limit(limit)
        ).all()
        return [
            Rating(row.player_id, name, row.game, row.mu, row.sigma, row.matches)
            for row, name in rows
        ]


def ratings_of(store: Store, player_id: str) -> list[Rating]:
    """The player's rating at each game they have played rated, by the game's name."""
    with store.session() as session:
        rows = session.execute(
            select(RatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == RatingRow.player_id)
            .where(RatingRow.player_id == player_id)
            .order_by(RatingRow.game)
        ).all()
        return [
            Rating(row.player_id, name, row.game, row.mu, row.sigma, row.matches)
            for row, name in rows
        ]


def changes_of(store: Store, player_id: str, limit: int = CHANGES_LIMIT) -> list[Change]:
    """The player's rating changes, newest first (at most ``limit``)."""
    with store.session() as session:
        rows = session.scalars(
            select(RatingChangeRow)
            .where(RatingChangeRow.player_id == player_id)
            .order_by(RatingChangeRow.created_at.desc(), RatingChangeRow.id.desc())
            .limit(limit)
        )
        return [
            Change(
                row.player_id,
                row.game,
                row.table_id,
                row.match_number,
                row.seat,
                row.rank,
                row.kind,
                (row.mu_before, row.sigma_before),
                (row.mu_after, row.sigma_after),
                utc(row.created_at),
            )
            for row in rows
        ]
