"""Fives and Threes as the registry describes it (docs/rules.md F1-F9): 2 to 4 players,
alone or in partnerships with 4 (F1), to exactly 61 (F9)."""

from __future__ import annotations

from pegboard.core import N_
from pegboard.fives.rules import FIVES_AND_THREES
from pegboard.games.fives_family import family_game

GAME = family_game(
    FIVES_AND_THREES,
    N_("Fives and Threes"),
    N_("Fives and Threes is for 2, 3 or 4 players (F1)."),
)
