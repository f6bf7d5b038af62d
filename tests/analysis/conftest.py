"""Matches to analyse: each game played out by two bots, as a record."""

from __future__ import annotations

from typing import Any

import pegboard.games
from pegboard.games import make_bot

OPTIONS = {
    "draw": {"players": 2, "target": 30},
    "cribbage": {"best_of": 1},
    "all-fives": {"players": 2},
    "fives-and-threes": {"players": 2},
}
"""Short matches of each game, for the tests."""


def played_record(
    game: str, seed: int, levels: tuple[str, str] = ("greedy", "expert")
) -> dict[str, Any]:
    """The record of a match of ``game`` from ``seed``, seat 0 played by ``levels[0]``."""
    described = pegboard.games.get(game)
    match = described.new_match(described.check_options(OPTIONS[game]), seed)
    bots = [make_bot(game, level, seed=seed + k) for k, level in enumerate(levels)]
    while not match.is_over:
        seat = match.current_player
        described.play(match, seat, bots[seat].act(match.observation(seat)))
    record: dict[str, Any] = match.to_record()
    return record
