"""Run every ``benchmarks/bench_*.py`` module's ``main()``.

    python -m benchmarks               # all of them
    python -m benchmarks --quick       # fewer, shorter repetitions (a smoke test)
    python -m benchmarks draw          # only bench_draw.py
    python -m benchmarks arena 500     # only bench_arena.py, which reads "500" itself

Words that name a benchmark select it; ``--quick`` sets quick mode (``benchmarks.quick()``);
every other argument is left in ``sys.argv`` for the modules that read their own (such as
bench_cribbage's ``--every-hand``).
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from pathlib import Path

from benchmarks import QUICK_ENV

USAGE = "usage: python -m benchmarks [--quick] [NAME ...] [options of the benchmarks]"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    here = Path(__file__).resolve().parent
    available = sorted(p.stem.removeprefix("bench_") for p in here.glob("bench_*.py"))
    if "-h" in args or "--help" in args:
        print(f"{USAGE}\n\n{__doc__}\nbenchmarks: {', '.join(available)}")
        return 0
    if "--quick" in args:
        os.environ[QUICK_ENV] = "1"
    chosen = [a for a in args if a in available]
    rest = [a for a in args if a not in available and a != "--quick"]
    sys.argv = [sys.argv[0], *rest]  # what each module sees as its own arguments
    for name in chosen or available:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== bench_{name} ==", flush=True)
        start = time.perf_counter()
        module.main()
        print(f"(bench_{name}: {time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
