"""ASGI middleware between the network and the app: request bodies bounded before they are
read, the REST API's rate per address, and the security headers of every response.

Plain ASGI (not Starlette's ``BaseHTTPMiddleware``) so that a body is counted as it
arrives, chunk by chunk, and refused at the first byte past the limit: a client that
announces no length, or a false one, still cannot make the server hold more.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pegboard.i18n import translator
from pegboard.web.limits import RateCounter
from pegboard.web.rules import shell
from pegboard.web.rules.page import element
from pegboard.web.tables import lang_key
from pegboard.web.wire import ascii_number

CSP: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""No script but the site's own files (no inline script, no eval); styles may be inline
because the boards are SVG drawn with a ``<style>`` of their own; no framing (clickjacking)."""

HEADERS: Final[Sequence[tuple[bytes, bytes]]] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


def client_address(scope: Scope) -> str:
    """The client's address as the server sees it (uvicorn puts a trusted proxy's
    forwarded address here when told to trust it, see ``pegboard serve --proxy``)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def own_origin(origin: str, host: str, allowed: Sequence[str]) -> bool:
    """Whether a browser's ``Origin`` is a page of this site: it names the ``host`` the
    request was made to, or is one of the ``allowed`` origins (a site behind a proxy that
    rewrites Host). ``null`` (an opaque origin: a sandboxed frame, a file) is none."""
    if origin in allowed:
        return True
    return bool(host) and urlsplit(origin).netloc.lower() == host.lower()


def scope_lang(scope: Scope) -> str:
    """The language a request asks for: ``?lang=``, else its first Accept-Language."""
    query = scope.get("query_string", b"").decode("latin-1")
    for part in query.split("&"):
        name, _sep, value = part.partition("=")
        if name == "lang" and value:
            return lang_key(value)
    accepted = Headers(scope=scope).get("accept-language", "")
    first = accepted.split(",")[0].split(";")[0].strip()
    return lang_key(first) if first else "en"


async def send_error(
    send: Send, status: int, message: str, headers: Sequence[tuple[bytes, bytes]] = ()
) -> None:
    """A JSON ``{"error": message}`` response (the API's error format, docs/web.md)."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyTooLargeError(Exception):
    """Raised into the app when a body grows past the limit while it is read."""


class BodyLimit:
    """Refuse (413) a request whose body is or becomes longer than ``max_bytes``; a path
    for which ``wider`` gives a larger figure (the rules pages' form of a correction, whose
    text a browser form-encodes at up to 9 bytes a character) may have that much."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        wider: Callable[[Scope], int | None] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.wider = wider

    def limit_of(self, scope: Scope) -> int:
        larger = self.wider(scope) if self.wider is not None else None
        return self.max_bytes if larger is None else max(self.max_bytes, larger)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_of(scope)
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            length = ascii_number(declared, limit + 1)
            if length is None:
                _ = translator(scope_lang(scope))
                message = _("A request's Content-Length is a number of bytes.")
                await send_error(send, 400, message, [(b"connection", b"close")])
                return
            if length > limit:
                await self._refuse(scope, send, limit)
                return
        seen = 0
        started = False

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLargeError
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except BodyTooLargeError:
            if started:
                raise
            await self._refuse(scope, send, limit)

    async def _refuse(self, scope: Scope, send: Send, limit: int) -> None:
        _ = translator(scope_lang(scope))
        message = _("A request's body is at most {n} bytes.").format(n=limit)
        await send_error(send, 413, message, [(b"connection", b"close")])


class RequestRate:
    """At most ``rate`` REST requests (``/api/...``) per client address; more get 429."""

    def __init__(self, app: ASGIApp, rate: str) -> None:
        self.app = app
        self.counter = RateCounter(rate, "request")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            address = client_address(scope)
            if not self.counter.allow(address):
                await too_many(scope, send, self.counter.retry_after(address))
                return
        await self.app(scope, receive, send)


async def too_many(scope: Scope, send: Send, retry_after: int) -> None:
    await send_error(
        send,
        429,
        too_many_message(scope, retry_after),
        [(b"retry-after", str(retry_after).encode())],
    )


def too_many_message(scope: Scope, retry_after: int) -> str:
    _ = translator(scope_lang(scope))
    return _.ngettext(
        "Too many requests: try again in {n} second.",
        "Too many requests: try again in {n} seconds.",
        retry_after,
    ).format(n=retry_after)


def is_page(path: str) -> bool:
    """Whether ``path`` is one of the pages that read the database for anyone: a replay,
    a player, a leaderboard, the rules."""
    return path.startswith(("/m/", "/p/", "/leaderboard/", "/rules/")) or path == "/rules"


class PageRate:
    """At most ``rate`` page reads (``GET`` or ``HEAD`` of ``is_page``) per client address;
    more get a 429 page, in the asker's language. Their posts (the rules pages' form) have
    a rate of their own."""

    def __init__(self, app: ASGIApp, rate: str) -> None:
        self.app = app
        self.counter = RateCounter(rate, "page")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] in ("GET", "HEAD")
            and is_page(scope["path"])
        ):
            address = client_address(scope)
            if not self.counter.allow(address):
                await self._refuse(scope, send, self.counter.retry_after(address))
                return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, send: Send, retry_after: int) -> None:
        lang = scope_lang(scope)
        message = too_many_message(scope, retry_after)
        body = shell(lang, message, element("h1", message), path=scope["path"][:64]).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 429,
                "headers": [
                    (b"content-type", b"text/html; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(retry_after).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Every HTTP response carries ``HEADERS`` (a response that sets one keeps its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _value in message.get("headers", [])}
                extra = [(name, value) for name, value in HEADERS if name not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)
