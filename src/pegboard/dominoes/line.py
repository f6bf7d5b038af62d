"""Ends of placed tiles, the line of play (D5, D9) and its accessible description (B1-B5).

Shared by every domino game: Draw plays on this ``Line``; the Fives family's layout
(``pegboard.fives.Layout``) uses its ``End`` and ``Joint`` and adds the spinner's two ends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, Self

from pegboard.core import N_, AnyOf, IllegalActionError, WordedError
from pegboard.core.languages import (
    language,  # re-exported: B5 keys
    per_language,
)
from pegboard.dominoes.tiles import Tile

Side = Literal["high", "low", "A", "B", "C", "D"]

SIDES: Final[tuple[Side, ...]] = ("high", "low", "A", "B")
"""The sides of B1, in the order B4 sorts them."""

SPINNER_SIDES: Final[tuple[Side, ...]] = ("C", "D")
"""The two ends of an All Fives spinner (F5), across its line sides A and B; they sort
after them. No Draw line has them."""

_SIDE_ORDER: Final[dict[str, int]] = {side: i for i, side in enumerate(SIDES + SPINNER_SIDES)}
_SIDE_LETTER: Final[dict[str, str]] = {
    "high": "H",
    "low": "L",
    "A": "A",
    "B": "B",
    "C": "C",
    "D": "D",
}
_SIDE_FROM_TEXT: Final[dict[str, Side]] = {
    "h": "high",
    "high": "high",
    "l": "low",
    "low": "low",
    "a": "A",
    "b": "B",
    "c": "C",
    "d": "D",
}


@dataclass(frozen=True, slots=True)
class SideInWords:
    """A side (B1) as a field of an error, said in the B5 words of the reader's language
    (``in_words``, the surface calls it): ``high end``, ``ponta alta``, ``高端``."""

    side: str
    words: Callable[[str], Mapping[str, str]]

    def in_words(self, lang: str) -> str:
        return self.words(lang)[self.side]

    def __str__(self) -> str:
        return self.in_words("en")


class End:
    """One side of a placed tile (B1): ``tile``, ``side`` and the number it shows, ``value``.

    A non-double has a ``"high"`` and a ``"low"`` side; a double, laid crosswise, has sides
    ``"A"`` (towards the tile it joined) and ``"B"``; a spinner (F5) also has the ends
    ``"C"`` and ``"D"`` across them. Ends are interned values.
    """

    __slots__ = ("_key", "side", "tile", "value")

    tile: Tile
    side: Side
    value: int
    _key: tuple[int, int, int]

    _interned: ClassVar[dict[tuple[Tile, str], End]] = {}

    def __new__(cls, tile: Tile, side: Side) -> End:
        try:
            return cls._interned[(tile, side)]
        except KeyError:
            pass
        if side not in _SIDE_ORDER:
            raise ValueError(f"a side is high, low, A, B, C or D, not {side!r} (B1)")
        if tile.is_double and side not in ("A", "B", "C", "D"):
            raise ValueError(f"{tile} is a double: its sides are A and B (B1)")
        if not tile.is_double and side in ("A", "B", "C", "D"):
            raise ValueError(f"{tile} is not a double: its ends are high and low (B1)")
        end = object.__new__(cls)
        object.__setattr__(end, "tile", tile)
        object.__setattr__(end, "side", side)
        object.__setattr__(end, "value", tile.low if side == "low" else tile.high)
        object.__setattr__(end, "_key", (tile.low, tile.high, _SIDE_ORDER[side]))
        cls._interned[(tile, side)] = end
        return end

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("End is immutable")

    def __reduce__(self) -> tuple[type[End], tuple[Tile, Side]]:
        return (End, (self.tile, self.side))

    @classmethod
    def parse(cls, text: str) -> End:
        """Read an end written as a tile and a side: ``"1-4L"``, ``"[1|1] B"``, ``"44b"``."""
        cleaned = text.strip()
        for word in sorted(_SIDE_FROM_TEXT, key=len, reverse=True):
            if cleaned.lower().endswith(word):
                tile_text = cleaned[: len(cleaned) - len(word)].strip()
                try:
                    return cls(Tile.parse(tile_text), _SIDE_FROM_TEXT[word])
                except ValueError:
                    continue
        raise WordedError(
            N_("not an end of a tile: {text!r} (write it like 1-4L or 4-4B)"), text=text
        )

    @property
    def notation(self) -> str:
        """Short form: the tile and a side letter, ``1-4L``."""
        return f"{self.tile.low}-{self.tile.high}{_SIDE_LETTER[self.side]}"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"End({self.tile!r}, {self.side!r})"

    def __lt__(self, other: End) -> bool:
        return self._key < other._key

    def __hash__(self) -> int:
        return hash(self._key)


class Joint:
    """Where a placed tile touches the line (B3): ``existing`` end, ``new`` end."""

    __slots__ = ("existing", "new")

    def __init__(self, existing: End, new: End) -> None:
        self.existing = existing
        self.new = new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joint) and (self.existing, self.new) == (
            other.existing,
            other.new,
        )

    def __hash__(self) -> int:
        return hash((self.existing, self.new))

    def __repr__(self) -> str:
        return f"Joint({self.existing!r}, {self.new!r})"


def _touching_and_free(tile: Tile, value: int) -> tuple[End, End]:
    """The side of ``tile`` that touches an end showing ``value``, and its free side."""
    if tile.is_double:
        return End(tile, "A"), End(tile, "B")
    if tile.high == value:
        return End(tile, "high"), End(tile, "low")
    return End(tile, "low"), End(tile, "high")


# The words of B5, per language (the languages: pegboard.core.languages).
WORDS: Final[dict[str, dict[str, str]]] = per_language(
    en={
        "tiles": "Tiles",
        "connections": "Connections",
        "none": "none",
        "points": "Legal continuation points",
        "high": "high end",
        "low": "low end",
        "A": "line A",
        "B": "line B",
        "placed": "Placed tile",
    },
    pt={
        "tiles": "Peças",
        "connections": "Conexões",
        "none": "nenhum",
        "points": "Pontos de encaixe legais para continuação",
        "high": "extremidade de maior valor",
        "low": "extremidade de menor valor",
        "A": "linha A",
        "B": "linha B",
        "placed": "Peça colocada",
    },
    zh={
        "tiles": "骨牌",
        "connections": "连接",
        "none": "无",
        "points": "合法续接位置",
        "high": "高端",
        "low": "低端",
        "A": "直线 A",
        "B": "直线 B",
        "placed": "已出牌",
    },
    hi={
        "tiles": "गोटियाँ",
        "connections": "जोड़",
        "none": "कोई नहीं",
        "points": "वैध विस्तार के जोड़-स्थान",
        "high": "अधिक बिंदु-मूल्य वाला सिरा",
        "low": "कम बिंदु-मूल्य वाला सिरा",
        "A": "शृंखला A",
        "B": "शृंखला B",
        "placed": "रखी गई",
    },
)


class Line:
    """The line of play: a chain with exactly two open ends once opened (D9, no spinners).

    ``play`` changes the line in place; an impossible placement raises
    ``IllegalActionError`` and leaves it unchanged.
    """

    __slots__ = ("_ends", "_joints", "_tiles")

    RULE: ClassVar[str] = "D9"
    """The rule that says where a tile may go (cited when an end is not open)."""

    def __init__(self) -> None:
        self._tiles: list[Tile] = []
        self._joints: list[Joint] = []
        # The two open ends, in no particular order; empty before the opening tile.
        self._ends: list[End] = []

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The placed tiles, in the order they were placed (B2)."""
        return tuple(self._tiles)

    @property
    def joints(self) -> tuple[Joint, ...]:
        """One joint per tile after the first, in placement order (B3)."""
        return tuple(self._joints)

    @property
    def is_empty(self) -> bool:
        return not self._tiles

    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, tile: object) -> bool:
        return tile in self._tiles

    def open_ends(self) -> tuple[End, ...]:
        """The open ends, sorted as B4: by tile (low, then high half), then by side."""
        a, b = self._ends or (None, None)
        if a is None or b is None:
            return ()
        return (a, b) if a._key < b._key else (b, a)

    def open_values(self) -> tuple[int, ...]:
        """The numbers shown by the open ends, in B4 order."""
        return tuple(end.value for end in self.open_ends())

    def fits(self, tile: Tile, end: End | None = None) -> bool:
        """Whether ``tile`` may be placed on ``end`` (or opened, when ``end`` is None)."""
        if not self._tiles:
            return end is None
        return (
            end is not None
            and end in self._ends
            and tile.has(end.value)
            and (tile not in self._tiles)
        )

    def play(self, tile: Tile, end: End | None = None) -> End:
        """Place ``tile`` on ``end`` (``None`` only for the opening tile); return its free end."""
        if not self._tiles:
            if end is not None:
                raise IllegalActionError(
                    N_("the line is empty, so {tile} opens it and joins no end"), "D5", tile=tile
                )
            if tile.is_double:
                self._ends = [End(tile, "A"), End(tile, "B")]
            else:
                self._ends = [End(tile, "high"), End(tile, "low")]
            self._tiles.append(tile)
            return self._ends[0]
        if end is None:
            raise IllegalActionError(
                N_("say which end {tile} joins: {ends}"),
                "D5",
                tile=tile,
                ends=AnyOf(self.open_ends()),
            )
        if tile in self._tiles:
            raise IllegalActionError(N_("{tile} is already in the line"), "D1", tile=tile)
        try:
            slot = self._ends.index(end)
        except ValueError:
            raise IllegalActionError(
                N_("{tile} ({side}) is not an open end of the line"),
                self.RULE,
                tile=end.tile,
                side=SideInWords(end.side, self.words),
            ) from None
        if not tile.has(end.value):
            raise IllegalActionError(
                N_(
                    "{tile} does not fit the {value} of {end}: "
                    "the touching halves must show the same number"
                ),
                "D5",
                tile=tile,
                value=end.value,
                end=end.tile,
            )
        touching, free = _touching_and_free(tile, end.value)
        self._tiles.append(tile)
        self._joints.append(Joint(end, touching))
        self._ends[slot] = free
        return free

    def copy(self) -> Self:
        line = type(self).__new__(type(self))
        line._tiles = self._tiles.copy()
        line._joints = self._joints.copy()
        line._ends = self._ends.copy()
        return line

    @classmethod
    def from_plays(cls, plays: list[tuple[Tile, End | None]]) -> Self:
        """A line built by placing each ``(tile, end)`` in turn."""
        line = cls()
        for tile, end in plays:
            line.play(tile, end)
        return line

    def plays(self) -> list[tuple[Tile, End | None]]:
        """The placements that rebuild this line with ``from_plays``."""
        result: list[tuple[Tile, End | None]] = []
        for i, tile in enumerate(self._tiles):
            result.append((tile, None if i == 0 else self._joints[i - 1].existing))
        return result

    def describe(self, lang: str = "en") -> str:
        """The structured description of B1-B5, exactly as in the seed pages."""
        words = self.words(lang)
        tiles = ", ".join(str(t) for t in self._tiles) if self._tiles else words["none"]
        joints = "; ".join(
            # B3: an en dash with a space on each side
            f"{j.existing.tile} ({words[j.existing.side]}) \u2013 "
            f"{j.new.tile} ({words[j.new.side]})"
            for j in self._joints
        )
        points = (
            "; ".join(f"{e.tile} ({words[e.side]}, {e.value})" for e in self.open_ends())
            or words["none"]
        )
        return (
            f"{words['tiles']}: {tiles}. "
            f"{words['connections']}: {joints or words['none']}. "
            f"{words['points']}: {points}."
        )

    def words(self, lang: str) -> dict[str, str]:
        """The words of B5 in ``lang`` (``ValueError`` for a language there are none in)."""
        return WORDS[language(lang)]

    def title(self, lang: str = "en") -> str:
        """The diagram title of the seeds: ``Placed tile [1|4]`` (last tile placed)."""
        if not self._tiles:
            return ""
        return f"{WORDS[language(lang)]['placed']} {self._tiles[-1]}"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Line)
            and self._tiles == other._tiles
            and (self._joints == other._joints)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Line {self.describe('en')}>"

    def __str__(self) -> str:
        return " ".join(str(t) for t in self._tiles) or "(empty line)"

    def _repr_svg_(self) -> str:
        from pegboard.dominoes.svg import render_svg

        return render_svg(self)
