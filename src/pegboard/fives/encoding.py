"""The research encoding of the Fives family (All Fives and Fives and Threes): action
numbers and observation vectors for PettingZoo (``pegboard.envs``) and OpenSpiel
(``pegboard.openspiel.generic``), set as both games' ``Game.encoding``.

Built from a seat's observation alone (``FivesMatch.observation(seat)``), never from the
match: what a vector cannot be built from, it cannot leak.

**Actions** (``NUM_ACTIONS`` = 142); ``Tile.index`` numbers the double-six set ([0|0]=0,
[0|1]=1, ... [6|6]=27):

========= ==================================================================================
0-27       lead the tile of that index, ``Play(tile)``; legal only on an empty layout (F3)
28-139     ``28 + 4 * tile.index + slot``: play the tile on an open end, ``slot`` (0-3) being
           the end's place in the layout's ``open_ends()`` (B4 order, a spinner's ends C and
           D last: F5). A tile that fits two ends has two actions, even when both show the
           same number; the observation says what each slot is (its number, whether it is a
           double's or a spinner's arm)
140        draw from the boneyard (All Fives, F4)
141        pass (All Fives: no play and nothing to draw) or knock (Fives and Threes)
========= ==================================================================================

**Observations** are ``float32`` vectors of ``OBS_SIZE`` entries in [0, 1] (``LAYOUT``:
name, start, size). Seats are relative: entry 0 of a per-seat block is the observing seat,
then the seats after it in turn order, padded to four seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from pegboard.dominoes.actions import DRAW, PASS, Pass, Play
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX
from pegboard.fives.hand import FivesObservation
from pegboard.fives.match import FivesMatchObservation
from pegboard.games.encoding import Vector, check_index

__all__ = [
    "DRAW_ACTION",
    "ENCODING",
    "LAYOUT",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "PASS_ACTION",
    "PLAY_BASE",
    "FivesEncoding",
]

SLOTS: Final = 4
"""Open ends at most: a spinner's four arms (F5)."""
PLAY_BASE: Final = 28
DRAW_ACTION: Final = PLAY_BASE + SLOTS * 28
PASS_ACTION: Final = DRAW_ACTION + 1
NUM_ACTIONS: Final = PASS_ACTION + 1

SEATS: Final = 4
_SET: Final = 28
_MOST_ENDS: Final = 48
"""The largest ends total: four arms each ending in a crosswise [6|6] (F6)."""
_MOST_POINTS: Final = 50
"""A play's points are divided by this (at most 1): more than any ends total scores."""

HAND_MOVES: Final = 28 + 28 + 3 * 28 + SEATS
"""Moves in one hand, at most: 28 plays, fewer than 28 draws, at most three passes
between two plays, and the passes that block it."""
MAX_HANDS: Final = 200
"""Hands in a match, at most, for ``max_length`` (OpenSpiel's bound on a game's length):
a match lasts hands until a side reaches the target (F9), far fewer in practice."""

LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    ("hand", 0, 28),  # the seat's own tiles, by Tile.index
    ("layout", 28, 28),  # the tiles on the layout, by Tile.index
    ("ends", 56, 36),  # per open-end slot (B4 order): number one-hot 0-6, a double's, an arm
    ("ends_total", 92, 1),  # the ends total (F6) / 48
    ("knocked", 93, 28),  # per relative seat, the numbers it passed (knocked) on: it has none
    ("hand_sizes", 121, 4),  # per relative seat, tiles in hand / 28
    ("boneyard", 125, 1),  # tiles in the boneyard / 28
    ("drawable", 126, 1),  # tiles that may still be drawn (F4) / 28
    ("seats", 127, 4),  # per relative seat, 1 if that seat is at the table
    ("to_play", 131, 4),  # the seat to play, relative, one-hot (zeros once over)
    ("partners", 135, 4),  # per relative seat, 1 if it is on the seat's side (F1)
    ("scores", 139, 4),  # per relative seat, its side's score / the target (at most 1)
    ("spinner_rule", 143, 1),  # 1 in All Fives (the first double is a spinner, F5)
    ("spinner", 144, 1),  # 1 once a spinner lies in the layout
    ("last_points", 145, 1),  # the points of the hand's last play / 50
    ("over", 146, 1),  # 1 once the match is over
)
OBS_SIZE: Final = 147


