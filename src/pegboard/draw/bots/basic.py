"""Bots for the domino game Draw."""

from __future__ import annotations

import random

from pegboard.bots.base import legal_or_raise
from pegboard.core import Action, Observation
from pegboard.draw.actions import DrawTile, Play


class GreedyBot:
    """Plays its heaviest playable tile; draws only when it has none (D7), else passes (D8).

    Shedding the heaviest tile first keeps the pip count low if the round blocks (D14) or
    an opponent dominoes (D13). Among equally heavy plays a double goes first (a double
    fits fewer ends later); a remaining tie (one tile fitting both ends, or two tiles of
    the same weight) is broken at random.
    """

    name = "greedy"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            best = max((p.tile.pips, p.tile.is_double) for p in plays)
            heaviest = [p for p in plays if (p.tile.pips, p.tile.is_double) == best]
            return heaviest[rng.randrange(len(heaviest))]
        # No playable tile: draw while the stock allows (D7), otherwise the pass (D8).
        draws = [a for a in legal if isinstance(a, DrawTile)]
        return draws[0] if draws else legal[0]

    def __repr__(self) -> str:
        return "GreedyBot()"
