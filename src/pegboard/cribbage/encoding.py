"""Cribbage's dense action numbers and fixed-shape observation vectors, the same for its
PettingZoo environment and its OpenSpiel game (``pegboard.cribbage.looks``). The encoder reads
only a seat's ``observation(seat)`` (a ``CribbageObservation``), never the game itself: what
a vector cannot be built from, it cannot leak.


**Actions** (``CRIBBAGE_NUM_ACTIONS`` = 1379); ``Card.index`` is 0-51, suit-major
(spades A-K, hearts, diamonds, clubs). Every number names the same move in every position:

========== ==============================================================================
0-1325      discard the pair of cards ``i < j``: ``i * (103 - i) // 2 + (j - i - 1)``,
            i.e. the 1326 pairs in lexicographic order ((0,1), (0,2), ... (50,51))
1326-1377   ``1326 + card.index``: play that card to the pegging pile
1378        go
1379-1408   with muggins only (C18): ``1379 + n``: claim n points, 0-29
1409-1437   with muggins only (C19): ``1408 + n``: call muggins for n points, 1-29
1438        with muggins only (C19): no muggins

**Observations**: ``float32`` entries in [0, 1] (``pegboard.games.encoding``), the seats
relative to the observing one, laid out as ``CRIBBAGE_LAYOUT`` (name, start, size).

Five-card cribbage (``cards=5``, C13-C17) has the same actions (two cards to the crib, the
plays, go) and the same vector with one entry more, ``five_card`` (381: always 1), its
scores out of its target, 61 (``FIVE_CARD_ENCODING``; the six-card vector is unchanged).

With muggins (``muggins=1``, C18-C20) the actions go on to 1439 (the claims and calls
above) and the vector has ``MUGGINS_LAYOUT`` appended (61 entries: the hand or crib being
claimed for, turned up for all to see, whose and which it is, whether this seat is to claim
or to answer a claim, and the claim); ``CribbageEncoding(cards, muggins)`` is the encoding
of each game. Without muggins the numbers and vectors are as above.

``ENCODING`` (a ``CribbageEncoding``) is cribbage's ``Game.encoding``: these numbers and
vectors behind the ``Encoding`` protocol, for a game's observation or a match's (whose game
in play it encodes), or a ``HandShown`` (the end of an episode of one hand).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from pegboard.cribbage.actions import GO as CRIBBAGE_GO
from pegboard.cribbage.actions import MOST, NO_MUGGINS, Claim, Discard, Muggins
from pegboard.cribbage.actions import Action as CribbageAction
from pegboard.cribbage.actions import Play as CribbagePlay
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.games.encoding import Mask, Vector, check_index

__all__ = [
    "CRIBBAGE_GO_ACTION",
    "CRIBBAGE_LAYOUT",
    "CRIBBAGE_NUM_ACTIONS",
    "CRIBBAGE_OBS_SIZE",
    "CRIBBAGE_PLAY_BASE",
    "ENCODING",
    "FIVE_CARD_ENCODING",
    "FIVE_CARD_OBS_SIZE",
    "MAX_HANDS",
    "MAX_PEG_MOVES",
    "MUGGINS_LAYOUT",
    "MUGGINS_NUM_ACTIONS",
    "MUGGINS_SIZE",
    "CribbageEncoding",
    "HandShown",
    "cribbage_action",
    "cribbage_action_index",
    "cribbage_action_mask",
    "encode_cribbage",
]

# -- Cribbage actions -------------------------------------------------------------------------

CRIBBAGE_PLAY_BASE: Final = 1326
CRIBBAGE_GO_ACTION: Final = 1378
CRIBBAGE_NUM_ACTIONS: Final = 1379
MUGGINS_NUM_ACTIONS: Final = 1439
"""With muggins (C18-C20): the 1379, then claims 0-29, muggins 1-29 and no muggins."""


_CRIBBAGE_ACTIONS: Final[tuple[CribbageAction, ...]] = (
    *(Discard(DECK[i], DECK[j]) for i in range(52) for j in range(i + 1, 52)),
    *(CribbagePlay(card) for card in DECK),
    CRIBBAGE_GO,
    # muggins's (C18, C19), after every other: numbered only when it is played
    *(Claim(n) for n in range(MOST + 1)),
    *(Muggins(n) for n in range(1, MOST + 1)),
    NO_MUGGINS,
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


def cribbage_action(index: int, *, muggins: bool = False) -> CribbageAction:
    """The cribbage action numbered ``index`` (legal or not: the engine checks); the claims
    and calls (1379-1438) only ``muggins``."""
    return _CRIBBAGE_ACTIONS[
        check_index(index, MUGGINS_NUM_ACTIONS if muggins else CRIBBAGE_NUM_ACTIONS)
    ]


def cribbage_action_mask(legal: Iterable[CribbageAction]) -> Mask:
    """A 0/1 ``int8`` vector over the 1379 cribbage actions: 1 for each action in ``legal``."""
    mask = np.zeros(CRIBBAGE_NUM_ACTIONS, dtype=np.int8)
    for action in legal:
        mask[_CRIBBAGE_INDEX[action]] = 1
    return mask


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
FIVE_CARD_OBS_SIZE: Final = 381
"""Five-card's vector (C13): ``CRIBBAGE_LAYOUT``, then ``five_card`` (1.0) at 380."""
_PHASES: Final = {"discard": 0, "pegging": 1, "over": 2}
MUGGINS_LAYOUT: Final[tuple[tuple[str, int, int], ...]] = (
    # offsets from the end of the vector without muggins (380, or 381 at five-card)
    ("show", 0, 1),  # 1 in the show, claimed by the players (C18); the phase above is 0
    ("showing", 1, 52),  # the hand or crib being claimed for, turned up for all
    ("show_crib", 53, 1),  # 1 if it is the crib, 0 a hand
    ("show_mine", 54, 1),  # 1 if it is this seat's (its hand, or its crib)
    ("to_claim", 55, 1),  # 1 if this seat is to claim its points (C18)
    ("to_answer", 56, 1),  # 1 if this seat is to answer a claim: muggins or not (C19)
    ("claimed", 57, 1),  # 1 once the claim is made
    ("claim", 58, 1),  # the points claimed / 29
    ("_spare", 59, 2),  # zeros: room kept for the layout to grow
)
MUGGINS_SIZE: Final = 61


