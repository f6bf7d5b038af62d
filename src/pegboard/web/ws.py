"""The WebSocket endpoint ``/ws/{table_id}`` (docs/web.md): hello, then act, hint, lang,
again and ping, each answered to this client; states after every accepted action go to all.

Each connection has a queue of outgoing messages and a writer task, so the service only
queues (never waits on a slow client while it holds a table's lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Coroutine, Sequence
from typing import Any, Final

import anyio
import orjson
from fastapi import WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect

from pegboard.i18n import Translator, translator
from pegboard.web import players, wire
from pegboard.web.guards import own_origin
from pegboard.web.limits import Limits
from pegboard.web.records import DatabaseBusyError, is_busy
from pegboard.web.refusals import SocketRefusals
from pegboard.web.seats import SeatHolder
from pegboard.web.service import TableService
from pegboard.web.tables import (
    TABLE_ID_LENGTH,
    ClientError,
    LiveTable,
    UnusableTableError,
    lang_key,
)
from pegboard.web.updates import update_of

log = logging.getLogger(__name__)

MAX_MESSAGE: Final = 4096
"""Bytes: a longer message is refused (docs/web.md)."""
QUEUE_LIMIT: Final = 256
"""Messages waiting for a client: one that lets more pile up is too slow and is closed."""
CLOSE_AUTH: Final = 4401
CLOSE_NO_TABLE: Final = 4404
CLOSE_UNUSABLE: Final = 4422
CLOSE_TOO_MANY: Final = 4429
CLOSE_IDLE: Final = 4408
"""A spectator's socket that sent nothing for ``Limits.spectator_idle_seconds``."""
CLOSE_TRY_LATER: Final = 1013
"""The standard close code "try again later": the database is out of reach."""

_socket_ids = itertools.count()


class SocketConnection:
    """One client of a table: its seat, its language and its outgoing queue."""

    def __init__(
        self,
        websocket: WebSocket,
        seat: int | None,
        lang: str,
        updates: bool = False,
        address: str = "unknown",
    ) -> None:
        self.websocket = websocket
        self.address = address
        self.updates = updates
        """The client asked for ``update`` messages after its first state (``updates``)."""
        self.chat = False
        """The client asked for the table's chat (``chat``: its room's lines, the last ones
        first; ``pegboard.web.chat``)."""
        self.told: dict[str, Any] | None = None
        """The last state this client was sent (when it asked for updates): the next
        state goes as what changed since it; None: the next goes whole."""
        self.seat = seat
        self.lang = lang
        self.token_hash: str | None = None
        self.closed = False
        self.opened = next(_socket_ids)
        self.id = str(self.opened)
        self._queue: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return  # a close is queued: nothing after it would reach the client
        if self._queue.qsize() >= QUEUE_LIMIT:
            self.close(1008)
            return
        if self.updates and message.get("type") == "state":
            update = None if self.told is None else update_of(self.told, message)
            self.told = message
            if update is not None:
                message = update
        self._queue.put_nowait(message)

    def close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self._queue.put_nowait(code)  # after the messages already queued

    async def write(self) -> None:
        """Send queued messages in order until a close is queued, or the client goes."""
        while True:
            item = await self._queue.get()
            if isinstance(item, int):
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await self.websocket.close(item)
                return
            try:
                await self.websocket.send_text(encode(item))
            except WebSocketDisconnect as gone:
                # A client may close at any time, also while it is written to: no fault of
                # the server's, so one quiet line, not an error with its traceback.
                log.debug("socket %s: the client went while written to (%s)", self.id, gone.code)
                return


async def receive(
    websocket: WebSocket, _: Translator, max_depth: int
) -> dict[str, Any] | ClientError | None:
    """The next message as a JSON object, a ``ClientError`` for one that is not, or None
    when the client has gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            return ClientError("too_large", too_large(_))
        return ClientError("malformed", _("Messages are JSON text."))
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return ClientError("too_large", too_large(_))
    try:
        value = wire.loads(text, max_depth)
    except wire.WireError as error:
        return ClientError("malformed", wire_problem(error, _, max_depth))
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        return ClientError("malformed", _("A message is a JSON object with a type."))
    return value


def encode(message: Any) -> str:
    """A message as the JSON text of its frame (orjson: a state goes to every connection
    after every move, and the standard library's encoder was 3% of a busy server's CPU)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def wire_problem(error: wire.WireError, _: Translator, max_depth: int) -> str:
    """What is wrong with a message or a body that ``wire.loads`` refused."""
    if error.problem == "depth":
        return _("JSON nested deeper than {n} levels is not read.").format(n=max_depth)
    if error.problem == "unicode":
        return _("That message holds text that is not valid Unicode.")
    return _("That message is not JSON.")


