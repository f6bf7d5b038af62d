"""``pegboard serve``: the web app (lobby, tables over WebSockets, a database)."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from pegboard.i18n import resolve_language, translator
from pegboard.web.limits import DEFAULT, PAGE_CONNECTIONS

LIMITS = "Limits (per client; docs/web.md)"
NOTIFICATIONS = "Notifications of correspondence tables (docs/web.md)"
WS_MAX_SIZE = 65536
"""Bytes: larger WebSocket messages are cut by the server; from 4 KiB up to this size the
app answers with a ``too_large`` error instead (docs/web.md)."""


class LogFormat(StrEnum):
    text = "text"
    json = "json"


def log_config(form: LogFormat) -> dict[str, Any]:
    """The server's logging (``logging.config.dictConfig``, which uvicorn applies): uvicorn's
    lines and pegboard's own (a refusal, an error: ``pegboard.web.observability``) on
    stderr, as text or as JSON lines."""
    formatter: dict[str, Any] = (
        {"()": "pegboard.web.observability.JsonLines"}
        if form is LogFormat.json
        else {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    )
    handler = {"class": "logging.StreamHandler", "formatter": "line", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": formatter},
        "handlers": {"stderr": handler},
        "loggers": {
            name: {"handlers": ["stderr"], "level": "INFO", "propagate": False}
            for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "pegboard")
        },
    }


def default_db_url() -> str:
    """``sqlite:///$XDG_DATA_HOME/pegboard/pegboard.db`` (``~/.local/share`` when unset);
    the folder is made if needed."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    folder = Path(data) / "pegboard"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'pegboard.db').resolve()}"


def probe_writable(folder: Path) -> None:
    """Exit with a message naming ``folder`` unless a file can be made in it (a read-only
    file system, a folder of someone else's, a folder that is not there)."""
    import tempfile

    try:
        handle, name = tempfile.mkstemp(prefix=".pegboard-", dir=folder)
    except OSError as error:
        cannot_write(str(folder), error)
    os.close(handle)
    os.unlink(name)


