"""The double-six set numbered by weight, for the fast playouts of every domino game's bots
(Draw's, the Fives family's): tiles re-numbered so that a heavier tile has a higher bit
(ties: a double above a non-double), so that the heaviest playable tile of a hand is
``playable.bit_length() - 1``, with no loop, and a hand's pips are two table lookups.
"""

from __future__ import annotations

from typing import Final

from pegboard.dominoes.tiles import DOUBLE_SIX, Tile

ORDER: Final[tuple[Tile, ...]] = tuple(
    sorted(DOUBLE_SIX, key=lambda t: (t.pips, t.is_double, t.index))
)
"""The tiles by playout bit: bit ``r`` is ``ORDER[r]``, lightest first."""
RANK_BIT: Final[tuple[int, ...]] = tuple(
    1 << ORDER.index(t) for t in sorted(DOUBLE_SIX, key=lambda t: t.index)
)
"""Playout bit of each tile, by ``Tile.index``."""
LOW: Final[tuple[int, ...]] = tuple(t.low for t in ORDER)
HIGH: Final[tuple[int, ...]] = tuple(t.high for t in ORDER)
PLAYOUT_MASK_WITH: Final[tuple[int, ...]] = tuple(
    sum(1 << r for r, t in enumerate(ORDER) if t.has(v)) for v in range(7)
)
"""For each number 0-6, the playout bit-set of the tiles that show it (playout bits, not
``Tile.bit``: ``tiles.MASK_WITH`` is the same sets in the engine's bits)."""
_HALF: Final = 14


def _pip_table(offset: int) -> list[int]:
    table = [0] * (1 << _HALF)
    for mask in range(1, 1 << _HALF):
        low_bit = (mask & -mask).bit_length() - 1
        table[mask] = table[mask & (mask - 1)] + ORDER[offset + low_bit].pips
    return table


_PIPS_LOW: Final = _pip_table(0)
_PIPS_HIGH: Final = _pip_table(_HALF)
_LOW_MASK: Final = (1 << _HALF) - 1


def pips(mask: int) -> int:
    """The pip count of a playout hand (D12)."""
    return _PIPS_LOW[mask & _LOW_MASK] + _PIPS_HIGH[mask >> _HALF]


def to_playout(tiles_mask: int) -> int:
    """A ``Tile.bit`` set as a playout bit-set."""
    mask = 0
    while tiles_mask:
        low = tiles_mask & -tiles_mask
        mask |= RANK_BIT[low.bit_length() - 1]
        tiles_mask ^= low
    return mask
