"""The ``pegboard`` command: one entry point, a sub-command per job."""

from __future__ import annotations

import typer

from pegboard import __version__
from pegboard.cli.arena import arena
from pegboard.cli.cribbage import cribbage_app
from pegboard.cli.hint import hint_command
from pegboard.cli.play import play
from pegboard.cli.replay import replay
from pegboard.cli.serve import serve
from pegboard.cli.tui import tui

app = typer.Typer(
    name="pegboard",
    help="Play and study the domino game Draw and Cribbage.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(cribbage_app, name="cribbage")


@app.command()
def version() -> None:
    """Print pegboard's version."""
    typer.echo(__version__)


app.command()(play)
app.command()(replay)
app.command()(arena)
app.command(name="hint")(hint_command)
app.command()(tui)
app.command()(serve)


def main() -> None:
    app()
