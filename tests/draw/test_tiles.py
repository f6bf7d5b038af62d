"""D1: the double-six set, its tiles, and how a tile is written; D25: the double-nine set."""

from __future__ import annotations

import itertools
import pickle

import pytest

from pegboard.dominoes.tiles import DOUBLE_NINE, MASK_WITH_NINE, SETS, tiles_of
from pegboard.draw import DOUBLE_SIX, Tile

ALL_PAIRS = [(a, b) for a in range(7) for b in range(7)]


@pytest.mark.parametrize(("a", "b"), ALL_PAIRS)
def test_d1_tile_is_normalised_low_half_first(a: int, b: int) -> None:
    tile = Tile(a, b)
    assert tile == Tile(b, a)
    assert tile is Tile(b, a)
    assert (tile.low, tile.high) == (min(a, b), max(a, b))
    assert tile.pips == a + b
    assert tile.is_double == (a == b)
    assert str(tile) == f"[{min(a, b)}|{max(a, b)}]"


def test_d1_tile_4_1_equals_1_4() -> None:
    assert Tile(4, 1) == Tile(1, 4)
    assert hash(Tile(4, 1)) == hash(Tile(1, 4))
    assert str(Tile(4, 1)) == "[1|4]"
    assert len({Tile(4, 1), Tile(1, 4)}) == 1


def test_d1_double_six_has_28_distinct_tiles() -> None:
    assert len(DOUBLE_SIX) == 28
    assert len(set(DOUBLE_SIX)) == 28
    assert len({str(t) for t in DOUBLE_SIX}) == 28
    expected = {(a, b) for a in range(7) for b in range(a, 7)}
    assert {(t.low, t.high) for t in DOUBLE_SIX} == expected
    # 7 doubles, 21 others; every number appears on exactly 7 tiles, 8 halves.
    assert sum(t.is_double for t in DOUBLE_SIX) == 7
    for value in range(7):
        assert sum(t.has(value) for t in DOUBLE_SIX) == 7
    # The whole set counts 168 pips (each number on 8 halves: 8 * 21).
    assert sum(t.pips for t in DOUBLE_SIX) == 168


def test_d1_double_six_is_sorted_from_0_0_to_6_6() -> None:
    assert str(DOUBLE_SIX[0]) == "[0|0]"
    assert str(DOUBLE_SIX[-1]) == "[6|6]"
    assert list(DOUBLE_SIX) == sorted(DOUBLE_SIX)


def test_d12_pips_of_extreme_tiles() -> None:
    assert Tile(6, 6).pips == 12
    assert Tile(0, 0).pips == 0
    assert Tile(0, 0).is_double
    assert not Tile(0, 1).is_double


@pytest.mark.parametrize("tile", DOUBLE_SIX, ids=str)
def test_d1_str_round_trips_through_parse(tile: Tile) -> None:
    assert Tile.parse(str(tile)) is tile
    assert Tile.parse(f"{tile.high}-{tile.low}") is tile
    assert Tile.parse(f"{tile.low}-{tile.high}") is tile
    assert Tile.parse(f"{tile.high}|{tile.low}") is tile


def test_d1_parse_accepts_the_usual_spellings() -> None:
    assert Tile.parse("[4|1]") is Tile(1, 4)
    assert Tile.parse("4-1") is Tile(1, 4)
    assert Tile.parse("[1|4]") is Tile(1, 4)
    assert Tile.parse(" 1-4 ") is Tile(1, 4)
    assert Tile.parse("41") is Tile(1, 4)


@pytest.mark.parametrize(
    "text", ["", "banana", "[10|1]", "1-10", "100", "[1|4|5]", "-1-4", "1 - 4 - 2", "14x", "[|]"]
)
def test_d1_parse_nonsense_raises_value_error_quoting_the_text(text: str) -> None:
    with pytest.raises(ValueError) as caught:
        Tile.parse(text)
    assert repr(text) in str(caught.value)


def test_d1_parse_rejects_non_text() -> None:
    with pytest.raises(ValueError, match="14"):
        Tile.parse(14)  # type: ignore[arg-type]


@pytest.mark.parametrize(("a", "b"), [(10, 1), (-1, 3), (0, 10), (10, 10)])
def test_d1_d25_no_tile_outside_the_double_nine_set(a: int, b: int) -> None:
    with pytest.raises(ValueError, match="D25"):
        Tile(a, b)


def test_d1_tiles_are_immutable_interned_values() -> None:
    tile = Tile(2, 5)
    with pytest.raises(AttributeError):
        tile.low = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_d1_has_and_other() -> None:
    tile = Tile(2, 5)
    assert tile.has(2) and tile.has(5) and not tile.has(3)
    assert tile.other(2) == 5 and tile.other(5) == 2
    assert Tile(3, 3).other(3) == 3
    with pytest.raises(ValueError):
        tile.other(4)


def test_d1_ordering_is_a_total_order_over_the_set() -> None:
    for a, b in itertools.combinations(DOUBLE_SIX, 2):
        assert a < b and b > a and a <= b and b >= a


def test_d25_double_nine_has_55_distinct_tiles_and_495_pips() -> None:
    """The double-nine set: 55 tiles, [0|0] to [9|9], ten doubles, each number on ten tiles,
    495 pips in all (the figures sets are sold with: (n + 1)(n + 2) / 2 tiles)."""
    assert len(DOUBLE_NINE) == len(set(DOUBLE_NINE)) == 55
    expected = {(a, b) for a in range(10) for b in range(a, 10)}
    assert {(t.low, t.high) for t in DOUBLE_NINE} == expected
    assert sum(t.is_double for t in DOUBLE_NINE) == 10
    for value in range(10):
        assert sum(t.has(value) for t in DOUBLE_NINE) == 10
        assert tiles_of(MASK_WITH_NINE[value]) == tuple(t for t in DOUBLE_NINE if t.has(value))
    assert sum(t.pips for t in DOUBLE_NINE) == 495
    assert Tile(9, 9).pips == 18
    assert SETS == {6: DOUBLE_SIX, 9: DOUBLE_NINE}


def test_d25_the_double_six_tiles_keep_their_indices() -> None:
    """The double-nine set holds the double-six set's 28 tiles first, with the indices
    (and bits) they always had, so that double-six hands, deals and records are unchanged;
    the 27 others follow, by high half then low."""
    assert DOUBLE_NINE[:28] == DOUBLE_SIX
    assert [t.index for t in DOUBLE_NINE] == list(range(55))
    assert Tile(6, 6).index == 27 and Tile(0, 7).index == 28 and Tile(9, 9).index == 54
    assert [str(t) for t in DOUBLE_NINE[28:37]] == [f"[{low}|7]" for low in range(8)] + ["[0|8]"]
    assert tiles_of(sum(t.bit for t in DOUBLE_NINE)) == DOUBLE_NINE


@pytest.mark.parametrize("tile", DOUBLE_NINE[28:], ids=str)
def test_d25_str_round_trips_through_parse(tile: Tile) -> None:
    """Tiles of 7, 8 and 9 pips are written and read as the others are."""
    assert str(tile) == f"[{tile.low}|{tile.high}]"
    assert Tile.parse(str(tile)) is tile
    assert Tile.parse(f"{tile.high}-{tile.low}") is tile
    assert Tile.parse(f"{tile.high}{tile.low}") is tile
    assert pickle.loads(pickle.dumps(tile)) is tile
