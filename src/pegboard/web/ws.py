"""The WebSocket endpoint ``/ws/{table_id}`` (docs/web.md): hello, then act, hint, lang,
again and ping, each answered to this client; states after every accepted action go to all.

Each connection has a queue of outgoing messages and a writer task, so the service only
queues (never waits on a slow client while it holds a table's lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Coroutine
from typing import Any, Final

import anyio
from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from pegboard.cli.i18n import Translator, translator
from pegboard.web.service import ClientError, LiveTable, TableService, lang_key

MAX_MESSAGE: Final = 4096
"""Bytes: a longer message is refused (docs/web.md)."""
QUEUE_LIMIT: Final = 256
"""Messages waiting for a client: one that lets more pile up is too slow and is closed."""
CLOSE_AUTH: Final = 4401
CLOSE_NO_TABLE: Final = 4404


class SocketConnection:
    """One client of a table: its seat, its language and its outgoing queue."""

    def __init__(self, websocket: WebSocket, seat: int | None, lang: str) -> None:
        self.websocket = websocket
        self.seat = seat
        self.lang = lang
        self._queue: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        if self._queue.qsize() >= QUEUE_LIMIT:
            self.close(1008)
            return
        self._queue.put_nowait(message)

    def close(self, code: int) -> None:
        self._queue.put_nowait(code)  # after the messages already queued

    async def write(self) -> None:
        """Send queued messages in order until a close is queued."""
        while True:
            item = await self._queue.get()
            if isinstance(item, int):
                with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                    await self.websocket.close(item)
                return
            await self.websocket.send_text(json.dumps(item, ensure_ascii=False))


async def receive(websocket: WebSocket, _: Translator) -> dict[str, Any] | ClientError | None:
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
    if len(text.encode()) > MAX_MESSAGE:
        return ClientError("too_large", too_large(_))
    try:
        value = json.loads(text)
    except ValueError:
        return ClientError("malformed", _("That message is not JSON."))
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        return ClientError("malformed", _("A message is a JSON object with a type."))
    return value


def too_large(_: Translator) -> str:
    return _("That message is too large: at most {n} bytes.").format(n=MAX_MESSAGE)


class HelloRefusedError(Exception):
    """A hello that is turned away: the error to send, then the close code."""

    def __init__(self, error: ClientError, code: int) -> None:
        super().__init__(error.message)
        self.error = error
        self.code = code


async def greet(
    service: TableService, table_id: str, hello: dict[str, Any] | ClientError, _: Translator
) -> tuple[LiveTable, int | None]:
    """The table and seat (None: spectator) a hello opens; ``HelloRefusedError`` otherwise."""
    table = await service.get(table_id)
    if table is None:
        no_table = _("There is no table {table}.").format(table=table_id)
        raise HelloRefusedError(ClientError("no_table", no_table), CLOSE_NO_TABLE)
    if isinstance(hello, ClientError):
        raise HelloRefusedError(hello, 1008)
    if hello["type"] != "hello":
        raise HelloRefusedError(ClientError("malformed", _("Say hello first.")), 1008)
    seat = hello.get("seat")
    if seat is None:
        return table, None
    info = service.check_token(table, seat, hello.get("token"))
    if info is None:
        raise HelloRefusedError(
            ClientError("auth", _("This seat's token is not valid.")), CLOSE_AUTH
        )
    return table, info.seat


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    service: TableService = websocket.app.state.service
    await websocket.accept()
    hello = await receive(websocket, translator("en"))
    if hello is None:
        return
    _ = translator(lang_key(hello.get("lang")) if isinstance(hello, dict) else "en")
    try:
        table, seat = await greet(service, table_id, hello, _)
    except HelloRefusedError as refused:
        await websocket.send_text(json.dumps(refused.error.to_message(), ensure_ascii=False))
        await websocket.close(refused.code)
        return
    connection = SocketConnection(websocket, seat, _.lang)
    try:
        await service.connect(table, connection)
        # The reader and the writer run until either ends (the client went, or the server
        # closed the connection); anyio's task group keeps the server's cancellation intact.
        async with anyio.create_task_group() as group:

            async def until_done(part: Coroutine[Any, Any, None]) -> None:
                await part
                group.cancel_scope.cancel()

            group.start_soon(until_done, connection.write())
            group.start_soon(until_done, read(service, table, connection))
    finally:
        service.disconnect(table, connection)


async def read(service: TableService, table: LiveTable, connection: SocketConnection) -> None:
    """Answer the client's messages, one at a time, until it goes."""
    while True:
        _ = translator(connection.lang)
        message = await receive(connection.websocket, _)
        if message is None:
            return
        try:
            if isinstance(message, ClientError):
                raise message
            await dispatch(service, table, connection, message, _)
        except ClientError as refused:
            connection.send(refused.to_message())


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
        connection.send(await service.hint(table, connection))
    elif kind == "lang" or kind == "hello":
        # A second hello is a resync: the full state again (in its language, if it says one).
        lang = message.get("lang", connection.lang)
        await service.switch_language(table, connection, lang_key(lang))
    elif kind == "again":
        await service.again(table, connection)
    else:
        raise ClientError("unknown", _("Unknown message type {type!r}.").format(type=kind[:40]))
