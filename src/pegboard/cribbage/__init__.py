"""Cribbage for two players, six-card, exactly as ``RULES.md`` states it (C1-C7).

>>> from pegboard.cribbage import parse_cards, score_hand, Card
>>> score_hand(parse_cards("5H 5D 5C JS"), Card.parse("5S"))
29
"""

from pegboard.cribbage.cards import DECK, RANK_NAMES, SUIT_SYMBOLS, SUITS, Card, parse_cards
from pegboard.cribbage.scoring import (
    Breakdown,
    ScoreItem,
    peg_breakdown,
    peg_points,
    score_breakdown,
    score_hand,
)
from pegboard.cribbage.stats import score_distribution
from pegboard.cribbage.words import LANGUAGES

__all__ = [
    "DECK",
    "LANGUAGES",
    "RANK_NAMES",
    "SUITS",
    "SUIT_SYMBOLS",
    "Breakdown",
    "Card",
    "ScoreItem",
    "parse_cards",
    "peg_breakdown",
    "peg_points",
    "score_breakdown",
    "score_distribution",
    "score_hand",
]
