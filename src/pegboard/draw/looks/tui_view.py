"""Draw as text for the full-screen client: the line in rows, the hand, the score track.

Pure functions of public information (the human's observation and the scores), kept apart
from the widgets so that they can be read and tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from pegboard.dominoes.svg import ChainTile, chain_order
from pegboard.dominoes.tiles import reading_order
from pegboard.draw import Line, Tile
from pegboard.draw.text import open_ends_text
from pegboard.i18n import Translator

TRACK_CELLS = 40
"""Holes in the score track: each stands for ``target / TRACK_CELLS`` points."""


def _cell(item: ChainTile) -> tuple[str, str, str]:
    """One tile of the line in three rows: a double stands crosswise (its two halves one
    above the other), any other tile lies lengthwise on the middle row."""
    if item.left == item.right:
        return (f"┌{item.left}┐", "│━│", f"└{item.right}┘")
    text = f"[{item.left}|{item.right}]"
    blank = " " * len(text)
    return (blank, text, blank)


def line_rows(line: Line, width: int, _: Translator) -> list[str]:
    """The line as it lies, left to right, in bands of three rows no wider than ``width``,
    after a row naming the open ends (B4 notation).

    The two open ends are also marked on the chain, with ``◀`` and ``▶``.
    """
    chain, _left, _right = chain_order(line)
    if not chain:
        return [_("The line is empty: any tile may open it.")]
    cells = [_cell(item) for item in chain]
    first = cells[0]
    cells[0] = (" " + first[0], "◀" + first[1], " " + first[2])
    last = cells[-1]
    cells[-1] = (last[0] + " ", last[1] + "▶", last[2] + " ")
    bands: list[list[tuple[str, str, str]]] = [[]]
    used = 0
    for cell in cells:
        if bands[-1] and used + len(cell[1]) > width:
            bands.append([])
            used = 0
        bands[-1].append(cell)
        used += len(cell[1])
    rows = [_("Open ends: {ends}").format(ends=open_ends_text(line, _))]
    for band in bands:
        for row in range(3):
            text = "".join(cell[row] for cell in band).rstrip()
            if text or row == 1:  # a band without doubles needs only its middle row
                rows.append(text)
    return rows


def hand_text(hand: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in reading_order(hand))


def score_track(
    scores: Sequence[int],
    target: int,
    human: int,
    _: Translator,
    cells: int = TRACK_CELLS,
    partnerships: bool = False,
) -> list[str]:
    """One row per seat, pegs along a track of holes to the target, like a cribbage board;
    in partnerships one row per side, its partners named together (D24)."""

    def seat_name(seat: int) -> str:
        name = _("seat {seat}").format(seat=seat + 1)  # people count seats from 1
        return _("{name} (you)").format(name=name) if seat == human else name

    rows = []
    seats = (0, 1) if partnerships else range(len(scores))
    for seat in seats:
        score = scores[seat]
        name = seat_name(seat)
        if partnerships:
            name = _("{first} and {second}").format(first=name, second=seat_name(seat + 2))
        filled = min(cells, score * cells // target)
        track = "●" * filled + "·" * (cells - filled)
        padding = " " * max(0, 16 - cell_len(name))  # CJK letters take two columns
        rows.append(f"{name}{padding}|{track}| {score}/{target}")
    return rows
