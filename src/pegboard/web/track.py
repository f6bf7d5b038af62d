"""The score track as SVG: a pegboard with a front and a back peg for each player.

Both games use it: cribbage on a board of 121 holes with the skunk lines marked (91 and 61,
C7), Draw on a track to the match target (D17). Holes 1 to ``target - 1`` run in rows of
30 (grouped by five, as on a real board), the last hole (the game hole) after the last
row, and two start holes for each player before the first. A player's front peg shows the
score; the back peg the score before the last points scored, as players leapfrog their
pegs. The output is deterministic (integer geometry, no ids, no external resources).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from xml.sax.saxutils import escape, quoteattr

PER_ROW: Final = 30
GROUP: Final = 5
HOLE_DX: Final = 12
GROUP_GAP: Final = 6
LANE: Final = 18  # a lane per player: room for a peg that is seen at a glance
ROW_GAP: Final = 18
LEFT: Final = 64  # room for the start holes
TOP: Final = 18  # room for the numbers above the first row
PEG_R: Final = 7  # the newcomer found the Draw pegs tiny (r 5, about 9 px on screen)
HOLE_R: Final = 2
COLOURS: Final = ("#c0392b", "#1f4e79", "#1e8449", "#9a6700")

_STYLE: Final = (
    "<style>"
    ".board{fill:#f3e3c3;stroke:#8b6b3e;stroke-width:2}"
    ".hole{fill:#5b4526}"
    ".peg{stroke:#1b1b1b;stroke-width:1.5}"
    ".peg.back{opacity:.55}"
    ".skunk{stroke:#1b1b1b;stroke-width:2;stroke-dasharray:3 2}"
    "text{font:10px sans-serif;fill:#3b2b16}"
    "</style>"
)


@dataclass(frozen=True, slots=True)
class Line:
    """A marked line across the board just before hole ``hole`` (e.g. the skunk line)."""

    hole: int
    label: str


def _rows(target: int) -> int:
    return max(1, -(-(target - 1) // PER_ROW))


def _row_height(players: int) -> int:
    return players * LANE + ROW_GAP


def _hole_x(index: int) -> int:
    """x of the hole ``index`` (0-based) within its row."""
    return LEFT + index * HOLE_DX + (index // GROUP) * GROUP_GAP


def hole_position(score: int, lane: int, players: int, target: int) -> tuple[int, int]:
    """Where a peg at ``score`` stands in ``lane``: a start hole at 0, the game hole at
    the target or past it (Draw scores may pass the target)."""
    if score >= target:
        rows = _rows(target)
        x = _hole_x(PER_ROW) + HOLE_DX
        y = TOP + (rows - 1) * _row_height(players) + lane * LANE + LANE // 2
        return x, y
    row, index = divmod(score - 1, PER_ROW)
    y = TOP + row * _row_height(players) + lane * LANE + LANE // 2
    return _hole_x(index), y


def _start_x(back: bool) -> int:
    return LEFT - (3 if back else 2) * HOLE_DX - GROUP_GAP


def track_svg(
    *,
    scores: Sequence[int],
    backs: Sequence[int],
    target: int,
    names: Sequence[str],
    title: str,
    label: str,
    lang: str,
    lines: Sequence[Line] = (),
    unit: int = 1,
) -> str:
    """The board with each player's pegs: ``scores`` (front) and ``backs`` (back pegs).

    ``title`` and ``label`` (the accessible name, which says every score in words) are
    already in the language ``lang``. ``unit``: the points a hole is worth (All Fives pegs
    a hole for every five points, F7); the numbers along the board and the pegs'
    ``data-score`` are points, and ``target`` and the lines' holes are points too.
    """
    if unit < 1:
        raise ValueError(f"a hole is worth at least a point, not {unit}")
    players = len(scores)
    points = target
    target = -(-points // unit)
    rows = _rows(target)
    width = _hole_x(PER_ROW) + 2 * HOLE_DX + 8
    height = TOP + rows * _row_height(players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" aria-label={quoteattr(label)} '
        f"lang={quoteattr(lang)}>",
        f"<title>{escape(title)}</title>",
        _STYLE,
        f'<rect class="board" x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8"/>',
    ]
    parts.append(_holes_svg(players, target, unit))
    for line in lines:
        hole = -(-line.hole // unit)
        x, y = hole_position(hole, 0, players, target)
        x -= (HOLE_DX + (GROUP_GAP if (hole - 1) % GROUP == 0 else 0)) // 2
        if (hole - 1) % PER_ROW == 0:
            x = LEFT - HOLE_DX // 2 - 2
        top, bottom = y - LANE // 2, y - LANE // 2 + players * LANE
        parts.append(
            f'<g class="line" data-hole="{line.hole}"><title>{escape(line.label)}</title>'
            f'<line class="skunk" x1="{x}" y1="{top}" x2="{x}" y2="{bottom}"/></g>'
        )
    for seat, (front, back) in enumerate(zip(scores, backs, strict=True)):
        colour = COLOURS[seat % len(COLOURS)]
        for kind, value in (("back", back), ("front", front)):
            if value // unit <= 0:
                x = _start_x(kind == "back")
                _x, y = hole_position(target, seat, players, target)
            else:
                x, y = hole_position(value // unit, seat, players, target)
            # The lane's own name (a seat's, or a side's where sides peg: F1), for legends.
            parts.append(
                f'<circle class="peg {kind}" data-seat="{seat}" data-score="{value}" '
                f'cx="{x}" cy="{y}" r="{PEG_R}" fill="{colour}" '
                f"data-name={quoteattr(names[seat])}>"
                f"<title>{escape(names[seat])} {value}</title></circle>"
            )
    parts.append("</svg>")
    return "".join(parts)


@functools.lru_cache(maxsize=64)
def _holes_svg(players: int, target: int, unit: int = 1) -> str:
    """The holes of a board (``target`` of them, each worth ``unit`` points) and their
    numbers, in points: the same for every state of a match, so made once (they are most
    of the drawing's work; the server draws a board for every state)."""
    parts: list[str] = []
    # Holes, numbered every ten.
    for hole in range(1, target):
        x, y0 = hole_position(hole, 0, players, target)
        if hole % 10 == 0 or hole == 1:
            parts.append(
                f'<text x="{x}" y="{y0 - LANE // 2 - 3}" text-anchor="middle">{hole * unit}</text>'
            )
        for lane in range(players):
            _x, y = hole_position(hole, lane, players, target)
            parts.append(f'<circle class="hole" cx="{x}" cy="{y}" r="{HOLE_R}"/>')
    game_x, game_y = hole_position(target, 0, players, target)
    parts.append(
        f'<text x="{game_x}" y="{game_y - LANE // 2 - 3}" '
        f'text-anchor="middle">{target * unit}</text>'
    )
    for lane in range(players):
        _x, y = hole_position(target, lane, players, target)
        parts.append(f'<circle class="hole" cx="{game_x}" cy="{y}" r="{HOLE_R + 1}"/>')
        for behind in (True, False):
            parts.append(f'<circle class="hole" cx="{_start_x(behind)}" cy="{y}" r="{HOLE_R}"/>')
    return "".join(parts)
