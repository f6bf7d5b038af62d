"""Draw's chances of winning a match, read from the data file (``draw.odds.json.gz``): the
tables ``pegboard.draw.odds`` makes and checks (its docstring says how), read here so that
the bots can read them too (the match expert, ``draw.bots.match``) while the odds module
plays the expert to make them. Reading needs no NumPy.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Final

from pegboard.core import N_
from pegboard.draw.match import MAX_TARGET
from pegboard.games.tables import TablesError, read_tables

PATH: Final = Path(__file__).with_name("draw.odds.json.gz")
SCALE: Final = 1_000
"""Chances are stored as whole numbers of 1/SCALE (the samples' error is far larger)."""


def _grid(*segments: tuple[int, int, int]) -> tuple[int, ...]:
    points = [need for start, stop, step in segments for need in range(start, stop + 1, step)]
    assert points[0] == 1 and points[-1] == MAX_TARGET and points == sorted(set(points))
    return tuple(points)


GRIDS: Final[Mapping[int, tuple[int, ...]]] = {
    # Every need to 100 (the rules' target with two, D17), then steps of 5, 10 and 25.
    2: _grid((1, 100, 1), (105, 200, 5), (210, 300, 10), (325, 500, 25)),
    # Steps of 1, 2 and 4 to 61 (the rules' target with three or four), then coarser.
    3: _grid((1, 7, 1), (9, 29, 2), (33, 61, 4), (71, 101, 10), (150, 200, 50), (300, 500, 100)),
    4: _grid(
        (1, 3, 1),
        (5, 9, 2),
        (13, 21, 8),
        (29, 61, 8),
        (81, 101, 20),
        (141, 141, 1),
        (200, 500, 300),
    ),
}
"""The needs each table holds, per number of players."""


def _bracket(grid: Sequence[int], need: int) -> int:
    """The index of the highest grid point at or below ``need`` (``need`` >= 1)."""
    low, high = 0, len(grid) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if grid[middle] <= need:
            low = middle
        else:
            high = middle - 1
    return low


@functools.cache
def _stored() -> dict[str, tuple[int, ...]]:
    tables = read_tables(PATH)["tables"]
    for n, grid in tables["grids"].items():
        if tuple(grid) != GRIDS[int(n)]:
            raise TablesError(N_("the data file of Draw's chances is not of this version"))
    return {n: tuple(values) for n, values in tables["chances"].items()}


def chances_from(needs: Sequence[int], leader: int) -> tuple[float, ...]:
    """Per seat, the chance of winning the match when seat ``s`` needs ``needs[s]`` points
    and ``leader`` leads the next round; a need of 0 or less is a match won (by the only
    such seat: one round takes one seat at most to its target, D17)."""
    players = len(needs)
    done = [seat for seat in range(players) if needs[seat] <= 0]
    if done:
        return tuple(1.0 if seat == done[0] else 0.0 for seat in range(players))
    if players not in GRIDS or max(needs) > MAX_TARGET or not 0 <= leader < players:
        raise TablesError(
            N_("no chances of winning when the seats need {needs} points"),
            needs="-".join(map(str, needs)),
        )
    values = _stored()[str(players)]

    def cell(flat: int) -> list[float]:
        stored = [
            value / SCALE for value in values[flat * (players - 1) : (flat + 1) * (players - 1)]
        ]
        return [*stored, 1 - sum(stored)]

    relative = interpolate(cell, players, [needs[(leader + m) % players] for m in range(players)])
    return tuple(relative[(seat - leader) % players] for seat in range(players))


def interpolate(
    cell: Callable[[int], Sequence[float]], players: int, needs: Sequence[int]
) -> list[float]:
    """The chances at ``needs`` (per seat counted from the leader) from a table on
    ``GRIDS[players]`` (``cell``: a state's chances by its flat index), interpolated
    linearly along each seat's need between the two grid points around it."""
    grid = GRIDS[players]
    size = len(grid)
    corners: list[tuple[tuple[int, float], ...]] = []
    for need in needs:
        k = _bracket(grid, need)
        if grid[k] == need:
            corners.append(((k, 1.0),))
        else:
            part = (grid[k + 1] - need) / (grid[k + 1] - grid[k])
            corners.append(((k, part), (k + 1, 1 - part)))
    result = [0.0] * players
    for choice in itertools.product(*corners):
        weight = math.prod(w for _, w in choice)
        flat = sum(k * size ** (players - 1 - m) for m, (k, _) in enumerate(choice))
        for m, value in enumerate(cell(flat)):
            result[m] += weight * value
    return result
