"""What the Fives expert shows of each play beside its value (issue 36's reports and
hints), from the seat's observation alone; the search never weighs them:

- *points now*: what the play scores at once by the rules' own scoring (F7, by fives
  F9): the ends total's points, Fives and Threes' chip-out point (F8), nothing past an
  exact target;
- *tiles left*: the seat's tiles after the action (a draw adds one);
- *blocking*: the chance (percent) that the next seat to play has nothing to play on
  the ends the play leaves (``pegboard.dominoes.blocking``); not given for a play that
  ends the hand.
"""

from __future__ import annotations

from pegboard.core import Action
from pegboard.dominoes.actions import DrawTile, Play
from pegboard.dominoes.blocking import blocking_chance
from pegboard.fives.determinize import unseen
from pegboard.fives.hand import FivesObservation


def play_details(view: FivesObservation, action: Action) -> dict[str, float]:
    """``points now``, ``tiles left`` and ``blocking`` of ``action`` for ``view``'s seat
    (see the module's text); a draw or a pass has only its tiles left."""
    held = len(view.hand)
    if not isinstance(action, Play):
        return {"tiles left": float(held + 1 if isinstance(action, DrawTile) else held)}
    rules, seat = view.rules, view.seat
    layout = view.layout.copy()
    layout.play(action.tile, action.end)
    out = held == 1
    worth = rules.points(layout.ends_total()) + (1 if out and not rules.all_fives else 0)
    side = rules.side_of(seat)
    if rules.exact and view.scores[side] + worth > rules.target:
        worth = 0  # past an exact target a play scores nothing (F9)
    details = {"points now": float(worth), "tiles left": float(held - 1)}
    reached = worth > 0 and (
        view.scores[side] + worth == rules.target
        if rules.exact
        else view.scores[side] + worth >= rules.target
    )
    sizes = list(view.hand_sizes)
    sizes[seat] = held - 1
    partners_out = all(sizes[s] == 0 for s in rules.sides[side])
    ends = reached or (out and (rules.all_fives or not rules.partnerships or partners_out))
    after = next(
        (s for k in range(1, rules.players + 1) if sizes[s := (seat + k) % rules.players]), seat
    )
    if not ends and after != seat:
        values = {end.value for end in layout.open_ends()}
        details["blocking"] = blocking_chance(unseen(view), values, sizes[after])
    return details
