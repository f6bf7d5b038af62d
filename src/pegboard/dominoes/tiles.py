"""Dominoes of the double-six set (D1) and of the double-nine set (D25).

A tile's ``index`` is its place in ``DOUBLE_NINE``: the 28 tiles of the double-six set first,
in the order they always had ([0|0]=0, [0|1]=1, ... [6|6]=27), then the 27 tiles with a 7,
an 8 or a 9, by their high half then their low one ([0|7]=28, ... [9|9]=54). So a double-six
hand's bit-set, a deal's tile order and every record of the double-six set are what they
were before the double-nine set came.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar, Final

from pegboard.core.errors import N_, WordedError

_TILE_TEXT = re.compile(r"^\s*\[?\s*([0-9])\s*[|\-:/, ]\s*([0-9])\s*\]?\s*$")

SIX: Final = 6
"""The double-six set's highest number (D1)."""
NINE: Final = 9
"""The double-nine set's highest number (D25)."""
SET_SIZES: Final[dict[int, int]] = {SIX: 28, NINE: 55}
"""Tiles in a set, by its highest number: (n + 1)(n + 2) / 2."""


class Tile:
    """One domino, normalised so that ``low <= high``: ``Tile(4, 1) == Tile(1, 4)``.

    Tiles are interned: there are exactly 55 instances (the double-nine set, which holds the
    double-six set's 28), so comparison is identity and a tile is a cheap dictionary key.
    ``index`` (0-54, the double-six tiles 0-27) and ``bit`` (``1 << index``) serve the
    engine's bit-set hands.
    """

    __slots__ = ("bit", "high", "index", "is_double", "low", "pips")

    low: int
    high: int
    pips: int
    is_double: bool
    index: int
    bit: int

    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    def __new__(cls, a: int, b: int) -> Tile:
        low, high = (a, b) if a <= b else (b, a)
        try:
            return cls._interned[(low, high)]
        except KeyError:
            pass
        if not (isinstance(a, int) and isinstance(b, int)) or low < 0 or high > NINE:
            raise ValueError(f"no such tile in a double-nine set: {a!r}, {b!r} (D1, D25)")
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "pips", low + high)
        object.__setattr__(tile, "is_double", low == high)
        # Index in the order of DOUBLE_NINE: [0|0], [0|1], ... [0|6], [1|1], ... [6|6] as
        # in DOUBLE_SIX, then [0|7] ... [7|7], [0|8] ... [9|9] (high, then low).
        if high <= SIX:
            index = sum(7 - i for i in range(low)) + (high - low)
        else:
            index = high * (high + 1) // 2 + low
        object.__setattr__(tile, "index", index)
        object.__setattr__(tile, "bit", 1 << index)
        cls._interned[(low, high)] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    def __copy__(self) -> Tile:
        return self

    def __deepcopy__(self, memo: object) -> Tile:
        return self

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"[4|1]"``, ``"4-1"``, ``"4|1"`` or ``"41"``; raise ``ValueError`` otherwise."""
        if not isinstance(text, str):
            raise WordedError(N_("a tile is written like [1|4] or 1-4, not {text!r}"), text=text)
        match = _TILE_TEXT.match(text)
        if match is None:
            compact = text.strip()
            if len(compact) == 2 and compact.isdigit():
                return cls(int(compact[0]), int(compact[1]))
            raise WordedError(
                N_("not a tile of the double-six set: {text!r} (write it like [1|4])"), text=text
            )
        return cls(int(match.group(1)), int(match.group(2)))

    def has(self, value: int) -> bool:
        """Whether one half shows ``value``."""
        return self.low == value or self.high == value

    def other(self, value: int) -> int:
        """The number on the half opposite the one showing ``value``."""
        if value == self.low:
            return self.high
        if value == self.high:
            return self.low
        raise ValueError(f"{self} has no half showing {value}")

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __le__(self, other: Tile) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Tile) -> bool:
        return self.index > other.index

    def __ge__(self, other: Tile) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index


DOUBLE_SIX: Final[tuple[Tile, ...]] = tuple(Tile(a, b) for a in range(7) for b in range(a, 7))
"""The 28 tiles of the double-six set, from [0|0] to [6|6] (D1)."""

DOUBLE_NINE: Final[tuple[Tile, ...]] = DOUBLE_SIX + tuple(
    Tile(low, high) for high in range(SIX + 1, NINE + 1) for low in range(high + 1)
)
"""The 55 tiles of the double-nine set (D25), by ``Tile.index``: the double-six set's 28
first, then [0|7] ... [9|9]."""

SETS: Final[dict[int, tuple[Tile, ...]]] = {SIX: DOUBLE_SIX, NINE: DOUBLE_NINE}
"""The tiles of each set, by its highest number, in ``Tile.index`` order."""

TILES_WITH: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(t for t in DOUBLE_SIX if t.has(v)) for v in range(7)
)
"""For each number 0-6, the seven tiles of the double-six set that show it."""

MASK_WITH: Final[tuple[int, ...]] = tuple(sum(t.bit for t in TILES_WITH[v]) for v in range(7))
"""For each number 0-6, the bit-set (``Tile.bit``) of the seven double-six tiles that show it."""

TILES_WITH_NINE: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(t for t in DOUBLE_NINE if t.has(v)) for v in range(NINE + 1)
)
"""For each number 0-9, the ten tiles of the double-nine set that show it (D25), the
double-six set's first."""

MASK_WITH_NINE: Final[tuple[int, ...]] = tuple(
    sum(t.bit for t in TILES_WITH_NINE[v]) for v in range(NINE + 1)
)
"""For each number 0-9, the bit-set of the ten double-nine tiles that show it (D25)."""

MASK_WITH_IN: Final[dict[int, tuple[int, ...]]] = {SIX: MASK_WITH, NINE: MASK_WITH_NINE}
"""``MASK_WITH`` of each set, by its highest number."""


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bit-set, in ``Tile.index`` order (``DOUBLE_NINE``'s)."""
    if mask < 1 << 28:  # a double-six bit-set: the common case, kept as fast as it was
        return tuple(t for t in DOUBLE_SIX if mask & t.bit)
    return tuple(t for t in DOUBLE_NINE if mask & t.bit)


def reading_order(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tiles`` as a hand is shown to a person: by the lower number, then the higher
    ([0|7] before [1|4]). The double-six set's index order is this order already; the
    double-nine set's is not (its tiles with a 7, 8 or 9 come after every double-six tile,
    D25), so a hand of the big set is sorted here, where it is shown, and the engines keep
    their order."""
    return tuple(sorted(tiles, key=lambda tile: (tile.low, tile.high)))


def set_of(tiles: Iterable[Tile]) -> int:
    """The smallest set (``SIX`` or ``NINE``) that holds every one of ``tiles``."""
    return NINE if any(t.high > SIX for t in tiles) else SIX


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bit-set of an iterable of tiles."""
    mask = 0
    for tile in tiles:
        mask |= tile.bit
    return mask


def distinct_tiles(tiles: Iterable[object], placed: Iterable[Tile] = ()) -> set[Tile]:
    """The tiles of a position given whole (its hands, stock or boneyard) with those already
    ``placed`` on the table, as a set: ``ValueError`` for anything that is not a tile, or a
    tile found twice (D1: the set has one of each)."""
    seen: set[Tile] = set(placed)
    for tile in tiles:
        if not isinstance(tile, Tile):
            raise ValueError(f"not a tile: {tile!r}")
        if tile in seen:
            raise ValueError(f"{tile} appears twice in the position (D1)")
        seen.add(tile)
    return seen
