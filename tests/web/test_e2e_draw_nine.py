"""End to end, partnership Draw on the double-nine set in the browser (Debian's Chromium,
driven by Playwright): a person sets up Draw for four with the lobby's "Partnerships" and
"Domino set" options, plays a whole round against three bots by clicking on a phone-sized
screen (360 x 740) and on a desktop; the hand shows tiles of 7, 8 and 9 pips, each drawn
with as many pips as its number; axe-core finds no violation and the page never scrolls
sideways (D21-D27)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import READY, WAIT_MS, Errors, e2e_browser, open_setup, shot, wait_for
from tests.web.test_e2e_draw_partners import ROUND_OVER, play_one
from tests.web.test_e2e_fives import fives_base_url

__all__ = ["e2e_browser", "fives_base_url"]  # fixtures used here


def open_nine_table(browser: Browser, base: str, width: int, height: int) -> tuple[Page, Errors]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#me-name", "Ana")
    open_setup(page)
    page.check("#game-draw")
    page.select_option("#players", "4")
    page.select_option("#partnerships", "1")
    page.select_option("#set", "9")
    for seat in range(1, 4):
        page.select_option(f"#seat-{seat}-kind", "bot")
        page.select_option(f"#seat-{seat}-level", "beginner")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    return page, errors


def hand_pips(page: Page) -> list[tuple[str, int]]:
    """Each tile of the hand: its name ("[7|9]") and the pips its drawing holds."""
    return page.eval_on_selector_all(
        ".tile-button",
        "buttons => buttons.map(b => [b.getAttribute('aria-label') || b.textContent,"
        " b.querySelectorAll('svg circle').length])",
    )


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1100, 900)])
def test_d25_a_person_plays_a_double_nine_partnership_round_by_clicking(
    e2e_browser: Browser, fives_base_url: str, width: int, height: int
) -> None:
    page, errors = open_nine_table(e2e_browser, fives_base_url, width, height)
    try:
        wait_for(page, f"{READY} || {ROUND_OVER}")
        assert page.locator(".tile-button").count() == 7  # D26: 7 each at four
        seen_high = False
        for name, pips in hand_pips(page):
            tile = re.search(r"\[(\d)\|(\d)\]", name)
            assert tile is not None, name
            assert pips == int(tile.group(1)) + int(tile.group(2)), name
            seen_high = seen_high or int(tile.group(2)) >= 7
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"draw-nine-{width}")
        moves = 0
        while not page.locator("dialog#round-end[open]").count():
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            for name, pips in hand_pips(page):
                tile = re.search(r"\[(\d)\|(\d)\]", name)
                assert tile is not None and pips == int(tile.group(1)) + int(tile.group(2))
                seen_high = seen_high or int(tile.group(2)) >= 7
            before = page.evaluate("document.body.dataset.seq")
            play_one(page)
            moves += 1
            wait_for(page, f"document.body.dataset.seq !== {before!r} || {ROUND_OVER}")
            wait_for(page, f"{READY} || {ROUND_OVER}")
            assert moves < 90, "a round cannot last this long"
        assert seen_high  # the hand held a tile of 7, 8 or 9 at some point
        wait_for(page, ROUND_OVER)
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"draw-nine-{width}-round-end")
    finally:
        page.context.close()
    assert errors.items == []
