"""pegboard's games in OpenSpiel (the ``research`` extra: ``pip install 'pegboard[research]'``).

Importing this package registers, with ``pyspiel.register_game``, an OpenSpiel game for
every registered game with an ``Encoding`` (``register_games``): the game of
``pegboard.openspiel.generic``, ``pegboard_<name>``, specialised by the game's ``Look``
when its description names one (``Game.looks.openspiel``: Draw's ``pegboard_draw`` and
cribbage's ``pegboard_cribbage``). A game registered later gets one from
``register_games()`` again, or from ``load_game``:

>>> import pyspiel, pegboard.openspiel
>>> draw = pyspiel.load_game("pegboard_draw", {"players": 3})
>>> cribbage = pegboard.openspiel.load_game("cribbage")
>>> tricks = pegboard.openspiel.load_game("tricks", {"hand": 2})  # a plug-in game

Draw's and cribbage's looks give explicit chance nodes (their ``Table``: the deal one tile or
card at a time, Draw's draws from the stock, cribbage's starter), their information-state
and observation strings and tensors (their observer), and a search for ISMCTS; every
game has the dense actions of its ``Encoding`` and ``resample_from_infostate`` for
OpenSpiel's ``ISMCTSBot`` (``resampler(rng)`` gives a seeded one for
``bot.set_resampler``, for every pegboard state).
``pegboard.openspiel.bots.ISMCTSBot`` seats that bot in the arena.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pyspiel

from pegboard import games
from pegboard.games import Encoding
from pegboard.openspiel.table import Setup, Table

__all__ = ["Look", "NoEncodingError", "load_game", "register_games", "resampler", "short_name"]


class NoEncodingError(ValueError):
    """A game that OpenSpiel cannot be given: it has neither an OpenSpiel module nor an
    ``Encoding``."""


@dataclass(frozen=True)
class Look:
    """How a game's OpenSpiel game differs from the generic one (``Game.looks.openspiel``;
    every field but the name may be left to the generic game's).

    ``short_name`` is the OpenSpiel name, ``long_name`` its long one, ``utility`` its
    ``pyspiel.GameType.Utility``; ``specification`` its parameters with their defaults, and
    ``parameters`` turns the game's options into them (``load_game``). ``setup(params)``
    reads the parameters (a ``pegboard.openspiel.table.Setup``: seats, bounds, settings)
    and ``table(game, encoding, setup)`` makes the ``Table`` of a new state (explicit chance
    nodes of the game's own); ``observer(setup, iig_obs_type)`` what a player is told.
    ``search_state(observation, rng)`` and ``search_action(observation, number)`` let
    ``ISMCTSBot`` search from a seat's observation: an OpenSpiel state consistent with it
    (its unseen part dealt at random), and the pegboard action of the number OpenSpiel
    chose; None when the game offers no search."""

    short_name: str
    parameters: Callable[[Mapping[str, Any]], dict[str, Any]] = dict
    search_state: Callable[[Any, random.Random], Any] | None = None
    search_action: Callable[[Any, int], Any] | None = None
    long_name: str | None = None
    utility: Any = pyspiel.GameType.Utility.ZERO_SUM
    specification: Mapping[str, Any] | None = None
    setup: Callable[[Mapping[str, Any]], Setup] | None = None
    table: Callable[[games.Game, Encoding, Setup], Table] | None = None
    observer: Callable[[Setup, Any], Any] | None = None


_REGISTERED: dict[int, tuple[games.Game, str]] = {}
"""The generic OpenSpiel games registered so far, by the ``id`` of the game description
(kept with it): a test's toy registered again is the same description, the same game."""


def resampler(rng: random.Random) -> Callable[[Any, int], Any]:
    """A seeded resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state``.
    Every pegboard state resamples itself (``state.resample(player, rng)``)."""

    def resample(state: Any, player: int) -> Any:
        own = getattr(state, "resample", None)
        if own is None:
            raise TypeError(f"not a pegboard OpenSpiel state: {state!r}")
        return own(player, rng)

    return resample


def look(game: games.Game) -> Look | None:
    """The game's own OpenSpiel module's ``Look`` (importing it registers its game)."""
    return None if game.looks.openspiel is None else game.looks.openspiel()


def short_name(name: str) -> str:
    """The OpenSpiel name of the registered game ``name``, registering it if need be;
    ``NoEncodingError`` (naming the games OpenSpiel can have) when there is none."""
    game = games.get(name)  # UnknownGameError names the games
    own = look(game)  # importing it may have registered the game (its module's end)
    known = _REGISTERED.get(id(game))
    if known is not None:
        return known[1]
    encoding = game.research_encoding()
    if encoding is None:
        choices = ", ".join(n for n in games.names() if _servable(games.get(n)))
        raise NoEncodingError(
            f"the game {game.name!r} has no research encoding (Game.encoding); "
            f"the games OpenSpiel can have: {choices or 'none'}"
        )
    from pegboard.openspiel import generic

    name = generic.register(game, encoding, own)  # a description new under an old name replaces it
    for key in [key for key, (_game, known_name) in _REGISTERED.items() if known_name == name]:
        del _REGISTERED[key]
    _REGISTERED[id(game)] = (game, name)
    return name


def _servable(game: games.Game) -> bool:
    return game.encoding is not None


def register_games() -> tuple[str, ...]:
    """Register every registered game that OpenSpiel can have (not yet registered); the
    OpenSpiel names of them all, in the registry's order."""
    names: list[str] = []
    for game in (games.get(name) for name in games.names()):
        if not _servable(game):
            continue
        try:
            names.append(short_name(game.name))
        except ImportError as error:
            # A game's own OpenSpiel module imports this package first (for ``Look``): when
            # it is the one being imported, it is half loaded now and registers its own game
            # when it ends. Any other failure to import is a fault, raised.
            if error.name is None or error.name not in sys.modules:
                raise
    return tuple(names)


def load_game(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """``pyspiel.load_game`` of the registered game ``name`` with the game's ``options``.

    For the generic game they are its parameters (OpenSpiel refuses an unknown one, the
    game an option out of range, naming the rule). For a game's own OpenSpiel module each
    option given is checked by the game, then turned into that game's parameters by its
    ``Look`` (which refuses an option its game does not play: Draw's is one round)."""
    found = short_name(name)
    game = games.get(name)
    own = look(game)
    request = dict(options or {})
    if own is None:
        return pyspiel.load_game(found, request)
    known = {option.name for option in game.options}
    unknown = sorted(set(request) - known)
    if unknown:
        raise ValueError(
            f"{game.name} has no option {', '.join(unknown)}; "
            f"its options: {', '.join(sorted(known)) or 'none'}"
        )
    for key, value in request.items():
        game.option(key).check(value)  # OptionError names the rule
    return pyspiel.load_game(found, own.parameters(request))


register_games()
