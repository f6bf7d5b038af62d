"""Small helpers for the Fives family's tests: rules, positions, a seeded random hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.dominoes import End, Tile
from pegboard.fives import FivesHand, FivesRules

T = Tile


def rules(
    game: str, players: int = 2, partnerships: bool | None = None, **options: int
) -> FivesRules:
    return FivesRules(game, players, partnerships, **options)  # type: ignore[arg-type]


def position(
    game: str,
    hands: Sequence[Sequence[Tile]],
    layout: Sequence[tuple[Tile, End | None]] = (),
    boneyard: Sequence[Tile] = (),
    *,
    partnerships: bool | None = None,
    to_play: int = 0,
    scores: Sequence[int] | None = None,
    **options: int,
) -> FivesHand:
    return FivesHand.from_position(
        rules(game, len(hands), partnerships, **options),
        hands,
        boneyard,
        list(layout),
        leader=to_play,
        to_play=to_play,
        scores=scores,
    )


def play_out(hand: FivesHand, rng: random.Random, limit: int = 400) -> FivesHand:
    """Random legal moves to the end of the hand."""
    for _ in range(limit):
        if hand.is_over:
            return hand
        hand.apply(rng.choice(hand.legal_actions()))
    raise AssertionError("the hand did not end")
