"""The layout drawn in SVG (F5): the spinner's cross, a marker on every open end (F5, B4)
with its accessible name, the accessible text of B1-B5, and no tile over another, checked
over many random legal layouts."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Literal

import pytest

from pegboard.core.languages import LANGUAGES
from pegboard.dominoes import render_svg
from pegboard.fives import DOUBLE_SIX, SPINNER_WORDS, End, Layout, Tile
from pegboard.fives.svg import render_layout_svg
from tests.draw.test_svg import NS, SVG, _marker_boxes, _overlap, _tile_boxes

Box = tuple[str, float, float, float, float]


def random_layout(rng: random.Random, spinner: bool = True, size: int | None = None) -> Layout:
    """A layout built by legal plays only: a random lead, then random tiles of the set on
    random ends of ``Layout.open_ends()``, until ``size`` tiles (or none fits)."""
    layout = Layout(spinner=spinner)
    unused = list(DOUBLE_SIX)
    rng.shuffle(unused)
    layout.play(unused.pop())
    goal = size if size is not None else rng.randrange(1, 29)
    while len(layout) < goal:
        moves = [(t, e) for t in unused for e in layout.open_ends() if layout.fits(t, e)]
        if not moves:
            break
        tile, end = rng.choice(moves)
        layout.play(tile, end)
        unused.remove(tile)
    return layout


def with_spinner(rng: random.Random, arms: int) -> Layout:
    """A random legal layout whose spinner is down and has at least ``arms`` tiles on its
    ends C and D together (0, 1 or 2)."""
    while True:
        layout = random_layout(rng)
        spinner = layout.spinner
        if spinner is None:
            continue
        on_arms = [j for j in layout.joints if j.existing.side in ("C", "D")]
        if len(on_arms) >= arms:
            return layout


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    return root


def boxes_by_tile(root: ET.Element) -> dict[Tile, Box]:
    return {Tile.parse(box[0]): box for box in _tile_boxes(root)}


def arm_tiles(layout: Layout, side: Literal["C", "D"]) -> list[Tile]:
    """The tiles of the arm started on the spinner's end ``side`` (C or D), found from the
    joints alone: the tile on that end, then every tile joined to one of the arm's."""
    spinner = layout.spinner
    assert spinner is not None
    arm: list[Tile] = []
    for joint in layout.joints:
        on_end = joint.existing == End(spinner, side)
        if on_end or joint.existing.tile in arm:
            arm.append(joint.new.tile)
    return arm


SEEDS = range(300)


# -- the drawing is valid and readable ------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_f5_the_drawing_is_named_and_described_by_the_layout(lang: str) -> None:
    layout = with_spinner(random.Random(1), arms=2)
    root = parse(render_layout_svg(layout, lang=lang))
    assert root.get("role") == "img"
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and desc is not None
    assert title.text == layout.title(lang)
    assert desc.text == layout.describe(lang)
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert root.get("lang") == lang


@pytest.mark.parametrize("seed", SEEDS)
def test_f5_one_marker_per_open_end_with_its_accessible_name(seed: int) -> None:
    layout = random_layout(random.Random(seed))
    lang = LANGUAGES[seed % len(LANGUAGES)]
    root = parse(render_layout_svg(layout, lang=lang))
    words = layout.words(lang)
    markers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "marker"]
    assert sorted(g.get("data-end", "") for g in markers) == sorted(
        e.notation for e in layout.open_ends()
    )
    for group in markers:
        end = End.parse(group.get("data-end", ""))
        name = group.find("svg:title", NS)
        assert name is not None and name.text == f"{end.tile} ({words[end.side]}, {end.value})"
        text = group.find("svg:text", NS)
        assert text is not None and text.text == str(end.value)
    without = parse(render_layout_svg(layout, markers=False, lang=lang))
    assert _marker_boxes(without) == []
    assert len(_tile_boxes(without)) == len(layout)


def test_f5_the_spinners_ends_get_markers_once_both_sides_hold_a_tile() -> None:
    spinner = Tile(5, 5)
    layout = Layout(spinner=True)
    layout.play(spinner)
    layout.play(Tile(2, 5), End(spinner, "A"))
    drawn = {m[0] for m in _marker_boxes(parse(render_layout_svg(layout)))}
    assert drawn == {"2-5L", "5-5B"}  # not yet C nor D (F5)
    layout.play(Tile(3, 5), End(spinner, "B"))
    drawn = {m[0] for m in _marker_boxes(parse(render_layout_svg(layout)))}
    assert drawn == {"2-5L", "3-5L", "5-5C", "5-5D"}
    name = SPINNER_WORDS["pt"]["C"]
    assert f"[5|5] ({name}, 5)" in render_layout_svg(layout, lang="pt")


