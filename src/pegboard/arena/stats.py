"""Statistics of an arena: outcomes, means with 95% confidence intervals, margins, Elo.

Everything here is plain arithmetic on numbers, so that it can be checked by hand.

Confidence intervals use the normal approximation, mean ± 1.96 standard errors (the sample
standard deviation with n - 1). They are computed over *independent units*: a deal in
ordinary mode, a deal seed in duplicate mode (the plays of one seed in every seating are
averaged first). The duplicate unit is what cancels the luck of the deal: a margin between
two bots is then the mean over seeds of a paired difference, and its interval is narrow
when the bots are close, however wild the deals.

Elo comes from a Bradley-Terry model fitted by maximum likelihood to the pairwise results
(every deal compares every pair of bots: the one with more points scores 1, equal points
0.5 each), with ``prior`` virtual draws between every pair so that a bot that never lost
still gets a finite rating. Ratings are ``400 log10`` of the strengths, shifted so that
their mean is 1500: a 200-point gap predicts a score of about 0.76 for the stronger bot.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean over ``n`` independent units, with its 95% confidence interval."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, float | int]:
        return {"mean": self.mean, "ci95_low": self.low, "ci95_high": self.high, "n": self.n}


def mean_ci(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its normal-approximation 95% interval.

    With fewer than two values the interval is unknown, and spans the whole line.
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass(frozen=True, slots=True)
class Record:
    """Wins, draws and losses of one bot."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def outcomes(
    points: Sequence[float], sides: Sequence[Sequence[int]] | None = None
) -> tuple[str, ...]:
    """Per entrant, ``"win"``, ``"draw"`` or ``"loss"`` for one deal scored ``points``.

    The deal is won by the single side with the most points; when several sides share the
    most, each of them draws; everyone else loses. ``sides`` groups the entrants that play
    together (partners, who are paid the same points); None: each entrant is a side of its
    own. Partners count once, so a side that wins alone wins for both partners, not a draw
    between them.
    """
    groups = [[e] for e in range(len(points))] if sides is None else [list(g) for g in sides]
    side_points = [max(points[e] for e in group) for group in groups]
    top = max(side_points)
    leaders = sum(1 for p in side_points if p == top)
    result = ["loss"] * len(points)
    for group, p in zip(groups, side_points, strict=True):
        if p == top:
            for e in group:
                result[e] = "win" if leaders == 1 else "draw"
    return tuple(result)


def tally(
    deals: Sequence[Sequence[float]],
    entrants: int,
    sides: Sequence[Sequence[Sequence[int]] | None] | None = None,
) -> tuple[Record, ...]:
    """Wins, draws and losses per entrant over deals given as points per entrant
    (``sides``, when given, the entrants' sides in each deal, as ``outcomes`` takes them)."""
    counts = [[0, 0, 0] for _ in range(entrants)]
    slot = {"win": 0, "draw": 1, "loss": 2}
    for i, points in enumerate(deals):
        for entrant, outcome in enumerate(outcomes(points, None if sides is None else sides[i])):
            counts[entrant][slot[outcome]] += 1
    return tuple(Record(w, d, lo) for w, d, lo in counts)


def pairwise_scores(deals: Sequence[Sequence[float]], entrants: int) -> list[list[float]]:
    """``scores[i][j]``: what ``i`` scored against ``j`` (1 a deal with more points than
    ``j``, 0.5 with as many), summed over deals."""
    scores = [[0.0] * entrants for _ in range(entrants)]
    for points in deals:
        for i in range(entrants):
            for j in range(entrants):
                if i != j:
                    if points[i] > points[j]:
                        scores[i][j] += 1.0
                    elif points[i] == points[j]:
                        scores[i][j] += 0.5
    return scores


def elo(
    scores: Sequence[Sequence[float]],
    prior: float = 1.0,
    iterations: int = 10_000,
    tolerance: float = 1e-10,
) -> tuple[float, ...]:
    """Elo ratings (mean 1500) from a pairwise score table, by Bradley-Terry MLE.

    ``scores[i][j]`` is what ``i`` scored against ``j`` over their ``scores[i][j] +
    scores[j][i]`` games. ``prior`` virtual draws are added to every pair (0 for the plain
    MLE, which is infinite for a bot that never dropped a point). The fit is Hunter's (2004)
    minorisation-maximisation iteration, which converges for a connected table.
    """
    n = len(scores)
    if n == 0:
        return ()
    wins = [[scores[i][j] + (prior / 2 if i != j else 0.0) for j in range(n)] for i in range(n)]
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    total = [math.fsum(row) for row in wins]
    if any(t <= 0 for t in total) or any(
        math.fsum(games[i]) <= 0 for i in range(n)
    ):  # a bot that never scored (or never played): its rating is unbounded
        raise ValueError("Elo needs every bot to score something; use a prior > 0")
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = math.fsum(
                games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i
            )
            new.append(total[i] / denominator)
        # Fix the scale (the model sees only ratios): geometric mean 1.
        centre = math.exp(math.fsum(math.log(s) for s in new) / n)
        new = [s / centre for s in new]
        change = max(abs(a - b) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            break
    return tuple(1500.0 + 400.0 * math.log10(s) for s in strength)


def expected_score(rating: float, other: float) -> float:
    """The score the Elo model predicts for ``rating`` against ``other``."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / 400.0))