def encode_cribbage(observation: CribbageObservation, *, hand_over: bool = False) -> Vector:
    """The observation vector of one seat in cribbage (``CRIBBAGE_LAYOUT``).

    ``hand_over`` encodes the end of an episode of one hand: the engine has already dealt
    the next hand by then, so only the scores are kept and the phase reads "over".
    A five-card observation (C13) has one entry more, ``five_card``, and its scores are
    out of its own target (61, C17).
    """
    five = observation.cards == 5
    base = FIVE_CARD_OBS_SIZE if five else CRIBBAGE_OBS_SIZE
    size = base + MUGGINS_SIZE if observation.muggins else base
    vector = np.zeros(size, dtype=np.float32)
    me = observation.seat
    other = 1 - me
    scores = observation.scores
    target = observation.target if five else _TARGET
    vector[365] = min(scores[me], target) / target
    vector[366] = min(scores[other], target) / target
    if five:
        vector[380] = 1.0
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
    if observation.phase == "show":  # with muggins only: said in its own part
        _encode_show(vector, base, observation)
    else:
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


def _encode_show(vector: Vector, base: int, observation: CribbageObservation) -> None:
    """The muggins part (``MUGGINS_LAYOUT`` from ``base``): all public at the show."""
    vector[base] = 1.0
    showing = observation.showing
    if showing is None:
        return
    me = observation.seat
    for card in showing.cards:
        vector[base + 1 + card.index] = 1.0
    vector[base + 53] = float(showing.what == "crib")
    vector[base + 54] = float(showing.seat == me)
    to_act = observation.current_player == me
    vector[base + 55] = float(to_act and showing.claimed is None)
    vector[base + 56] = float(to_act and showing.claimed is not None)
    if showing.claimed is not None:
        vector[base + 57] = 1.0
        vector[base + 58] = min(showing.claimed, MOST) / MOST


