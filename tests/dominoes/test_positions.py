"""D1 for positions given whole: both games' ``from_position`` refuse a tile found twice
(in two hands, a hand and the stock or boneyard, or on the table) and anything that is not
a tile, through the one shared check ``pegboard.dominoes.tiles.distinct_tiles``."""

from __future__ import annotations

import pytest

from pegboard.dominoes import Tile
from pegboard.dominoes.tiles import distinct_tiles
from pegboard.draw import Line, Round
from pegboard.fives import FivesHand, FivesRules

T = Tile.parse


def test_d1_distinct_tiles_returns_every_tile_once_with_those_placed() -> None:
    assert distinct_tiles([T("1-2"), T("3-4")], [T("6-6")]) == {T("1-2"), T("3-4"), T("6-6")}


@pytest.mark.parametrize(
    ("tiles", "placed", "problem"),
    [
        ([T("1-2"), T("2-1")], [], r"\[1\|2\] appears twice in the position \(D1\)"),
        ([T("6-6")], [T("6-6")], r"\[6\|6\] appears twice"),
        ([T("1-2"), "3-4"], [], r"not a tile: '3-4'"),
    ],
)
def test_d1_distinct_tiles_refuses_a_tile_twice_and_what_is_not_a_tile(
    tiles: list[object], placed: list[Tile], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        distinct_tiles(tiles, placed)


def test_d1_a_draw_position_with_a_tile_twice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"\[3\|4\] appears twice"):
        Round.from_position([[T("1-2"), T("3-4")], [T("4-3")]])
    with pytest.raises(ValueError, match=r"\[5\|5\] appears twice"):
        Round.from_position(
            [[T("1-2")], [T("0-1")]], [T("5-5")], line=Line.from_plays([(T("5-5"), None)])
        )


def test_d1_a_fives_position_with_a_tile_twice_is_refused() -> None:
    rules = FivesRules("all-fives", 2)
    with pytest.raises(ValueError, match=r"\[2\|2\] appears twice"):
        FivesHand.from_position(rules, [[T("2-2")], [T("0-1")]], [T("2-2")])
    with pytest.raises(ValueError, match=r"\[5\|5\] appears twice"):
        FivesHand.from_position(rules, [[T("5-5")], [T("0-1")]], [], [(T("5-5"), None)])
