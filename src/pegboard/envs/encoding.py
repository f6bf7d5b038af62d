"""Dense action spaces and fixed-shape observation vectors for both games.

Shared by the PettingZoo environments and the OpenSpiel games, so that an action number or
an observation vector means the same thing in both. The observation encoders read only a
seat's ``observation(seat)`` (a ``DrawObservation`` or a ``CribbageObservation``), never the
position itself: what a vector cannot be built from, it cannot leak.

**Draw actions** (``DRAW_NUM_ACTIONS`` = 86):

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
====== ==================================================================================

**Cribbage actions** (``CRIBBAGE_NUM_ACTIONS`` = 1379); ``Card.index`` is 0-51, suit-major
(spades A-K, hearts, diamonds, clubs). Every number names the same move in every position:

========== ==============================================================================
0-1325      discard the pair of cards ``i < j``: ``i * (103 - i) // 2 + (j - i - 1)``,
            i.e. the 1326 pairs in lexicographic order ((0,1), (0,2), ... (50,51))
1326-1377   ``1326 + card.index``: play that card to the pegging pile
1378        go
========== ==============================================================================

**Observations** are ``float32`` vectors with every entry in [0, 1]: flags and one-hots, and
a few counts divided by their largest value. Seats are relative: entry 0 of a per-seat block
is the observing seat, then the seats after it in turn order (Draw pads to four seats).
The layouts are the ``DRAW_LAYOUT`` and ``CRIBBAGE_LAYOUT`` tables below (name, start, size).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pegboard.core import IllegalActionError
from pegboard.cribbage.actions import GO as CRIBBAGE_GO
from pegboard.cribbage.actions import Action as CribbageAction
from pegboard.cribbage.actions import Discard
from pegboard.cribbage.actions import Play as CribbagePlay
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.observation import CribbageObservation
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX
from pegboard.draw.actions import DRAW, PASS, Pass
from pegboard.draw.actions import Action as DrawAction
from pegboard.draw.actions import Play as DrawPlay
from pegboard.draw.round import DrawObservation

__all__ = [
    "CRIBBAGE_GO_ACTION",
    "CRIBBAGE_LAYOUT",
    "CRIBBAGE_NUM_ACTIONS",
    "CRIBBAGE_OBS_SIZE",
    "CRIBBAGE_PLAY_BASE",
    "DRAW_DRAW_ACTION",
    "DRAW_LAYOUT",
    "DRAW_NUM_ACTIONS",
    "DRAW_OBS_SIZE",
    "DRAW_PASS_ACTION",
    "DRAW_PLAY_BASE",
    "MAX_DRAW_SEATS",
    "cribbage_action",
    "cribbage_action_index",
    "cribbage_action_mask",
    "draw_action",
    "draw_action_index",
    "draw_action_mask",
    "encode_cribbage",
    "encode_draw",
]

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

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
    index = _check_index(index, DRAW_NUM_ACTIONS)
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


# -- Cribbage actions -------------------------------------------------------------------------

CRIBBAGE_PLAY_BASE: Final = 1326
CRIBBAGE_GO_ACTION: Final = 1378
CRIBBAGE_NUM_ACTIONS: Final = 1379


_CRIBBAGE_ACTIONS: Final[tuple[CribbageAction, ...]] = (
    *(Discard(DECK[i], DECK[j]) for i in range(52) for j in range(i + 1, 52)),
    *(CribbagePlay(card) for card in DECK),
    CRIBBAGE_GO,
)
# Actions are interned, so a dict keyed by them finds each by identity.
_CRIBBAGE_INDEX: Final[dict[CribbageAction, int]] = {
    action: index for index, action in enumerate(_CRIBBAGE_ACTIONS)
}


def cribbage_action_index(action: CribbageAction) -> int:
    """The number of a cribbage action (the same in every position)."""
    try:
        return _CRIBBAGE_INDEX[action]
    except (KeyError, TypeError):
        raise ValueError(f"not a cribbage action: {action!r}") from None


def cribbage_action(index: int) -> CribbageAction:
    """The cribbage action numbered ``index`` (legal or not: the engine checks)."""
    return _CRIBBAGE_ACTIONS[_check_index(index, CRIBBAGE_NUM_ACTIONS)]


def cribbage_action_mask(legal: Iterable[CribbageAction]) -> Mask:
    """A 0/1 ``int8`` vector over the 1379 cribbage actions: 1 for each action in ``legal``."""
    mask = np.zeros(CRIBBAGE_NUM_ACTIONS, dtype=np.int8)
    for action in legal:
        mask[_CRIBBAGE_INDEX[action]] = 1
    return mask


def _check_index(index: object, size: int) -> int:
    """``index`` as an int in ``range(size)`` (numpy integers too), or a ``ValueError``."""
    if isinstance(index, bool) or not isinstance(index, int | np.integer):
        raise ValueError(f"an action is a whole number from 0 to {size - 1}, not {index!r}")
    value = int(index)
    if not 0 <= value < size:
        raise ValueError(f"an action is a whole number from 0 to {size - 1}, not {value}")
    return value


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
    """The observation vector of one seat in Draw (``DRAW_LAYOUT``, ``DRAW_OBS_SIZE``)."""
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


# -- Cribbage observations --------------------------------------------------------------------

_PILE_SLOTS: Final = 8  # two players peg four cards each: a sequence holds at most 8
_TARGET: Final = 121
_LIMIT: Final = 31

CRIBBAGE_LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    ("hand", 0, 52),  # the cards the seat still holds, by Card.index
    ("discards", 52, 52),  # the two cards the seat laid in the crib
    ("starter", 104, 52),  # the starter, one-hot (zeros before the cut)
    ("played_me", 156, 52),  # the cards the seat played this hand
    ("played_opponent", 208, 52),  # the cards the opponent played this hand
    ("pile", 260, 104),  # the current sequence, most recent card first: 8 slots x rank 1-13
    ("count", 364, 1),  # the running total / 31
    ("scores", 365, 2),  # me, opponent: points / 121 (at most 1)
    ("phase", 367, 3),  # discard, pegging, over: one-hot
    ("dealer", 370, 1),  # 1 if the seat deals this hand (the crib is its own)
    ("to_play", 371, 1),  # 1 if it is the seat's turn
    ("said_go", 372, 2),  # me, opponent: said go in this sequence (C5)
    ("held_above", 374, 2),  # me, opponent: every held card is worth more than this / 31
    ("hand_sizes", 376, 2),  # me, opponent: cards held / 6
    ("discarded", 378, 2),  # me, opponent: has laid its two cards in the crib
)
CRIBBAGE_OBS_SIZE: Final = 380
_PHASES: Final = {"discard": 0, "pegging": 1, "over": 2}


def encode_cribbage(observation: CribbageObservation, *, hand_over: bool = False) -> Vector:
    """The observation vector of one seat in cribbage (``CRIBBAGE_LAYOUT``).

    ``hand_over`` encodes the end of an episode of one hand: the engine has already dealt
    the next hand by then, so only the scores are kept and the phase reads "over".
    """
    vector = np.zeros(CRIBBAGE_OBS_SIZE, dtype=np.float32)
    me = observation.seat
    other = 1 - me
    scores = observation.scores
    vector[365] = min(scores[me], _TARGET) / _TARGET
    vector[366] = min(scores[other], _TARGET) / _TARGET
    if hand_over:
        vector[367 + _PHASES["over"]] = 1.0
        return vector
    for card in observation.hand:
        vector[card.index] = 1.0
    for card in observation.discards:
        vector[52 + card.index] = 1.0
    if observation.starter is not None:
        vector[104 + observation.starter.index] = 1.0
    for seat, card in observation.played:
        vector[(156 if seat == me else 208) + card.index] = 1.0
    for slot, card in enumerate(reversed(observation.pile[-_PILE_SLOTS:])):
        vector[260 + 13 * slot + card.rank - 1] = 1.0
    vector[364] = observation.count / _LIMIT
    vector[367 + _PHASES[observation.phase]] = 1.0
    vector[370] = float(observation.dealer == me)
    vector[371] = float(observation.current_player == me)
    vector[372] = float(observation.said_go[me])
    vector[373] = float(observation.said_go[other])
    vector[374] = min(observation.held_above[me], _LIMIT) / _LIMIT
    vector[375] = min(observation.held_above[other], _LIMIT) / _LIMIT
    vector[376] = observation.hand_sizes[me] / 6
    vector[377] = observation.hand_sizes[other] / 6
    vector[378] = float(observation.discarded[me])
    vector[379] = float(observation.discarded[other])
    return vector
