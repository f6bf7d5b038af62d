"""What the maintainers' commands on the server's database share (``pegboard corrections``,
``pegboard reports``): its ``--db`` option, worded as ``pegboard serve`` words it; opening
it (its schema brought up to date first, as ``serve`` does); showing stored text safely in
a terminal.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from pegboard.i18n import Translator

if TYPE_CHECKING:
    from pegboard.web.store import Store

DbOption = Annotated[
    str | None,
    typer.Option(
        help="Database URL: sqlite:///path or postgresql+psycopg://user@host/name "
        "(default: pegboard.db in your data dir)."
    ),
]
"""``--db``, worded as ``pegboard serve`` words it."""
INDENT = "    "


def open_store(db: str | None, _: Translator, command: str) -> Store:
    """The store of the server's database (its schema upgraded, as ``serve`` does), for
    ``pegboard COMMAND``; a bad URL is a usage error, a database out of reach a message and
    exit 1."""
    try:
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        from pegboard.web.db import make_engine, upgrade
        from pegboard.web.store import Store
    except ImportError as error:
        typer.echo(
            _(
                "pegboard {command} needs the web extra ({missing} is not installed): "
                "pip install 'pegboard[web]'"
            ).format(command=command, missing=error.name or error),
            err=True,
        )
        raise typer.Exit(1) from None
    from pegboard.cli.serve import default_db_url

    url = default_db_url() if db is None else db
    try:
        engine = make_engine(url)
        upgrade(engine)
    except (ArgumentError, ImportError) as error:
        raise typer.BadParameter(str(error), param_hint="--db") from None
    except SQLAlchemyError as error:
        fail(_, command, error)
    return Store(engine)


def fail(_: Translator, command: str, error: Exception) -> NoReturn:
    typer.echo(
        _("pegboard {command}: the database cannot be used: {error}").format(
            command=command, error=str(error).splitlines()[0]
        ),
        err=True,
    )
    raise typer.Exit(1) from None


def shown(text: str) -> str:
    """``text`` safe for a terminal: a control character other than a line break or a tab,
    or a format character other than the joiners Devanagari needs (none is stored, but the
    database may have been written by other hands), is shown as U+FFFD, so that no escape
    sequence or direction change reaches the terminal."""
    return "".join(
        "\ufffd"
        if (unicodedata.category(c) in ("Cc", "Cs") and c not in "\n\t")
        or (unicodedata.category(c) == "Cf" and c not in "\u200c\u200d")
        else c
        for c in text
    )


def when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")
