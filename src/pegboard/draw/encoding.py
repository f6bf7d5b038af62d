"""Draw's dense action numbers and fixed-shape observation vectors, the same for its
PettingZoo environment and its OpenSpiel game (``pegboard.draw.looks``). The encoder reads
only a seat's ``observation(seat)`` (a ``DrawObservation``), never the round itself: what a
vector cannot be built from, it cannot leak.

**Actions** (``DRAW_NUM_ACTIONS`` = 86):

====== ==================================================================================
0-27    open the line with the tile of that index (``Tile.index``: [0|0]=0, [0|1]=1, ...
        [6|6]=27), ``Play(tile)``; legal only on an empty line
28-83   ``28 + 2 * tile.index + slot``: play the tile on an open end, ``slot`` 0 or 1 being
        the end's place in the line's ``open_ends()`` (sorted as B4 sorts them). A tile
        that fits both ends has two distinct actions, even when both ends show the same
        number; what a slot means changes as the line grows, and the observation says
        which number each slot shows
84      draw a tile (D6, D7)
85      pass (D8)

**Observations**: ``float32`` entries in [0, 1] (``pegboard.games.encoding``), the seats
relative to the observing one and padded to four, laid out as ``DRAW_LAYOUT`` (name, start,
size).

**The double-six set only.** Both numberings are sized for its 28 tiles and seven numbers;
a round of the double-nine set (D25) is refused with ``DoubleNineEncodingError`` rather than
encoded wrongly (its 55 tiles and ten numbers need other sizes, and every trained network and
recorded fixture of these numbers would change meaning): PettingZoo's ``draw_v0``,
OpenSpiel's ``pegboard_draw`` and the ``ismcts`` level refuse the option ``set=9``.

``ENCODING`` (a ``DrawEncoding``) is Draw's ``Game.encoding``: these numbers and vectors
behind the ``Encoding`` protocol, for a round's observation or a match's (whose round in
play it encodes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

import numpy as np

from pegboard.core import IllegalActionError
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import DOUBLE_SIX
from pegboard.draw.actions import DRAW, PASS, Pass
from pegboard.draw.actions import Action as DrawAction
from pegboard.draw.actions import Play as DrawPlay
from pegboard.draw.match import MatchObservation
from pegboard.draw.observation import DrawObservation
from pegboard.games.encoding import Mask, Vector, check_index

__all__ = [
    "DRAW_DRAW_ACTION",
    "DRAW_LAYOUT",
    "DRAW_NUM_ACTIONS",
    "DRAW_OBS_SIZE",
    "DRAW_PASS_ACTION",
    "DRAW_PLAY_BASE",
    "ENCODING",
    "MAX_DRAW_SEATS",
    "MAX_MOVES",
    "DrawEncoding",
    "draw_action",
    "draw_action_index",
    "draw_action_mask",
    "encode_draw",
    "line_action",
    "line_action_index",
]

# -- Draw actions -----------------------------------------------------------------------------

DRAW_PLAY_BASE: Final = 28
DRAW_DRAW_ACTION: Final = 84
DRAW_PASS_ACTION: Final = 85
DRAW_NUM_ACTIONS: Final = 86


def draw_action_index(action: DrawAction, open_ends: Sequence[End]) -> int:
    """The number of a Draw action, given the line's ``open_ends()`` (B4 order)."""
    if action is DRAW:
        return DRAW_DRAW_ACTION
    if action is PASS:
        return DRAW_PASS_ACTION
    if not isinstance(action, DrawPlay):
        raise ValueError(f"not a Draw action: {action!r}")
    if action.end is None:
        return action.tile.index
    try:
        slot = tuple(open_ends).index(action.end)
    except ValueError:
        raise ValueError(f"{action.end} is not an open end of the line (D9)") from None
    return DRAW_PLAY_BASE + 2 * action.tile.index + slot


def draw_action(index: int, open_ends: Sequence[End]) -> DrawAction:
    """The Draw action numbered ``index``, given the line's ``open_ends()`` (B4 order).

    The action need not be legal (the engine says why not when it is applied), but a play
    on an end needs a line with ends: on an empty line it raises ``IllegalActionError``.
    """
    index = check_index(index, DRAW_NUM_ACTIONS)
    if index < DRAW_PLAY_BASE:
        return DrawPlay(DOUBLE_SIX[index])
    if index == DRAW_DRAW_ACTION:
        return DRAW
    if index == DRAW_PASS_ACTION:
        return PASS
    tile, slot = divmod(index - DRAW_PLAY_BASE, 2)
    if len(open_ends) != 2:
        raise IllegalActionError(
            f"action {index} plays {DOUBLE_SIX[tile]} on an open end, but the line is empty: "
            f"open it (actions 0-27)",
            "D5",
        )
    return DrawPlay(DOUBLE_SIX[tile], open_ends[slot])


def draw_action_mask(legal: Iterable[DrawAction], open_ends: Sequence[End]) -> Mask:
    """A 0/1 ``int8`` vector over the 86 Draw actions: 1 for each action in ``legal``."""
    mask = np.zeros(DRAW_NUM_ACTIONS, dtype=np.int8)
    ends = tuple(open_ends)
    for action in legal:
        mask[draw_action_index(action, ends)] = 1
    return mask


def line_action_index(action: DrawAction, line: Line) -> int:
    """The number of a Draw action on this line (OpenSpiel's form: the line, not its ends)."""
    return draw_action_index(action, line.open_ends())