def too_large(_: Translator) -> str:
    return _("That message is too large: at most {n} bytes.").format(n=MAX_MESSAGE)


class HelloRefusedError(Exception):
    """A hello that is turned away: the error to send, then the close code."""

    def __init__(self, error: ClientError, code: int) -> None:
        super().__init__(error.message)
        self.error = error
        self.code = code


def origin_allowed(websocket: WebSocket, allowed: Sequence[str]) -> bool:
    """A browser's socket must come from a page of this site: its Origin names the host
    the socket was opened to, or one of the ``allowed`` origins (a site behind a proxy
    that rewrites Host). Clients that send no Origin are not browsers and are let in."""
    origin = websocket.headers.get("origin")
    return origin is None or own_origin(origin, websocket.headers.get("host", ""), allowed)


async def greet(
    service: TableService, table_id: str, hello: dict[str, Any] | ClientError, _: Translator
) -> tuple[LiveTable, int | None, object]:
    """The table, the seat (None: spectator) and the token a hello opens; the token is
    checked by ``service.seats.connect``. ``HelloRefusedError`` otherwise."""
    try:
        if valid_table_id(table_id):
            table = await asyncio.wait_for(service.get(table_id), service.limits.db_timeout)
        else:
            table = None
    except TimeoutError:  # the rebuild goes on for the next hello (``service.get``)
        raise DatabaseBusyError("a table was not read in time") from None
    except UnusableTableError as error:
        raise HelloRefusedError(ClientError("unusable", error.message(_)), CLOSE_UNUSABLE) from None
    if table is None:
        no_table = _("There is no table {table}.").format(table=table_id[:TABLE_ID_LENGTH])
        raise HelloRefusedError(ClientError("no_table", no_table), CLOSE_NO_TABLE)
    if isinstance(hello, ClientError):
        raise HelloRefusedError(hello, 1008)
    if hello["type"] != "hello":
        raise HelloRefusedError(ClientError("malformed", _("Say hello first.")), 1008)
    seat = hello.get("seat")
    if seat is None:
        return table, None, None
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or not 0 <= seat < len(table.record.seats)
    ):
        raise HelloRefusedError(
            ClientError("auth", _("This seat's token is not valid.")), CLOSE_AUTH
        )
    return table, seat, hello.get("token")


async def holder_of(websocket: WebSocket) -> SeatHolder | None:
    """The player whose identity the socket's cookie holds (``pegboard.web.players``)."""
    secret = players.secret_of(websocket.cookies)
    if secret is None:
        return None
    found = await asyncio.to_thread(websocket.app.state.players.of_secret, secret)
    return None if found is None else SeatHolder(found.id)


async def refuse(websocket: WebSocket, error: ClientError, code: int) -> None:
    websocket.app.state.service.metrics.refused(error.code, rule=error.rule)
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await websocket.send_text(encode(error.to_message()))
        await websocket.close(code)


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    service: TableService = websocket.app.state.service
    limits = service.limits
    if not origin_allowed(websocket, websocket.app.state.allowed_origins):
        await websocket.close(1008)  # before accepting: the handshake is refused (403)
        return
    client = websocket.client.host if websocket.client else "unknown"
    await websocket.accept()
    if not service.clients.open_socket(client):
        _ = translator("en")
        message = _("Too many connections from your address: close some tabs first.")
        await refuse(websocket, ClientError("too_many", message), CLOSE_TOO_MANY)
        return
    try:
        await serve_socket(service, websocket, table_id, limits, client)
    finally:
        service.clients.close_socket(client)


