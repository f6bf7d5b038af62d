"""What the web asks of the games registry beyond a ``Game``'s own methods: a new table's
settings checked with the refusal named for the lobby (``ConfigError``), a stored table's
log replayed with its narration, a finished match's standings. Everything else the web
does with a game (a new match, a move, the bot levels, the clock) it asks of the table's
``Game`` object itself (``LiveTable.game``), so that the service handles every game alike
and names none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pegboard.games
from pegboard.core import Event
from pegboard.games import Game, OptionError

__all__ = [
    "AnyMatch",
    "ConfigError",
    "check_config",
    "game_names",
    "players_problem",
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


def check_config(game: object, config: Mapping[str, Any]) -> tuple[Game, dict[str, Any]]:
    """The game named ``game`` (any value a client sent) and the settings of a new table of
    it, checked and completed by the game's options; ``ConfigError`` naming the setting
    otherwise."""
    try:
        description = pegboard.games.get(game)
    except LookupError as error:
        raise ConfigError("game", str(error)) from None
    try:
        return description, description.check_options(config)
    except OptionError as error:
        raise ConfigError(error.option, str(error), error) from None


def players_problem(game: Game) -> ConfigError:
    """The refusal of a number of seats the game's options do not give (a stored table's
    seats that disagree with its settings), worded as the game words its players option."""
    error = game.option(game.players_option).refusal()
    return ConfigError(error.option, str(error), error)


def replay_narrated(
    game: Game, config: Mapping[str, Any], seed: int, actions: Iterable[tuple[int, str]]
) -> tuple[AnyMatch, list[Event]]:
    """The match rebuilt from its seed and its log of ``(seat, action)``, in order, and the
    events of the whole log (the narration of the match). A log that does not replay (an
    action out of turn or illegal) raises, as it can only mean a corrupted database."""
    match = game.new_match(config, seed)
    narration: list[Event] = []
    for seat, text in actions:
        narration.extend(game.play(match, seat, text).events)
    return match, narration


def standings(match: AnyMatch, game: Game) -> list[float]:
    """Each seat's standing in a finished ``match``, higher is better: ``Game.scores``; for a
    game whose match keeps no scores of its own, 1 for the winner its public view names and 0
    for the others (all 0: drawn)."""
    try:
        return [float(score) for score in game.scores(match)]
    except AttributeError:
        from pegboard.web import views  # the view knows the winner of every game's match

        public = views.view(match, game.name, None, "en")
        winner = public.get("winner")
        return [1.0 if seat == winner else 0.0 for seat in range(int(public["players"]))]