def line_action(number: int, line: Line) -> DrawAction:
    """The Draw action of a number on this line (the inverse of ``line_action_index``)."""
    return draw_action(number, line.open_ends())


# -- Draw observations ------------------------------------------------------------------------

MAX_DRAW_SEATS: Final = 4
_SET_SIZE: Final = 28

DRAW_LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    ("hand", 0, 28),  # the seat's own tiles, by Tile.index
    ("line", 28, 28),  # the tiles on the line, by Tile.index
    ("end_values", 56, 14),  # per open-end slot (B4 order), the number it shows, one-hot 0-6
    ("known_absent", 70, 28),  # per relative seat, the numbers its passes proved absent (D8)
    ("hand_sizes", 98, 4),  # per relative seat, tiles in hand / 28
    ("stock_size", 102, 1),  # tiles in the stock / 28
    ("seats", 103, 4),  # per relative seat, 1 if that seat is at the table
    ("to_play", 107, 4),  # the seat to play, relative, one-hot (zeros once over)
    ("leader", 111, 4),  # the seat that opened the round, relative, one-hot
    # Consecutive passes just made / 4 (D11: n of them block), read from the public
    # history: a position built by Round.from_position starts with an empty one.
    ("passes", 115, 1),
    ("over", 116, 1),  # 1 once the round is settled
)
DRAW_OBS_SIZE: Final = 117


def encode_draw(observation: DrawObservation) -> Vector:
    """The observation vector of one seat in Draw (``DRAW_LAYOUT``, ``DRAW_OBS_SIZE``); a
    double-nine round is refused (``DoubleNineEncodingError``, D25)."""
    check_encodable(observation.tile_set)
    vector = np.zeros(DRAW_OBS_SIZE, dtype=np.float32)
    n = observation.num_players
    me = observation.seat
    for tile in observation.hand:
        vector[tile.index] = 1.0
    for tile in observation.line.tiles:
        vector[28 + tile.index] = 1.0
    for slot, end in enumerate(observation.line.open_ends()):
        vector[56 + 7 * slot + end.value] = 1.0
    for relative in range(n):
        seat = (me + relative) % n
        for value in observation.known_absent[seat]:
            vector[70 + 7 * relative + value] = 1.0
        vector[98 + relative] = observation.hand_sizes[seat] / _SET_SIZE
        vector[103 + relative] = 1.0
    vector[102] = observation.stock_size / _SET_SIZE
    if observation.current_player is not None:
        vector[107 + (observation.current_player - me) % n] = 1.0
    vector[111 + (observation.leader - me) % n] = 1.0
    vector[115] = _trailing_passes(observation) / MAX_DRAW_SEATS
    vector[116] = float(observation.result is not None)
    return vector


def _trailing_passes(observation: DrawObservation) -> int:
    count = 0
    for move in reversed(observation.history):
        if not isinstance(move.action, Pass):
            break
        count += 1
    return count


# -- the Encoding ---------------------------------------------------------------------------

MAX_MOVES: Final = 120
"""Player moves in a round, at most: 26 plays, 12 draws and, between and after the plays,
at most 26 * 3 + 4 passes (n passes in a row end the round, D11)."""
MAX_ROUNDS: Final = 200
"""Rounds in a match, at most, for ``max_length``: a match lasts rounds until a seat
reaches the target (D17), far fewer in practice."""


class DoubleNineEncodingError(ValueError):
    """A double-nine round (D25) given to the fixed-size research encoding."""


def check_encodable(tile_set: object) -> None:
    """``DoubleNineEncodingError`` unless ``tile_set`` is the double-six set's 6, the one set these
    numbers are sized for."""
    if tile_set not in (None, 6):
        raise DoubleNineEncodingError(
            "the research encoding of Draw (PettingZoo's draw_v0, OpenSpiel's pegboard_draw, "
            "the ismcts level) is sized for the double-six set: 28 tiles, 86 actions; a "
            f"round of set {tile_set} (D25) has no encoding here: play it with the engine "
            "(pegboard.draw.Round, tile_set=9) or the other levels"
        )


def round_view(observation: Any) -> DrawObservation:
    """The round observation in ``observation`` (a match's holds its round in play);
    ``DoubleNineEncodingError`` for a round of the double-nine set (D25)."""
    if isinstance(observation, MatchObservation):
        observation = observation.round
    if not isinstance(observation, DrawObservation):
        raise TypeError(f"not an observation of Draw: {observation!r}")
    check_encodable(observation.tile_set)
    return observation


class DrawEncoding:
    """Draw's ``Encoding`` (``pegboard.games.Encoding``): ``DRAW_NUM_ACTIONS`` actions and
    ``DRAW_OBS_SIZE`` entries, read from a round's observation or a match's."""

    num_actions: int = DRAW_NUM_ACTIONS
    observation_size: int = DRAW_OBS_SIZE
    max_length: int = MAX_ROUNDS * MAX_MOVES

    def encode(self, observation: Any) -> Vector:
        return encode_draw(round_view(observation))

    def action_index(self, observation: Any, action: Any) -> int:
        return draw_action_index(action, round_view(observation).line.open_ends())

    def action(self, observation: Any, index: int) -> DrawAction:
        """The action numbered ``index``: ``ValueError`` for no number of an action, and
        the engine's ``IllegalActionError`` (a ``ValueError`` too, naming D5) for a play on
        an end of an empty line."""
        return draw_action(index, round_view(observation).line.open_ends())


ENCODING: Final = DrawEncoding()
