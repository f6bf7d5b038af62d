"""Arena throughput: deals per second for Draw and cribbage, with 1 and with 2 workers.

Run: ``.venv/bin/python benchmarks/bench_arena.py [DEALS]`` (default 2,000 deals per
line). Greedy against random (the bots that exist on every checkout); the figures are
the whole arena: dealing, bots deciding from observations, settlement, pickling batches.
With several workers the pool's start-up (spawned processes import pegboard) is included.
"""

from __future__ import annotations

import sys
import time

from pegboard.arena import ArenaConfig, LocalRunner, run_arena
from pegboard.games import bot_levels


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    crib_bots = ("greedy", "random") if "greedy" in bot_levels("cribbage") else ("random",) * 2
    configs = [
        ArenaConfig("draw", ("greedy", "random"), deals=deals, seed=1),
        ArenaConfig("draw", ("greedy", "random", "random", "random"), deals=deals, seed=1),
        ArenaConfig("cribbage", crib_bots, deals=deals, seed=1),
    ]
    print(f"bench_arena: {deals:,} deals per line")
    for config in configs:
        for workers in (1, 2):
            start = time.perf_counter()
            results = run_arena(config, LocalRunner(workers))
            seconds = time.perf_counter() - start
            print(
                f"  {config.game:9} {' vs '.join(config.bots):32} workers {workers}: "
                f"{len(results) / seconds:9,.0f} deals/s ({seconds:.2f} s)"
            )


if __name__ == "__main__":
    main()