# -- the Encoding ---------------------------------------------------------------------------

MAX_PEG_MOVES: Final = 16
"""Pegging moves of a hand, at most: 8 cards and at most one go per card."""
HAND_LENGTH: Final = 12 + 2 + 1 + MAX_PEG_MOVES
"""The steps of one hand in OpenSpiel: 12 cards dealt, 2 discards, the starter, the pegging."""
MAX_HANDS: Final = 241
"""Hands in a game, at most: every hand pegs at least the last card, 1 + 2 * 120 points."""
FIVE_CARD_HAND_LENGTH: Final = 10 + 2 + 1 + 12
"""The steps of a five-card hand (C13): 10 cards dealt, 2 discards, the starter, the
pegging (6 cards and at most one go each)."""
SHOW_LENGTH: Final = 6
"""With muggins, the steps of a show: a claim and its answer for two hands and the crib."""
FIVE_CARD_MAX_HANDS: Final = 121
"""Five-card hands in a game, at most: one point a hand at least, 1 + 2 * 60 points (C17)."""


@dataclass(frozen=True, slots=True)
class HandShown:
    """A seat's observation once the hand of an episode of one hand is shown: the engine
    has dealt the next hand by then, so only the scores are kept (``encode_cribbage``'s
    ``hand_over``)."""

    observation: CribbageObservation

    def legal_actions(self) -> tuple[CribbageAction, ...]:
        return ()


def game_view(observation: Any) -> CribbageObservation:
    """The game observation in ``observation`` (a match's holds its game in play)."""
    if isinstance(observation, MatchObservation):
        observation = observation.game
    elif isinstance(observation, HandShown):
        observation = observation.observation
    if not isinstance(observation, CribbageObservation):
        raise TypeError(f"not an observation of cribbage: {observation!r}")
    return observation


class CribbageEncoding:
    """Cribbage's ``Encoding`` (``pegboard.games.Encoding``): ``CRIBBAGE_NUM_ACTIONS``
    actions, the same in every position, and ``CRIBBAGE_OBS_SIZE`` entries
    (``FIVE_CARD_OBS_SIZE`` for five-card: ``cards=5``)."""

    num_actions: int = CRIBBAGE_NUM_ACTIONS
    observation_size: int = CRIBBAGE_OBS_SIZE
    max_length: int = MAX_HANDS * HAND_LENGTH

    def __init__(self, cards: int | None = None, muggins: bool = False) -> None:
        hands = MAX_HANDS
        if cards == 5:  # five-card (C13): one entry more, shorter hands and games
            hands = FIVE_CARD_MAX_HANDS
            self.observation_size = FIVE_CARD_OBS_SIZE
            self.max_length = hands * FIVE_CARD_HAND_LENGTH
        self.muggins = muggins
        if muggins:  # the claims and calls, and the show's part (C18-C20)
            self.num_actions = MUGGINS_NUM_ACTIONS
            self.observation_size += MUGGINS_SIZE
            self.max_length += hands * SHOW_LENGTH

    def encode(self, observation: Any) -> Vector:
        return encode_cribbage(game_view(observation), hand_over=isinstance(observation, HandShown))

    def action_index(self, observation: Any, action: Any) -> int:
        return cribbage_action_index(action)

    def action(self, observation: Any, index: int) -> CribbageAction:
        return cribbage_action(index, muggins=self.muggins)


ENCODING: Final = CribbageEncoding()
FIVE_CARD_ENCODING: Final = CribbageEncoding(cards=5)
