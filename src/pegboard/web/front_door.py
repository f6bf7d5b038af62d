"""The front door: what one connection may hold of the server before the app reads a request.

``pegboard serve`` may face the internet with no proxy in front (``--host 0.0.0.0``), so the
HTTP server itself bounds what a client can make it keep (issue 33, docs/web.md "Limits"):

- **Headers** (``--max-header-bytes``): a request line and headers longer than the limit
  are answered ``431`` and the connection closed, whether they are complete or still coming.
  Before, httptools kept every byte of an unfinished header (64 MB per socket grew the
  server by 64 MB), and joined its pieces by copying them again and again.
- **Time** (``--header-seconds``): a connection that has not sent a whole request line and
  headers within that time of opening (or of its next request's first byte) is closed; so
  is one whose body, once its headers are in, takes as long again. A half-sent request was
  held for ever: 1,100 of them made every other request fail.
- **Connections per address** (``--connections-per-client``): one address (an IPv6
  client's /64) holds at most that many connections, WebSockets included; the next is
  closed at once. A trusted proxy (``--proxy``) is never counted, since every client
  comes through it.

Each closing counts in ``pegboard_connections_closed_total{reason}`` (``/metrics``), never a
log line: an attack would otherwise write the log as fast as it connects.

Why uvicorn with a protocol of ours rather than another server. uvicorn's ``Config(http=...)``
takes a protocol class (here a ``FrontDoor``, which makes one per connection); this one is
its httptools protocol with the bounds added. Measured on this project's machine (a bare
ASGI app, keep-alive GETs, server CPU per request): httptools 71-85 us, uvicorn's pure-Python
h11 206-243 us, so h11 would cost about 140 us more on every request (a quarter of a
``/api/games``). h11 does bound the headers (``h11_max_incomplete_event_size``, 16 KiB, a
400) but has no header timeout either: a half-sent request stayed open as long (20 s
measured, and for ever by its code). Hypercorn's ``read_timeout`` restarts at every byte
(a trickle holds it for ever) and it parses with h11; granian has a header timeout (30 s)
and a buffer bound, but it replaces the server, its WebSockets (``ws_max_size`` and the
rest) and the proxy headers, a new compiled dependency. Neither caps connections per
address, which needs a protocol of one's own anyway. uvicorn's ``limit_concurrency`` is not
used: it answers 503 to everyone once the server holds that many connections, which is
what an attacker wants; nor is ``backlog`` changed (the kernel's queue of connections not
yet accepted, not the ones held).

The process may open as many files as its hard limit allows (``raise_open_files_limit``):
each connection is a descriptor, and the usual soft limit of 1,024 is reached by one
attacker long before memory or CPU is.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import resource
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

import httptools
from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from pegboard.i18n import translator
from pegboard.web.guards import HEADERS, scope_lang
from pegboard.web.observability import CONNECTIONS_CLOSED

HEADER_LINE_BYTES: Final = 4
"""What a header line adds to its name and value: ``": "`` and the line's end."""


@dataclass(frozen=True, slots=True)
class DoorRules:
    """The bounds of the front door (``pegboard serve``'s options of the same names)."""

    max_header_bytes: int
    header_seconds: float
    connections_per_client: int
    proxies: tuple[str, ...] = ()
    """Trusted proxies' addresses or networks (``--proxy``), or ``"*"``: never counted."""