# -- the cross --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_f5_the_arms_run_above_and_below_the_spinner_and_the_line_through_it(seed: int) -> None:
    layout = with_spinner(random.Random(seed), arms=seed % 3)
    spinner = layout.spinner
    assert spinner is not None
    root = parse(render_layout_svg(layout))
    boxes = boxes_by_tile(root)
    _, sx0, sy0, sx1, sy1 = boxes[spinner]
    middle_x, middle_y = (sx0 + sx1) / 2, (sy0 + sy1) / 2
    assert sy1 - sy0 == 2 * (sx1 - sx0), "the spinner stands across the line"
    up, down = arm_tiles(layout, "C"), arm_tiles(layout, "D")
    for tiles, above in ((up, True), (down, False)):
        previous = sy0 if above else sy1  # the edge the arm grows from
        for tile in tiles:  # in play order, which is the order along the arm
            _, x0, y0, x1, y1 = boxes[tile]
            assert (x0 + x1) / 2 == middle_x, f"{tile} is not in line with the spinner"
            if above:
                assert y1 < previous, f"{tile} is not above the spinner's arm so far"
                previous = y0
            else:
                assert y0 > previous, f"{tile} is not below the spinner's arm so far"
                previous = y1
            if tile.is_double:
                assert x1 - x0 == 2 * (y1 - y0), f"{tile} should lie across its arm"
            else:
                assert y1 - y0 == 2 * (x1 - x0), f"{tile} should lie along its arm"
    for tile in set(layout.tiles) - set(up) - set(down):
        _, x0, y0, x1, y1 = boxes[tile]
        assert (y0 + y1) / 2 == middle_y, f"{tile} is not in the spinner's line"
        if tile.is_double:
            assert y1 - y0 == 2 * (x1 - x0), f"{tile} should stand across the line"
    # each open end's marker lies beyond its arm's last tile, on the arm's side
    for end, x0, y0, x1, y1 in _marker_boxes(root):
        side = End.parse(end)
        if side.tile in up or side == End(spinner, "C"):
            assert y1 <= sy0 and (x0 + x1) / 2 == middle_x
        elif side.tile in down or side == End(spinner, "D"):
            assert y0 >= sy1 and (x0 + x1) / 2 == middle_x
        else:
            assert (y0 + y1) / 2 == middle_y


def _touching_half(box: Box, toward: Box) -> str:
    """Which way ``toward`` lies from ``box``: left, right, up or down, tiles apart."""
    _, x0, y0, x1, y1 = box
    _, a0, b0, a1, b1 = toward
    if a0 >= x1:
        return "right"
    if a1 <= x0:
        return "left"
    if b0 >= y1:
        return "down"
    assert b1 <= y0, f"{box} and {toward} overlap"
    return "up"


@pytest.mark.parametrize("seed", SEEDS)
def test_f5_every_tile_is_drawn_against_the_tile_it_joined(seed: int) -> None:
    """Each joint's two tiles are next to each other, a gap apart and centred on one axis:
    the cross's drawing is the layout's tree."""
    layout = with_spinner(random.Random(seed), arms=0)
    boxes = boxes_by_tile(parse(render_layout_svg(layout)))
    for joint in layout.joints:
        old, new = boxes[joint.existing.tile], boxes[joint.new.tile]
        way = _touching_half(old, new)
        if way in ("left", "right"):
            assert (old[2] + old[4]) == (new[2] + new[4])  # one row
            gap = new[1] - old[3] if way == "right" else old[1] - new[3]
        else:
            assert (old[1] + old[3]) == (new[1] + new[3])  # one column
            gap = new[2] - old[4] if way == "down" else old[2] - new[4]
        assert gap == 4, f"{joint} drawn {gap} apart"
        if joint.existing.side in ("C", "D"):
            assert way == ("up" if joint.existing.side == "C" else "down")


@pytest.mark.parametrize("seed", SEEDS)
def test_f5_no_tile_or_marker_overlaps_another_and_all_fit(seed: int) -> None:
    layout = random_layout(random.Random(seed), spinner=seed % 5 != 0)
    root = parse(render_layout_svg(layout))
    tiles = _tile_boxes(root)
    assert sorted(t for t, *_ in tiles) == sorted(f"{t.low}-{t.high}" for t in layout.tiles)
    boxes = tiles + _marker_boxes(root)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _overlap(a, b), f"{a} overlaps {b}"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    assert (width, height) == (float(root.get("width", 0)), float(root.get("height", 0)))
    for _, x0, y0, x1, y1 in boxes:
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height


def test_f5_the_spinner_is_marked_and_the_drawing_is_deterministic() -> None:
    layout = with_spinner(random.Random(7), arms=2)
    svg = render_layout_svg(layout)
    assert svg == render_layout_svg(layout.copy())
    assert svg == render_layout_svg(Layout.from_plays(layout.plays(), spinner=True))
    spinners = [g for g in parse(svg).iter(f"{SVG}g") if "spinner" in g.get("class", "").split()]
    assert [g.get("data-tile") for g in spinners] == [
        f"{layout.spinner.low}-{layout.spinner.high}"  # type: ignore[union-attr]
    ]
    other = with_spinner(random.Random(8), arms=2)
    ident = parse(svg).find("svg:title", NS).get("id")  # type: ignore[union-attr]
    assert ident != parse(render_layout_svg(other)).find("svg:title", NS).get("id")  # type: ignore[union-attr]


def test_f5_a_layout_without_a_spinner_is_drawn_as_draws_line() -> None:
    """Fives and Threes (no spinner), and All Fives before its first double: Draw's line."""
    rng = random.Random(4)
    line = random_layout(rng, spinner=False, size=12)
    assert render_layout_svg(line, lang="zh") == render_svg(line, lang="zh")
    early = Layout(spinner=True)
    early.play(Tile(1, 4))
    assert early.spinner is None
    assert render_layout_svg(early) == render_svg(early)
    assert 'data-end="open"' in render_layout_svg(Layout(spinner=True))


def test_f5_the_layouts_repr_svg_is_its_drawing() -> None:
    layout = with_spinner(random.Random(2), arms=1)
    assert layout._repr_svg_() == render_layout_svg(layout)


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no board description"):
        render_layout_svg(with_spinner(random.Random(3), arms=0), lang="xx")
