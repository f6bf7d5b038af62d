"""The seeds of the bots of a match, derived from the match's own.

Every client that seats bots at a seeded match (the command line, the terminal app) derives
them the same way, so that a match replays exactly whichever client played it.
"""

from __future__ import annotations

import hashlib
import random


def bot_seed(match_seed: int, seat: int) -> int:
    """Each bot's own seed, derived from the match's, so a seeded match replays exactly."""
    return random.Random(f"pegboard-bot:{match_seed}:{seat}").getrandbits(63)


def move_seed(match_seed: int, move: int) -> int:
    """The seed of a bot made for one move: move ``move`` (counted from 0) of the match of
    ``match_seed``. A server that makes a bot per move (the web's tables, the daily deals)
    so chooses as it would have after a restart, and the same bots meet whoever plays the
    other seats (the daily's par)."""
    digest = hashlib.sha256(f"{match_seed}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
