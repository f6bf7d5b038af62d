"""Run every ``benchmarks/bench_*.py`` module's ``main()``.

python -m benchmarks               # all of them
python -m benchmarks --quick       # fewer, shorter repetitions (a smoke test)
python -m benchmarks draw          # only bench_draw.py
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path

from benchmarks import QUICK_ENV


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("names", nargs="*", help="run only these (e.g. draw for bench_draw)")
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repetitions")
    args, _ = parser.parse_known_args(argv)
    if args.quick:
        os.environ[QUICK_ENV] = "1"
    here = Path(__file__).resolve().parent
    available = sorted(p.stem.removeprefix("bench_") for p in here.glob("bench_*.py"))
    unknown = [name for name in args.names if name not in available]
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)}; there are: {', '.join(available)}")
    for name in args.names or available:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        print(f"== bench_{name} ==", flush=True)
        start = time.perf_counter()
        module.main()
        print(f"(bench_{name}: {time.perf_counter() - start:.1f} s)\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
