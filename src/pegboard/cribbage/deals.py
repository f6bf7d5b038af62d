"""Cribbage's deals in the arena (``Game.looks.arena``): a deal is one hand from 0-0,
the dealer drawn from the deal's seed, over when the first hand's show is over and the
game deals hand 2; with ``matches``, a whole game to 121 (61 at five-card). The options
are the table's: ``cards`` 5 deals five-card cribbage, ``muggins`` 1 has the bots claim
their shows. Scored by the game's points, per
seat: among four each partner scores its side's (C9), so partners seated opposite (A, B,
A, B) share them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard.arena.deals import DealLook


def start(matches: bool, seed: int, players: int, options: Mapping[str, Any]) -> Any:
    # A play is one game to 121 (or a hand of it): a match's best_of has no part in it.
    from pegboard.cribbage import Game

    # The table's rules are the options': five-card's deal (C13) and the players' count
    # with muggins (C18), as every other surface plays them.
    cards = 5 if options.get("cards") == 5 else None
    muggins = int(options.get("muggins") or 0)
    if matches:
        return Game.new(seed=seed, players=players, cards=cards, muggins=muggins)
    return Game.new(seed=seed, dealer=seed % players, players=players, cards=cards, muggins=muggins)


def finished(position: Any, matches: bool) -> bool:
    if matches:
        return bool(position.is_over)
    return bool(position.is_over or position.hand_number != 1)


def points(position: Any, matches: bool) -> Sequence[float]:
    from pegboard.cribbage.description import per_seat

    return per_seat(position.scores, position.num_players)


def apply(position: Any, seat: int, action: Any) -> None:
    position.apply(action)  # the seat is the one to act: the arena asked its bot


DEALS = DealLook(start=start, finished=finished, points=points, apply=apply)
