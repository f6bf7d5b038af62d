"""What an analysis of a match finds (``pegboard.analysis.analyse``): small immutable values,
written to JSON and read back exactly (``Report.to_json`` / ``Report.from_json``).

A **decision** is a position where a seat had more than one legal action (a forced move
teaches nothing and is not graded). Its **loss** is the expected points the action taken
gives up against the best, as the analysing bot values them from that seat's observation
alone, in the bot's unit (``Decision.unit``: points of the deal or hand, or margin); its
**error** is the standard error of that loss over the independent searches made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pegboard.core import N_

REPORT_FORMAT: Final = "pegboard-report"
REPORT_VERSION: Final = 1

GRADES: Final = ("inaccuracy", "mistake", "blunder")
"""The grades of a decision that lost something, mildest first (as chess players name them)."""

GRADE_NAMES: Final = {
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
"""Each grade's name in English, marked for the translators."""


@dataclass(frozen=True, slots=True)
class ActionValue:
    """One legal action of a decision and the mean value the searches gave it (higher is
    better for the seat), with the game's parts of it where it has some (``details``)."""

    action: str
    value: float
    details: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "value": self.value, "details": dict(self.details)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ActionValue:
        details = {str(k): float(v) for k, v in dict(data.get("details") or {}).items()}
        return cls(str(data["action"]), float(data["value"]), details)


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one seat: the action taken (``index``: its place in the match's log
    of actions, from 0), every legal action valued (best first), the loss and its error."""

    index: int
    seat: int
    taken: str
    values: tuple[ActionValue, ...]
    unit: str
    loss: float
    error: float
    searches: int
    grade: str | None
    """``None`` (no grade: as good as the best, within the game's thresholds), or one of
    ``GRADES``."""
    chance: float | None = None
    """The deciding seat's chance of winning the match as it decided, estimated from its
    own observation (``pegboard.analysis.odds``); None when the game has no tables."""

    @property
    def best(self) -> str:
        return self.values[0].action

    def value_of(self, action: str) -> ActionValue:
        for value in self.values:
            if value.action == action:
                return value
        raise KeyError(action)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "taken": self.taken,
            "best": self.best,
            "values": [v.to_json() for v in self.values],
            "unit": self.unit,
            "loss": self.loss,
            "error": self.error,
            "searches": self.searches,
            "grade": self.grade,
            "chance": self.chance,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        grade = data.get("grade")
        return cls(
            index=int(data["index"]),
            seat=int(data["seat"]),
            taken=str(data["taken"]),
            values=tuple(ActionValue.from_json(v) for v in data["values"]),
            unit=str(data["unit"]),
            loss=float(data["loss"]),
            error=float(data["error"]),
            searches=int(data["searches"]),
            grade=None if grade is None else str(grade),
            chance=None if data.get("chance") is None else float(data["chance"]),
        )


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's figures over the match: its decisions, their mean loss in the game's
    points (``Report.points_lost``), its accuracy
    (``pegboard.analysis.grades.accuracy``) and how many of each grade."""

    seat: int
    decisions: int
    mean_loss: float
    accuracy: float
    grades: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "mean_loss": self.mean_loss,
            "accuracy": self.accuracy,
            "grades": dict(self.grades),
        }


@dataclass(frozen=True, slots=True)
class Report:
    """The analysis of one match: who analysed it and how (``level``, ``budget`` per
    search, ``tolerance`` on a loss's error, ``seed``), every decision in the order played,
    and the scores before the first action and after each (``scores[i]``: after ``i``
    actions), for the chart."""

    game: str
    players: int
    level: str
    budget: int | None
    tolerance: float
    seed: int
    actions: tuple[str, ...]
    decisions: tuple[Decision, ...]
    scores: tuple[tuple[float, ...], ...]
    scale: float
    """The game's accuracy scale (``pegboard.analysis.grades``), kept with the report."""
    chance_per_point: float | None = None
    """The game's rate of a point in the chance of winning (``Grading.chance_per_point``),
    kept with the report: a decision valued by that chance is summed up in points."""

    def points_lost(self, decision: Decision) -> float:
        """The decision's loss in the game's points (``pegboard.analysis.grades.in_points``)."""
        from pegboard.analysis.grades import in_points

        return in_points(decision.loss, decision.unit, self.chance_per_point)

    def of_seat(self, seat: int) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.seat == seat)

    def summary(self, seat: int) -> SeatSummary:
        from pegboard.analysis.grades import accuracy

        mine = self.of_seat(seat)
        losses = [self.points_lost(d) for d in mine]
        counts = {grade: sum(1 for d in mine if d.grade == grade) for grade in GRADES}
        mean = math.fsum(losses) / len(losses) if losses else 0.0
        return SeatSummary(seat, len(mine), mean, accuracy(losses, self.scale), counts)

    def summaries(self) -> tuple[SeatSummary, ...]:
        return tuple(self.summary(seat) for seat in range(self.players))

    def graded(self) -> tuple[Decision, ...]:
        """The decisions with a grade (the mistakes of every kind), in the order played."""
        return tuple(d for d in self.decisions if d.grade is not None)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": REPORT_FORMAT,
            "version": REPORT_VERSION,
            "game": self.game,
            "players": self.players,
            "level": self.level,
            "budget": self.budget,
            "tolerance": self.tolerance,
            "seed": self.seed,
            "scale": self.scale,
            "chance_per_point": self.chance_per_point,
            "actions": list(self.actions),
            "decisions": [d.to_json() for d in self.decisions],
            "scores": [list(s) for s in self.scores],
            "seats": [s.to_json() for s in self.summaries()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Report:
        if data.get("format") != REPORT_FORMAT or data.get("version") != REPORT_VERSION:
            raise ValueError("not a pegboard report of this version")
        budget = data.get("budget")
        rate = data.get("chance_per_point")
        return cls(
            game=str(data["game"]),
            players=int(data["players"]),
            level=str(data["level"]),
            budget=None if budget is None else int(budget),
            tolerance=float(data["tolerance"]),
            seed=int(data["seed"]),
            actions=tuple(str(a) for a in data["actions"]),
            decisions=tuple(Decision.from_json(d) for d in data["decisions"]),
            scores=tuple(tuple(float(x) for x in s) for s in _rows(data["scores"])),
            scale=float(data["scale"]),
            chance_per_point=None if rate is None else float(rate),
        )


def _rows(rows: Sequence[Any]) -> Sequence[Sequence[Any]]:
    return [list(row) for row in rows]
