"""Cribbage exactly as ``docs/rules.md`` states it: for two players, six-card (C1-C7), and
for three players or four in partnerships (``Game.new(players=3)``, C8-C12), five-card
(``cards=5``, C13-C17), and with the score counted by the players (``muggins=1``, C18-C20).

>>> from pegboard.cribbage import parse_cards, score_hand, Card
>>> score_hand(parse_cards("5H 5D 5C JS"), Card.parse("5S"))
29
"""

from pegboard.core.languages import LANGUAGES
from pegboard.cribbage.actions import (
    GO,
    NO_MUGGINS,
    Claim,
    Discard,
    Go,
    LayAway,
    Muggins,
    NoMuggins,
    Play,
    parse_action,
)
from pegboard.cribbage.cards import DECK, RANK_NAMES, SUIT_SYMBOLS, SUITS, Card, parse_cards
from pegboard.cribbage.deal import cut_for_deal
from pegboard.cribbage.determinize import determinize
from pegboard.cribbage.events import CutForDeal, GameResult, HandShow, ScoreEvent
from pegboard.cribbage.game import Game
from pegboard.cribbage.match import CribbageMatch, FinishedGame, MatchObservation, points_needed
from pegboard.cribbage.observation import CribbageObservation, PublicMove
from pegboard.cribbage.position import Move
from pegboard.cribbage.scoring import (
    Breakdown,
    ScoreItem,
    peg_breakdown,
    peg_points,
    score_breakdown,
    score_hand,
)
from pegboard.cribbage.stats import score_distribution

__all__ = [
    "DECK",
    "GO",
    "LANGUAGES",
    "NO_MUGGINS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_SYMBOLS",
    "Breakdown",
    "Card",
    "Claim",
    "CribbageMatch",
    "CribbageObservation",
    "CutForDeal",
    "Discard",
    "FinishedGame",
    "Game",
    "GameResult",
    "Go",
    "HandShow",
    "LayAway",
    "MatchObservation",
    "Move",
    "Muggins",
    "NoMuggins",
    "Play",
    "PublicMove",
    "ScoreEvent",
    "ScoreItem",
    "cut_for_deal",
    "determinize",
    "parse_action",
    "parse_cards",
    "peg_breakdown",
    "peg_points",
    "points_needed",
    "score_breakdown",
    "score_distribution",
    "score_hand",
]
