"""``create_app(db_url)``: the web app (FastAPI): REST lobby, WebSocket, page and files.

The schema is upgraded (Alembic) when the app starts; the app then serves at once, while the
tables whose bots may have to move are rebuilt from their logs in the background so that
their bots go on.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import gc
import itertools
import json
import logging
import math
import os
import secrets
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp

from pegboard.i18n import translator
from pegboard.web import (
    corrections,
    daily,
    daily_pages,
    digests,
    leaderboard,
    lobby,
    notices,
    observability,
    pairing,
    play_on,
    player_page,
    players,
    ratings,
    replay_positions,
    replays,
    reports,
    rules,
    turns,
    vacations,
    ws,
)
from pegboard.web.analyses import Analyses
from pegboard.web.bot_pool import BotPool, default_workers
from pegboard.web.db import DATABASE_THREADS, make_engine, upgrade
from pegboard.web.digests import NO_MAIL, MailSettings
from pegboard.web.guards import BodyLimit, PageRate, RequestRate, SecurityHeaders, scope_lang
from pegboard.web.leavers import GRACE_SECONDS
from pegboard.web.limits import DEFAULT, Limits
from pegboard.web.notices import NO_PUSH, PushSettings
from pegboard.web.observability import time_gc_pauses
from pegboard.web.records import DatabaseBusyError, is_busy
from pegboard.web.report_labels import LabelCache
from pegboard.web.service import TableService
from pegboard.web.static_files import GAMES, STATIC, GameFiles
from pegboard.web.store import Store

SWEEP_SECONDS: Final = 60.0
log = logging.getLogger(__name__)


async def invalid_request(request: Request, error: Exception) -> Response:
    """A path or query the routes cannot read (``/seats/x/join``): the API's own error
    format, translated, not FastAPI's list of validation details."""
    _ = translator(scope_lang(request.scope))
    return JSONResponse({"error": _("That request is not valid here.")}, status_code=422)


async def http_refusal(request: Request, error: Exception) -> Response:
    """Starlette's own refusals (a method a path does not have: 405; a path there is not:
    404) in the API's format, translated; the page routes' files are not affected."""
    assert isinstance(error, StarletteHTTPException)
    _ = translator(scope_lang(request.scope))
    if error.status_code == 405:
        message = _("That request is not valid here.")
    elif error.status_code == 404:
        message = _("There is nothing at this address.")
    else:
        message = _("Something went wrong. Try again.")
    return JSONResponse(
        {"error": message}, status_code=error.status_code, headers=getattr(error, "headers", None)
    )


async def database_fault(request: Request, error: Exception) -> Response:
    """The database failed (out of reach, a constraint): nothing was changed, and the
    client is told so in its language, with 503 rather than a bare 500; too slow
    (``--db-timeout``): that the server is busy, and when to try again."""
    _ = translator(scope_lang(request.scope))
    if is_busy(error):
        log.warning("database too slow on %s: %s", request.url.path, error)
        retry = str(max(1, math.ceil(getattr(request.app.state, "db_timeout", 1.0))))
        return JSONResponse(
            {"error": _("The server is busy: try again in a moment.")},
            status_code=503,
            headers={"Retry-After": retry},
        )
    log.error("database error on %s: %s", request.url.path, error)
    return JSONResponse({"error": _("Something went wrong. Try again.")}, status_code=503)


async def server_fault(request: Request, error: Exception) -> Response:
    """A fault of the server's that no route handled (a bug): the API's error format,
    translated, rather than Starlette's bare text; Starlette logs the traceback."""
    _ = translator(scope_lang(request.scope))
    return JSONResponse({"error": _("Something went wrong. Try again.")}, status_code=500)


class PegboardApp(FastAPI):
    """FastAPI with the security headers and the refusals' count outside everything else.

    Starlette answers an exception no route handled from its outermost middleware
    (``ServerErrorMiddleware``), which sits outside every middleware ``add_middleware``
    adds: a 500 made there would bypass them, so these two wrap the whole stack."""

    def build_middleware_stack(self) -> ASGIApp:
        counted = observability.RefusalCount(
            super().build_middleware_stack(),
            metrics=lambda: getattr(getattr(self.state, "service", None), "metrics", None),
        )
        return SecurityHeaders(counted)


