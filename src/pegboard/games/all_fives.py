"""All Fives as the registry describes it (docs/rules.md F1-F9): 2 to 4 players, alone or
in partnerships with 4 (F1), the boneyard's reserve (F4) and scores by fives (F9) as
options."""

from __future__ import annotations

from pegboard.core import N_
from pegboard.fives.rules import ALL_FIVES
from pegboard.games.base import Option
from pegboard.games.fives_family import family_game

GAME = family_game(
    ALL_FIVES,
    N_("All Fives"),
    N_("All Fives is for 2, 3 or 4 players (F1)."),
    (
        Option(
            name="reserve",
            label=N_("Tiles never drawn from the boneyard"),
            default=0,
            problem=N_("The boneyard keeps 0 or 2 tiles never drawn (F4)."),
            rule="F4",
            choices=(0, 2),
        ),
        Option(
            name="by_fives",
            label=N_("Scores divided by five, game to 61"),
            default=0,
            problem=N_("Scoring by fives is 1 (to 61) or 0 (to 250 or 200) (F9)."),
            rule="F9",
            choices=(0, 1),
        ),
    ),
)
