"""Draw's deals in the arena (``Game.looks.arena``): a deal is one round, its leader
drawn from the deal's seed, scored by the round's returns; with ``matches``, a whole
match scored by its match points. The ``block`` option deals the Block game (D18), the
``partnerships`` option two sides of partners (D21): the arena's seating of entrants A, B,
A, B puts each level's two seats opposite, partners, and each seat scores its side's
points (D22-D24)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.arena.deals import DealLook


def start(matches: bool, seed: int, players: int, options: Mapping[str, Any]) -> Any:
    from pegboard.draw import Match, Round

    block = bool(options.get("block") or 0)
    partnerships = bool(options.get("partnerships") or 0)
    tile_set = int(options.get("set") or 6)  # the double-nine set with 9 (D25)
    if matches:
        return Match(
            players,
            seed=seed,
            target=options.get("target"),
            block=block,
            partnerships=partnerships,
            tile_set=tile_set,
        )
    return Round.deal(
        players,
        seed=seed,
        leader=seed % players,
        block=block,
        partnerships=partnerships,
        tile_set=tile_set,
    )


def finished(position: Any, matches: bool) -> bool:
    return bool(position.is_over)


def points(position: Any, matches: bool) -> Sequence[float]:
    return tuple(position.scores if matches else position.returns())


def apply(position: Any, seat: int, action: Any) -> None:
    position.apply(action)  # the seat is the one to act: the arena asked its bot


DEALS = DealLook(start=start, finished=finished, points=points, apply=apply)
