"""The games registry (docs/architecture.md, layer 4): one description per game, the only place
where the set of games is known. Surfaces ask it and never name a game themselves.

    >>> import pegboard.games
    >>> pegboard.games.names()
    ('draw', 'cribbage', 'all-fives', 'fives-and-threes')
    >>> draw = pegboard.games.get("draw")
    >>> draw.check_options({"players": 3})
    {'players': 3, 'target': None, 'block': 0, 'partnerships': 0, 'set': 6}

A game outside this package joins with ``register``, or as a plug-in found when the
registry is first used: a distribution's entry point in the ``pegboard.games`` group, or
a ``module:name`` in the ``PEGBOARD_GAMES`` environment variable (several separated by
commas; a test's server in another process finds a toy game this way). Either names a
``Game``, or a function of no arguments that registers what it needs (bots too) and
returns one.
"""

from __future__ import annotations

import importlib
import os
from importlib.metadata import entry_points
from typing import Any

from pegboard.core import N_
from pegboard.games.base import (
    Encoding,
    Game,
    Grading,
    Looks,
    Option,
    OptionError,
    OutOfTurnError,
    Played,
    UnknownGameError,
    WinProbabilities,
    observation_lines,
)
from pegboard.games.levels import (
    DEFAULT_LEVEL,
    LEVEL_NAMES,
    PEOPLE_LEVELS,
    bot_games,
    bot_levels,
    for_people,
    level_name,
    make_bot,
    preferred_level,
    quick_level,
    register_bot,
    unregister_bots,
)

__all__ = [
    "DEFAULT_LEVEL",
    "ENTRY_POINTS",
    "ENVIRONMENT",
    "LEVEL_NAMES",
    "PEOPLE_LEVELS",
    "Encoding",
    "Game",
    "Grading",
    "Looks",
    "Option",
    "OptionError",
    "OutOfTurnError",
    "Played",
    "UnknownGameError",
    "WinProbabilities",
    "bot_games",
    "bot_levels",
    "for_people",
    "get",
    "level_name",
    "make_bot",
    "names",
    "observation_lines",
    "preferred_level",
    "quick_level",
    "register",
    "register_bot",
    "unregister",
    "unregister_bots",
]

ENTRY_POINTS = "pegboard.games"
"""The entry-point group of games installed as plug-ins."""
ENVIRONMENT = "PEGBOARD_GAMES"
"""The environment variable naming more games, ``module:name`` separated by commas."""

_GAMES: dict[str, Game] = {}


def _builtins() -> dict[str, Game]:
    """The games of this package and the plug-ins, registered on first use (their modules
    import the rules and the bots, which need not load with the registry itself)."""
    if not _GAMES:
        from pegboard.cribbage.description import GAME as CRIBBAGE
        from pegboard.draw.description import GAME as DRAW
        from pegboard.fives.description import ALL_FIVES_GAME, FIVES_AND_THREES_GAME

        for game in (DRAW, CRIBBAGE, ALL_FIVES_GAME, FIVES_AND_THREES_GAME):
            _GAMES.setdefault(game.name, game)
        for loaded in _plug_ins():
            _GAMES.setdefault(loaded.name, loaded)
    return _GAMES


def _plug_ins() -> list[Game]:
    found: list[Any] = [point.load() for point in entry_points(group=ENTRY_POINTS)]
    for reference in os.environ.get(ENVIRONMENT, "").split(","):
        module, _sep, name = reference.strip().partition(":")
        if module:
            found.append(getattr(importlib.import_module(module), name or "GAME"))
    return [item if isinstance(item, Game) else item() for item in found]


def register(game: Game) -> None:
    """Make ``game`` known to every surface by its name (a name is registered once)."""
    games = _builtins()
    if game.name in games and games[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    games[game.name] = game


def unregister(name: str) -> None:
    """Forget a registered game (tests register toy games for a while)."""
    _builtins().pop(name, None)


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_builtins())


def get(name: object) -> Game:
    """The game called ``name``; ``UnknownGameError`` naming the choices otherwise."""
    games = _builtins()
    if isinstance(name, str) and name in games:
        return games[name]
    shown = repr(name) if len(repr(name)) <= 24 else repr(name)[:21] + "..."
    raise UnknownGameError(
        N_("no game {name}; the games are {games}"), name=shown, games=", ".join(games)
    )
