"""Tables: create, claim and leave seats, rebuild from the log, apply + commit + broadcast,
and the bots.

The modules: ``service.py`` (this one, ``TableService``), ``tables.py`` (the live table, the
connections, the refusals and the small functions they share) and ``table_bots.py`` (the
bots' loops and the resume after a start-up, a part of ``TableService``).

One ``LiveTable`` per table in memory: its match (rebuilt from seed + log on first use),
its seats and its connections. Everything that changes a table happens under the table's
``asyncio.Lock``, and in one order: check, apply to the live match, INSERT + COMMIT the
action, then tell every connection (each gets its own view). The database is reached in
worker threads, and bots and hints think in a bounded pool of worker processes
(``bot_pool``) without holding the table's lock, so a table never blocks another, nor its
own clients while its bot thinks.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, Final

from sqlalchemy.exc import IntegrityError

from pegboard.core import IllegalActionError
from pegboard.i18n import Translator, rule_reason, translator
from pegboard.web import fair_play, games, ratings, views
from pegboard.web.bot_pool import BotPool
from pegboard.web.clocks import TimeControlError
from pegboard.web.commits import GroupCommit
from pegboard.web.fanout import Listener
from pegboard.web.leavers import GRACE_SECONDS, TableLeavers, is_forfeited
from pegboard.web.limits import DEFAULT, Limits, RateCounter
from pegboard.web.observability import Metrics
from pegboard.web.replays import replay_links
from pegboard.web.seats import TableSeats, close_connection, local_seats, present_seats
from pegboard.web.store import (
    Fresh,
    NewAction,
    Notice,
    SeatInfo,
    Store,
    TableRecord,
    TableTransaction,
    is_busy,
)
from pegboard.web.table_body import NewTable, seat_info
from pegboard.web.table_bots import TableBots
from pegboard.web.table_clocks import TableClocks, time_control_of
from pegboard.web.table_hints import TableHints, hints_allowed
from pegboard.web.tables import (
    ClientError,
    Connection,
    LiveTable,
    LobbyError,
    UnusableTableError,
    _gone,
    check_stored,
    config_problem,
    new_id,
    new_token,
    summary_of,
)

log = logging.getLogger(__name__)

TABLE_ID_LENGTH: Final = 10
OPEN_LIST_LIMIT: Final = 50
CREATE_ATTEMPTS: Final = 3
TRANSACTIONS: Final = 12
"""Shared database: table transactions open at once in one process, under the engine's pool
(``db.POOL_SIZE``) and the event loop's worker threads (``db.DATABASE_THREADS``)."""
PRESENCE_SECONDS: Final = 45.0
"""Several processes: how long another process's word that a seat's player is connected
to it holds (it says so again every third of this while it is so)."""


def _take(counts: Counter[str], client: str, cap: int) -> bool:
    """Count one more of ``client``'s, unless it holds ``cap`` already (then False)."""
    if counts[client] >= cap:
        return False
    counts[client] += 1
    return True


def _release(counts: Counter[str], client: str) -> None:
    counts[client] -= 1
    if counts[client] <= 0:
        del counts[client]


def busy_move(_: Translator) -> str:
    """What the players of a table hear when the database did not take a move in time."""
    return _(
        "The server is busy and could not save the move in time: "
        "connect again in a moment to see the table as it was saved."
    )


