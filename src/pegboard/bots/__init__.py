"""Bots: players that decide from a seat's observation alone.

A bot implements :class:`Bot` (``choose(observation, rng) -> action``): it sees only what
the seat may know (the observation, with its ``legal_actions()``), never the position.
The bots know no game: each game's package holds its own (``pegboard.draw.bots``), and its
description registers its levels with the games registry, whose ``make_bot(game, level,
seed)`` gives a bot bound to its own seeded random stream, so that a match with bots
replays exactly.

>>> from pegboard.games import make_bot
>>> from pegboard.draw import Round
>>> bot = make_bot("draw", "greedy", seed=1)
>>> r = Round.deal(2, seed=7)
>>> r.apply(bot.act(r.observation(r.current_player)))
"""

from pegboard.bots.base import Bot, Evaluation, RandomBot, SeededBot
from pegboard.bots.seeds import bot_seed, move_seed

__all__ = [
    "Bot",
    "Evaluation",
    "RandomBot",
    "SeededBot",
    "bot_seed",
    "move_seed",
]
