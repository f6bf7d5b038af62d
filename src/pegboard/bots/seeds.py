"""The seeds of the bots of a match, derived from the match's own.

Every client that seats bots at a seeded match (the command line, the terminal app) derives
them the same way, so that a match replays exactly whichever client played it.
"""

from __future__ import annotations

import random


def bot_seed(match_seed: int, seat: int) -> int:
    """Each bot's own seed, derived from the match's, so a seeded match replays exactly."""
    return random.Random(f"pegboard-bot:{match_seed}:{seat}").getrandbits(63)
