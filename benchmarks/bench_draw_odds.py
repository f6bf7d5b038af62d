"""What Draw's grid of needs costs (``pegboard.draw.odds``, issue 37): its tables against
tables of finer grids, from the same sampled rounds (the data file's).

    python -m benchmarks draw_odds [--states=2000]

Per table size, the programme is solved on the stored grid and on a finer one (every
point to 500 with two players; every point to 61 with three, every other point to 61 with
four, each the stored grid's steps above), and the stored grid's chances, interpolated as
``chances_from`` reads them, are compared with the finer grid's at ``--states`` states
drawn at random among the finer grid's with every need at most the rules' target (D17),
and at the start of a match to it. Prints the largest and the mean difference.
"""

from __future__ import annotations

import random
import sys
import time

from pegboard.analysis import odds
from pegboard.draw.match import target_for
from pegboard.draw.odds import GRIDS, TABLES, interpolate, solve


def _option(name: str, default: str) -> str:
    for arg in sys.argv[1:]:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return default


def finer(players: int) -> tuple[int, ...]:
    target = target_for(players)
    step = 2 if players == 4 else 1
    low = list(range(1, target + 1, step))
    if low[-1] != target:
        low.append(target)
    return tuple(low + [need for need in GRIDS[players] if need > target])


def main() -> None:
    count = int(_option("states", "2000"))
    samples = odds.read(TABLES.path)["samples"]
    rng = random.Random(37)
    for players in (2, 3, 4):
        start = time.perf_counter()
        rounds = samples[str(players)]
        coarse = solve(rounds, players)
        fine_grid = finer(players)
        fine = solve(rounds, players, fine_grid)
        size = len(fine_grid)
        target = target_for(players)
        inside = [k for k, need in enumerate(fine_grid) if need <= target]
        picks = [tuple(rng.choice(inside) for _ in range(players)) for _ in range(count)]
        picks.append((fine_grid.index(target),) * players)
        differences = []
        for pick in picks:
            flat = sum(k * size ** (players - 1 - m) for m, k in enumerate(pick))
            needs = [fine_grid[k] for k in pick]
            read = interpolate(coarse.__getitem__, players, needs)
            differences.append(max(abs(a - b) for a, b in zip(read, fine[flat], strict=True)))
        print(
            f"{players} players: grid of {len(GRIDS[players])} needs against {size}:"
            f" largest difference {max(differences):.4f},"
            f" mean {sum(differences) / len(differences):.4f}"
            f" over {len(picks)} states (needs <= {target}); at the start {differences[-1]:.4f}"
            f" ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
