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

from typing import Final

from pegboard.bots.base import Evaluation
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import CLAIM_OF, MOST, MUGGINS_OF, NO_MUGGINS
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation, ShowCount
from pegboard.cribbage.scoring import ScoreItem, score_breakdown

FORGOTTEN = frozenset({"flush", "nobs"})
"""What the beginner forgets to claim."""
CLAIM_UNIT: Final = "net points at the show"
"""The value of a claim or a call of muggins (C18-C20): the points it pegs for the seat,
less those an opponent then takes by muggins (every bot calls it for exactly what a claim
missed)."""


def _due(observation: Observation) -> tuple[ShowCount, tuple[ScoreItem, ...]] | None:
    """The hand or crib this seat must claim for or answer a claim of at the show, and what
    its cards hold item by item (C6); None when nothing is due from it (no muggins, another
    phase, another seat's turn)."""
    view = observation.game if isinstance(observation, MatchObservation) else observation
    if not isinstance(view, CribbageObservation):
        return None
    showing = view.showing
    if showing is None or view.current_player != view.seat or view.starter is None:
        return None
    return showing, score_breakdown(showing.cards, view.starter, showing.what == "crib").items


def show_action(observation: Observation, beginner: bool = False) -> Action | None:
    """The claim or the call of muggins due from this seat at the show (C18, C19), or None
    when none is due (no muggins, or another phase)."""
    due = _due(observation)
    if due is None:
        return None
    showing, items = due
    held = sum(item.points for item in items)
    if showing.claimed is None:
        if beginner:
            return CLAIM_OF[sum(i.points for i in items if i.kind not in FORGOTTEN)]
        return CLAIM_OF[held]
    missed = held - showing.claimed
    return MUGGINS_OF[missed] if missed > 0 else NO_MUGGINS


def show_analysis(observation: Observation) -> list[Evaluation] | None:
    """Every claim or call of muggins due from this seat at the show, best first (C18-C20),
    or None when none is due: a claim of ``n`` of the ``held`` points pegs ``n`` and leaves
    ``held - n`` to the opponent's muggins; a claim of more pegs only what the cards hold
    (C20), as good as the exact count yet listed after it; muggins pegs what the claim
    missed, never more. The exact count comes first: it is what the bots play."""
    due = _due(observation)
    if due is None:
        return None
    showing, items = due
    held = sum(item.points for item in items)
    rows: list[tuple[Action, int, int]] = []  # the action, its points, its value
    if showing.claimed is None:
        exact = held
        rows += [(CLAIM_OF[n], n, 2 * n - held if n <= held else held) for n in range(MOST + 1)]
    else:
        exact = held - showing.claimed
        rows.append((NO_MUGGINS, 0, 0))
        rows += [(MUGGINS_OF[n], n, min(n, exact)) for n in range(1, MOST + 1)]
    rows.sort(key=lambda row: (-row[2], abs(row[1] - exact)))
    return [Evaluation(action, float(value), CLAIM_UNIT) for action, _, value in rows]
