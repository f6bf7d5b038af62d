"""End to end, partnership Draw in the browser (Debian's Chromium, driven by Playwright):
a person sets up Draw for four with the lobby's "Partnerships" option, plays a whole round
against three bots by clicking on a phone-sized screen (360 x 740) and on a desktop; the
partner's card says "Your partner", every card its side, the side list the sides' scores;
the round's end names both partners; axe-core finds no violation and the page never
scrolls sideways (D21-D24)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import READY, WAIT_MS, Errors, e2e_browser, open_setup, shot, wait_for
from tests.web.test_e2e_fives import fives_base_url

__all__ = ["e2e_browser", "fives_base_url"]  # fixtures used here

ROUND_OVER = "document.querySelector('dialog#round-end[open]')"


def open_partners_table(
    browser: Browser, base: str, width: int, height: int
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
    page.check("#game-draw")
    page.select_option("#players", "4")
    page.select_option("#partnerships", "1")
    for seat in range(1, 4):
        page.select_option(f"#seat-{seat}-kind", "bot")
        page.select_option(f"#seat-{seat}-level", "beginner")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    return page, errors


def play_one(page: Page) -> None:
    """A playable tile (on its first end when it fits two), else draw, else pass."""
    playable = page.locator(".tile-button[aria-disabled=false]")
    if playable.count():
        playable.last.click()
        ends = page.locator(".ends button.end")
        if ends.count():
            ends.first.click()
        return
    if page.locator("#draw-button:not([disabled])").count():
        page.click("#draw-button")
        return
    page.click("#pass-button")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1100, 900)])
def test_d21_a_person_plays_a_partnership_round_of_draw_by_clicking(
    e2e_browser: Browser, fives_base_url: str, width: int, height: int
) -> None:
    page, errors = open_partners_table(e2e_browser, fives_base_url, width, height)
    try:
        wait_for(page, f"{READY} || {ROUND_OVER}")
        sides = page.locator("#sides li").all_inner_texts()
        assert len(sides) == 2
        assert sides[0].startswith("You and ") and " and " in sides[1]
        partners = page.locator(".partner-badge")
        assert partners.count() == 1 and partners.inner_text() == "Your partner"
        assert page.locator(".side-badge").count() == 4
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"draw-partners-{width}")
        moves = 0
        while not page.locator("dialog#round-end[open]").count():
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            before = page.evaluate("document.body.dataset.seq")
            play_one(page)
            moves += 1
            wait_for(page, f"document.body.dataset.seq !== {before!r} || {ROUND_OVER}")
            wait_for(page, f"{READY} || {ROUND_OVER}")
            assert moves < 60, "a round cannot last this long"
        wait_for(page, ROUND_OVER)
        settlement = page.locator("#round-end #settlement").inner_text()
        # a side's points name both partners (D22, D23); equal sides score nothing
        assert " and " in settlement or settlement == "Nobody scores this round."
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"draw-partners-{width}-round-end")
    finally:
        page.context.close()
    assert errors.items == []
