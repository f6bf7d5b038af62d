"""Fives and Threes as the registry describes it (docs/rules.md F1-F9): 2 to 4 players,
alone or in partnerships with 4 (F1), to exactly 61 (F9)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from pegboard.core import N_
from pegboard.fives.hand import FivesHand
from pegboard.fives.match import FivesMatch
from pegboard.fives.rules import FIVES_AND_THREES, MAX_PLAYERS, MIN_PLAYERS
from pegboard.games import fives_family as fives
from pegboard.games.base import Game, Option


def new_match(options: Mapping[str, Any], seed: int) -> FivesMatch:
    return fives.new_match(FIVES_AND_THREES, options, seed)


GAME = Game(
    name=FIVES_AND_THREES,
    display_name=N_("Fives and Threes"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=(
        Option(
            name="players",
            label=N_("Players"),
            default=2,
            problem=N_("Fives and Threes is for 2, 3 or 4 players (F1)."),
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
    ),
    new_match=new_match,
    from_record=partial(fives.from_record, FIVES_AND_THREES),
    apply=fives.apply,
    over_rule="F9",
    match_type=FivesMatch,
    record_start=partial(fives.record_start, FIVES_AND_THREES),
    readers={"hand": partial(fives.hand_from_record, FIVES_AND_THREES)},
    position_types=(FivesHand,),
    scores=fives.scores,
    encoding="pegboard.envs.fives_encoding:FIVES_AND_THREES",
    looks={
        "web": "pegboard.web.views_fives:fives_view",
        "web.page": "pegboard.web.views_fives:PAGE",
        "cli": "pegboard.cli.fives_look:FIVES_AND_THREES",
        "arena": "pegboard.arena.fives_deals:FIVES_AND_THREES_DEALS",
        "tui": "pegboard.tui.fives_app:FivesScreen",
        "web.rules": "pegboard.web.rules.fives:FIVES_AND_THREES_PAGE",
    },
    options_check=partial(fives.check, FIVES_AND_THREES),
)
