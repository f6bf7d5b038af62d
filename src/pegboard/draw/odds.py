"""Draw's chances of winning (``pegboard.games.WinProbabilities``, issue 37).

Placeholder while the samples are drawn; the tables follow.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Final

from pegboard.draw.round import Round
from pegboard.games.levels import make_bot

PATH: Final = Path(__file__).with_name("draw.odds.json.gz")
SAMPLING_LEVEL: Final = "expert"
CONFIGURATIONS: Final = ("2", "3", "4")


def sample_round(players: int, seed: int) -> list[int]:
    """One round from 0-0, seat 0 leading, played by ``players`` experts seeded from
    ``seed``: ``[winner, points]``, the seat that scored (seat 0 led) and its points, or
    ``[-1, 0]`` when nobody scored (a blocked round with the lowest count shared, D14)."""
    seeds = random.Random(seed)
    bots = [make_bot("draw", SAMPLING_LEVEL, seed=seeds.getrandbits(63)) for _ in range(players)]
    round_ = Round.deal(players, seed=seeds.getrandbits(63), leader=0)
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    result = round_.result
    assert result is not None
    if result.winner is None:
        return [-1, 0]
    return [result.winner, result.points[result.winner]]


class DrawTables:
    """Draw's ``WinProbabilities``."""

    path = PATH
    configurations = CONFIGURATIONS

    def sample_deal(self, configuration: str, seed: int) -> list[int]:
        return sample_round(int(configuration), seed)

    def build(self, samples):  # type: ignore[no-untyped-def]
        return {}


TABLES: Final = DrawTables()
