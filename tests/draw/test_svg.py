"""The SVG drawing of the line: accessible text (B1-B5), doubles crosswise and no branches
(D9), a marker on each legal continuation point (B4), and a readable layout of long lines.
"""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET

import pytest

from pegboard.dominoes.svg import chain_order
from pegboard.draw import DOUBLE_SIX, LANGUAGES, End, Line, Tile, render_svg

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"

# The seed diagrams (seeds 000-002), as the plays that build them.
SEED_DIAGRAMS: dict[str, list[tuple[str, str | None]]] = {
    "1-4": [("1-4", None)],
    "1-1": [("1-4", None), ("1-1", "1-4L")],
    "6-6": [("3-6", None), ("6-6", "3-6H")],
    "0-0": [("0-0", None)],
    "4-4": [("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H")],
    "3-4": [("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H"), ("3-4", "4-4B")],
    "2-2": [("2-2", None)],
}


def _line(plays: list[tuple[str, str | None]]) -> Line:
    return Line.from_plays([(Tile.parse(t), None if e is None else End.parse(e)) for t, e in plays])


def _long_line(rng: random.Random, size: int = 28) -> Line:
    """A random line of ``size`` tiles (28: the whole set), grown on both sides at random.

    A chain through all 28 tiles is an Euler circuit of the complete graph on 0-6 with a
    loop at each number (every degree is even), found by Hierholzer's algorithm over
    shuffled edges; the line then grows outwards from a random opening tile of the chain.
    """
    unused = {v: [t for t in DOUBLE_SIX if t.has(v)] for v in range(7)}
    for tiles in unused.values():
        rng.shuffle(tiles)
    used: set[Tile] = set()
    stack: list[tuple[int, Tile | None]] = [(rng.randrange(7), None)]
    circuit: list[tuple[int, Tile | None]] = []
    while stack:
        value, _ = stack[-1]
        while unused[value] and unused[value][-1] in used:
            unused[value].pop()
        if unused[value]:
            tile = unused[value].pop()
            used.add(tile)
            stack.append((tile.other(value), tile))
        else:
            circuit.append(stack.pop())
    circuit.reverse()
    # the walk v0 -t0- v1 -t1- v2 ...: tile t_i joins the numbers v_i and v_(i+1)
    values = [v for v, _ in circuit]
    chain = [t for _, t in circuit[1:] if t is not None]
    assert len(chain) == 28 and len(set(chain)) == 28
    first = rng.randrange(28 - size + 1)
    chain, values = chain[first : first + size], values[first : first + size + 1]
    opening = rng.randrange(size)
    tile = chain[opening]
    line = Line()
    line.play(tile)
    if tile.is_double:
        left, right = End(tile, "A"), End(tile, "B")
    else:
        left = End(tile, "low" if values[opening] == tile.low else "high")
        right = End(tile, "high" if left.side == "low" else "low")
    low, high = opening - 1, opening + 1
    while low >= 0 or high < size:
        if high >= size or (low >= 0 and rng.random() < 0.5):
            left = line.play(chain[low], left)
            low -= 1
        else:
            right = line.play(chain[high], right)
            high += 1
    assert len(line) == size
    return line


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


_TRANSLATE = re.compile(r"translate\((-?[\d.]+) (-?[\d.]+)\)( rotate\((-?[\d.]+)\))?")


