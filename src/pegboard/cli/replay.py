"""``pegboard replay FILE``: print a recorded match or round, move by move.

The record's ``game`` is looked up in the games registry and told by the generic replay
(``pegboard.cli.generic.replay_record``): by default from the record's start
(``Game.record_start``: options, seed and actions, each said from the rules' events), in
the game's own words where its look specialises it (``CliLook.replay``).
It reads a record (``play --save``, a table's download) or the full-screen app's save of
a match not finished (``pegboard.tui.setup``), which holds one. The moves are said one a
line; Draw's board where a round ends (``--boards``: after every move). A file that cannot
be read, or a record that does not replay, gives a one-line error and exit code 1.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from pegboard import games
from pegboard.cli.generic import GenericReplay, replay_record
from pegboard.cli.look import cli_look
from pegboard.cli.terminal import Terminal, fail
from pegboard.cli.tui import default_save_dir
from pegboard.core import N_, RecordError, check_record
from pegboard.games import OptionError
from pegboard.i18n import describe_error, resolve_language, translator
from pegboard.tui.setup import save_file


def read_record(path: Path) -> dict[str, Any]:
    """The JSON record in ``path``, its header checked; ``RecordError`` if it is not one
    (worded by a template, as the engine's are: ``describe_error`` translates it)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(N_("no such file: {path}"), path=path) from None
    except IsADirectoryError:
        raise RecordError(N_("{path} is a directory, not a record"), path=path) from None
    except OSError as error:
        raise RecordError(
            N_("cannot read {path}: {reason}"), path=path, reason=error.strerror
        ) from None
    except UnicodeDecodeError:
        raise RecordError(N_("{path} is not a text file"), path=path) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        # The parser's reason ("Expecting value") is Python's, in English.
        raise RecordError(
            N_("{path} is not JSON (line {line}, column {column}: {reason})"),
            path=path,
            line=error.lineno,
            column=error.colno,
            reason=error.msg,
        ) from None
    if is_app_save(data):
        data = data["match"]
    try:
        return check_record(data)
    except RecordError as error:
        raise RecordError(
            N_(
                "{path} cannot be replayed: {reason}. pegboard replay reads a record written"
                " by play --save or downloaded from a table, or the full-screen app's save of"
                " a match not finished ({saves})"
            ),
            path=path,
            reason=error,
            saves=save_file(default_save_dir(), "GAME"),
        ) from None


def is_app_save(data: Any) -> bool:
    """Whether ``data`` is what the full-screen app saves after every move
    (``pegboard.tui.setup.Setup.save``): the match's record with its set-up and the bots'
    random streams, which replay reads as the record it holds."""
    return isinstance(data, dict) and isinstance(data.get("match"), dict) and "setup" in data


def replay(
    file: Annotated[
        Path,
        typer.Argument(
            help="A record (JSON) written by play --save or downloaded from a table, or the"
            " full-screen app's save of a match not finished (GAME-tui.json in"
            " ~/.local/state/pegboard)."
        ),
    ],
    boards: Annotated[
        bool,
        typer.Option(
            "--boards", help="Show the board after every move (by default: where a round ends)."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, pt, zh, hi (default: from LANGUAGE, LC_ALL, LANG)."),
    ] = None,
) -> None:
    """Print a recorded match, round (Draw) or game (cribbage): every move, every score."""
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    try:
        record = read_record(file)
        name = record.get("game")
        if not isinstance(name, str) or name not in games.names():
            raise RecordError(
                N_("cannot replay a record of the game {game!r}; this pegboard replays: {games}"),
                game=name,
                games=", ".join(games.names()),
            )
        game = games.get(name)
        factory = cli_look(game).replay or GenericReplay
        told = factory(game, Terminal(), _)
        told.boards = boards
        replay_record(told, record)
    except (RecordError, OptionError) as error:
        raise fail(describe_error(error, _), _) from None
