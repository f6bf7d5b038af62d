"""``pegboard corrections list`` and ``pegboard corrections close ID``: the site's
maintainers read the reports of a correction sent from the rules pages, and close them.

Both work on the server's database, named by ``--db`` exactly as for ``pegboard serve``
(the same default; the schema is brought up to date first, as ``serve`` does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pegboard.cli.database import INDENT, DbOption, fail, open_store, shown, when
from pegboard.i18n import Translator, resolve_language, translator

if TYPE_CHECKING:
    from pegboard.web.records import Correction

corrections_app = typer.Typer(
    name="corrections",
    help="Reports of a correction sent from the rules pages: read them and close them.",
    no_args_is_help=True,
    add_completion=False,
)


def describe(report: Correction, _: Translator) -> list[str]:
    """The lines of one report: its number, time, page, language and status; the way to
    reply; the text, indented."""
    fields = {"id": report.id, "time": when(report.created_at), "page": report.page}
    fields["lang"] = report.lang
    if report.status == "open":
        head = _("Report {id} · {time} · {page} · {lang} · open").format(**fields)
    else:
        closed = when(report.closed_at) if report.closed_at is not None else "?"
        head = _("Report {id} · {time} · {page} · {lang} · closed {closed}").format(
            **fields, closed=closed
        )
    contact = (
        _("Reply to: {contact}").format(contact=report.contact)
        if report.contact
        else _("No way to reply was given.")
    )
    text = [(INDENT + line).rstrip() for line in report.text.split("\n")]
    return [shown(head), INDENT + shown(contact), *(shown(line) for line in text)]


@corrections_app.command(name="list")
def list_command(
    every: Annotated[
        bool, typer.Option("--all", help="Every report, the closed ones too.")
    ] = False,
    db: DbOption = None,
) -> None:
    """List the reports of a correction, oldest first: the open ones, or with --all every one."""
    from sqlalchemy.exc import SQLAlchemyError

    _ = translator(resolve_language(None))
    store = open_store(db, _, "corrections")
    try:
        reports = store.corrections(every=every)
    except SQLAlchemyError as error:
        fail(_, "corrections", error)
    finally:
        store.engine.dispose()
    if not reports:
        typer.echo(_("No reports.") if every else _("No open reports."))
        return
    for n, report in enumerate(reports):
        if n:
            typer.echo("")
        for line in describe(report, _):
            typer.echo(line)
    typer.echo("")
    count = len(reports)
    if every:
        typer.echo(_.ngettext("{n} report.", "{n} reports.", count).format(n=count))
    else:
        typer.echo(_.ngettext("{n} open report.", "{n} open reports.", count).format(n=count))


@corrections_app.command(name="close")
def close_command(
    report_id: Annotated[
        int, typer.Argument(metavar="ID", help="The report's number, as list shows it.")
    ],
    db: DbOption = None,
) -> None:
    """Mark report ID closed: list no longer shows it (list --all still does)."""
    from sqlalchemy.exc import SQLAlchemyError

    _ = translator(resolve_language(None))
    store = open_store(db, _, "corrections")
    try:
        outcome = store.close_correction(report_id)
    except SQLAlchemyError as error:
        fail(_, "corrections", error)
    finally:
        store.engine.dispose()
    if outcome == "none":
        typer.echo(_("There is no report {id}.").format(id=report_id), err=True)
        raise typer.Exit(1)
    if outcome == "already":
        typer.echo(_("Report {id} is closed already.").format(id=report_id), err=True)
        raise typer.Exit(1)
    typer.echo(_("Report {id} closed.").format(id=report_id))