async def sweep(service: TableService, idle_seconds: float) -> None:
    """Forget idle tables now and then, so a long-running server's memory holds only the
    tables in use (a forgotten table is rebuilt from its log when it is next opened); and
    wake the correspondence tables whose clocks run out within the hour, mail the day's
    digests and forget the notices of old moves."""
    while True:
        try:  # from the start too: a correspondence table due soon is not resumed at once
            await service.clocks.wake_due()
        except Exception:  # the database away a moment: the next sweep tries again
            log.exception("the correspondence tables due soon were not woken")
        try:
            await service.digests.send_due()
            await asyncio.to_thread(
                notices.prune, service.store, datetime.now(UTC) - notices.NOTICES_KEPT
            )
        except Exception:
            log.exception("the day's digests were not decided")
        await asyncio.sleep(min(SWEEP_SECONDS, idle_seconds))
        service.evict_idle(idle_seconds)


SETTINGS_ENV: Final = "PEGBOARD_SERVE_SETTINGS"
"""The environment variable by which ``pegboard serve --workers N`` hands its settings
to each worker process (``app_from_environment``)."""


@dataclass(frozen=True)
class AppSettings:
    """What ``pegboard serve`` gives ``create_app``, as JSON for the worker processes."""

    db_url: str
    bot_delay: float = 0.5
    bot_workers: int | None = None
    limits: Limits = DEFAULT
    docs: bool = False
    allowed_origins: tuple[str, ...] = ()
    grace: float = GRACE_SECONDS
    analysis_budget: int | None = None
    """The budget per search of the matches' reports (None: the analysing bot's own)."""
    push: PushSettings = NO_PUSH
    mail: MailSettings = NO_MAIL
    seed: int | None = None
    """The first match's seed, the next ones counting on from it (``--seed``: the same deals
    each time, for screenshots); None: a secret random seed for each match."""

    def options(self) -> dict[str, Any]:
        """``create_app``'s options, all but the database's URL."""
        return {
            "bot_delay": self.bot_delay,
            "bot_workers": self.bot_workers,
            "limits": self.limits,
            "docs": self.docs,
            "allowed_origins": self.allowed_origins,
            "grace": self.grace,
            "analysis_budget": self.analysis_budget,
            "push": self.push,
            "mail": self.mail,
            "seed_source": None if self.seed is None else itertools.count(self.seed).__next__,
        }

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> AppSettings:
        data = json.loads(text)
        data["limits"] = Limits(**data["limits"])
        data["allowed_origins"] = tuple(data["allowed_origins"])
        data["push"] = PushSettings(data["push"]["contact"], tuple(data["push"]["services"]))
        data["mail"] = MailSettings(**data["mail"])
        return cls(**data)


SWITCH_INTERVAL: Final = 0.001
"""Seconds a thread may hold the GIL while another waits for it, in a server's process."""


GC_THRESHOLDS: Final = (50_000, 10, 10)
"""The collector's thresholds in a server's process (``gc.set_threshold``): a young pass
after 50,000 new objects (CPython's default: 700). A move makes thousands of short-lived
objects (its views, its messages), and at 700 a young pass came every few moves: it went
through them while they were still in use and promoted them to the older generations, whose
passes then went through them again, and the promoted objects brought on the full passes
(each a stop of the loop for 0.2-0.4 s on a busy server's heap). Measured in
``python -m benchmarks web --tables 300`` (SQLite, 340-540 moves/s, 2 runs each, the
default and these alternated): the collector's time went from 116-136 to 11-15 ms a second,
its full passes from 3-5 to none in 20 s, and the server's CPU a move fell by a tenth."""


