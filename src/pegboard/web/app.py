"""``create_app(db_url)``: the web app (FastAPI): REST lobby, WebSocket, page and files.

The schema is upgraded (Alembic) when the app starts; the app then serves at once, while the
tables whose bots may have to move are rebuilt from their logs in the background so that
their bots go on.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from pegboard.web import lobby, ws
from pegboard.web.bot_pool import BotPool, default_workers
from pegboard.web.db import make_engine, upgrade
from pegboard.web.service import TableService
from pegboard.web.store import Store

STATIC: Final = Path(__file__).parent / "static"
SWEEP_SECONDS: Final = 60.0


async def sweep(service: TableService, idle_seconds: float) -> None:
    """Forget idle tables now and then, so a long-running server's memory holds only the
    tables in use (a forgotten table is rebuilt from its log when it is next opened)."""
    while True:
        await asyncio.sleep(min(SWEEP_SECONDS, idle_seconds))
        service.evict_idle(idle_seconds)


def create_app(
    db_url: str,
    *,
    bot_delay: float = 0.5,
    seed_source: Callable[[], int] | None = None,
    idle_seconds: float = 900.0,
    bot_workers: int | None = None,
) -> FastAPI:
    """The app on the database at ``db_url``; ``bot_delay`` seconds pass before each bot
    move (0 in tests); ``seed_source`` gives each new match its seed (secrets by default);
    a table left alone for ``idle_seconds`` leaves memory until it is opened again; bots
    and hints think in ``bot_workers`` processes (None: one per CPU but one; 0: in threads
    of the server's process)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(db_url)
        await asyncio.to_thread(upgrade, engine)
        service = TableService(
            Store(engine),
            bot_delay=bot_delay,
            seed_source=seed_source or (lambda: secrets.randbits(63)),
            pool=BotPool(default_workers() if bot_workers is None else bot_workers),
        )
        app.state.service = service
        service.start_resume()  # in the background: the app serves at once
        sweeper = asyncio.get_running_loop().create_task(sweep(service, idle_seconds))
        try:
            yield
        finally:
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)
            await service.close()
            engine.dispose()

    app = FastAPI(title="pegboard", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.include_router(lobby.router)
    app.add_api_websocket_route("/ws/{table_id}", ws.table_socket)
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
