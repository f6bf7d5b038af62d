"""Cribbage among three (C8) or four in partnerships (C9) as numbers, for the research
interfaces: dense action numbers and a fixed-shape observation vector, the seats relative
to the observing one. Like ``pegboard.cribbage.encoding`` (the two-player game's, whose
numbers stay as they are), the encoder reads only a seat's ``observation(seat)``: another
hand, a partner's too, and the crib before the show cannot be in a vector.

**Actions** (``TABLE_NUM_ACTIONS`` = 105), the same in every position:

========== ==============================================================================
0-51        ``card.index``: lay that card in the crib (``discard 5H``, C8, C9)
52-103      ``52 + card.index``: play that card to the pegging pile
104         go
105-134     with muggins only (C18): ``105 + n``: claim n points, 0-29
135-163     with muggins only (C19): ``134 + n``: call muggins for n points, 1-29
164         with muggins only (C19): no muggins

**Observations**: ``float32`` entries in [0, 1], laid out as ``TABLE_LAYOUT``; each
per-seat block has four entries, the observing seat first and then each seat to its left
(the fourth is zero among three); a score is a player's, or among four its side's (each
partner's entry shows it).

With muggins (``muggins=1``, C18-C20) the actions go on to 165 (the claims and calls above,
in the two-player game's order after its own 1379) and the vector has
``TABLE_MUGGINS_LAYOUT`` appended (62 entries: the hand or crib being claimed for, turned
up for all, whose it is by relative seat, whether this seat is to claim or to answer a
claim, and the claim); ``TableEncoding(muggins)`` is each game's encoding. Without muggins
the numbers and vectors are as above.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from pegboard.cribbage.actions import GO, LAY_OF, MOST, NO_MUGGINS, Action, Claim, Muggins, Play
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.encoding import HAND_LENGTH, MAX_HANDS, HandShown, game_view
from pegboard.cribbage.events import side_of
from pegboard.cribbage.observation import CribbageObservation
from pegboard.games.encoding import Vector, check_index

__all__ = [
    "TABLE_ENCODING",
    "TABLE_LAYOUT",
    "TABLE_MUGGINS_ENCODING",
    "TABLE_MUGGINS_LAYOUT",
    "TABLE_MUGGINS_NUM_ACTIONS",
    "TABLE_MUGGINS_SIZE",
    "TABLE_NUM_ACTIONS",
    "TABLE_OBS_SIZE",
    "TableEncoding",
]

TABLE_NUM_ACTIONS: Final = 105
TABLE_MUGGINS_NUM_ACTIONS: Final = 165
"""With muggins (C18-C20): the 105, then claims 0-29, muggins 1-29 and no muggins."""
_ACTIONS: Final[tuple[Action, ...]] = (
    *LAY_OF,
    *(Play(card) for card in DECK),
    GO,
    # muggins's (C18, C19), after every other: numbered only when it is played
    *(Claim(n) for n in range(MOST + 1)),
    *(Muggins(n) for n in range(1, MOST + 1)),
    NO_MUGGINS,
)
_INDEX: Final[dict[Action, int]] = {action: index for index, action in enumerate(_ACTIONS)}

_SEATS: Final = 4
_PILE_SLOTS: Final = 16  # sixteen cards in all among four: no sequence holds more
_TARGET: Final = 121
_LIMIT: Final = 31

TABLE_LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    ("hand", 0, 52),  # the cards the seat still holds, by Card.index
    ("discards", 52, 52),  # the card the seat laid in the crib
    ("starter", 104, 52),  # the starter, one-hot (zeros before the cut)
    ("played", 156, 208),  # per relative seat, the cards it played this hand
    ("pile", 364, 208),  # the current sequence, most recent first: 16 slots x rank 1-13
    ("count", 572, 1),  # the running total / 31
    ("scores", 573, 4),  # per relative seat, its (side's) score / 121
    ("phase", 577, 3),  # discard, pegging, over: one-hot
    ("dealer", 580, 4),  # the dealer's relative seat, one-hot
    ("to_play", 584, 1),  # 1 if it is the seat's turn
    ("said_go", 585, 4),  # per relative seat: said go in this sequence (C10)
    ("held_above", 589, 4),  # per relative seat: every held card is worth more than this / 31
    ("hand_sizes", 593, 4),  # per relative seat: cards held / 5
    ("discarded", 597, 4),  # per relative seat: has laid its card in the crib
    ("table", 601, 2),  # three players, or four in partnerships: one-hot
)
TABLE_OBS_SIZE: Final = 603
_PHASES: Final = {"discard": 0, "pegging": 1, "over": 2}
TABLE_MUGGINS_LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    # from 603, with muggins only (C18-C20): all public at the show
    ("show", 603, 1),  # 1 in the show, claimed by the players (C18); the phase above is 0
    ("showing", 604, 52),  # the hand or crib being claimed for, turned up for all
    ("show_crib", 656, 1),  # 1 if it is the crib, 0 a hand
    ("show_seat", 657, 4),  # whose hand or crib it is: its relative seat, one-hot
    ("to_claim", 661, 1),  # 1 if this seat is to claim its points (C18)
    ("to_answer", 662, 1),  # 1 if this seat is to answer a claim: muggins or not (C19)
    ("claimed", 663, 1),  # 1 once the claim is made
    ("claim", 664, 1),  # the points claimed (pegged, C20) / 29
)
TABLE_MUGGINS_SIZE: Final = 62
TABLE_SHOW_LENGTH: Final = 10
"""With muggins, the steps of a show among four at most: a claim and its answer for four
hands and the crib (eight among three)."""


def encode_table(observation: CribbageObservation, *, hand_over: bool = False) -> Vector:
    """The vector of one seat's view among three or four (``TABLE_LAYOUT``); ``hand_over``:
    the end of an episode of one hand (the scores only, the phase "over"). With muggins
    (C18) the vector has ``TABLE_MUGGINS_LAYOUT``'s 62 entries more."""
    size = TABLE_OBS_SIZE + TABLE_MUGGINS_SIZE if observation.muggins else TABLE_OBS_SIZE
    vector = np.zeros(size, dtype=np.float32)
    me, players = observation.seat, observation.num_players
    order = [(me + step) % players for step in range(players)]  # me, then to my left
    for rel, seat in enumerate(order):
        score = observation.scores[side_of(players, seat)]
        vector[573 + rel] = min(score, _TARGET) / _TARGET
    vector[601 + (players == 4)] = 1.0
    if hand_over:
        vector[577 + _PHASES["over"]] = 1.0
        return vector
    relative = {seat: rel for rel, seat in enumerate(order)}
    for card in observation.hand:
        vector[card.index] = 1.0
    for card in observation.discards:
        vector[52 + card.index] = 1.0
    if observation.starter is not None:
        vector[104 + observation.starter.index] = 1.0
    for seat, card in observation.played:
        vector[156 + 52 * relative[seat] + card.index] = 1.0
    for slot, card in enumerate(reversed(observation.pile[-_PILE_SLOTS:])):
        vector[364 + 13 * slot + card.rank - 1] = 1.0
    vector[572] = observation.count / _LIMIT
    if observation.phase == "show":  # with muggins only: said in its own part
        _encode_show(vector, observation, relative)
    else:
        vector[577 + _PHASES[observation.phase]] = 1.0
    vector[580 + relative[observation.dealer]] = 1.0
    vector[584] = float(observation.current_player == me)
    for rel, seat in enumerate(order):
        vector[585 + rel] = float(observation.said_go[seat])
        vector[589 + rel] = min(observation.held_above[seat], _LIMIT) / _LIMIT
        vector[593 + rel] = observation.hand_sizes[seat] / 5
        vector[597 + rel] = float(observation.discarded[seat])
    return vector


