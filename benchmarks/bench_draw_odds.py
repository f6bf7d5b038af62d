"""What Draw's grid of needs costs (``pegboard.draw.odds``, issue 37): its tables against
tables of finer grids, from the same sampled rounds (the data file's).

    python -m benchmarks draw_odds [--states=2000]

Per table size, the programme is solved on the stored grid and on a finer one (``FINER``:
every point to 500 with two players; every point to 61 and every fifth to 200 with three;
with four, every other point to 61, and every fourth to 61 and tenth to 200), and the
stored grid's chances, interpolated as ``chances_from`` reads them, are compared with the
finer grid's at the start of a match to the rules' target (D17) and at ``--states`` states
drawn at random among the finer grid's with every need at most the target, and at most
the finer grid's end. Prints the largest and the mean difference of a seat's chance.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from pegboard.draw.chances import GRIDS, interpolate
from pegboard.draw.match import target_for
from pegboard.draw.odds import TABLES, solve
from pegboard.games.tables import read_tables


def _option(name: str, default: str) -> str:
    for arg in sys.argv[1:]:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return default


FINER: tuple[tuple[int, tuple[int, ...], int], ...] = (
    (2, tuple(range(1, 501)), 500),
    (3, (*range(1, 62), *range(65, 201, 5), 300, 400, 500), 200),
    (4, (*range(1, 62, 2), 101, 200, 500), 61),
    (4, (*range(1, 62, 4), *range(71, 201, 10), 300, 400, 500), 200),
)
"""Per table size, a grid finer than the stored one, and the needs up to which it is."""


def main() -> None:
    count = int(_option("states", "2000"))
    samples = read_tables(TABLES.path)["samples"]
    rng = random.Random(37)
    for players, fine_grid, bound in FINER:
        start = time.perf_counter()
        rounds = samples[str(players)]
        coarse = solve(rounds, players)
        fine = solve(rounds, players, fine_grid)
        target = target_for(players)
        first = (fine_grid.index(target),) * players
        print(
            f"{players} players: grid of {len(GRIDS[players])} needs against {len(fine_grid)}"
            f" ({time.perf_counter() - start:.0f} s); at the start"
            f" {_difference(coarse, fine, fine_grid, first):.4f}",
            flush=True,
        )
        for most in sorted({target, bound}):
            inside = [k for k, need in enumerate(fine_grid) if need <= most]
            picks = [tuple(rng.choice(inside) for _ in range(players)) for _ in range(count)]
            differences = [_difference(coarse, fine, fine_grid, pick) for pick in picks]
            print(
                f"  needs <= {most}: largest difference {max(differences):.4f},"
                f" mean {sum(differences) / len(differences):.4f} over {count} states",
                flush=True,
            )


def _difference(coarse: Any, fine: Any, fine_grid: Sequence[int], pick: Sequence[int]) -> float:
    """The largest difference of a seat's chance, stored grid against fine, at one state
    of the fine grid (``pick``: its indices)."""
    players = len(pick)
    flat = sum(k * len(fine_grid) ** (players - 1 - m) for m, k in enumerate(pick))
    read = interpolate(coarse.__getitem__, players, [fine_grid[k] for k in pick])
    return max(abs(a - float(b)) for a, b in zip(read, fine[flat], strict=True))


if __name__ == "__main__":
    main()
