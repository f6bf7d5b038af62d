"""The Fives family of dominoes, exactly as ``docs/rules.md`` states it (F1-F9): All Fives,
with its spinner, and Fives and Threes. Both score during play on the total of the
layout's open ends (F6, F7); tiles, ends, matching and the lot are Draw's
(``pegboard.dominoes``)."""

from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives.layout import SPINNER_WORDS, Layout
from pegboard.fives.scoring import all_fives_points, fives_and_threes_points, round_to_five

__all__ = [
    "DOUBLE_SIX",
    "SPINNER_WORDS",
    "End",
    "Layout",
    "Tile",
    "all_fives_points",
    "fives_and_threes_points",
    "round_to_five",
]
