"""An SVG drawing of the line (D9), with the accessible text of the seed diagrams (B1-B5).

The drawing follows the seed pages: tiles as rounded rectangles with pips, doubles laid
crosswise, the chain grown left and right from the opening tile, and a marker on each
legal continuation point. The root ``<svg>`` is an image whose ``<title>`` is the diagram
title (``Placed tile [3|4]``) and whose ``<desc>`` is the structured description of B1-B5,
so a screen reader reads exactly what ``Line.describe`` says.

Long lines snake: the chain fills rows of at most ``_ROW_LIMIT`` pixels, each row running
the other way from the one above, joined by a curved connector at the turn.

Its pieces (``Placed``, ``tile_svg``, ``marker_svg``, ``svg_open``, ``STYLE``) also draw
the Fives family's layout, the spinner's cross (``pegboard.fives.svg``).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from dataclasses import dataclass
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from pegboard.core.languages import language
from pegboard.dominoes.line import WORDS, End, Line
from pegboard.dominoes.tiles import Tile

# Geometry, in SVG user units. A tile is two squares of UNIT; everything is an integer
# so the output is the same on every platform.
UNIT: Final = 40
GAP: Final = 4  # between tiles along the chain: tiles never touch
_ROW_LIMIT: Final = 760  # the widest row before the chain turns (about nine tiles)
_ROW_HEIGHT: Final = 2 * UNIT  # a crosswise double is two units tall
_ROW_GAP: Final = 24
_MARGIN_X: Final = 44  # room for a marker or a turn's connector beside a row
_MARGIN_Y: Final = 8
MARKER_R: Final = 14
MARKER_GAP: Final = 6  # from the tile's end to the marker's ring
_PIP_R: Final = 4
_PIP_D: Final = 11  # offset of the outer pips from the centre of a half

# Pip positions within a half, relative to its centre, for the numbers 0 to 9.
_D = _PIP_D
_PIPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    0: (),
    1: ((0, 0),),
    2: ((-_D, -_D), (_D, _D)),
    3: ((-_D, -_D), (0, 0), (_D, _D)),
    4: ((-_D, -_D), (_D, -_D), (-_D, _D), (_D, _D)),
    5: ((-_D, -_D), (_D, -_D), (0, 0), (-_D, _D), (_D, _D)),
    6: ((-_D, -_D), (-_D, 0), (-_D, _D), (_D, -_D), (_D, 0), (_D, _D)),
    # The double-nine set's (D25): six and a centre; a square of eight; a square of nine.
    7: ((-_D, -_D), (-_D, 0), (-_D, _D), (0, 0), (_D, -_D), (_D, 0), (_D, _D)),
    8: ((-_D, -_D), (0, -_D), (_D, -_D), (-_D, 0), (_D, 0), (-_D, _D), (0, _D), (_D, _D)),
    9: ((-_D, -_D), (0, -_D), (_D, -_D), (-_D, 0), (0, 0), (_D, 0), (-_D, _D), (0, _D), (_D, _D)),
}


@dataclass(frozen=True, slots=True)
class ChainTile:
    """A tile in the order of the chain, left to right, with the number on each side.

    ``order`` is its place in the placement order (0 for the opening tile). A double shows
    its number on both sides.
    """

    tile: Tile
    left: int
    right: int
    order: int


def chain_order(line: Line) -> tuple[list[ChainTile], End | None, End | None]:
    """The chain from its left extreme to its right, and the open end at each extreme.

    The opening tile lies with its low end (line A for a double) to the left; each later
    tile goes on the side of the chain whose open end it joined (``line.joints``), so the
    two open ends are always the two extremes.
    """
    tiles = line.tiles
    if not tiles:
        return [], None, None
    first = tiles[0]
    left_end = End(first, "A") if first.is_double else End(first, "low")
    right_end = End(first, "B") if first.is_double else End(first, "high")
    left: list[ChainTile] = []  # grows outwards: left[-1] is the leftmost tile
    right: list[ChainTile] = []
    for order, joint in enumerate(line.joints, 1):
        new = joint.new
        tile = new.tile
        if new.side == "A":
            free = End(tile, "B")
        else:
            free = End(tile, "low" if new.side == "high" else "high")
        if joint.existing is left_end:
            left.append(ChainTile(tile, free.value, new.value, order))
            left_end = free
        elif joint.existing is right_end:
            right.append(ChainTile(tile, new.value, free.value, order))
            right_end = free
        else:  # a Line keeps two open ends, so this cannot happen
            raise ValueError(f"{joint.existing} is not an extreme of the chain (D9)")
    opening = ChainTile(first, first.low, first.high, 0)
    return [*reversed(left), opening, *right], left_end, right_end


@dataclass(frozen=True, slots=True)
class Placed:
    """A chain tile at its place: centre ``(x, y)``, and the direction (+1 or -1) its
    chain runs in: along x (a row, as every Draw line), or along y when ``vertical`` (an
    arm of the Fives family's spinner, drawn upwards with -1). ``spinner`` marks the tile
    as the spinner (F5)."""

    item: ChainTile
    x: int
    y: int
    direction: int
    vertical: bool = False
    spinner: bool = False

    @property
    def length(self) -> int:
        return tile_length(self.item.tile)


def tile_length(tile: Tile) -> int:
    """A tile's extent along its chain: a crosswise double is one unit long, others two."""
    return UNIT if tile.is_double else 2 * UNIT


def _rows(chain: list[ChainTile]) -> list[list[ChainTile]]:
    """Split the chain into rows no wider than ``_ROW_LIMIT`` (one tile at least)."""
    rows: list[list[ChainTile]] = []
    width = 0
    for item in chain:
        length = tile_length(item.tile)
        if rows and width + GAP + length <= _ROW_LIMIT:
            rows[-1].append(item)
            width += GAP + length
        else:
            rows.append([item])
            width = length
    return rows


def _row_width(row: list[ChainTile]) -> int:
    return sum(tile_length(item.tile) for item in row) + GAP * (len(row) - 1)


def _layout(chain: list[ChainTile]) -> tuple[list[Placed], list[tuple[int, int]], int, int]:
    """Place the tiles in snaking rows; return them, each row's (start, end) x, and the size.

    Even rows run left to right from the left margin; odd rows run right to left from the
    right edge of the widest row.
    """
    rows = _rows(chain)
    width = max((_row_width(row) for row in rows), default=2 * UNIT)
    placed: list[Placed] = []
    spans: list[tuple[int, int]] = []
    for number, row in enumerate(rows):
        y = _MARGIN_Y + number * (_ROW_HEIGHT + _ROW_GAP) + _ROW_HEIGHT // 2
        direction = 1 if number % 2 == 0 else -1
        start = _MARGIN_X if direction == 1 else _MARGIN_X + width
        cursor = start
        for item in row:
            length = tile_length(item.tile)
            placed.append(Placed(item, cursor + direction * length // 2, y, direction))
            cursor += direction * (length + GAP)
        spans.append((start, cursor - direction * GAP))
    height = 2 * _MARGIN_Y + max(len(rows), 1) * (_ROW_HEIGHT + _ROW_GAP) - _ROW_GAP
    return placed, spans, 2 * _MARGIN_X + width, height


def _num(value: float) -> str:
    """A coordinate, written the same way on every platform."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _pips(value: int, cx: int) -> list[str]:
    return [
        f'<circle cx="{_num(cx + dx)}" cy="{_num(dy)}" r="{_PIP_R}"/>' for dx, dy in _PIPS[value]
    ]


def tile_svg(placed: Placed) -> str:
    """One tile, drawn lengthwise around (0, 0) and moved into place.

    A double is the same drawing turned 90°: laid crosswise (D9). Along a row that runs
    right to left, the halves are swapped so that touching halves stay side by side. In a
    vertical chain (a spinner's arm) a non-double is the drawing turned 90°, its first
    half on top, and a double, crosswise, is not turned.
    """
    item = placed.item
    tile = item.tile
    first, second = (item.left, item.right) if placed.direction == 1 else (item.right, item.left)
    transform = f"translate({_num(placed.x)} {_num(placed.y)})"
    classes = "tile"
    if tile.is_double != placed.vertical:
        transform += " rotate(90)"
    if tile.is_double:
        classes += " double"
    if item.order == 0:
        classes += " opening"
    if placed.spinner:
        classes += " spinner"
    return (
        f'<g class="{classes}" data-tile="{tile.low}-{tile.high}" '
        f'data-order="{item.order}" transform="{transform}">{_body(tile, first, second)}</g>'
    )


@functools.cache
def _body(tile: Tile, first: int, second: int) -> str:
    """A tile's title, outline and pips, halves ``first`` then ``second``: the same
    wherever it is drawn (a server draws each line again at every move; at most 28 tiles
    in 2 orders)."""
    outline = f'<rect x="{-UNIT}" y="{-UNIT // 2}" width="{2 * UNIT}" height="{UNIT}"'
    return "".join(
        [
            f"<title>{escape(str(tile))}</title>",
            f'{outline} rx="6" ry="6"/>',
            f'<line x1="0" y1="{-UNIT // 2 + 5}" x2="0" y2="{UNIT // 2 - 5}"/>',
            '<g class="pips">',
            *_pips(first, -UNIT // 2),
            *_pips(second, UNIT // 2),
            "</g>",
        ]
    )


def marker_svg(end: End, x: int, y: int, words: dict[str, str]) -> str:
    """A ring with the number an open end accepts; ``data-end`` names the end (B4)."""
    label = f"{end.tile} ({words[end.side]}, {end.value})"
    return (
        f'<g class="marker" data-end={quoteattr(end.notation)} data-value="{end.value}">'
        f"<title>{escape(label)}</title>"
        f'<circle cx="{_num(x)}" cy="{_num(y)}" r="{MARKER_R}"/>'
        f'<text x="{_num(x)}" y="{_num(y)}" text-anchor="middle" '
        f'dominant-baseline="central">{end.value}</text>'
        "</g>"
    )


def _connector_svg(
    from_x: int, from_y: int, to_x: int, to_y: int, direction: int, edge: int
) -> str:
    """A curve from the end of one row to the start of the next, bulging past ``edge``."""
    bulge = edge + direction * (_MARGIN_X - 8)
    return (
        f'<path class="turn" d="M {from_x} {from_y} C {bulge} {from_y} {bulge} {to_y} '
        f'{to_x} {to_y}"/>'
    )


STYLE: Final = (
    "<style>"
    ".tile rect{fill:#fffdf4;stroke:#2b2b2b;stroke-width:2}"
    ".tile.opening rect{stroke:#1f4e79;stroke-width:3}"
    ".tile line{stroke:#2b2b2b;stroke-width:1.5}"
    ".pips circle{fill:#1b1b1b}"
    ".marker circle{fill:#ffffff;stroke:#c0392b;stroke-width:3}"
    ".marker text{font:bold 15px sans-serif;fill:#c0392b}"
    ".turn{fill:none;stroke:#8a8a8a;stroke-width:2;stroke-dasharray:4 4}"
    ".slot{fill:none;stroke:#8a8a8a;stroke-width:2;stroke-dasharray:6 4}"
    "</style>"
)


def svg_open(
    ident: str, width: int, height: int, lang: str, title: str, description: str, style: str
) -> list[str]:
    """The opening of a drawing: the root ``<svg role="img">`` of ``width`` x ``height``
    named by its ``<title>`` and described by its ``<desc>`` (ids ``{ident}-title`` and
    ``{ident}-desc``), then the ``style``."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'aria-labelledby="{ident}-title {ident}-desc" lang={quoteattr(lang)}>',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(description)}</desc>',
        style,
    ]


def slot_svg(x: int, y: int, markers: bool) -> str:
    """The dashed slot of an empty line, its top left at ``(x, y)``, where the opening tile
    will go (any tile opens): ``data-end="open"`` with ``markers``."""
    slot = '<rect class="slot" x="{}" y="{}" width="{}" height="{}" rx="6" ry="6"{}/>'
    return slot.format(x, y, 2 * UNIT, UNIT, ' data-end="open"' if markers else "")


def render_svg(line: Line, markers: bool = True, lang: str = "en") -> str:
    """The line as an SVG image (a ``str``), with its title and description in ``lang``.

    ``markers`` draws a ring on each legal continuation point, with ``data-end`` holding
    the end's notation (``3-4L``) for clients that let a player click it. The output is
    deterministic: the same line gives the same text.
    """
    key = language(lang)
    words = WORDS[key]
    chain, left_end, right_end = chain_order(line)
    placed, spans, width, height = _layout(chain)
    title = line.title(key) or f"{words['tiles']}: {words['none']}"
    description = line.describe(key)
    # A stable id for aria-labelledby, distinct for distinct drawings on one page.
    plays = " ".join(f"{t}@{'' if e is None else e.notation}" for t, e in line.plays())
    digest = hashlib.sha1(f"{plays}|{key}|{markers}".encode()).hexdigest()[:10]
    ident = f"pegboard-line-{digest}"
    parts = svg_open(ident, width, height, key, title, description, STYLE)
    if not chain:
        # An empty line: a dashed slot where the opening tile will go (any tile opens).
        parts.append(slot_svg(_MARGIN_X, _MARGIN_Y + UNIT // 2, markers))
    for number, (first, second) in enumerate(itertools.pairwise(spans)):
        direction = 1 if number % 2 == 0 else -1
        y = _MARGIN_Y + number * (_ROW_HEIGHT + _ROW_GAP) + _ROW_HEIGHT // 2
        edge = width - _MARGIN_X if direction == 1 else _MARGIN_X
        parts.append(
            _connector_svg(
                first[1] + direction * GAP,
                y,
                second[0] + direction * GAP,
                y + _ROW_HEIGHT + _ROW_GAP,
                direction,
                edge,
            )
        )
    parts.extend(tile_svg(p) for p in placed)
    if markers and placed and left_end is not None and right_end is not None:
        offset = MARKER_GAP + MARKER_R
        head, tail = placed[0], placed[-1]
        parts.append(
            marker_svg(
                left_end, head.x - head.direction * (head.length // 2 + offset), head.y, words
            )
        )
        parts.append(
            marker_svg(
                right_end, tail.x + tail.direction * (tail.length // 2 + offset), tail.y, words
            )
        )
    parts.append("</svg>")
    return "".join(parts)
