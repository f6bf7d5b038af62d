"""The layout of the Fives family drawn in SVG (F5), in the manner of Draw's diagrams.

The tiles, pips, markers and accessible text are Draw's (``pegboard.dominoes.svg``): the
root ``<svg role="img">`` is named by the layout's title (``Placed tile [5|4]``) and
described by its B-format description (``Layout.describe``, the spinner's arms included),
and a ring marks every open end, its ``data-end`` the end's notation (``5-5C``) and its
``<title>`` the end in words (``[5|5] (spinner arm C, 5)``).

A layout with no spinner (Fives and Threes, or All Fives before its first double) is
drawn exactly as a Draw line, snaking in rows. Once a spinner is down, the layout is its
cross: the line through the spinner's sides A and B runs in one row, left to right, and
the arms started on its ends C and D run straight up and straight down from it, a double
in an arm lying across the arm (F5). The cross grows rather than snakes. The output is
deterministic: the same layout gives the same text.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core.languages import language
from pegboard.dominoes.board import board_data, lone_double
from pegboard.dominoes.line import End
from pegboard.dominoes.svg import (
    GAP,
    MARKER_GAP,
    MARKER_R,
    STYLE,
    UNIT,
    ChainTile,
    Placed,
    marker_svg,
    render_svg,
    slot_svg,
    svg_open,
    tile_length,
    tile_svg,
)
from pegboard.fives.layout import Layout

_MARGIN: Final = 8  # around the drawing's tiles and markers
_REACH: Final = MARKER_GAP + 2 * MARKER_R  # a marker's room past a chain's last tile
_SPINNER_STYLE: Final = STYLE.replace(
    "</style>", ".tile.spinner rect{stroke:#7d3c98;stroke-width:3;stroke-dasharray:8 3}</style>"
)
"""Draw's style, with the spinner's outline set apart (also drawn dashed, not only
coloured)."""

ARMS: Final = ("left", "right", "up", "down")
"""The four arms of a cross: the line's two (left and right of the spinner, or of the
lead) and the two started on the spinner's ends C (up) and D (down)."""


@dataclass(frozen=True, slots=True)
class Cross:
    """A layout as its cross: the ``line`` left to right (through the spinner, if there is
    one, at ``line[spinner_at]``) and the arms ``up`` (from the spinner's end C) and
    ``down`` (from D), each from the spinner outwards, ``left`` being the side touching
    the tile before; ``ends`` the open end of each arm (``ARMS``), None when it has none."""

    line: tuple[ChainTile, ...]
    spinner_at: int | None
    up: tuple[ChainTile, ...]
    down: tuple[ChainTile, ...]
    ends: dict[str, End | None]


def _free_end(new: End) -> End:
    """The side of a placed tile opposite the side that touches the layout."""
    if new.side == "A":
        return End(new.tile, "B")
    return End(new.tile, "low" if new.side == "high" else "high")


def cross_order(layout: Layout) -> Cross:
    """The cross of ``layout``: which arm every tile lies in, in the order along it."""
    tiles = layout.tiles
    open_ends = set(layout.open_ends())
    if not tiles:
        return Cross((), None, (), (), dict.fromkeys(ARMS))
    first = tiles[0]
    spinner = layout.spinner
    left_end = End(first, "A") if first.is_double else End(first, "low")
    right_end = End(first, "B") if first.is_double else End(first, "high")
    arm_of: dict[End, str] = {left_end: "left", right_end: "right"}
    last: dict[str, End | None] = {"left": left_end, "right": right_end, "up": None, "down": None}
    if spinner is not None:
        arm_of[End(spinner, "C")] = "up"
        arm_of[End(spinner, "D")] = "down"
        last["up"], last["down"] = End(spinner, "C"), End(spinner, "D")
    chains: dict[str, list[ChainTile]] = {arm: [] for arm in ARMS}
    for order, joint in enumerate(layout.joints, 1):
        arm = arm_of[joint.existing]
        free = _free_end(joint.new)
        if arm == "left":  # drawn right to left: its free side is on the left
            chains[arm].append(ChainTile(free.tile, free.value, joint.new.value, order))
        else:
            chains[arm].append(ChainTile(free.tile, joint.new.value, free.value, order))
        arm_of[free] = arm
        last[arm] = free
    line = (*reversed(chains["left"]), ChainTile(first, first.low, first.high, 0), *chains["right"])
    spinner_at = next((i for i, item in enumerate(line) if item.tile == spinner), None)
    ends = {arm: end if end in open_ends else None for arm, end in last.items()}
    return Cross(line, spinner_at, tuple(chains["up"]), tuple(chains["down"]), ends)


