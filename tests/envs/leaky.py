"""A planted leak for the research interfaces' hidden-information checks: ``leaky_tricks``,
the toy game whose observation slips the other seat's hand in among the laid cards, so
that its encoding (built from the observation alone, as it should be) holds it. The
checks of tests/envs and tests/openspiel must catch it, which shows they can fail."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from pegboard import games
from pegboard.games import Game
from tests.games import toy

NAME = "leaky_tricks"


class LeakyMatch(toy.TricksMatch):
    def observation(self, seat: int) -> toy.TricksObservation:
        honest = super().observation(seat)
        return dataclasses.replace(honest, laid=honest.laid + tuple(self.hands[1 - seat]))


def new_match(options: Mapping[str, Any], seed: int) -> LeakyMatch:
    return LeakyMatch(int(options["hand"]), seed)


GAME = dataclasses.replace(toy.GAME, name=NAME, new_match=new_match, match_type=LeakyMatch)


@contextmanager
def registered(game: Game) -> Iterator[Game]:
    """``game`` in the registry for a while."""
    games.register(game)
    try:
        yield game
    finally:
        games.unregister(game.name)
