"""The ``pegboard`` command: one entry point, a sub-command per job.

The language of everything it prints, ``--help`` and usage errors included, is chosen
before the arguments are parsed (``pegboard.cli.commands.TranslatedGroup``).
"""

from __future__ import annotations

from typing import Annotated

import typer

from pegboard import __version__, games
from pegboard.cli.analyse import analyse_command
from pegboard.cli.arena import arena
from pegboard.cli.commands import TranslatedGroup
from pegboard.cli.corrections import corrections_app
from pegboard.cli.daily import daily_command
from pegboard.cli.hint import hint_command
from pegboard.cli.look import cli_look
from pegboard.cli.play import play
from pegboard.cli.replay import replay
from pegboard.cli.reports import reports_app
from pegboard.cli.serve import serve

app = typer.Typer(
    name="pegboard",
    # {games}: the registry's, filled in by pegboard.cli.commands.with_games.
    help=(
        "Play and study the games {games}: against bots in a terminal, or with other"
        " players on the web app."
    ),
    no_args_is_help=True,
    add_completion=False,
    cls=TranslatedGroup,
)
# A game's own sub-commands (``pegboard cribbage score``), found through its look.
for _name in games.names():
    _commands = cli_look(games.get(_name)).commands
    if _commands is not None:
        app.add_typer(_commands, name=_name)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(__version__)
        raise typer.Exit


@app.callback()
def _options(
    lang: Annotated[
        str | None,
        typer.Option(
            help="Language of every command: en, pt, zh, hi (default: from the environment)."
        ),
    ] = None,
    _version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print pegboard's version.",
            callback=_print_version,
            is_eager=True,
        ),
    ] = False,
) -> None:
    # TranslatedGroup has read --lang from the arguments already; an unknown one is
    # refused here, in the environment's language.
    if lang is not None:
        from pegboard.i18n import resolve_language

        try:
            resolve_language(lang)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--lang") from None


@app.command()
def version() -> None:
    """Print pegboard's version."""
    typer.echo(__version__)


app.command()(play)
app.command()(replay)
app.command()(arena)
app.command(name="hint")(hint_command)
app.command(name="analyse")(analyse_command)
app.command(name="daily")(daily_command)
# `pegboard tui`, the name of the full-screen client before `play` opened it: an alias.
app.command(name="tui", hidden=True)(play)
app.command()(serve)
app.add_typer(corrections_app, name="corrections")
app.add_typer(reports_app, name="reports")


def main() -> None:
    app()