@dataclass
class FrontDoor:
    """uvicorn's ``http=`` protocol factory: each connection's ``GuardedHttpProtocol``,
    all sharing the counts of this process's connections (with ``--workers N``, each
    worker counts its own). Picklable, so that uvicorn can hand it to its workers."""

    rules: DoorRules
    open_of: Counter[str] = field(default_factory=Counter)
    """Open connections by client key (``client_key``)."""
    open_total: int = 0
    """Open connections, WebSockets and trusted proxies' included."""
    waiting: dict[GuardedHttpProtocol, None] = field(default_factory=dict)
    """The connections awaiting a request's headers, the longest waiting first."""
    budget: int | None = None
    """Connections this process may hold (``connection_budget``), once first asked."""

    def __post_init__(self) -> None:
        self._trust_all = "*" in self.rules.proxies
        self._trusted: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self._literals: set[str] = set()
        for proxy in self.rules.proxies:
            try:
                self._trusted.append(ipaddress.ip_network(proxy, strict=False))
            except ValueError:
                self._literals.add(proxy)

    def __call__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> GuardedHttpProtocol:
        return GuardedHttpProtocol(config, server_state, app_state, _loop, door=self)

    def client_key(self, address: str) -> str | None:
        """What a connection from ``address`` counts against: the address itself (an
        IPv6 one's /64, which one client holds whole), or None for a trusted proxy."""
        if self._trust_all or address in self._literals:
            return None
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return address
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        if any(ip in network for network in self._trusted):
            return None
        if isinstance(ip, ipaddress.IPv6Address):
            return str(ipaddress.IPv6Network((ip, 64), strict=False))
        return str(ip)

    def enter(self, key: str | None) -> bool:
        """Count one more connection (of ``key``, unless None): False when that is one too
        many for ``key`` (it is counted all the same, and ``leave`` takes it back)."""
        self.open_total += 1
        if key is None:
            return True
        self.open_of[key] += 1
        return self.open_of[key] <= self.rules.connections_per_client

    def leave(self, key: str | None) -> None:
        self.open_total -= 1
        if key is not None:
            self.open_of[key] -= 1
            if self.open_of[key] <= 0:
                del self.open_of[key]

    def full(self) -> bool:
        """Whether this process holds as many connections as its descriptors allow."""
        if self.budget is None:
            self.budget = connection_budget()
        return self.open_total > self.budget

    def longest_waiting(self) -> GuardedHttpProtocol | None:
        return next(iter(self.waiting), None)


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, bounded by a ``FrontDoor``'s rules (module docstring).

    It follows the parser's callbacks: the headers' deadline is armed when the connection
    opens, and when a later request's first bytes leave its headers unfinished; it is
    disarmed when they are complete. The body's is armed when a piece leaves the body being
    read unfinished, and disarmed when the request is complete. Neither outlives a
    connection that becomes a WebSocket."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
        *,
        door: FrontDoor,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.door = door
        self.rules = door.rules
        self.deadline: asyncio.TimerHandle | None = None
        self.awaiting_headers = True
        """Between a request's end (or the connection's start) and the next one's headers'."""
        self.header_bytes = 0
        """Bytes received while ``awaiting_headers``, since it began."""
        self.refused = False
        self.upgraded = False
        self.counted = False
        self.counted_as: str | None = None

    # -- the connection ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.counted_as = self.door.client_key(self.client[0]) if self.client else None
        self.counted = True
        if not self.door.enter(self.counted_as):
            self._close("client_connections")
            return
        if self.door.full():
            # Room is made by closing the connection that has waited longest for its
            # headers (a person's arrive in milliseconds); with none, this one goes.
            victim = self.door.longest_waiting()
            (victim or self)._close("server_full")
            if victim is None:
                return
        self._arm("header_timeout")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self.awaiting_headers:
            self.header_bytes += len(data)
        super().data_received(data)
        if self.refused or self.upgraded or self.transport.is_closing():
            return
        # Deadlines are armed only for what this piece left unfinished: a request that
        # comes whole, as most do, costs no timer.
        if self.awaiting_headers:
            if self.header_bytes > self.rules.max_header_bytes:
                self._refuse_headers()  # httptools holds every byte of unfinished headers
            elif self.header_bytes and self.deadline is None:
                self._arm("header_timeout")  # a later request, begun on a kept-alive one
        elif self.deadline is None and not self.pipeline and self.cycle.more_body:
            # A request queued behind another is not read until its turn (uvicorn pauses
            # reading): only the body being read is timed.
            self._arm("body_timeout")

    def handle_websocket_upgrade(self) -> None:
        if self.refused:
            return
        self._disarm()
        self.upgraded = True
        super().handle_websocket_upgrade()
        # The transport now speaks to the WebSocket's protocol, which alone will hear that
        # it closed: it gives the connection's place back.
        socket_protocol = self.transport.get_protocol()
        if self.counted and socket_protocol is not self:
            self.counted = False
            door, key = self.door, self.counted_as
            lost: Callable[[Exception | None], None] = socket_protocol.connection_lost

            def released(exc: Exception | None) -> None:
                door.leave(key)
                lost(exc)

            socket_protocol.connection_lost = released  # type: ignore[method-assign]

    # -- the parser's callbacks ----------------------------------------------------------

    def on_message_begin(self) -> None:
        if not self.refused:
            super().on_message_begin()

    def on_headers_complete(self) -> None:
        if self.refused:
            return
        size = len(self.url) + sum(
            len(name) + len(value) + HEADER_LINE_BYTES for name, value in self.headers
        )
        if size > self.rules.max_header_bytes:
            self._refuse_headers()
            return
        self.awaiting_headers = False
        self._disarm()
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        if not self.refused:
            super().on_body(body)

    def on_message_complete(self) -> None:
        if self.refused:
            return
        super().on_message_complete()
        self._disarm()
        self.awaiting_headers = True
        self.header_bytes = 0

    # -- bounds --------------------------------------------------------------------------

    def _arm(self, reason: str) -> None:
        self._disarm()
        self.deadline = self.loop.call_later(self.rules.header_seconds, self._expired, reason)
        if reason == "header_timeout":
            self.door.waiting[self] = None

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None
            self.door.waiting.pop(self, None)

    def _expired(self, reason: str) -> None:
        self.deadline = None
        if not self.transport.is_closing():
            self._close(reason)

    def _close(self, reason: str) -> None:
        CONNECTIONS_CLOSED.labels(reason=reason).inc()
        self.refused = True
        self._disarm()
        self.transport.close()

    def _release(self) -> None:
        if self.counted:
            self.door.leave(self.counted_as)
            self.counted = False

    def _refuse_headers(self) -> None:
        """431 in the API's error format (in the language of whatever part of the headers
        came), then close: nothing more of this connection is read."""
        query = b""
        with contextlib.suppress(httptools.HttpParserInvalidURLError):  # a partial line
            query = httptools.parse_url(getattr(self, "url", b"")).query or b""
        _ = translator(scope_lang({"query_string": query, "headers": self.headers or []}))
        message = _("A request's line and headers are at most {n} bytes.").format(
            n=self.rules.max_header_bytes
        )
        body = json.dumps({"error": message}, ensure_ascii=False).encode()
        head = [
            b"HTTP/1.1 431 Request Header Fields Too Large",
            b"content-type: application/json",
            b"content-length: " + str(len(body)).encode(),
            b"connection: close",
            *(name + b": " + value for name, value in HEADERS),
        ]
        self.transport.write(b"\r\n".join(head) + b"\r\n\r\n" + body)
        self._close("headers_too_large")


RESERVED_FILES: Final = 128
"""Descriptors kept from connections for the rest of the process: the database's
connections (SQLite's files, PostgreSQL's sockets), the bots' pool's pipes, the log."""


def connection_budget() -> int:
    """Connections the process may hold: its open files' limit but ``RESERVED_FILES``
    (half the limit, if that is less). Past it, ``accept`` would fail for everyone,
    and the database could open no file."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = OPEN_FILES_CEILING
    return max(soft - RESERVED_FILES, soft // 2)


OPEN_FILES_CEILING: Final = 1 << 20
"""The soft limit asked for when the hard one is unlimited (Linux refuses more than its
``nr_open``, 1,048,576 by default)."""


def raise_open_files_limit() -> int:
    """Let the process open as many files (connections among them) as its hard limit
    allows; the limit in force after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = OPEN_FILES_CEILING if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            return soft
        return wanted
    return soft
