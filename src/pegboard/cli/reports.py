"""``pegboard reports list`` and ``pegboard reports close ID``: the site's maintainers read
the chat lines that players and spectators reported from a table (``pegboard.web.chat``),
and close the reports.

Both work on the server's database, named by ``--db`` exactly as for ``pegboard serve``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pegboard.cli.database import INDENT, DbOption, fail, open_store, shown, when
from pegboard.i18n import Translator, resolve_language, translator

if TYPE_CHECKING:
    from pegboard.web.chat import Report

reports_app = typer.Typer(
    name="reports",
    help="Chat lines reported from the tables: read them and close them.",
    no_args_is_help=True,
    add_completion=False,
)


def describe(report: Report, _: Translator) -> list[str]:
    """The lines of one report: its number, time, table, room and status; who said the
    line; the line, indented."""
    line = report.line
    room = _("players") if line.room == "players" else _("spectators")
    fields = {"id": report.id, "time": when(report.created_at), "table": line.table_id}
    if report.closed_at is None:
        head = _("Chat report {id} · {time} · table {table} · {room} · open").format(
            **fields, room=room
        )
    else:
        head = _("Chat report {id} · {time} · table {table} · {room} · closed {closed}").format(
            **fields, room=room, closed=when(report.closed_at)
        )
    who = (
        _("Said by seat {seat} ({author}) at {time}")
        if line.seat is not None
        else _("Said by a spectator ({author}) at {time}")
    ).format(seat=(line.seat or 0) + 1, author=line.author, time=when(line.at))
    readers = _.ngettext(
        "Reported by {n} reader.", "Reported by {n} readers.", report.reporters
    ).format(n=report.reporters)
    said = line.text if line.text is not None else f"[{line.phrase}]"
    return [shown(head), INDENT + shown(who), INDENT + readers, INDENT + shown(said or "")]


@reports_app.command(name="list")
def list_command(
    every: Annotated[
        bool, typer.Option("--all", help="Every report, the closed ones too.")
    ] = False,
    db: DbOption = None,
) -> None:
    """List the reported chat lines, oldest first: the open reports, or with --all every one."""
    from sqlalchemy.exc import SQLAlchemyError

    from pegboard.web.chat import reports

    _ = translator(resolve_language(None))
    store = open_store(db, _, "reports")
    try:
        found = reports(store, every=every)
    except SQLAlchemyError as error:
        fail(_, "reports", error)
    finally:
        store.engine.dispose()
    if not found:
        typer.echo(
            _("No chat line was ever reported.") if every else _("No open report of a chat line.")
        )
        return
    for n, report in enumerate(found):
        if n:
            typer.echo("")
        for line in describe(report, _):
            typer.echo(line)
    typer.echo("")
    count = len(found)
    if every:
        typer.echo(
            _.ngettext("{n} report of a chat line.", "{n} reports of a chat line.", count).format(
                n=count
            )
        )
    else:
        typer.echo(
            _.ngettext(
                "{n} open report of a chat line.", "{n} open reports of a chat line.", count
            ).format(n=count)
        )


@reports_app.command(name="close")
def close_command(
    report_id: Annotated[
        int, typer.Argument(metavar="ID", help="The report's number, as list shows it.")
    ],
    db: DbOption = None,
) -> None:
    """Mark report ID closed: list no longer shows it (list --all still does)."""
    from sqlalchemy.exc import SQLAlchemyError

    from pegboard.web.chat import close_report

    _ = translator(resolve_language(None))
    store = open_store(db, _, "reports")
    try:
        outcome = close_report(store, report_id)
    except SQLAlchemyError as error:
        fail(_, "reports", error)
    finally:
        store.engine.dispose()
    if outcome == "none":
        typer.echo(_("There is no chat report {id}.").format(id=report_id), err=True)
        raise typer.Exit(1)
    if outcome == "already":
        typer.echo(_("Chat report {id} is closed already.").format(id=report_id), err=True)
        raise typer.Exit(1)
    typer.echo(_("Chat report {id} closed.").format(id=report_id))
