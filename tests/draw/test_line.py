"""D5, D9 and B1/B4: the line of play, placements in place, and impossible placements."""

from __future__ import annotations

import random

import pytest

from pegboard.draw import DOUBLE_SIX, End, IllegalActionError, Joint, Line, Tile


def T(text: str) -> Tile:  # noqa: N802  (short, like the notation)
    return Tile.parse(text)


def E(text: str) -> End:  # noqa: N802
    return End.parse(text)


def snapshot(line: Line) -> tuple[object, ...]:
    return (line.tiles, line.joints, line.open_ends(), line.describe("en"), len(line))


def test_d5_empty_line() -> None:
    line = Line()
    assert line.is_empty
    assert line.tiles == ()
    assert line.joints == ()
    assert line.open_ends() == ()
    assert line.open_values() == ()
    assert len(line) == 0


def test_d3_any_tile_may_open_the_line() -> None:
    for tile in DOUBLE_SIX:
        line = Line()
        assert line.fits(tile)
        line.play(tile)
        assert line.tiles == (tile,)
        assert len(line.open_ends()) == 2


def test_d5_play_changes_the_line_in_place_and_returns_the_free_end() -> None:
    line = Line()
    free = line.play(T("1-4"))
    assert free in line.open_ends()
    free = line.play(T("1-1"), E("1-4L"))
    assert free == End(T("1-1"), "B")
    assert line.tiles == (T("1-4"), T("1-1"))
    assert line.joints == (Joint(E("1-4L"), End(T("1-1"), "A")),)
    free = line.play(T("4-6"), E("1-4H"))
    assert free == End(T("4-6"), "high")
    assert free.value == 6
    assert line.open_values() == (1, 6)


def test_b4_open_ends_sorted_by_tile_then_side() -> None:
    line = Line()
    line.play(T("1-4"))
    # Both ends on the same tile: high end before low end.
    assert line.open_ends() == (E("1-4H"), E("1-4L"))
    line.play(T("1-1"), E("1-4L"))
    # [1|1] sorts before [1|4].
    assert line.open_ends() == (E("1-1B"), E("1-4H"))
    line.play(T("0-4"), E("1-4H"))
    # [0|4] sorts before [1|1]; ends given as (tile, side, number) below.
    assert [(str(e.tile), e.side, e.value) for e in line.open_ends()] == [
        ("[0|4]", "low", 0),
        ("[1|1]", "B", 1),
    ]
    opened = Line()
    opened.play(T("2-2"))
    assert opened.open_ends() == (E("2-2A"), E("2-2B"))


def test_b1_end_tile_side_value() -> None:
    line = Line()
    line.play(T("3-6"))
    line.play(T("6-6"), E("3-6H"))
    ends = line.open_ends()
    assert [(e.tile, e.side, e.value) for e in ends] == [
        (T("3-6"), "low", 3),
        (T("6-6"), "B", 6),
    ]


def test_d9_doubles_crosswise_with_sides_a_and_b() -> None:
    line = Line()
    line.play(T("1-4"))
    line.play(T("4-4"), E("1-4H"))
    # The side touching [1|4] is A; the free side is B, and it still shows 4 (D9).
    assert line.joints[-1] == Joint(E("1-4H"), E("4-4A"))
    assert E("4-4B") in line.open_ends()
    assert E("4-4A") not in line.open_ends()
    line.play(T("3-4"), E("4-4B"))
    assert line.joints[-1] == Joint(E("4-4B"), E("3-4H"))
    # A placed double's A side is not open: playing there is refused.
    with pytest.raises(IllegalActionError):
        line.play(T("4-5"), E("4-4A"))


def test_d9_opening_double_has_both_sides_free() -> None:
    line = Line()
    line.play(T("5-5"))
    assert line.open_ends() == (E("5-5A"), E("5-5B"))
    line.play(T("2-5"), E("5-5A"))
    assert line.open_ends() == (E("2-5L"), E("5-5B"))
    line.play(T("5-6"), E("5-5B"))
    assert line.open_values() == (2, 6)
    assert len(line.open_ends()) == 2


