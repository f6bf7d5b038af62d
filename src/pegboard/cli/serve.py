"""``pegboard serve``: the web app (lobby, tables over WebSockets, a database)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from pegboard.cli.i18n import resolve_language, translator

WS_MAX_SIZE = 65536
"""Bytes: larger WebSocket messages are cut by the server; from 4 KiB up to this size the
app answers with a ``too_large`` error instead (docs/web.md)."""


def default_db_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/pegboard/pegboard.db`` (``~/.local/share`` when unset);
    the folder is made if needed."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(data) / "pegboard"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'pegboard.db').resolve()}"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL: sqlite:///path or postgresql+psycopg://user@host/name "
            "(default: pegboard.db in your data dir)."
        ),
    ] = None,
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before each move.", min=0)
    ] = 0.5,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="Worker processes that bots and hints think in (default: one per CPU but "
            "one; 0: threads of the server's own process).",
            min=0,
        ),
    ] = None,
) -> None:
    """Run the web app: open http://HOST:PORT/ to create a table and invite players."""
    _ = translator(resolve_language(None))
    try:
        import uvicorn

        from pegboard.web.app import create_app
    except ImportError as error:
        typer.echo(
            _(
                "pegboard serve needs the web extra ({missing} is not installed): "
                "pip install 'pegboard[web]'"
            ).format(missing=error.name or error),
            err=True,
        )
        raise typer.Exit(1) from None
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pegboard.web.db import upgrade

    url = default_db_url() if db is None else db
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        upgrade(url)  # here first, so that a database out of reach is a message, not a trace
    except (ArgumentError, ImportError) as error:
        raise typer.BadParameter(str(error), param_hint="--db") from None
    except SQLAlchemyError as error:
        typer.echo(
            _("pegboard serve: the database cannot be used: {error}").format(
                error=str(error).splitlines()[0]
            ),
            err=True,
        )
        raise typer.Exit(1) from None
    typer.echo(
        _("pegboard: serving http://{host}:{port}/ (database {url})").format(
            host=host, port=port, url=shown
        )
    )
    uvicorn.run(
        create_app(url, bot_delay=bot_delay, bot_workers=bot_workers),
        host=host,
        port=port,
        ws_max_size=WS_MAX_SIZE,
    )
