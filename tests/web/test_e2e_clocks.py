"""End to end, clocks (issue 33, acceptance: "the page shows both clocks and the time left
is read by screen readers on request"): Ana makes a Draw table for two people with a
clock of 1+2 in the lobby; Bo takes his seat from the invitation. Both pages show both
clocks (timers, the running one counted down by the page), "Time left" says every clock in
the page's live region, axe finds nothing on either page, and a phone's screen needs no
horizontal scrolling. Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.web.page_checks import axe_violations
from tests.web.test_e2e import (  # the browser tests' own set-up
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    open_setup,
    overflow,
    shot,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

CLOCK = re.compile(r"\d+:\d\d|\d\.\d")


def sit_two(
    e2e_open: Callable[..., Page], width: int = 1100, height: int = 900
) -> tuple[Page, Page]:
    ana = e2e_open("/", width=width, height=height, seed=7)
    ana.fill("#me-name", "Ana")
    open_setup(ana)
    ana.check("#game-draw")
    ana.select_option("#players", "2")
    ana.select_option("#seat-1-kind", "human")
    assert ana.input_value("#table-clock") == "game"  # the game's own pace, unless chosen
    ana.select_option("#table-clock", "60+2")
    shot(ana, f"clocks-lobby-{width}")
    ana.click("#create")
    ana.wait_for_selector("#invite-1")
    link = ana.input_value("#invite-1")
    ana.click("#take-seat")
    ana.wait_for_selector("#turn")
    bo = e2e_open("/" + link.split("127.0.0.1:")[1].split("/", 1)[1], width=width, height=height)
    bo.wait_for_selector("#claim-form")
    bo.fill("#claim-name", "Bo")
    bo.click("#claim-button")
    bo.wait_for_selector("#turn")
    return ana, bo


def test_both_clocks_are_on_both_pages_and_the_time_left_is_said_on_request(
    e2e_open: Callable[..., Page],
) -> None:
    ana, bo = sit_two(e2e_open)
    for page in (ana, bo):
        wait_for(page, "document.querySelectorAll('#players .clock[role=timer]').length === 2")
        wait_for(page, "document.querySelector('#players .clock.running')")
        figures = page.locator("#players .clock").all_inner_texts()
        assert all(CLOCK.fullmatch(f) for f in figures), figures
    running = ana.locator("#players .clock.running")
    seat = running.get_attribute("data-seat")
    first = running.inner_text()
    # The page counts the running clock down between the server's states.
    wait_for(ana, f"document.querySelector('#players .clock.running').textContent !== '{first}'")
    assert (
        bo.locator(f'#players .clock[data-seat="{seat}"]').get_attribute("data-running") == "true"
    )
    assert bo.locator(f'#players .clock[data-seat="{1 - int(seat or 0)}"]').inner_text() == "1:00"

    bo.click("#time-left-button")
    said = bo.inner_text("#announce")
    assert said.startswith("Time left: ") and "Ana" in said and "Bo" in said, said
    assert ", running" in said
    assert bo.get_attribute("#announce", "aria-live") == "polite"
    for page in (ana, bo):
        assert axe_violations(page) == []
    shot(ana, "clocks-desktop")


def test_the_clocks_fit_a_phone_in_every_language(e2e_open: Callable[..., Page]) -> None:
    ana, _bo = sit_two(e2e_open, width=390, height=844)
    wait_for(ana, "document.querySelectorAll('#players .clock').length === 2")
    names = {"pt_BR": "Tempo restante", "zh_Hans": "剩余时间", "hi": "बचा समय", "en": "Time left"}
    for code, words in names.items():
        ana.select_option("#lang-select", code)
        wait_for(ana, f"document.querySelector('#time-left-button').textContent === '{words}'")
        assert overflow(ana) == 0
        shot(ana, f"clocks-phone-{code}")


def test_a_correspondence_table_shows_days_and_hours_in_the_reader_s_language(
    e2e_open: Callable[..., Page],
) -> None:
    """Issue 39: a table made by correspondence in the lobby (two days a move) shows each
    clock in days and hours by CLDR, in each language, and fits a phone."""
    ana = e2e_open("/", width=390, height=844, seed=7)
    open_setup(ana)
    ana.check("#game-draw")
    ana.select_option("#players", "2")
    ana.select_option("#seat-1-kind", "human")
    label = ana.locator('#table-clock option[value="2d"]').inner_text()
    assert label == "Correspondence: 2 days a move", label
    ana.select_option("#table-clock", "2d")
    ana.click("#create")
    ana.wait_for_selector("#invite-1")
    ana.click("#take-seat")
    ana.wait_for_selector("#turn")
    wait_for(ana, "document.querySelectorAll('#players .clock').length === 2")
    days = {"en": "2d 0h", "pt_BR": "2 dias 0 h", "zh_Hans": "2天 0小时", "hi": "2 दि 0 घं"}
    for code, figure in days.items():
        ana.select_option("#lang-select", code)
        wait_for(ana, f"document.querySelector('#players .clock').textContent === '{figure}'")
        assert overflow(ana) == 0
    shot(ana, "clocks-correspondence-phone-hi")
    assert axe_violations(ana) == []
