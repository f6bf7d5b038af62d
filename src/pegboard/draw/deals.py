"""Draw's deals in the arena (``Game.looks.arena``): a deal is one round, its leader
drawn from the deal's seed, scored by the round's returns; with ``matches``, a whole
match scored by its match points. The ``block`` option deals the Block game (D18)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.arena.deals import DealLook


def start(matches: bool, seed: int, players: int, options: Mapping[str, Any]) -> Any:
    from pegboard.draw import Match, Round

    block = bool(options.get("block") or 0)
    if matches:
        return Match(players, seed=seed, target=options.get("target"), block=block)
    return Round.deal(players, seed=seed, leader=seed % players, block=block)


def finished(position: Any, matches: bool) -> bool:
    return bool(position.is_over)


def points(position: Any, matches: bool) -> Sequence[float]:
    return tuple(position.scores if matches else position.returns())


def apply(position: Any, seat: int, action: Any) -> None:
    position.apply(action)  # the seat is the one to act: the arena asked its bot


DEALS = DealLook(start=start, finished=finished, points=points, apply=apply)
