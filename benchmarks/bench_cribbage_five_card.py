"""The levels at five-card cribbage (C13-C17), each against the one below, in duplicate deals.

Each seed is one game to 61 played twice with the seats swapped (the game's own seed deals
the same hands to the same seats in both; the bots' random streams are seeded too), and a
pair's result is the mean of the first level's game points in its two games (+1 a win, +2 a
lurch, C17). The mean over the pairs and its 95% interval (normal, from the pairs' spread)
are printed. One process; for 1,000 pairs on this machine about 10 s (beginner - random) to
12 minutes (expert - strong); docs/bots.md has the figures.

    PYTHONPATH=src:. python benchmarks/bench_cribbage_five_card.py 1000
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable

from pegboard.bots.base import Bot, RandomBot
from pegboard.cribbage import Game
from pegboard.cribbage.bots.basic import GreedyBot
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.levels import BeginnerBot, CasualBot, StrongBot

MAKE: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "beginner": BeginnerBot,
    "casual": CasualBot,
    "strong": StrongBot,
    "expert": CribbageExpert,
}
PAIRINGS = (
    ("beginner", "random"),
    ("casual", "beginner"),
    ("casual", "greedy"),
    ("strong", "casual"),
    ("expert", "strong"),
)
"""The ladder for people, each level against the one below, and casual against greedy (the
research baseline it is built from)."""
FIRST_SEED = 10_000


def duel(first: str, second: str, pairs: int) -> tuple[float, float]:
    """The mean of ``first``'s game points a game over ``pairs`` duplicate deals, and the
    half-width of its 95% interval."""
    nets = []
    for pair in range(pairs):
        total = 0.0
        for swapped in (False, True):
            bots = [MAKE[second](), MAKE[first]()] if swapped else [MAKE[first](), MAKE[second]()]
            game = Game.new(FIRST_SEED + pair, cards=5)
            rng = random.Random(pair)
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                action = bots[seat].choose(game.observation(seat), rng)
                game.apply(action, seat=seat)  # type: ignore[arg-type]  # a cribbage action
            total += game.returns()[int(swapped)]
        nets.append(total / 2)
    mean = sum(nets) / len(nets)
    spread = math.sqrt(sum((x - mean) ** 2 for x in nets) / (len(nets) - 1))
    return mean, 1.96 * spread / math.sqrt(len(nets))


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for first, second in PAIRINGS:
        started = time.perf_counter()
        mean, half = duel(first, second, pairs)
        print(
            f"{first} - {second}: {mean:+.3f} game points a game "
            f"[{mean - half:+.3f}, {mean + half:+.3f}], {pairs} duplicate deals, "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