def _encode_show(
    vector: Vector, observation: CribbageObservation, relative: dict[int, int]
) -> None:
    """The muggins part (``TABLE_MUGGINS_LAYOUT``): the count being claimed, all public (the
    hands were played, the crib is turned up when its turn comes, C18)."""
    vector[603] = 1.0
    showing = observation.showing
    if showing is None:
        return
    for card in showing.cards:
        vector[604 + card.index] = 1.0
    vector[656] = float(showing.what == "crib")
    vector[657 + relative[showing.seat]] = 1.0
    to_act = observation.current_player == observation.seat
    vector[661] = float(to_act and showing.claimed is None)
    vector[662] = float(to_act and showing.claimed is not None)
    if showing.claimed is not None:
        vector[663] = 1.0
        vector[664] = min(showing.claimed, MOST) / MOST


class TableEncoding:
    """The ``Encoding`` (``pegboard.games.Encoding``) of cribbage among three or four; with
    ``muggins`` (C18-C20) the claims and calls and the show's part too."""

    num_actions: int = TABLE_NUM_ACTIONS
    observation_size: int = TABLE_OBS_SIZE
    # A hand among four: 20 cards dealt, 4 lay-aways, the starter, at most 16 cards and
    # as many goes; the two-player bound on hands holds (every hand pegs the last card).
    max_length: int = MAX_HANDS * (HAND_LENGTH + 30)

    def __init__(self, muggins: bool = False) -> None:
        self.muggins = muggins
        if muggins:  # a claim and its answer for each hand and the crib: 10 among four
            self.num_actions = TABLE_MUGGINS_NUM_ACTIONS
            self.observation_size = TABLE_OBS_SIZE + TABLE_MUGGINS_SIZE
            self.max_length += MAX_HANDS * TABLE_SHOW_LENGTH

    def encode(self, observation: Any) -> Vector:
        view = game_view(observation)
        return encode_table(view, hand_over=isinstance(observation, HandShown))

    def action_index(self, observation: Any, action: Any) -> int:
        try:
            index = _INDEX[action]
        except (KeyError, TypeError):
            index = self.num_actions
        if index < self.num_actions:  # a claim or a call only with muggins
            return index
        raise ValueError(f"not an action of cribbage for three or four: {action!r}")

    def action(self, observation: Any, index: int) -> Action:
        return _ACTIONS[check_index(index, self.num_actions)]


TABLE_ENCODING: Final = TableEncoding()
"""Cribbage's encoding among three or four (C8, C9)."""
TABLE_MUGGINS_ENCODING: Final = TableEncoding(muggins=True)
"""Cribbage's encoding among three or four with muggins (C18-C20)."""