def prepare_server_process() -> None:
    """Settings of a process whose work is the server (``pegboard serve``), not of the app.

    The event loop shares the GIL with helper threads: the database's (``asyncio.to_thread``)
    and the bots' pool's (its feeder and manager threads pickle the requests). Each time the
    loop leaves the GIL for a C call it waits, to get it back, up to the switch interval
    (5 ms by default) for each thread that took it meanwhile: the stalls of the slowest
    moves. Measured in ``python -m benchmarks web`` (SQLite, about 310 moves/s): the p99 of
    a move went from 95-130 ms to 32-65 ms at 1 ms, for the same CPU per move.

    ``gc.freeze``: what the process made to start (modules, the app, the catalogs) lives as
    long as it does; frozen, the collector's full passes, which stop the loop, do not go
    through it again and again. ``GC_THRESHOLDS``: the collector's young passes less often."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    time_gc_pauses()


def app_from_environment() -> FastAPI:
    """The app of one of ``pegboard serve --workers N``'s processes."""
    settings = AppSettings.from_json(os.environ[SETTINGS_ENV])
    app = create_app(settings.db_url, **settings.options())
    prepare_server_process()
    return app


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.5,
    seed_source: Callable[[], int] | None = None,
    idle_seconds: float = 900.0,
    limits: Limits = DEFAULT,
    docs: bool = False,
    allowed_origins: Sequence[str] = (),
    bot_workers: int | None = None,
    grace: float = GRACE_SECONDS,
    analysis_budget: int | None = None,
    push: PushSettings = NO_PUSH,
    mail: MailSettings = NO_MAIL,
) -> FastAPI:
    """The app on the database at ``db_url``; ``bot_delay`` seconds pass before each bot
    move (0 in tests); ``seed_source`` gives each new match its seed (secrets by default);
    a table left alone for ``idle_seconds`` leaves memory until it is opened again;
    ``limits`` bound what one client may ask (docs/web.md, "Limits"); ``docs`` serves
    ``/docs`` and ``/openapi.json``; ``allowed_origins`` are the pages besides the
    server's own host that may open its WebSockets (a site behind a proxy); bots and
    hints think in ``bot_workers`` processes (None: one per CPU but one; 0: in threads of
    the server's process); an away player has ``grace`` seconds before the others may hand
    their seat to a bot or claim the win (``pegboard.web.leavers``); the finished matches'
    reports search each decision with ``analysis_budget`` (None: the analysing bot's own
    budget; small in tests); ``push`` and ``mail`` say whether and how the site notifies
    players of their correspondence tables (``pegboard.web.notices``, ``digests``)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        loop.set_default_executor(ThreadPoolExecutor(DATABASE_THREADS, "pegboard-db"))
        engine = make_engine(db_url, limits.db_timeout)
        await asyncio.to_thread(upgrade, engine)
        store = Store(engine, limits.db_timeout)
        await asyncio.to_thread(store.address_key)  # read now, not on the loop at first use
        service = TableService(
            store,
            bot_delay=bot_delay,
            seed_source=seed_source or (lambda: secrets.randbits(63)),
            limits=limits,
            pool=BotPool(default_workers() if bot_workers is None else bot_workers),
            grace=grace,
            push_settings=push,
            mail_settings=mail,
        )
        app.state.service = service
        app.state.players = players.Players(service.store)
        app.state.pairing = pairing.Pairing()
        app.state.analyses = Analyses(service.store, service.pool, limits, analysis_budget)
        service.sync.listen()  # on PostgreSQL: the other processes' moves reach this one's clients
        # Matches whose end was committed but not rated (the server stopped in between).
        await asyncio.to_thread(
            functools.partial(ratings.rate_pending, shared_addresses=limits.rated_shared_addresses),
            service.store,
        )
        service.bots.start_resume()  # in the background: the app serves at once
        sweeper = asyncio.get_running_loop().create_task(sweep(service, idle_seconds))
        try:
            yield
        finally:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)
            await app.state.analyses.close()  # before the pool closes with the service
            await service.close()
            await service.store.aclose()
            service.store.dispose()
            engine.dispose()

    app = PegboardApp(
        title="pegboard",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url=None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.allowed_origins = tuple(allowed_origins)
    app.state.replay_cache = replays.ReplayCache()
    app.state.report_labels = LabelCache()
    app.include_router(lobby.router)
    app.include_router(rules.router)
    app.include_router(corrections.router)
    app.include_router(observability.router)
    app.include_router(players.router)
    app.include_router(player_page.router)
    app.include_router(replays.router)
    app.include_router(replay_positions.router)
    app.include_router(reports.router)
    app.include_router(play_on.router)
    app.include_router(leaderboard.router)
    app.include_router(daily.router)
    app.include_router(daily_pages.router)
    app.include_router(turns.router)
    app.include_router(pairing.router)
    app.include_router(vacations.router)
    app.include_router(notices.router)
    app.include_router(digests.router)
    lobby.install_openapi(app)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(StarletteHTTPException, http_refusal)
    app.add_exception_handler(SQLAlchemyError, database_fault)
    app.add_exception_handler(DatabaseBusyError, database_fault)
    app.state.db_timeout = limits.db_timeout
    app.add_exception_handler(Exception, server_fault)
    # The outermost runs first (the security headers and the refusals' count are outside
    # them all, ``PegboardApp``): the rate, then the body's size, before any route reads a
    # byte of it.
    app.add_middleware(
        BodyLimit, max_bytes=limits.max_body_bytes, wider=corrections.form_body_limit
    )
    app.add_middleware(RequestRate, rate=limits.requests_rate)
    app.add_middleware(PageRate, rate=limits.pages_rate)
    app.add_api_websocket_route("/ws/{table_id}", ws.table_socket)
    if STATIC.is_dir():
        # The games' files first: the mount of /static would take /static/games/ too.
        app.mount(f"/static/{GAMES}", GameFiles(), name="games")
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
