"""The page's files: the web's own (``web/static``, under ``/static/``) and each game's
(``Game.looks.assets``: its page module, its rules page's scripts, its styles), served
under ``/static/games/`` beside the generic page module, so that a game's page module
imports the page's shared modules (``dom.js``, ``i18n.js``) one folder up wherever its
package lies.

The games' folders are asked of the registry at each request, so a game registered later
(a plug-in, a test's toy) is served as the built-in ones are; Starlette's ``StaticFiles``
keeps a request inside the folders it serves.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from starlette.staticfiles import StaticFiles

import pegboard.games

STATIC: Final = Path(__file__).parent / "static"
"""The web's own files, under ``/static/``."""
GAMES: Final = "games"
"""Where the games' files are, under ``/static/``: ``/static/games/NAME.js``."""


def game_folders() -> list[Path]:
    """The folders served under ``/static/games/``, in the order a name is looked up: the
    generic page module's, then each registered game's own."""
    folders = [STATIC / GAMES]
    for name in pegboard.games.names():
        for folder in pegboard.games.get(name).looks.assets:
            if folder not in folders:
                folders.append(folder)
    return folders


def static_file(path: str) -> Path | None:
    """The file that ``/static/PATH`` serves, or None (for checks of the page's imports)."""
    head, _sep, rest = path.partition("/")
    if head == GAMES and rest:
        found = [folder / rest for folder in game_folders() if (folder / rest).is_file()]
        return found[0] if found else None
    own = STATIC / path
    return own if own.is_file() else None


class GameFiles(StaticFiles):
    """``/static/games/``: the generic page module and every registered game's files."""

    def __init__(self) -> None:
        super().__init__(directory=STATIC / GAMES)

    @property
    def all_directories(self) -> list[str | os.PathLike[str]]:
        return list(game_folders())

    @all_directories.setter
    def all_directories(self, _value: object) -> None:
        """Starlette's ``__init__`` sets its list: the registry gives it instead."""
