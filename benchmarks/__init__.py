"""pegboard's benchmarks: ``python -m benchmarks`` (or ``make bench``) runs them all.

Each ``benchmarks/bench_*.py`` module defines ``main() -> None``, which measures, prints a
table and may save its numbers with ``save_results``. Benchmarks always go through the
public API, run in a single process, and interleave the contenders over several repetitions
so that a noisy, shared machine hurts them all alike; they report medians.

Quick mode (``python -m benchmarks --quick``, ``make bench QUICK=1``) runs fewer and shorter
repetitions: a smoke test of the benchmarks, not a measurement. Modules read it with
``quick()``.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

QUICK_ENV = "PEGBOARD_BENCH_QUICK"
RESULTS = Path(__file__).resolve().parent / "results"


def quick() -> bool:
    """Whether the benchmarks run in quick mode."""
    return os.environ.get(QUICK_ENV, "") not in ("", "0")


def repetitions(full: int = 7) -> int:
    """How many interleaved repetitions to run (3 in quick mode)."""
    return 3 if quick() else full


def batch_seconds() -> float:
    """Roughly how long one timed batch of one contender should last."""
    return 0.1 if quick() else 0.5


def calibrate(run: Callable[[int, int], object], target: float, first: int = 20) -> int:
    """A batch size ``n`` for which ``run(n, seed)`` takes about ``target`` seconds."""
    n = first
    while True:
        start = time.perf_counter()
        run(n, 0)
        elapsed = time.perf_counter() - start
        if elapsed >= 0.05 or n >= 1 << 24:
            return max(first, int(n * target / max(elapsed, 1e-9)))
        n *= 4


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def decision_times(seconds: Sequence[float], tail: int) -> dict[str, float]:
    """Decision times in milliseconds: how many, the median, the ``tail``-th percentile (the
    nearest rank below) and the slowest."""
    ordered = sorted(seconds)
    return {
        "decisions": float(len(ordered)),
        "median_ms": 1000 * statistics.median(ordered),
        f"p{tail}_ms": 1000 * ordered[int(tail / 100 * (len(ordered) - 1))],
        "max_ms": 1000 * ordered[-1],
    }


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    lines = []
    for k, row in enumerate([headers, *rows]):
        cells = [
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells))
        if k == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """Where the numbers were measured."""
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
    }


def save_results(name: str, data: dict[str, Any]) -> Path:
    """Write ``data`` (plus the machine and the time) to ``benchmarks/results/`` as JSON."""
    RESULTS.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    path = RESULTS / f"{name}-{stamp}.json"
    record = {"benchmark": name, "utc": stamp, "quick": quick(), "machine": machine(), **data}
    path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return path


def seeded_match(game_name: str, seed: int) -> Any:
    """A new match of the registry's game ``game_name`` from ``seed``, at every table size in
    turn as the seed counts up (the benchmarks of bots that play whole matches)."""
    import pegboard.games

    game = pegboard.games.get(game_name)
    spread = game.max_players - game.min_players + 1
    players = game.min_players + seed % spread
    return game.new_match(game.check_options({game.players_option: players}), seed)
