"""The Fives match expert against the expert in whole matches with duplicate deals (issue 37,
docs/odds.md): the match win rate with its 95% interval, and both bots' decision times.

    nice python -m benchmarks.fives_match_expert GAME PAIRS [--seed=S] [--players=N]
        [--bots=match-expert,expert]

The matches are the arena's (``pegboard arena GAME --bots match-expert,expert --duplicate
--deals PAIRS --seed S``): the same plan (each match seed played twice, the seats
exchanged), the same bots and seeds, played the same way on one process, so its wins and
points are the arena's; here every decision with a choice is also timed
(``time.process_time``) per bot, and the match expert's decisions made for the match
(``FivesExpert.plays_for_the_match``) are counted. With two players a match is won by the
side that reaches the target (F9): more points than the other, which is how the arena
counts a play won. The win rate is the match expert's share of the matches won, its
interval over the pairs (a pair's two matches share their deals: 0, 1 or 2 wins). Not a
``bench_*`` module: ``make bench`` does not run it.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from typing import Any

from pegboard import games
from pegboard.arena import ArenaConfig, summarize
from pegboard.arena.deals import DealResult, entrant, plan
from pegboard.bots.base import SeededBot
from pegboard.bots.budget import set_budget
from pegboard.fives.bots.basic import hand_view
from pegboard.fives.bots.expert import FivesExpert
from pegboard.games import make_bot

BOTS = ("match-expert", "expert")


def _option(name: str, default: str) -> str:
    for arg in sys.argv[1:]:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return default


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    game_name = words[0] if words else "fives-and-threes"
    pairs = int(words[1]) if len(words) > 1 else 50
    seed = int(_option("seed", "3737"))
    players = int(_option("players", "2"))
    pair = tuple(_option("bots", ",".join(BOTS)).split(","))
    bots = tuple(pair[seat % 2] for seat in range(players))
    config = ArenaConfig(game_name, bots, deals=pairs, duplicate=True, matches=True, seed=seed)
    game = games.get(game_name)
    options = game.check_options({game.players_option: players})
    times: dict[int, list[float]] = {0: [], 1: []}
    for_match = 0
    results: list[DealResult] = []
    start = time.perf_counter()
    for task in plan(config):
        seated: list[SeededBot] = []
        for seat, e in enumerate(task.seating):
            level, budget = entrant(config.bots[e])
            seated.append(make_bot(game_name, level, seed=task.bot_seeds[seat]))
            set_budget(seated[-1].bot, budget)
        match: Any = game.new_match(options, task.seed)
        while match.current_player is not None:
            seat = match.current_player
            observation = match.observation(seat)
            first = task.seating[seat]
            if len(observation.legal_actions()) > 1:
                bot = seated[seat].bot
                if isinstance(bot, FivesExpert) and bot.plays_for_the_match(hand_view(observation)):
                    for_match += 1
                began = time.process_time()
                action = seated[seat].act(observation)
                times[first % 2].append(time.process_time() - began)
            else:
                action = seated[seat].act(observation)
            game.play(match, seat, action)
        by_seat = game.scores(match)
        points = [0] * players
        for seat, e in enumerate(task.seating):
            points[e] = int(by_seat[seat])
        results.append(DealResult(task.deal, task.rotation, task.seed, task.seating, tuple(points)))
        if len(results) % 100 == 0:
            print(f"  {len(results)} matches, {time.perf_counter() - start:.0f} s", flush=True)
    summary = summarize(config, results)
    per_pair: dict[int, float] = {}
    for result in results:
        won = result.points[0] > result.points[1]  # entrants 0 and 2 are partners
        per_pair[result.deal] = per_pair.get(result.deal, 0.0) + won / config.seatings
    shares = list(per_pair.values())
    mean = statistics.fmean(shares)
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else math.inf
    split = sum(1 for s in shares if 0 < s < 1)
    print(f"{game_name}, {players} players: {pairs} pairs of matches, seed {seed}")
    for bot in summary.bots:
        record = bot.record
        print(
            f"  {bot.level}: {record.wins} won, {record.draws} drawn, {record.losses} lost; "
            f"{bot.points.mean:.2f} points a match [{bot.points.low:.2f}, {bot.points.high:.2f}]"
        )
    print(
        f"  the match expert wins {100 * mean:.1f}% [{100 * (mean - half):.1f}%, "
        f"{100 * (mean + half):.1f}%] of the matches (95%, over the pairs; {split} of "
        f"{len(shares)} pairs split)"
    )
    for first, label in enumerate(pair):
        taken = [1000 * t for t in times[first]]
        median = statistics.median(taken)
        print(
            f"  {label}: {len(taken)} decisions with a choice, median {median:.1f}"
            f" ms, p95 {_percentile(taken, 0.95):.1f} ms, mean {statistics.fmean(taken):.1f} ms"
        )
    print(
        f"  the match expert played {for_match} of its {len(times[0])} decisions with a choice "
        f"for the match ({100 * for_match / max(1, len(times[0])):.0f}%)"
    )
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
