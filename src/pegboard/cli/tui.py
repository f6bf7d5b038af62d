"""``pegboard tui``: Draw full screen (Textual), a set-up screen and then the match."""

from __future__ import annotations

import random
from typing import Annotated

import typer

from pegboard.cli.i18n import resolve_language


def tui(
    players: Annotated[
        int, typer.Option("--players", "-p", help="Players, you included (2-4).", min=2, max=4)
    ] = 2,
    bots: Annotated[
        str, typer.Option("--bots", "-b", help="Level of every bot: random, greedy, expert.")
    ] = "greedy",
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible match.")] = None,
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, pt, zh, hi (default: from LANGUAGE, LC_ALL, LANG)."),
    ] = None,
    target: Annotated[int | None, typer.Option(hidden=True, min=1)] = None,
) -> None:
    """Play Draw full screen against bots (a first version; `pegboard play` is line by line)."""
    from pegboard.tui.draw_app import LEVELS, DrawApp, DrawSetup  # Textual loads only here

    try:
        key = resolve_language(lang)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--lang") from None
    if bots not in LEVELS:
        raise typer.BadParameter(
            f"{bots!r} is not a level; choose one of: {', '.join(LEVELS)}", param_hint="--bots"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    setup = DrawSetup(players=players, levels=[bots] * 3, lang=key, seed=seed, target=target)
    DrawApp(setup).run()
