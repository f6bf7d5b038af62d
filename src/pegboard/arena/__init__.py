"""The arena: many deals between bots, in parallel, summed up with confidence intervals.

>>> from pegboard.arena import ArenaConfig, run_arena, summarize
>>> config = ArenaConfig("draw", ("greedy", "random"), deals=4, seed=1)
>>> summary = summarize(config, run_arena(config))
>>> [b.label for b in summary.bots]
['greedy', 'random']
"""

from pegboard.arena.deals import (
    ArenaConfig,
    Batch,
    BotError,
    DealLook,
    DealResult,
    DealTask,
    deal_look,
    derive_seed,
    plan,
    play_batch,
    seat_counts,
)
from pegboard.arena.ray_runner import RayRunner  # imports ray only when one is made
from pegboard.arena.run import (
    ARENA_FORMAT,
    ARENA_VERSION,
    BotSummary,
    Margin,
    Summary,
    run_arena,
    summarize,
    unit_points,
)
from pegboard.arena.runner import LocalRunner, Runner
from pegboard.arena.stats import Estimate, Record, elo, mean_ci, outcomes, pairwise_scores, tally

__all__ = [
    "ARENA_FORMAT",
    "ARENA_VERSION",
    "ArenaConfig",
    "Batch",
    "BotError",
    "BotSummary",
    "DealLook",
    "DealResult",
    "DealTask",
    "Estimate",
    "LocalRunner",
    "Margin",
    "RayRunner",
    "Record",
    "Runner",
    "Summary",
    "deal_look",
    "derive_seed",
    "elo",
    "mean_ci",
    "outcomes",
    "pairwise_scores",
    "plan",
    "play_batch",
    "run_arena",
    "seat_counts",
    "summarize",
    "tally",
    "unit_points",
]