def test_d9_no_spinners_always_exactly_two_open_ends() -> None:
    rng = random.Random(20261130)
    for _ in range(200):
        line = Line()
        tiles = list(DOUBLE_SIX)
        rng.shuffle(tiles)
        line.play(tiles.pop())
        while True:
            assert len(line.open_ends()) == 2
            options = [(t, e) for t in tiles for e in line.open_ends() if t.has(e.value)]
            if not options:
                break
            tile, end = rng.choice(options)
            before = {e for e in line.open_ends() if e != end}
            line.play(tile, end)
            tiles.remove(tile)
            # The other end is untouched; the played end is replaced by the tile's free side.
            assert before <= set(line.open_ends())
        assert len(line.tiles) + len(tiles) == 28


def test_d5_a_blank_matches_only_a_blank() -> None:
    line = Line()
    line.play(T("0-3"))
    with pytest.raises(IllegalActionError, match="D5"):
        line.play(T("1-2"), E("0-3L"))
    line.play(T("0-0"), E("0-3L"))
    assert line.open_values() == (0, 3)


def test_d5_wrong_number_raises_and_leaves_the_line_unchanged() -> None:
    line = Line.from_plays([(T("1-4"), None), (T("1-1"), E("1-4L"))])
    before = snapshot(line)
    with pytest.raises(IllegalActionError) as caught:
        line.play(T("2-5"), E("1-4H"))
    assert caught.value.rule == "D5"
    assert snapshot(line) == before
    assert not line.fits(T("2-5"), E("1-4H"))


def test_d9_not_an_open_end_raises_and_leaves_the_line_unchanged() -> None:
    line = Line.from_plays([(T("1-4"), None), (T("1-1"), E("1-4L"))])
    before = snapshot(line)
    for end in [E("1-4L"), E("1-1A"), E("4-4B"), E("2-4H")]:
        with pytest.raises(IllegalActionError) as caught:
            line.play(T("1-2"), end)
        assert caught.value.rule == "D9"
        assert snapshot(line) == before
        assert not line.fits(T("1-2"), end)


def test_d1_tile_already_in_line_raises_and_leaves_the_line_unchanged() -> None:
    line = Line.from_plays([(T("1-4"), None), (T("4-4"), E("1-4H"))])
    before = snapshot(line)
    with pytest.raises(IllegalActionError) as caught:
        line.play(T("4-4"), E("4-4B"))
    assert caught.value.rule == "D1"
    assert snapshot(line) == before
    assert not line.fits(T("4-4"), E("4-4B"))


def test_d5_end_given_for_the_opening_raises() -> None:
    line = Line()
    with pytest.raises(IllegalActionError) as caught:
        line.play(T("1-4"), E("4-4B"))
    assert caught.value.rule == "D5"
    assert line.is_empty
    assert not line.fits(T("1-4"), E("4-4B"))


def test_d5_no_end_after_the_opening_raises() -> None:
    line = Line.from_plays([(T("1-4"), None)])
    before = snapshot(line)
    with pytest.raises(IllegalActionError) as caught:
        line.play(T("4-5"))
    assert caught.value.rule == "D5"
    assert "1-4H" in str(caught.value)  # it names the ends to choose from
    assert snapshot(line) == before
    assert not line.fits(T("4-5"))


def test_d5_fits_agrees_with_play() -> None:
    rng = random.Random(5)
    for _ in range(100):
        line = Line()
        line.play(rng.choice(DOUBLE_SIX))
        for _ in range(rng.randrange(6)):
            options = [(t, e) for t in DOUBLE_SIX for e in line.open_ends() if line.fits(t, e)]
            if not options:
                break
            line.play(*rng.choice(options))
        for tile in DOUBLE_SIX:
            for end in [*line.open_ends(), E("6-6A"), E("0-1L")]:
                expected = line.fits(tile, end)
                trial = line.copy()
                try:
                    trial.play(tile, end)
                    assert expected, (tile, end)
                except IllegalActionError:
                    assert not expected, (tile, end)
                    assert trial == line


def test_b2_copy_is_independent_and_plays_rebuild_the_line() -> None:
    line = Line.from_plays([(T("1-4"), None), (T("1-1"), E("1-4L")), (T("4-4"), E("1-4H"))])
    copy = line.copy()
    copy.play(T("3-4"), E("4-4B"))
    assert len(line) == 3 and len(copy) == 4
    assert T("3-4") in copy and T("3-4") not in line
    assert Line.from_plays(copy.plays()) == copy
    assert Line.from_plays(line.plays()) == line
    assert line != copy
