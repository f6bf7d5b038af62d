"""The Draw expert's speed, and (with ``--strength``) its strength in duplicate deals.

Run: ``.venv/bin/python -m benchmarks draw_expert`` (``--quick``: 40 positions, a smoke
test) for

* playouts per second of the expert's search (total playouts over total time of
  ``analyse`` on a fixed set of positions from seeded greedy self-play);
* its decision time at the default budget: median and 90th percentile over the positions
  with a real choice (more than one legal action);
* the sampler of hidden tiles where a pass constrains a hand (the expert's slow path; with
  no pass it deals by one shuffle): median microseconds per determinization
  (``sample_hidden_masks``) over the positions of seeded greedy self-play where a seat is
  known not to hold a tile it cannot see.

``python -m benchmarks draw_expert --strength PAIRS`` adds the duplicate matches of the
issue: 2-player rounds, each deal (seed) played twice with the seats exchanged, scored by
the point margin per deal (mean of the two games), with a 95% confidence interval (normal
approximation over the deals): expert against greedy and greedy against random.
``--budget N`` changes the expert's playouts per decision; ``--jobs N`` the worker
processes (default 2; the strength run measures play, not speed, so it may use several).
The figures are saved under ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Final

from benchmarks import quick, save_results
from pegboard.bots import GreedyBot, RandomBot, SeededBot
from pegboard.bots.base import Bot
from pegboard.bots.draw_expert import DEFAULT_BUDGET, DrawExpert
from pegboard.draw import DrawObservation, Round
from pegboard.draw.determinize import forbidden_masks, sample_hidden_masks, unseen_mask

POSITIONS: Final = 300
SEED: Final = 2026


def positions(count: int = POSITIONS, seed: int = SEED) -> list[DrawObservation]:
    """Observations with a real choice, from seeded greedy self-play (2 to 4 players)."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    found: list[DrawObservation] = []
    deal = 0
    while len(found) < count:
        round_ = Round.deal(2 + deal % 3, seed=seed + deal)
        deal += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            if len(observation.legal) > 1:
                found.append(observation)
            round_.apply(greedy.choose(observation, rng))
    return found[:count]


def speed(budget: int) -> dict[str, float]:
    observations = positions(40 if quick() else POSITIONS)
    expert = DrawExpert(budget=budget)
    rng = random.Random(1)
    times = []
    playouts = 0
    for observation in observations:
        start = time.perf_counter()
        evaluations = expert.analyse(observation, rng)
        times.append(time.perf_counter() - start)
        deals = int(evaluations[0].details["deals"])
        playouts += deals * len(evaluations)
    total = sum(times)
    times.sort()
    figures = {
        "positions": float(len(observations)),
        "budget": float(budget),
        "playouts_per_second": playouts / total,
        "median_decision_ms": 1000 * statistics.median(times),
        "p90_decision_ms": 1000 * times[int(0.9 * len(times))],
    }
    mode = " (quick mode)" if quick() else ""
    print(f"positions: {len(observations)} (2-4 players, more than one legal action){mode}")
    print(f"budget: {budget} playouts per decision")
    print(f"playouts per second: {figures['playouts_per_second']:,.0f}")
    print(
        f"decision time: median {figures['median_decision_ms']:.1f} ms, "
        f"90th percentile {figures['p90_decision_ms']:.1f} ms"
    )
    return figures


def constrained_positions(count: int, seed: int = SEED) -> list[DrawObservation]:
    """Observations where a pass proved something about a tile the seat cannot see."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    found: list[DrawObservation] = []
    deal = 0
    while len(found) < count and deal < 20 * count:
        round_ = Round.deal(2 + deal % 3, seed=seed + deal)
        deal += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            unseen = unseen_mask(observation)
            if any(mask & unseen for mask in forbidden_masks(observation)):
                found.append(observation)
            round_.apply(greedy.choose(observation, rng))
    return found[:count]


def sampling() -> dict[str, float]:
    observations = constrained_positions(30 if quick() else 200)
    rng = random.Random(3)
    repeats = 20 if quick() else 200
    per_sample = []
    for observation in observations:
        start = time.perf_counter()
        for _ in range(repeats):
            sample_hidden_masks(observation, rng)
        per_sample.append((time.perf_counter() - start) / repeats)
    per_sample.sort()
    figures = {
        "constrained_positions": float(len(observations)),
        "median_sample_us": 1e6 * statistics.median(per_sample),
        "p90_sample_us": 1e6 * per_sample[int(0.9 * len(per_sample))],
    }
    print(
        f"sampler where a pass constrains a hand: {len(observations)} positions, "
        f"median {figures['median_sample_us']:.1f} us, "
        f"90th percentile {figures['p90_sample_us']:.1f} us per determinization"
    )
    return figures


def _bot(level: str, budget: int) -> Bot:
    if level == "expert":
        return DrawExpert(budget=budget)
    return GreedyBot() if level == "greedy" else RandomBot()


def duplicate_pair(args: tuple[str, str, int, int]) -> float:
    """Deal ``deal`` played twice, seats exchanged: ``first``'s mean margin over ``second``."""
    first, second, deal, budget = args
    total = 0
    for seat in (0, 1):
        bots = [SeededBot(_bot(second, budget), 2 * deal + 1)] * 2
        bots[seat] = SeededBot(_bot(first, budget), 2 * deal)
        round_ = Round.deal(2, seed=deal, leader=deal % 2)
        while not round_.is_over:
            turn = round_.current_player
            assert turn is not None
            round_.apply(bots[turn].act(round_.observation(turn)))
        assert round_.result is not None
        points = round_.result.points
        total += points[seat] - points[1 - seat]
    return total / 2


def strength(pairs: int, budget: int, jobs: int) -> dict[str, list[float]]:
    figures = {}
    for first, second in (("expert", "greedy"), ("greedy", "random")):
        start = time.perf_counter()
        tasks = [(first, second, deal, budget) for deal in range(pairs)]
        with ProcessPoolExecutor(jobs) as pool:
            margins = list(pool.map(duplicate_pair, tasks, chunksize=8))
        mean = statistics.mean(margins)
        half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
        wins = sum(1 for m in margins if m > 0)
        losses = sum(1 for m in margins if m < 0)
        print(
            f"{first} vs {second}: {pairs} deals x 2 seats, mean margin {mean:+.2f} points "
            f"per deal, 95% CI [{mean - half:+.2f}, {mean + half:+.2f}]; deals won {wins}, "
            f"lost {losses}, even {pairs - wins - losses} "
            f"({time.perf_counter() - start:.0f} s)"
        )
        figures[f"{first}_vs_{second}"] = [mean, mean - half, mean + half, float(pairs)]
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--strength", type=int, default=0, metavar="PAIRS")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    data: dict[str, object] = {"speed": speed(args.budget), "sampling": sampling()}
    if args.strength:
        data["strength"] = strength(args.strength, args.budget, args.jobs)
    print(f"saved: {save_results('draw_expert', data)}")


if __name__ == "__main__":
    main()
