"""Bots: players that decide from a seat's observation alone.

A bot implements :class:`Bot` (``choose(observation, rng) -> action``): it sees only what
the seat may know (the observation, with its ``legal_actions()``), never the position.
``make_bot(game, level, seed)`` gives a bot bound to its own seeded random stream, so that
a match with bots replays exactly.

>>> from pegboard.bots import make_bot
>>> from pegboard.draw import Round
>>> bot = make_bot("draw", "greedy", seed=1)
>>> r = Round.deal(2, seed=7)
>>> r.apply(bot.act(r.observation(r.current_player)))
"""

from pegboard.bots.base import Bot, Evaluation, RandomBot, SeededBot
from pegboard.bots.draw import GreedyBot
from pegboard.bots.registry import (
    bot_games,
    bot_levels,
    level_name,
    make_bot,
    quick_level,
    register_bot,
    unregister_bots,
)
from pegboard.bots.seeds import bot_seed

__all__ = [
    "Bot",
    "Evaluation",
    "GreedyBot",
    "RandomBot",
    "SeededBot",
    "bot_games",
    "bot_levels",
    "bot_seed",
    "level_name",
    "make_bot",
    "quick_level",
    "register_bot",
    "unregister_bots",
]
