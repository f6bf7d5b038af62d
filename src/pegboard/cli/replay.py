"""``pegboard replay FILE``: print a recorded match or round, move by move.

The record's ``game`` picks the game's replayer (``REPLAYERS``); a second game adds an
entry. A file that cannot be read, or a record that does not replay, gives a one-line
error and exit code 1.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from pegboard.cli.i18n import Translator, resolve_language, translator
from pegboard.cli.terminal import Terminal, fail
from pegboard.core import RecordError, check_record
from pegboard.draw.line import LANGUAGES

Replayer = Callable[[dict[str, Any], str, Terminal, Translator], None]


def _replay_draw(
    record: dict[str, Any], lang: str, terminal: Terminal, gettext: Translator
) -> None:
    from pegboard.cli.draw_replay import replay_draw

    replay_draw(record, lang, terminal, gettext)


def _replay_cribbage(
    record: dict[str, Any], lang: str, terminal: Terminal, gettext: Translator
) -> None:
    from pegboard.cli.cribbage_replay import replay_cribbage

    replay_cribbage(record, lang, terminal, gettext)


REPLAYERS: dict[str, Replayer] = {"draw": _replay_draw, "cribbage": _replay_cribbage}


def read_record(path: Path, _: Translator | None = None) -> dict[str, Any]:
    """The JSON record in ``path``, its header checked; ``RecordError`` if it is not one
    (the file's problems worded in ``_``'s language; the header's by the engine)."""
    _ = translator("en") if _ is None else _
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(_("no such file: {path}").format(path=path)) from None
    except IsADirectoryError:
        raise RecordError(_("{path} is a directory, not a record").format(path=path)) from None
    except OSError as error:
        raise RecordError(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None
    except UnicodeDecodeError:
        raise RecordError(_("{path} is not a text file").format(path=path)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            _("{path} is not JSON (line {line}, column {column}: {reason})").format(
                path=path, line=error.lineno, column=error.colno, reason=error.msg
            )
        ) from None
    return check_record(data)


def replay(
    file: Annotated[Path, typer.Argument(help="A match, round or game record (JSON).")],
    lang: Annotated[
        str | None,
        typer.Option(
            help=f"Language: {', '.join(LANGUAGES)} (default: from LANGUAGE, LC_ALL, LANG)."
        ),
    ] = None,
) -> None:
    """Print a recorded match, round (Draw) or game (cribbage): every move, every score."""
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    try:
        record = read_record(file, _)
        game = record.get("game")
        replayer = REPLAYERS.get(game) if isinstance(game, str) else None
        if replayer is None:
            raise RecordError(
                _(
                    "cannot replay a record of the game {game!r}; this pegboard replays: {games}"
                ).format(game=game, games=", ".join(REPLAYERS))
            )
        replayer(record, _.lang, Terminal(), _)
    except RecordError as error:
        raise fail(str(error), _) from None