def _place(cross: Cross) -> tuple[list[Placed], dict[str, tuple[int, int]]]:
    """Every tile's centre, the line's row at y = 0 and the spinner at x = 0; and where
    each arm's marker would go (its centre), whether or not the arm is open."""
    spinner_at = cross.spinner_at if cross.spinner_at is not None else 0
    placed: list[Placed] = []
    # The line, left to right; the spinner (or the lead) centred on x = 0.
    lengths = [tile_length(item.tile) for item in cross.line]
    x = -lengths[spinner_at] // 2 - sum(n + GAP for n in lengths[:spinner_at])
    for index, item in enumerate(cross.line):
        spinner = index == cross.spinner_at
        placed.append(Placed(item, x + lengths[index] // 2, 0, 1, spinner=spinner))
        x += lengths[index] + GAP
    first = placed[0]
    last = placed[-1]
    spots = {
        "left": (first.x - first.length // 2 - MARKER_GAP - MARKER_R, 0),
        "right": (last.x + last.length // 2 + MARKER_GAP + MARKER_R, 0),
    }
    # The arms, from the spinner's ends: a crosswise spinner reaches one unit each way.
    for arm, direction in (("up", -1), ("down", 1)):
        y = direction * UNIT  # the spinner's end, or the last tile's far edge
        for item in cross.up if arm == "up" else cross.down:
            length = tile_length(item.tile)
            y += direction * GAP
            placed.append(Placed(item, 0, y + direction * length // 2, direction, vertical=True))
            y += direction * length
        spots[arm] = (0, y + direction * (MARKER_GAP + MARKER_R))
    return placed, spots


def _box(placed: Placed) -> tuple[int, int, int, int]:
    """A placed tile's box (x0, y0, x1, y1): along its chain its length, across it the
    other extent (a tile is one unit by two)."""
    along, across = placed.length, 3 * UNIT - placed.length
    if placed.vertical:
        along, across = across, along
    return (
        placed.x - along // 2,
        placed.y - across // 2,
        placed.x + along // 2,
        placed.y + across // 2,
    )


def render_layout_svg(layout: Layout, markers: bool = True, lang: str = "en") -> str:
    """``layout`` as an SVG image (a ``str``), with its title and description in ``lang``.

    ``markers`` draws a ring on every open end (two, or with a spinner up to four), its
    ``data-end`` the end's notation (``5-5C``) for clients that let a player click it.
    Without a spinner down, the drawing is Draw's (``pegboard.dominoes.render_svg``).
    """
    key = language(lang)
    if layout.spinner is None:
        return render_svg(layout, markers=markers, lang=key)
    words = layout.words(key)
    cross = cross_order(layout)
    placed, spots = _place(cross)
    # Room for every tile and every arm's marker, open or not: a layout's drawing keeps
    # its size when a marker comes or goes.
    boxes = [_box(p) for p in placed]
    boxes += [(x - MARKER_R, y - MARKER_R, x + MARKER_R, y + MARKER_R) for x, y in spots.values()]
    left = min(b[0] for b in boxes) - _MARGIN
    top = min(b[1] for b in boxes) - _MARGIN
    width = max(b[2] for b in boxes) + _MARGIN - left
    height = max(b[3] for b in boxes) + _MARGIN - top
    title = layout.title(key)
    description = layout.describe(key)
    plays = " ".join(f"{t}@{'' if e is None else e.notation}" for t, e in layout.plays())
    digest = hashlib.sha1(f"spinner|{plays}|{key}|{markers}".encode()).hexdigest()[:10]
    ident = f"pegboard-layout-{digest}"
    parts = svg_open(ident, width, height, key, title, description, _SPINNER_STYLE)
    if not placed:  # a spinner is a tile: unreachable, kept for the type checker
        parts.append(slot_svg(_MARGIN, _MARGIN, markers))
    parts.extend(
        tile_svg(
            Placed(
                p.item, p.x - left, p.y - top, p.direction, vertical=p.vertical, spinner=p.spinner
            )
        )
        for p in placed
    )
    if markers:
        for arm in ARMS:
            end = cross.ends[arm]
            if end is not None:
                x, y = spots[arm]
                parts.append(marker_svg(end, x - left, y - top, words))
    parts.append("</svg>")
    return "".join(parts)


def layout_board(layout: Layout) -> dict[str, Any] | None:
    """The layout as the page lays it out (``pegboard.dominoes.board``): arms out from the
    spinner once there is one (its arms up and down from its ends C and D), else from the
    lead; None while the layout is empty. A lone double's second end is left out: it is
    the same choice as the first (defect 6)."""
    cross = cross_order(layout)
    if not cross.line:
        return None
    if cross.spinner_at is not None:
        centre_at = cross.spinner_at
    else:
        centre_at = next(index for index, item in enumerate(cross.line) if item.order == 0)
    ends = dict(cross.ends)
    if lone_double(layout):
        ends["right"] = None
    return board_data(
        cross.line, centre_at, cross.up, cross.down, ends, spinner=cross.spinner_at is not None
    )


__all__ = ["ARMS", "Cross", "cross_order", "layout_board", "render_layout_svg"]
