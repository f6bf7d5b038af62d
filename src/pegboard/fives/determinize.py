"""The hidden tiles of a Fives hand dealt again from one seat's observation (for search)."""

from __future__ import annotations

import random

from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives.hand import FivesObservation


def unseen(observation: FivesObservation) -> list[Tile]:
    """The tiles the seat cannot see: other hands, the boneyard (or the tiles set aside)."""
    seen = set(observation.hand) | set(observation.layout.tiles)
    return [t for t in DOUBLE_SIX if t not in seen]


def sample_hands(observation: FivesObservation, rng: random.Random) -> tuple[list[int], list[Tile]]:
    """Hands (bit-sets per seat) and a boneyard in drawing order, consistent with
    ``observation`` (the seat's own hand kept)."""
    pool = unseen(observation)
    rng.shuffle(pool)
    hands: list[int] = []
    for seat, size in enumerate(observation.hand_sizes):
        if seat == observation.seat:
            hands.append(sum(t.bit for t in observation.hand))
            continue
        hands.append(sum(t.bit for t in pool[:size]))
        del pool[:size]
    return hands, pool
