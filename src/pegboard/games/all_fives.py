"""All Fives as the registry describes it (docs/rules.md F1-F9): 2 to 4 players, alone or
in partnerships with 4 (F1), the boneyard's reserve (F4) and scores by fives (F9) as
options."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from pegboard.core import N_
from pegboard.fives.hand import FivesHand
from pegboard.fives.match import FivesMatch
from pegboard.fives.rules import ALL_FIVES, MAX_PLAYERS, MIN_PLAYERS
from pegboard.games import fives_family as fives
from pegboard.games.base import Game, Option


def new_match(options: Mapping[str, Any], seed: int) -> FivesMatch:
    return fives.new_match(ALL_FIVES, options, seed)


GAME = Game(
    name=ALL_FIVES,
    display_name=N_("All Fives"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option(
            name="players",
            label=N_("Players"),
            default=2,
            problem=N_("All Fives is for 2, 3 or 4 players (F1)."),
            rule="F1",
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        ),
        Option(
            name="partnerships",
            label=N_("Partnerships (4 players)"),
            default=None,
            problem=N_("Partnerships are 1 (two against two, with 4 players) or 0 (alone) (F1)."),
            rule="F1",
            choices=(0, 1),
            optional=True,
        ),
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
    new_match=new_match,
    from_record=partial(fives.from_record, ALL_FIVES),
    apply=fives.apply,
    over_rule="F9",
    match_type=FivesMatch,
    record_start=partial(fives.record_start, ALL_FIVES),
    readers={"hand": partial(fives.hand_from_record, ALL_FIVES)},
    position_types=(FivesHand,),
    scores=fives.scores,
    encoding="pegboard.envs.fives_encoding:ALL_FIVES",
    looks={
        "web": "pegboard.web.views_fives:fives_view",
        "web.page": "pegboard.web.views_fives:PAGE",
        "cli": "pegboard.cli.fives_look:ALL_FIVES",
        "arena": "pegboard.arena.fives_deals:ALL_FIVES_DEALS",
        "tui": "pegboard.tui.fives_app:FivesScreen",
        "web.rules": "pegboard.web.rules.fives:ALL_FIVES_PAGE",
    },
    options_check=partial(fives.check, ALL_FIVES),
)
