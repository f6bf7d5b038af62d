"""End to end, the Fives family in the browser (Debian's Chromium, driven by Playwright): a
person plays a whole hand of All Fives between two against a bot by clicking (one move by
the keyboard); the layout's markers, the Draw and Pass buttons exactly when legal, the
sides, the board and the end of the hand with its arithmetic; axe-core finds no violation
and the page never scrolls sideways. (Fives and Threes in partnerships, on a phone, is
played as whole matches in test_e2e_matches, with the same checks.)"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from pegboard.bots import RandomBot
from pegboard.games import bot_levels, register_bot, unregister_bots
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Errors,
    _free_port,
    e2e_browser,
    no_error_shown,
    open_setup,
    served_in_thread,
    shot,
    tab_to,
    wait_for,
)

__all__ = ["e2e_browser"]  # a fixture this module uses

GAMES = ("all-fives", "fives-and-threes")
HAND_OVER = "document.querySelector('dialog#round-end[open]')"


@pytest.fixture(scope="module")
def fives_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with bots that move at once, thinking in the server's own process (so that
    a random bot registered here for a game that has none yet plays too)."""
    added = [game for game in GAMES if "random" not in bot_levels(game)]
    for game in added:
        register_bot(game, "random", RandomBot)
    database = tmp_path_factory.mktemp("e2e-fives") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        limits=PLAY_LIMITS,
        bot_workers=0,
        seed_source=iter(range(500, 10_000)).__next__,
    )
    try:
        yield from served_in_thread(app, _free_port())
    finally:
        for game in added:
            unregister_bots(game)


def open_table(
    browser: Browser, base: str, game: str, players: int, width: int, height: int
) -> tuple[Page, Errors]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#me-name", "Ana")
    open_setup(page)
    page.check(f"#game-{game}")
    if page.locator("#players").count():
        page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}-kind", "bot")
        page.select_option(f"#seat-{seat}-level", "beginner")
    page.click("#create")  # nobody to invite: the table at once
    page.wait_for_url(re.compile(r"/t/[^/#]+"))  # the seat's key read, kept, then left out
    page.wait_for_selector("#turn")
    return page, errors


def play_one(page: Page, game: str, keyboard: bool) -> str:
    """One move: a tile that fits two ends on a marker of the drawing, else a playable tile,
    else Draw, else Knock/Pass; Draw and Pass are there exactly when no tile fits (F4)."""
    playable = page.locator(".tile-button[aria-disabled=false]")
    if playable.count():
        assert page.locator("#draw-button").count() == 0  # no drawing with a tile to play
        assert page.locator("#pass-button").count() == 0
        two = page.locator('.tile-button[aria-disabled=false]:not([data-ends="1"])')
        tiles = two if two.count() else playable
        tile = tiles.last.get_attribute("data-tile")
        if keyboard:
            tab_to(page, f'.tile-button[data-tile="{tile}"]')
            page.keyboard.press("Enter")
        else:
            tiles.last.click()
        ends = page.locator(".ends button.end")
        if ends.count():
            end = ends.first.get_attribute("data-end")
            if keyboard:  # focus went to the first fitting end
                assert page.evaluate("document.activeElement.classList.contains('end')")
                page.keyboard.press("Enter")
            else:  # the fitting ends light up in the layout: click the marker itself
                page.click(f'#layout .marker.fits[data-end="{end}"]')
            return f"{tile}@{end}"
        return str(tile)
    if page.locator("#draw-button").count():
        assert game == "all-fives", "nothing is drawn in Fives and Threes (F4)"
        page.click("#draw-button")
        return "draw"
    button = page.locator("#pass-button")
    assert button.count() == 1, "no tile fits, no draw, and yet no pass (F4)"
    assert button.inner_text() == ("Pass" if game == "all-fives" else "Knock")
    button.click()
    return "pass"


def play_a_hand(page: Page, game: str, name: str) -> list[str]:
    moves: list[str] = []
    while True:
        wait_for(page, f"{READY} || {HAND_OVER}")
        if page.locator("dialog#round-end[open]").count():
            break
        if page.evaluate("document.body.dataset.turn") == "over":
            break
        no_error_shown(page)
        before = page.evaluate("document.body.dataset.seq")
        moves.append(play_one(page, game, keyboard=len(moves) == 1))
        wait_for(page, f"document.body.dataset.seq !== {before!r} || {HAND_OVER}")
        if len(moves) == 2:
            assert page.locator("#last-play").count() == 1
            assert axe_violations(page) == []
            assert horizontal_overflow(page) <= 0
            shot(page, f"{name}-in-progress")
        assert len(moves) < 60, "a hand cannot last this long"
    return moves


def check_hand_end(page: Page) -> None:
    """Every hand revealed, each count the pips of its tiles, the end's arithmetic."""
    wait_for(page, HAND_OVER)
    rows = page.locator("#revealed tbody tr")
    assert rows.count() >= 2
    for row in range(rows.count()):
        cells = rows.nth(row)
        tiles = [c.get_attribute("data-tile") or "" for c in cells.locator(".tile-chip").all()]
        pips = sum(int(n) for tile in tiles for n in tile.split("-"))
        assert int(cells.locator("td.pips").inner_text()) == pips
    assert page.locator("#round-end .summary").count() >= 1
    assert page.locator("#arithmetic li").count() >= 1


def board_scores(page: Page) -> list[int]:
    fronts = page.locator("#track circle.peg.front")
    return [int(fronts.nth(i).get_attribute("data-score") or -1) for i in range(fronts.count())]


def side_scores(page: Page) -> list[int]:
    sides = page.locator("#sides .side-score")
    return [int(sides.nth(i).get_attribute("data-score") or -1) for i in range(sides.count())]


def test_f4_f8_a_person_plays_a_whole_hand_of_all_fives_for_two_by_clicking(
    e2e_browser: Browser, fives_base_url: str
) -> None:
    """All Fives between two (the only table of the family with a boneyard to draw from:
    at four the whole set is dealt), a hand to its end on a desktop. Fives and Threes at
    four on a phone, its sides, F4's Knock and every hand's end are checked in the whole
    matches of test_e2e_matches (``Looks``)."""
    game, players = "all-fives", 2
    page, errors = open_table(e2e_browser, fives_base_url, game, players, 1100, 900)
    try:
        name = f"{game}-1100"
        assert page.locator("#sides .side-name").all_inner_texts() == [
            "You",
            "Leo (Beginner bot)",
        ]
        assert page.locator("#layout svg[role=img]").count() == 1
        assert axe_violations(page) == []
        moves = play_a_hand(page, game, name)
        assert moves, "the hand ended before the person played"
        if page.evaluate("document.body.dataset.turn") != "over":
            check_hand_end(page)
            assert axe_violations(page) == []
            assert horizontal_overflow(page) <= 0
            shot(page, f"{name}-hand-end")
            page.click("#continue-button")
        # The scores are pegged on the board as the sides have them.
        assert board_scores(page) == side_scores(page)
        assert len(page.locator("#hands tbody tr").all()) >= 1
    finally:
        page.context.close()
    assert errors.items == []
