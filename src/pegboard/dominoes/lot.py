"""The fair lot for the first leader (D3, F3), shared by the domino games."""

from __future__ import annotations

import random
from dataclasses import dataclass

from pegboard.dominoes.tiles import DOUBLE_SIX, Tile


@dataclass(frozen=True, slots=True)
class LotDraw:
    """One pass of the lot for the first leader: the tile each candidate drew (D3)."""

    tiles: dict[int, Tile]

    @property
    def best(self) -> list[int]:
        """The candidates with the highest pip total: one wins, several draw again."""
        top = max(t.pips for t in self.tiles.values())
        return sorted(seat for seat, t in self.tiles.items() if t.pips == top)


def draw_lot(players: int, rng: random.Random) -> tuple[int, tuple[LotDraw, ...]]:
    """The fair lot of D3: each candidate draws a tile from the shuffled set, face down.

    The highest pip total leads; a tie is drawn again among the tied players only.
    The tiles dealt later give no priority.
    """
    if not 1 <= players <= len(DOUBLE_SIX):
        raise ValueError(f"a lot is drawn by 1 to {len(DOUBLE_SIX)} players, not {players}")
    candidates = list(range(players))
    draws: list[LotDraw] = []
    while True:
        tiles = rng.sample(DOUBLE_SIX, len(candidates))
        lot = LotDraw(dict(zip(candidates, tiles, strict=True)))
        draws.append(lot)
        candidates = lot.best
        if len(candidates) == 1:
            return candidates[0], tuple(draws)
