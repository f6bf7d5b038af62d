"""The Fives family of dominoes, exactly as ``docs/rules.md`` states it (F1-F9): All Fives,
with its spinner, and Fives and Threes. Both score during play on the total of the
layout's open ends (F6, F7); tiles, ends, matching and the lot are Draw's
(``pegboard.dominoes``)."""

from pegboard.dominoes.actions import DRAW, PASS, Action, DrawTile, Pass, Play, parse_action
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives.hand import FivesHand, FivesMove, FivesObservation, HandResult
from pegboard.fives.layout import SPINNER_WORDS, Layout
from pegboard.fives.match import FinishedHand, FivesMatch, FivesMatchObservation
from pegboard.fives.rules import ALL_FIVES, FIVES_AND_THREES, FivesRules
from pegboard.fives.scoring import all_fives_points, fives_and_threes_points, round_to_five

__all__ = [
    "ALL_FIVES",
    "DOUBLE_SIX",
    "DRAW",
    "FIVES_AND_THREES",
    "PASS",
    "SPINNER_WORDS",
    "Action",
    "DrawTile",
    "End",
    "FinishedHand",
    "FivesHand",
    "FivesMatch",
    "FivesMatchObservation",
    "FivesMove",
    "FivesObservation",
    "FivesRules",
    "HandResult",
    "Layout",
    "Pass",
    "Play",
    "Tile",
    "all_fives_points",
    "fives_and_threes_points",
    "parse_action",
    "round_to_five",
]
