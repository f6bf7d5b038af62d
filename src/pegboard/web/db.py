"""Storage of the web app: SQLAlchemy 2 models, the engine, and the Alembic upgrade.

The log is the truth (docs/web.md): ``actions`` holds every accepted action of every
match, and a table is rebuilt from its match seed and that log. The schema is made by the
Alembic migrations in ``pegboard/web/migrations``, never by ``create_all``, so that a
database made by one version upgrades in place under the next.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    URL,
    BigInteger,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    false,
    true,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from pegboard.web.limits import (
    CHAT_TEXT_LENGTH,
    CORRECTION_CONTACT_LENGTH,
    CORRECTION_TEXT_LENGTH,
)

MIGRATIONS: Final = Path(__file__).parent / "migrations"
NAME_LENGTH: Final = 24
"""A display name is at most 24 characters (docs/web.md)."""


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: its game, its settings, and which match of it is in play."""

    __tablename__ = "tables"
    __table_args__ = (Index("ix_tables_creator_status", "creator", "status"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    status: Mapped[str] = mapped_column(String(16), index=True)
    match_number: Mapped[int] = mapped_column(default=1)
    # A hash of the creating client's address (never the address itself): the cap on the
    # tables one client holds open counts by it.
    creator: Mapped[str | None] = mapped_column(String(64))
    # Public: listed in the lobby, joinable by anyone; private: reached only by its links.
    public: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Whether the creator allowed the expert's hints (at a table of two or more people; a
    # table of one person and bots always has them). Migration 0007.
    hints: Mapped[bool] = mapped_column(default=False, server_default=true())
    # Rated: every seat a person, no hints; each finished match updates its players'
    # ratings (``pegboard.web.ratings``). Migration 0008.
    rated: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The time control: ``{"bank": seconds, "increment": seconds}`` (Fischer), or null for
    # a table without clocks (``pegboard.web.clocks.TimeControl``). Migration 0011.
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # A table of a daily deal (``pegboard.web.daily``): its match is over once this many
    # deals are played out (``Game.deals_over``); null for a match to its end. Migration 0013.
    deal_limit: Mapped[int | None] = mapped_column()


class SeatRow(Base):
    """A seat of a table: a human (with the hash of its secret token) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(32))
    token_hash: Mapped[str | None] = mapped_column(String(64))
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    claimed: Mapped[bool] = mapped_column(default=False)
    # SHA-256 of the seat's one-time invitation while nobody has claimed it (never the code).
    invite_hash: Mapped[str | None] = mapped_column(String(64))
    # The player who holds the seat, when their browser had a player identity.
    player_id: Mapped[str | None] = mapped_column(String(16), index=True)
    # The bot level that plays the seat for its absent player (``pegboard.web.leavers``),
    # until the player comes back; null: the player plays it. Migration 0009.
    stand_in: Mapped[str | None] = mapped_column(String(32))


class MatchRow(Base):
    """A match of a table: its number (1, 2, ... after "play again") and its seed."""

    __tablename__ = "matches"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    # 63-bit seeds need a 64-bit column on PostgreSQL.
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # When the match ended, and each seat's standing then (``Game.scores``: higher is better).
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    standings: Mapped[list[float] | None] = mapped_column(JSON)
    # The seat whose player left and lost the match by forfeit (a rated table's claim,
    # ``pegboard.web.leavers``); null: the match ended by its rules, or goes on. Migration 0009.
    forfeit: Mapped[int | None] = mapped_column()
    # How a forfeit came (``ENDINGS``: its seat's win claimed, its player resigned by
    # leaving, or ran out of time), and whether it was an abort: unrated, because a seat had
    # not moved yet (``pegboard.web.fair_play``). Migration 0011.
    ending: Mapped[str | None] = mapped_column(String(8))
    aborted: Mapped[bool] = mapped_column(default=False, server_default=false())
    # The clocks of the match (``pegboard.web.clocks.Clock.to_json``): each seat's time
    # left, and whose runs since when; null at a table without a time control. Migration 0011.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # Takebacks (``pegboard.web.takebacks``, migration 0016): how many moves of the match
    # were taken back (a copy of the table in another process that counted fewer rebuilds
    # it from the log), and the one asked for and not yet answered: ``{"seat", "seq",
    # "accepted": [seats]}``.
    takebacks: Mapped[int] = mapped_column(default=0, server_default="0")
    takeback: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class ActionRow(Base):
    """One accepted action: ``seq`` 1, 2, ... within its table's match, in the engine's
    notation. The unique key makes a second writer of the same seq fail, not fork the log."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("table_id", "match_number", "seq"),
        ForeignKeyConstraint(
            ["table_id", "match_number"],
            ["matches.table_id", "matches.number"],
            ondelete="CASCADE",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(String(16))
    match_number: Mapped[int]
    seq: Mapped[int]
    seat: Mapped[int]
    action: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class PlayerRow(Base):
    """A player, remembered without a password: an id and the display name they chose."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    # The player's last vacation (``pegboard.web.vacations``): while it lasts no move of
    # theirs at a correspondence table falls due. Migration 0018.
    vacation_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    vacation_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The address of the daily digest (``pegboard.web.digests``), sent only once confirmed
    # through the link mailed to it; ``email_key`` is the secret of its links (confirm,
    # stop), ``email_lang`` the language it is written in, ``email_asked_at`` when the last
    # confirmation was mailed (one per ten minutes), ``digest_day`` the UTC day of the last
    # digest (one a day, however many processes). Migration 0019.
    email: Mapped[str | None] = mapped_column(String(254))
    email_confirmed: Mapped[bool] = mapped_column(default=False, server_default=false())
    email_key: Mapped[str | None] = mapped_column(String(64), index=True)
    email_lang: Mapped[str | None] = mapped_column(String(8))
    email_asked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    digest_day: Mapped[str | None] = mapped_column(String(10))


class PlayerKeyRow(Base):
    """A key to a player: a browser's (the SHA-256 of its cookie's secret) or a one-time
    "use on another device" code's (``kind`` ``code``, until ``expires_at``)."""

    __tablename__ = "player_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's OpenSkill rating (Plackett-Luce) at one game: its mean ``mu``, its
    uncertainty ``sigma`` and how many rated matches it has played (``pegboard.web.ratings``).
    Migration 0008."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(16), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeasonRatingRow(Base):
    """A player's rating at one game in one season (a calendar month, UTC, ``YYYY-MM``):
    OpenSkill from its defaults at the season's start, moved by the season's rated matches
    only, in the same transaction as the all-time rating (``pegboard.web.ratings``).
    Migration 0014."""

    __tablename__ = "season_ratings"
    __table_args__ = (Index("ix_season_ratings_game_season", "game", "season"),)

    season: Mapped[str] = mapped_column(String(7), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    matches: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingChangeRow(Base):
    """One player's rating before and after one rated match (``kind``: ``result``, by the
    final standings; ``forfeit``, the leaver last). Unique per match and player: a match is
    rated once, however often its end is told. Migration 0008."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint(
            "table_id", "match_number", "player_id", name="uq_rating_changes_match_player"
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str] = mapped_column(String(16))
    match_number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatLineRow(Base):
    """A line said at a table (``pegboard.web.chat``): in the players' room or the
    spectators', a quick phrase (its key, each reader sees it in their own language) or free
    text; ``author`` is who said it, as the readers' mute knows them (a seat's player, or a
    spectator's keyed address hash). Migration 0015."""

    __tablename__ = "chat_lines"
    __table_args__ = (Index("ix_chat_lines_table_room", "table_id", "room", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(String(16))
    room: Mapped[str] = mapped_column(String(10))
    seat: Mapped[int | None] = mapped_column(Integer)
    author: Mapped[str] = mapped_column(String(32))
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    phrase: Mapped[str | None] = mapped_column(String(16))
    text: Mapped[str | None] = mapped_column(String(CHAT_TEXT_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatReportRow(Base):
    """A chat line reported to the site's maintainers by one of its readers (once per
    reader), until a maintainer closes it (``pegboard reports``). Migration 0015."""

    __tablename__ = "chat_reports"
    __table_args__ = (UniqueConstraint("line_id", "reporter", name="uq_chat_reports_reporter"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    line_id: Mapped[int] = mapped_column(ForeignKey("chat_lines.id", ondelete="CASCADE"))
    reporter: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)


class PairingRow(Base):
    """A place in the quick pairing's queue (``pegboard.web.pairing``): a player waiting
    for an opponent at a game, rated or not, with their rating then; ``id`` is the secret
    ticket only its owner holds; ``table_id`` once paired (``ready`` once the table is
    made). Migration 0017; ``pace`` (``live``, or ``1d``... for correspondence), 0018."""

    __tablename__ = "pairing"
    __table_args__ = (Index("ix_pairing_game_waiting", "game", "rated", "table_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column()
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    name: Mapped[str | None] = mapped_column(String(NAME_LENGTH))
    rating: Mapped[float] = mapped_column(Float)
    pace: Mapped[str] = mapped_column(String(8), default="live", server_default="live")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    table_id: Mapped[str | None] = mapped_column(String(16))
    ready: Mapped[bool] = mapped_column(default=False)


class PushSubscriptionRow(Base):
    """A browser a player subscribed to Web Push (``pegboard.web.notices``): its push
    service's endpoint and keys (``pegboard.web.push.Subscription``) and the language its
    notifications are written in; ``id`` is the endpoint's SHA-256. Migration 0019."""

    __tablename__ = "push_subscriptions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1024))
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    lang: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class NoticeRow(Base):
    """A move told to a player (``pegboard.web.notices``): the first process to write the
    row sends the push, and no other, so each move is told at most once. Migration 0019."""

    __tablename__ = "notices"

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    match_number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    seq: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    player_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class PlayerTraceRow(Base):
    """Where a player was seen: a keyed hash of an address they played from, or a device
    they shared with another identity (``pegboard.web.fair_play.traces``). Two players who
    share a trace are never rated against each other. Migration 0011."""

    __tablename__ = "player_traces"

    player_id: Mapped[str] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    trace: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class CorrectionRow(Base):
    """A report of a correction sent from a rules page: the page (a game's name), the
    page's language, what is wrong, an optional way to reply, and whether the site's
    maintainers have closed it (``pegboard corrections``). Never shown publicly."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(primary_key=True)
    page: Mapped[str] = mapped_column(String(32))
    lang: Mapped[str] = mapped_column(String(8))
    text: Mapped[str] = mapped_column(String(CORRECTION_TEXT_LENGTH))
    contact: Mapped[str | None] = mapped_column(String(CORRECTION_CONTACT_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    status: Mapped[str] = mapped_column(String(8), index=True, default="open")
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class MatchReportRow(Base):
    """The analysis of a finished match (issue 36, ``pegboard.analysis.Report.to_json``):
    one per match, analysing level and budget per search, computed once
    (``pegboard.web.analyses``). ``budget`` 0: an analyser that has none. ``seconds``: the
    CPU seconds the workers spent on it. Migration 0012."""

    __tablename__ = "match_reports"
    __table_args__ = (
        ForeignKeyConstraint(
            ["table_id", "match_number"],
            ["matches.table_id", "matches.number"],
            ondelete="CASCADE",
        ),
    )

    table_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    match_number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    level: Mapped[str] = mapped_column(String(32), primary_key=True)
    budget: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    report: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    seconds: Mapped[float] = mapped_column(Float)


class DailyAttemptRow(Base):
    """A player's attempt at a game's daily deals on a day (issue 38, ``pegboard.web.daily``):
    one per player, game and day; ``ranked`` when begun on the day itself (a past day is
    played unranked); ``finished_at`` once every deal is played out. Migration 0013."""

    __tablename__ = "daily_attempts"
    __table_args__ = (
        UniqueConstraint("game", "day", "player_id", name="uq_daily_attempts_player"),
        Index("ix_daily_attempts_game_day", "game", "day"),
    )

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    day: Mapped[str] = mapped_column(String(10))
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    ranked: Mapped[bool] = mapped_column()
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class DailyDealRow(Base):
    """One deal of a daily attempt: the table it is played at and, once it is played out,
    its log (the moves' notations) and the player's margin. Migration 0013."""

    __tablename__ = "daily_deals"

    attempt_id: Mapped[str] = mapped_column(
        ForeignKey("daily_attempts.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    table_id: Mapped[str] = mapped_column(String(16))
    actions: Mapped[list[str] | None] = mapped_column(JSON)
    margin: Mapped[float | None] = mapped_column(Float)


class InstallationRow(Base):
    """A setting of the installation, the same for every server process on the database:
    ``address_key``, the secret that keys the hashes of client addresses
    (``Store.address_hash``). Migration 0010 makes the table and the secret."""

    __tablename__ = "installation"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(256))


POOL_SIZE: Final = 20
DATABASE_THREADS: Final = 24
"""The event loop's worker threads (``asyncio.to_thread``) in a server: its database calls
block in them, so more than asyncio's default of the CPUs + 4."""


def make_engine(url: str, db_timeout: float | None = None) -> Engine:
    """The engine for ``url`` (``sqlite:///path``, ``postgresql+psycopg://...``); with
    ``db_timeout`` (PostgreSQL), no statement waits longer for a lock, nobody longer to
    connect or for a connection of the pool (``postgres_timeouts``)."""
    if url.startswith("sqlite"):
        # No ping before each use: a SQLite connection is a file opened in this process,
        # which no server at the other end can have closed (the ping was a query a move).
        engine = create_engine(url)
    else:
        # A server's table transactions each keep a connection while the event loop
        # decides (``TableSync.writing``, at most ``TRANSACTIONS`` at once): room for
        # them and for the worker threads' own reads.
        timeouts: dict[str, Any] = {}
        if db_timeout is not None:
            timeouts = {
                "connect_args": postgres_timeouts(db_timeout, url=url),
                "pool_timeout": db_timeout,
            }
        engine = create_engine(
            url, pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=10, **timeouts
        )
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def postgres_timeouts(
    db_timeout: float, *, statements: bool = False, url: str | URL | None = None
) -> dict[str, Any]:
    """libpq's connection options that bound a wait on PostgreSQL to ``db_timeout``
    seconds: to connect (``connect_timeout``, whole seconds, at least 2 as libpq wants), and
    for a lock (``lock_timeout``: the server cancels the statement, so its fate is known:
    not done); with ``statements``, for a whole statement too (``statement_timeout``, for
    the moves' small statement only: a page's read may rightly take longer under load).
    The migrations lift the lock's bound for their own transaction (they wait for each
    other's lock, ``migrations/env.py``)."""
    milliseconds = max(1, round(db_timeout * 1000))
    options = f"-c lock_timeout={milliseconds}"
    if statements:
        options += f" -c statement_timeout={milliseconds}"
    # The database URL's own options (``?options=-csearch_path%3D...``) stand: these are
    # given beside the URL and would otherwise replace them.
    given = None if url is None else make_url(url).query.get("options")
    if isinstance(given, str) and given.strip():
        options = f"{given.strip()} {options}"
    return {"connect_timeout": max(2, math.ceil(db_timeout)), "options": options}


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """SQLite in write-ahead-log mode: readers (page loads, the open list) no longer wait
    for the writer, and a commit costs one sync of the log. ``synchronous`` stays FULL, so
    a committed move survives a crash of the machine, not just of the server. Threads that
    meet a write in progress wait for it rather than fail at once."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def sqlite_file(url: str | URL) -> Path | None:
    """The file of a SQLite database (its journal and write-ahead log lie beside it), or
    None for another database or one in memory."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database.removeprefix("file:"))  # a SQLite URI (?uri=true) too


MIGRATION_LOCK: Final = 0x7065_6762_6F61_7264 & 0x7FFF_FFFF_FFFF_FFFF
"""The PostgreSQL advisory lock key the migrations hold ("pegboard" in ASCII)."""


@contextmanager
def migration_file_lock(engine: Engine) -> Iterator[None]:
    """For a SQLite file: an exclusive lock on ``<database>.migrate.lock`` while the
    migrations run, so that processes started together migrate one after the other (other
    databases, and SQLite in memory, lock otherwise or need nothing)."""
    path = engine.url.database
    if engine.dialect.name != "sqlite" or not path or path == ":memory:":
        yield
        return
    import fcntl  # POSIX: the servers run on Linux

    with open(f"{path}.migrate.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def alembic_config(engine: Engine) -> Config:
    """Alembic's configuration, made in code: no alembic.ini is needed or read."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(url_or_engine: str | Engine) -> None:
    """Bring the database's schema to the newest migration (creating it if empty)."""
    engine = make_engine(url_or_engine) if isinstance(url_or_engine, str) else url_or_engine
    command.upgrade(alembic_config(engine), "head")


@contextmanager
def throwaway_database(server_url: str, prefix: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the server of ``server_url`` (any database
    there serves to connect), named ``prefix`` and a random suffix; its URL is yielded, and
    the database dropped afterwards (for tests and benchmarks, never for play)."""
    import psycopg  # the web extra's driver; only PostgreSQL needs it
    from sqlalchemy.engine import make_url

    url = make_url(server_url)
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"{prefix}_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.set(drivername="postgresql+psycopg", database=name).render_as_string(
            hide_password=False
        )
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
