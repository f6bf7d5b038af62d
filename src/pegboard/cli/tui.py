"""The full-screen client of ``pegboard play`` (Textual): a set-up screen, then the match.

``play`` comes here when it runs in a terminal (and without ``--plain``); Textual is
imported only then. Each game's match is saved after every move under
``$XDG_STATE_HOME/pegboard`` and ``--resume`` goes on with it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from pegboard.cli.terminal import fail
from pegboard.hangup import signal_status
from pegboard.i18n import Translator, describe_error

if TYPE_CHECKING:
    from pegboard.tui.draw_app import DrawApp

GAMES = ("draw", "cribbage")


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
) -> None:
    """Check the options, then run the app from its set-up screen (chosen there as given
    here); ``save``: the match record is written there when the app ends."""
    from pegboard.cribbage.match import points_needed
    from pegboard.draw import Match
    from pegboard.tui.draw_app import LEVELS, DrawApp, DrawSetup

    if bots not in LEVELS:
        raise fail(
            _("no {bots!r} bots for {game}; choose one of: {levels}").format(
                bots=bots, game=game, levels=", ".join(LEVELS)
            ),
            _,
        )
    try:  # the engines word what is wrong, as in plain mode
        if game == "cribbage":
            if players not in (None, 2):
                raise ValueError(
                    _("cribbage here is for two players (you and a bot), not {players}").format(
                        players=players
                    )
                )
            points_needed(best_of=best_of)
        else:
            if best_of is not None:
                raise ValueError(
                    _("--best-of is for cribbage; a Draw match is played to its target")
                )
            Match(2 if players is None else players, seed=0)
    except ValueError as error:
        raise fail(describe_error(error, _), _) from None
    setup = DrawSetup(
        players=2 if players is None else players,
        game=game,
        levels=[bots] * 3,
        lang=_.lang,
        seed=seed,
        target=target,
        best_of=1 if best_of is None else best_of,
        save_dir=default_save_dir(),
    )
    run(DrawApp(setup), save, _)


def resume_full_screen(
    game: str | None, no_terminal: bool, save: Path | None, _: Translator
) -> None:
    """Go on with the saved match of ``game``, or with the one saved last."""
    from pegboard.tui.draw_app import DrawApp, load_saved, save_file

    directory = default_save_dir()
    if game is None:
        saved = [save_file(directory, g) for g in GAMES if save_file(directory, g).exists()]
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
    run(DrawApp(setup, saved=state), save, _)


def run(app: DrawApp, save: Path | None, _: Translator) -> None:
    """Run the app; then write the match record to ``save`` (when given) and, when the
    app left on a signal (its terminal gone), exit with that signal's status."""
    from pegboard.cli.play import write_record

    app.run()
    if save is not None and app.record is not None:
        write_record(app.record, save, _)
    if app.left_by is not None:
        raise typer.Exit(code=signal_status(app.left_by))
