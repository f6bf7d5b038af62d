"""How likely a play leaves the next seat with nothing to play: the "blocking" figure the
domino experts show beside a play's value (issue 36's reports and hints).

It is a static figure, computed from the seat's observation alone and never weighed by
any bot: the chance that the next seat to play holds no tile fitting any open end after
the play, if its tiles were any of the tiles the seat cannot see, all alike (a
hypergeometric draw: of ``u`` unseen tiles ``f`` fit, and the next seat holds ``n`` of
them, so the chance is C(u - f, n) / C(u, n)). What a seat's earlier draws and passes
proved about its hand is not used. As a percentage, 0-100.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from math import comb

from pegboard.dominoes.tiles import Tile


def blocking_chance(unseen: Iterable[Tile], values: Collection[int], hand_size: int) -> float:
    """The chance, in percent, that ``hand_size`` tiles drawn alike from ``unseen`` hold
    none with a half among ``values`` (the open ends' numbers after the play)."""
    tiles = list(unseen)
    fitting = sum(1 for t in tiles if t.low in values or t.high in values)
    if hand_size > len(tiles):
        raise ValueError(f"a seat cannot hold {hand_size} of {len(tiles)} unseen tiles")
    return 100.0 * comb(len(tiles) - fitting, hand_size) / comb(len(tiles), hand_size)
