"""Dominoes of the double-six set (D1)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar, Final

from pegboard.core.errors import N_, WordedError

_TILE_TEXT = re.compile(r"^\s*\[?\s*([0-6])\s*[|\-:/, ]\s*([0-6])\s*\]?\s*$")


class Tile:
    """One domino, normalised so that ``low <= high``: ``Tile(4, 1) == Tile(1, 4)``.

    Tiles are interned: there are exactly 28 instances, so comparison is identity and a
    tile is a cheap dictionary key. ``index`` (0-27) and ``bit`` (``1 << index``) serve the
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
        if not (isinstance(a, int) and isinstance(b, int)) or low < 0 or high > 6:
            raise ValueError(f"no such tile in a double-six set: {a!r}, {b!r} (D1)")
        tile = object.__new__(cls)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "pips", low + high)
        object.__setattr__(tile, "is_double", low == high)
        # Index in the order of DOUBLE_SIX: [0|0], [0|1], ... [0|6], [1|1], ... [6|6].
        index = sum(7 - i for i in range(low)) + (high - low)
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
            if len(compact) == 2 and compact.isdigit() and max(compact) <= "6":
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

TILES_WITH: Final[tuple[tuple[Tile, ...], ...]] = tuple(
    tuple(t for t in DOUBLE_SIX if t.has(v)) for v in range(7)
)
"""For each number 0-6, the seven tiles that show it."""

MASK_WITH: Final[tuple[int, ...]] = tuple(sum(t.bit for t in TILES_WITH[v]) for v in range(7))
"""For each number 0-6, the bit-set (``Tile.bit``) of the seven tiles that show it."""


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bit-set, in the order of ``DOUBLE_SIX``."""
    return tuple(t for t in DOUBLE_SIX if mask & t.bit)


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
