"""Ratings as people read them (issue 35, defect 11): OpenSkill's mu and sigma (stored as
they are, ``pegboard.web.ratings``) mapped onto a familiar 1500-based scale, in this one
function (``shown``) wherever a person reads a rating.

- The rating: ``1500 + 30 * (mu - 25)``, so a new player (mu 25) reads 1500 and a rating
  moves by tens of points a match, as chess ratings do.
- Its band: ``± 2 * 30 * sigma``, two sigmas on the same scale: the player's true level is
  95% likely within it. A new player (sigma 25/3) reads 1500 ± 500; it narrows as they
  play.
- The cautious rating, the leaderboard's order: mu - 3 sigma mapped the same way
  (OpenSkill's ``ordinal()``), a level the player is very likely (99.7%) above.

30 points per unit of mu puts 0 exactly six starting sigmas below the start (mu -25):
ratings stay positive for everyone but the extremely unlucky, and the scale is floored at
0 below that, so no rating a person reads is negative.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

START: Final = 1500
"""What a new player's rating reads."""
START_MU: Final = 25.0
"""OpenSkill's starting mu (its published default, ``PlackettLuce().mu``)."""
POINTS_PER_MU: Final = 30.0
"""Displayed points per unit of mu: a new player's two-sigma band (2 * 25/3) is ± 500."""
BAND_SIGMAS: Final = 2.0
"""The ± band is two sigmas wide each way: a 95% band."""
CAUTIOUS_SIGMAS: Final = 3.0
"""The cautious rating is mu - 3 sigma (OpenSkill's ``ordinal()``)."""


def scaled(value: float) -> int:
    """A value on OpenSkill's mu scale on the displayed one, rounded (halves up), never
    below 0."""
    return max(0, math.floor(START + POINTS_PER_MU * (value - START_MU) + 0.5))


@dataclass(frozen=True, slots=True)
class Shown:
    """A rating as a person reads it: ``rating`` ± ``band``, and ``cautious`` (the
    leaderboard's order)."""

    rating: int
    band: int
    cautious: int

    @property
    def low(self) -> int:
        """The band's lower end (never below 0)."""
        return max(0, self.rating - self.band)

    @property
    def high(self) -> int:
        return self.rating + self.band


def shown(mu: float, sigma: float) -> Shown:
    """The displayed rating of OpenSkill's ``mu`` and ``sigma``."""
    return Shown(
        scaled(mu),
        math.floor(BAND_SIGMAS * POINTS_PER_MU * sigma + 0.5),
        scaled(mu - CAUTIOUS_SIGMAS * sigma),
    )


def change_text(before: Shown, after: Shown) -> str:
    """A rated match's change of the displayed rating: "+45", "−12" (a true minus), "±0"."""
    step = after.rating - before.rating
    if step == 0:
        return "±0"
    return f"+{step}" if step > 0 else f"\u2212{-step}"
