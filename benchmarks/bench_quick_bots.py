"""The quick bot levels: why the server moves them on its event loop, not in a worker.

Run: ``.venv/bin/python -m benchmarks quick_bots`` (``--quick``: fewer matches).

For every game of the registry and each of its levels whose class says ``quick``
(``pegboard.games.quick_level``), seeded matches played by that level in every seat: the
decision time (median, 99th percentile, slowest) over every decision of the matches, and
beside it what sending the same observation to a worker process costs before the worker
has done anything: a pickle and an unpickle of it (``BotPool``'s trip pickles it once each
way, and wakes two threads besides). A level deserves ``quick`` when its slowest decision
is well under a millisecond and its median a small fraction of the trip.
"""

from __future__ import annotations

import pickle
import statistics
import time

import pegboard.games
from benchmarks import decision_times, quick, save_results, seeded_match
from pegboard.games import bot_levels, make_bot, quick_level

MATCHES_PER_LEVEL = 20
MOVES_PER_MATCH = 400
"""Decisions at most per match (a whole Draw or Fives match is longer: its first part)."""


def measure(game_name: str, level: str, matches: int) -> dict[str, float]:
    game = pegboard.games.get(game_name)
    decisions: list[float] = []
    trips: list[float] = []
    for seed in range(matches):
        match = seeded_match(game_name, seed)
        bot = make_bot(game_name, level, seed=seed)
        for _ in range(MOVES_PER_MATCH):
            seat = match.current_player
            if seat is None:
                break
            observation = match.observation(seat)
            began = time.perf_counter()
            action = bot.act(observation)
            decisions.append(time.perf_counter() - began)
            began = time.perf_counter()
            pickle.loads(pickle.dumps(observation))
            trips.append(time.perf_counter() - began)
            game.apply(match, seat, action)
    return decision_times(decisions, 99) | {"pickle_median_ms": 1000 * statistics.median(trips)}


def main() -> None:
    matches = 4 if quick() else MATCHES_PER_LEVEL
    figures: dict[str, dict[str, float]] = {}
    for game_name in pegboard.games.names():
        for level in bot_levels(game_name):
            if not quick_level(game_name, level):
                continue
            found = measure(game_name, level, matches)
            figures[f"{game_name}/{level}"] = found
            print(
                f"{game_name:17} {level:9} {found['decisions']:6.0f} decisions: median "
                f"{found['median_ms']:.3f} ms, p99 {found['p99_ms']:.3f} ms, slowest "
                f"{found['max_ms']:.2f} ms; the observation pickled and unpickled "
                f"{found['pickle_median_ms']:.3f} ms (median)",
                flush=True,
            )
    print(f"saved: {save_results('quick_bots', {'levels': figures})}")


if __name__ == "__main__":
    main()
