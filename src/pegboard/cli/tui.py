"""``pegboard tui``: Draw full screen (Textual), a set-up screen and then the match."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Annotated

import typer

from pegboard.cli.i18n import resolve_language


def tui(
    game: Annotated[str, typer.Argument(help="The game: draw or cribbage.")] = "draw",
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
    resume: Annotated[
        bool, typer.Option("--resume", help="Go on with the match saved when you left.")
    ] = False,
    save: Annotated[
        Path | None,
        typer.Option(help="Where the match is saved after every move (default: your state dir)."),
    ] = None,
    target: Annotated[int | None, typer.Option(hidden=True, min=1)] = None,
) -> None:
    """Play full screen against bots: Draw, or cribbage (a first version; `pegboard play`
    is line by line). Draw saves after every move; --resume goes on with it."""
    from pegboard.tui.draw_app import LEVELS, DrawApp, DrawSetup, load_saved  # Textual here

    path = default_save_path() if save is None else save
    if resume:
        try:
            setup, saved = load_saved(path)
        except ValueError as error:
            raise typer.BadParameter(str(error), param_hint="--resume") from None
        DrawApp(setup, saved=saved).run()
        return

    try:
        key = resolve_language(lang)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--lang") from None
    if game not in ("draw", "cribbage"):
        raise typer.BadParameter(f"{game!r} is not a game: draw or cribbage", param_hint="GAME")
    if bots not in LEVELS:
        raise typer.BadParameter(
            f"{bots!r} is not a level; choose one of: {', '.join(LEVELS)}", param_hint="--bots"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    setup = DrawSetup(
        players=players,
        game=game,
        levels=[bots] * 3,
        lang=key,
        seed=seed,
        target=target,
        save_path=path,
    )
    DrawApp(setup).run()


def default_save_path() -> Path:
    """``$XDG_STATE_HOME/pegboard/draw-tui.json`` (``~/.local/state`` when unset)."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "pegboard" / "draw-tui.json"
