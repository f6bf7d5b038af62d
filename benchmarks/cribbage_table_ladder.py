"""The cribbage ladder among three (C8) and four in partnerships (C9), by duplicate deals.

    .venv/bin/python benchmarks/cribbage_table_ladder.py --players 3 --deals 1000
    .venv/bin/python benchmarks/cribbage_table_ladder.py --players 4 --pairing expert-strong
    .venv/bin/python benchmarks/cribbage_table_ladder.py --times 30   # the expert's decisions

Each deal is one hand (a seeded shuffle, the dealer ``seed % players``), played from 0-0
once per seating with the same cards:

- among three, the upper level sits each seat in turn against two of the lower level; the
  deal's margin is the upper level's points less the mean of the two others', averaged
  over its three seats;
- among four, the upper level's partnership sits seats 0 and 2, then 1 and 3; the deal's
  margin is its side's points less the other side's, averaged over the two seatings.

Points are the hand's: the pegging and the show (C10, C11). Each bot is seeded by the
deal and its seat. Printed per pairing: the mean margin per deal with its 95% interval
(1.96 standard errors of the deals' margins). One process, no workers (the machine is
shared); the arena seats two players only until cribbage's table option reaches it.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Sequence

from pegboard.cribbage import Game
from pegboard.games import make_bot

PAIRINGS = ("beginner-random", "casual-beginner", "strong-casual", "expert-strong")


def hand_points(players: int, seed: int, levels: Sequence[str]) -> tuple[int, ...]:
    """The scores after one hand of deal ``seed`` with ``levels[seat]`` at each seat."""
    game = Game.new(seed=seed, players=players, dealer=seed % players)
    bots = [make_bot("cribbage", level, seed=seed * 10 + s) for s, level in enumerate(levels)]
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    return game.scores


def deal_margin(players: int, seed: int, upper: str, lower: str) -> float:
    """The upper level's margin on deal ``seed`` over its seatings (see the module's text)."""
    margins = []
    if players == 3:
        for seat in range(3):
            levels = [upper if s == seat else lower for s in range(3)]
            scores = hand_points(3, seed, levels)
            others = [scores[s] for s in range(3) if s != seat]
            margins.append(scores[seat] - sum(others) / 2)
    else:
        for side in (0, 1):
            levels = [upper if s % 2 == side else lower for s in range(4)]
            scores = hand_points(4, seed, levels)
            margins.append(scores[side] - scores[1 - side])
    return statistics.fmean(margins)


def run(players: int, pairing: str, deals: int, start: int, limit: float | None) -> str:
    upper, lower = pairing.split("-")
    began = time.monotonic()
    margins: list[float] = []
    for seed in range(start, start + deals):
        margins.append(deal_margin(players, seed, upper, lower))
        if limit is not None and time.monotonic() - began > limit:
            break
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else float("nan")
    spent = time.monotonic() - began
    return (
        f"{players} players, {upper} - {lower}: {mean:+.2f} [{mean - half:+.2f}, "
        f"{mean + half:+.2f}] per deal, {n} deals from seed {start} ({spent:.0f} s)"
    )


def decision_times(hands: int, level: str = "expert") -> str:
    """The level's decision times (those with a choice) over ``hands`` hands of self-play
    at two, three and four seats, the same deals' seeds: median, 95th percentile, max."""
    lines = []
    for players in (2, 3, 4):
        times: list[float] = []
        for seed in range(hands):
            game = Game.new(seed=seed, players=players, dealer=seed % players)
            bots = [make_bot("cribbage", level, seed=seed * 10 + s) for s in range(players)]
            while not game.is_over and game.hand_number == 1:
                seat = game.current_player
                assert seat is not None
                seen = game.observation(seat)
                began = time.perf_counter()
                action = bots[seat].act(seen)
                if len(seen.legal_actions()) > 1:
                    times.append(time.perf_counter() - began)
                game.apply(action, seat=seat)
        times.sort()
        lines.append(
            f"{level}, {players} players: median {1000 * statistics.median(times):.1f} ms, "
            f"p95 {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.0f} ms "
            f"({len(times)} decisions, {hands} hands)"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, choices=(3, 4), action="append")
    parser.add_argument("--pairing", choices=PAIRINGS, action="append")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026, help="the first deal's seed")
    parser.add_argument(
        "--limit", type=float, help="seconds per pairing, after which it stops early"
    )
    parser.add_argument("--times", type=int, metavar="HANDS", help="decision times only")
    args = parser.parse_args(argv)
    if args.times:
        print(decision_times(args.times))
        print(decision_times(args.times, "strong"))
        return 0
    for players in args.players or (3, 4):
        for pairing in args.pairing or PAIRINGS:
            print(run(players, pairing, args.deals, args.seed, args.limit), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
