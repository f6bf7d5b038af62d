"""The double-six set numbered by weight, for the fast playouts of every domino game's bots
(Draw's, the Fives family's): tiles re-numbered so that a heavier tile has a higher bit
(ties: a double above a non-double), so that the heaviest playable tile of a hand is
``playable.bit_length() - 1``, with no loop, and a hand's pips are two table lookups.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pegboard.dominoes.tiles import DOUBLE_SIX, SETS, Tile

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


class Ranks:
    """One set's playout numbering (``ORDER``'s rule: a heavier tile has a higher bit, a
    double above a non-double of its weight): the tables above for the double-six set
    (``ranks_of(6)``), the same built over the 55 tiles for the double-nine set
    (``ranks_of(9)``, D25). A playout of a set reads its tables from here, so that a
    double-six playout is the one it always was."""

    __slots__ = (
        "_tables",
        "bits",
        "high",
        "low",
        "mask_with",
        "order",
        "pips",
        "rank_bit",
        "tile_set",
    )

    def __init__(self, tile_set: int, tiles: tuple[Tile, ...]) -> None:
        self.tile_set = tile_set
        self.order: tuple[Tile, ...] = tuple(
            sorted(tiles, key=lambda t: (t.pips, t.is_double, t.index))
        )
        place = {t: r for r, t in enumerate(self.order)}
        self.rank_bit: tuple[int, ...] = tuple(1 << place[t] for t in tiles)
        """Playout bit of each tile, by ``Tile.index``."""
        self.low: tuple[int, ...] = tuple(t.low for t in self.order)
        self.high: tuple[int, ...] = tuple(t.high for t in self.order)
        self.mask_with: tuple[int, ...] = tuple(
            sum(1 << r for r, t in enumerate(self.order) if t.has(v)) for v in range(tile_set + 1)
        )
        self.bits = len(tiles)
        # A hand's pips by table lookups of _HALF bits each (two for 28 tiles, four for 55).
        self._tables = tuple(
            _chunk_table(self.order, offset) for offset in range(0, self.bits, _HALF)
        )
        # The pip count of a playout hand (D12): the double-six set's is the module's two
        # lookups (a playout's hot path), the double-nine set's four.
        self.pips: Callable[[int], int] = pips if self.order == ORDER else self._pips

    def _pips(self, mask: int) -> int:
        total = 0
        for table in self._tables:
            total += table[mask & _LOW_MASK]
            mask >>= _HALF
        return total

    def to_playout(self, tiles_mask: int) -> int:
        """A ``Tile.bit`` set as a playout bit-set."""
        mask = 0
        rank_bit = self.rank_bit
        while tiles_mask:
            low = tiles_mask & -tiles_mask
            mask |= rank_bit[low.bit_length() - 1]
            tiles_mask ^= low
        return mask


def _chunk_table(order: tuple[Tile, ...], offset: int) -> list[int]:
    size = min(_HALF, len(order) - offset)
    table = [0] * (1 << _HALF)
    for mask in range(1, 1 << size):
        low_bit = (mask & -mask).bit_length() - 1
        table[mask] = table[mask & (mask - 1)] + order[offset + low_bit].pips
    return table


_RANKS: dict[int, Ranks] = {}


def ranks_of(tile_set: int) -> Ranks:
    """The playout numbering of the set whose highest number is ``tile_set`` (6 or 9),
    built once when first asked for (the double-nine set's tables take some 60 ms)."""
    ranks = _RANKS.get(tile_set)
    if ranks is None:
        ranks = _RANKS[tile_set] = Ranks(tile_set, SETS[tile_set])
    return ranks
