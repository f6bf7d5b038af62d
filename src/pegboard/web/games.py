"""The server's way to the games: a match from its seed and settings, a replay of its log,
the seat check, and one action applied from its notation — each asked of the game's
description in the registry (``pegboard.games``), so that the service handles every game
alike and names none. Errors are the engine's ``IllegalActionError`` (message and rule
kept) or ``OutOfTurnError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pegboard.games
from pegboard.core import Event
from pegboard.games import OptionError, OutOfTurnError

__all__ = [
    "AnyMatch",
    "ConfigError",
    "OutOfTurnError",
    "apply",
    "apply_narrated",
    "bot_levels",
    "check_config",
    "game_names",
    "new_match",
    "players_of",
    "players_problem",
    "replay",
    "replay_narrated",
    "standings",
]

AnyMatch = Any
"""A match of any registered game (each game's own class; the core protocol's Position)."""


class ConfigError(ValueError):
    """A table setting the game does not allow; ``field`` names it (``game`` for a game
    there is not), ``error`` is the game's own worded refusal (None for ``game``)."""

    def __init__(self, field: str, message: str, error: OptionError | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.error = error


def game_names() -> tuple[str, ...]:
    return pegboard.games.names()


def check_config(game: object, config: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a new table of ``game`` (any value a client sent), checked and
    completed by the game's options; ``ConfigError`` naming the setting otherwise."""
    try:
        description = pegboard.games.get(game)
    except LookupError as error:
        raise ConfigError("game", str(error)) from None
    try:
        return description.check_options(config)
    except OptionError as error:
        raise ConfigError(error.option, str(error), error) from None


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels a table of ``game`` may seat, weakest first."""
    return pegboard.games.get(game).bot_levels()


def time_control(game: str) -> tuple[int, int]:
    """The clock that fits ``game``'s pace: bank and increment, in seconds."""
    return pegboard.games.get(game).time_control


def players_of(game: str, config: Mapping[str, Any]) -> int:
    return pegboard.games.get(game).players(config)


def players_problem(game: str) -> ConfigError:
    """The refusal of a number of seats the game's options do not give (a stored table's
    seats that disagree with its settings), worded as the game words its players option."""
    description = pegboard.games.get(game)
    error = description.option(description.players_option).refusal()
    return ConfigError(error.option, str(error), error)


def new_match(game: str, config: Mapping[str, Any], seed: int) -> AnyMatch:
    """A new match of ``game`` whose every shuffle comes from ``seed``."""
    return pegboard.games.get(game).new_match(config, seed)


def apply(match: AnyMatch, game: str, seat: int, text: str) -> str:
    """Play ``text`` (the game's notation) for ``seat``; the action's own notation back
    (``pegboard.games.Game.play``: the match is unchanged by any refusal)."""
    return pegboard.games.get(game).play(match, seat, text).notation


def apply_narrated(
    match: AnyMatch, game: str, seat: int, text: str
) -> tuple[str, tuple[Event, ...]]:
    """``apply``, and the events that tell what the action did (``Game.play_narrated``)."""
    return pegboard.games.get(game).play(match, seat, text)


def replay(
    game: str, config: Mapping[str, Any], seed: int, actions: Iterable[tuple[int, str]]
) -> AnyMatch:
    """The match rebuilt from its seed and its log of ``(seat, action)``, in order.

    A log that does not replay (an action out of turn or illegal) raises, as it can only
    mean a corrupted database.
    """
    return pegboard.games.get(game).replay(config, seed, list(actions))


def replay_narrated(
    game: str, config: Mapping[str, Any], seed: int, actions: Iterable[tuple[int, str]]
) -> tuple[AnyMatch, list[Event]]:
    """``replay``, and the events of the whole log in order (the narration of the match)."""
    description = pegboard.games.get(game)
    match = description.new_match(config, seed)
    narration: list[Event] = []
    for seat, text in actions:
        narration.extend(description.play(match, seat, text).events)
    return match, narration


def standings(match: AnyMatch, game: str) -> list[float]:
    """Each seat's standing in a finished ``match``, higher is better: ``Game.scores``; for a
    game whose match keeps no scores of its own, 1 for the winner its public view names and 0
    for the others (all 0: drawn)."""
    description = pegboard.games.get(game)
    try:
        return [float(score) for score in description.scores(match)]
    except AttributeError:
        from pegboard.web import views  # the view knows the winner of every game's match

        public = views.view(match, game, None, "en")
        winner = public.get("winner")
        return [1.0 if seat == winner else 0.0 for seat in range(int(public["players"]))]
