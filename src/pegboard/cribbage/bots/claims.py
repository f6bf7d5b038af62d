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

from pegboard.bots.base import Evaluation
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import CLAIM_OF, MUGGINS_OF, NO_MUGGINS, Claim, Muggins
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


SHOW_UNIT = "expected point margin"
"""The unit of ``show_values``: the points a claim or a call pegs, less what it leaves to
be mugged."""


def show_values(observation: Observation) -> list[Evaluation] | None:
    """Every claim or call of muggins due from this seat at the show (C18, C19), best first,
    for hints and reports; None when none is due. A claim of ``n`` for cards that hold
    ``held`` pegs ``min(n, held)`` (C20) and leaves the rest to be mugged: worth
    ``2 * min(n, held) - held``; a call of ``m`` for ``missed`` points pegs ``min(m,
    missed)``, letting the claim stand nothing. Equal values (an overclaim is corrected,
    C20) rank the exact number first. (Without this the pegging search valued all thirty
    claims alike, in the notation's order.)"""
    view = observation.game if isinstance(observation, MatchObservation) else observation
    if not isinstance(view, CribbageObservation):
        return None
    best = show_action(observation)
    showing = view.showing
    if best is None or showing is None or view.starter is None:
        return None
    held = score_breakdown(showing.cards, view.starter, showing.what == "crib").total
    rows: list[tuple[float, int, Action]] = []
    for action in view.legal:
        if isinstance(action, Claim):
            pegged = min(action.points, held)
            rows.append((2.0 * pegged - held, abs(action.points - held), action))
        elif isinstance(action, Muggins):
            missed = held - (showing.claimed or 0)
            rows.append((float(min(action.points, missed)), abs(action.points - missed), action))
        else:  # no muggins
            rows.append((0.0, 0 if action is best else 1, action))
    rows.sort(key=lambda row: (-row[0], row[1]))
    return [Evaluation(action, value, SHOW_UNIT) for value, _off, action in rows]
