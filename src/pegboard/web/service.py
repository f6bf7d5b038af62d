"""The tables of a server (``TableService``): a move's way from a seat's socket to the log
and back to every seat, and the parts that do the rest of a table's work.

One ``LiveTable`` per table in memory: its record, its ``Game``, its match (rebuilt from
seed + log on first use), its seats and its connections. Everything that changes a table
happens under the table's ``asyncio.Lock``, and in one order: check, apply to the live
match (``Game.play``), INSERT + COMMIT the action (``GroupCommit``), then tell every
connection (each gets its own view). The database is reached in worker threads, and bots
and hints think in a bounded pool of worker processes (``bot_pool``) without holding the
table's lock, so a table never blocks another, nor its own clients while its bot thinks.

``TableService`` holds the parts together (``maker``, ``seats``, ``bots``, ``hints``, ``chances``,
``clocks``, ``leavers``, ``sync``, ``clients``: docs/architecture.md lists them); each is
given what it needs in its constructor and reaches the others only through the service's
``TableHost`` methods (``pegboard.web.tables``).

A move is one name at each layer: the page's ``act`` sends the message ``act``, which the
service's ``act`` takes (a seat's socket, checked) to ``play_seat`` (apply, commit, tell;
the bots' loop calls it too), which asks the table's game to ``play`` it (``Game.play``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from contextlib import AbstractAsyncContextManager
from typing import Any

from sqlalchemy.exc import IntegrityError

from pegboard.core import IllegalActionError, WordedError
from pegboard.games import OutOfTurnError
from pegboard.i18n import Translator, rule_reason, translator, unreadable_reason
from pegboard.web import games, ratings, views
from pegboard.web.bot_pool import BotPool
from pegboard.web.chat import TableChat
from pegboard.web.client_limits import ClientLimits
from pegboard.web.commits import GroupCommit
from pegboard.web.digests import Digests, MailSettings
from pegboard.web.leavers import GRACE_SECONDS, Leavers, is_forfeited
from pegboard.web.limits import DEFAULT, Limits
from pegboard.web.notices import Notices, PushSettings
from pegboard.web.observability import Metrics
from pegboard.web.records import NewAction, SeatInfo, is_busy
from pegboard.web.replays import replay_links
from pegboard.web.seat_names import seat_names
from pegboard.web.seats import Seats, present_seats
from pegboard.web.store import Store
from pegboard.web.table_bots import TableBots
from pegboard.web.table_chances import TableChances, chances_allowed
from pegboard.web.table_clocks import Clocks
from pegboard.web.table_hints import Hints, hints_allowed
from pegboard.web.table_making import TableMaker
from pegboard.web.table_sync import TableSync
from pegboard.web.tables import (
    ClientError,
    Connection,
    LiveTable,
    UnusableTableError,
    Writer,
    _gone,
    check_stored,
    summary_of,
    table_status,
)
from pegboard.web.takebacks import Takebacks
from pegboard.web.takebacks import summary as takeback_summary

log = logging.getLogger(__name__)


def busy_move(_: Translator) -> str:
    """What the players of a table hear when the database did not take a move in time."""
    return _(
        "The server is busy and could not save the move in time: "
        "connect again in a moment to see the table as it was saved."
    )


class TableService:
    """The tables of a server: a move applied, committed and told (``act``,
    ``play_seat``), a table rebuilt from its log (``get``), a new match (``again``); the
    rest is its parts' (the module's docstring lists them). It is the ``TableHost`` of
    every part."""

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
        push_settings: PushSettings | None = None,
        mail_settings: MailSettings | None = None,
    ) -> None:
        self.store = store
        self.limits = limits
        self.seed_source = seed_source
        self.commits = GroupCommit(store)
        """The moves' commits, grouped (``pegboard.web.commits``)."""
        self.pool = BotPool(0) if pool is None else pool
        """Where bots and hints think; the service closes it."""
        self.metrics = Metrics()
        self._tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Task[LiveTable | None]] = {}
        """Tables being rebuilt: whoever asks for one meanwhile waits for the same rebuild."""
        self._tasks: set[asyncio.Task[None]] = set()
        """The parts' background work (``spawn``): a presence told, an alarm rung, a rating."""
        self.clients = ClientLimits(limits)
        self.sync = TableSync(self, store, self._tables, self._loading)
        self.chat = TableChat(store, limits, self._tables)
        self.takebacks = Takebacks(self)
        self.notices = Notices(self, push_settings or PushSettings())
        self.digests = Digests(self, mail_settings or MailSettings())
        self.sync.on_chat = self.chat.hear
        self.clocks = Clocks(self, wall, store)
        self.leavers = Leavers(self, store, limits, clock, grace)
        self.seats = Seats(self, store, limits, self.clients)
        self.bots = TableBots(self, store, self.pool, self.metrics, bot_delay)
        self.hints = Hints(self, self.pool, limits)
        self.chances = TableChances(self, self.pool)
        self.maker = TableMaker(
            self, store, limits, self.clients, self.clocks, self._tables, seed_source
        )
        self.metrics.watch(
            lambda: len(self._tables),
            lambda: sum(len(table.connections) for table in self._tables.values()),
        )

    @property
    def wall(self) -> Callable[[], float]:
        """Seconds since the epoch: the players' clocks (``Clocks.wall``)."""
        return self.clocks.wall

    @wall.setter
    def wall(self, wall: Callable[[], float]) -> None:
        self.clocks.wall = wall

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds, for how long a seat has been away (``Leavers.clock``)."""
        return self.leavers.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.leavers.clock = clock

    # -- tables --------------------------------------------------------------------------

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
        game = check_stored(record.id, record.game, record.config, len(record.seats))
        try:
            match, narration = await asyncio.to_thread(
                games.replay_narrated, game, record.config, record.seed, record.actions
            )
        except ValueError:  # IllegalActionError too: a log that does not replay
            log.exception("table %s: its log does not replay", table_id)
            raise UnusableTableError(table_id, None) from None
        table = self._tables[table_id] = LiveTable(record, game, match)
        # Its moves were told when they were made: only what comes after is news.
        table.noticed = (record.match_number, len(record.actions), record.status)
        table.narrate(narration)
        self.leavers.mark_presence(table)  # nobody is connected yet: every player away from now
        # Another process may hold the table too and move its bot: stand by a moment.
        self.bots.kick(table, lead=not self.store.shared)
        self.clocks.arm(table)  # a clock that ran out while the table was out of memory flags now
        return table

    def _loaded(self, table_id: str, done: asyncio.Task[LiveTable | None]) -> None:
        if self._loading.get(table_id) is done:
            del self._loading[table_id]
        if not done.cancelled():
            done.exception()  # retrieved: the waiters, if any are left, get it themselves

    def holds(self, table_id: str) -> bool:
        """Whether the table is in memory (or being rebuilt)."""
        return table_id in self._tables or table_id in self._loading

    def summary(self, table: LiveTable, lang: str = "en") -> dict[str, Any]:
        """The public summary of a table (``GET /api/tables/ID``, ``state.table``), with who
        is here: each seat's ``connected`` (a claimed human seat's: whether its player has a
        connection; null for a bot or a free seat), and ``replays``: the addresses of its
        finished matches' replays (``pegboard.web.replays``); each seat's ``display_name``
        in ``lang``."""
        record = table.record
        summary = summary_of(
            record.id,
            record.game,
            record.seats,
            record.status,
            record.match_number,
            record.public,
            present_seats(table),
            lang,
        )
        over = table.over or is_forfeited(table)
        summary["replays"] = replay_links(record.id, record.match_number, over)
        summary["hints"] = hints_allowed(table)
        summary["chances"] = chances_allowed(table)
        summary["rated"] = record.rated
        summary["deal_limit"] = record.deal_limit  # a daily deal's table (its page: next deal)
        self.leavers.summary(table, summary)
        self.clocks.summary(table, summary)
        takeback_summary(table, summary)
        return summary

    async def switch_language(self, table: LiveTable, connection: Connection, lang: str) -> None:
        async with table.lock:
            if connection not in table.connections:  # closed: its seat was given up
                raise ClientError("auth", _gone(translator(lang)))
            connection.lang = lang
            connection.send(self.state(table, connection))

    def state(
        self, table: LiveTable, connection: Connection, summary: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for one connection: its own view of the table (``summary``:
        the table's ``summary`` in the connection's language, when the caller has it)."""
        record = table.record
        names = seat_names(record.game, record.seats, translator(connection.lang))
        seat_view = views.view(
            table.match,
            record.game,
            connection.seat,
            connection.lang,
            names,
            table.narration,
            ended=record.deal_limit is not None and table.over,
        )
        return {
            "type": "state",
            "seq": table.seq,
            "match": record.match_number,
            "table": self.summary(table, connection.lang) if summary is None else summary,
            "you": connection.seat,
            "view": seat_view,
        }

    def broadcast(self, table: LiveTable) -> None:
        """Each connection its state; one view per seat and language (spectators, or one
        seat open in two tabs, share theirs: a view is a pure function of the match), and
        the table's summary once per language (it is public: the same for every seat)."""
        made: dict[tuple[int | None, str], dict[str, Any]] = {}
        summaries: dict[str, dict[str, Any]] = {}
        with self.metrics.broadcast_seconds.time():
            for connection in list(table.connections):
                key = (connection.seat, connection.lang)
                state = made.get(key)
                if state is None:
                    summary = summaries.get(connection.lang)
                    if summary is None:
                        summary = summaries[connection.lang] = self.summary(table, connection.lang)
                    state = made[key] = self.state(table, connection, summary)
                connection.send(state)
        # Every change of a table is told: its clock's alarm and its notices follow it here.
        self.clocks.arm(table)
        self.notices.changed(table)
        self.chances.changed(table)

    # -- a move ----------------------------------------------------------------------------

    async def act(self, table: LiveTable, connection: Connection, action: str, seq: int) -> None:
        """Play ``action`` for the connection's seat; a ``ClientError`` changes nothing."""
        _ = translator(connection.lang)
        # A move does not take the table's row lock: the log's unique key (table, match,
        # seq) lets one process's move in and refuses another's for the same seq, whose
        # copy is then made again from the log (``_play``). Changes that have no such key
        # (seats, a new match, a forfeit) go through ``TableSync.writing``.
        async with table.lock:
            seat = self.acting_seat(table, connection, _)
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
                if await self.clocks.flag_if_due(table):
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
            await self.play_seat(table, seat, action, _)

    def acting_seat(self, table: LiveTable, connection: Connection, _: Translator) -> int:
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

    async def play_seat(self, table: LiveTable, seat: int, action: str, _: Translator) -> None:
        """Apply, commit, broadcast (the caller holds the table's lock). On a shared
        database the commit is a compare-and-set on the log's unique key: a copy that was
        behind is made again from the log and the move refused as stale."""
        if is_forfeited(table) or table.over:  # a daily deal's table: at its deal's end
            raise ClientError("out_of_turn", _("The match is over."))
        try:
            played = table.game.play(table.match, seat, action)
        except OutOfTurnError as error:
            if table.match.is_over:
                raise ClientError("out_of_turn", _("The match is over."), error.rule) from None
            raise ClientError("out_of_turn", _("It is not your turn.")) from None
        except IllegalActionError as error:
            raise ClientError("illegal", rule_reason(error, _), error.rule) from None
        except WordedError as error:
            # A move the engine cannot read ("claim x", "claim" with no number): its own
            # words, which say how the move is written, translated.
            raise ClientError("illegal", unreadable_reason(error, action, _)) from None
        except ValueError as error:
            message = (
                str(error)
                if _.lang == "en"
                else _("{action!r} is not a move in this game.").format(action=action)
            )
            raise ClientError("illegal", message) from None
        record = table.record
        ended = table.over
        status = table_status(record.seats, ended)
        over = games.standings(table.match, table.game) if ended else None
        clock = self.clocks.after_move(table, seat)
        try:
            with self.metrics.commit_seconds.time():
                await self.commits.add(
                    NewAction(
                        record.id,
                        record.match_number,
                        table.seq + 1,
                        seat,
                        played.notation,
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
            await self.rebuild_from_log(table)
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
                self.drop(table, busy=True)
                raise ClientError("busy", busy_move(_)) from None
            log.exception("table %s: the action could not be saved", record.id)
            self.drop(table)
            raise ClientError("server", _("The move could not be saved: connect again.")) from None
        self.metrics.moves.inc()
        record.actions.append((seat, played.notation))
        record.status = status
        record.clock = clock
        table.narrate(played.events)
        self.broadcast(table)
        self.bots.kick(table)
        if over is not None and record.rated:  # its players' ratings, once (issue 13)
            # After the players were told of the move: the rating is its own transaction.
            await ratings.rate_finished(
                self.store,
                record.id,
                record.match_number,
                shared_addresses=self.limits.rated_shared_addresses,
            )

    async def rebuild_from_log(self, table: LiveTable) -> None:
        """Make the table's copy (the caller holds its lock) again from what the database
        holds, and tell every client: the move applied to it was not the log's."""
        stored = await asyncio.to_thread(self.store.load_table, table.id)
        if stored is None:
            self.drop(table)
            return
        match, narration = await asyncio.to_thread(
            games.replay_narrated, table.game, stored.config, stored.seed, stored.actions
        )
        table.record, table.match, table.narration = stored, match, []
        table.narrate(narration)
        self.broadcast(table)
        self.bots.kick(table, lead=False)

    def drop(self, table: LiveTable, busy: bool = False) -> None:
        """Forget a table whose live match is ahead of its log: every connection is told
        why (in its language), then closed with 1011 so that it reconnects to the table
        rebuilt from what was committed (``busy``: the database was too slow, ``busy``
        and 1013, try again later)."""
        table.broken = True
        self.clocks.disarm(table)
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
        async with table.lock, self.sync.writing(table) as writer:
            self.acting_seat(table, connection, _)
            record = table.record
            if record.match_number != before:
                return  # another seat, through another process, started it first
            if not table.over and not is_forfeited(table):
                raise ClientError("not_over", _("The match is not over yet."))
            if record.deal_limit is not None:
                raise ClientError(
                    "not_again", _("A daily deal is played once: go on to the next deal.")
                )
            seed = self.seed_source()
            match = table.game.new_match(record.config, seed)
            number = record.match_number + 1
            status = table_status(record.seats, match.is_over)
            fresh = dataclasses.replace(record, status=status, forfeit=None)
            clock = self.clocks.new_clock(fresh, match)
            await asyncio.to_thread(writer.start_match, record.id, number, seed, status, clock)
            record.match_number, record.seed, record.status = number, seed, status
            record.actions = []
            record.forfeit, record.ending, record.aborted = None, None, False
            record.clock = clock
            record.takebacks, record.takeback = 0, None
            table.match = match
            table.narration = []
            self.broadcast(table)
            self.bots.kick(table)

    # -- what the parts ask of the service (``TableHost``) -----------------------------------

    def writing(self, table: LiveTable) -> AbstractAsyncContextManager[Writer]:
        return self.sync.writing(table)

    async def save_seat(self, table: LiveTable, info: SeatInfo, writer: Writer) -> None:
        await self.seats.save_seat(table, info, writer)

    def kick_bots(self, table: LiveTable, *, lead: bool = True) -> None:
        self.bots.kick(table, lead=lead)

    async def reclock(self, table: LiveTable, writer: Writer, *, reset: int | None = None) -> None:
        await self.clocks.reclock(table, writer, reset=reset)

    def arm(self, table: LiveTable) -> None:
        self.clocks.arm(table)

    async def end_by_forfeit(
        self, table: LiveTable, seat: int, ending: str, writer: Writer
    ) -> bool:
        return await self.leavers.end_by_forfeit(table, seat, ending, writer)

    def mark_presence(self, table: LiveTable) -> None:
        self.leavers.mark_presence(table)

    async def take_back(self, table: LiveTable, seat: int) -> bool:
        return await self.leavers.take_back(table, seat)

    async def read_fresh(self, table: LiveTable) -> None:
        await self.sync.read_fresh(table)

    def announce(self, table: LiveTable) -> None:
        self.sync.announce(table)

    def tell_later(self, table: LiveTable) -> None:
        self.sync.tell_later(table)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- memory and the end -----------------------------------------------------------------

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
            # A clock runs out soon: its flag must come on time (one days away is woken by
            # ``Clocks.wake_due`` before its deadline).
            and not self.clocks.due_soon(table)
        ]
        for table in idle:
            self.clocks.disarm(table)
            del self._tables[table.id]
        return len(idle)

    async def close(self) -> None:
        """Stop the alarms, the other processes' news, the resume, the rebuilds, then every
        bot, then the pool (in that order: a rebuild that finished would start a bot)."""
        self.clocks.disarm_all()
        await self.sync.close()
        for group in (
            lambda: [self.bots.resume_task] if self.bots.resume_task is not None else [],
            lambda: list(self._loading.values()),
            lambda: [t.bot_task for t in self._tables.values() if t.bot_task is not None],
            lambda: list(self._tasks),
        ):
            tasks = group()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        await self.pool.close()
