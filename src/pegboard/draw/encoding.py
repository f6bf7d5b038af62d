"""Draw's dense action numbers and fixed-shape observation vectors, the same for its
PettingZoo environment and its OpenSpiel game (``pegboard.draw.looks``). The encoder reads
only a seat's ``observation(seat)`` (a ``DrawObservation``), never the round itself: what a
vector cannot be built from, it cannot leak.

Each set has its own numbers (``numbers_of(tile_set)``, a ``DrawNumbers``), laid out alike
from the set's size: ``T`` tiles (28 for the double-six set, 55 for the double-nine set of
D25, ``Tile.index`` order, the double-six tiles first in both) and ``V`` numbers (7, 10).
The double-six numbers are the module's constants (``DRAW_NUM_ACTIONS`` ...) and have not
changed since they were recorded.

**Actions** (``3T + 2``: 86 for the double-six set, 167 for the double-nine set):

=============== ===============================================================================
set 6 / set 9
=============== ===============================================================================
0-27 / 0-54     open the line with the tile of that index (``Tile.index``: [0|0]=0, [0|1]=1,
                ... [6|6]=27, [0|7]=28, ... [9|9]=54), ``Play(tile)``; legal only on an empty
                line
28-83 / 55-164  ``T + 2 * tile.index + slot``: play the tile on an open end, ``slot`` 0 or 1
                being the end's place in the line's ``open_ends()`` (sorted as B4 sorts them).
                A tile that fits both ends has two distinct actions, even when both ends show
                the same number; what a slot means changes as the line grows, and the
                observation says which number each slot shows
84 / 165        draw a tile (D6, D7)
85 / 166        pass (D8)
=============== ===============================================================================

**Observations**: ``float32`` entries in [0, 1] (``pegboard.games.encoding``), the seats
relative to the observing one and padded to four, laid out as ``DrawNumbers.layout`` (name,
start, size; ``DRAW_LAYOUT`` for the double-six set):

============ ====== ====== ========================================================
part         set 6  set 9  what
============ ====== ====== ========================================================
hand         28     55     the seat's own tiles, by ``Tile.index``
line         28     55     the tiles on the line, by ``Tile.index``
end_values   14     20     per open-end slot (B4 order), the number it shows, one-hot
known_absent 28     40     per relative seat, the numbers its passes proved absent (D8)
hand_sizes   4      4      per relative seat, tiles in hand / T
stock_size   1      1      tiles in the stock / T
seats        4      4      per relative seat, 1 if that seat is at the table
to_play      4      4      the seat to play, relative, one-hot (zeros once over)
leader       4      4      the seat that opened the round, relative, one-hot
passes       1      1      consecutive passes just made / 4 (D11)
over         1      1      1 once the round is settled
(size)       117    189
============ ====== ====== ========================================================

A set's numbers encode only its own rounds: a round of the other set is refused with
``EncodingSetError`` (a ``ValueError``, naming D25) rather than encoded wrongly.
PettingZoo's ``draw_v0``, OpenSpiel's ``pegboard_draw`` and the ``ismcts`` level take the
option ``set`` (6 or 9) and use its numbers.

``ENCODING`` (a ``DrawEncoding``) is Draw's ``Game.encoding``: the double-six numbers behind
the ``Encoding`` protocol, for a round's observation or a match's (whose round in play it
encodes); ``encoding_of(9)`` is the double-nine set's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import numpy as np

from pegboard.core import IllegalActionError
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import SETS, SIX, Tile
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
    "DrawNumbers",
    "EncodingSetError",
    "draw_action",
    "draw_action_index",
    "draw_action_mask",
    "encode_draw",
    "encoding_of",
    "line_action",
    "line_action_index",
    "numbers_of",
]

MAX_DRAW_SEATS: Final = 4
_DEALT_AT_TWO: Final = 14
"""Tiles dealt at a table of two, in either set (D2, D26): the largest stock is the rest."""


class EncodingSetError(ValueError):
    """A round of one set (D25) given to the numbers of the other."""


@dataclass(frozen=True)
class DrawNumbers:
    """The action numbers and observation layout of one set (the module docstring's tables),
    computed from its size."""

    tile_set: int
    tiles: tuple[Tile, ...]
    """The set's tiles, in ``Tile.index`` order."""
    values: int
    """The numbers on its tiles: 0 to ``tile_set``."""

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def play_base(self) -> int:
        return self.size

    @property
    def draw_action(self) -> int:
        return 3 * self.size

    @property
    def pass_action(self) -> int:
        return 3 * self.size + 1

    @property
    def num_actions(self) -> int:
        return 3 * self.size + 2

    @property
    def layout(self) -> tuple[tuple[str, int, int], ...]:
        sizes = (
            ("hand", self.size),
            ("line", self.size),
            ("end_values", 2 * self.values),
            ("known_absent", MAX_DRAW_SEATS * self.values),
            ("hand_sizes", MAX_DRAW_SEATS),
            ("stock_size", 1),
            ("seats", MAX_DRAW_SEATS),
            ("to_play", MAX_DRAW_SEATS),
            ("leader", MAX_DRAW_SEATS),
            # Consecutive passes just made / 4 (D11: n of them block), read from the public
            # history: a position built by Round.from_position starts with an empty one.
            ("passes", 1),
            ("over", 1),
        )
        parts, start = [], 0
        for name, size in sizes:
            parts.append((name, start, size))
            start += size
        return tuple(parts)

    @property
    def obs_size(self) -> int:
        _, start, size = self.layout[-1]
        return start + size

    @property
    def max_draws(self) -> int:
        """Tiles one seat draws in a round, at most: the stock of a table of two, its last
        two never drawn (D6, D26)."""
        return self.size - _DEALT_AT_TWO - 2

    @property
    def max_moves(self) -> int:
        """Player moves in a round, at most: every tile but the last two of the stock
        played, the draws of a table of two and, between and after the plays, at most
        three passes per play and four (n passes in a row end the round, D11)."""
        plays = self.size - 2
        return plays + self.max_draws + 3 * plays + MAX_DRAW_SEATS

    @property
    def pips(self) -> int:
        """Every pip of the set (168, 495): the most a round can score (D13, D14)."""
        return sum(tile.pips for tile in self.tiles)

    def check(self, tile_set: object) -> None:
        """``EncodingSetError`` unless ``tile_set`` is this set (``None`` is the default, 6)."""
        if (SIX if tile_set is None else tile_set) != self.tile_set:
            raise EncodingSetError(
                f"these numbers of Draw ({self.num_actions} actions) are the set "
                f"{self.tile_set}'s, not the numbers of a round of set {tile_set} (D25): "
                f"encode it with numbers_of({tile_set})"
            )


@cache
def numbers_of(tile_set: object = SIX) -> DrawNumbers:
    """The numbers of the set ``tile_set``: 6 (double-six, D1) or 9 (double-nine, D25);
    ``EncodingSetError`` for any other."""
    if tile_set is None:
        tile_set = SIX
    if isinstance(tile_set, bool) or tile_set not in SETS:
        raise EncodingSetError(
            f"the set is 6 (double-six, D1) or 9 (double-nine, D25), not {tile_set!r}"
        )
    assert isinstance(tile_set, int)
    return DrawNumbers(tile_set, SETS[tile_set], tile_set + 1)


_SIX: Final = numbers_of(SIX)

# -- Draw actions (the double-six numbers, unchanged) ------------------------------------------

DRAW_PLAY_BASE: Final = 28
DRAW_DRAW_ACTION: Final = 84
DRAW_PASS_ACTION: Final = 85
DRAW_NUM_ACTIONS: Final = 86


def draw_action_index(
    action: DrawAction, open_ends: Sequence[End], numbers: DrawNumbers = _SIX
) -> int:
    """The number of a Draw action, given the line's ``open_ends()`` (B4 order), in the
    numbers of a set (the double-six set's by default)."""
    if action is DRAW:
        return numbers.draw_action
    if action is PASS:
        return numbers.pass_action
    if not isinstance(action, DrawPlay):
        raise ValueError(f"not a Draw action: {action!r}")
    if action.tile.index >= numbers.size:
        raise EncodingSetError(
            f"{action.tile} is no tile of the set {numbers.tile_set} these numbers are for (D25)"
        )
    if action.end is None:
        return action.tile.index
    try:
        slot = tuple(open_ends).index(action.end)
    except ValueError:
        raise ValueError(f"{action.end} is not an open end of the line (D9)") from None
    return numbers.play_base + 2 * action.tile.index + slot


def draw_action(index: int, open_ends: Sequence[End], numbers: DrawNumbers = _SIX) -> DrawAction:
    """The Draw action numbered ``index``, given the line's ``open_ends()`` (B4 order), in the
    numbers of a set (the double-six set's by default).

    The action need not be legal (the engine says why not when it is applied), but a play
    on an end needs a line with ends: on an empty line it raises ``IllegalActionError``.
    """
    index = check_index(index, numbers.num_actions)
    if index < numbers.play_base:
        return DrawPlay(numbers.tiles[index])
    if index == numbers.draw_action:
        return DRAW
    if index == numbers.pass_action:
        return PASS
    tile, slot = divmod(index - numbers.play_base, 2)
    if len(open_ends) != 2:
        raise IllegalActionError(
            f"action {index} plays {numbers.tiles[tile]} on an open end, but the line is "
            f"empty: open it (actions 0-{numbers.play_base - 1})",
            "D5",
        )
    return DrawPlay(numbers.tiles[tile], open_ends[slot])


def draw_action_mask(
    legal: Iterable[DrawAction], open_ends: Sequence[End], numbers: DrawNumbers = _SIX
) -> Mask:
    """A 0/1 ``int8`` vector over a set's Draw actions: 1 for each action in ``legal``."""
    mask = np.zeros(numbers.num_actions, dtype=np.int8)
    ends = tuple(open_ends)
    for action in legal:
        mask[draw_action_index(action, ends, numbers)] = 1
    return mask


def line_action_index(action: DrawAction, line: Line, numbers: DrawNumbers = _SIX) -> int:
    """The number of a Draw action on this line (OpenSpiel's form: the line, not its ends)."""
    return draw_action_index(action, line.open_ends(), numbers)


def line_action(number: int, line: Line, numbers: DrawNumbers = _SIX) -> DrawAction:
    """The Draw action of a number on this line (the inverse of ``line_action_index``)."""
    return draw_action(number, line.open_ends(), numbers)


# -- Draw observations ------------------------------------------------------------------------

DRAW_LAYOUT: Final = _SIX.layout
DRAW_OBS_SIZE: Final = 117


def encode_draw(observation: DrawObservation) -> Vector:
    """The observation vector of one seat in Draw, in the numbers of its round's set
    (``numbers_of(observation.tile_set)``: ``DRAW_LAYOUT``, ``DRAW_OBS_SIZE`` for the
    double-six set)."""
    numbers = numbers_of(observation.tile_set)
    parts = {name: start for name, start, _ in numbers.layout}
    size, values = numbers.size, numbers.values
    vector = np.zeros(numbers.obs_size, dtype=np.float32)
    n = observation.num_players
    me = observation.seat
    for tile in observation.hand:
        vector[parts["hand"] + tile.index] = 1.0
    for tile in observation.line.tiles:
        vector[parts["line"] + tile.index] = 1.0
    for slot, end in enumerate(observation.line.open_ends()):
        vector[parts["end_values"] + values * slot + end.value] = 1.0
    for relative in range(n):
        seat = (me + relative) % n
        for value in observation.known_absent[seat]:
            vector[parts["known_absent"] + values * relative + value] = 1.0
        vector[parts["hand_sizes"] + relative] = observation.hand_sizes[seat] / size
        vector[parts["seats"] + relative] = 1.0
    vector[parts["stock_size"]] = observation.stock_size / size
    if observation.current_player is not None:
        vector[parts["to_play"] + (observation.current_player - me) % n] = 1.0
    vector[parts["leader"] + (observation.leader - me) % n] = 1.0
    vector[parts["passes"]] = _trailing_passes(observation) / MAX_DRAW_SEATS
    vector[parts["over"]] = float(observation.result is not None)
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
"""Player moves in a round of the double-six set, at most: 26 plays, 12 draws and, between
and after the plays, at most 26 * 3 + 4 passes (n passes in a row end the round, D11)."""
MAX_ROUNDS: Final = 200
"""Rounds in a match, at most, for ``max_length``: a match lasts rounds until a seat
reaches the target (D17), far fewer in practice."""


def round_view(observation: Any, numbers: DrawNumbers = _SIX) -> DrawObservation:
    """The round observation in ``observation`` (a match's holds its round in play);
    ``EncodingSetError`` for a round of a set other than the numbers' (D25)."""
    if isinstance(observation, MatchObservation):
        observation = observation.round
    if not isinstance(observation, DrawObservation):
        raise TypeError(f"not an observation of Draw: {observation!r}")
    numbers.check(observation.tile_set)
    return observation


class DrawEncoding:
    """Draw's ``Encoding`` (``pegboard.games.Encoding``) of one set: its ``num_actions``
    actions and ``observation_size`` entries, read from a round's observation or a match's."""

    def __init__(self, numbers: DrawNumbers = _SIX) -> None:
        self.numbers = numbers
        self.num_actions: int = numbers.num_actions
        self.observation_size: int = numbers.obs_size
        self.max_length: int = MAX_ROUNDS * numbers.max_moves

    def encode(self, observation: Any) -> Vector:
        return encode_draw(round_view(observation, self.numbers))

    def action_index(self, observation: Any, action: Any) -> int:
        view = round_view(observation, self.numbers)
        return draw_action_index(action, view.line.open_ends(), self.numbers)

    def action(self, observation: Any, index: int) -> DrawAction:
        """The action numbered ``index``: ``ValueError`` for no number of an action, and
        the engine's ``IllegalActionError`` (a ``ValueError`` too, naming D5) for a play on
        an end of an empty line."""
        view = round_view(observation, self.numbers)
        return draw_action(index, view.line.open_ends(), self.numbers)


@cache
def encoding_of(tile_set: object = SIX) -> DrawEncoding:
    """The ``Encoding`` of the set ``tile_set`` (6 or 9, D25)."""
    return DrawEncoding(numbers_of(tile_set))


ENCODING: Final = encoding_of(SIX)
