"""pegboard's games in OpenSpiel (the ``research`` extra: ``pip install 'pegboard[research]'``).

Importing this package registers two Python games with ``pyspiel.register_game``:

>>> import pyspiel, pegboard.openspiel
>>> draw = pyspiel.load_game("pegboard_draw", {"players": 3})
>>> cribbage = pyspiel.load_game("pegboard_cribbage")

Both have explicit chance nodes (the deal one tile or card at a time, Draw's draws from the
stock, cribbage's starter), the dense actions of ``pegboard.openspiel.encoding``,
information-state and observation strings and tensors, and ``resample_from_infostate``
for OpenSpiel's ``ISMCTSBot`` (``resampler(rng)`` gives a seeded one for
``bot.set_resampler``). ``pegboard.openspiel.bots.ISMCTSBot`` seats that bot in the arena.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pegboard.openspiel import cribbage_game, draw_game
from pegboard.openspiel.cribbage_game import CribbageGame, CribbageState
from pegboard.openspiel.draw_game import DrawGame, DrawState


def resampler(rng: random.Random) -> Callable[[Any, int], Any]:
    """A seeded resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state``."""

    def resample(state: Any, player: int) -> Any:
        if isinstance(state, DrawState):
            return draw_game.resample(state, player, rng)
        if isinstance(state, CribbageState):
            return cribbage_game.resample(state, player, rng)
        raise TypeError(f"not a pegboard OpenSpiel state: {state!r}")

    return resample


__all__ = ["CribbageGame", "CribbageState", "DrawGame", "DrawState", "resampler"]
