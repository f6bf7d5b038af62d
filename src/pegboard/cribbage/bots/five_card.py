"""Which cribbage bots play five-card cribbage (C13-C17, ``Game.new(seed, cards=5)``).

The random, greedy, beginner and casual bots read the hand they hold whatever its size (the
greedy and casual count a kept three with its flush of 3, C16). The strong and expert bots
value a discard by tables and a model of the opponent made for six cards (the crib's values,
``crib_table``; the chances of winning, ``odds``): at five-card they refuse in words rather
than play by numbers of another game.
"""

from __future__ import annotations

from pegboard.core import N_, Observation, WordedError
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation


def six_card_only(observation: Observation) -> None:
    """Refuse a game of five-card cribbage (C13) with a clear error; nothing otherwise."""
    view = observation.game if isinstance(observation, MatchObservation) else observation
    if isinstance(view, CribbageObservation) and view.cards == 5:
        raise WordedError(
            N_(
                "this bot plays six-card cribbage; at five-card cribbage (C13) the random, "
                "greedy, beginner and casual bots play"
            )
        )
