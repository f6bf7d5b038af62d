"""Seasons (issue 39, "Seasons"): a leaderboard per calendar month beside the all-time one.

Each month (UTC) every player's rating at a game starts again from OpenSkill's defaults and
moves with that month's rated matches only (``pegboard.web.ratings`` writes it with the
all-time rating, in one transaction). A season's leaderboard is read as the all-time one
is: players with ``PROVISIONAL_MATCHES`` rated matches in the month, by the cautious rating
mu - 3 sigma. ``Season`` is the month as a value (``Season.parse("2026-12")``, ``str``
gives it back); the pages name it in the reader's language (``label``).

Everything here blocks (the database): callers run it in a worker thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Final, Self

from babel.dates import format_skeleton
from sqlalchemy import and_, func, or_, select

from pegboard.i18n import LOCALES
from pegboard.web.db import PlayerRow, SeasonRatingRow
from pegboard.web.ratings import LEADERBOARD_LIMIT, PROVISIONAL_MATCHES, Rating, Z, season_of
from pegboard.web.store import Store

FIRST_YEAR: Final = 2000
"""No season is older than this (a season's address is read no further back)."""
SEASONS_LISTED: Final = 24
"""The seasons a leaderboard's page links and a player's page lists: the last two years."""
_FORM: Final = re.compile(r"(\d{4})-(\d{2})")


@dataclass(frozen=True, slots=True, order=True)
class Season:
    """A season: one calendar month, in UTC."""

    year: int
    month: int

    def __post_init__(self) -> None:
        if not (FIRST_YEAR <= self.year <= 9999 and 1 <= self.month <= 12):
            raise ValueError(f"no season {self.year:04d}-{self.month:02d}")

    @classmethod
    def parse(cls, text: str) -> Self:
        """The season written ``YYYY-MM``; ``ValueError`` for anything else."""
        found = _FORM.fullmatch(text)
        if found is None:
            raise ValueError(f"a season is written YYYY-MM, not {text[:16]!r}")
        return cls(int(found[1]), int(found[2]))

    @classmethod
    def of(cls, moment: datetime) -> Self:
        """The season a moment falls in (its month in UTC)."""
        return cls.parse(season_of(moment))

    @classmethod
    def now(cls) -> Self:
        return cls.of(datetime.now(UTC))

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    def label(self, lang: str) -> str:
        """The month as a reader of ``lang`` names it ("December 2026", "dezembro de 2026",
        "2026年12月", "दिसंबर 2026")."""
        return format_skeleton("yMMMM", date(self.year, self.month, 1), locale=LOCALES[lang])


@dataclass(frozen=True, slots=True)
class SeasonRating:
    """A player's rating at a game in a season, and their place on its leaderboard (None
    while provisional there)."""

    season: Season
    rating: Rating
    place: int | None


def _rating(row: SeasonRatingRow, name: str | None) -> Rating:
    return Rating(row.player_id, name, row.game, row.mu, row.sigma, row.matches)


def leaderboard(
    store: Store, game: str, season: Season, limit: int = LEADERBOARD_LIMIT
) -> list[Rating]:
    """The season's leaderboard of ``game``: its players with ``PROVISIONAL_MATCHES`` rated
    matches in the season, best first by mu - 3 sigma (then more matches, then the id)."""
    cautious = SeasonRatingRow.mu - Z * SeasonRatingRow.sigma
    with store.session() as session:
        rows = session.execute(
            select(SeasonRatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == SeasonRatingRow.player_id)
            .where(
                SeasonRatingRow.game == game,
                SeasonRatingRow.season == str(season),
                SeasonRatingRow.matches >= PROVISIONAL_MATCHES,
            )
            .order_by(cautious.desc(), SeasonRatingRow.matches.desc(), SeasonRatingRow.player_id)
            .limit(limit)
        ).all()
        return [_rating(row, name) for row, name in rows]


def seasons_of(store: Store, game: str, limit: int = SEASONS_LISTED) -> list[Season]:
    """The seasons in which ``game`` was played rated, newest first."""
    with store.session() as session:
        found = session.scalars(
            select(SeasonRatingRow.season)
            .where(SeasonRatingRow.game == game)
            .distinct()
            .order_by(SeasonRatingRow.season.desc())
            .limit(limit)
        )
        return [Season.parse(text) for text in found]


def _place(store: Store, row: SeasonRatingRow) -> int | None:
    """The row's place on its season's leaderboard (its order: cautious rating, then more
    matches, then the id), or None while it is provisional."""
    if row.matches < PROVISIONAL_MATCHES:
        return None
    other = SeasonRatingRow
    mine = row.mu - Z * row.sigma
    cautious = other.mu - Z * other.sigma
    ahead = or_(
        cautious > mine,
        and_(cautious == mine, other.matches > row.matches),
        and_(cautious == mine, other.matches == row.matches, other.player_id < row.player_id),
    )
    with store.session() as session:
        count = session.scalar(
            select(func.count())
            .select_from(other)
            .where(
                other.season == row.season,
                other.game == row.game,
                other.matches >= PROVISIONAL_MATCHES,
                ahead,
            )
        )
    return 1 + int(count or 0)


def seasons_played(store: Store, player_id: str, limit: int = SEASONS_LISTED) -> list[SeasonRating]:
    """A player's seasons, newest first (then by game): their rating and place in each."""
    with store.session() as session:
        rows = session.execute(
            select(SeasonRatingRow, PlayerRow.name)
            .join(PlayerRow, PlayerRow.id == SeasonRatingRow.player_id)
            .where(SeasonRatingRow.player_id == player_id)
            .order_by(SeasonRatingRow.season.desc(), SeasonRatingRow.game)
            .limit(limit)
        ).all()
    return [
        SeasonRating(Season.parse(row.season), _rating(row, name), _place(store, row))
        for row, name in rows
    ]
