"""The line as data for the page to lay out itself (issue 35, defect 2).

The server's SVG (``pegboard.dominoes.svg``) has one fixed shape, whatever the width of
the screen it lands on; a player's table does not. So the page gets the line as arms
going out from a centre tile (the opening tile, or the spinner once there is one), each
arm's tiles in order outwards with the number touching the tile before (``near``) and the
number left open (``far``), and the open end of each arm; ``board.js`` lays them out to
fit its box, turning each arm at the box's edge as players do on a table. The server's
SVG still carries the title and the description (B1-B5) a screen reader reads.

A lone double is one choice, not two: its ends give the same line (``lone_double``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pegboard.dominoes.line import End, Line
from pegboard.dominoes.svg import ChainTile, chain_order

ARMS: Final = ("left", "right", "up", "down")
"""The arms of a board: the line's two, and an All Fives spinner's two across it."""


def _tile(item: ChainTile, near: int, far: int) -> dict[str, Any]:
    return {
        "tile": f"{item.tile.low}-{item.tile.high}",
        "near": near,
        "far": far,
        "order": item.order,
    }


def _end(end: End | None) -> dict[str, Any] | None:
    return None if end is None else {"end": end.notation, "value": end.value}


def lone_double(line: Line) -> bool:
    """Whether the line is a double alone: its two ends show the same number and give
    the same line whichever is played on, so the page offers one of them."""
    tiles = line.tiles
    return len(tiles) == 1 and tiles[0].is_double


def one_choice(line: Line, ends: Sequence[str]) -> list[str]:
    """The ends (notations) a tile may be played on, a lone double's second side left
    out: it is the same choice as the first (defect 6)."""
    if not lone_double(line):
        return list(ends)
    return [end for end in ends if not end.endswith("B")] or list(ends)


def board_data(
    chain: Sequence[ChainTile],
    centre_at: int,
    up: Sequence[ChainTile],
    down: Sequence[ChainTile],
    ends: dict[str, End | None],
    spinner: bool,
) -> dict[str, Any]:
    """The board the page lays out: ``chain`` left to right (its tiles' ``left`` and
    ``right`` numbers), the centre tile at ``centre_at``, the arms ``up`` and ``down``
    outwards from it (``left`` touching the tile before), and each arm's open end."""
    centre = chain[centre_at]
    return {
        "centre": {
            **_tile(centre, centre.left, centre.right),
            "spinner": spinner,
        },
        "arms": {
            "left": [_tile(item, item.right, item.left) for item in reversed(chain[:centre_at])],
            "right": [_tile(item, item.left, item.right) for item in chain[centre_at + 1 :]],
            "up": [_tile(item, item.left, item.right) for item in up],
            "down": [_tile(item, item.left, item.right) for item in down],
        },
        "ends": {arm: _end(ends.get(arm)) for arm in ARMS},
    }


def line_board(line: Line, markers: bool = True) -> dict[str, Any] | None:
    """Draw's line as a board (None while it is empty); no open ends unless ``markers``
    (a finished round's line takes no more tiles). A lone double's second end is left
    out (``one_choice``)."""
    chain, left_end, right_end = chain_order(line)
    if not chain:
        return None
    centre_at = next(index for index, item in enumerate(chain) if item.order == 0)
    ends: dict[str, End | None] = {"left": left_end, "right": right_end}
    if not markers:
        ends = {}
    elif lone_double(line):
        ends["right"] = None
    return board_data(chain, centre_at, (), (), ends, spinner=False)


__all__ = ["ARMS", "board_data", "line_board", "lone_double", "one_choice"]
