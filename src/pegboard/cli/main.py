"""The ``pegboard`` command: one entry point, a sub-command per job."""

from __future__ import annotations

import typer

from pegboard import __version__
from pegboard.cli.cribbage import cribbage_app

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


def main() -> None:
    app()


@app.command()
def play(seed: int | None = typer.Option(None, help="Seed for a reproducible match.")) -> None:
    """Play a match of Draw in the terminal against a bot (seat 0 is you)."""
    import random

    from pegboard.core import IllegalActionError
    from pegboard.draw import Match

    match = Match(2, seed=seed)
    bot = random.Random(match.seed)
    while not match.is_over:
        round_ = match.round
        if round_.current_player == 0:
            obs = round_.observation(0)
            typer.echo(obs.line.describe("en"))
            typer.echo(f"Your hand: {' '.join(str(t) for t in obs.hand)}; stock {obs.stock_size}")
            typer.echo(f"Moves: {', '.join(str(a) for a in obs.legal)}")
            try:
                text = input("> ")
            except EOFError:
                return
            try:
                match.apply(round_.parse_action(text))
            except (IllegalActionError, ValueError) as error:
                typer.echo(f"Not allowed: {error}")
        else:
            action = bot.choice(round_.legal_actions())
            typer.echo(f"Seat {round_.current_player}: {action}")
            match.apply(action)
    typer.echo(f"Match over: scores {match.scores}")
