"""Draw's expert playing for the match (issue 37): the research level ``match-expert``.

The expert plays for the round's points (its margin over the others' mean), which the rules
keep exactly whatever the scores (D15). Near the end of a match the points are not what
counts: a round that takes a seat to the target wins the match whatever its size (D17), and
a seat about to lose may do better to stop the leader than to score. ``MatchExpertBot`` is
the expert's tree search with each round's end valued by the seat's chance of winning the
match then (``pegboard.draw.odds``: from the points each seat needs after the round and who
leads the next, D16) instead of its margin; every seat in the tree plays for its own chance.

It plays for the match once a seat needs at most ``MATCH_WITHIN`` of the target: farther,
no round decides the match (a round scores 18 to 32 points on average, docs/odds.md), the
chance is nearly a straight line in the points, and it is the expert, choice for choice, at
the expert's cost. The tables are of players alone on the double-six set: in partnerships
and on the double-nine set it is the expert.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from pegboard.core import Observation
from pegboard.dominoes.tiles import DOUBLE_SIX
from pegboard.draw.bots.ismcts import Outcomes
from pegboard.draw.bots.levels import ExpertBot
from pegboard.draw.chances import chances_from
from pegboard.draw.match import MatchObservation

MATCH_WITHIN: Final = 0.4
"""It plays for the match once a seat needs at most this share of the target's points
(40 of 100 between two, 24 of 61 among three and four, D17)."""
MOST_POINTS: Final = sum(tile.pips for tile in DOUBLE_SIX)
"""The most points a round of the double-six set can score (every other tile held)."""


def outcomes_for(observation: Observation) -> Outcomes | None:
    """What each end of the round in play is worth to each seat, its chance of winning the
    match then; None where the match expert plays for the points (no match, no tables, or
    every seat farther than ``MATCH_WITHIN`` from the target)."""
    if not isinstance(observation, MatchObservation) or observation.is_over:
        return None
    view = observation.round
    if view.partnerships or view.tile_set != 6 or view.result is not None:
        return None
    target = observation.target
    needs = tuple(target - score for score in observation.scores)
    if min(needs) > MATCH_WITHIN * target:
        return None
    return _outcomes(needs, (view.leader + 1) % view.num_players)


@lru_cache(maxsize=256)
def _outcomes(needs: tuple[int, ...], following: int) -> Outcomes:
    """``outcomes_for`` from the points each seat needs and the next round's leader (D16):
    a round that takes a seat to its need wins it the match (D17); any other round leaves
    the match at the tables' chance (nobody scoring: the same needs)."""
    players = len(needs)
    unchanged = chances_from(needs, following)
    values: list[float] = list(unchanged) * (MOST_POINTS + 1)  # nobody scored
    for winner in range(players):
        for points in range(MOST_POINTS + 1):
            if points >= needs[winner]:
                chances: tuple[float, ...] = tuple(
                    1.0 if seat == winner else 0.0 for seat in range(players)
                )
            elif points == 0:
                chances = unchanged
            else:
                after = list(needs)
                after[winner] -= points
                chances = chances_from(after, following)
            values.extend(chances)
    return Outcomes(players, MOST_POINTS, tuple(values))


class MatchExpertBot(ExpertBot):
    """The expert's search valuing each round's end by the chance of winning the match
    once a seat is near the target; see the module docstring."""

    name = "match-expert"

    def outcomes(self, observation: Observation) -> Outcomes | None:
        return outcomes_for(observation)