def cannot_write(path: str, error: OSError) -> NoReturn:
    """One line on stderr that names ``path`` and why, then exit 1 (no traceback)."""
    _ = translator(resolve_language(None))
    typer.echo(
        _(
            "pegboard serve: {path} cannot be written ({reason}); the database needs a "
            "folder it can write in: give --db another, or set XDG_DATA_HOME."
        ).format(path=path, reason=error.strerror or type(error).__name__),
        err=True,
    )
    raise typer.Exit(1)


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
    tables_rate: Annotated[
        str, typer.Option(help="Tables one address may create: 10/minute.", rich_help_panel=LIMITS)
    ] = DEFAULT.tables_rate,
    open_tables_per_client: Annotated[
        int,
        typer.Option(
            help="Tables not yet over that one address may have opened in a day.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.open_tables_per_client,
    public_tables_per_player: Annotated[
        int,
        typer.Option(
            help="Public tables waiting for players that one player may have opened; the "
            "open list shows at most as many of one creator.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.public_tables_per_player,
    joins_rate: Annotated[
        str, typer.Option(help="Seats one address may join or leave.", rich_help_panel=LIMITS)
    ] = DEFAULT.joins_rate,
    requests_rate: Annotated[
        str, typer.Option(help="Other API requests from one address.", rich_help_panel=LIMITS)
    ] = DEFAULT.requests_rate,
    pages_rate: Annotated[
        str,
        typer.Option(
            help="Pages (replays, players, leaderboards, rules) one address may ask for.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.pages_rate,
    messages_rate: Annotated[
        str, typer.Option(help="Messages one socket may send.", rich_help_panel=LIMITS)
    ] = DEFAULT.messages_rate,
    refusals_rate: Annotated[
        str,
        typer.Option(
            help="Messages of one socket refused as too many, malformed or too large: past "
            "this rate the socket is closed.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.refusals_rate,
    corrections_rate: Annotated[
        str,
        typer.Option(
            help="Reports of a correction (the rules pages' form) one address may send.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.corrections_rate,
    spectators_per_table: Annotated[
        int,
        typer.Option(
            help="Spectators' sockets on one table (the players' own always get in).",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.spectators_per_table,
    sockets_per_seat: Annotated[
        int,
        typer.Option(
            help="Sockets of one seat (its player's tabs): one more closes the oldest.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.sockets_per_seat,
    sockets_per_client: Annotated[
        int, typer.Option(help="Open sockets from one address.", min=1, rich_help_panel=LIMITS)
    ] = DEFAULT.sockets_per_client,
    spectators_per_client: Annotated[
        int,
        typer.Option(help="Spectators' sockets from one address.", min=1, rich_help_panel=LIMITS),
    ] = DEFAULT.spectators_per_client,
    spectator_idle_seconds: Annotated[
        float,
        typer.Option(
            help="Seconds a spectator's socket may send nothing (the page pings) before it "
            "is closed.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.spectator_idle_seconds,
    hints_per_client: Annotated[
        int,
        typer.Option(
            help="Hints one address may have waiting for the bots' workers.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.hints_per_client,
    analyses_rate: Annotated[
        str,
        typer.Option(
            help="Analyses of finished matches one address may ask for.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.analyses_rate,
    reports_waiting: Annotated[
        int,
        typer.Option(
            help="Reports of finished matches queued or being made at once.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.reports_waiting,
    hello_seconds: Annotated[
        float,
        typer.Option(help="Seconds a socket has to say hello.", min=0.1, rich_help_panel=LIMITS),
    ] = DEFAULT.hello_seconds,
    max_body_bytes: Annotated[
        int, typer.Option(help="Largest request body, in bytes.", min=256, rich_help_panel=LIMITS)
    ] = DEFAULT.max_body_bytes,
    max_json_depth: Annotated[
        int,
        typer.Option(help="Deepest nesting of JSON sent.", min=4, rich_help_panel=LIMITS),
    ] = DEFAULT.max_json_depth,
    rated_after: Annotated[
        int,
        typer.Option(
            help="Finished matches at unrated tables a player needs before a rated table.",
            min=0,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.rated_after,
    rated_shared_addresses: Annotated[
        bool,
        typer.Option(
            "--rated-shared-addresses",
            help="Rate players who share an address against each other (a club's network).",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.rated_shared_addresses,
    chat_rate: Annotated[
        str,
        typer.Option(
            help="Chat lines one address may say at one table: 5 per 10 seconds.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.chat_rate,
    rated_text_off: Annotated[
        bool,
        typer.Option(
            "--rated-text-off",
            help="The players of a rated table chat with the quick phrases only (no free "
            "text) while its match is played.",
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.rated_text_off,
    vacation_days: Annotated[
        int,
        typer.Option(
            help="Longest vacation a player may take from correspondence tables, in days.",
            min=1,
            max=60,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.vacation_days,
    vacation_every_days: Annotated[
        int,
        typer.Option(
            help="Days from one vacation's start before another may begin.",
            min=1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.vacation_every_days,
    max_header_bytes: Annotated[
        int,
        typer.Option(
            help="Longest request line and headers, in bytes (431 past it).",
            min=1024,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.max_header_bytes,
    header_seconds: Annotated[
        float,
        typer.Option(
            help="Seconds a connection has to send a request's headers (and as long again "
            "for its body) before it is closed.",
            min=0.1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.header_seconds,
    connections_per_client: Annotated[
        int | None,
        typer.Option(
            help="Connections one address may hold open, WebSockets included (default: "
            "128, or --sockets-per-client and 64 more if that is more).",
            min=1,
            rich_help_panel=LIMITS,
            show_default=False,
        ),
    ] = None,
    db_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds a move or a new table waits for the database before the player "
            "is told the server is busy.",
            min=0.1,
            rich_help_panel=LIMITS,
        ),
    ] = DEFAULT.db_timeout,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="A page origin (https://host) besides the server's own that may open its "
            "WebSockets, as behind a proxy that changes Host; repeat for several."
        ),
    ] = None,
    proxy: Annotated[
        list[str] | None,
        typer.Option(
            help="Address of a trusted reverse proxy whose X-Forwarded-For names the client "
            "(the limits count per client address); repeat for several."
        ),
    ] = None,
    push_contact: Annotated[
        str | None,
        typer.Option(
            help="Send Web Push notices of correspondence tables, giving the push services "
            "this contact (mailto:you@example.org or https://...); off without it.",
            rich_help_panel=NOTIFICATIONS,
        ),
    ] = None,
    push_service: Annotated[
        list[str] | None,
        typer.Option(
            help="A push service's host a browser's subscription may name besides the "
            "browsers' own (or an exact origin, http://127.0.0.1:8123, for a local one); "
            "repeat for several.",
            rich_help_panel=NOTIFICATIONS,
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            help="The mail server of the daily digests, as smtp://user:password@host:port"
            "?from=address (the login optional; smtp+starttls://, smtps://); no e-mail "
            "without it.",
            rich_help_panel=NOTIFICATIONS,
        ),
    ] = None,
    site_url: Annotated[
        str,
        typer.Option(
            help="The site's address as players reach it, for the links of its e-mail.",
            rich_help_panel=NOTIFICATIONS,
        ),
    ] = "",
    digest_hour: Annotated[
        int,
        typer.Option(
            help="The hour (UTC) from which each day's digests are mailed.",
            min=0,
            max=23,
            rich_help_panel=NOTIFICATIONS,
        ),
    ] = 7,
    docs: Annotated[
        bool, typer.Option("--docs", help="Serve the API's documentation: /docs, /openapi.json.")
    ] = False,
    log_format: Annotated[
        LogFormat,
        typer.Option(help="The log's lines: text, or json (one JSON object per line)."),
    ] = LogFormat.text,
    workers: Annotated[
        int,
        typer.Option(
            help="Server processes on one PostgreSQL database, each serving any table (SQLite: 1).",
            min=1,
        ),
    ] = 1,
    grace: Annotated[
        float,
        typer.Option(
            help="Seconds a player may be away before the others may hand their seat to a "
            "bot (an unrated table) or claim the win (a rated one).",
            min=0,
        ),
    ] = 120.0,  # pegboard.web.leavers.GRACE_SECONDS (not imported: it needs the web extra)
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="Worker processes that bots and hints think in (default: one per CPU but "
            "one; 0: threads of the server's own process).",
            min=0,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="The first new match's seed, the next matches' counting on from it: the same "
            "deals each time, for demonstrations and screenshots (default: random).",
            min=0,
        ),
    ] = None,
) -> None:
    """Run the web app: open http://HOST:PORT/ to create a table and invite players."""
    _ = translator(resolve_language(None))
    try:
        import limits as _limits  # noqa: F401 - checked here with the rest of the extra
        import uvicorn

        from pegboard.web.app import create_app, prepare_server_process
        from pegboard.web.front_door import DoorRules, FrontDoor, raise_open_files_limit
    except ImportError as error:
        typer.echo(
            _(
                "pegboard serve needs the web extra ({missing} is not installed): "
                "pip install 'pegboard[web]'"
            ).format(missing=error.name or error),
            err=True,
        )
        raise typer.Exit(1) from None
    from pegboard.web.limits import BROWSER_CONNECTIONS, Limits, rate

    for option, text in (
        ("--tables-rate", tables_rate),
        ("--joins-rate", joins_rate),
        ("--requests-rate", requests_rate),
        ("--pages-rate", pages_rate),
        ("--messages-rate", messages_rate),
        ("--refusals-rate", refusals_rate),
        ("--corrections-rate", corrections_rate),
        ("--analyses-rate", analyses_rate),
        ("--chat-rate", chat_rate),
    ):
        try:
            rate(text)
        except ValueError:
            raise typer.BadParameter(
                _("{rate!r} is not a rate such as 10/minute").format(rate=text), param_hint=option
            ) from None
    limits = Limits(
        tables_rate=tables_rate,
        open_tables_per_client=open_tables_per_client,
        public_tables_per_player=public_tables_per_player,
        joins_rate=joins_rate,
        requests_rate=requests_rate,
        pages_rate=pages_rate,
        messages_rate=messages_rate,
        spectators_per_table=spectators_per_table,
        sockets_per_seat=sockets_per_seat,
        refusals_rate=refusals_rate,
        sockets_per_client=sockets_per_client,
        spectators_per_client=spectators_per_client,
        spectator_idle_seconds=spectator_idle_seconds,
        hints_per_client=hints_per_client,
        analyses_rate=analyses_rate,
        reports_waiting=reports_waiting,
        hello_seconds=hello_seconds,
        max_body_bytes=max_body_bytes,
        max_json_depth=max_json_depth,
        corrections_rate=corrections_rate,
        rated_after=rated_after,
        rated_shared_addresses=rated_shared_addresses,
        chat_rate=chat_rate,
        rated_text_off=rated_text_off,
        vacation_days=vacation_days,
        vacation_every_days=vacation_every_days,
        max_header_bytes=max_header_bytes,
        header_seconds=header_seconds,
        connections_per_client=(
            max(DEFAULT.connections_per_client, sockets_per_client + PAGE_CONNECTIONS)
            if connections_per_client is None
            else connections_per_client
        ),
        db_timeout=db_timeout,
    )
    if limits.connections_per_client < sockets_per_client + BROWSER_CONNECTIONS:
        raise typer.BadParameter(
            _(
                "{n} leaves no room for pages: an address may hold {sockets} WebSockets "
                "(--sockets-per-client), so give it at least {least} connections"
            ).format(
                n=limits.connections_per_client,
                sockets=sockets_per_client,
                least=sockets_per_client + BROWSER_CONNECTIONS,
            ),
            param_hint="--connections-per-client",
        )
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from pegboard.web.app import SETTINGS_ENV, AppSettings, app_from_environment
    from pegboard.web.digests import MailSettings
    from pegboard.web.mail import MailError, SmtpServer
    from pegboard.web.notices import PushSettings
    from pegboard.web.push import PUSH_SERVICES

    if smtp is not None:
        try:
            SmtpServer.parse(smtp)
        except MailError as error:
            raise typer.BadParameter(
                _(error.template).format(**error.fields), param_hint="--smtp"
            ) from None
    if push_contact is not None and not push_contact.startswith(("mailto:", "https://")):
        raise typer.BadParameter(
            _("A contact is a mailto: or https:// address."), param_hint="--push-contact"
        )
    from pegboard.web.db import sqlite_file, upgrade

    try:
        url = default_db_url() if db is None else db
    except OSError as error:
        cannot_write(error.filename or "XDG_DATA_HOME", error)
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        if workers > 1 and make_url(url).get_backend_name() != "postgresql":
            typer.echo(
                _(
                    "pegboard serve: --workers {n} needs PostgreSQL (--db "
                    "postgresql+psycopg://...): SQLite is one process's database, and "
                    "processes on it would not see each other's moves. Use one worker, "
                    "or PostgreSQL."
                ).format(n=workers),
                err=True,
            )
            raise typer.Exit(2)
        database = sqlite_file(url)
        if database is not None:
            probe_writable(database.parent)
        upgrade(url)  # here first, so that a database out of reach is a message, not a trace
    except (ArgumentError, ImportError) as error:
        raise typer.BadParameter(str(error), param_hint="--db") from None
    except OSError as error:  # a SQLite file the probe's folder let through
        cannot_write(error.filename or url, error)
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
    settings = AppSettings(
        db_url=url,
        bot_delay=bot_delay,
        bot_workers=bot_workers,
        grace=grace,
        limits=limits,
        docs=docs,
        allowed_origins=tuple(allowed_origin or ()),
        push=PushSettings(push_contact, PUSH_SERVICES + tuple(push_service or ())),
        mail=MailSettings(smtp, site_url or f"http://{host}:{port}", digest_hour),
        seed=seed,
    )
    door = FrontDoor(
        DoorRules(
            max_header_bytes=limits.max_header_bytes,
            header_seconds=limits.header_seconds,
            connections_per_client=limits.connections_per_client,
            proxies=tuple(proxy or ()),
        )
    )
    raise_open_files_limit()  # before the workers start: they inherit it
    running: dict[str, Any] = {
        "host": host,
        "port": port,
        "http": door,
        "ws_max_size": WS_MAX_SIZE,
        "proxy_headers": bool(proxy),
        "forwarded_allow_ips": list(proxy) if proxy else None,
        "log_config": log_config(log_format),
    }
    if workers == 1:
        app = create_app(settings.db_url, **settings.options())
        prepare_server_process()
        uvicorn.run(app, **running)
        return
    # uvicorn starts each worker process from an import string; the settings go by the
    # environment, which the workers inherit.
    os.environ[SETTINGS_ENV] = settings.to_json()
    uvicorn.run(
        f"{app_from_environment.__module__}:app_from_environment",
        factory=True,
        workers=workers,
        **running,
    )
