"""How long the searching levels offered to people take to decide, in every game.

Run: ``.venv/bin/python -m benchmarks bot_decisions`` (``--quick``: fewer decisions).

For every game of the registry and each of the people's levels (``PEOPLE_LEVELS``) that
is not ``quick`` (the quick ones are measured by ``bench_quick_bots``): seeded matches
played by that level in every seat, every table size in turn, and the CPU time
(``time.process_time``, so that other jobs on the machine count less) of each decision
with a real choice (two legal actions or more), up to ``DECISIONS`` per level. Issue 20's
budget is a median under 0.5 s and a 95th percentile under 2 s.
"""

from __future__ import annotations

import time

import pegboard.games
from benchmarks import decision_times, quick, save_results, seeded_match
from pegboard.bots import SeededBot
from pegboard.games import bot_levels, make_bot, quick_level
from pegboard.games.levels import PEOPLE_LEVELS

DECISIONS = 300
MOVES_PER_MATCH = 400


def measure(game_name: str, level: str, wanted: int) -> dict[str, float]:
    game = pegboard.games.get(game_name)
    times: list[float] = []
    seed = 0
    while len(times) < wanted:
        match = seeded_match(game_name, seed)
        bots: dict[int, SeededBot] = {}
        for _ in range(MOVES_PER_MATCH):
            seat = match.current_player
            if seat is None or len(times) >= wanted:
                break
            observation = match.observation(seat)
            choice = len(observation.legal_actions()) > 1
            if seat not in bots:  # each seat its own stream, made when it first moves
                bots[seat] = make_bot(game_name, level, seed=1000 * seed + seat)
            bot = bots[seat]
            began = time.process_time()
            action = bot.act(observation)
            if choice:
                times.append(time.process_time() - began)
            game.apply(match, seat, action)
        seed += 1
    return decision_times(times, 95)


def main() -> None:
    wanted = 30 if quick() else DECISIONS
    figures: dict[str, dict[str, float]] = {}
    for game_name in pegboard.games.names():
        for level in bot_levels(game_name):
            if level not in PEOPLE_LEVELS or quick_level(game_name, level):
                continue
            found = measure(game_name, level, wanted)
            figures[f"{game_name}/{level}"] = found
            print(
                f"{game_name:17} {level:7} {found['decisions']:4.0f} decisions with a choice: "
                f"CPU median {found['median_ms']:.1f} ms, p95 {found['p95_ms']:.1f} ms, "
                f"slowest {found['max_ms']:.0f} ms",
                flush=True,
            )
    print(f"saved: {save_results('bot_decisions', {'levels': figures})}")


if __name__ == "__main__":
    main()
