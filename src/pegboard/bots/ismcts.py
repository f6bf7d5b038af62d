"""The ``ismcts`` level (OpenSpiel's ISMCTS), registered only when OpenSpiel is installed.

The factories import ``pegboard.openspiel`` when a bot is built, so that importing the bots
does not import OpenSpiel.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from pegboard.bots.base import Bot


def available() -> bool:
    """Whether OpenSpiel (the ``research`` extra) is installed."""
    return importlib.util.find_spec("pyspiel") is not None


class _Factory:
    """Builds ``pegboard.openspiel.bots.ISMCTSBot`` for one game (picklable)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def __call__(self, budget: int | None = None) -> Bot:
        from pegboard.openspiel.bots import DEFAULT_SIMULATIONS, ISMCTSBot

        return ISMCTSBot(self.game, DEFAULT_SIMULATIONS if budget is None else budget)


def register_ismcts(register: Callable[[str, str, Callable[[], Bot]], None], game: str) -> None:
    """Register the ``ismcts`` level of ``game`` (one with an OpenSpiel look of its own),
    when OpenSpiel is there."""
    if available():
        register(game, "ismcts", _Factory(game))
