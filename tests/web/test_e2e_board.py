"""End to end, the line on its board (issue 35, defect 2): a long line of Draw and a long
layout of All Fives, 20 tiles each (seeded), drawn by the games' own page modules into a
real table's page at 390 and 1280 px wide: every open end's marker lies inside the
board's box and inside the window, with no scrolling inside the board or sideways; the
screen-reader description (B1-B5) is the server's."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from playwright.sync_api import Page

from pegboard.dominoes.actions import Play
from pegboard.dominoes.board import line_board
from pegboard.dominoes.line import Line
from pegboard.dominoes.svg import render_svg
from pegboard.dominoes.tiles import Tile
from pegboard.draw.looks.web import draw_view as draw_look
from pegboard.draw.match import Match as DrawMatch
from pegboard.fives.layout import Layout
from pegboard.fives.svg import layout_board, render_layout_svg
from pegboard.i18n import translator
from tests.web.page_checks import horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    create_table,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

SHOTS = Path("/tmp/line35-shots")
TILES = 20
L = TypeVar("L", bound=Line)
ALL_TILES = [Tile(low, high) for high in range(7) for low in range(high + 1)]


def seeded_line(make: Callable[[], L], seed: int) -> L:
    """A line of TILES tiles, each played on a random open end it fits (seeded); the
    first seed from ``seed`` that gets that far."""
    for attempt in range(seed, seed + 1000):
        rng = random.Random(attempt)
        line = make()
        stock = ALL_TILES.copy()
        rng.shuffle(stock)
        line.play(stock.pop())
        while len(line) < TILES:
            moves = [
                (tile, end) for tile in stock for end in line.open_ends() if line.fits(tile, end)
            ]
            if not moves:
                break
            tile, end = rng.choice(moves)
            stock.remove(tile)
            line.play(tile, end)
        if len(line) == TILES:
            return line
    raise AssertionError("no seeded line of 20 tiles")


def draw_view(line: Line) -> dict[str, Any]:
    return {
        "game": "draw",
        "seat": 0,
        "your_turn": False,
        "hand": [],
        "hand_sizes": [0, 0],
        "plays": {},
        "stock": 0,
        "line_svg": render_svg(line, lang="en"),
        "line_board": line_board(line),
    }


def fives_view(layout: Layout) -> dict[str, Any]:
    return {
        "game": "all-fives",
        "seat": 0,
        "your_turn": False,
        "hand": [],
        "hand_sizes": [0, 0],
        "plays": {},
        "boneyard": 0,
        "sides": [],
        "words": {},
        "layout_svg": render_layout_svg(layout, lang="en"),
        "layout_board": layout_board(layout),
    }


# The page module draws the view into the table's own game area, as the table does; a ui
# that plays nothing (the view has no hand).
SHOW = """async ([module, view]) => {
  const page = await import(module);
  const ui = { selected: null, picked: [], select() {}, play() {}, act() {}, notice() {}, hintButton: () => null };
  document.querySelector(".game").replaceWith(page.render(view, ui));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""

# Each open end's marker against the board's box and the window (after the board is
# scrolled into view: the page may scroll down to it, the board itself never scrolls).
MEASURE = """(selector) => {
  const board = document.querySelector(selector);
  board.scrollIntoView({ block: "nearest" });
  const box = board.getBoundingClientRect();
  const markers = [...board.querySelectorAll("svg .marker")].map((marker) => {
    const r = marker.getBoundingClientRect();
    return { end: marker.dataset.end, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
  return {
    box: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    window: { width: innerWidth, height: innerHeight },
    scrolls: board.scrollWidth > board.clientWidth + 1 || board.scrollHeight > board.clientHeight + 1,
    markers,
    desc: board.querySelector("svg desc").textContent,
  };
}"""


def outside(measured: dict[str, Any]) -> list[str]:
    """The markers not wholly inside the board's box and the window."""
    box, window = measured["box"], measured["window"]
    wrong = []
    for marker in measured["markers"]:
        inside_box = (
            marker["left"] >= box["left"] - 0.5
            and marker["right"] <= box["right"] + 0.5
            and marker["top"] >= box["top"] - 0.5
            and marker["bottom"] <= box["bottom"] + 0.5
        )
        inside_window = (
            marker["left"] >= 0
            and marker["top"] >= 0
            and marker["right"] <= window["width"]
            and marker["bottom"] <= window["height"]
        )
        if not (inside_box and inside_window):
            wrong.append(f"{marker['end']} at {marker} (board {box}, window {window})")
    return wrong


def test_every_open_end_of_a_20_tile_line_is_inside_the_board(
    e2e_open: Callable[..., Page],
) -> None:
    """On a desktop, then on a phone (the same page, its window made phone-sized: the
    boards are drawn again at each size)."""
    page = e2e_open(width=1280, height=900, seed=5)
    create_table(page)
    wait_for(page, READY)
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("innerWidth") == width
        check_20_tile_boards(page, width)


def check_20_tile_boards(page: Page, width: int) -> None:
    cases = [
        ("/static/games/draw.js", draw_view(seeded_line(Line, 1)), "#line", "draw"),
        (
            "/static/games/fives.js",
            fives_view(seeded_line(lambda: Layout(spinner=True), 1)),
            "#layout",
            "all-fives",
        ),
    ]
    SHOTS.mkdir(parents=True, exist_ok=True)
    for module, view, selector, name in cases:
        page.evaluate(SHOW, [module, view])
        measured = page.evaluate(MEASURE, selector)
        page.screenshot(path=str(SHOTS / f"board-{name}-{width}.png"))
        assert len(measured["markers"]) >= 2, f"{name}: the open ends have no markers"
        assert outside(measured) == [], f"{name} at {width} px: markers outside the board"
        assert not measured["scrolls"], f"{name} at {width} px: the board scrolls"
        assert horizontal_overflow(page) <= 0, f"{name} at {width} px: the page scrolls sideways"
        described = (view.get("line_svg") or view["layout_svg"]).split("<desc")[1]
        assert measured["desc"] in described, "the description (B1-B5) is the server's"


# -- choosing an end (defect 6) ---------------------------------------------------------------


def lone_double_view() -> dict[str, Any]:
    """The server's own view for the seat to play after the round opened with a lone
    double (the first seeded deal where the leader holds one and the other seat fits it)."""
    for seed in range(500):
        match = DrawMatch(2, seed=seed)
        doubles = [a for a in match.legal_actions() if isinstance(a, Play) and a.tile.is_double]
        if not doubles:
            continue
        match.apply(doubles[0])
        if any(isinstance(a, Play) for a in match.legal_actions()):
            seat = match.current_player
            assert seat is not None
            return draw_look(match, seat, translator("en"), ["Ana", "Bo"])
    raise AssertionError("no seeded deal opens with a double another seat fits")


# The page module with the view, and a ui that keeps what is played (window.played).
SHOW_PLAYABLE = """async ([module, view]) => {
  const page = await import(module);
  window.played = [];
  const ui = {
    selected: null, picked: [], act() {}, notice() {}, hintButton: () => null,
    play(action) { window.played.push(action); },
    select(tile) { ui.selected = tile; document.querySelector(".game").replaceWith(page.render(view, ui)); },
  };
  document.querySelector(".game").replaceWith(page.render(view, ui));
}"""


def test_d5_d9_a_lone_double_is_one_choice(e2e_open: Callable[..., Page]) -> None:
    page = e2e_open(width=1280, height=900, seed=5)
    create_table(page)
    wait_for(page, READY)
    view = lone_double_view()
    page.evaluate(SHOW_PLAYABLE, ["/static/games/draw.js", view])
    playable = page.locator(".tile-button.playable")
    assert playable.count() >= 1
    assert [b.get_attribute("data-ends") for b in playable.all()] == ["1"] * playable.count()
    assert page.locator("#line svg .marker").count() == 1, "one marker on a lone double"
    tile = playable.first.get_attribute("data-tile")
    playable.first.click()
    assert page.locator(".ends button.end").count() == 0, "no choice of ends to make"
    assert page.evaluate("window.played") == [f"{tile}@{view['plays'][tile][0]}"]


def wait_for_move(page: Page, before: str) -> None:
    wait_for(page, f"document.body.dataset.seq !== {before!r}")
    wait_for(page, READY)


def next_two_ended_tile(page: Page) -> str:
    """Plays (the last playable tile, else draw, else pass) until a tile fits two ends."""
    for _ in range(60):
        wait_for(page, READY)
        two = page.locator('.tile-button[data-ends="2"]')
        if two.count():
            return str(two.last.get_attribute("data-tile"))
        before = str(page.evaluate("document.body.dataset.seq"))
        tiles = page.locator(".tile-button[aria-disabled=false]")
        if tiles.count():
            tiles.last.click()
        elif page.is_enabled("#draw-button"):
            page.click("#draw-button")
        else:
            page.click("#pass-button")
        wait_for_move(page, before)
    raise AssertionError("no tile fit two ends in 60 moves")


def test_d5_an_end_is_chosen_on_the_board_by_a_click_or_by_dragging_the_tile(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open(width=1280, height=900, seed=5)
    create_table(page)
    # A click on the tile, then on its glowing end (the right one) on the board.
    tile = next_two_ended_tile(page)
    page.click(f'.tile-button[data-tile="{tile}"]')
    ends = page.locator("#line .ends button.end")
    assert ends.count() == 2
    words = [str(end.text_content()) for end in ends.all()]
    assert any(w.endswith("on the left") for w in words), words
    assert any(w.endswith("on the right") for w in words), words
    before = str(page.evaluate("document.body.dataset.seq"))
    page.click('#line .ends button.end[data-arm="right"]')
    wait_for(page, f"document.querySelector('#line .slide[data-arm=right] [data-tile=\"{tile}\"]')")
    wait_for_move(page, before)
    # Dragged from the hand onto the glowing left end: played there, as a click would.
    tile = next_two_ended_tile(page)
    source = page.locator(f'.tile-button[data-tile="{tile}"]').bounding_box()
    assert source is not None
    before = str(page.evaluate("document.body.dataset.seq"))
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(source["x"] + 40, source["y"] - 40, steps=4)  # the ends light up
    target = page.locator('#line .ends button.end[data-arm="left"]').bounding_box()
    assert target is not None
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    page.mouse.up()
    wait_for(page, f"document.querySelector('#line .slide[data-arm=left] [data-tile=\"{tile}\"]')")
    wait_for_move(page, before)
