"""How the bots count at the show with muggins (C18-C20): each claims its own hand and crib,
and calls muggins for whatever an opponent's claim missed.

Every level but the beginner counts exactly (the casual and greedy as carefully as the
strong and the expert: counting is not a skill the levels differ in beyond the beginner's).
The beginner counts the fifteens, the pairs and the runs, and forgets the flush and his
nobs, the points a new player most often leaves on the table; it is deterministic, so a
seeded game replays. Muggins is called by every level for exactly the points missed: the
cards claimed for are turned up for all (C18), so the count needs nothing hidden.
"""

from __future__ import annotations

from pegboard.core import Action, Observation
from pegboard.cribbage.actions import CLAIM_OF, MUGGINS_OF, NO_MUGGINS
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import score_breakdown

FORGOTTEN = frozenset({"flush", "nobs"})
"""What the beginner forgets to claim."""


def show_action(observation: Observation, beginner: bool = False) -> Action | None:
    """The claim or the call of muggins due from this seat at the show (C18, C19), or None
    when none is due (no muggins, or another phase)."""
    view = observation.game if isinstance(observation, MatchObservation) else observation
    if not isinstance(view, CribbageObservation):
        return None
    showing = view.showing
    if showing is None or view.current_player != view.seat or view.starter is None:
        return None
    items = score_breakdown(showing.cards, view.starter, showing.what == "crib").items
    held = sum(item.points for item in items)
    if showing.claimed is None:
        if beginner:
            return CLAIM_OF[sum(i.points for i in items if i.kind not in FORGOTTEN)]
        return CLAIM_OF[held]
    missed = held - showing.claimed
    return MUGGINS_OF[missed] if missed > 0 else NO_MUGGINS
