"""OpenSpiel's action numbers for both games: pegboard's one dense numbering.

The numbering is :mod:`pegboard.envs.encoding`'s, shared with the PettingZoo environments
(Draw: 0-27 open with a tile, ``28 + 2 * tile.index + slot`` play on the open end ``slot``
of ``line.open_ends()``, 84 draw, 85 pass; cribbage: 0-1325 discard pairs, 1326 + card
play, 1378 go). Here the Draw forms take the line rather than its open ends.
"""

from __future__ import annotations

from pegboard.dominoes.line import Line
from pegboard.draw.actions import Action
from pegboard.envs import encoding as _shared
from pegboard.envs.encoding import CRIBBAGE_NUM_ACTIONS as CRIB_ACTIONS
from pegboard.envs.encoding import DRAW_DRAW_ACTION as DRAW_DRAW
from pegboard.envs.encoding import DRAW_NUM_ACTIONS as DRAW_ACTIONS
from pegboard.envs.encoding import cribbage_action
from pegboard.envs.encoding import cribbage_action_index as cribbage_action_id

__all__ = [
    "CRIB_ACTIONS",
    "DRAW_ACTIONS",
    "DRAW_DRAW",
    "cribbage_action",
    "cribbage_action_id",
    "draw_action",
    "draw_action_id",
]


def draw_action_id(action: Action, line: Line) -> int:
    """The number of a Draw action on this line."""
    return _shared.draw_action_index(action, line.open_ends())


def draw_action(number: int, line: Line) -> Action:
    """The Draw action of a number, on this line (the inverse of ``draw_action_id``)."""
    return _shared.draw_action(number, line.open_ends())
