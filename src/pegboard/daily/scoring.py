"""How a daily deal is scored: its margin, matchpoints against the field, the par's
difference, and the field's choices at a decision.

Matchpoints are duplicate bridge's: on each deal, a player earns one point for every other
player who did worse and half a point for every one who did as well, given as a percentage
of the others (50% alone). The par's difference is the player's margin less the expert's
on the same deal in the same seat (``pegboard.daily.deals.par_deal``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)


def margin(points: Sequence[float], seat: int) -> float:
    """``seat``'s points less the mean of the others' (the other's, between two)."""
    others = [p for s, p in enumerate(points) if s != seat]
    return float(points[seat]) - (sum(others) / len(others) if others else 0.0)


def matchpoints(margins: Mapping[K, float]) -> dict[K, float]:
    """Each player's matchpoints on one deal, as a percentage: the others who did worse,
    and half of those who did as well, over the others (50 for a player alone)."""
    scores = list(margins.values())
    others = len(scores) - 1
    result: dict[K, float] = {}
    for player, own in margins.items():
        if others == 0:
            result[player] = 50.0
            continue
        worse = sum(1 for score in scores if score < own)
        level = sum(1 for score in scores if score == own) - 1  # not the player
        result[player] = 100.0 * (worse + level / 2) / others
    return result


def mean_percent(percents: Iterable[float]) -> float | None:
    """The mean of ``percents``, or None for none."""
    values = list(percents)
    return sum(values) / len(values) if values else None


@dataclass(frozen=True, slots=True)
class DealScore:
    """One player's deal: its margin, the par's margin, their difference and the
    matchpoints (None before the field is counted)."""

    deal: int
    margin: float
    par: float
    matchpoints: float | None = None

    @property
    def against_par(self) -> float:
        return self.margin - self.par


def field_choices(logs: Iterable[Sequence[str]], before: Sequence[str]) -> Counter[str]:
    """What the field did next after the moves ``before``: among the deals' ``logs`` that
    began with those moves and went on, how many made each next move."""
    prefix = tuple(before)
    chosen: Counter[str] = Counter()
    for log in logs:
        if len(log) > len(prefix) and tuple(log[: len(prefix)]) == prefix:
            chosen[log[len(prefix)]] += 1
    return chosen
