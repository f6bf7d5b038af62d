"""Why the rules refuse an action in a hand of the Fives family: the error, naming the
rule (F4, F5, D5, F8), that ``FivesHand.apply`` raises with nothing changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pegboard.core import N_, IllegalActionError
from pegboard.dominoes.actions import DrawTile, Pass, Play

if TYPE_CHECKING:
    from pegboard.fives.hand import FivesHand


def refusal(hand: FivesHand, action: object) -> IllegalActionError:
    """The error that refuses ``action``, which is not one of ``hand``'s legal actions."""
    seat = hand.current_player
    if seat is None:
        return IllegalActionError(N_("the hand is over: no more moves"), "F8")
    rules = hand.rules
    if isinstance(action, Play):
        if action.tile not in hand.hand(seat):
            return IllegalActionError(N_("{tile} is not in your hand"), "F4", tile=action.tile)
        # The layout explains a misplaced tile (D5, F5); it is a copy: nothing changes.
        hand.layout.play(action.tile, action.end)
    elif isinstance(action, DrawTile):
        if not rules.all_fives:
            return IllegalActionError(
                N_("Fives and Threes has no drawing: a player who cannot play knocks"), "F4"
            )
        if hand.layout.is_empty or hand.can_play():
            return IllegalActionError(
                N_("you hold a tile that fits, so you must play it, not draw"), "F4"
            )
        if rules.reserve:
            return IllegalActionError(
                N_("the last two tiles of the boneyard are never drawn: pass"), "F4"
            )
        return IllegalActionError(N_("the boneyard is empty: pass"), "F4")
    elif isinstance(action, Pass):
        if hand.layout.is_empty or hand.can_play():
            return IllegalActionError(N_("you can play a tile, so you must play"), "F4")
        return IllegalActionError(
            N_("you may not pass while you can draw: draw until a tile fits"), "F4"
        )
    else:
        return IllegalActionError(
            N_("not a move of the Fives family: {action!r} (a play, draw or pass)"),
            "F4",
            action=action,
        )
    raise AssertionError(f"{action} was refused but breaks no rule")
