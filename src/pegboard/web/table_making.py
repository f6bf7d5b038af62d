"""New tables, and the lobby's list of the open ones (``TableMaker``, a part of
``TableService``, ``pegboard.web.service``): a new table's request checked (the game's
settings, its seats, its clock, fair play's rules, the client's rates and caps), stored,
and made live; the public tables that wait for players, listed.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from sqlalchemy.exc import IntegrityError

from pegboard.core import Event
from pegboard.i18n import Translator, translator
from pegboard.web import fair_play, games, ratings, table_lists
from pegboard.web.client_limits import ClientLimits
from pegboard.web.clocks import TimeControlError
from pegboard.web.limits import Limits
from pegboard.web.records import TableRecord
from pegboard.web.seats import present_seats
from pegboard.web.store import Store
from pegboard.web.table_body import NewTable, seat_info
from pegboard.web.table_clocks import Clocks, time_control_of
from pegboard.web.tables import (
    TABLE_ID_LENGTH,
    LiveTable,
    LobbyError,
    TableHost,
    UnusableTableError,
    check_stored,
    config_problem,
    match_over,
    new_id,
    new_token,
    summary_of,
    table_status,
)

OPEN_LIST_LIMIT: Final = 50
CREATE_ATTEMPTS: Final = 3


@dataclass(frozen=True, slots=True)
class Start:
    """Where a new table's match starts when not from scratch: its seed and the moves
    already played from it, each with its seat (a checked log: they are replayed as is)."""

    seed: int
    log: tuple[tuple[int, str], ...]
    deal_limit: int | None = None
    """A daily deal's table (``pegboard.web.daily``): the match is over after this many
    deals."""


class TableMaker:
    """The new tables of a server, and the list of its open ones."""

    def __init__(
        self,
        host: TableHost,
        store: Store,
        limits: Limits,
        clients: ClientLimits,
        clocks: Clocks,
        tables: dict[str, LiveTable],
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
    ) -> None:
        self.host = host
        self.store = store
        self.limits = limits
        self.clients = clients
        self.clocks = clocks
        """A new match's clocks (``Clocks.new_clock``)."""
        self.tables = tables
        """The live tables of the service (shared, not copied): a new table joins them."""
        self.seed_source = seed_source

    async def create(
        self,
        request: NewTable,
        client: str = "local",
        player: str | None = None,
        player_name: str | None = None,
        start: Start | None = None,
        table_id: str | None = None,
    ) -> tuple[LiveTable, dict[int, str], dict[int, str]]:
        """A new table from the lobby's request of ``client`` (its address), its body read
        (``table_body.read_new_table``): the table, the creator's token (the first human
        seat's, ``{seat: token}``) and a one-time invitation for each other human seat
        (``{seat: code}``). ``LobbyError`` 429 past the client's rate or cap. ``player``
        (``pegboard.web.players``) holds the creator's seat, named ``player_name`` when the
        request names it not. ``start``: the match begins from a seed and a log of moves
        already played (``pegboard.web.play_on``), not from a new seed. ``table_id``: the
        id the table takes (one reserved by ``pegboard.web.pairing``), else a new one."""
        _ = translator(request.lang)
        self.clients.within_tables(client, _)
        public, hints, rated = request.public, request.hints, request.rated
        try:  # the game's own check of its settings together
            game, config = games.check_config(request.game, request.options)
        except games.ConfigError as error:
            raise LobbyError(422, config_problem(error, _)) from None
        players = game.players(config)
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
        held = await self.store.within(table_lists.open_tables_of, self.store, creator)
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
        seed = self.seed_source() if start is None else start.seed
        record = TableRecord(
            id=table_id or new_id(TABLE_ID_LENGTH),
            game=game.name,
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
            deal_limit=None if start is None else start.deal_limit,
        )
        narration: list[Event] = []
        if start is None:
            match = game.new_match(config, seed)
        else:  # moves to replay: off the event loop, as a table rebuilt from its log
            record.actions = list(start.log)
            match, narration = await asyncio.to_thread(
                games.replay_narrated, game, config, seed, record.actions
            )
        record.status = table_status(seats, match_over(game.name, match, record.deal_limit))
        record.clock = self.clocks.new_clock(record, match)
        for attempt in range(CREATE_ATTEMPTS):
            try:
                await self.store.within(self.store.create_table, record)
                break
            except IntegrityError:
                # Two tables drew the same 59.5-bit id: take another (nothing was written).
                if attempt == CREATE_ATTEMPTS - 1:
                    raise
                record.id = new_id(TABLE_ID_LENGTH)
        table = self.tables[record.id] = LiveTable(record, game, match)
        table.narrate(narration)
        self.host.kick_bots(table)
        self.host.arm(table)
        return table, tokens, invites

    async def _within_public_tables(self, player: str, _: Translator) -> None:
        """``LobbyError`` 429 if ``player`` has ``--public-tables-per-player`` public tables
        waiting for people already (a browser with no identity is capped by its address,
        ``--open-tables-per-client``; the list shows as many of one creator at most)."""
        held = await asyncio.to_thread(table_lists.public_tables_of, self.store, player)
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

    async def open_tables(self, lang: str = "en") -> list[dict[str, Any]]:
        """The lobby's list (``Store.open_tables``): the tables where a person is here,
        waiting (known to this process: it holds their connection, or another process
        said so), before the others, and at most ``--public-tables-per-player`` of one
        creator. Waiting people first: a table whose players went would only make whoever
        joins it wait in turn, and a flood of tables nobody sits at comes after them."""
        waiting = [
            table.id
            for table in self.tables.values()
            if table.record.public
            and any(s.kind == "human" and not s.claimed for s in table.record.seats)
            and present_seats(table)
        ]
        rows = await asyncio.to_thread(
            lambda: table_lists.open_tables(
                self.store,
                OPEN_LIST_LIMIT,
                per_creator=self.limits.public_tables_per_player,
                first=waiting,
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
                summary_of(
                    row.id, row.game, seats, row.status, row.match_number, row.public, lang=lang
                )
            )
        return listed