class TableService(TableSeats, TableHints, TableBots, TableLeavers, TableClocks):
    """The tables of a server: create, rebuild from the log, apply + commit + broadcast (the
    seats' invitations, joins, leaves and connections are ``TableSeats``',
    ``pegboard.web.seats``; the hints ``TableHints``', ``pegboard.web.table_hints``; the
    bots' loops ``TableBots``', ``pegboard.web.table_bots``; the leavers ``TableLeavers``',
    ``pegboard.web.leavers``)."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.5,
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
        limits: Limits = DEFAULT,
        pool: BotPool | None = None,
        clock: Callable[[], float] = time.monotonic,
        grace: float = GRACE_SECONDS,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.commits = GroupCommit(store)
        """The moves' commits, grouped (``pegboard.web.commits``)."""
        self.clock = clock
        """Seconds, for how long a seat has been away (``pegboard.web.leavers``)."""
        self.wall = wall
        """Seconds since the epoch: the players' clocks (``pegboard.web.table_clocks``),
        which every process of a site reads alike."""
        self._alarms: dict[str, asyncio.TimerHandle] = {}
        """Each table's alarm at its running clock's deadline (``TableClocks._arm``)."""
        self.grace = grace
        """Seconds an away seat's player has before the others may act on it."""
        self.bot_delay = bot_delay
        self.seed_source = seed_source
        self.limits = limits
        self._tables: dict[str, LiveTable] = {}
        self._tables_rate = RateCounter(limits.tables_rate, "table")
        self._joins_rate = RateCounter(limits.joins_rate, "join")
        self.messages_rate = RateCounter(limits.messages_rate, "message")
        """Per socket (keyed by its id): the WebSocket endpoint counts each message."""
        self._sockets_of: Counter[str] = Counter()
        self._spectators_of: Counter[str] = Counter()
        self._traced: dict[tuple[str, str], None] = {}
        self.pool = BotPool(0) if pool is None else pool
        """Where bots and hints think; the service closes it."""
        self._loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        """Tables being rebuilt: whoever asks for one meanwhile waits for the same rebuild."""
        self._resume: asyncio.Task[None] | None = None
        self._presence_tasks: set[asyncio.Task[None]] = set()
        """The tellings that a seat is away, each waiting for its table's lock."""
        self.listener: Listener | None = None
        """On a shared database: what hears the other processes' commits (``listen``)."""
        self._transactions = asyncio.Semaphore(TRANSACTIONS)
        """Shared database: the table transactions open at once (``_writing``)."""
        self._heartbeat: asyncio.Task[None] | None = None
        self._announced: dict[str, frozenset[int]] = {}
        """Several processes: the seats of each table this process last said it has."""
        self._refreshing: dict[str, asyncio.Task[None]] = {}
        self._stale: set[str] = set()
        """Tables another process changed while their refresh ran: one refresh more."""
        self.metrics = Metrics()
        self.metrics.watch(
            lambda: len(self._tables),
            lambda: sum(len(table.connections) for table in self._tables.values()),
        )

    # -- limits --------------------------------------------------------------------------

    def _within(self, counter: RateCounter, client: str, _: Translator) -> None:
        """Count one request of ``client``; ``LobbyError`` 429 past the counter's rate."""
        if not counter.allow(client):
            wait = counter.retry_after(client)
            raise LobbyError(
                429,
                _.ngettext(
                    "Too many requests: try again in {n} second.",
                    "Too many requests: try again in {n} seconds.",
                    wait,
                ).format(n=wait),
                wait,
            )

    def within_joins(self, client: str, _: Translator) -> None:
        """Count one request of ``client`` against the joins' rate (``LobbyError`` 429)."""
        self._within(self._joins_rate, client, _)

    def open_socket(self, client: str) -> bool:
        """Count a new socket of ``client``: False (and not counted) past the cap."""
        return _take(self._sockets_of, client, self.limits.sockets_per_client)

    def close_socket(self, client: str) -> None:
        _release(self._sockets_of, client)

    def open_spectator(self, client: str) -> bool:
        """Count a new spectator of ``client`` (within its sockets): False (and not
        counted) past ``Limits.spectators_per_client``."""
        return _take(self._spectators_of, client, self.limits.spectators_per_client)

    def close_spectator(self, client: str) -> None:
        _release(self._spectators_of, client)

    # -- tables --------------------------------------------------------------------------

    async def create(
        self,
        request: NewTable,
        client: str = "local",
        player: str | None = None,
        player_name: str | None = None,
    ) -> tuple[LiveTable, dict[int, str], dict[int, str]]:
        """A new table from the lobby's request of ``client`` (its address), its body read
        (``table_body.read_new_table``): the table, the creator's token (the first human
        seat's, ``{seat: token}``) and a one-time invitation for each other human seat
        (``{seat: code}``). ``LobbyError`` 429 past the client's rate or cap. ``player``
        (``pegboard.web.players``) holds the creator's seat, named ``player_name`` when the
        request names it not."""
        _ = translator(request.lang)
        self._within(self._tables_rate, client, _)
        game, public, hints, rated = request.game, request.public, request.hints, request.rated
        try:  # the game's own check of its settings together
            config = games.check_config(game, request.options)
        except games.ConfigError as error:
            raise LobbyError(422, config_problem(error, _)) from None
        players = games.players_of(game, config)
        if len(request.seats) != players:
            raise LobbyError(
                422,
                _.ngettext(
                    "Give one seat for each of the {n} player.",
                    "Give one seat for each of the {n} players.",
                    players,
                ).format(n=players),
            )
        seats = [seat_info(number, spec, _) for number, spec in enumerate(request.seats)]
        humans = [s for s in seats if s.kind == "human"]
        if not humans:
            raise LobbyError(422, _("A table needs at least one human seat."))
        if problem := ratings.rated_problem(rated, hints, seats, _):
            raise LobbyError(422, problem)
        try:
            control = time_control_of(game, request, len(humans))
        except TimeControlError as error:
            raise LobbyError(422, _(error.template).format(**error.fields)) from None
        if rated and control is None:
            raise LobbyError(
                422, _("A rated table has a clock (fair play): choose one, or the game's own.")
            )
        if rated and (
            problem := await asyncio.to_thread(
                fair_play.newcomer_problem, self.store, player, self.limits.rated_after, _
            )
        ):
            raise LobbyError(409, problem)
        # The creator's own seat has a token (theirs alone); each other human seat an
        # invitation, which makes a token of its own for whoever claims it.
        token, humans[0].token_hash = new_token()
        humans[0].claimed = True
        humans[0].player_id = player
        humans[0].name = humans[0].name or player_name
        tokens = {humans[0].seat: token}
        invites: dict[int, str] = {}
        for info in humans[1:]:
            invites[info.seat], info.invite_hash = new_token()
        if public and player is not None:
            await self._within_public_tables(player, _)
        creator = self.store.address_hash(client)  # keyed: the installation's secret
        held = await self.store.within(self.store.open_tables_of, creator)
        if held >= self.limits.open_tables_per_client:
            raise LobbyError(
                429,
                _.ngettext(
                    "You opened {n} table today that is not over yet: finish it "
                    "before you open another.",
                    "You opened {n} tables today that are not over yet: finish one "
                    "before you open another.",
                    held,
                ).format(n=held),
            )
        seed = self.seed_source()
        record = TableRecord(
            id=new_id(TABLE_ID_LENGTH),
            game=game,
            config=config,
            status="playing",
            match_number=1,
            seed=seed,
            seats=seats,
            creator=creator,
            public=public,
            hints=hints,
            rated=rated,
            time_control=control,
        )
        match = games.new_match(record.game, config, seed)
        record.status = self._status(seats, match)
        record.clock = self._new_clock(record, match)
        for attempt in range(CREATE_ATTEMPTS):
            try:
                await self.store.within(self.store.create_table, record)
                break
            except IntegrityError:
                # Two tables drew the same 59.5-bit id: take another (nothing was written).
                if attempt == CREATE_ATTEMPTS - 1:
                    raise
                record.id = new_id(TABLE_ID_LENGTH)
        table = self._tables[record.id] = LiveTable(record, match)
        self._kick_bots(table)
        self._arm(table)
        return table, tokens, invites

    async def _within_public_tables(self, player: str, _: Translator) -> None:
        """``LobbyError`` 429 if ``player`` has ``--public-tables-per-player`` public tables
        waiting for people already (a browser with no identity is capped by its address,
        ``--open-tables-per-client``; the list shows as many of one creator at most)."""
        held = await asyncio.to_thread(self.store.public_tables_of, player)
        if held >= self.limits.public_tables_per_player:
            raise LobbyError(
                429,
                _.ngettext(
                    "You already have {n} public table waiting for players: play it, or "
                    "make this one private.",
                    "You already have {n} public tables waiting for players: play one of "
                    "them, or make this one private.",
                    held,
                ).format(n=held),
            )

    async def get(self, table_id: str) -> LiveTable | None:
        """The live table, rebuilt from its seed and log on first use; None if none.
        ``UnusableTableError`` for a stored table that cannot be opened.

        Each table is rebuilt once however many ask for it at the same time (a client and
        the start-up's resume), and rebuilding one table never holds up another's."""
        table = self._tables.get(table_id)
        if table is not None:
            table.touched = time.monotonic()
            return table
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.get_running_loop().create_task(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        # Shielded: a client that goes away does not cancel the rebuild the others wait for.
        return await asyncio.shield(loading)

    async def _load(self, table_id: str) -> LiveTable | None:
        record = await asyncio.to_thread(self.store.load_table, table_id)
        if record is None:
            return None
        check_stored(record.id, record.game, record.config, len(record.seats))
        try:
            match, narration = await asyncio.to_thread(
                games.replay_narrated, record.game, record.config, record.seed, record.actions
            )
        except ValueError:  # IllegalActionError too: a log that does not replay
            log.exception("table %s: its log does not replay", table_id)
            raise UnusableTableError(table_id, None) from None
        table = self._tables[table_id] = LiveTable(record, match)
        table.narrate(narration)
        self._mark_presence(table)  # nobody is connected yet: every player away from now
        # Another process may hold the table too and move its bot: stand by a moment.
        self._kick_bots(table, lead=not self.store.shared)
        self._arm(table)  # a clock that ran out while the table was out of memory flags now
        return table

    def _loaded(self, table_id: str, done: asyncio.Task[LiveTable | None]) -> None:
        if self._loading.get(table_id) is done:
            del self._loading[table_id]
        if not done.cancelled():
            done.exception()  # retrieved: the waiters, if any are left, get it themselves

    def summary(self, table: LiveTable) -> dict[str, Any]:
        """The public summary of a table (``GET /api/tables/ID``, ``state.table``), with who
        is here: each seat's ``connected`` (a claimed human seat's: whether its player has a
        connection; null for a bot or a free seat), and ``replays``: the addresses of its
        finished matches' replays (``pegboard.web.replays``)."""
        record = table.record
        summary = summary_of(
            record.id,
            record.game,
            record.seats,
            record.status,
            record.match_number,
            record.public,
            present_seats(table),
        )
        over = table.match.is_over or is_forfeited(table)
        summary["replays"] = replay_links(record.id, record.match_number, over)
        summary["hints"] = hints_allowed(table)
        summary["rated"] = record.rated
        self.leaver_summary(table, summary)
        self.clock_summary(table, summary)
        return summary

    async def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's list (``Store.open_tables``): the tables where a person is here,
        waiting (known to this process: it holds their connection, or another process
        said so), before the others, and at most ``--public-tables-per-player`` of one
        creator. Waiting people first: a table whose players went would only make whoever
        joins it wait in turn, and a flood of tables nobody sits at comes after them."""
        waiting = [
            table.id
            for table in self._tables.values()
            if table.record.public
            and any(s.kind == "human" and not s.claimed for s in table.record.seats)
            and present_seats(table)
        ]
        rows = await asyncio.to_thread(
            lambda: self.store.open_tables(
                OPEN_LIST_LIMIT, per_creator=self.limits.public_tables_per_player, first=waiting
            )
        )
        listed = []
        for row, seats in rows:
            record = TableRecord(row.id, row.game, row.config, row.status, 0, 0, seats)
            try:
                check_stored(record.id, record.game, record.config, len(record.seats))
            except UnusableTableError:
                continue  # nobody could open it: not worth a line in the lobby
            listed.append(
                summary_of(row.id, row.game, seats, row.status, row.match_number, row.public)
            )
        return listed

    @staticmethod
    def _status(seats: list[SeatInfo], match: games.AnyMatch) -> str:
        if match.is_over:
            return "over"
        if any(s.kind == "human" and not s.claimed for s in seats):
            return "open"
        return "playing"

    # -- connections ---------------------------------------------------------------------

    async def switch_language(self, table: LiveTable, connection: Connection, lang: str) -> None:
        async with table.lock:
            if connection not in table.connections:  # closed: its seat was given up
                raise ClientError("auth", _gone(translator(lang)))
            connection.lang = lang
            connection.send(self.state(table, connection))

    def state(self, table: LiveTable, connection: Connection) -> dict[str, Any]:
        """The ``state`` message for one connection: its own view of the table."""
        record = table.record
        names = [s.name or "" for s in record.seats]
        seat_view = views.view(
            table.match, record.game, connection.seat, connection.lang, names, table.narration
        )
        return {
            "type": "state",
            "seq": table.seq,
            "match": record.match_number,
            "table": self.summary(table),
            "you": connection.seat,
            "view": seat_view,
        }

    def _broadcast(self, table: LiveTable) -> None:
        """Each connection its state; one view per seat and language (spectators, or one
        seat open in two tabs, share theirs: a view is a pure function of the match)."""
        made: dict[tuple[int | None, str], dict[str, Any]] = {}
        with self.metrics.broadcast_seconds.time():
            for connection in list(table.connections):
                key = (connection.seat, connection.lang)
                if key not in made:
                    made[key] = self.state(table, connection)
                connection.send(made[key])
        # Every change of a table is told: its clock's alarm follows it here.
        self._arm(table)

    # -- several processes on one database -------------------------------------------------

    def listen(self) -> None:
        """On a shared database (PostgreSQL), start hearing the other processes' commits:
        each brings the named table's copy in memory up to date (``pegboard.web.fanout``)."""
        if self.store.shared and self.listener is None:
            url = self.store.engine.url.render_as_string(hide_password=False)
            self.listener = Listener(url, self.store.origin, self._heard, self._resync)
            self.listener.start()
            loop = asyncio.get_running_loop()
            self._heartbeat = loop.create_task(self._beat())

    def _heard(self, notice: Notice) -> None:
        if notice.here is None:
            self._moved(notice.table_id)
            return
        table = self._tables.get(notice.table_id)
        if table is None:
            return
        before = present_seats(table)
        table.elsewhere[notice.origin] = (notice.here, time.monotonic() + PRESENCE_SECONDS)
        if present_seats(table) != before:
            self._tell_later(table)

    def _tell_later(self, table: LiveTable) -> None:
        """Every connection its state, under the table's lock, in a task of its own."""
        task = asyncio.get_running_loop().create_task(self._tell_presence(table))
        self._presence_tasks.add(task)
        task.add_done_callback(self._presence_tasks.discard)

    def _announce(self, table: LiveTable, *, again: bool = False) -> None:
        """Several processes: tell the others which seats of ``table`` have a player here,
        when that changed (or ``again``, the heartbeat's: a process that stops saying so,
        having died, is believed no more after ``PRESENCE_SECONDS``)."""
        if self.listener is None:
            return
        here = frozenset(local_seats(table))
        if not again and self._announced.get(table.id) == here:
            return
        self._announced[table.id] = here
        task = asyncio.get_running_loop().create_task(
            asyncio.to_thread(self.store.announce, table.id, here)
        )
        self._presence_tasks.add(task)
        task.add_done_callback(self._presence_tasks.discard)

    async def _beat(self) -> None:
        """Say again, now and then, which seats each table has a player of here; forget
        what another process said long ago, and tell the clients if a seat went away so."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS / 3)
            now = time.monotonic()
            for table in list(self._tables.values()):
                if table.connections or self._announced.get(table.id):
                    self._announce(table, again=True)
                old = [o for o, (_, until) in table.elsewhere.items() if until <= now]
                if old:
                    for origin in old:
                        del table.elsewhere[origin]
                    self._tell_later(table)

    def _moved(self, table_id: str) -> None:
        """Another process changed ``table_id``: refresh it, once more if a refresh is
        already running (it may have read before that commit)."""
        if table_id not in self._tables and table_id not in self._loading:
            return  # not in memory: the next ``get`` reads it whole
        if table_id in self._refreshing:
            self._stale.add(table_id)
            return
        task = asyncio.get_running_loop().create_task(self._refresh(table_id))
        self._refreshing[table_id] = task
        task.add_done_callback(lambda _: self._refreshed(table_id))

    def _refreshed(self, table_id: str) -> None:
        del self._refreshing[table_id]
        if table_id in self._stale:
            self._stale.discard(table_id)
            self._moved(table_id)

    async def _resync(self) -> None:
        """Catch every table in memory up with the log (after listening began again)."""
        for table_id in list(self._tables):
            self._moved(table_id)

    async def _refresh(self, table_id: str) -> None:
        try:
            table = await self.get(table_id)
        except UnusableTableError:
            return
        if table is None:
            return
        async with table.lock:
            if table.broken or self._tables.get(table_id) is not table:
                return
            try:
                await self._read_fresh(table)
            except ClientError:
                return  # dropped: its clients were told, and reconnect

    async def _read_fresh(self, table: LiveTable) -> None:
        """On a shared database, bring the table's copy up to date from the log and tell
        its clients if it changed (the caller holds the table's lock; no row lock: nothing
        is decided on it but what to show)."""
        if not self.store.shared:
            return
        fresh = await asyncio.to_thread(
            self.store.since, table.id, table.record.match_number, table.seq
        )
        if self._catch_up(table, fresh):
            self._kick_bots(table, lead=False)

    @asynccontextmanager
    async def _writing(self, table: LiveTable) -> AsyncIterator[TableTransaction | Store]:
        """Where the caller (holding the table's lock) writes its one change to the table:
        the store itself for a database of one process; on a shared database, a
        transaction that holds the table's row lock in the database, after the copy in
        memory was brought up to date from the log (another process may have appended),
        so that what the caller checks and decides is checked against the truth."""
        if not self.store.shared:
            yield self.store
            return
        number, seq = table.record.match_number, table.seq

        def begin() -> tuple[TableTransaction, Fresh | None]:
            transaction = self.store.locked(table.id)
            try:
                return transaction, transaction.since(number, seq)
            except BaseException:
                transaction.close()
                raise

        # A transaction keeps its connection while the event loop decides; bounded, so
        # that the pool and the worker threads always have room for the ones that hold
        # one to finish (unbounded, a load of tables took every connection, and the worker
        # threads waited for one while the holders waited for a thread).
        async with self._transactions:
            transaction, fresh = await asyncio.to_thread(begin)
            try:
                self._catch_up(table, fresh)
                yield transaction
            finally:
                await asyncio.to_thread(transaction.close)

    def _catch_up(self, table: LiveTable, fresh: Fresh | None) -> bool:
        """Bring the copy in memory to what the log holds and tell the clients (the caller
        holds the table's lock): each action other processes appended, one state each, so
        that every client sees every move once; a match they started; the seats they
        changed (a connection whose seat's token changed is closed). Whether anything
        changed."""
        _ = translator("en")
        record = table.record
        if fresh is None:  # the table itself is gone: nothing left to serve
            self._drop(table)
            raise ClientError("server", _gone(_))
        changed = (
            fresh.seats != record.seats
            or fresh.status != record.status
            or (fresh.forfeit != record.forfeit and fresh.match_number == record.match_number)
            or (fresh.clock != record.clock and not fresh.actions)
        )
        moved = fresh.match_number != record.match_number or bool(fresh.actions)
        record.seats, record.status = fresh.seats, fresh.status
        record.forfeit, record.ending, record.aborted = fresh.forfeit, fresh.ending, fresh.aborted
        record.clock = fresh.clock
        for connection in list(table.connections):
            seated = connection.seat
            if seated is None:
                continue
            held = record.seats[seated].token_hash
            if (
                held is None
                or connection.token_hash is None
                or not hmac.compare_digest(held, connection.token_hash)
            ):
                close_connection(table, connection)
        try:
            if fresh.match_number != record.match_number:
                record.match_number, record.seed = fresh.match_number, fresh.seed
                record.actions = []
                table.match = games.new_match(record.game, record.config, fresh.seed)
                table.narration = []
                self._broadcast(table)
                changed = False
            for seat, action in fresh.actions:
                notation, events = games.apply_narrated(table.match, record.game, seat, action)
                record.actions.append((seat, notation))
                table.narrate(events)
                self._broadcast(table)
                changed = False
        except ValueError:  # IllegalActionError too: the log does not replay on this copy
            log.exception("table %s: another process's actions do not replay", table.id)
            self._drop(table)
            raise ClientError("server", _("The table is being rebuilt: connect again.")) from None
        if changed:
            self._broadcast(table)
        return changed or moved

    # -- play ----------------------------------------------------------------------------

    async def act(self, table: LiveTable, connection: Connection, action: str, seq: int) -> None:
        """Play ``action`` for the connection's seat; a ``ClientError`` changes nothing."""
        _ = translator(connection.lang)
        # A move does not take the table's row lock: the log's unique key (table, match,
        # seq) lets one process's move in and refuses another's for the same seq, whose
        # copy is then made again from the log (``_play``). Changes that have no such key
        # (seats, a new match, a forfeit) go through ``_writing``.
        async with table.lock:
            seat = self._acting_seat(table, connection, _)
            if seq != table.seq:
                raise ClientError(
                    "stale",
                    _("The table has moved on (move {seq}): play from the new position.").format(
                        seq=table.seq
                    ),
                )
            clock = table.record.clock
            if clock is not None and clock.out_of_time(self.wall()) == seat:
                # The move came after the seat's time was out: the flag, not the move.
                if await self._flag_if_due(table):
                    raise ClientError(
                        "out_of_time", _("Your time ran out: that move was not played.")
                    )
                if seq != table.seq:  # caught up from the log meanwhile: it moved on
                    raise ClientError(
                        "stale",
                        _(
                            "The table has moved on (move {seq}): play from the new position."
                        ).format(seq=table.seq),
                    )
            await self._play(table, seat, action, _)

    def _acting_seat(self, table: LiveTable, connection: Connection, _: Translator) -> int:
        """The seat the connection plays, checked again on every action (the caller holds
        the table's lock): a seat given up or taken since its hello is refused, and the
        connection closed."""
        if table.broken:
            raise ClientError("server", _("The table is being rebuilt: connect again."))
        seat = connection.seat
        if seat is None:
            raise ClientError("auth", _("Spectators watch: only a seat can play."))
        info = table.record.seats[seat]
        if (
            connection not in table.connections
            or connection.token_hash is None
            or info.token_hash is None
            or not hmac.compare_digest(info.token_hash, connection.token_hash)
        ):
            connection.close(4403)
            table.connections.discard(connection)
            raise ClientError("auth", _gone(_))
        return seat

    async def _play(self, table: LiveTable, seat: int, action: str, _: Translator) -> None:
        """Apply, commit, broadcast (the caller holds the table's lock). On a shared
        database the commit is a compare-and-set on the log's unique key: a copy that was
        behind is made again from the log and the move refused as stale."""
        if is_forfeited(table):
            raise ClientError("out_of_turn", _("The match is over."))
        try:
            notation, events = games.apply_narrated(table.match, table.record.game, seat, action)
        except games.OutOfTurnError as error:
            if table.match.is_over:
                raise ClientError("out_of_turn", _("The match is over."), error.rule) from None
            raise ClientError("out_of_turn", _("It is not your turn.")) from None
        except IllegalActionError as error:
            raise ClientError("illegal", rule_reason(error, _), error.rule) from None
        except ValueError as error:
            message = (
                str(error)
                if _.lang == "en"
                else _("{action!r} is not a move in this game.").format(action=action)
            )
            raise ClientError("illegal", message) from None
        record = table.record
        status = self._status(record.seats, table.match)
        over = games.standings(table.match, record.game) if table.match.is_over else None
        clock = self._clock_after_move(table, seat)
        try:
            with self.metrics.commit_seconds.time():
                await self.commits.add(
                    NewAction(
                        record.id,
                        record.match_number,
                        table.seq + 1,
                        seat,
                        notation,
                        status,
                        over,
                        clock,
                    )
                )
        except IntegrityError:
            if not self.store.shared:
                raise
            # Another process appended this seq first (the log's unique key is the
            # compare-and-set): this copy was behind. It is made again from the log, and the
            # move refused as stale, as if it had been a notification ahead.
            await self._rebuild_from_log(table)
            raise ClientError(
                "stale",
                _("The table has moved on (move {seq}): play from the new position.").format(
                    seq=table.seq
                ),
            ) from None
        except Exception as error:
            # The live match is ahead of the log: drop it, and let every client reconnect
            # to the table rebuilt from what was committed. The database too slow (the
            # commit timed out, ``--db-timeout``): the same, but said so; the move may
            # yet be in the log, which the rebuild reads once its fate is final
            # (``Store.settle``).
            if is_busy(error):
                log.warning("table %s: the database did not take a move in time", record.id)
                self._drop(table, busy=True)
                raise ClientError("busy", busy_move(_)) from None
            log.exception("table %s: the action could not be saved", record.id)
            self._drop(table)
            raise ClientError("server", _("The move could not be saved: connect again.")) from None
        self.metrics.moves.inc()
        record.actions.append((seat, notation))
        record.status = status
        record.clock = clock
        table.narrate(events)
        self._broadcast(table)
        self._kick_bots(table)
        if over is not None and record.rated:  # its players' ratings, once (issue 13)
            # After the players were told of the move: the rating is its own transaction.
            await ratings.rate_finished(
                self.store,
                record.id,
                record.match_number,
                shared_addresses=self.limits.rated_shared_addresses,
            )

    async def _rebuild_from_log(self, table: LiveTable) -> None:
        """Make the table's copy (the caller holds its lock) again from what the database
        holds, and tell every client: the move applied to it was not the log's."""
        stored = await asyncio.to_thread(self.store.load_table, table.id)
        if stored is None:
            self._drop(table)
            return
        match, narration = await asyncio.to_thread(
            games.replay_narrated, stored.game, stored.config, stored.seed, stored.actions
        )
        table.record, table.match, table.narration = stored, match, []
        table.narrate(narration)
        self._broadcast(table)
        self._kick_bots(table, lead=False)

    def _drop(self, table: LiveTable, busy: bool = False) -> None:
        """Forget a table whose live match is ahead of its log: every connection is told
        why (in its language), then closed with 1011 so that it reconnects to the table
        rebuilt from what was committed (``busy``: the database was too slow, ``busy``
        and 1013, try again later)."""
        table.broken = True
        self._disarm(table)
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
        for connection in list(table.connections):
            _ = translator(connection.lang)
            if busy:
                connection.send(ClientError("busy", busy_move(_)).to_message())
                connection.close(1013)
                continue
            connection.send(
                ClientError("server", _("The move could not be saved: connect again.")).to_message()
            )
            connection.close(1011)
        table.connections.clear()

    async def again(self, table: LiveTable, connection: Connection) -> None:
        """Start the next match of the table, same seats, a new seed."""
        _ = translator(connection.lang)
        before = table.record.match_number
        async with table.lock, self._writing(table) as writer:
            self._acting_seat(table, connection, _)
            record = table.record
            if record.match_number != before:
                return  # another seat, through another process, started it first
            if not table.match.is_over and not is_forfeited(table):
                raise ClientError("not_over", _("The match is not over yet."))
            seed = self.seed_source()
            match = games.new_match(record.game, record.config, seed)
            number = record.match_number + 1
            status = self._status(record.seats, match)
            fresh = dataclasses.replace(record, status=status, forfeit=None)
            clock = self._new_clock(fresh, match)
            await asyncio.to_thread(writer.start_match, record.id, number, seed, status, clock)
            record.match_number, record.seed, record.status = number, seed, status
            record.actions = []
            record.forfeit, record.ending, record.aborted = None, None, False
            record.clock = clock
            table.match = match
            table.narration = []
            self._broadcast(table)
            self._kick_bots(table)

    def evict_idle(self, idle_seconds: float) -> int:
        """Forget the live tables nobody has fetched for ``idle_seconds``, with no client
        connected and no bot to move; the next ``get`` rebuilds them from their logs.
        Returns how many left memory."""
        cutoff = time.monotonic() - idle_seconds
        idle = [
            table
            for table in self._tables.values()
            if table.touched <= cutoff
            and not table.connections
            and not table.lock.locked()
            and (table.bot_task is None or table.bot_task.done())
            and table.id not in self._alarms  # a clock runs: its flag must come on time
        ]
        for table in idle:
            del self._tables[table.id]
        return len(idle)

    async def close(self) -> None:
        """Stop the alarms, the resume, the rebuilds, then every bot, then the pool (in that
        order: a rebuild that finished would start a bot)."""
        self._disarm_all()
        if self.listener is not None:
            await self.listener.close()
        for group in (
            lambda: [self._heartbeat] if self._heartbeat is not None else [],
            lambda: list(self._refreshing.values()),
            lambda: [self._resume] if self._resume is not None else [],
            lambda: list(self._loading.values()),
            lambda: [t.bot_task for t in self._tables.values() if t.bot_task is not None],
            lambda: list(self._presence_tasks),
        ):
            tasks = group()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await self.pool.close()