class FivesEncoding:
    """The ``Encoding`` (``pegboard.games.Encoding``) of both games of the family."""

    num_actions: int = NUM_ACTIONS
    observation_size: int = OBS_SIZE
    max_length: int = MAX_HANDS * HAND_MOVES
    score_range: tuple[float, float]

    def __init__(self, most_points: float) -> None:
        self.score_range = (0.0, most_points)

    def encode(self, observation: Any) -> Vector:
        """The vector of one seat's observation (``LAYOUT``, ``OBS_SIZE``): a match's
        (``FivesMatchObservation``) or a hand's alone (``FivesObservation``)."""
        view, seat_scores, target, over = _parts(observation)
        vector = np.zeros(OBS_SIZE, dtype=np.float32)
        n = int(view.num_players)
        me = int(view.seat)
        layout = view.layout
        for tile in view.hand:
            vector[tile.index] = 1.0
        for tile in layout.tiles:
            vector[28 + tile.index] = 1.0
        for slot, end in enumerate(layout.open_ends()[:SLOTS]):
            at = 56 + 9 * slot
            vector[at + end.value] = 1.0
            vector[at + 7] = float(end.tile.is_double)
            vector[at + 8] = float(end.side in ("C", "D"))
        vector[92] = min(layout.ends_total(), _MOST_ENDS) / _MOST_ENDS
        knocked = _knocked(view)
        mine = view.rules.side_of(me)
        for relative in range(n):
            seat = (me + relative) % n
            for value in knocked[seat]:
                vector[93 + 7 * relative + value] = 1.0
            vector[121 + relative] = view.hand_sizes[seat] / _SET
            vector[127 + relative] = 1.0
            vector[135 + relative] = float(view.rules.side_of(seat) == mine)
            vector[139 + relative] = min(seat_scores[seat] / target, 1.0)
        vector[125] = view.boneyard_count / _SET
        vector[126] = view.drawable / _SET
        current = None if over else view.current_player
        if current is not None:
            vector[131 + (current - me) % n] = 1.0
        vector[143] = float(view.rules.spinner)
        vector[144] = float(layout.spinner is not None)
        vector[145] = min(_last_points(view), _MOST_POINTS) / _MOST_POINTS
        vector[146] = float(over)
        return vector

    def action_index(self, observation: Any, action: Any) -> int:
        """The number of one of the seat's actions, given its layout's open ends."""
        if action is DRAW:
            return DRAW_ACTION
        if isinstance(action, Pass):
            return PASS_ACTION
        if not isinstance(action, Play):
            raise ValueError(f"not an action of the Fives family: {action!r}")
        if action.end is None:
            return action.tile.index
        try:
            slot = _parts(observation)[0].layout.open_ends().index(action.end)
        except ValueError:
            raise ValueError(f"{action.end} is not an open end of the layout (F5)") from None
        return PLAY_BASE + SLOTS * action.tile.index + slot

    def action(self, observation: Any, index: int) -> Any:
        """The action numbered ``index`` (legal or not: the rules say why not when it is
        played); ``ValueError`` for a play on a slot the layout has no end at."""
        index = check_index(index, NUM_ACTIONS)
        if index < PLAY_BASE:
            return Play(DOUBLE_SIX[index])
        if index == DRAW_ACTION:
            return DRAW
        if index == PASS_ACTION:
            return PASS
        tile, slot = divmod(index - PLAY_BASE, SLOTS)
        ends: Sequence[End] = _parts(observation)[0].layout.open_ends()
        if slot >= len(ends):
            raise ValueError(
                f"action {index} plays {DOUBLE_SIX[tile]} on open end {slot + 1}, but the "
                f"layout has {len(ends)} open ends (F5)"
            )
        return Play(DOUBLE_SIX[tile], ends[slot])


def _parts(observation: Any) -> tuple[FivesObservation, list[float], float, bool]:
    """The hand's observation, each seat's score, the target, whether it is all over."""
    if isinstance(observation, FivesMatchObservation):
        view = observation.hand
        scores = [float(s) for s in observation.scores]
        return view, scores, float(observation.target), bool(observation.is_over)
    if isinstance(observation, FivesObservation):
        rules = observation.rules
        scores = [float(observation.scores[rules.side_of(s)]) for s in range(rules.players)]
        return observation, scores, float(rules.target), observation.is_over
    raise TypeError(f"not an observation of the Fives family: {observation!r}")


def _knocked(view: FivesObservation) -> list[set[int]]:
    """Per seat, the numbers it passed (knocked) on in this hand, from the public history:
    a seat passes only when it can neither play nor draw (F4), and so draws no more in the
    hand: it holds none of them to the hand's end."""
    knocked: list[set[int]] = [set() for _ in range(view.num_players)]
    for move in view.history:
        if isinstance(move.action, Pass):
            knocked[move.seat].update(move.values)
    return knocked


def _last_points(view: FivesObservation) -> int:
    """The points of the hand's last play (0 before the first)."""
    for move in reversed(view.history):
        if move.total is not None:
            return int(move.points)
    return 0


ALL_FIVES: Final = FivesEncoding(most_points=500.0)
"""All Fives: a side wins at once at the target (250 or 200, F9), its last score at most
an end of hand's pips, so no seat's score reaches 500."""
FIVES_AND_THREES: Final = FivesEncoding(most_points=61.0)
"""Fives and Threes: no score passes 61 (F9)."""
ENCODING: Final = ALL_FIVES
