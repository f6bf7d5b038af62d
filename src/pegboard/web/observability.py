"""What an operator watches: ``GET /healthz``, ``GET /metrics`` and the refusals' log lines.

``/healthz`` answers 200 when the database takes a write (``pegboard.web.health``: a full
or read-only disk fails it too), 503 when it does not (for a load balancer or an
orchestrator to take the process out of rotation). ``/metrics`` is the
Prometheus text format (``prometheus-client``), one registry per app so that two apps in one
process (tests) count apart: live tables and connections, moves, how long a move's commit
and its broadcast take, how long bots think, and refusals by kind (a WebSocket error's
``code``, or ``http_<status>`` for a refused request). Every label's values are the
server's own words, never a client's, so a client cannot grow the series without bound.

Each refusal is also one log line, ``refused``, with its kind, table and rule: never its
message (which may name the refused player's own tiles or cards), a token or a hand.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pegboard.web.health import WriteCheck

log = logging.getLogger(__name__)

# Finer below 100 ms, where the goal's 50 ms lies, than prometheus-client's default buckets.
# fmt: off
LATENCY_BUCKETS: Final = (
    0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.035, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5
)
# fmt: on
"""Seconds: a commit or a broadcast (the goal is a p99 under 50 ms)."""
THINK_BUCKETS: Final = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0)
"""Seconds: a bot's move (the goal is a median under 0.5 s, a p95 under 2 s)."""

GC_PAUSE_SECONDS: Final = Histogram(
    "pegboard_gc_pause_seconds",
    "Seconds the cyclic garbage collector held the process, by generation collected.",
    ["generation"],
    buckets=LATENCY_BUCKETS,
    registry=None,
)
"""The process's, not one app's (the collector is the process's): every app's registry
shows it; it counts once ``time_gc_pauses`` has run (``pegboard serve`` does)."""

CONNECTIONS_CLOSED: Final = Counter(
    "pegboard_connections_closed",
    "Connections the server closed before its app read a request, by reason: "
    "header_timeout, body_timeout, headers_too_large, client_connections, server_full.",
    ["reason"],
    registry=None,
)
"""The process's (``pegboard.web.front_door`` counts, below the app): every app's registry
shows it. Its reasons are the server's own words."""


class _GcTimer:
    """A ``gc.callbacks`` entry: each collection's time, by generation. A pause of the
    collector stops the event loop as a long turn does, so a tail of the moves' latency
    that is the collector's shows here."""

    def __init__(self) -> None:
        self.started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            elapsed = time.perf_counter() - self.started
            GC_PAUSE_SECONDS.labels(generation=str(info["generation"])).observe(elapsed)


def time_gc_pauses() -> None:
    """Count the collector's pauses in ``GC_PAUSE_SECONDS`` (once per process)."""
    if not any(isinstance(callback, _GcTimer) for callback in gc.callbacks):
        gc.callbacks.append(_GcTimer())


class Metrics:
    """The counters of one server (one app); ``watch`` tells it how to count the live
    tables and connections when it is read."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.moves = Counter("pegboard_moves", "Moves applied and committed.", registry=r)
        self.refusals = Counter(
            "pegboard_refusals",
            "Requests and messages refused, by kind (a WebSocket code or http_<status>).",
            ["kind"],
            registry=r,
        )
        self.commit_seconds = Histogram(
            "pegboard_commit_seconds",
            "Seconds to commit a move to the log.",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.broadcast_seconds = Histogram(
            "pegboard_broadcast_seconds",
            "Seconds to make and queue every connection's state of a table.",
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.bot_think_seconds = Histogram(
            "pegboard_bot_think_seconds",
            "Seconds a bot's move took to think (in the pool).",
            buckets=THINK_BUCKETS,
            registry=r,
        )
        r.register(GC_PAUSE_SECONDS)
        r.register(CONNECTIONS_CLOSED)
        self.live_tables = Gauge(
            "pegboard_live_tables", "Tables held in this process's memory.", registry=r
        )
        self.connections = Gauge(
            "pegboard_connections", "WebSocket connections open to tables.", registry=r
        )

    def watch(self, tables: Callable[[], int], connections: Callable[[], int]) -> None:
        self.live_tables.set_function(tables)
        self.connections.set_function(connections)

    def refused(
        self, kind: str, *, table: str | None = None, rule: str | None = None, logged: bool = True
    ) -> None:
        """Count one refusal and log it (its kind, table and rule: nothing of its text);
        ``logged`` False: counted only (a socket's refusals are logged by
        ``pegboard.web.refusals``, which sums up a flood)."""
        self.refusals.labels(kind=kind).inc()
        if logged:
            log.info("refused", extra={"kind": kind, "table": table, "rule": rule})


class RefusalCount:
    """ASGI middleware: every HTTP answer of 400 or more counted as ``http_<status>``
    (the refusals of every route and of the other middlewares alike)."""

    def __init__(self, app: ASGIApp, metrics: Callable[[], Metrics | None]) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                metrics = self.metrics()
                if metrics is not None:
                    metrics.refused(f"http_{message['status']}")
            await send(message)

        await self.app(scope, receive, counted)


router = APIRouter()


def metrics_of(request: Request) -> Metrics:
    metrics: Metrics = request.app.state.service.metrics
    return metrics


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request) -> Response:
    """200 when the database takes a write now (``pegboard.web.health``), else 503; never
    more than that."""
    state = request.app.state
    if getattr(state, "write_check", None) is None:
        state.write_check = WriteCheck()
    try:
        await state.write_check.check(state.service.store.engine)
    except Exception as error:  # out of reach, full, read-only: whatever the driver says
        reason = str(error).strip().splitlines()[0][:200] if str(error).strip() else ""
        log.warning("healthz: the database takes no write: %s %s", type(error).__name__, reason)
        return JSONResponse({"status": "unavailable", "database": False}, status_code=503)
    return JSONResponse({"status": "ok", "database": True})


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    return Response(generate_latest(metrics_of(request).registry), media_type=CONTENT_TYPE_LATEST)


class JsonLines(logging.Formatter):
    """``--log-format json``: one JSON object per line: time, level, logger, message, the
    exception's traceback if any, and the fields a call gave in ``extra`` (such as a
    refusal's kind, table and rule)."""

    STANDARD: Final = frozenset(vars(logging.makeLogRecord({})))

    def format(self, record: logging.LogRecord) -> str:
        import json

        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in self.STANDARD and key not in line and key != "message":
                plain = value is None or isinstance(value, str | int | float | bool)
                line[key] = value if plain else str(value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)