def _tile_boxes(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Each drawn tile's name and its box on the page: (x0, y0, x1, y1)."""
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if "tile" not in group.get("class", "").split():
            continue
        match = _TRANSLATE.fullmatch(group.get("transform", ""))
        assert match, group.get("transform")
        x, y = float(match.group(1)), float(match.group(2))
        angle = float(match.group(4) or 0)
        rect = group.find("svg:rect", NS)
        assert rect is not None
        w, h = float(rect.get("width", 0)), float(rect.get("height", 0))
        if angle % 180 == 90:
            w, h = h, w
        else:
            assert angle % 180 == 0
        boxes.append((group.get("data-tile", ""), x - w / 2, y - h / 2, x + w / 2, y + h / 2))
    return boxes


def _marker_boxes(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    boxes = []
    for group in root.iter(f"{SVG}g"):
        if group.get("class") != "marker":
            continue
        circle = group.find("svg:circle", NS)
        assert circle is not None
        x, y, r = (float(circle.get(k, 0)) for k in ("cx", "cy", "r"))
        boxes.append((group.get("data-end", ""), x - r, y - r, x + r, y + r))
    return boxes


def _overlap(
    a: tuple[str, float, float, float, float], b: tuple[str, float, float, float, float]
) -> bool:
    return a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", SEED_DIAGRAMS)
def test_b5_title_and_description_are_the_seed_texts(name: str, lang: str) -> None:
    line = _line(SEED_DIAGRAMS[name])
    root = _parse(render_svg(line, lang=lang))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and desc is not None
    assert title.text == line.title(lang)
    assert desc.text == line.describe(lang)
    # aria-labelledby names the title and the description
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"


def test_b5_english_title_names_the_last_tile_placed() -> None:
    root = _parse(render_svg(_line(SEED_DIAGRAMS["3-4"])))
    title = root.find("svg:title", NS)
    assert title is not None and title.text == "Placed tile [3|4]"


@pytest.mark.parametrize("name", SEED_DIAGRAMS)
def test_b4_one_marker_per_legal_continuation_point(name: str) -> None:
    line = _line(SEED_DIAGRAMS[name])
    markers = _marker_boxes(_parse(render_svg(line)))
    assert sorted(m[0] for m in markers) == sorted(e.notation for e in line.open_ends())
    root = _parse(render_svg(line))
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "marker":
            end = End.parse(group.get("data-end", ""))
            text = group.find("svg:text", NS)
            assert text is not None and text.text == str(end.value)
            assert group.get("data-value") == str(end.value)


def test_b4_markers_can_be_left_out() -> None:
    line = _line(SEED_DIAGRAMS["3-4"])
    assert _marker_boxes(_parse(render_svg(line, markers=False))) == []
    assert len(_tile_boxes(_parse(render_svg(line, markers=False)))) == 4


def test_b4_seed_markers_name_the_open_ends_of_the_seed() -> None:
    # Seed 3-4: "Legal continuation points: [1|1] (line B, 1); [3|4] (low end, 3)."
    markers = _marker_boxes(_parse(render_svg(_line(SEED_DIAGRAMS["3-4"]))))
    assert sorted(m[0] for m in markers) == ["1-1B", "3-4L"]


@pytest.mark.parametrize("name", SEED_DIAGRAMS)
def test_d9_doubles_are_laid_crosswise(name: str) -> None:
    root = _parse(render_svg(_line(SEED_DIAGRAMS[name])))
    for tile, x0, y0, x1, y1 in _tile_boxes(root):
        a, b = tile.split("-")
        if a == b:
            assert y1 - y0 == 2 * (x1 - x0), f"{tile} should stand across the line"
        else:
            assert x1 - x0 == 2 * (y1 - y0), f"{tile} should lie along the line"


def _drawn_chain(root: ET.Element) -> list[tuple[int, int]]:
    """The numbers each drawn tile shows towards the start and the end of the chain.

    Counted from the pips of each half, as a reader sees them. Tiles are drawn in chain
    order; a row runs right to left when it lies below one that runs left to right.
    """
    rows = sorted(
        {
            float(_TRANSLATE.fullmatch(g.get("transform", "")).group(2))  # type: ignore[union-attr]
            for g in root.iter(f"{SVG}g")
            if "tile" in g.get("class", "").split()
        }
    )
    result = []
    for group in root.iter(f"{SVG}g"):
        if "tile" not in group.get("class", "").split():
            continue
        pips = group.find("svg:g", NS)
        assert pips is not None
        circles = [float(c.get("cx", 0)) for c in pips.findall("svg:circle", NS)]
        first = sum(1 for cx in circles if cx < 0)
        second = sum(1 for cx in circles if cx > 0)
        assert first + second == len(circles)
        y = float(_TRANSLATE.fullmatch(group.get("transform", "")).group(2))  # type: ignore[union-attr]
        forwards = rows.index(y) % 2 == 0
        result.append((first, second) if forwards else (second, first))
    return result


def _check_chain(line: Line) -> None:
    root = _parse(render_svg(line))
    drawn = _drawn_chain(root)
    assert len(drawn) == len(line)
    assert sorted(t for t, *_ in _tile_boxes(root)) == sorted(
        f"{t.low}-{t.high}" for t in line.tiles
    )
    for (_, touching), (other, _) in itertools.pairwise(drawn):
        assert touching == other, "touching halves must show the same number (D5)"
    # the two extremes of the drawn chain are the two open ends (D9: no branches)
    assert sorted([drawn[0][0], drawn[-1][1]]) == sorted(line.open_values())


@pytest.mark.parametrize("name", SEED_DIAGRAMS)
def test_d5_drawn_touching_halves_match_in_the_seed_diagrams(name: str) -> None:
    _check_chain(_line(SEED_DIAGRAMS[name]))


def test_d9_seed_chain_grows_both_ways_from_the_opening_tile() -> None:
    # [1|4] opens; [1|1] joins its low end, [4|4] its high end, [3|4] goes on past [4|4].
    chain, left, right = chain_order(_line(SEED_DIAGRAMS["3-4"]))
    assert [str(c.tile) for c in chain] == ["[1|1]", "[1|4]", "[4|4]", "[3|4]"]
    assert [c.order for c in chain] == [1, 0, 2, 3]
    assert (left, right) == (End(Tile(1, 1), "B"), End(Tile(3, 4), "low"))


@pytest.mark.parametrize("seed", range(12))
def test_long_lines_snake_without_overlaps(seed: int) -> None:
    rng = random.Random(seed)
    line = _long_line(rng, size=28 if seed % 2 == 0 else rng.randrange(2, 28))
    _check_chain(line)
    root = _parse(render_svg(line))
    tiles = _tile_boxes(root)
    markers = _marker_boxes(root)
    assert len(tiles) == len(line)
    boxes = tiles + markers
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not _overlap(a, b), f"{a} overlaps {b}"
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    for _, x0, y0, x1, y1 in boxes:
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height
    if len(line) == 28:
        # the whole set does not fit in one row: it wraps, and stays wider than tall
        assert len({round((y0 + y1) / 2) for _, x0, y0, x1, y1 in tiles}) >= 2
        assert width < 1000


def test_empty_line_draws_an_opening_slot_and_no_markers() -> None:
    svg = render_svg(Line())
    root = _parse(svg)
    title = root.find("svg:title", NS)
    desc = root.find("svg:desc", NS)
    assert title is not None and title.text == "Tiles: none"
    assert desc is not None and desc.text == Line().describe()
    assert _marker_boxes(root) == []
    assert _tile_boxes(root) == []
    assert 'data-end="open"' in svg


def test_rendering_is_deterministic_and_ids_differ_between_lines() -> None:
    a = _line(SEED_DIAGRAMS["3-4"])
    assert render_svg(a) == render_svg(a.copy())
    b = _line(SEED_DIAGRAMS["4-4"])
    id_a = _parse(render_svg(a)).find("svg:title", NS).get("id")  # type: ignore[union-attr]
    id_b = _parse(render_svg(b)).find("svg:title", NS).get("id")  # type: ignore[union-attr]
    assert id_a != id_b


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="no board description"):
        render_svg(Line(), lang="xx")


def test_line_repr_svg_is_the_drawing() -> None:
    line = _line(SEED_DIAGRAMS["1-1"])
    assert line._repr_svg_() == render_svg(line)
