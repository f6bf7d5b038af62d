"""What the Draw expert shows of each action beside its value (issue 36's reports and
hints), from the seat's observation alone; the search never weighs them. A play scores
nothing in Draw (D10), so there is no "points now":

- *tiles left*: the seat's tiles after the action (a draw adds one, D6);
- *blocking*: the chance (percent) that the next seat has no tile for the line's ends
  after the play, and must draw or pass (D7, D8), as ``pegboard.dominoes.blocking``
  counts it; not given for the last tile, which ends the round (D11).
"""

from __future__ import annotations

from pegboard.core import Action
from pegboard.dominoes.actions import DrawTile, Play
from pegboard.dominoes.blocking import blocking_chance
from pegboard.dominoes.tiles import tiles_of
from pegboard.draw.determinize import unseen_mask
from pegboard.draw.observation import DrawObservation


def play_details(view: DrawObservation, action: Action) -> dict[str, float]:
    """``tiles left`` and ``blocking`` of ``action`` for ``view``'s seat (see the module's
    text); a draw or a pass has only its tiles left."""
    held = len(view.hand)
    if not isinstance(action, Play):
        return {"tiles left": float(held + 1 if isinstance(action, DrawTile) else held)}
    details = {"tiles left": float(held - 1)}
    if held > 1:
        line = view.line.copy()
        line.play(action.tile, action.end)
        after = (view.seat + 1) % view.num_players
        values = set(line.open_values())
        unseen = tiles_of(unseen_mask(view))
        details["blocking"] = blocking_chance(unseen, values, view.hand_sizes[after])
    return details
