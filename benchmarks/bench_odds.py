"""The chances of winning a match (``pegboard.analysis.odds``, issue 37): the data files
each game's tables live in, generated and checked.

    python -m benchmarks odds                                  # = check, every game
    python -m benchmarks odds generate --game=G [--deals=N] [--workers=W] [--seed=S]
    python -m benchmarks odds check [--game=G] [--deals=N]
    python -m benchmarks odds calibrate --game=G [--matches=N] [--options=JSON] [--level=L]

(``--game=all-fives``, with ``=``: a bare game name that is also a benchmark's would select
that benchmark.)

**generate**: ``--deals`` deals of each of the game's configurations played by its expert
against itself from standard starts (each deal's seed derived from ``--seed``), on
``--workers`` processes; the tables built from them (a dynamic programme over the match's
scores) and written with the samples to the game's data file (``WinProbabilities.path``).
Prints the time it took and the tables' stated error.

**check**: the first ``--deals`` samples of each configuration drawn again and compared
with the file's, and the tables rebuilt from the file's samples and compared with its
tables: what the games' ``test_odds.py`` do on fewer deals.

**calibrate**: ``--matches`` whole matches (options ``--options``, JSON; each match's seed
derived from ``--seed`` apart from the tables' samples) played by ``--level`` (the expert)
in every seat; at the start of every deal, each seat's chance from the tables
(``win_probability(..., samples=0)``) is noted, and at the end whether that seat won.
Printed: the predictions in ten bins (mean predicted, observed share, count) and the Brier
score beside the Brier score of always predicting the seat's base rate (a fair coin for
two seats), with the 95% interval of the difference over the matches (a match's deals are
not independent; the matches are).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time

from pegboard import games
from pegboard.analysis import odds
from pegboard.arena.deals import derive_seed
from pegboard.arena.runner import LocalRunner
from pegboard.games import make_bot
from pegboard.games.tables import write_tables


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
    write_tables(path, data)
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


def calibrate() -> None:
    game = games.get(_option("game", "cribbage"))
    matches = int(_option("matches", "200"))
    seed = int(_option("seed", str(odds.DEFAULT_SEED)))
    level = _option("level", "expert")
    options = game.check_options(json.loads(_option("options", "{}")))
    players = game.players(options)
    start = time.perf_counter()
    per_match: list[list[tuple[float, int]]] = []
    for number in range(matches):
        match = game.new_match(options, derive_seed(seed, "calibrate", number))
        bots = [
            make_bot(game.name, level, seed=derive_seed(seed, "calibrate", number, seat))
            for seat in range(players)
        ]
        noted: list[list[float]] = []
        while match.current_player is not None:
            chances = [
                odds.win_probability(game, match, seat, samples=0) for seat in range(players)
            ]
            if not noted or chances != noted[-1]:  # a new deal's start
                noted.append(chances)
            seat = match.current_player
            game.play(match, seat, bots[seat].act(match.observation(seat)))
        won = [odds.win_probability(game, match, seat, samples=0) for seat in range(players)]
        per_match.append(
            [(chances[seat], round(won[seat])) for chances in noted for seat in range(players)]
        )
        if (number + 1) % 20 == 0:
            print(f"  {number + 1}/{matches} matches, {time.perf_counter() - start:.0f} s")
    pairs = [pair for match_pairs in per_match for pair in match_pairs]
    print(f"{game.name} {options}: {matches} matches, {len(pairs)} predictions, {level} bots")
    print(" bin        predicted  observed  count")
    for low in range(10):
        chosen = [
            (p, o) for p, o in pairs if low / 10 <= p < (low + 1) / 10 or (low == 9 and p == 1)
        ]
        if chosen:
            predicted = statistics.fmean(p for p, _ in chosen)
            observed = statistics.fmean(o for _, o in chosen)
            print(
                f" {low / 10:.1f}-{(low + 1) / 10:.1f}    {predicted:8.3f}  {observed:8.3f}"
                f"  {len(chosen):5d}"
            )
    base = 1 / players
    brier = statistics.fmean((p - o) ** 2 for p, o in pairs)
    plain = statistics.fmean((base - o) ** 2 for _, o in pairs)
    gains = [
        math.fsum((base - o) ** 2 - (p - o) ** 2 for p, o in match_pairs)
        for match_pairs in per_match
    ]
    mean = math.fsum(gains) / len(pairs)
    spread = statistics.stdev(gains) * len(gains) / len(pairs) / math.sqrt(len(gains))
    print(
        f"Brier score {brier:.4f}; predicting {base:.2f}: {plain:.4f}; "
        f"the tables' gain {mean:.4f} ± {1.96 * spread:.4f} (95%)"
    )
    print(f"({time.perf_counter() - start:.0f} s)")


def main() -> None:
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    mode = words[0] if words else "check"
    {"generate": generate, "check": check, "calibrate": calibrate}[mode]()


if __name__ == "__main__":
    main()
