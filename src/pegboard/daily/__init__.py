"""Daily deals (issue 38): each day, for each game, the same seeded deals for everyone,
played against the same expert bots and scored twice, against the field (matchpoints) and
against the par (the expert in the player's seat on the same deal).

Generic over the games' registry: a game takes part when it says how many deals make its
day (``Game.daily_deals``) and where a deal ends (``Game.deals_over``). A deal is the first
deal of a new match of the game from the deal's seed (0-0, the first dealer or leader
chosen by the game's own rule from that seed), seat 0 the player's.

- ``pegboard.daily.days``: the day (``Day``), its secret seed and the deals' seeds.
- ``pegboard.daily.deals``: one deal in play (``DailyDeal``) and the par.
- ``pegboard.daily.scoring``: matchpoints, the par's difference, the field's choices.
"""

from __future__ import annotations

from pegboard.daily.days import (
    SECRET_BYTES,
    DailyError,
    Day,
    DaySeeds,
    daily_game,
    daily_games,
    day_seed,
    day_seeds,
)
from pegboard.daily.deals import DailyDeal, daily_options, deal_level, par_deal
from pegboard.daily.scoring import (
    DealScore,
    field_choices,
    margin,
    matchpoints,
    mean_percent,
)

__all__ = [
    "SECRET_BYTES",
    "DailyDeal",
    "DailyError",
    "Day",
    "DaySeeds",
    "DealScore",
    "daily_game",
    "daily_games",
    "daily_options",
    "day_seed",
    "day_seeds",
    "deal_level",
    "field_choices",
    "margin",
    "matchpoints",
    "mean_percent",
    "par_deal",
]
