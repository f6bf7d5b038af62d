"""The games registry (ARCHITECTURE.md, layer 5): one description per game, the only place
where the set of games is known. Surfaces ask it and never name a game themselves.

    >>> import pegboard.games
    >>> pegboard.games.names()
    ('draw', 'cribbage')
    >>> draw = pegboard.games.get("draw")
    >>> draw.check_options({"players": 3})
    {'players': 3, 'target': None}

A game outside this package (a plug-in, or a test's toy game) joins with ``register``.
"""

from __future__ import annotations

from pegboard.core import N_
from pegboard.games.base import Game, Option, OptionError, OutOfTurnError, UnknownGameError

__all__ = [
    "Game",
    "Option",
    "OptionError",
    "OutOfTurnError",
    "UnknownGameError",
    "get",
    "names",
    "register",
    "unregister",
]

_GAMES: dict[str, Game] = {}


def _builtins() -> dict[str, Game]:
    """The games of this package, registered on first use (their modules import the rules
    and the bots, which need not load with the registry itself)."""
    if not _GAMES:
        from pegboard.games import cribbage, draw

        for game in (draw.GAME, cribbage.GAME):
            _GAMES.setdefault(game.name, game)
    return _GAMES


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
