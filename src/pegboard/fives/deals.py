"""The Fives family's deals in the arena (``Game.looks.arena``): a deal is one hand from
0-0, its leader drawn from the deal's seed, with 4 players two partnerships seated
opposite (F1: seats 0 and 2 against 1 and 3); with ``matches``, a whole match to the
target (F9). Every seat is scored its side's points, so a partnership's two entrants
score alike, and the duplicate's seatings (the entrants rotated through every seat) put
each pair of partners on both sides of the same deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from pegboard.arena.deals import DealLook
from pegboard.fives.rules import ALL_FIVES, FIVES_AND_THREES


def start(game: str, matches: bool, seed: int, players: int, options: Mapping[str, Any]) -> Any:
    from pegboard.fives.description import rules_of
    from pegboard.fives.hand import FivesHand
    from pegboard.fives.match import FivesMatch

    rules = rules_of(game, {**options, "players": players})  # the game's checked options
    if matches:
        return FivesMatch(rules, seed=seed)
    return FivesHand.deal(rules, seed=seed, leader=seed % players)


def finished(position: Any, matches: bool) -> bool:
    return bool(position.is_over)


def points(position: Any, matches: bool) -> Sequence[float]:
    """Per seat, its side's points: of the hand, or the match's score."""
    if matches:
        return tuple(position.scores)
    rules = position.rules
    scores = position.scores
    return tuple(scores[rules.side_of(seat)] for seat in range(rules.players))


def apply(position: Any, seat: int, action: Any) -> None:
    position.apply(action)  # the seat is the one to act: the arena asked its bot


ALL_FIVES_DEALS = DealLook(
    start=partial(start, ALL_FIVES), finished=finished, points=points, apply=apply
)
FIVES_AND_THREES_DEALS = DealLook(
    start=partial(start, FIVES_AND_THREES), finished=finished, points=points, apply=apply
)
