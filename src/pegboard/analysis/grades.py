"""Grades and accuracy: how a decision's loss is named, and one figure per player.

**Grades.** A decision whose loss reaches a game's ``Grading.inaccuracy`` is an
inaccuracy, ``mistake`` a mistake, ``blunder`` a blunder (``pegboard.games.Grading``:
each game says its own, chosen from data: docs/analysis.md says how).

A loss is an estimate (the searches are sampled), so a decision is graded by the loss it
is known to have lost at least: the estimate less ``SURE`` standard errors of it (about
97.5% sure, one-sided). The search's noise is then rarely named a mistake; an exact loss
(an error of 0) is graded as it is.

**Accuracy** (0–100), as Lichess documents its own: each decision scores
``100 · exp(−loss / scale)``, where ``scale`` is the game's mistake threshold (a decision
as good as the best scores 100, one that loses a mistake's worth scores 37, a blunder
of twice that 14), and a player's accuracy is the mean over their decisions (100 when
they had none). The curve rewards a match of small losses over one with a single
disaster, and never gives a loss a negative score.

**Points.** Both read a loss in the game's points. A decision valued by the chance of
winning the match (``CHANCE_UNIT``: near a match's end, where a point may be worth the
match or nothing) is read as the points its loss is worth at the game's rate
(``Grading.chance_per_point``): a loss of 3.8% of the match is a 2-point loss where a point
is worth 1.9%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from pegboard.bots.base import CHANCE_UNIT
from pegboard.games import Grading

SURE: Final = 2.0
"""Standard errors taken off a loss before it is graded (see the module's text)."""


def in_points(loss: float, unit: str, chance_per_point: float | None) -> float:
    """A decision's loss (or its error), in ``unit``, as the game's points: a chance of
    winning lost is worth its points at ``chance_per_point`` (``Grading.chance_per_point``);
    ``ValueError`` when a game values in chance and says no rate."""
    if unit != CHANCE_UNIT:
        return loss
    if chance_per_point is None:
        raise ValueError("a loss in the chance of winning, and no rate to read it in points")
    return loss / chance_per_point


def grade(loss: float, grading: Grading, error: float = 0.0) -> str | None:
    """The grade of a decision that lost ``loss`` with the standard error ``error``
    (None: no grade)."""
    sure = loss - SURE * error
    if sure >= grading.blunder:
        return "blunder"
    if sure >= grading.mistake:
        return "mistake"
    if sure >= grading.inaccuracy:
        return "inaccuracy"
    return None


def accuracy(losses: Sequence[float], scale: float) -> float:
    """A player's accuracy (0–100) from the losses of their decisions."""
    if not losses:
        return 100.0
    return 100.0 * math.fsum(math.exp(-max(0.0, loss) / scale) for loss in losses) / len(losses)
