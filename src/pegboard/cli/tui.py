"""The full-screen client of ``pegboard play`` (Textual): a set-up screen, then the match.

``play`` comes here when it runs in a terminal (and without ``--plain``); Textual is
imported only then. Any registered game is played (``pegboard.games``): its options are
checked by the game's own description before the app opens. Each game's match is saved
after every move under ``$XDG_STATE_HOME/pegboard`` and ``--resume`` goes on with it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pegboard import games
from pegboard.cli.terminal import fail
from pegboard.hangup import signal_status
from pegboard.i18n import Translator, describe_error

if TYPE_CHECKING:
    from pegboard.tui.app import PegboardApp


def default_save_dir() -> Path:
    """``$XDG_STATE_HOME/pegboard`` (``~/.local/state/pegboard`` when unset)."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "pegboard"


def full_screen(
    game: str,
    players: int | None,
    bots: str,
    seed: int,
    best_of: int | None,
    target: int | None,
    save: Path | None,
    _: Translator,
    options: Mapping[str, int | None] | None = None,
) -> None:
    """Check the options, then run the app from its set-up screen (chosen there as given
    here); ``save``: the match record is written there when the app ends. ``best_of`` and
    ``target`` are the options of those names (``--best-of``, ``--target``), ``options``
    any of the game's options by name (``--option NAME=VALUE``); a game that has no such
    option refuses it, and the game's own description checks every value."""
    from pegboard.tui.app import PegboardApp
    from pegboard.tui.setup import Setup

    try:
        description = games.get(game)
    except ValueError as error:
        raise fail(describe_error(error, _), _) from None
    flags = {"best_of": best_of, "target": target}
    levels = description.bot_levels()
    if bots not in levels:
        raise fail(
            _("no {bots!r} bots for {game}; choose one of: {levels}").format(
                bots=bots, game=game, levels=", ".join(description.people_levels())
            ),
            _,
        )
    given = dict(options or {})
    given.update({name: value for name, value in flags.items() if value is not None})
    given.pop(description.players_option, None)
    names = {option.name for option in description.options}
    chosen = {name: value for name, value in given.items() if value is not None}
    for name in chosen:
        if name not in names:
            raise fail(
                _("--{option} is not an option of {game}").format(
                    option=name.replace("_", "-"), game=_(description.display_name)
                ),
                _,
            )
    seats = range(description.min_players, description.max_players + 1)
    try:  # the game words what is wrong, its rule named
        if players is not None and description.players_option in names:
            description.option(description.players_option).check(players)
        elif players is not None and players not in seats:  # a game with no such option
            raise ValueError(
                _("{game} is for {minimum} to {maximum} players, not {players}").format(
                    game=_(description.display_name),
                    minimum=seats.start,
                    maximum=seats.stop - 1,
                    players=players,
                )
            )
        setup = Setup(
            players,
            game,
            [bots] * (description.max_players - 1),
            _.lang,
            seed,
            save_dir=default_save_dir(),
            options=chosen,
        )
        setup.match_options()
    except ValueError as error:
        raise fail(describe_error(error, _), _) from None
    run(PegboardApp(setup), save, _)


def resume_full_screen(
    game: str | None, no_terminal: bool, save: Path | None, _: Translator
) -> None:
    """Go on with the saved match of ``game``, or with the one saved last."""
    from pegboard.tui.app import PegboardApp
    from pegboard.tui.setup import load_saved, save_file, saved_files

    directory = default_save_dir()
    if game is None:
        saved = saved_files(directory)
        if not saved:
            raise fail(
                _("there is no saved match to resume in {directory}").format(directory=directory),
                _,
            )
        path = max(saved, key=lambda p: p.stat().st_mtime)
    else:
        path = save_file(directory, game)
    try:
        setup, state = load_saved(path, _)
    except ValueError as error:
        raise fail(describe_error(error, _), _) from None
    if no_terminal:
        raise fail(_("--resume goes on full screen: it needs a terminal, not --plain or a pipe"), _)
    run(PegboardApp(setup, saved=state), save, _)


def run(app: PegboardApp, save: Path | None, _: Translator) -> None:
    """Run the app; then write the match record to ``save`` (when given) and, when the
    app left on a signal (its terminal gone), exit with that signal's status."""
    from pegboard.cli.play import write_record

    app.run()
    if save is not None and app.record is not None:
        write_record(app.record, save, _)
    if app.left_by is not None:
        raise typer.Exit(code=signal_status(app.left_by))
