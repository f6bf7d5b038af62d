"""A Draw position given by hand (``Round.from_position``), read and checked: 2 to 4 hands,
none empty, no tile twice (D1), the seat to play and the leader among the seats, fewer
consecutive passes than players (D11) and, per seat, the numbers it is known not to hold,
none of them in its hand (D8).

Split from ``pegboard.draw.round``, which re-exports every name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pegboard.core import N_, WordedError
from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import MASK_WITH_IN, SET_SIZES, SIX, Tile, distinct_tiles, set_of

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
PARTNER_PLAYERS: Final = 4
"""Partnerships are for four players: seats 0 and 2 against 1 and 3 (D21)."""


def check_players(players: int) -> None:
    """``WordedError`` unless ``players`` is a number of players Draw is played by (D1)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise WordedError(
            N_("Draw is played by 2 to 4 players, not {players!r} (D1)"), players=players
        )


def check_partnerships(partnerships: object, players: int) -> bool:
    """``partnerships`` when it is a bool that a table of ``players`` may take (D21)."""
    if not isinstance(partnerships, bool):
        raise ValueError(
            f"partnerships is True (two sides of partners, D21) or False, not {partnerships!r}"
        )
    if partnerships and players != PARTNER_PLAYERS:
        raise ValueError(f"partnerships are for 4 players, not {players} (D21)")
    return partnerships


@dataclass(frozen=True)
class GivenRound:
    """A position read from its parts: the ``hands`` and the ``stock`` (drawn from index 0),
    a copy of the ``line``, each hand's bit-set (``masks``), each seat's ``absent`` bit-set
    (D8), the ``leader`` and the set played (``tile_set``, 6 or 9, D25)."""

    hands: list[list[Tile]]
    stock: list[Tile]
    line: Line
    masks: list[int]
    absent: list[int]
    leader: int
    tile_set: int = SIX


def read_position(
    hands: Sequence[Iterable[Tile]],
    stock: Iterable[Tile],
    current: int,
    line: Line | None,
    leader: int | None,
    passes: int,
    absent: Sequence[Iterable[int]] | None,
    tile_set: int | None = None,
) -> GivenRound:
    """The position ``Round.from_position`` is given, checked (``ValueError`` naming the
    rule); ``tile_set`` None is the smallest set that holds every tile given (D1, D25)."""
    check_players(len(hands))
    hand_lists = [list(hand) for hand in hands]
    stock_list = list(stock)
    line = Line() if line is None else line.copy()
    every = [t for hand in hand_lists for t in hand] + stock_list
    distinct_tiles(every, line.tiles)
    least = set_of([*every, *line.tiles])
    if tile_set is None:
        tile_set = least
    if tile_set not in SET_SIZES or isinstance(tile_set, bool):
        raise ValueError(f"the set is 6 (double-six, D1) or 9 (double-nine, D25), not {tile_set!r}")
    if tile_set < least:
        raise ValueError("a tile of the position is not of the double-six set (D1, D25)")
    if any(not hand for hand in hand_lists):
        raise ValueError("every player needs at least one tile in hand (D11)")
    if not isinstance(current, int) or not 0 <= current < len(hand_lists):
        raise ValueError(f"the seat to play is 0 to {len(hand_lists) - 1}, not {current!r}")
    masks = [sum(t.bit for t in hand) for hand in hand_lists]
    absent_masks = _absent_masks(absent, hand_lists, tile_set)
    n = len(hand_lists)
    if leader is None:
        leader = current
    if not isinstance(leader, int) or not 0 <= leader < n:
        raise ValueError(f"the leader is a seat from 0 to {n - 1}, not {leader!r}")
    if not isinstance(passes, int) or not 0 <= passes < n:
        raise ValueError(f"consecutive passes are 0 to {n - 1}, not {passes!r} (D11)")
    return GivenRound(hand_lists, stock_list, line, masks, absent_masks, leader, tile_set)


def _absent_masks(
    absent: Sequence[Iterable[int]] | None, hands: Sequence[Sequence[Tile]], tile_set: int = SIX
) -> list[int]:
    """Per seat, the bit-set of tiles it cannot hold, from the numbers it cannot hold (D8)."""
    if absent is None:
        return [0] * len(hands)
    absent_lists = [list(values) for values in absent]
    if len(absent_lists) != len(hands):
        raise ValueError(f"absent numbers are given per seat: {len(hands)} sets needed")
    result = []
    for seat, values in enumerate(absent_lists):
        mask = 0
        for value in values:
            if not isinstance(value, int) or not 0 <= value <= tile_set:
                raise ValueError(f"not a number of the set: {value!r} (D1, D25)")
            mask |= MASK_WITH_IN[tile_set][value]
        held = [t for t in hands[seat] if mask & t.bit]
        if held:
            raise ValueError(f"seat {seat} holds {held[0]}, a number it is known not to hold (D8)")
        result.append(mask)
    return result
