"""End to end, "try it" on the All Fives and Fives and Threes rules pages in Debian's
Chromium (Playwright, the browser tests' own set-up in tests/web/test_e2e.py): a tile of
the hand placed on the diagram's layout shows the engine's ends total and the points it
scores under the page's game, the drawing and its description redrawn; a tile that fits no
end is refused naming F5, nothing changed; the keyboard alone reaches it; axe-core finds no
violation; at phone width nothing scrolls sideways; without JavaScript the box stays hidden.

The app is served by uvicorn on a loopback port of 18400-18419, on a temporary database.
Screenshots go to build/e2e/ (rules-fives-try-zh.png...).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

from pegboard.fives import End, Tile
from pegboard.fives.looks.rules_diagrams import ALL_FIVES_DIAGRAMS, build_layout
from pegboard.i18n import translator
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS, port_in
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import WAIT_MS, Errors, e2e_browser, served_in_thread, shot, tab_to

__all__ = ["e2e_browser"]  # a fixture this module uses

PORTS = range(18400, 18420)


@pytest.fixture(scope="module")
def fives_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("e2e-rules-fives") / "pegboard.db"
    app = create_app(f"sqlite:///{database}", bot_delay=0, bot_workers=0, limits=PLAY_LIMITS)
    yield from served_in_thread(app, port_in(PORTS))


@pytest.fixture
def open_page(e2e_browser: Browser, fives_base: str) -> Iterator[Any]:
    """open(path, width=1000, height=900, refusals=0): the page; the browser's log may hold
    exactly ``refusals`` 422s (the refusals the test asks for) and nothing else."""
    contexts = []
    errors = Errors()
    expected = {"refusals": 0}

    def open_(path: str, width: int = 1000, height: int = 900, refusals: int = 0) -> Page:
        context = e2e_browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        errors.watch(page)
        expected["refusals"] += refusals
        page.goto(fives_base + path)
        return page

    yield open_
    for context in contexts:
        context.close()
    refused = "the server responded with a status of 422"
    assert [e for e in errors.items if refused not in e] == []
    assert len([e for e in errors.items if refused in e]) == expected["refusals"]


def test_f5_f7_all_fives_try_scores_a_multiple_of_five_and_refuses_naming_f5(
    open_page: Any,
) -> None:
    page = open_page("/rules/all-fives?lang=zh", refusals=1)
    figure = page.locator(f"#{ALL_FIVES_DIAGRAMS[0].ident}")
    expect(figure.locator(".try")).to_be_visible()
    # [4|6] fits neither the 2 nor the spinner's 5: refused, naming F5, nothing redrawn.
    before = figure.locator(".diagram-desc").inner_text()
    figure.locator(".tray button", has_text="[4|6]").click()
    figure.locator('.ends button[data-end="2-5L"]').click()
    expect(figure.locator(".try-status")).to_contain_text("F5")
    expect(figure.locator(".try-status")).to_contain_text("[4|6]")
    expect(figure.locator(".diagram-desc")).to_have_text(before)
    # [3|5] on the spinner's free side: ends 2 + 3 = 5, five points.
    figure.locator(".tray button", has_text="[3|5]").click()
    figure.locator("svg .marker[data-end='5-5B']").click()  # the marker in the drawing
    layout = build_layout(ALL_FIVES_DIAGRAMS[0])
    layout.play(Tile.parse("3-5"), End.parse("5-5B"))
    _ = translator("zh")
    caption = figure.locator(".diagram-caption")
    expect(caption).to_contain_text("2 + 3 = 5")
    expect(caption).to_contain_text(
        _.ngettext("{points} point", "{points} points", 5).format(points=5)
    )
    expect(figure.locator(".diagram-desc")).to_have_text(layout.describe("zh"))
    expect(figure.locator(".try-status")).to_contain_text("2 + 3 = 5")
    expect(figure.locator(".tray button", has_text="[3|5]")).to_have_count(0)  # placed
    assert figure.locator("svg .marker[data-end='5-5C']").count() == 1  # its ends now open
    shot(page, "rules-fives-try-zh")
    assert axe_violations(page) == []
    figure.locator(".reset").click()
    expect(figure.locator(".diagram-desc")).to_have_text(before)


def test_fives_and_threes_try_by_keyboard_at_phone_width(open_page: Any) -> None:
    page = open_page("/rules/fives-and-threes?lang=en", width=390, height=844)
    figure = page.locator("#f-threes-15")
    expect(figure.locator(".try")).to_be_visible()
    # [3|3] on the 3: ends 6 + 12 = 18, divisible by three: 6 points, by keys alone.
    tab_to(page, "#f-threes-15 .tray button[data-tile='3-3']")
    page.keyboard.press("Enter")
    tab_to(page, "#f-threes-15 .ends button[data-end='3-6L']")
    page.keyboard.press("Enter")
    caption = figure.locator(".diagram-caption")
    expect(caption).to_contain_text("6 + 12 = 18, divisible by three: 6 points")
    assert horizontal_overflow(page) <= 0
    shot(page, "rules-fives-try-en-390")
    assert axe_violations(page) == []


def test_without_javascript_the_try_box_stays_hidden(e2e_browser: Browser, fives_base: str) -> None:
    context = e2e_browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(fives_base + "/rules/fives-and-threes?lang=hi")
        expect(page.locator("h1")).to_have_count(1)
        assert page.locator(".try").first.is_hidden()
        expect(page.locator("#f-threes-15 .diagram-desc")).not_to_be_empty()
    finally:
        context.close()
