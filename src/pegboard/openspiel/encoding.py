"""Dense action numbering for both games (the scheme of ``pegboard.envs.encoding``).

Draw (86 actions):
  0-27      open the line with the tile of that index (``Tile.index``);
  28-83     ``28 + 2 * tile.index + slot``: play the tile on the open end ``slot`` (0 or 1) of
            ``line.open_ends()``, which lists the two ends in B4 order. A tile can fit two ends
            showing the same number, so the end is named by its slot, not by its number;
  84        draw a tile (D6), 85 pass (D8).
Cribbage (1379 actions):
  0-1325    discard the two cards ``a.index < b.index``: the pair's rank in
            ``itertools.combinations(range(52), 2)``;
  1326-1377 ``1326 + card.index``: play that card; 1378 go.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from pegboard.cribbage.actions import GO, Discard, Go
from pegboard.cribbage.actions import Action as CribbageAction
from pegboard.cribbage.actions import Play as CribbagePlay
from pegboard.cribbage.cards import DECK
from pegboard.draw.actions import DRAW, PASS, Action, DrawTile, Pass, Play
from pegboard.draw.line import Line
from pegboard.draw.tiles import DOUBLE_SIX

DRAW_OPEN: Final = 0
DRAW_ON_END: Final = 28
DRAW_DRAW: Final = 84
DRAW_PASS: Final = 85
DRAW_ACTIONS: Final = 86

CRIB_PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(combinations(range(52), 2))
_PAIR_ID: Final[dict[tuple[int, int], int]] = {pair: i for i, pair in enumerate(CRIB_PAIRS)}
CRIB_PLAY: Final = len(CRIB_PAIRS)  # 1326
CRIB_GO: Final = CRIB_PLAY + 52  # 1378
CRIB_ACTIONS: Final = CRIB_GO + 1


def draw_action_id(action: Action, line: Line) -> int:
    """The number of a Draw action on this line."""
    if isinstance(action, Play):
        if action.end is None:
            return DRAW_OPEN + action.tile.index
        slot = line.open_ends().index(action.end)
        return DRAW_ON_END + 2 * action.tile.index + slot
    if isinstance(action, DrawTile):
        return DRAW_DRAW
    if isinstance(action, Pass):
        return DRAW_PASS
    raise ValueError(f"not a Draw action: {action!r}")


def draw_action(number: int, line: Line) -> Action:
    """The Draw action of a number, on this line (the inverse of ``draw_action_id``)."""
    if not isinstance(number, int) or not 0 <= number < DRAW_ACTIONS:
        raise ValueError(f"Draw actions are numbered 0 to {DRAW_ACTIONS - 1}, not {number!r}")
    if number == DRAW_DRAW:
        return DRAW
    if number == DRAW_PASS:
        return PASS
    if number < DRAW_ON_END:
        return Play(DOUBLE_SIX[number])
    tile, slot = divmod(number - DRAW_ON_END, 2)
    ends = line.open_ends()
    if not ends:
        raise ValueError(f"action {number} plays on an end, but the line is empty")
    return Play(DOUBLE_SIX[tile], ends[slot])


def cribbage_action_id(action: CribbageAction) -> int:
    """The number of a cribbage action."""
    if isinstance(action, Discard):
        a, b = action.cards
        return _PAIR_ID[(a.index, b.index)]
    if isinstance(action, CribbagePlay):
        return CRIB_PLAY + action.card.index
    if isinstance(action, Go):
        return CRIB_GO
    raise ValueError(f"not a cribbage action: {action!r}")


def cribbage_action(number: int) -> CribbageAction:
    """The cribbage action of a number (the inverse of ``cribbage_action_id``)."""
    if not isinstance(number, int) or not 0 <= number < CRIB_ACTIONS:
        raise ValueError(f"cribbage actions are numbered 0 to {CRIB_ACTIONS - 1}, not {number!r}")
    if number == CRIB_GO:
        return GO
    if number >= CRIB_PLAY:
        return CribbagePlay(DECK[number - CRIB_PLAY])
    a, b = CRIB_PAIRS[number]
    return Discard(DECK[a], DECK[b])