async def serve_socket(
    service: TableService, websocket: WebSocket, table_id: str, limits: Limits, client: str
) -> None:
    try:
        with anyio.fail_after(limits.hello_seconds):
            hello = await receive(websocket, translator("en"), limits.max_json_depth)
    except TimeoutError:
        _ = translator("en")
        late = _("Say hello first.")
        await refuse(websocket, ClientError("malformed", late), 1008)
        return
    if hello is None:
        return
    _ = translator(lang_key(hello.get("lang")) if isinstance(hello, dict) else "en")
    try:
        table, seat, token = await greet(service, table_id, hello, _)
        if (
            seat is not None
            and token is None
            and isinstance(hello, dict)
            and hello.get("player") is True
        ):
            token = await holder_of(websocket)  # the player's identity opens their seat
        updates = isinstance(hello, dict) and hello.get("updates") is True
        connection = SocketConnection(websocket, seat, _.lang, updates, client)
        connection.chat = isinstance(hello, dict) and hello.get("chat") is True
        if seat is None and not service.clients.open_spectator(client):
            watching = _.ngettext(
                "You watch {n} table already: close some tabs first.",
                "You watch {n} tables already: close some tabs first.",
                limits.spectators_per_client,
            ).format(n=limits.spectators_per_client)
            raise HelloRefusedError(ClientError("too_many", watching), CLOSE_TOO_MANY)
        try:
            await service.seats.connect(table, connection, token)
        except ClientError as refused:
            if seat is None:
                service.clients.close_spectator(client)
            code = CLOSE_TOO_MANY if refused.code == "too_many" else CLOSE_AUTH
            raise HelloRefusedError(refused, code) from None
    except HelloRefusedError as refused:
        await refuse(websocket, refused.error, refused.code)
        return
    except (SQLAlchemyError, DatabaseBusyError) as error:
        # The database is out of reach, or too slow: the app's handler of it answers HTTP,
        # which a socket cannot carry, so the client is told here, and may try again later.
        log.error("table %s: a hello could not be answered: %s", table_id[:40], error)
        if is_busy(error):
            problem = ClientError("busy", _("The server is busy: try again in a moment."))
        else:
            unavailable = _("The server cannot reach its database just now: try again shortly.")
            problem = ClientError("unavailable", unavailable)
        await refuse(websocket, problem, CLOSE_TRY_LATER)
        return
    try:
        held = table.record.seats[seat].player_id if seat is not None else None
        if table.record.rated and held is not None:
            # Where a rated seat's player plays from (``pegboard.web.fair_play``): two
            # identities of one person are not rated against each other.
            await service.seats.trace(held, client)
        try:
            if connection.chat:
                await service.chat.welcome(table, connection)
        except SQLAlchemyError:
            # The chat's history is not the table: the reader plays on without it.
            log.exception("table %s: its chat could not be read", table.id)
        # The reader and the writer run until either ends (the client went, or the server
        # closed the connection); anyio's task group keeps the server's cancellation intact.
        async with anyio.create_task_group() as group:

            async def until_done(part: Coroutine[Any, Any, None]) -> None:
                await part
                group.cancel_scope.cancel()

            group.start_soon(until_done, connection.write())
            group.start_soon(until_done, read(service, table, connection, limits))
    finally:
        service.seats.disconnect(table, connection)
        if seat is None:
            service.clients.close_spectator(client)


async def read(
    service: TableService, table: LiveTable, connection: SocketConnection, limits: Limits
) -> None:
    """Answer the client's messages, one at a time, until it goes or the server closes
    the connection (``pegboard.web.refusals``: also when it keeps breaking the limits)."""
    refusals = SocketRefusals(service.metrics, table.id, limits.refusals_rate)
    try:
        await answer_each(service, table, connection, limits, refusals)
    finally:
        refusals.summarize()


