"""Running an arena and summing it up.

``run_arena`` plans the plays, sends them in batches to a runner, and sorts what comes
back; ``summarize`` turns the plays into the figures per bot. The same configuration gives
the same plays, and so the same figures, with any runner and any number of workers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard import __version__, games
from pegboard.arena.deals import (
    ArenaConfig,
    DealResult,
    batches,
    checked_options,
    plan,
    play_batch,
)
from pegboard.arena.runner import LocalRunner, Runner
from pegboard.arena.stats import Estimate, Record, elo, mean_ci, pairwise_scores, tally

ARENA_FORMAT = "pegboard-arena"
ARENA_VERSION = 1
MAX_BATCH = 32


def run_arena(
    config: ArenaConfig,
    runner: Runner | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[DealResult]:
    """Play every deal of ``config``; ``progress(done, total)`` is called as plays finish.

    The plays come back sorted by deal and seating, whatever the runner's order.
    """
    runner = LocalRunner() if runner is None else runner
    tasks = plan(config)
    # Enough batches to keep every worker busy to the end, few enough to pickle little.
    size = max(1, min(MAX_BATCH, math.ceil(len(tasks) / (4 * runner.workers))))
    results: list[DealResult] = []
    if progress is not None:
        progress(0, len(tasks))
    for chunk in runner.map(play_batch, batches(config, tasks, size)):
        results.extend(chunk)
        if progress is not None:
            progress(len(results), len(tasks))
    results.sort(key=lambda r: (r.deal, r.rotation))
    return results


@dataclass(frozen=True, slots=True)
class BotSummary:
    """The figures of one entrant."""

    label: str
    level: str
    record: Record
    points: Estimate
    elo: float | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "level": self.level,
            "plays": self.record.games,
            "wins": self.record.wins,
            "draws": self.record.draws,
            "losses": self.record.losses,
            "mean_points": self.points.mean,
            "ci95": [_finite(self.points.low), _finite(self.points.high)],
            "ci_units": self.points.n,
            "elo": self.elo,
        }


@dataclass(frozen=True, slots=True)
class Margin:
    """How many points per deal ``first`` makes more than ``second``, with its interval."""

    first: str
    second: str
    estimate: Estimate
    paired: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "second": self.second,
            "mean": self.estimate.mean,
            "ci95": [_finite(self.estimate.low), _finite(self.estimate.high)],
            "ci_units": self.estimate.n,
            "paired": self.paired,
        }


@dataclass(frozen=True, slots=True)
class Summary:
    config: ArenaConfig
    bots: tuple[BotSummary, ...]
    margins: tuple[Margin, ...]
    plays: int

    def to_dict(self, results: Sequence[DealResult] = ()) -> dict[str, Any]:
        """The JSON report: the exact configuration, every figure, and (if given) every
        play."""
        return {
            "format": ARENA_FORMAT,
            "version": ARENA_VERSION,
            "pegboard": __version__,
            "config": self.config.to_dict(),
            "plays": self.plays,
            "bots": [b.to_dict() for b in self.bots],
            "margins": [m.to_dict() for m in self.margins],
            "results": [r.to_dict() for r in results],
        }


def unit_points(config: ArenaConfig, results: Sequence[DealResult]) -> list[tuple[float, ...]]:
    """Points per entrant per independent unit: a play, or in duplicate mode a deal seed
    (the mean over its seatings, in which the luck of the deal cancels)."""
    if not config.duplicate:
        return [tuple(float(p) for p in r.points) for r in results]
    by_deal: dict[int, list[DealResult]] = {}
    for r in results:
        by_deal.setdefault(r.deal, []).append(r)
    units = []
    for deal in sorted(by_deal):
        plays = by_deal[deal]
        units.append(
            tuple(math.fsum(r.points[e] for r in plays) / len(plays) for e in range(config.players))
        )
    return units


def entrant_sides(
    config: ArenaConfig, seating: Sequence[int]
) -> tuple[tuple[int, ...], ...] | None:
    """The entrants that play together in a play seated ``seating`` (partners, from the
    game's ``sides`` of a match with the run's options); None when every seat plays alone."""
    seats = _seat_sides(config)
    if seats is None:
        return None
    return tuple(tuple(seating[seat] for seat in side) for side in seats)


@functools.cache
def _seat_sides(config: ArenaConfig) -> tuple[tuple[int, ...], ...] | None:
    game = games.get(config.game)
    if game.sides is None:
        return None
    options = checked_options(game, config.players, config.options)
    groups = tuple(tuple(side) for side in game.sides(game.new_match(options, config.seed)))
    return None if all(len(side) == 1 for side in groups) else groups


def summarize(config: ArenaConfig, results: Sequence[DealResult]) -> Summary:
    """Per entrant: wins, draws and losses per play, mean points with a 95% interval, Elo
    (more than two entrants); and the margin of every pair."""
    n = config.players
    labels = config.labels
    plays = [r.points for r in results]
    records = tally(plays, n, [entrant_sides(config, r.seating) for r in results])
    units = unit_points(config, results)
    ratings: tuple[float, ...] | None = None
    if n > 2 and plays:
        ratings = elo(pairwise_scores(plays, n))
    bots = tuple(
        BotSummary(
            label=labels[e],
            level=config.bots[e],
            record=records[e],
            points=mean_ci([u[e] for u in units]),
            elo=None if ratings is None else ratings[e],
        )
        for e in range(n)
    )
    margins = tuple(
        Margin(labels[a], labels[b], mean_ci([u[a] - u[b] for u in units]), config.duplicate)
        for a in range(n)
        for b in range(a + 1, n)
    )
    return Summary(config, bots, margins, len(results))


def _finite(value: float) -> float | None:
    """JSON has no infinity: an unknown bound is null."""
    return value if math.isfinite(value) else None
