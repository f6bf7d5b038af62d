"""``pegboard replay FILE``: print a recorded match or round, move by move.

The record's ``game`` is looked up in the games registry and told by the generic replay
(``pegboard.cli.generic.replay_record``): by default from the record's start
(``Game.record_start``: options, seed and actions, each said from the rules' events), in
the game's own words where its look specialises it (``CliLook.replay``).
A file that cannot be read, or a record that does not replay, gives a one-line
error and exit code 1.
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
from pegboard.core import N_, RecordError, check_record
from pegboard.games import OptionError
from pegboard.i18n import describe_error, resolve_language, translator


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
    return check_record(data)


def replay(
    file: Annotated[Path, typer.Argument(help="A match, round or game record (JSON).")],
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
        replay_record(factory(game, Terminal(), _), record)
    except (RecordError, OptionError) as error:
        raise fail(describe_error(error, _), _) from None