async def answer_each(
    service: TableService,
    table: LiveTable,
    connection: SocketConnection,
    limits: Limits,
    refusals: SocketRefusals,
) -> None:
    """``read``'s loop: each message answered, each refusal told and counted."""
    # A spectator that sends nothing, not even the page's pings, for this long is gone
    # (or parked): its room goes to others. A seat's socket has no such limit: its player's
    # presence is the leavers' business (``pegboard.web.leavers``).
    idle = limits.spectator_idle_seconds if connection.seat is None else None
    while not connection.closed:
        _ = translator(connection.lang)
        with anyio.move_on_after(idle) as waiting:
            message = await receive(connection.websocket, _, limits.max_json_depth)
        if waiting.cancelled_caught:
            seconds = round(limits.spectator_idle_seconds)
            silent = _.ngettext(
                "This page sent nothing for {n} second: it stopped watching.",
                "This page sent nothing for {n} seconds: it stopped watching.",
                seconds,
            ).format(n=seconds)
            connection.send(ClientError("idle", silent).to_message())
            connection.close(CLOSE_IDLE)
            break
        if message is None:
            return
        if connection.closed:
            break
        try:
            if not service.clients.messages_rate.allow(connection.id):
                raise ClientError(
                    "too_many", _("Too many messages: slow down, and this one was not read.")
                )
            if isinstance(message, ClientError):
                raise message
            # Shielded: a message once read is answered to its end even if the socket goes
            # meanwhile (the reader is then cancelled). A move cut off between its commit
            # and its bookkeeping would leave the table's copy behind its own log.
            await asyncio.shield(dispatch(service, table, connection, message, _))
        except ClientError as refused:
            if refusals.refused(refused.code, refused.rule):
                closing = _("This connection broke the limits too often: it is closed.")
                connection.send(ClientError("too_many", closing).to_message())
                connection.close(1008)
                break
            connection.send(refused.to_message())
        except Exception:
            # A fault of the server's (the database out of reach): the client is told,
            # the socket stays, and nothing was changed (every change commits first).
            log.exception("table %s: a message could not be answered", table.id)
            connection.send(
                ClientError("server", _("Something went wrong. Try again.")).to_message()
            )
    # Closed by the server (a seat given up, a table dropped): read no more, and let the
    # writer send what is queued, the close last, which ends the connection.
    await anyio.sleep_forever()


def valid_table_id(table_id: str) -> bool:
    """Whether ``table_id`` could be a table's id at all (url-safe, short)."""
    return 0 < len(table_id) <= TABLE_ID_LENGTH and all(
        c.isascii() and (c.isalnum() or c in "-_") for c in table_id
    )


async def dispatch(
    service: TableService,
    table: LiveTable,
    connection: SocketConnection,
    message: dict[str, Any],
    _: Translator,
) -> None:
    kind = message["type"]
    if kind == "ping":
        connection.send({"type": "pong"})
    elif kind == "act":
        action, seq = message.get("action"), message.get("seq")
        if not isinstance(action, str) or not isinstance(seq, int) or isinstance(seq, bool):
            raise ClientError("malformed", _("An act message has an action (text) and a seq."))
        await service.act(table, connection, action, seq)
    elif kind == "hint":
        connection.send(await service.hints.hint(table, connection))
    elif kind == "chances":
        await service.chances.switch(table, connection, message.get("on"), _)
    elif kind == "lang" or kind == "hello":
        # A second hello is a resync: the full state again (in its language, if it says one).
        lang = message.get("lang", connection.lang)
        connection.told = None  # whole, not as an update
        await service.switch_language(table, connection, lang_key(lang))
    elif kind == "chat":
        await service.chat.say(table, connection, message, _)
    elif kind == "takeback":
        await service.takebacks.ask(table, connection)
    elif kind == "takeback_answer":
        await service.takebacks.answer(table, connection, message.get("accept"))
    elif kind == "report":
        await service.chat.report(table, connection, message.get("line"), _)
    elif kind == "again":
        await service.again(table, connection)
    elif kind == "back":
        await service.leavers.come_back(table, connection)
    elif kind == "takeover" or kind == "claim":
        # An away seat (``pegboard.web.leavers``): handed to a bot, or the win claimed.
        seat = message.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ClientError(
                "malformed", _("A {type} message names a seat (a number).").format(type=kind)
            )
        if kind == "claim":
            await service.leavers.claim_win(table, connection, seat)
        else:
            await service.leavers.takeover(table, connection, seat, message.get("level"))
    else:
        raise ClientError("unknown", _("Unknown message type {type!r}.").format(type=kind[:40]))
