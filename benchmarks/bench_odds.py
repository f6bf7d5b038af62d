"""The chances of winning a match (``pegboard.analysis.odds``, issue 37): the data files
each game's tables live in, generated and checked.

    python -m benchmarks odds                                  # = check, every game
    python -m benchmarks odds generate --game=G [--deals=N] [--workers=W] [--seed=S]
    python -m benchmarks odds check [--game=G] [--deals=N]

(``--game=all-fives``, with ``=``: a bare game name that is also a benchmark's would select
that benchmark.)

**generate**: ``--deals`` deals of each of the game's configurations played by its expert
against itself from standard starts (each deal's seed derived from ``--seed``), on
``--workers`` processes; the tables built from them (a dynamic programme over the match's
scores) and written with the samples to the game's data file (``WinProbabilities.path``).
Prints the time it took and the tables' stated error.

**check**: the first ``--deals`` samples of each configuration drawn again and compared
with the file's, and the tables rebuilt from the file's samples and compared with its
tables: what ``tests/analysis/test_odds.py`` does on fewer deals.
"""

from __future__ import annotations

import sys
import time

from pegboard import games
from pegboard.analysis import odds
from pegboard.arena.runner import LocalRunner


def _option(name: str, default: str) -> str:
    for arg in sys.argv[1:]:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return default


def _with_tables() -> list[str]:
    return [name for name in games.names() if games.get(name).win_probabilities is not None]


def generate() -> None:
    game = games.get(_option("game", "cribbage"))
    deals = int(_option("deals", "10000"))
    seed = int(_option("seed", str(odds.DEFAULT_SEED)))
    runner = LocalRunner(int(_option("workers", "2")))
    start = time.perf_counter()
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.perf_counter()
        if now - last[0] > 30 or done == total:
            last[0] = now
            print(f"  {done}/{total} deals, {now - start:.0f} s", flush=True)

    data = odds.generate(game, deals, seed, runner, progress)
    path = odds.tables_of(game).path
    odds.write(path, data)
    print(f"{game.name}: {deals} deals of each of {len(data['samples'])} configurations")
    print(f"written to {path} in {time.perf_counter() - start:.0f} s")
    error = data["tables"].get("error")
    if error is not None:
        print(f"stated error: {error}")


def check() -> None:
    chosen = _option("game", "")
    names = [chosen] if chosen else _with_tables()
    deals = int(_option("deals", "8"))
    for name in names:
        start = time.perf_counter()
        problems = odds.check(games.get(name), deals)
        took = time.perf_counter() - start
        state = "agrees" if not problems else "DIFFERS: " + "; ".join(problems[:5])
        print(f"{name}: the data file {state} ({deals} deals drawn again, {took:.1f} s)")


def main() -> None:
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    mode = words[0] if words else "check"
    {"generate": generate, "check": check}[mode]()


if __name__ == "__main__":
    main()
